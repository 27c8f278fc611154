import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { database } from "../../db/client";
import type { AppEnv } from "../../http/context";
import { dispatch } from "../../http/dispatch";
import { CompanyParams, CompanyItemParams } from "../../http/params";
import { json } from "../../http/envelope";
import { PartialExpansions, parseExpand } from "../../http/expand";
import { finishPage, pageRequest } from "../../http/pagination";
import { paymentReversalInput, paymentReversalRoute } from "../../http/payment-reversal-route";
import { booleanQuery, defineRoute, type HandlerContext, withBody } from "../../http/route";
import { ApiError } from "../../errors/api-error";
import { limitExceeded, prescannedPeppol, validatedPeppolDocument } from "./peppol-import";
import type { PeppolImportStart } from "./peppol-operation";
import { PEPPOL_LIMITS } from "../../formats/peppol";
import { OperationSchema } from "../operations";
import { isDryRun } from "../../http/dispatch";
import { envelope, ErrorSchema } from "../../http/route";
import { sha256Hex } from "../../http/crypto";
import { newId } from "../../ids";
import { PaymentReverseSchema } from "../../http/fields";
import {
  listSupplierInvoices,
  loadSupplierInvoice,
  SUPPLIER_INVOICE_EXPANSIONS,
  supplierInvoicesWith,
  type SupplierInvoiceExpansion,
} from "./queries";
import {
  SupplierInvoiceCreateSchema,
  SupplierInvoiceCreditSchema,
  SupplierInvoiceDisputeSchema,
  SupplierInvoiceListQuery,
  SupplierInvoicePatchSchema,
  SupplierInvoicePaySchema,
  SupplierInvoiceSchema,
} from "./schemas";

const TAG = "Supplier invoices";
const BASE = "/api/v1/companies/{companyId}/supplier-invoices";
const write = { tag: TAG, scope: "suppliers:write", company: true, idempotency: "required", dryRun: true } as const;

const listSupplierInvoicesRoute = defineRoute({
  method: "get",
  path: BASE,
  tag: TAG,
  summary: "List supplier invoices (credit notes included, is_credit_note true)",
  description:
    "Newest registration first. date_from and date_to filter invoice_date. expand: supplier, items, payments.",
  scope: "suppliers:read",
  company: true,
  params: CompanyParams,
  query: SupplierInvoiceListQuery,
  response: z.array(SupplierInvoiceSchema),
});

async function listSupplierInvoicesPage(c: HandlerContext<typeof listSupplierInvoicesRoute>) {
  const { cursor, limit, expand, ...filters } = c.req.valid("query");
  const companyId = c.get("company").id;
  const db = database(c.env);
  const wanted = parseExpand<SupplierInvoiceExpansion>(expand, SUPPLIER_INVOICE_EXPANSIONS);
  const page = await pageRequest(c, `supplier-invoices:${companyId}:${JSON.stringify(filters)}`, cursor, limit);
  const { items, nextCursor } = await finishPage(
    c,
    page,
    await listSupplierInvoices(db, companyId, filters, page),
    (r) => ({ k: r.createdAt, i: r.id }),
  );
  const partial = new PartialExpansions();
  const data = await supplierInvoicesWith(db, companyId, items, wanted, partial);
  return json(c, data, 200, { next_cursor: nextCursor, ...partial.meta() });
}

const getSupplierInvoiceRoute = defineRoute({
  method: "get",
  path: `${BASE}/{id}`,
  tag: TAG,
  summary: "Get a supplier invoice",
  description: "expand (comma-separated): supplier, items, payments.",
  scope: "suppliers:read",
  company: true,
  params: CompanyItemParams,
  query: z.object({ expand: z.string().optional() }).strict(),
  response: SupplierInvoiceSchema,
});

async function getSupplierInvoice(c: HandlerContext<typeof getSupplierInvoiceRoute>) {
  const db = database(c.env);
  const companyId = c.get("company").id;
  const wanted = parseExpand<SupplierInvoiceExpansion>(c.req.valid("query").expand, SUPPLIER_INVOICE_EXPANSIONS);
  const row = await loadSupplierInvoice(db, companyId, c.req.valid("param").id);
  const partial = new PartialExpansions();
  const [data] = await supplierInvoicesWith(db, companyId, [row], wanted, partial);
  return json(c, data, 200, partial.meta());
}

