import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { nowIso } from "../../clock";
import { database } from "../../db/client";
import type { AppEnv } from "../../http/context";
import { dispatch } from "../../http/dispatch";
import { CompanyParams, CompanyItemParams } from "../../http/params";
import { json } from "../../http/envelope";
import { fileResponse } from "../../http/file-response";
import { PartialExpansions, parseExpand } from "../../http/expand";
import { finishPage, pageRequest } from "../../http/pagination";
import { paymentReversalInput, paymentReversalRoute } from "../../http/payment-reversal-route";
import { defineRoute, type HandlerContext } from "../../http/route";
import { BatchResultSchemaOf } from "../../http/bulk-schema";
import { invoicePdfToServe } from "./archive";
import { invoiceFileName, reminderPdfBytes } from "./document";
import { invoicePeppolXml } from "./peppol";
import { reminderFileName } from "./reminder";
import { loadReminder } from "./reminder-json";
import { INVOICE_EXPANSIONS, invoicesWith, listInvoices, loadInvoice, type InvoiceExpansion } from "./queries";
import {
  InvoiceCreateSchema,
  InvoiceCreditSchema,
  InvoiceInterestSchema,
  InvoiceListQuery,
  InvoicePatchSchema,
  InvoicePaySchema,
  InvoiceRefundSchema,
  InvoiceSchema,
  PeppolDeliverySchema,
} from "./schemas";

const TAG = "Invoices";
const BASE = "/api/v1/companies/{companyId}/invoices";
const write = { tag: TAG, scope: "invoices:write", company: true, idempotency: "required", dryRun: true } as const;

const listInvoicesRoute = defineRoute({
  method: "get",
  path: BASE,
  tag: TAG,
  summary: "List invoices (credit notes included, is_credit_note true)",
  description:
    "Newest registration first. date_from and date_to filter invoice_date. expand: customer, items, payments.",
  scope: "invoices:read",
  company: true,
  params: CompanyParams,
  query: InvoiceListQuery,
  response: z.array(InvoiceSchema),
});

async function listInvoicesPage(c: HandlerContext<typeof listInvoicesRoute>) {
  const { cursor, limit, expand, ...filters } = c.req.valid("query");
  const companyId = c.get("company").id;
  const db = database(c.env);
  const wanted = parseExpand<InvoiceExpansion>(expand, INVOICE_EXPANSIONS);
  const page = await pageRequest(c, `invoices:${companyId}:${JSON.stringify(filters)}`, cursor, limit);
  const { items, nextCursor } = await finishPage(c, page, await listInvoices(db, companyId, filters, page), (r) => ({
    k: r.createdAt,
    i: r.id,
  }));
  const partial = new PartialExpansions();
  const data = await invoicesWith(c.env, db, companyId, items, wanted, partial);
  return json(c, data, 200, { next_cursor: nextCursor, ...partial.meta() });
}

const getInvoiceRoute = defineRoute({
  method: "get",
  path: `${BASE}/{id}`,
  tag: TAG,
  summary: "Get an invoice",
  description:
    "expand (comma-separated): items, payments, customer, deduction, reminders, peppol_delivery (the delivery to the Peppol access point, null when none). Another company's invoice is 404.",
  scope: "invoices:read",
  company: true,
  params: CompanyItemParams,
  query: z.object({ expand: z.string().optional() }).strict(),
  response: InvoiceSchema,
});

async function getInvoice(c: HandlerContext<typeof getInvoiceRoute>) {
  const db = database(c.env);
  const companyId = c.get("company").id;
  const wanted = parseExpand<InvoiceExpansion>(c.req.valid("query").expand, INVOICE_EXPANSIONS);
  const row = await loadInvoice(db, companyId, c.req.valid("param").id);
  const partial = new PartialExpansions();
  const [data] = await invoicesWith(c.env, db, companyId, [row], wanted, partial);
  return json(c, data, 200, partial.meta());
}

