// Reads of supplier invoices: one row, lists with filters and expansions, the open
// items of the supplier ledger, and the overdue sweep.
import { remainingOre } from "../../ledger/settlement";
import { and, asc, eq, inArray, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { supplierInvoiceItems, supplierInvoicePayments, supplierInvoices } from "../../db/schema";
import type { ErrorCode } from "../../errors/catalogue";
import type { PageRequest } from "../../http/pagination";
import type { PartialExpansions } from "../../http/expand";
import { fromOre } from "../../money";
import { supplierJson, suppliersByIds } from "../suppliers";
import { toOpenItem, type OpenItem, type OpenItemSqlRow } from "../../db/open-items";
import * as openItems from "../open-items";
import { approvalJson, approvalsOfInvoices } from "./attest/queries";

export type SupplierInvoiceRow = typeof supplierInvoices.$inferSelect;
export type SupplierInvoiceItemRow = typeof supplierInvoiceItems.$inferSelect;
export type SupplierInvoicePaymentRow = typeof supplierInvoicePayments.$inferSelect;

/** Statuses of an invoice still owed (spec: expand=supplier_invoices; SUPPLIER_HAS_INVOICES). */
export const OPEN_SUPPLIER_INVOICE_STATUSES = [
  "registered",
  "approved",
  "partially_paid",
  "overdue",
  "disputed",
] as const;

/** What is still owed (one definition, the settlement's). */
export { remainingOre };

export function supplierInvoiceJson(r: SupplierInvoiceRow) {
  return {
    id: r.id,
    supplier_id: r.supplierId,
    supplier_name: r.supplierName,
    arrival_number: r.arrivalNumber,
    supplier_invoice_number: r.supplierInvoiceNumber,
    invoice_date: r.invoiceDate,
    due_date: r.dueDate,
    status: r.status,
    currency: r.currency,
    exchange_rate: Number(r.exchangeRate),
    subtotal: fromOre(r.subtotalOre),
    vat_amount: fromOre(r.vatOre),
    total: fromOre(r.totalOre),
    total_sek: fromOre(r.totalSekOre),
    paid_amount: fromOre(r.paidOre),
    credited_amount: fromOre(r.creditedOre),
    remaining_amount: fromOre(remainingOre(r)),
    is_credit_note: r.isCreditNote,
    credited_invoice_id: r.creditedInvoiceId,
    dispute_reason: r.disputeReason,
    default_dimensions: r.defaultDimensions,
    payment_reference: r.paymentReference,
    notes: r.notes,
    approved_at: r.approvedAt,
    approval_status: r.approvalStatus,
    registered_by: r.registeredBy,
    paid_at: r.paidAt,
    credit_reversed_at: r.creditReversedAt,
    credit_reversal_date: r.creditReversalDate,
    credit_reversal_journal_entry_id: r.creditReversalJournalEntryId,
    registration_journal_entry_id: r.registrationJournalEntryId,
    payment_journal_entry_id: r.paymentJournalEntryId,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
  };
}

export function supplierInvoiceItemJson(i: SupplierInvoiceItemRow) {
  return {
    id: i.id,
    description: i.description,
    amount: fromOre(i.amountOre),
    account_number: i.accountNumber,
    vat_rate: i.vatRateBp / 10_000,
    vat_amount: fromOre(i.vatOre),
    apply_slp: i.applySlp,
    supply_type: i.supplyType,
    vat_treatment: i.vatTreatment,
    dimensions: i.dimensions,
    credited_item_id: i.creditedItemId,
  };
}

export function supplierInvoicePaymentJson(p: SupplierInvoicePaymentRow) {
  return openItems.paymentJson(p, { settlement_account: p.settlementAccount });
}

export function loadSupplierInvoice(
  db: Database,
  companyId: string,
  id: string,
  code?: ErrorCode,
): Promise<SupplierInvoiceRow> {
  return openItems.loadItem(db, supplierInvoices, "supplier_invoice", companyId, id, code);
}

export async function itemsOfSupplierInvoice(db: Database, invoiceId: string): Promise<SupplierInvoiceItemRow[]> {
  return db
    .select()
    .from(supplierInvoiceItems)
    .where(eq(supplierInvoiceItems.supplierInvoiceId, invoiceId))
    .orderBy(asc(supplierInvoiceItems.sortOrder))
    .all();
}

/** The payments that count (open-items' `countedPayments`): not reversed; with `asOf`, as the books show them then. */
export function paymentsOfSupplierInvoice(
  db: Database,
  invoiceId: string,
  asOf?: string,
): Promise<SupplierInvoicePaymentRow[]> {
  return openItems.countedPayments(
    db,
    supplierInvoicePayments,
    supplierInvoicePayments.supplierInvoiceId,
    invoiceId,
    asOf,
  );
}

/** The credit notes of a supplier invoice and their items (what partial credits have taken so far), oldest first. */
export function creditNotesOfSupplierInvoice(db: Database, companyId: string, invoiceId: string) {
  return openItems.creditNotesOfItem<SupplierInvoiceRow, SupplierInvoiceItemRow>(
    db,
    supplierInvoices,
    PAYABLE_CHILDREN.lines,
    companyId,
    invoiceId,
    // a credit note whose credit was reversed no longer counts
    { still: isNull(supplierInvoices.creditReversedAt), order: supplierInvoices.createdAt },
  );
}

export interface SupplierInvoiceFilters {
  status?: SupplierInvoiceRow["status"];
  supplier_id?: string;
  currency?: string;
  date_from?: string;
  date_to?: string;
}

export function listSupplierInvoices(
  db: Database,
  companyId: string,
  { supplier_id: party, ...f }: SupplierInvoiceFilters,
  page: PageRequest,
) {
  return openItems.listItems<SupplierInvoiceRow, SupplierInvoiceRow["status"]>(
    db,
    PAYABLES,
    companyId,
    { ...f, party },
    page,
  );
}

export const SUPPLIER_INVOICE_EXPANSIONS = ["supplier", "items", "payments"] as const;
export type SupplierInvoiceExpansion = (typeof SUPPLIER_INVOICE_EXPANSIONS)[number];

/**
 * The JSON of rows with the asked expansions, each loaded with one query for the lot. A
 * supplier not found is `supplier: null` and named in `partial` (meta.partial_expansions).
 */
export async function supplierInvoicesWith(
  db: Database,
  companyId: string,
  rows: SupplierInvoiceRow[],
  expand: Set<SupplierInvoiceExpansion>,
  partial: PartialExpansions,
) {
  const { itemsOf, paymentsOf } = await openItems.linesAndPaymentsOf<SupplierInvoiceItemRow, SupplierInvoicePaymentRow>(
    db,
    rows.map((r) => r.id),
    { items: expand.has("items"), payments: expand.has("payments") },
    PAYABLE_CHILDREN,
    { line: (i) => i.supplierInvoiceId, payment: (p) => p.supplierInvoiceId },
  );
  const supplierIds = [...new Set(rows.map((r) => r.supplierId))];
  const parties = expand.has("supplier") ? await suppliersByIds(db, companyId, supplierIds) : [];
  const partyJson = new Map(parties.map((p) => [p.id, supplierJson(p)]));
  const supplierOf = (id: string) => {
    const found = partyJson.get(id) ?? null;
    if (found === null) partial.add("supplier");
    return found;
  };
  const decisions = await approvalsOfInvoices(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    ...supplierInvoiceJson(r),
    ...approvalJson(r, decisions.get(r.id) ?? []),
    ...(expand.has("supplier") && { supplier: supplierOf(r.supplierId) }),
    ...(expand.has("items") && { items: (itemsOf.get(r.id) ?? []).map(supplierInvoiceItemJson) }),
    ...(expand.has("payments") && { payments: (paymentsOf.get(r.id) ?? []).map(supplierInvoicePaymentJson) }),
  }));
}