const createSupplierInvoiceRoute = defineRoute({
  ...write,
  method: "post",
  path: BASE,
  summary: "Register a supplier invoice",
  description:
    "Accrual: posts Debit expense and 2641 / Credit 2440 in the same write (with apply_slp also Debit 7533 / Credit 2514 at 24.26 %). Cash: no entry until payment. " +
    "invoice_date must be in an open period (PERIOD_LOCKED). A foreign currency without exchange_rate takes the Riksbank rate of invoice_date, else SI_FX_RATE_MISSING. " +
    "A duplicate (supplier, supplier_invoice_number) is SI_CREATE_DUPLICATE_INVOICE_NUMBER.",
  params: CompanyParams,
  body: SupplierInvoiceCreateSchema,
  response: SupplierInvoiceSchema,
  status: 201,
});

async function createSupplierInvoice(c: HandlerContext<typeof createSupplierInvoiceRoute>) {
  return dispatch(c, "supplier_invoices.create", c.req.valid("json"));
}

const updateSupplierInvoiceRoute = defineRoute({
  ...write,
  method: "patch",
  path: `${BASE}/{id}`,
  summary: "Update an unpaid supplier invoice's number, due date, payment reference or notes",
  description:
    "Amounts and accounts are changed by crediting the invoice and registering it again (the entry is immutable).",
  params: CompanyItemParams,
  body: SupplierInvoicePatchSchema,
  response: SupplierInvoiceSchema,
});

async function updateSupplierInvoice(c: HandlerContext<typeof updateSupplierInvoiceRoute>) {
  return dispatch(c, "supplier_invoices.update", { ...c.req.valid("json"), id: c.req.valid("param").id });
}

const approveSupplierInvoiceRoute = defineRoute({
  ...write,
  method: "post",
  path: `${BASE}/{id}/approve`,
  summary: "Approve (attest) a registered supplier invoice",
  description: "No entry. Already approved or settled: SI_APPROVE_NOT_REGISTERED. Past its due date it stays overdue.",
  params: CompanyItemParams,
  response: SupplierInvoiceSchema,
});

async function approveSupplierInvoice(c: HandlerContext<typeof approveSupplierInvoiceRoute>) {
  return dispatch(c, "supplier_invoices.approve", { id: c.req.valid("param").id });
}

const paySupplierInvoiceRoute = defineRoute({
  ...write,
  method: "post",
  path: `${BASE}/{id}/mark-paid`,
  summary: "Record a payment of a supplier invoice",
  description:
    "Accrual: Debit 2440 / Credit settlement_account (1930). Cash: Debit expense and 2641 / Credit settlement_account, whole amount only. " +
    "exchange_rate_difference (SEK paid minus SEK booked) is required on foreign-currency invoices and booked to 7960/3960. Already paid or credited: SI_PAID_ALREADY.",
  params: CompanyItemParams,
  body: SupplierInvoicePaySchema,
  bodyRequired: false,
  response: SupplierInvoiceSchema.extend({ journal_entry_id: z.string(), payment_id: z.string() }),
});

async function paySupplierInvoice(c: HandlerContext<typeof paySupplierInvoiceRoute>) {
  return dispatch(c, "supplier_invoices.pay", { ...c.req.valid("json"), id: c.req.valid("param").id });
}

const reverseSupplierPaymentRoute = paymentReversalRoute({
  write,
  base: BASE,
  noun: "supplier invoice",
  statusesAfter: "registered, approved, overdue or partially paid",
  bankRowNote: "",
  event: "supplier_invoice.payment_reversed",
  invoice: SupplierInvoiceSchema,
});

async function reverseSupplierPayment(c: HandlerContext<typeof reverseSupplierPaymentRoute>) {
  return dispatch(c, "supplier_invoices.reverse_payment", paymentReversalInput(c));
}

/** The answer of a credit: the credit note, the original after it, and the credit's entry. */
const SupplierCreditAnswerSchema = z.object({
  credit_note_id: z.string(),
  original_id: z.string(),
  arrival_number: z.number(),
  supplier_invoice_number: z.string(),
  registration_journal_entry_id: z.string().nullable(),
  credit_date: z.string(),
  total: z.number(),
  total_sek: z.number(),
  credit_note: SupplierInvoiceSchema,
  original: SupplierInvoiceSchema,
});

/** import-peppol's answer to a CreditNote: the credit's answer, marked kind "credit_note" (an invoice's answer is unchanged). */
const PeppolCreditAnswerSchema = SupplierCreditAnswerSchema.extend({ kind: z.literal("credit_note") }).openapi(
  "SupplierInvoicePeppolCredit",
);

