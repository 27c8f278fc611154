// Reads of outbound invoices: one row, lists with filters and expansions, the open
// items of the accounts-receivable ledger, and the overdue sweep.
import { remainingOre } from "../../ledger/settlement";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { invoiceItems, invoicePayments, invoices } from "../../db/schema";
import type { Env } from "../../env";
import { ApiError } from "../../errors/api-error";
import type { ErrorCode } from "../../errors/catalogue";
import type { PageRequest } from "../../http/pagination";
import type { PartialExpansions } from "../../http/expand";
import { fromOre } from "../../money";
import { customerJson, customersByIds } from "../customers";
import { groupBy } from "../../db/group";
import { toOpenItem, type OpenItem, type OpenItemSqlRow } from "../../db/open-items";
import * as openItems from "../open-items";
import { deductionsJsonOf } from "./deductions/queries";
import { reminderJson, remindersOf } from "./reminders/queries";
import { peppolDeliveriesOf, peppolDeliveryJson } from "./peppol-delivery-json";

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceItemRow = typeof invoiceItems.$inferSelect;
export type InvoicePaymentRow = typeof invoicePayments.$inferSelect;

/** Statuses of an invoice the customer still owes (spec: expand=invoices; CUSTOMER_HAS_INVOICES; ar-ledger). */
export const OPEN_INVOICE_STATUSES = ["sent", "partially_paid", "overdue"] as const;

/** What is still owed (one definition, the settlement's). */
export const invoiceRemainingOre = remainingOre;

export function invoiceJson(r: InvoiceRow) {
  return {
    id: r.id,
    invoice_number: r.invoiceNumber,
    customer_id: r.customerId,
    customer_name: r.customerName,
    invoice_date: r.invoiceDate,
    due_date: r.dueDate,
    status: r.status,
    document_type: r.documentType,
    is_credit_note: r.isCreditNote,
    credited_invoice_id: r.creditedInvoiceId,
    credit_reason: r.creditReason,
    currency: r.currency,
    exchange_rate: r.exchangeRate === null ? null : Number(r.exchangeRate),
    subtotal: fromOre(r.subtotalOre),
    vat_amount: fromOre(r.vatOre),
    total: fromOre(r.totalOre),
    total_sek: r.totalSekOre === null ? null : fromOre(r.totalSekOre),
    vat_breakdown: r.vatBreakdown.map((v) => ({
      vat_rate: v.rateBp / 10_000,
      net: fromOre(v.netOre),
      vat: fromOre(v.vatOre),
    })),
    paid_amount: fromOre(r.paidOre),
    credited_amount: fromOre(r.creditedOre),
    // ROT/RUT: the customer does not owe the deduction (a credit note's is inside its credited amount)
    remaining_amount: fromOre(invoiceRemainingOre(r) - (r.isCreditNote ? 0 : r.deductionOre)),
    deduction_total: fromOre(r.deductionOre),
    is_self_billed: r.isSelfBilled,
    external_invoice_number: r.externalInvoiceNumber,
    received_date: r.receivedDate,
    default_dimensions: r.defaultDimensions,
    our_reference: r.ourReference,
    your_reference: r.yourReference,
    order_reference: r.orderReference,
    notes: r.notes,
    ocr_number: r.ocrNumber,
    journal_entry_id: r.journalEntryId,
    pdf_document_id: r.pdfDocumentId,
    kind: r.kind,
    interest: interestJson(r),
    sent_at: r.sentAt,
    paid_at: r.paidAt,
    cancelled_at: r.cancelledAt,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
  };
}

/** An interest invoice's computation (null on other invoices): the invoice, the days charged, each stretch. */
function interestJson(r: InvoiceRow) {
  if (r.kind !== "interest" || !r.interestDetail) return null;
  const d = r.interestDetail;
  return {
    invoice_id: r.interestOfInvoiceId,
    invoice_number: d.invoiceNumber,
    from: r.interestFrom,
    to: r.interestTo,
    days: d.stretches.reduce((n, s) => n + s.days, 0),
    agreed_rate_percent: d.ratePercent,
    stretches: d.stretches.map((s) => ({
      outstanding: fromOre(s.principalOre),
      from: s.from,
      to: s.to,
      days: s.days,
      periods: s.periods,
    })),
  };
}