/** Open supplier invoices of one supplier (GET /suppliers/{id}?expand=supplier_invoices). */
export async function openSupplierInvoicesOf(db: Database, companyId: string, supplierId: string) {
  const number = supplierInvoices.arrivalNumber;
  const rows = await openItems.openItemsOfParty<SupplierInvoiceRow>(db, PAYABLES, companyId, supplierId, number);
  return rows.map(supplierInvoiceJson);
}

export function countOpenSupplierInvoices(db: Database, companyId: string, supplierId: string): Promise<number> {
  return openItems.countOpenOfParty(db, PAYABLES, companyId, supplierId);
}

/**
 * Supplier invoices still owed at `asOf`: registered by then, less the payments and
 * credit notes dated up to then. One set-based query; no lines are walked.
 */
export async function openSupplierItemsAt(db: Database, companyId: string, asOf: string): Promise<OpenItem[]> {
  const rows = await db.all<OpenItemSqlRow>(sql`
    SELECT * FROM (
      SELECT si.id, si.supplier_id AS party_id, si.supplier_name AS party_name, si.arrival_number AS arrival, si.supplier_invoice_number AS number,
             si.invoice_date, si.due_date, si.status, si.currency, si.exchange_rate AS rate, si.total_ore AS total,
             si.total_ore
               - COALESCE((SELECT SUM(p.amount_ore) FROM supplier_invoice_payments p WHERE p.supplier_invoice_id = si.id AND
                 p.payment_date <= ${asOf} AND (p.reversal_date IS NULL OR p.reversal_date > ${asOf})), 0)
               + COALESCE((SELECT SUM(cn.total_ore) FROM supplier_invoices cn WHERE cn.credited_invoice_id = si.id AND
                 cn.company_id = si.company_id AND cn.invoice_date <= ${asOf} AND (cn.credit_reversal_date IS NULL OR
                   cn.credit_reversal_date > ${asOf})), 0) AS open
      FROM supplier_invoices si
      WHERE si.company_id = ${companyId} AND si.is_credit_note = 0 AND si.invoice_date <= ${asOf}
    ) WHERE open > 0
    ORDER BY party_name, party_id, due_date, arrival`);
  return rows.map(toOpenItem);
}

