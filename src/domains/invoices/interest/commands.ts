// Interest invoices (räntefakturor): the late-payment interest of an invoice (räntelagen
// 1975:635 6 §) claimed as an invoice of its own. It is numbered in the F series with an OCR
// reference, has one line without VAT (interest is not consideration for a supply), and is
// issued as mark-sent or send issue an invoice: under accrual booked at once Debit 1510 /
// Credit 8313, under the cash method booked when paid; its PDF is archived as issued.
import type { Command, CommandContext } from "../../../commands/plan";
import { invoiceItems, invoices } from "../../../db/schema";
import { ApiError, fieldError } from "../../../errors/api-error";
import { newId } from "../../../ids";
import { addDays } from "../../../sweden/fiscal-year";
import Big from "big.js";
import { loadCustomer } from "../../customers";
import { archiveIssuedPdf } from "../issue/archive";
import { emailIssuedInvoice } from "../send";
import { emailConfigured } from "../../../mail";
import { Issuer, planIssue } from "../issue/commands";
import { interestNotYetInvoiced } from "./queries";
import { invoiceItemJson, invoiceJson, loadInvoice, type InvoiceItemRow, type InvoiceRow } from "../queries";
import type { InvoiceInterestInput } from "../schemas";

/** BAS 2026 8313 Ränteintäkter från kortfristiga fordringar: interest on a customer's late payment. */
export const INTEREST_INCOME_ACCOUNT = "8313";

/**
 * Stored as the line's VAT treatment: interest on late payment is compensation for the
 * creditor's loss, not consideration for a supply of goods or services, and mervärdesskattelagen
 * (2023:200) taxes only supplies for consideration; Skatteverket treats such compensation
 * (betalningspåminnelse, dröjsmålsränta, inkasso) as no supply (prop. 1993/94:99 s. 194, as
 * FAR's Rätt Moms, "Betalningspåminnelse", reports it). No VAT line, and the PDF says why.
 */
const OUTSIDE_SCOPE = "outside_scope";

const VAT_NOTE =
  "Dröjsmålsränta är ersättning för sen betalning, inte för en vara eller tjänst, och är " +
  "därför utan moms (mervärdesskattelagen 2023:200 gäller omsättning mot ersättning).";

/**
 * An issued SEK invoice of the kind standard: else INVOICE_INTEREST_NOT_INVOICEABLE. A draft or
 * a cancelled invoice was never owed, a credit note is owed by the company, interest on an
 * interest invoice would be interest on interest, and a foreign-currency invoice would need
 * an exchange rate for the interest the service does not decide.
 */
function assertInvoiceable(row: InvoiceRow): void {
  const reason =
    row.isCreditNote || row.documentType !== "invoice"
      ? "only an invoice (not a credit note, proforma or delivery note) carries late-payment interest"
      : row.status === "draft" || row.status === "cancelled"
        ? "the invoice was never issued"
        : row.kind === "interest"
          ? "an interest invoice does not itself carry interest"
          : row.currency !== "SEK"
            ? "interest invoices are issued for SEK invoices only"
            : null;
  if (reason)
    throw new ApiError(
      "INVOICE_INTEREST_NOT_INVOICEABLE",
      {
        id: row.id,
        status: row.status,
        document_type: row.documentType,
        is_credit_note: row.isCreditNote,
        kind: row.kind,
        currency: row.currency,
      },
      `No interest invoice for this invoice: ${reason}.`,
    );
}

/** "10 %", "10,5 %", or "10 % och 10,5 %" when a half-year changed the rate. */
function ratesText(rates: string[]): string {
  return [...new Set(rates)].map((r) => `${new Big(r).toString().replace(".", ",")} %`).join(" och ");
}

/**
 * POST .../invoices/{id}/interest-invoice. Rule order: NOT_FOUND > INVOICE_INTEREST_NOT_INVOICEABLE >
 * VALIDATION_ERROR (to_date in the future, due_date before today) > INVOICE_INTEREST_REFERENCE_RATE_UNKNOWN >
 * INVOICE_INTEREST_NONE_DUE > (send) INVOICE_SEND_NO_CUSTOMER_EMAIL > INVOICE_SEND_EMAIL_NOT_CONFIGURED >
 * the ledger's (ACCOUNTS_NOT_IN_CHART, PERIOD_LOCKED ...). The interest invoice, its line, its
 * entry and its archived PDF commit in one batch; with send the email follows (send's failure
 * handling: storno, back to draft with its number, INVOICE_SEND_PROVIDER_FAILED).
 */