const invoicePdfRoute = defineRoute({
  method: "get",
  path: `${BASE}/{id}/pdf`,
  tag: TAG,
  summary: "The invoice as PDF",
  description:
    "application/pdf. An issued invoice or credit note is served as archived when it was issued (pdf_document_id), byte for byte: later payments, credits and ROT/RUT decisions show in its JSON and on new documents, never by rewriting it. " +
    "A draft renders with UTKAST across the page and an utkast file name.",
  scope: "invoices:read",
  company: true,
  params: CompanyItemParams,
  response: null,
});

async function invoicePdf(c: HandlerContext<typeof invoicePdfRoute>) {
  const db = database(c.env);
  const row = await loadInvoice(db, c.get("company").id, c.req.valid("param").id);
  const pdf = await invoicePdfToServe(c.env, db, row, nowIso());
  return fileResponse(c, pdf.body, "application/pdf", invoiceFileName(row));
}

const invoicePeppolRoute = defineRoute({
  method: "get",
  path: `${BASE}/{id}/peppol`,
  tag: TAG,
  summary: "The invoice or credit note as a Peppol BIS Billing 3.0 e-invoice",
  description:
    "application/xml: a UBL 2.1 Invoice (380) or, for a credit note, a CreditNote (381) referring to the credited invoice, with the issued PDF embedded (docs/peppol.md). " +
    "Refused: a draft or cancelled invoice (409 INVOICE_PEPPOL_NOT_ISSUED), a proforma or delivery note (409 INVOICE_PEPPOL_NOT_AN_INVOICE), " +
    "neither your_reference nor order_reference (422 INVOICE_PEPPOL_BUYER_REFERENCE_MISSING), a customer without a Peppol address (422 INVOICE_PEPPOL_BUYER_ENDPOINT_MISSING), " +
    "lines outside the scope of VAT mixed with others (422 INVOICE_PEPPOL_VAT_CATEGORIES_MIXED).",
  scope: "invoices:read",
  company: true,
  params: CompanyItemParams,
  response: null,
});

async function invoicePeppol(c: HandlerContext<typeof invoicePeppolRoute>) {
  const db = database(c.env);
  const row = await loadInvoice(db, c.get("company").id, c.req.valid("param").id);
  const xml = await invoicePeppolXml(c.env, db, row, nowIso());
  return fileResponse(
    c,
    new TextEncoder().encode(xml),
    "application/xml; charset=utf-8",
    invoiceFileName(row).replace(/\.pdf$/, ".xml"),
  );
}

const createInvoiceRoute = defineRoute({
  ...write,
  method: "post",
  path: BASE,
  summary: "Create an invoice (a draft), or book a self-billed one",
  description:
    "A draft has invoice_number null and no entry. vat_rate is checked against what the customer may be charged (INVOICE_CREATE_VAT_RULE_VIOLATION). " +
    "is_self_billed=true with external_invoice_number and received_date books the sale at once under the buyer's number. A dry-run shows the would-be invoice.",
  params: CompanyParams,
  body: InvoiceCreateSchema,
  response: InvoiceSchema,
  status: 201,
});

async function createInvoice(c: HandlerContext<typeof createInvoiceRoute>) {
  return dispatch(c, "invoices.create", c.req.valid("json"));
}

const bulkCreateInvoicesRoute = defineRoute({
  ...write,
  method: "post",
  path: `${BASE}/bulk-create`,
  summary: "Create up to 50 invoices; each succeeds or fails on its own",
  description:
    "Same item shape as POST /invoices. The Idempotency-Key covers the whole batch. all_or_nothing: true is 501.",
  params: CompanyParams,
  body: z.object({ invoices: z.array(z.unknown()).min(1).max(50), all_or_nothing: z.boolean().optional() }),
  response: BatchResultSchemaOf(InvoiceSchema),
});

async function bulkCreateInvoices(c: HandlerContext<typeof bulkCreateInvoicesRoute>) {
  return dispatch(c, "invoices.bulk_create", c.req.valid("json"));
}

