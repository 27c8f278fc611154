// Reads of bank transactions: one row, the list, what de-duplication and the two
// cross-domain guards (invoice mark-paid, period lock) need, and a merchant's history.
import { and, asc, desc, eq, gte, isNotNull, isNull, like, lte, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { bankTemplates, bankTransactions } from "../../db/schema";
import { ApiError } from "../../errors/api-error";
import { companyPage, type PageRequest } from "../../http/pagination";
import { fromOre } from "../../money";

/** No booking: what a transaction carries before it is booked, and again once its booking is undone. */
export const UNBOOKED = {
  journalEntryId: null,
  isBusiness: null,
  category: null,
  accountNumber: null,
  vatTreatment: null,
  templateId: null,
} as const;

export type BankTransactionRow = typeof bankTransactions.$inferSelect;
export type BankTemplateRow = typeof bankTemplates.$inferSelect;

/** Booked: by the row's own entry, or by the entry the reconciliation linked it to (a salary run's, a mark-paid's). */
export function transactionStatus(
  r: Pick<BankTransactionRow, "isIgnored" | "journalEntryId" | "reconciliationLinkId">,
) {
  if (r.isIgnored) return "ignored" as const;
  return r.journalEntryId || r.reconciliationLinkId ? ("booked" as const) : ("unbooked" as const);
}

export function transactionJson(r: BankTransactionRow) {
  return {
    id: r.id,
    date: r.date,
    value_date: r.valueDate,
    description: r.description,
    amount: fromOre(r.amountOre),
    currency: r.currency,
    amount_foreign: r.amountForeignOre === null ? null : fromOre(r.amountForeignOre),
    currency_foreign: r.currencyForeign,
    merchant_name: r.merchantName,
    counterparty_account: r.counterpartyAccount,
    reference: r.reference,
    reference_type: r.referenceType,
    ocr_references: r.ocrReferences,
    settlement_account: r.settlementAccount,
    journal_entry_id: r.journalEntryId,
    status: transactionStatus(r),
    is_business: r.isBusiness,
    category: r.category,
    account_number: r.accountNumber,
    vat_treatment: r.vatTreatment,
    template_id: r.templateId,
    invoice_id: r.invoiceId,
    supplier_invoice_id: r.supplierInvoiceId,
    potential_invoice_id: r.potentialInvoiceId,
    reconciliation_method: r.reconciliationMethod,
    reconciliation_link_id: r.reconciliationLinkId,
    is_ignored: r.isIgnored,
    ignored_at: r.ignoredAt,
    booked_at: r.bookedAt,
    bank_rule: r.bankRuleOutcome
      ? { rule_id: r.bankRuleId, outcome: r.bankRuleOutcome, proposal: r.bankRuleProposal ?? null, at: r.bankRuleAt }
      : null,
    import: {
      source: r.source,
      import_id: r.importId,
      format: r.bankFormat,
      external_id: r.externalId,
      balance_after: r.balanceAfterOre === null ? null : fromOre(r.balanceAfterOre),
      details: r.details ?? {},
    },
    created_at: r.createdAt,
    updated_at: r.updatedAt,
  };
}

export function templateJson(t: BankTemplateRow) {
  return {
    id: t.id,
    merchant: t.merchantKey,
    category: t.category,
    account_number: t.accountNumber,
    vat_treatment: t.vatTreatment,
    use_count: t.useCount,
    created_at: t.createdAt,
    updated_at: t.updatedAt,
  };
}

export async function loadTransaction(db: Database, companyId: string, id: string): Promise<BankTransactionRow> {
  const row = await db
    .select()
    .from(bankTransactions)
    .where(and(eq(bankTransactions.companyId, companyId), eq(bankTransactions.id, id)))
    .get();
  if (!row) throw new ApiError("NOT_FOUND", { resource: "transaction", id });
  return row;
}

export interface TransactionFilters {
  status?: "booked" | "unbooked";
  currency?: string;
  date_from?: string;
  date_to?: string;
  search?: string;
}

export async function listTransactions(db: Database, companyId: string, f: TransactionFilters, page: PageRequest) {
  const t = bankTransactions;
  const pattern = f.search ? `%${f.search.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` : null;
  return companyPage(
    db,
    t,
    companyId,
    page,
    f.status === "booked"
      ? and(or(isNotNull(t.journalEntryId), isNotNull(t.reconciliationLinkId)), eq(t.isIgnored, false))
      : undefined,
    f.status === "unbooked"
      ? and(isNull(t.journalEntryId), isNull(t.reconciliationLinkId), eq(t.isIgnored, false))
      : undefined,
    f.currency ? eq(t.currency, f.currency) : undefined,
    f.date_from ? gte(t.date, f.date_from) : undefined,
    f.date_to ? lte(t.date, f.date_to) : undefined,
    pattern ? sql`lower(${t.description}) LIKE ${pattern} ESCAPE '\\'` : undefined,
  );
}

/** Which of these de-duplication keys the account already holds (one query, keys as JSON). */
export async function existingDedupeKeys(
  db: Database,
  companyId: string,
  settlementAccount: string,
  keys: string[],
): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const rows = await db.all<{ k: string }>(
    sql`SELECT dedupe_key AS k FROM bank_transactions WHERE company_id = ${companyId}
      AND settlement_account = ${settlementAccount} AND dedupe_key IN (SELECT value FROM json_each(${JSON.stringify(keys)}))`,
  );
  return new Set(rows.map((r) => r.k));
}