/** The minute sweep (open-items' `pastDueItems`): unpaid, undisputed supplier invoices past their due date become overdue. */
export function companiesWithPastDueSupplierInvoices(db: Database, today: string): Promise<string[]> {
  return openItems.companiesWithPastDue(db, PAYABLES, today);
}

export function pastDueSupplierInvoices(db: Database, companyId: string, today: string): Promise<SupplierInvoiceRow[]> {
  return openItems.pastDueItems<SupplierInvoiceRow>(db, PAYABLES, companyId, today);
}

/** Bank matching (bank-transactions): the open supplier invoices of the company (disputed ones aside), as JSON. */
export async function openSupplierInvoicesForMatching(db: Database, companyId: string) {
  const open = ["registered", "approved", "partially_paid", "overdue"] as const;
  const rows = await openItems.itemsForMatching<SupplierInvoiceRow>(db, PAYABLES, companyId, open);
  return rows.map(supplierInvoiceJson);
}

/**
 * Bank suggestions: the company's paid or credited supplier invoices (not credit notes) whose
 * number or payment reference (OCR) is one of `refs` (compared case-insensitively), at most 20.
 */
export async function settledSupplierInvoicesNamed(db: Database, companyId: string, refs: string[]) {
  if (refs.length === 0) return [];
  const list = JSON.stringify([...new Set(refs.map((r) => r.toLowerCase()))]);
  const t = supplierInvoices;
  return db
    .select({ id: t.id, supplierInvoiceNumber: t.supplierInvoiceNumber, status: t.status })
    .from(t)
    .where(
      and(
        eq(t.companyId, companyId),
        eq(t.isCreditNote, false),
        inArray(t.status, ["paid", "credited"]),
        sql`(lower(${t.supplierInvoiceNumber}) IN (SELECT value FROM json_each(${list})) OR lower(coalesce(${t.paymentReference},
          '')) IN (SELECT value FROM json_each(${list})))`,
      ),
    )
    .limit(20)
    .all();
}

/** Bank matching: one supplier invoice as JSON, or null, with open_sek_ore (SEK still on 2440 for it). */
export function findSupplierInvoice(db: Database, companyId: string, id: string) {
  return openItems.itemWithOpenSek(db, PAYABLES, companyId, id, (row, paidSek) => row.totalSekOre - paidSek) as Promise<
    (ReturnType<typeof supplierInvoiceJson> & { open_sek_ore: number }) | null
  >;
}

/** The supplier's invoices and credit notes that meet `more` too. */
const ofSupplier = (companyId: string, supplierId: string, ...more: SQL[]) =>
  and(eq(supplierInvoices.companyId, companyId), eq(supplierInvoices.supplierId, supplierId), ...more);

/** A supplier's invoice (not a credit note) by the supplier's own invoice number, or null. */
export async function supplierInvoiceByNumber(db: Database, companyId: string, supplierId: string, number: string) {
  const mine = [eq(supplierInvoices.supplierInvoiceNumber, number), eq(supplierInvoices.isCreditNote, false)];
  return (
    (await db
      .select()
      .from(supplierInvoices)
      .where(ofSupplier(companyId, supplierId, ...mine))
      .get()) ?? null
  );
}

/** A supplier's credit note that still counts (not reversed) whose notes are exactly `notes`, or null. */
export async function activeSupplierCreditNoteWithNotes(
  db: Database,
  companyId: string,
  supplierId: string,
  notes: string,
) {
  const t = supplierInvoices;
  const counting = [eq(t.isCreditNote, true), isNull(t.creditReversedAt), eq(t.notes, notes)];
  return (
    (await db
      .select({ id: t.id, creditedInvoiceId: t.creditedInvoiceId })
      .from(t)
      .where(ofSupplier(companyId, supplierId, ...counting))
      .get()) ?? null
  );
}