export function invoiceItemJson(i: InvoiceItemRow) {
  return {
    id: i.id,
    description: i.description,
    quantity: Number(i.quantity),
    unit: i.unit,
    unit_price: fromOre(i.unitPriceOre),
    vat_rate: i.vatRateBp / 10_000,
    net_amount: fromOre(i.netOre),
    article_id: i.articleId,
    revenue_account: i.revenueAccount,
    supply_type: i.supplyType,
    vat_treatment: i.vatTreatment,
    credited_item_id: i.creditedItemId,
    dimensions: i.dimensions,
    deduction_type: i.deductionType,
    work_type: i.workType,
    labor_hours: i.laborHoursHundredths === null ? null : i.laborHoursHundredths / 100,
  };
}

export function invoicePaymentJson(p: InvoicePaymentRow) {
  return openItems.paymentJson(p);
}

export function loadInvoice(db: Database, companyId: string, id: string, code?: ErrorCode): Promise<InvoiceRow> {
  return openItems.loadItem(db, invoices, "invoice", companyId, id, code);
}

/** loadInvoice's read, batchable (a command's declared reads). */
export function invoiceRead(db: Database, companyId: string, id: string) {
  return db
    .select()
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, id)));
}

/** The invoice's customer id, as a subquery for a read in the same batch (customerRead). */
export function customerIdOfInvoice(db: Database, companyId: string, id: string) {
  return db
    .select({ id: invoices.customerId })
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, id)));
}

/** invoiceRead's row, or `code` (as loadInvoice). */
export function invoiceOf(row: InvoiceRow | undefined, id: string, code: ErrorCode = "NOT_FOUND"): InvoiceRow {
  if (!row) throw new ApiError(code, { resource: "invoice", id });
  return row;
}

/** itemsOfInvoice's read, batchable. */
export function itemsRead(db: Database, invoiceId: string) {
  return db
    .select()
    .from(invoiceItems)
    .where(eq(invoiceItems.invoiceId, invoiceId))
    .orderBy(asc(invoiceItems.sortOrder));
}

export async function itemsOfInvoice(db: Database, invoiceId: string): Promise<InvoiceItemRow[]> {
  return itemsRead(db, invoiceId).all();
}

/** The credit notes of an invoice (partial credits add up until the invoice is fully credited). */
export function creditNotesOf(db: Database, companyId: string, invoiceId: string) {
  return openItems.creditNotesOfItem<InvoiceRow, InvoiceItemRow>(
    db,
    invoices,
    RECEIVABLE_CHILDREN.lines,
    companyId,
    invoiceId,
  );
}

/** The issued invoice carrying this OCR reference (bank matching reads payments by it). */
export async function invoiceByOcr(db: Database, companyId: string, ocr: string): Promise<InvoiceRow | null> {
  return (
    (await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.companyId, companyId), eq(invoices.ocrNumber, ocr)))
      .get()) ?? null
  );
}

/** The payments that count (open-items' `countedPayments`): not reversed; with `asOf`, as the books show them then. */
export function paymentsOfInvoice(db: Database, invoiceId: string, asOf?: string): Promise<InvoicePaymentRow[]> {
  return openItems.countedPayments(db, invoicePayments, invoicePayments.invoiceId, invoiceId, asOf);
}

export interface InvoiceFilters {
  status?: InvoiceRow["status"];
  customer_id?: string;
  date_from?: string;
  date_to?: string;
}

export function listInvoices(
  db: Database,
  companyId: string,
  { customer_id: party, ...f }: InvoiceFilters,
  page: PageRequest,
) {
  return openItems.listItems<InvoiceRow, InvoiceRow["status"]>(db, RECEIVABLES, companyId, { ...f, party }, page);
}

export const INVOICE_EXPANSIONS = [
  "customer",
  "items",
  "payments",
  "deduction",
  "reminders",
  "peppol_delivery",
] as const;
export type InvoiceExpansion = (typeof INVOICE_EXPANSIONS)[number];