const updateInvoiceRoute = defineRoute({
  ...write,
  method: "patch",
  path: `${BASE}/{id}`,
  summary: "Update a draft's dates, exchange rate, references or notes",
  description: "Drafts only (INVOICE_UPDATE_NOT_DRAFT); lines are fixed once created.",
  params: CompanyItemParams,
  body: InvoicePatchSchema,
  response: InvoiceSchema,
});

async function updateInvoice(c: HandlerContext<typeof updateInvoiceRoute>) {
  return dispatch(c, "invoices.update", { ...c.req.valid("json"), id: c.req.valid("param").id });
}

const cancelInvoiceRoute = defineRoute({
  ...write,
  method: "delete",
  path: `${BASE}/{id}`,
  summary: "Cancel a draft (204)",
  description: "Drafts only (INVOICE_DELETE_NOT_DRAFT). The row is kept with status cancelled.",
  params: CompanyItemParams,
  response: null,
  status: 204,
});

async function cancelInvoice(c: HandlerContext<typeof cancelInvoiceRoute>) {
  return dispatch(c, "invoices.cancel", { id: c.req.valid("param").id });
}

const markInvoiceSentRoute = defineRoute({
  ...write,
  method: "post",
  path: `${BASE}/{id}/mark-sent`,
  summary: "Mark a draft as sent without emailing it",
  description:
    "Allocates the next number of the series (F invoices, D delivery notes, P proforma) and, under accrual, posts Debit 1510 / Credit revenue and output VAT dated invoice_date.",
  params: CompanyItemParams,
  response: InvoiceSchema,
});

async function markInvoiceSent(c: HandlerContext<typeof markInvoiceSentRoute>) {
  return dispatch(c, "invoices.mark_sent", { id: c.req.valid("param").id });
}

const sendInvoiceRoute = defineRoute({
  ...write,
  method: "post",
  path: `${BASE}/{id}/send`,
  summary: "Send a draft by Peppol or email",
  description:
    "Allocates the number, books the sale (accrual), renders and archives the PDF (document_id), all in one write, then sends it by the customer's channel (channel). " +
    "peppol, when the customer has e_invoice and the company a peppol_access_point: the Peppol BIS 3.0 document (validated; a fatal rule refuses with 422 INVOICE_PEPPOL_DOCUMENT_INVALID, nothing issued) and its delivery (peppol_delivery, pending) are written in the same write; the access point is called by the queue after the commit and retried on the webhook schedule (docs/peppol.md). " +
    "email otherwise: the PDF is emailed; if the mail provider fails, the entry is reversed by a storno, the invoice returns to draft keeping its number, and the answer is 502 INVOICE_SEND_PROVIDER_FAILED; retrying sends it under the same number. " +
    "No customer email: INVOICE_SEND_NO_CUSTOMER_EMAIL (422 INVOICE_SEND_NO_CHANNEL when the customer wants e-invoices and there is no access point); no mail provider configured: 503 INVOICE_SEND_EMAIL_NOT_CONFIGURED. A dry-run sends and stores nothing.",
  params: CompanyItemParams,
  response: InvoiceSchema.extend({
    document_id: z.string(),
    channel: z.enum(["peppol", "email"]).openapi({ description: "how the invoice went out (an extension field)" }),
    peppol_delivery: PeppolDeliverySchema.optional().openapi({ description: "channel peppol: the queued delivery" }),
  }),
});

async function sendInvoice(c: HandlerContext<typeof sendInvoiceRoute>) {
  return dispatch(c, "invoices.send", { id: c.req.valid("param").id });
}

const resendPeppolRoute = defineRoute({
  ...write,
  method: "post",
  path: `${BASE}/{id}/peppol/resend`,
  summary: "Hand a dead Peppol delivery to the access point again",
  description:
    "The delivery (expand=peppol_delivery) that gave up (dead: refused with a 4xx, or out of attempts) is queued again: the same stored document, the same X-Service-Document-Id, attempts from 1 on the webhook schedule. " +
    "No delivery: 404 NOT_FOUND; not dead: 409 INVOICE_PEPPOL_RESEND_NOT_DEAD (details.status); no access point set: 409 INVOICE_PEPPOL_NO_ACCESS_POINT. A dry-run queues nothing.",
  params: CompanyItemParams,
  response: PeppolDeliverySchema,
});

