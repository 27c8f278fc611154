import { type CommandContext, type ExternalStep, type Plan, type Reads, withReads } from "../../commands/plan";
import type { Database } from "../../db/client";
import type { Env } from "../../env";
import { ApiError } from "../../errors/api-error";
import { validatePeppol } from "../../formats/peppol";
import { ublInvoiceXml } from "../../formats/peppol/ubl-invoice";
import { fromOre } from "../../money";
import { companyOf, companyRead, type loadCompany } from "../companies";
import { customerOf, customerRead, type loadCustomer } from "../customers";
import { type ArchivedPdf, archiveIssuedPdf } from "./archive";
import { emailConfigured, sendMail } from "../../mail";
import { type Issued, Issuer, issuedPlan, planIssue } from "./issue";
import { peppolDocumentOf } from "./peppol";
import { planSendUndo } from "./send-compensation";
import { planPeppolDelivery } from "./peppol-delivery";
import { peppolDeliveryJson } from "./peppol-delivery-json";
import {
  customerIdOfInvoice,
  type InvoiceItemRow,
  type InvoiceRow,
  invoiceOf,
  invoiceRead,
  itemsRead,
} from "./queries";

const errorText = (cause: unknown) => String(cause instanceof Error ? cause.message : cause);

type Company = Awaited<ReturnType<typeof loadCompany>>;
type Customer = Awaited<ReturnType<typeof loadCustomer>>;
export type SendChannel = "peppol" | "email";

/**
 * How the invoice goes out: by Peppol when the customer wants e-invoices and the company has
 * an access point; else by email. A customer who wants e-invoices, with no access point and
 * no email address, has no channel (INVOICE_SEND_NO_CHANNEL: the document can still be
 * downloaded from GET .../peppol after mark-sent).
 */
function channelFor(customer: Customer, { company_settings: s }: Company, invoiceId: string): SendChannel {
  if (customer.eInvoice && s.peppolAccessPointUrl) return "peppol";
  if (customer.email) return "email";
  if (customer.eInvoice)
    throw new ApiError("INVOICE_SEND_NO_CHANNEL", {
      customer_id: customer.id,
      e_invoice: true,
      access_point: false,
      peppol_document: `/api/v1/companies/${customer.companyId}/invoices/${invoiceId}/peppol`,
    });
  throw new ApiError("INVOICE_SEND_NO_CUSTOMER_EMAIL", { customer_id: customer.id });
}

/**
 * draft -> sent (spec: send), by the customer's channel (`channelFor`). The number, the sale's
 * entry (accrual) and the archived PDF commit in one batch, and then:
 * - email: the PDF is emailed (the plan's external step). If the provider fails, the entry is
 *   reversed by a storno, the invoice returns to draft keeping its number (a retry sends it
 *   under the same number, so the series has no gap), and the answer is INVOICE_SEND_PROVIDER_FAILED.
 * - peppol: the Peppol document, validated (a fatal finding refuses the send:
 *   INVOICE_PEPPOL_DOCUMENT_INVALID), is stored and its delivery row written in the same batch;
 *   the access point is called by the queue after the commit (peppol-delivery.ts), never here.
 * Rule order: INVOICE_SEND_CANCELLED > INVOICE_ALREADY_SENT > INVOICE_SEND_NO_CHANNEL /
 * INVOICE_SEND_NO_CUSTOMER_EMAIL > INVOICE_SEND_EMAIL_NOT_CONFIGURED (email) > issuing's rules >
 * INVOICE_SEND_PDF_RENDER_FAILED > the Peppol document's refusals (peppol).
 */
export const sendInvoice = withReads({
  name: "sendInvoice",
  reads: sendReads,
  plan: async (db, input, ctx, env, read) => {
    const row = invoiceOf(read!.row, input.id);
    if (row.status === "cancelled") throw new ApiError("INVOICE_SEND_CANCELLED", { id: row.id });
    if (row.status !== "draft")
      throw new ApiError("INVOICE_ALREADY_SENT", { id: row.id, status: row.status, invoice_number: row.invoiceNumber });
    const customer = customerOf(read!.customer, row.customerId);
    const company = companyOf(read!.company, ctx.companyId);
    const { items } = read!;
    const channel = channelFor(customer, company, row.id);
    if (channel === "email" && !emailConfigured(env)) throw new ApiError("INVOICE_SEND_EMAIL_NOT_CONFIGURED", null);
    const issued = await planIssue(db, ctx, row, items, new Issuer(db, ctx, company));
    // The PDF is archived with the sale (BFL 7 kap): its file and its row are steps of this plan.
    const pdf = await archiveIssuedPdf(db, ctx, issued.row, "invoice_send", { items, company, customer });
    issued.row.pdfDocumentId = pdf.documentId;
    return channel === "peppol"
      ? await peppolSendPlan(db, ctx, env, issued, pdf, { items, company, customer })
      : emailSendPlan(db, ctx, env, issued, pdf, company, customer);
  },
});