/**
 * The JSON of rows with the asked expansions, each loaded with one query for the lot.
 * What cannot be fully resolved is named in `partial` (meta.partial_expansions): a customer
 * not found (`customer: null`), a customer whose stored personnummer cannot be decrypted
 * (shown with `personal_number: null` rather than failing the whole read), an invoice with
 * a deduction whose breakdown is missing (`deduction: null`).
 */
export async function invoicesWith(
  env: Env,
  db: Database,
  companyId: string,
  rows: InvoiceRow[],
  expand: Set<InvoiceExpansion>,
  partial: PartialExpansions,
) {
  const loaded = await loadExpansions(env, db, companyId, rows, expand, partial);
  return rows.map((r) => expandedInvoice(r, expand, loaded, partial));
}

/** What the expansions asked for need, read for all the rows at once (invoicesWith's arguments). */
async function loadExpansions(...[env, db, companyId, rows, expand, partial]: Parameters<typeof invoicesWith>) {
  const ids = rows.map((r) => r.id);
  const { itemsOf, paymentsOf } = await openItems.linesAndPaymentsOf<InvoiceItemRow, InvoicePaymentRow>(
    db,
    ids,
    { items: expand.has("items"), payments: expand.has("payments") },
    RECEIVABLE_CHILDREN,
    { line: (i) => i.invoiceId, payment: (p) => p.invoiceId },
  );
  const customerIds = [...new Set(rows.map((r) => r.customerId))];
  const parties = expand.has("customer") ? await customersByIds(db, companyId, customerIds) : [];
  const partyJson = new Map(
    await Promise.all(parties.map(async (p) => [p.id, await expandedCustomer(env, p, partial)] as const)),
  );
  const deductions = expand.has("deduction") ? await deductionsJsonOf(db, ids) : new Map();
  const reminders = expand.has("reminders") ? groupBy(await remindersOf(db, ids), (r) => r.invoiceId) : new Map();
  const peppol = expand.has("peppol_delivery") ? await peppolDeliveriesOf(db, ids) : new Map();
  return {
    partyJson,
    deductions,
    reminders,
    peppol,
    itemsOf,
    paymentsOf,
  };
}

/** One invoice with its expansions; a customer or deduction that cannot be shown is named partial. */
function expandedInvoice(
  r: InvoiceRow,
  expand: Set<InvoiceExpansion>,
  loaded: Awaited<ReturnType<typeof loadExpansions>>,
  partial: PartialExpansions,
) {
  const { reminders, peppol, itemsOf, paymentsOf } = loaded;
  const { customer, deduction } = customerAndDeduction(r, expand, loaded, partial);
  return {
    ...invoiceJson(r),
    ...(expand.has("customer") && { customer }),
    ...(expand.has("items") && { items: (itemsOf.get(r.id) ?? []).map(invoiceItemJson) }),
    ...(expand.has("payments") && { payments: (paymentsOf.get(r.id) ?? []).map(invoicePaymentJson) }),
    ...(expand.has("deduction") && { deduction }),
    ...(expand.has("reminders") && { reminders: (reminders.get(r.id) ?? []).map(reminderJson) }),
    ...(expand.has("peppol_delivery") && {
      peppol_delivery: peppol.has(r.id) ? peppolDeliveryJson(peppol.get(r.id)!) : null,
    }),
  };
}

/** The invoice's customer and deduction when expanded: null (and named partial) when they cannot be shown. */
function customerAndDeduction(
  r: InvoiceRow,
  expand: Set<InvoiceExpansion>,
  loaded: Awaited<ReturnType<typeof loadExpansions>>,
  partial: PartialExpansions,
) {
  const customer = expand.has("customer") ? (loaded.partyJson.get(r.customerId) ?? null) : undefined;
  if (customer === null) partial.add("customer");
  const deduction = expand.has("deduction") ? (loaded.deductions.get(r.id) ?? null) : undefined;
  if (deduction === null && r.deductionOre !== 0) partial.add("deduction");
  return { customer, deduction };
}

/**
 * A customer for expand=customer. A stored personnummer that cannot be decrypted fails
 * GET /customers/{id} (CUSTOMER_PERSONAL_NUMBER_UNREADABLE), but here it would fail a whole
 * invoice list for one customer: the customer is shown without it and the expansion is
 * named partial.
 */