/**
 * Unbooked, unignored transactions dated from..to: what stops a period from being locked. A row
 * the reconciliation linked to an entry booked elsewhere (a salary run's payment, an invoice's
 * mark-paid) is booked, as the reconciliation sees it.
 */
export async function countUnbookedTransactions(
  db: Database,
  companyId: string,
  from: string,
  to: string,
): Promise<number> {
  const row = await db
    .select({ n: sql<number>`count(*)` })
    .from(bankTransactions)
    .where(unbookedIn(companyId, from, to))
    .get();
  return Number(row?.n ?? 0);
}

/** What countUnbookedTransactions counts: unbooked, unlinked, unignored business rows dated from..to. */
function unbookedIn(companyId: string, from: string, to: string) {
  const t = bankTransactions;
  return and(
    eq(t.companyId, companyId),
    isNull(t.journalEntryId),
    isNull(t.reconciliationLinkId),
    eq(t.isIgnored, false),
    or(isNull(t.isBusiness), eq(t.isBusiness, true)),
    gte(t.date, from),
    lte(t.date, to),
  );
}

/** Inbound (or, with `outflow`, outgoing) transactions not linked to anything, not booked, not ignored. */
export async function unlinkedInbound(
  db: Database,
  companyId: string,
  filter: { amountOre?: number; currency?: string; text?: string; from?: string; to?: string; outflow?: boolean },
) {
  const t = bankTransactions;
  const parts = [];
  if (filter.amountOre !== undefined)
    parts.push(and(eq(t.amountOre, filter.amountOre), filter.currency ? eq(t.currency, filter.currency) : undefined));
  if (filter.amountOre !== undefined && filter.currency)
    parts.push(and(eq(t.amountForeignOre, filter.amountOre), eq(t.currencyForeign, filter.currency)));
  if (filter.text) {
    const p = `%${filter.text.toLowerCase()}%`;
    parts.push(
      or(
        like(sql`lower(${t.description})`, p),
        like(sql`lower(coalesce(${t.reference}, ''))`, p),
        like(t.ocrReferences, `%"${filter.text}"%`),
      ),
    );
  }
  return db
    .select()
    .from(t)
    .where(
      and(
        eq(t.companyId, companyId),
        filter.outflow ? sql`${t.amountOre} < 0` : sql`${t.amountOre} > 0`,
        isNull(t.journalEntryId),
        isNull(t.invoiceId),
        isNull(t.reconciliationLinkId),
        eq(t.isIgnored, false),
        filter.from ? gte(t.date, filter.from) : undefined,
        filter.to ? lte(t.date, filter.to) : undefined,
        or(...parts),
      ),
    )
    .orderBy(asc(t.date), asc(t.id))
    .limit(20)
    .all();
}