/**
 * What a send reads, declared so the runner sends it in one round trip before the rules:
 * the invoice, its customer (named by the invoice's row, through a subquery), the company
 * with its settings, and the invoice's items. Each is read once; the PDF and the Peppol
 * document are built from these.
 */
function sendReads(
  db: Database,
  input: { id: string },
  ctx: CommandContext,
): Reads<{ row?: InvoiceRow; customer?: Customer; company?: Company; items: InvoiceItemRow[] }> {
  return {
    statements: [
      invoiceRead(db, ctx.companyId, input.id),
      customerRead(db, ctx.companyId, customerIdOfInvoice(db, ctx.companyId, input.id)),
      companyRead(db, ctx.companyId),
      itemsRead(db, input.id),
    ],
    value: (results) => {
      const [rows, customers, companies, items] = results as [InvoiceRow[], Customer[], Company[], InvoiceItemRow[]];
      return { row: rows[0], customer: customers[0], company: companies[0], items };
    },
  };
}

/**
 * The issue, the archived PDF, the validated Peppol document (R2) and its pending delivery row
 * in one batch; the queue's job attempts it after the commit. The document embeds the PDF
 * being archived, so it is the issued invoice's own copy.
 */
async function peppolSendPlan(
  db: Database,
  ctx: CommandContext,
  env: Env,
  issued: Issued,
  pdf: ArchivedPdf,
  read: { items: InvoiceItemRow[]; company: Company; customer: Customer },
): Promise<Plan> {
  const doc = await peppolDocumentOf(env, db, issued.row, ctx.now, pdf.bytes, read);
  const xml = ublInvoiceXml(doc);
  const { fatal } = validatePeppol(xml);
  if (fatal.length)
    throw new ApiError("INVOICE_PEPPOL_DOCUMENT_INVALID", {
      id: issued.row.id,
      fatal: fatal.map((f) => ({ id: f.id, text: f.text, location: f.location })),
    });
  const delivery = planPeppolDelivery(db, ctx, {
    invoiceId: issued.row.id,
    xml,
    kind: doc.kind,
    receiverId: `${doc.buyer.endpoint.scheme}:${doc.buyer.endpoint.value}`,
    senderId: `${doc.seller.endpoint.scheme}:${doc.seller.endpoint.value}`,
  });
  const base = issuedPlan(db, issued, "invoice.sent");
  return {
    status: 200,
    ...base,
    data: {
      ...base.data,
      document_id: pdf.documentId,
      channel: "peppol",
      peppol_delivery: peppolDeliveryJson(delivery.row),
    },
    statements: [...base.statements, ...pdf.statements, ...delivery.statements],
    files: [pdf.file, delivery.file],
    afterCommit: [delivery.job],
  };
}

/** The issue and the archived PDF in one batch, then the email (strict mode, compensated on failure). */
function emailSendPlan(
  db: Database,
  ctx: CommandContext,
  env: Env,
  issued: Issued,
  pdf: ArchivedPdf,
  company: Company,
  customer: Customer,
): Plan {
  const base = issuedPlan(db, issued, "invoice.sent");
  return {
    status: 200,
    ...base,
    data: { ...base.data, document_id: pdf.documentId, channel: "email" },
    statements: [...base.statements, ...pdf.statements],
    files: [pdf.file],
    external: emailIssuedInvoice(db, ctx, env, { issued, pdf, customer, company }),
  };
}

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
      sendMail(env, {
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
    compensate: (cause) => planSendUndo(db, ctx, r, issued.entry, errorText(cause)),
    replay: (cause) => ({
      command: "invoices.compensate_send",
      input: { id: r.id, journal_entry_id: issued.entry?.row.id ?? null, provider_error: errorText(cause) },
    }),
  };
}