async function expandedCustomer(env: Env, row: Parameters<typeof customerJson>[1], partial: PartialExpansions) {
  try {
    return await customerJson(env, row);
  } catch (e) {
    if (!(e instanceof ApiError) || e.code !== "CUSTOMER_PERSONAL_NUMBER_UNREADABLE") throw e;
    partial.add("customer");
    return await customerJson(env, { ...row, personalNumberEnc: null });
  }
}

/** Open invoices of one customer (GET /customers/{id}?expand=invoices). */
export async function openInvoicesOf(db: Database, companyId: string, customerId: string) {
  const rows = await openItems.openItemsOfParty<InvoiceRow>(
    db,
    RECEIVABLES,
    companyId,
    customerId,
    invoices.invoiceNumber,
  );
  return rows.map(invoiceJson);
}

export function countOpenInvoices(db: Database, companyId: string, customerId: string): Promise<number> {
  return openItems.countOpenOfParty(db, RECEIVABLES, companyId, customerId);
}

/**
 * Invoices (document type invoice) still owed at `asOf`: sent by then, less the
 * payments and credit notes dated up to then. At today this is exactly the sent,
 * overdue and partially paid invoices. One set-based query.
 */
export async function openReceivablesAt(db: Database, companyId: string, asOf: string): Promise<OpenItem[]> {
  const rows = await db.all<OpenItemSqlRow>(sql`
    SELECT * FROM (
      SELECT i.id, i.customer_id AS party_id, i.customer_name AS party_name, i.invoice_number AS number, i.invoice_date, i.due_date, i.status,
             i.currency, i.exchange_rate AS rate, i.total_ore AS total,
             i.total_ore - i.deduction_ore
               - COALESCE((SELECT SUM(p.amount_ore) FROM invoice_payments p WHERE p.invoice_id = i.id AND p.payment_date <=
                 ${asOf} AND (p.reversal_date IS NULL OR p.reversal_date > ${asOf})), 0)
               + COALESCE((SELECT SUM(cn.total_ore) FROM invoices cn WHERE cn.credited_invoice_id = i.id AND cn.company_id =
                 i.company_id AND cn.invoice_date <= ${asOf}), 0) AS open
      FROM invoices i
      WHERE i.company_id = ${companyId} AND i.is_credit_note = 0 AND i.document_type = 'invoice'
        AND i.status IN ('sent', 'partially_paid', 'overdue', 'paid', 'credited') AND i.invoice_date <= ${asOf}
    ) WHERE open > 0
    ORDER BY party_name, party_id, due_date, number`);
  return rows.map(toOpenItem);
}

/** The minute sweep (open-items' `pastDueItems`): sent invoices past their due date become overdue, from the day after. */
export function companiesWithPastDueInvoices(db: Database, today: string): Promise<string[]> {
  return openItems.companiesWithPastDue(db, RECEIVABLES, today);
}

export function pastDueInvoices(db: Database, companyId: string, today: string): Promise<InvoiceRow[]> {
  return openItems.pastDueItems<InvoiceRow>(db, RECEIVABLES, companyId, today);
}

/** Bank matching (bank-transactions): the open invoices of the company, as JSON. */
export async function openInvoicesForMatching(db: Database, companyId: string) {
  const rows = await openItems.itemsForMatching<InvoiceRow>(db, RECEIVABLES, companyId, OPEN_INVOICE_STATUSES);
  return rows.map(invoiceJson);
}

/**
 * Bank suggestions: the company's paid or credited invoices (not credit notes) whose invoice
 * number or OCR number is one of `refs` (compared case-insensitively), at most 20. A bank row
 * that names one is that invoice's payment, already settled: nothing else is offered for it.
 */
export async function settledInvoicesNamed(db: Database, companyId: string, refs: string[]) {
  if (refs.length === 0) return [];
  const list = JSON.stringify([...new Set(refs.map((r) => r.toLowerCase()))]);
  return db
    .select({ id: invoices.id, invoiceNumber: invoices.invoiceNumber, status: invoices.status })
    .from(invoices)
    .where(
      and(
        eq(invoices.companyId, companyId),
        eq(invoices.isCreditNote, false),
        inArray(invoices.status, ["paid", "credited"]),
        sql`(lower(${invoices.invoiceNumber}) IN (SELECT value FROM json_each(${list})) OR ${invoices.ocrNumber} IN (SELECT value
          FROM json_each(${list})))`,
      ),
    )
    .limit(20)
    .all();
}