/**
 * Payables, the supplier invoices' side of the open items (domains/open-items): BAS
 * 2440, registered on it unless under the cash method; a disputed invoice stays open.
 */
/** A supplier invoice's lines and payments, for their expansions. */
const PAYABLE_CHILDREN = {
  lines: {
    table: supplierInvoiceItems,
    of: supplierInvoiceItems.supplierInvoiceId,
    order: supplierInvoiceItems.sortOrder,
  },
  payments: {
    table: supplierInvoicePayments,
    of: supplierInvoicePayments.supplierInvoiceId,
    order: supplierInvoicePayments.paymentDate,
  },
};

export const PAYABLES: openItems.OpenItemSide<SupplierInvoiceRow, SupplierInvoicePaymentRow> = {
  side: "payable",
  resource: "supplier_invoice",
  items: supplierInvoices,
  payments: supplierInvoicePayments,
  paymentItem: supplierInvoicePayments.supplierInvoiceId,
  party: supplierInvoices.supplierId,
  open: OPEN_SUPPLIER_INVOICE_STATUSES,
  overdueFrom: ["registered", "approved", "partially_paid"],
  load: loadSupplierInvoice,
  json: supplierInvoiceJson,
  paymentJson: supplierInvoicePaymentJson,
  // credited and disputed stay; nothing paid: approved or registered
  statusWithoutPayment: (row, paidOre, today) =>
    openItems.statusWithoutPayment(
      {
        ...row,
        outstandingOre: row.totalOre - paidOre - row.creditedOre,
        paidOre,
        keep: ["credited", "disputed"],
        unpaid: row.approvedAt ? "approved" : "registered",
      },
      today,
    ) as SupplierInvoiceRow["status"],
  // registered on 2440 (accrual)
  revaluation: {
    items: "supplier_invoices",
    payments: "supplier_invoice_payments",
    paymentKey: "supplier_invoice_id",
    number: "i.supplier_invoice_number",
    open: "i.status IN ('registered', 'approved', 'partially_paid', 'overdue', 'disputed') AND i.registration_journal_entry_id IS NOT NULL",
    order: "i.invoice_date, i.arrival_number",
  },
};

/**
 * Payment proposals (payment-batches): the supplier invoices that may be paid, due on or before
 * `dueBy`: booked (registered with an entry) and approved, open (approved, partially paid or
 * overdue), not a credit note, something left to pay; oldest due first. The batches they are
 * already in are the payment-batches domain's to leave out.
 */
export async function payableSupplierInvoices(db: Database, companyId: string, dueBy: string) {
  const t = supplierInvoices;
  const rows = await db
    .select()
    .from(t)
    .where(
      and(
        eq(t.companyId, companyId),
        eq(t.isCreditNote, false),
        inArray(t.status, ["approved", "partially_paid", "overdue"]),
        sql`${t.approvedAt} IS NOT NULL`,
        // the attest (docs/approvals.md): an invoice under an approval rule is paid only once it is met
        inArray(t.approvalStatus, ["not_required", "approved"]),
        lte(t.dueDate, dueBy),
      ),
    )
    .orderBy(asc(t.dueDate), asc(t.arrivalNumber))
    .all();
  return rows.filter((r) => remainingOre(r) > 0).map(supplierInvoiceJson);
}

/**
 * The month's close (month-close): supplier invoices dated on or before `upTo` still waiting for
 * approval (registered or overdue and never approved, or its attest pending or rejected; not a
 * credit note), oldest first, at most `limit`.
 */
export async function supplierInvoicesAwaitingApproval(db: Database, companyId: string, upTo: string, limit = 50) {
  const t = supplierInvoices;
  return db
    .select({ id: t.id, supplierName: t.supplierName, number: t.supplierInvoiceNumber, invoiceDate: t.invoiceDate })
    .from(t)
    .where(
      and(
        eq(t.companyId, companyId),
        eq(t.isCreditNote, false),
        // not yet approved (registered, or overdue when its due date passed before an approval), or
        // waiting on its attest (pending, or rejected back to its registrant)
        or(
          and(inArray(t.status, ["registered", "overdue"]), isNull(t.approvedAt)),
          and(
            inArray(t.approvalStatus, ["pending", "rejected"]),
            inArray(t.status, ["approved", "partially_paid", "overdue", "disputed"]),
          ),
        ),
        lte(t.invoiceDate, upTo),
      ),
    )
    .orderBy(asc(t.invoiceDate))
    .limit(limit)
    .all();
}