const creditSupplierInvoiceRoute = defineRoute({
  ...write,
  method: "post",
  path: `${BASE}/{id}/credit`,
  summary: "Credit a supplier invoice, whole or in part",
  description:
    "The credit note is dated credit_date (default today), in an open period and not up to its lock date (else SI_CREDIT_PERIOD_LOCKED), not before the invoice date. " +
    "items[] credits chosen items, each in what is left of it or by a net amount (its VAT in proportion; the credit completing an item takes exactly its VAT left); without items everything not yet credited is. " +
    "Accrual entry: the credited part of the registration mirrored (Debit 2440 / Credit expense and 2641). Cash: no entry, and only a whole credit. " +
    "The original becomes credited when nothing is left, else its credited amount grows (paid when its payments cover the rest). Already credited: SI_CREDIT_ALREADY_CREDITED.",
  params: CompanyItemParams,
  body: SupplierInvoiceCreditSchema,
  bodyRequired: false,
  response: SupplierCreditAnswerSchema,
  status: 201,
});

async function creditSupplierInvoice(c: HandlerContext<typeof creditSupplierInvoiceRoute>) {
  return dispatch(c, "supplier_invoices.credit", { ...c.req.valid("json"), id: c.req.valid("param").id });
}

const reverseSupplierCreditRoute = defineRoute({
  ...write,
  method: "post",
  path: `${BASE}/{id}/credits/{creditNoteId}/reverse`,
  summary: "Reverse a credit note registered by mistake (the invoice is uncredited)",
  description:
    "Accrual: the credit note's entry is reversed by a storno dated reversal_date (default today, in an open period, not before the credit note's date); cash: the credit note booked nothing and nothing is booked. " +
    "The original returns to what it would be without the credit (credited_amount down; registered, approved, overdue, partially paid, or paid when payments and other credits cover it). " +
    "The credit note stays in the list with credit_reversed_at set and no longer counts. Not a credit note of this invoice: NOT_FOUND; a second reverse: ENTRY_ALREADY_REVERSED. Emits supplier_invoice.uncredited.",
  params: CompanyItemParams.extend({ creditNoteId: z.string() }),
  body: PaymentReverseSchema,
  bodyRequired: false,
  response: SupplierInvoiceSchema.extend({
    reversed_credit_note: SupplierInvoiceSchema,
    reversal_journal_entry_id: z.string().nullable(),
  }),
});

async function reverseSupplierCredit(c: HandlerContext<typeof reverseSupplierCreditRoute>) {
  return dispatch(c, "supplier_invoices.reverse_credit", {
    ...c.req.valid("json"),
    id: c.req.valid("param").id,
    credit_note_id: c.req.valid("param").creditNoteId,
  });
}

const disputeSupplierInvoiceRoute = defineRoute({
  ...write,
  method: "post",
  path: `${BASE}/{id}/dispute`,
  summary: "Mark an open supplier invoice as disputed",
  description: "It stays in the supplier ledger and cannot be paid until the dispute is resolved.",
  params: CompanyItemParams,
  body: SupplierInvoiceDisputeSchema,
  response: SupplierInvoiceSchema,
});

async function disputeSupplierInvoice(c: HandlerContext<typeof disputeSupplierInvoiceRoute>) {
  return dispatch(c, "supplier_invoices.dispute", { ...c.req.valid("json"), id: c.req.valid("param").id });
}

const resolveDisputeRoute = defineRoute({
  ...write,
  method: "post",
  path: `${BASE}/{id}/resolve-dispute`,
  summary: "End a dispute: back to registered, approved, partially_paid or overdue",
  params: CompanyItemParams,
  response: SupplierInvoiceSchema,
});

async function resolveDispute(c: HandlerContext<typeof resolveDisputeRoute>) {
  return dispatch(c, "supplier_invoices.resolve_dispute", { id: c.req.valid("param").id });
}

/** An e-invoice body's limit (PEPPOL_LIMITS, src/formats/peppol/limits.ts). */
const MAX_PEPPOL_BYTES = PEPPOL_LIMITS.maxBytes;
const XML_MEDIA_TYPE = /^(application|text)\/xml\s*(;.*)?$/i;