/**
 * Bank matching: one invoice of the company as JSON, or null, with open_sek_ore: the
 * SEK still on 1510 for it (booked SEK total less the SEK its payments took off).
 */
export function findInvoice(db: Database, companyId: string, id: string) {
  return openItems.itemWithOpenSek(db, RECEIVABLES, companyId, id, (row, paidSek) =>
    row.totalSekOre === null ? null : row.totalSekOre - row.deductionOre - paidSek,
  ) as Promise<(ReturnType<typeof invoiceJson> & { open_sek_ore: number | null }) | null>;
}

/**
 * The invoices and credit notes of these ids with their buyer as the EU sales list needs it (the
 * customer's current VAT number, country and type: an invoice keeps no copy of them). Ids of
 * another company or of no invoice are left out.
 */
export async function saleDocumentsByIds(db: Database, companyId: string, ids: string[]) {
  if (ids.length === 0) return [];
  // the ids travel as one JSON text: a month may have more invoices than D1 binds parameters (100)
  const rows = await db
    .select({
      id: invoices.id,
      number: invoices.invoiceNumber,
      customerId: invoices.customerId,
      customerName: invoices.customerName,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.companyId, companyId),
        sql`${invoices.id} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`,
      ),
    )
    .all();
  const customerIds = [...new Set(rows.map((r) => r.customerId))];
  const customers = new Map<string, Awaited<ReturnType<typeof customersByIds>>[number]>();
  for (let i = 0; i < customerIds.length; i += 90)
    for (const c of await customersByIds(db, companyId, customerIds.slice(i, i + 90))) customers.set(c.id, c);
  return rows.map((r) => {
    const c = customers.get(r.customerId);
    return {
      ...r,
      buyer: {
        type: c?.customerType ?? ("individual" as const),
        country: c?.country ?? null,
        vatNumber: c?.vatNumber ?? null,
      },
    };
  });
}

/**
 * Receivables, the customer invoices' side of the open items (domains/open-items): BAS
 * 1510, issued invoices of document type invoice, booked when issued unless under the
 * cash method.
 */
/** An invoice's lines and payments, for their expansions. */
const RECEIVABLE_CHILDREN = {
  lines: { table: invoiceItems, of: invoiceItems.invoiceId, order: invoiceItems.sortOrder },
  payments: { table: invoicePayments, of: invoicePayments.invoiceId, order: invoicePayments.paymentDate },
};

export const RECEIVABLES: openItems.OpenItemSide<InvoiceRow, InvoicePaymentRow> = {
  side: "receivable",
  resource: "invoice",
  items: invoices,
  payments: invoicePayments,
  paymentItem: invoicePayments.invoiceId,
  party: invoices.customerId,
  only: eq(invoices.documentType, "invoice"),
  open: OPEN_INVOICE_STATUSES,
  overdueFrom: ["sent", "partially_paid"],
  load: loadInvoice,
  json: invoiceJson,
  paymentJson: invoicePaymentJson,
  // credited stays credited; the deduction counts as paid
  statusWithoutPayment: (row, paidOre, today) =>
    openItems.statusWithoutPayment(
      {
        ...row,
        outstandingOre: row.totalOre - paidOre - row.creditedOre - row.deductionOre,
        paidOre,
        keep: ["credited"],
        unpaid: "sent",
      },
      today,
    ) as InvoiceRow["status"],
  // accrual or self-billed: booked when issued (journal_entry_id), a credited one is not open
  revaluation: {
    items: "invoices",
    payments: "invoice_payments",
    paymentKey: "invoice_id",
    number: "COALESCE(i.invoice_number, i.id)",
    open:
      "i.document_type = 'invoice' AND i.status IN ('sent', 'partially_paid', 'overdue') AND " +
      "i.journal_entry_id IS NOT NULL AND i.total_sek_ore IS NOT NULL",
    order: "i.invoice_date, number",
  },
};