async function resendPeppol(c: HandlerContext<typeof resendPeppolRoute>) {
  return dispatch(c, "invoices.peppol_resend", { id: c.req.valid("param").id });
}

const payInvoiceRoute = defineRoute({
  ...write,
  method: "post",
  path: `${BASE}/{id}/mark-paid`,
  summary: "Record a payment of a sent invoice",
  description:
    "Accrual: Debit settlement_account (1930) / Credit 1510. Cash: Debit 1930 / Credit revenue and output VAT, whole amount only. " +
    "Full amount: paid (emits invoice.paid); less: partially_paid. Custom lines must balance (INVOICE_PAID_LINES_UNBALANCED).",
  params: CompanyItemParams,
  body: InvoicePaySchema,
  bodyRequired: false,
  response: InvoiceSchema.extend({ journal_entry_id: z.string(), payment_id: z.string() }),
});

async function payInvoice(c: HandlerContext<typeof payInvoiceRoute>) {
  return dispatch(c, "invoices.pay", { ...c.req.valid("json"), id: c.req.valid("param").id });
}

const reverseInvoicePaymentRoute = paymentReversalRoute({
  write,
  base: BASE,
  noun: "invoice",
  statusesAfter: "status sent, overdue or partially paid",
  bankRowNote: "an over-payment its match booked is reversed too",
  event: "invoice.payment_reversed",
  invoice: InvoiceSchema,
  moreFields: { reversed_overpayment_entry_id: z.string().nullable() },
});

async function reverseInvoicePayment(c: HandlerContext<typeof reverseInvoicePaymentRoute>) {
  return dispatch(c, "invoices.reverse_payment", paymentReversalInput(c));
}

const bookInvoiceRoute = defineRoute({
  ...write,
  method: "post",
  path: `${BASE}/{id}/book`,
  summary: "Book a sent invoice that has no entry",
  description:
    "Books the sale of a sent (or overdue) invoice that carries no entry, as issuing would have under the accrual method: Debit 1510 (1513 for a ROT/RUT deduction) / Credit revenue and output VAT, dated invoice_date. " +
    "Today such an invoice is one issued under the cash method by a company since moved to the accrual method. No body. " +
    "Refusals: INVOICE_BOOK_NOT_BOOKABLE (proforma, delivery note, credit note), INVOICE_BOOK_DEFERRED_DRAFT, INVOICE_BOOK_ALREADY_BOOKED, INVOICE_BOOK_CASH_METHOD, " +
    "INVOICE_BOOK_INVALID_STATUS (cancelled, credited, paid or credited in part), INVOICE_BOOK_NO_FISCAL_PERIOD, PERIOD_LOCKED.",
  params: CompanyItemParams,
  response: InvoiceSchema.extend({ journal_entry_id: z.string() }),
});

async function bookInvoice(c: HandlerContext<typeof bookInvoiceRoute>) {
  return dispatch(c, "invoices.book", { id: c.req.valid("param").id });
}

const refundInvoiceRoute = defineRoute({
  ...write,
  method: "post",
  path: `${BASE}/{id}/refund`,
  summary: "Pay back what a credit note left overpaid (a refund owed)",
  description:
    "On a SEK invoice whose remaining_amount is negative after a credit: amount (default the whole refund owed), refund_date (default today), settlement_account (1930). " +
    "Accrual: Debit 1510 / Credit 1930 (the credit note already took revenue and VAT back). Cash: Debit revenue and output VAT, the refund's share of the credited lines / Credit 1930 " +
    "(the credit note booked nothing; the reversal is booked here). Stored as a payment with a negative amount: paid_amount falls, remaining_amount rises toward 0; reversible as a payment.",
  params: CompanyItemParams,
  body: InvoiceRefundSchema,
  bodyRequired: false,
  response: InvoiceSchema.extend({
    refund_id: z.string(),
    refund_amount: z.number(),
    journal_entry_id: z.string(),
  }),
});