const importPeppolRoute = withBody(
  defineRoute({
    ...write,
    method: "post",
    path: `${BASE}/import-peppol`,
    summary: "Register a supplier's e-invoice (Peppol BIS Billing 3.0 / EN 16931 UBL)",
    description:
      "Body: the UBL 2.1 Invoice as application/xml, or as the file field of multipart/form-data (at most 10 MB). It is validated with the official CEN EN 16931 and Peppol BIS 3.0 rules (release 2026.5): any fatal rule is PEPPOL_VALIDATION_FAILED (422) with details.rules[] {id, text, location}, and nothing is stored. " +
      "The supplier is the one with the seller's organisation number (PartyLegalEntity/CompanyID or a 0007 EndpointID) or VAT number, else PEPPOL_SUPPLIER_NOT_FOUND, unless ?create_supplier=true registers the seller in the same write. " +
      "Then the invoice is registered as POST .../supplier-invoices does (same postings, codes and supplier_invoice.registered event): one item per line and per document-level allowance (negative) or charge, VAT by category (S its rate; Z, E, O 0; AE reverse charge at 25 %; K intra-EU acquisition of goods at 25 %), on the supplier's default_expense_account else 6990; OCR (PaymentID) as payment_reference, the payment accounts in notes; embedded attachments archived as documents (upload_source peppol) linked to the registration entry. " +
      "Net, VAT and total must equal the document's (PEPPOL_TOTALS_MISMATCH). Another VAT category is PEPPOL_DOCUMENT_UNSUPPORTED; the same supplier and invoice number twice is SI_CREATE_DUPLICATE_INVOICE_NUMBER. " +
      "A UBL CreditNote credits the supplier's invoice named by its BillingReference (else PEPPOL_CREDITED_INVOICE_NOT_FOUND) through POST .../supplier-invoices/{id}/credit, dated the credit note's IssueDate, reason 'Peppol kreditnota <number>': the whole rest when its net and VAT are what is left of the invoice, else each line on the one item of its VAT rate with its description, the rest spread per VAT rate over the items of that rate in order (PEPPOL_CREDIT_NOT_PLACEABLE when it does not fit). " +
      "The same credit note twice is PEPPOL_CREDIT_NOTE_DUPLICATE. The answer is then the credit's, with kind 'credit_note'; attachments are linked to the credit's entry. " +
      `Limits (docs/peppol.md, "Limits"), checked on the text before it is parsed: at most ${PEPPOL_LIMITS.maxDepth} levels of nesting, ${PEPPOL_LIMITS.maxAttributesPerElement} attributes on an element, ${PEPPOL_LIMITS.maxAttributes} attributes and ${PEPPOL_LIMITS.maxElements} elements in all, ${PEPPOL_LIMITS.maxLines} lines with the document-level allowances and charges (the JSON API's items per invoice); past one, 422 PEPPOL_DOCUMENT_LIMIT_EXCEEDED with details.limit, max and found. ` +
      "Texts obey the JSON API's text rule and the create's lengths, dates must be real days: else 400 VALIDATION_ERROR with details.fields. " +
      `A document of more than ${PEPPOL_LIMITS.syncLines} lines (or ${PEPPOL_LIMITS.syncElements} elements) is answered 202 with an operation (type import.peppol) that validates and imports it; its result is the answer above, or it fails with the same codes and nothing is stored. Such a document cannot be dry-run (PEPPOL_DOCUMENT_LIMIT_EXCEEDED, limit dry_run_lines).`,
    errors: {
      422: "PEPPOL_VALIDATION_FAILED: a fatal rule of EN 16931 or Peppol BIS 3.0 (details.rules[]); PEPPOL_DOCUMENT_LIMIT_EXCEEDED: past a limit (details.limit, max, found)",
    },
    params: CompanyParams,
    query: z
      .object({
        create_supplier: booleanQuery.optional().openapi({
          description:
            "true: an unknown seller is registered as a supplier in the same write (Swedish by organisation number, EU by VAT number and country)",
        }),
      })
      .strict(),
    response: z.union([SupplierInvoiceSchema, PeppolCreditAnswerSchema]),
    acceptedResponse: OperationSchema,
    status: 201,
  }),
  {
    content: {
      "application/xml": { schema: z.string().openapi({ description: "a UBL 2.1 Invoice or CreditNote" }) },
    },
    required: true,
  },
);