export async function templateByMerchant(
  db: Database,
  companyId: string,
  merchantKey: string,
): Promise<BankTemplateRow | undefined> {
  return db
    .select()
    .from(bankTemplates)
    .where(and(eq(bankTemplates.companyId, companyId), eq(bankTemplates.merchantKey, merchantKey)))
    .get();
}

export async function loadTemplate(db: Database, companyId: string, id: string): Promise<BankTemplateRow> {
  const row = await db
    .select()
    .from(bankTemplates)
    .where(and(eq(bankTemplates.companyId, companyId), eq(bankTemplates.id, id)))
    .get();
  if (!row) throw new ApiError("NOT_FOUND", { resource: "transaction_template", id });
  return row;
}

export async function listTemplates(db: Database, companyId: string) {
  return db
    .select()
    .from(bankTemplates)
    .where(eq(bankTemplates.companyId, companyId))
    .orderBy(desc(bankTemplates.useCount), asc(bankTemplates.merchantKey))
    .limit(500)
    .all();
}

/** The key a merchant's template and history are remembered under. */
export function merchantKeyOf(r: Pick<BankTransactionRow, "merchantName" | "description">): string {
  return (r.merchantName ?? r.description).normalize("NFC").toLowerCase().replace(/\s+/g, " ").trim();
}

/** A bank row as reconciliation sees it (external side of a bank account). */
export interface ReconciliationBankRow {
  id: string;
  date: string;
  description: string;
  amountOre: number;
  currency: string;
  reference: string | null;
  merchantName: string | null;
  journalEntryId: string | null;
  isIgnored: boolean;
  balanceAfterOre: number | null;
  source: "file" | "api";
  createdAt: string;
}

/** The settlement accounts (19xx) that hold imported or ingested rows. */
export async function settlementAccountsWithRows(db: Database, companyId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ a: bankTransactions.settlementAccount })
    .from(bankTransactions)
    .where(eq(bankTransactions.companyId, companyId))
    .all();
  return rows.map((r) => r.a).sort();
}

/** A settlement account's rows dated through a date (and, with `until`, those after it up to `until`), in insertion order. */
export async function bankRowsForReconciliation(
  db: Database,
  companyId: string,
  account: string,
  until: string,
): Promise<ReconciliationBankRow[]> {
  const rows = await db
    .select()
    .from(bankTransactions)
    .where(
      and(
        eq(bankTransactions.companyId, companyId),
        eq(bankTransactions.settlementAccount, account),
        lte(bankTransactions.date, until),
      ),
    )
    .orderBy(asc(bankTransactions.date), sql`rowid`)
    .all();
  return rows.map((r) => ({
    id: r.id,
    date: r.date,
    description: r.description,
    amountOre: r.amountOre,
    currency: r.currency,
    reference: r.reference,
    merchantName: r.merchantName,
    journalEntryId: r.journalEntryId,
    isIgnored: r.isIgnored,
    balanceAfterOre: r.balanceAfterOre,
    source: r.source,
    createdAt: r.createdAt,
  }));
}

/**
 * The payment loop's de-duplication (payment-batches): the company's earlier rows that carry one
 * of these end-to-end ids (details.end_to_end_id), so a payment a camt.054 brought is not stored
 * or booked again when the camt.053 brings it.
 */
export async function rowsWithEndToEndIds(db: Database, companyId: string, ids: string[]) {
  if (!ids.length) return [] as BankTransactionRow[];
  const t = bankTransactions;
  return db
    .select()
    .from(t)
    .where(
      and(
        eq(t.companyId, companyId),
        sql`json_extract(${t.details}, '$.end_to_end_id') IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`,
      ),
    )
    .all();
}

/** The month's close (month-close): up to `limit` unbooked rows dated from..to, as countUnbookedTransactions counts them. */
export async function unbookedTransactionsList(db: Database, companyId: string, from: string, to: string, limit = 50) {
  const t = bankTransactions;
  return db
    .select({ id: t.id, date: t.date, amountOre: t.amountOre, currency: t.currency, description: t.description })
    .from(t)
    .where(unbookedIn(companyId, from, to))
    .orderBy(asc(t.date))
    .limit(limit)
    .all();
}