async function refundInvoice(c: HandlerContext<typeof refundInvoiceRoute>) {
  return dispatch(c, "invoices.refund", { ...c.req.valid("json"), id: c.req.valid("param").id });
}

const creditInvoiceRoute = defineRoute({
  ...write,
  method: "post",
  path: `${BASE}/{id}/credit`,
  summary: "Credit a sent, overdue or paid invoice in full",
  description:
    "Creates a credit note (KR-<number>, then KR-<number>-2 ...) for the chosen items (whole, a quantity or a net amount of each) or for everything not yet credited, dated credit_date (default today) in an open period. " +
    "Allowed on sent, overdue, partially paid and paid invoices. The original becomes credited when nothing of it is left; otherwise its remaining amount falls by the credit (paid when payments cover the rest; negative = a refund owed). " +
    "Accrual: Credit 1510 / Debit revenue and output VAT. Cash: no entry; later payments book the reduced sale. Emits invoice.credited and credit_note.created.",
  params: CompanyItemParams,
  body: InvoiceCreditSchema,
  response: InvoiceSchema.extend({ original_status: z.string() }),
  status: 201,
});

async function creditInvoice(c: HandlerContext<typeof creditInvoiceRoute>) {
  return dispatch(c, "invoices.credit", { ...c.req.valid("json"), id: c.req.valid("param").id });
}

const ReminderSchema = z
  .object({
    id: z.string(),
    invoice_id: z.string(),
    invoice_number: z.string().nullable(),
    reminder_number: z.number().int(),
    reminder_date: z.string(),
    remaining_amount: z.number(),
    fee: z.number(),
    interest: z.number().nullable(),
    interest_days: z.number().int(),
    to_pay: z.number(),
    pay_by: z.string(),
    automatic: z.boolean(),
    sent_to: z.string(),
    journal_entry_id: z.string().nullable(),
    created_at: z.string(),
    interest_detail: z.object({
      periods: z
        .array(z.object({ from: z.string(), to: z.string(), days: z.number().int(), rate_percent: z.string() }))
        .nullable(),
      missing_reference_rate_from: z.string().optional(),
      interest_invoiced_through: z.string().nullable().openapi({
        description:
          "the last day an interest invoice of this invoice charged (null: none); the reminder states only the interest after it",
      }),
    }),
  })
  .openapi("InvoiceReminder");

const remindInvoiceRoute = defineRoute({
  ...write,
  method: "post",
  path: `${BASE}/{id}/reminder`,
  summary: "Send a payment reminder (påminnelse) for an overdue invoice",
  description:
    "For an issued invoice past its due date and not fully paid (else 409 INVOICE_REMINDER_NOT_OVERDUE). Charges the company's reminder_fee (SEK invoices; at most 60 kr, lag 1981:739), booked at once Debit 1680 / Credit 3990 without VAT (1510 stays equal to the open invoices), " +
    "and states the late-payment interest so far (räntelagen 6 §: the agreed rate, else the reference rate + 8 points per half-year; null when a half-year's reference rate is not known), which is not booked. " +
    "Renders the reminder PDF and emails it to the customer, with the same rules and failure handling as send (INVOICE_SEND_NO_CUSTOMER_EMAIL, INVOICE_SEND_EMAIL_NOT_CONFIGURED, INVOICE_SEND_PROVIDER_FAILED with the fee reversed). A dry-run sends and books nothing. " +
    "The invoice lists its reminders with expand=reminders.",
  params: CompanyItemParams,
  response: ReminderSchema,
  status: 201,
});

async function remindInvoice(c: HandlerContext<typeof remindInvoiceRoute>) {
  return dispatch(c, "invoices.remind", { id: c.req.valid("param").id });
}