export const invoiceInterest: Command<InvoiceInterestInput & { id: string }> = async (db, input, ctx, env) => {
  const today = ctx.now.slice(0, 10);
  const row = await loadInvoice(db, ctx.companyId, input.id);
  assertInvoiceable(row);
  const toDate = input.to_date ?? today;
  if (toDate > today) throw fieldError("to_date", "interest is charged up to a past day or today, not ahead");
  const issuer = new Issuer(db, ctx);
  const company = await issuer.company();
  const agreed = company.company_settings.latePaymentInterestRate;
  const { coveredTo, interest } = await interestNotYetInvoiced(db, row, toDate, agreed);
  if (!interest.known)
    throw new ApiError(
      "INVOICE_INTEREST_REFERENCE_RATE_UNKNOWN",
      { half_year: interest.missingHalfYear, due_date: row.dueDate, to_date: toDate },
      `Riksbanken's reference rate for the half-year from ${interest.missingHalfYear} is not in the service's table: the interest ` +
        `is not guessed. Set late_payment_interest_rate, or give a to_date before it.`,
    );
  if (interest.amountOre === 0)
    throw new ApiError("INVOICE_INTEREST_NONE_DUE", {
      id: row.id,
      due_date: row.dueDate,
      to_date: toDate,
      interest_invoiced_through: coveredTo,
      remaining_amount: invoiceJson(row).remaining_amount,
    });
  const customer = await loadCustomer(db, ctx.companyId, row.customerId);
  if (input.send) {
    if (!customer.email) throw new ApiError("INVOICE_SEND_NO_CUSTOMER_EMAIL", { customer_id: customer.id });
    if (!emailConfigured(env)) throw new ApiError("INVOICE_SEND_EMAIL_NOT_CONFIGURED", null);
  }
  const dueDate = input.due_date ?? addDays(today, customer.defaultPaymentTerms);
  if (dueDate < today) throw fieldError("due_date", "due_date is before today, the interest invoice's date");
  await ctx.ledger.assertAccountsActive([{ accountNumber: INTEREST_INCOME_ACCOUNT }]);

  const first = interest.stretches[0].periods[0].from;
  const last = interest.stretches[interest.stretches.length - 1].to;
  const rates = interest.stretches.flatMap((s) => s.periods.map((p) => p.rate_percent));
  const draft = interestDraft(ctx, row, {
    dueDate,
    amountOre: interest.amountOre,
    from: first,
    to: last,
    description: `Dröjsmålsränta enligt räntelagen på faktura ${row.invoiceNumber}, ${first}–${last}, ${ratesText(rates)}`,
    detail: {
      invoiceNumber: row.invoiceNumber ?? "",
      ratePercent: agreed === null ? null : new Big(agreed).times(100).toString(),
      stretches: interest.stretches.map((s) => ({ ...s, from: s.periods[0].from })),
    },
  });
  const issued = await planIssue(db, ctx, draft.row, draft.items, issuer);
  const pdf = await archiveIssuedPdf(db, ctx, issued.row, input.send ? "invoice_send" : "invoice_issue", {
    items: draft.items,
    company,
  });
  issued.row.pdfDocumentId = pdf.documentId;
  const data = { ...invoiceJson(issued.row), items: draft.items.map(invoiceItemJson) };
  return {
    status: 201,
    data,
    statements: [
      ...issued.statements,
      db.insert(invoices).values(issued.row),
      ...draft.items.map((i) => db.insert(invoiceItems).values(i)),
      ...pdf.statements,
    ],
    files: [pdf.file],
    events: [
      { type: "invoice.created", object: data },
      { type: "invoice.sent", object: data },
    ],
    audit: {
      action: "invoice.interest_invoiced",
      resourceType: "invoice",
      resourceId: row.id,
      voucher: issued.voucher,
    },
    ...(input.send && { external: emailIssuedInvoice(db, ctx, env, { issued, pdf, customer, company }) }),
  };
};

/** The interest invoice as a draft (planIssue numbers and books it): one line on 8313, no VAT. */
function interestDraft(
  ctx: CommandContext,
  original: InvoiceRow,
  x: {
    dueDate: string;
    amountOre: number;
    from: string;
    to: string;
    description: string;
    detail: NonNullable<InvoiceRow["interestDetail"]>;
  },
): { row: InvoiceRow; items: InvoiceItemRow[] } {
  const id = newId();
  const today = ctx.now.slice(0, 10);
  const item: InvoiceItemRow = {
    id: newId(),
    companyId: ctx.companyId,
    invoiceId: id,
    sortOrder: 1,
    description: x.description,
    quantity: "1",
    unit: null,
    unitPriceOre: x.amountOre,
    vatRateBp: 0,
    netOre: x.amountOre,
    articleId: null,
    revenueAccount: INTEREST_INCOME_ACCOUNT,
    dimensions: null,
    supplyType: "services",
    vatTreatment: OUTSIDE_SCOPE,
    creditedItemId: null,
    deductionType: null,
    workType: null,
    laborHoursHundredths: null,
  };
  const row: InvoiceRow = {
    ...original,
    id,
    invoiceNumber: null,
    numberSeries: null,
    numberSeq: null,
    documentType: "invoice",
    status: "draft",
    isCreditNote: false,
    creditedInvoiceId: null,
    creditReason: null,
    invoiceDate: today,
    dueDate: x.dueDate,
    currency: "SEK",
    exchangeRate: "1",
    subtotalOre: x.amountOre,
    vatOre: 0,
    vatBreakdown: [{ rateBp: 0, netOre: x.amountOre, vatOre: 0 }],
    totalOre: x.amountOre,
    totalSekOre: x.amountOre,
    paidOre: 0,
    creditedOre: 0,
    defaultDimensions: null,
    isSelfBilled: false,
    externalInvoiceNumber: null,
    receivedDate: null,
    yourReference: original.yourReference,
    ourReference: original.ourReference,
    notes: VAT_NOTE,
    ocrNumber: null,
    deductionOre: 0,
    journalEntryId: null,
    pdfDocumentId: null,
    kind: "interest",
    interestOfInvoiceId: original.id,
    interestFrom: x.from,
    interestTo: x.to,
    interestDetail: x.detail,
    sentAt: null,
    paidAt: null,
    cancelledAt: null,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  return { row, items: [item] };
}