/** The document's bytes: the body itself (application/xml), or the form's `file` (multipart/form-data). */
async function documentBytes(c: HandlerContext<typeof importPeppolRoute>): Promise<Uint8Array> {
  const type = c.req.header("Content-Type") ?? "";
  if (XML_MEDIA_TYPE.test(type)) return new Uint8Array(await c.req.arrayBuffer());
  if (/^multipart\/form-data/i.test(type)) {
    const file = (await c.req.formData()).get("file");
    if (!(file instanceof File))
      throw new ApiError("VALIDATION_ERROR", { fields: [{ path: "file", message: "the form has no file field" }] });
    return new Uint8Array(await file.arrayBuffer());
  }
  throw new ApiError(
    "VALIDATION_ERROR",
    { header: "Content-Type", expected: "application/xml", received: type || null },
    "Send the UBL document with Content-Type: application/xml, or as the file of a multipart/form-data form.",
  );
}

/** The document as UTF-8 XML within the limit; another media type or an empty body is VALIDATION_ERROR. */
async function xmlBody(c: HandlerContext<typeof importPeppolRoute>): Promise<string> {
  const bytes = await documentBytes(c);
  if (bytes.byteLength > MAX_PEPPOL_BYTES)
    throw new ApiError("VALIDATION_ERROR", {
      body: "too_large",
      max_bytes: MAX_PEPPOL_BYTES,
      size_bytes: bytes.byteLength,
    });
  if (bytes.byteLength === 0) throw new ApiError("VALIDATION_ERROR", { body: "empty" }, "The body is empty.");
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new ApiError("VALIDATION_ERROR", { body: "not_utf8" }, "The body is not valid UTF-8.");
  }
}

/** The route's OpenAPI answers beyond defineRoute's: the operation of a large document (202) and the document's refusals (422). */
importPeppolRoute.responses[202] = {
  description: "A large document: the operation that validates and imports it",
  content: { "application/json": { schema: envelope(OperationSchema) } },
} as (typeof importPeppolRoute.responses)[string];
importPeppolRoute.responses[422] = {
  description: "PEPPOL_VALIDATION_FAILED, PEPPOL_DOCUMENT_LIMIT_EXCEEDED or another rule of the import",
  content: { "application/json": { schema: ErrorSchema } },
} as (typeof importPeppolRoute.responses)[string];

async function importPeppol(c: HandlerContext<typeof importPeppolRoute>) {
  const xml = await xmlBody(c);
  // the structure is counted before anything parses it (issue #41 item 1)
  const scan = prescannedPeppol(xml);
  const createSupplier = c.req.valid("query").create_supplier ?? false;
  if (scan.lines > PEPPOL_LIMITS.syncLines || scan.elements > PEPPOL_LIMITS.syncElements) {
    if (isDryRun(c))
      throw limitExceeded("dry_run_lines", PEPPOL_LIMITS.syncLines, scan.lines, { elements: scan.elements });
    const bytes = new TextEncoder().encode(xml);
    const start: PeppolImportStart = {
      importId: newId(),
      bytes,
      sha256: await sha256Hex(bytes),
      lines: scan.lines,
      create_supplier: createSupplier,
    };
    const { importId: _id, bytes: _bytes, ...hashed } = start;
    return dispatch(c, "supplier_invoices.import_peppol_start", start, { hashOf: hashed });
  }
  const document = await validatedPeppolDocument(xml);
  // a credit note credits the invoice it corrects (peppol-credit.ts); an invoice is registered
  const command =
    document.kind === "credit_note" ? "supplier_invoices.import_peppol_credit" : "supplier_invoices.import_peppol";
  return dispatch(c, command, {
    document,
    create_supplier: createSupplier,
  });
}

export function registerSupplierInvoiceRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(listSupplierInvoicesRoute, listSupplierInvoicesPage);
  app.openapi(getSupplierInvoiceRoute, getSupplierInvoice);
  app.openapi(createSupplierInvoiceRoute, createSupplierInvoice);
  app.openapi(importPeppolRoute, importPeppol);
  app.openapi(updateSupplierInvoiceRoute, updateSupplierInvoice);
  app.openapi(approveSupplierInvoiceRoute, approveSupplierInvoice);
  app.openapi(paySupplierInvoiceRoute, paySupplierInvoice);
  app.openapi(reverseSupplierPaymentRoute, reverseSupplierPayment);
  app.openapi(creditSupplierInvoiceRoute, creditSupplierInvoice);
  app.openapi(reverseSupplierCreditRoute, reverseSupplierCredit);
  app.openapi(disputeSupplierInvoiceRoute, disputeSupplierInvoice);
  app.openapi(resolveDisputeRoute, resolveDispute);
}
