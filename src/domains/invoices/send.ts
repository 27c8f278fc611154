import { eq } from "drizzle-orm";
import type { Command, CommandContext, ExternalStep, Statement } from "../../commands/plan";
import type { Database } from "../../db/client";
import type { Env } from "../../env";
import { invoices } from "../../db/schema";
import { ApiError } from "../../errors/api-error";
import { fromOre } from "../../money";
import type { loadCompany } from "../companies";
import { loadCustomer } from "../customers";
import { archiveIssuedPdf, type ArchivedPdf } from "./archive";
import { emailConfigured, sendInvoiceEmail } from "./email";
import { Issuer, issuedPlan, planIssue, type Issued } from "./issue";
import { itemsOfInvoice, loadInvoice } from "./queries";

/**
 * draft -> sent by email (spec: send). The number, the sale's entry (accrual) and
 * the archived PDF commit in one batch; then the email goes out. If the provider
 * fails, the entry is reversed by a storno, the invoice returns to draft keeping
 * its number (a retry sends it under the same number, so the series has no gap),
 * and the answer is INVOICE_SEND_PROVIDER_FAILED.
 * Rule order: INVOICE_SEND_CANCELLED > INVOICE_ALREADY_SENT > INVOICE_SEND_NO_CUSTOMER_EMAIL >
 * INVOICE_SEND_EMAIL_NOT_CONFIGURED > issuing's rules > INVOICE_SEND_PDF_RENDER_FAILED.
 */
export const sendInvoice: Command<{ id: string }> = async (db, input, ctx, env) => {
  const row = await loadInvoice(db, ctx.companyId, input.id);
  if (row.status === "cancelled") throw new ApiError("INVOICE_SEND_CANCELLED", { id: row.id });
  if (row.status !== "draft")
    throw new ApiError("INVOICE_ALREADY_SENT", { id: row.id, status: row.status, invoice_number: row.invoiceNumber });
  const customer = await loadCustomer(db, ctx.companyId, row.customerId);
  if (!customer.email) throw new ApiError("INVOICE_SEND_NO_CUSTOMER_EMAIL", { customer_id: customer.id });
  if (!emailConfigured(env)) throw new ApiError("INVOICE_SEND_EMAIL_NOT_CONFIGURED", null);
  const issuer = new Issuer(db, ctx);
  const items = await itemsOfInvoice(db, row.id);
  const issued = await planIssue(db, ctx, row, items, issuer);
  // The PDF is archived with the sale (BFL 7 kap): its file and its row are steps of this plan.
  const pdf = await archiveIssuedPdf(db, ctx, issued.row, "invoice_send", { items, company: await issuer.company() });
  issued.row.pdfDocumentId = pdf.documentId;
  const base = issuedPlan(db, issued, "invoice.sent");
  return {
    status: 200,
    ...base,
    data: { ...base.data, document_id: pdf.documentId },
    statements: [...base.statements, ...pdf.statements],
    files: [pdf.file],
    external: emailIssuedInvoice(db, ctx, env, { issued, pdf, customer, company: await issuer.company() }),
  };
};

/**
 * The email of an issued invoice (send, an interest invoice sent at once), the plan's external
 * step: run after the batch that issued it. If the provider fails, the compensation reverses
 * the sale's entry by a storno and returns the invoice to draft keeping its number (a retry of
 * send issues it again under the same number, so the series has no gap), and the answer is
 * INVOICE_SEND_PROVIDER_FAILED.
 */
export function emailIssuedInvoice(
  db: Database,
  ctx: CommandContext,
  env: Env,
  args: {
    issued: Issued;
    pdf: ArchivedPdf;
    customer: Awaited<ReturnType<typeof loadCustomer>>;
    company: Awaited<ReturnType<typeof loadCompany>>;
  },
): ExternalStep {
  const { issued, pdf, customer } = args;
  const { companies: company, company_settings: settings } = args.company;
  const r = issued.row;
  return {
    run: () =>
      sendInvoiceEmail(env, {
        to: customer.email!,
        fromName: settings.emailSenderName ?? company.name,
        replyTo: settings.emailReplyTo,
        subject: `Faktura ${r.invoiceNumber} från ${company.name}`,
        text: [
          `Hej ${customer.contactName ?? customer.name},`,
          "",
          `Här kommer faktura ${r.invoiceNumber} på ${fromOre(r.totalOre)} ${r.currency}, att betala senast ${r.dueDate}.`,
          "",
          `Med vänlig hälsning`,
          company.name,
        ].join("\n"),
        attachment: { fileName: pdf.fileName, bytes: pdf.bytes },
      }),
    compensate: async (cause) => {
      const statements: Statement[] = [
        db
          .update(invoices)
          .set({ status: "draft", sentAt: null, journalEntryId: null, pdfDocumentId: null, updatedAt: ctx.now })
          .where(eq(invoices.id, r.id)),
      ];
      let reversalId: string | null = null;
      if (issued.entry) {
        const ledger = ctx.ledger;
        const period = await ledger.loadPeriod(issued.entry.row.fiscalPeriodId);
        const reversal = await ledger.reverse(
          issued.entry.row,
          issued.entry.lines,
          issued.entry.row.entryDate,
          period,
          `Återföring: faktura ${r.invoiceNumber} kunde inte skickas`,
        );
        statements.push(...reversal.statements);
        reversalId = reversal.row.id;
      }
      return {
        statements,
        action: "invoice.send_failed",
        error: new ApiError("INVOICE_SEND_PROVIDER_FAILED", {
          step: "email",
          provider_error: String(cause instanceof Error ? cause.message : cause),
          invoice_number: r.invoiceNumber,
          reversal_entry_id: reversalId,
        }),
      };
    },
  };
}