const interestInvoiceRoute = defineRoute({
  ...write,
  method: "post",
  path: `${BASE}/{id}/interest-invoice`,
  summary: "Issue an interest invoice (räntefaktura) for late payment of an invoice",
  description:
    "Late-payment interest (räntelagen 6 §) on an issued SEK invoice: from the due date on the amount then outstanding, each payment or credit note lowering it from its date, up to the last payment or to_date (default today). " +
    "The rate is the company's late_payment_interest_rate, else Riksbanken's reference rate + 8 points per half-year; simple interest, actual/365, rounded to öre once. Days an earlier interest invoice of the same invoice charged are not charged again. " +
    "The answer is a new invoice of kind interest: numbered in the F series with an OCR reference, one line without VAT (outside the scope of VAT), booked at once Debit 1510 / Credit 8313 under accrual (under the cash method when paid), its PDF archived; send: true also emails it as send does. It is paid, reminded and credited as any invoice. " +
    "Refusals (409): INVOICE_INTEREST_NOT_INVOICEABLE (a credit note, draft, cancelled, proforma, interest or foreign-currency invoice), INVOICE_INTEREST_NONE_DUE (paid on time, no days left to charge), INVOICE_INTEREST_REFERENCE_RATE_UNKNOWN (details.half_year: a half-year whose reference rate the service does not have).",
  params: CompanyItemParams,
  body: InvoiceInterestSchema,
  response: InvoiceSchema,
  status: 201,
});

async function issueInterestInvoice(c: HandlerContext<typeof interestInvoiceRoute>) {
  return dispatch(c, "invoices.interest_invoice", { ...c.req.valid("json"), id: c.req.valid("param").id });
}

const reminderPdfRoute = defineRoute({
  method: "get",
  path: `${BASE}/{id}/reminders/{reminderId}/pdf`,
  tag: TAG,
  summary: "A payment reminder as PDF",
  description:
    "application/pdf, rendered from the reminder's stored figures (the same reminder prints the same amounts).",
  scope: "invoices:read",
  company: true,
  params: CompanyItemParams.extend({ reminderId: z.string() }),
  response: null,
});

async function reminderPdf(c: HandlerContext<typeof reminderPdfRoute>) {
  const db = database(c.env);
  const companyId = c.get("company").id;
  const { id, reminderId } = c.req.valid("param");
  const row = await loadInvoice(db, companyId, id);
  const reminder = await loadReminder(db, companyId, id, reminderId);
  const bytes = await reminderPdfBytes(db, row, reminder, nowIso());
  return fileResponse(c, bytes, "application/pdf", reminderFileName(row, reminder));
}

export function registerInvoiceRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(remindInvoiceRoute, remindInvoice);
  app.openapi(reminderPdfRoute, reminderPdf);
  app.openapi(interestInvoiceRoute, issueInterestInvoice);
  app.openapi(listInvoicesRoute, listInvoicesPage);
  app.openapi(getInvoiceRoute, getInvoice);
  app.openapi(invoicePdfRoute, invoicePdf);
  app.openapi(invoicePeppolRoute, invoicePeppol);
  app.openapi(createInvoiceRoute, createInvoice);
  app.openapi(bulkCreateInvoicesRoute, bulkCreateInvoices);
  app.openapi(updateInvoiceRoute, updateInvoice);
  app.openapi(cancelInvoiceRoute, cancelInvoice);
  app.openapi(markInvoiceSentRoute, markInvoiceSent);
  app.openapi(sendInvoiceRoute, sendInvoice);
  app.openapi(resendPeppolRoute, resendPeppol);
  app.openapi(payInvoiceRoute, payInvoice);
  app.openapi(reverseInvoicePaymentRoute, reverseInvoicePayment);
  app.openapi(bookInvoiceRoute, bookInvoice);
  app.openapi(refundInvoiceRoute, refundInvoice);
  app.openapi(creditInvoiceRoute, creditInvoice);
}
