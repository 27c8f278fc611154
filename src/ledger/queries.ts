// Reads of the journal that other domains need, so they never query the ledger's
// tables themselves.
import { and, eq, gte, inArray, like, lte, ne, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { groupBy } from "../db/group";
import { accountBalances, accountDayBalances, journalEntries, journalLines } from "../db/schema";
import { isVatSettlementEntry, VAT_SETTLEMENT_ACCOUNT } from "../sweden/vat-declaration";

/** The source type of an opening-balance entry (ingående balans), which reports and SIE #IB treat apart. */
export const OPENING_SOURCE = "opening_balance";

/** The company's entries that meet `more` (undefined ones left out): where the reads of entries here start. */
const entriesOf = (companyId: string, ...more: (SQL | undefined)[]) =>
  and(eq(journalEntries.companyId, companyId), ...more);
const ofPeriod = (periodId: string) => eq(journalEntries.fiscalPeriodId, periodId);
const POSTED = eq(journalEntries.status, "posted");

/** How many of the company's entries meet the condition. */
async function countEntries(db: Database, where: SQL | undefined): Promise<number> {
  const [{ n }] = await db.select({ n: sql<number>`COUNT(*)` }).from(journalEntries).where(where).all();
  return Number(n);
}

/**
 * `read` of the ids 90 at a time (a statement binds at most 100 parameters on D1), the
 * answers in the order of the chunks.
 */
async function inChunks<T>(ids: string[], read: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += 90) out.push(...(await read(ids.slice(i, i + 90))));
  return out;
}

/** Entries of a period that are not cancelled, leaving out those whose source id starts with a prefix. */
export async function countEntriesInPeriod(
  db: Database,
  companyId: string,
  periodId: string,
  exceptSourcePrefix?: string,
): Promise<number> {
  const except =
    exceptSourcePrefix === undefined
      ? undefined
      : sql`COALESCE(${journalEntries.sourceId}, '') NOT LIKE ${`${exceptSourcePrefix}%`}`;
  return countEntries(db, entriesOf(companyId, ofPeriod(periodId), ne(journalEntries.status, "cancelled"), except));
}

/** The source ids already posted with a prefix: what an interrupted import wrote before. */
export async function postedSourceIds(db: Database, companyId: string, prefix: string): Promise<Set<string>> {
  const rows = await db
    .select({ s: journalEntries.sourceId })
    .from(journalEntries)
    .where(entriesOf(companyId, like(journalEntries.sourceId, `${prefix}%`)))
    .all();
  return new Set(rows.map((r) => r.s!));
}

/** Which of these entries are posted (a document that supports a posted entry is frozen, BFL 5 kap 6 §). */
export async function postedEntryIds(
  db: Database,
  companyId: string,
  entryIds: (string | null)[],
): Promise<Set<string>> {
  const ids = [...new Set(entryIds.filter((x): x is string => !!x))];
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: journalEntries.id })
    .from(journalEntries)
    .where(entriesOf(companyId, inArray(journalEntries.id, ids), POSTED))
    .all();
  return new Set(rows.map((r) => r.id));
}

/** Whether the entry exists in the company (and its status), and the line in that entry. */
export async function entryAndLineExist(
  db: Database,
  companyId: string,
  entryId: string,
  lineId: string | null,
): Promise<{ entry: boolean; line: boolean; status: string | null }> {
  const [entries, lines] = await db.batch([
    db
      .select({ id: journalEntries.id, status: journalEntries.status })
      .from(journalEntries)
      .where(entriesOf(companyId, eq(journalEntries.id, entryId))),
    db
      .select({ id: journalLines.id })
      .from(journalLines)
      .where(
        and(
          eq(journalLines.companyId, companyId),
          eq(journalLines.id, lineId ?? ""),
          eq(journalLines.journalEntryId, entryId),
        ),
      ),
  ]);
  return { entry: entries.length > 0, line: lines.length > 0, status: entries[0]?.status ?? null };
}

/** The drafts of a period (dated on or before `through`, when given): a period with drafts cannot be locked. */
export function draftCount(db: Database, companyId: string, periodId: string, through?: string): Promise<number> {
  const dated = through === undefined ? undefined : sql`${journalEntries.entryDate} <= ${through}`;
  return countEntries(db, entriesOf(companyId, ofPeriod(periodId), eq(journalEntries.status, "draft"), dated));
}

/** Debit and credit totals per account of a whole period (the balances the engine keeps): the year-end's trial balance. */
export async function periodAccountTotals(
  db: Database,
  companyId: string,
  periodId: string,
): Promise<{ account: string; debitOre: number; creditOre: number }[]> {
  const rows = await db
    .select()
    .from(accountBalances)
    .where(and(eq(accountBalances.companyId, companyId), eq(accountBalances.fiscalPeriodId, periodId)))
    .all();
  return rows.map((r) => ({ account: r.accountNumber, debitOre: r.debitOre, creditOre: r.creditOre }));
}

/** The voucher numbers used in a period, per series, ascending (posted entries only). */
export async function voucherNumbersBySeries(
  db: Database,
  companyId: string,
  periodId: string,
): Promise<Map<string, number[]>> {
  const rows = await db
    .select({ s: journalEntries.voucherSeries, n: journalEntries.voucherNumber })
    .from(journalEntries)
    .where(entriesOf(companyId, ofPeriod(periodId), POSTED))
    .orderBy(journalEntries.voucherSeries, journalEntries.voucherNumber)
    .all();
  const out = new Map<string, number[]>();
  for (const r of rows) out.set(r.s, [...(out.get(r.s) ?? []), r.n]);
  return out;
}

/** The posted entries of a period with a source type (the opening entry, a closing entry), oldest first. */
export async function postedEntriesOfSource(
  db: Database,
  companyId: string,
  periodId: string,
  sourceType: string,
): Promise<{ id: string; voucherSeries: string; voucherNumber: number; createdAt: string }[]> {
  return db
    .select({
      id: journalEntries.id,
      voucherSeries: journalEntries.voucherSeries,
      voucherNumber: journalEntries.voucherNumber,
      createdAt: journalEntries.createdAt,
    })
    .from(journalEntries)
    .where(entriesOf(companyId, ofPeriod(periodId), POSTED, eq(journalEntries.sourceType, sourceType)))
    .orderBy(journalEntries.createdAt)
    .all();
}

/** One posted line on an account, with its entry: what reconciliation sets against outside data. */
export interface AccountLedgerLine {
  lineId: string;
  entryId: string;
  entryDate: string;
  description: string;
  voucherSeries: string;
  voucherNumber: number;
  sourceType: string;
  reversesId: string | null;
  reversedById: string | null;
  /** debit minus credit, öre */
  amountOre: number;
}

/**
 * An account's balance through a date (posted entries of the period covering the date, the
 * opening balance included), with the count and sums that fingerprint those books. The sums
 * come from the per-day balances the engine keeps, as every report's do; the count walks the
 * account's lines of the period by journal_lines_account_date_idx (a line carries its entry's
 * date), checking each line's entry is posted. Nothing here sums lines any more, so no index
 * is kept for that (migration 0040, docs/scaling.md).
 */
export async function accountBalanceThrough(
  db: Database,
  companyId: string,
  account: string,
  through: string,
): Promise<{
  periodId: string | null;
  balanceOre: number;
  lineCount: number;
  debitOre: number;
  creditOre: number;
  periodStart: string | null;
}> {
  const period = await fiscalPeriodAt(db, companyId, through);
  if (!period) return { periodId: null, balanceOre: 0, lineCount: 0, debitOre: 0, creditOre: 0, periodStart: null };
  const [sums, count] = await db.batch([
    db
      .select({
        d: sql<number | null>`SUM(${accountDayBalances.debitOre})`,
        c: sql<number | null>`SUM(${accountDayBalances.creditOre})`,
      })
      .from(accountDayBalances)
      .where(
        and(
          eq(accountDayBalances.companyId, companyId),
          eq(accountDayBalances.fiscalPeriodId, period.id),
          lte(accountDayBalances.entryDate, through),
          eq(accountDayBalances.accountNumber, account),
        ),
      ),
    db
      .select({ n: sql<number>`COUNT(*)` })
      .from(journalLines)
      .innerJoin(journalEntries, eq(journalEntries.id, journalLines.journalEntryId))
      .where(
        and(
          eq(journalLines.companyId, companyId),
          eq(journalLines.accountNumber, account),
          gte(journalLines.entryDate, period.start),
          lte(journalLines.entryDate, through),
          eq(journalEntries.fiscalPeriodId, period.id),
          eq(journalEntries.status, "posted"),
        ),
      ),
  ]);
  const debitOre = Number(sums[0]?.d ?? 0);
  const creditOre = Number(sums[0]?.c ?? 0);
  return {
    periodId: period.id,
    balanceOre: debitOre - creditOre,
    lineCount: Number(count[0]?.n ?? 0),
    debitOre,
    creditOre,
    periodStart: period.start,
  };
}

/** The columns every account-line read selects (entries e joined with lines l), and their row. */
const ACCOUNT_LINE_COLUMNS =
  sql.raw(`l.id AS line_id, e.id AS entry_id, e.entry_date, COALESCE(l.line_description, e.description) AS description,
    e.voucher_series, e.voucher_number,
  e.source_type, e.reverses_id, e.reversed_by_id, l.debit_ore - l.credit_ore AS amount`);
type AccountLineRow = {
  line_id: string;
  entry_id: string;
  entry_date: string;
  description: string;
  voucher_series: string;
  voucher_number: number;
  source_type: string;
  reverses_id: string | null;
  reversed_by_id: string | null;
  amount: number;
};
function accountLine(r: AccountLineRow): AccountLedgerLine {
  return {
    lineId: r.line_id,
    entryId: r.entry_id,
    entryDate: r.entry_date,
    description: r.description,
    voucherSeries: r.voucher_series,
    voucherNumber: Number(r.voucher_number),
    sourceType: r.source_type,
    reversesId: r.reverses_id,
    reversedById: r.reversed_by_id,
    amountOre: Number(r.amount),
  };
}

/**
 * The line's own company and date (a line carries its entry's date) from the period's start
 * through a date: with the account, a range of journal_lines_account_date_idx, so a read of an
 * account's lines walks only those lines instead of every entry of the period (the entries'
 * conditions still decide; these only narrow the walk). Without it, the planner went from
 * the entries to their lines through the entry-cover index, dropped by migration 0040.
 */
function accountLinesOfPeriod(companyId: string, periodId: string, through: string) {
  return sql`l.company_id = ${companyId} AND l.entry_date <= ${through}
      AND l.entry_date >= (SELECT period_start FROM fiscal_periods WHERE id = ${periodId})`;
}

/**
 * The posted lines on an account in a fiscal period dated through a date (`also`: what else
 * they must meet), as FROM, WHERE and ORDER BY of a read of lines with their entries.
 */
function periodAccountLines(companyId: string, periodId: string, account: string, through: string, also = sql``) {
  return sql`FROM journal_entries e JOIN journal_lines l ON l.journal_entry_id = e.id
    WHERE e.company_id = ${companyId} AND e.fiscal_period_id = ${periodId} AND e.status = 'posted'
      AND e.entry_date <= ${through} AND l.account_number = ${account} ${also}
      AND ${accountLinesOfPeriod(companyId, periodId, through)}
    ORDER BY e.entry_date, e.voucher_series, e.voucher_number, l.sort_order`;
}

/** The posted lines on an account in a fiscal period dated through a date, opening balances left out, oldest first. */
export async function accountLinesThrough(
  db: Database,
  companyId: string,
  periodId: string,
  account: string,
  through: string,
): Promise<AccountLedgerLine[]> {
  const notOpening = sql`AND e.source_type <> ${OPENING_SOURCE}`;
  const rows = await db.all<AccountLineRow>(
    sql`SELECT ${ACCOUNT_LINE_COLUMNS} ${periodAccountLines(companyId, periodId, account, through, notOpening)}`,
  );
  return rows.map(accountLine);
}

/** Entry dates of posted entries, by id (a bank row's entry may lie after the reconciled date). */
export async function entryDates(db: Database, companyId: string, entryIds: string[]): Promise<Map<string, string>> {
  const rows = await inChunks([...new Set(entryIds)], (ids) =>
    db
      .select({ id: journalEntries.id, d: journalEntries.entryDate })
      .from(journalEntries)
      .where(entriesOf(companyId, inArray(journalEntries.id, ids), POSTED))
      .all(),
  );
  return new Map(rows.map((r) => [r.id, r.d]));
}

/** The most recent posting time of an entry dated through a date on an account after an instant: when signed-off books changed. */
export async function lastPostingAfter(
  db: Database,
  companyId: string,
  account: string,
  through: string,
  after: string,
): Promise<string | null> {
  const row = await db.get<{ t: string | null }>(sql`
    SELECT MAX(e.posted_at) AS t FROM journal_entries e
    WHERE e.company_id = ${companyId} AND e.status = 'posted' AND e.entry_date <= ${through} AND e.posted_at > ${after}
      AND EXISTS (SELECT 1 FROM journal_lines l WHERE l.journal_entry_id = e.id AND l.account_number = ${account})`);
  return row?.t ?? null;
}

/** Posted lines on an account by line id (the ledger side of a reconciliation link). */
export async function accountLinesByIds(
  db: Database,
  companyId: string,
  account: string,
  lineIds: string[],
): Promise<AccountLedgerLine[]> {
  const rows = await inChunks(lineIds, (ids) =>
    db.all<AccountLineRow>(sql`
      SELECT ${ACCOUNT_LINE_COLUMNS}
      FROM journal_lines l JOIN journal_entries e ON e.id = l.journal_entry_id
      WHERE l.company_id = ${companyId} AND e.status = 'posted' AND l.account_number = ${account} AND l.id IN (${sql.join(
        ids.map((x) => sql`${x}`),
        sql`, `,
      )})`),
  );
  return rows.map(accountLine);
}

/** A posted line on an account, with the other accounts its entry touches (how reconciliation tells a settlement from what it settles). */
export interface ClassifiedAccountLine extends AccountLedgerLine {
  otherAccounts: string[];
  isOpening: boolean;
}

/** The posted lines on an account in a period through a date (the opening balance flagged), with the other accounts of each entry. */
export async function accountLinesWithCounterparts(
  db: Database,
  companyId: string,
  periodId: string,
  account: string,
  through: string,
): Promise<ClassifiedAccountLine[]> {
  const rows = await db.all<AccountLineRow & { others: string | null }>(sql`
    SELECT ${ACCOUNT_LINE_COLUMNS},
           (SELECT GROUP_CONCAT(DISTINCT o.account_number) FROM journal_lines o WHERE o.journal_entry_id = e.id AND
             o.account_number <> ${account}) AS others
    ${periodAccountLines(companyId, periodId, account, through)}`);
  return rows.map((r) => ({
    ...accountLine(r),
    otherAccounts: r.others ? r.others.split(",") : [],
    isOpening: r.source_type === OPENING_SOURCE,
  }));
}

export interface VatMovement {
  /** YYYY-MM */
  month: string;
  account: string;
  debitOre: number;
  creditOre: number;
}

/**
 * What a VAT declaration is made of: debit and credit per month and account of the posted
 * entries dated from..to (inside one fiscal period when `periodId` is given), the opening entry
 * left out and every VAT settlement entry left out (`isVatSettlementEntry`: the transfer of the
 * VAT accounts to 2650 and its payment), whenever and however it was posted. The one read
 * behind the momsdeklaration report and the reconciliation of 2650, so the two agree.
 *
 * Summed from the per-day balances the engine keeps, as every report is; only the lines of
 * entries that touch 2650 are read, to find the settlements and take their lines back out
 * (`vatSettlementEntries`).
 */
export async function vatDeclarationMovements(
  db: Database,
  companyId: string,
  f: { periodId?: string; from: string; to: string },
): Promise<VatMovement[]> {
  const [days, settlements] = await Promise.all([
    db.all<{ m: string; a: string; d: number; c: number }>(sql`
      SELECT substr(entry_date, 1, 7) AS m, account_number AS a, SUM(debit_ore) AS d, SUM(credit_ore) AS c
      FROM account_day_balances
      WHERE company_id = ${companyId} AND opening = 0 AND entry_date >= ${f.from} AND entry_date <= ${f.to}
        ${f.periodId ? sql`AND fiscal_period_id = ${f.periodId}` : sql``}
      GROUP BY substr(entry_date, 1, 7), account_number`),
    vatSettlementEntries(db, companyId, f),
  ]);
  const sums = new Map<string, VatMovement>();
  const add = (month: string, account: string, debitOre: number, creditOre: number) => {
    const key = `${month}|${account}`;
    const m = sums.get(key) ?? { month, account, debitOre: 0, creditOre: 0 };
    m.debitOre += debitOre;
    m.creditOre += creditOre;
    sums.set(key, m);
  };
  for (const r of days) add(r.m, r.a, Number(r.d), Number(r.c));
  for (const e of settlements) for (const l of e.lines) add(e.date.slice(0, 7), l.account, -l.debitOre, -l.creditOre);
  return [...sums.values()].filter((m) => m.debitOre !== 0 || m.creditOre !== 0);
}

export interface VatSettlementEntry {
  entryId: string;
  date: string;
  lines: { account: string; debitOre: number; creditOre: number }[];
}

/**
 * The VAT settlement entries (`isVatSettlementEntry`) among the posted entries dated from..to,
 * the opening entry aside, each with all its lines: only the entries with a line on 2650 are read.
 */
export async function vatSettlementEntries(
  db: Database,
  companyId: string,
  f: { periodId?: string; from: string; to: string },
): Promise<VatSettlementEntry[]> {
  const rows = await db.all<{ e: string; t: string; a: string; d: number; c: number }>(sql`
    SELECT l.journal_entry_id AS e, e.entry_date AS t, l.account_number AS a, l.debit_ore AS d, l.credit_ore AS c
    FROM journal_entries e JOIN journal_lines l ON l.journal_entry_id = e.id
    WHERE e.company_id = ${companyId} AND e.status = 'posted' AND e.source_type <> ${OPENING_SOURCE}
      ${f.periodId ? sql`AND e.fiscal_period_id = ${f.periodId}` : sql``}
      AND e.id IN (
        SELECT x.journal_entry_id FROM journal_lines x
        WHERE x.company_id = ${companyId} AND x.account_number = ${VAT_SETTLEMENT_ACCOUNT}
          AND x.entry_date >= ${f.from} AND x.entry_date <= ${f.to})
    ORDER BY e.entry_date, e.voucher_series, e.voucher_number, l.sort_order`);
  const entries: VatSettlementEntry[] = [];
  for (const [entryId, lines] of groupBy(rows, (r) => r.e)) {
    if (!isVatSettlementEntry(lines.map((l) => l.a))) continue;
    entries.push({
      entryId,
      date: lines[0].t,
      lines: lines.map((l) => ({ account: l.a, debitOre: Number(l.d), creditOre: Number(l.c) })),
    });
  }
  return entries;
}

/** Debit and credit per account of a fiscal period's opening entry (ingående balans), from the per-day balances. */
export async function openingBalancesOf(
  db: Database,
  companyId: string,
  periodId: string,
): Promise<{ account: string; debitOre: number; creditOre: number }[]> {
  const rows = await db.all<{ a: string; d: number; c: number }>(sql`
    SELECT account_number AS a, SUM(debit_ore) AS d, SUM(credit_ore) AS c FROM account_day_balances
    WHERE company_id = ${companyId} AND fiscal_period_id = ${periodId} AND opening = 1
    GROUP BY account_number`);
  return rows.map((r) => ({ account: r.a, debitOre: Number(r.d), creditOre: Number(r.c) }));
}

/** The fiscal period covering a date: its id and bounds. */
export async function fiscalPeriodAt(
  db: Database,
  companyId: string,
  date: string,
): Promise<{ id: string; start: string; end: string } | null> {
  const row = await db.get<{ id: string; s: string; e: string }>(
    sql`SELECT id, period_start AS s, period_end AS e FROM fiscal_periods WHERE company_id = ${companyId} AND period_start <=
      ${date} AND period_end >= ${date} LIMIT 1`,
  );
  return row ? { id: row.id, start: row.s, end: row.e } : null;
}

/** The posted entry a source booked and nobody has reversed (a bank row's over-payment), or null. */
export async function unreversedEntryOfSource(
  db: Database,
  companyId: string,
  sourceType: string,
  sourceId: string,
): Promise<string | null> {
  const source = and(eq(journalEntries.sourceType, sourceType), eq(journalEntries.sourceId, sourceId));
  const row = await db
    .select({ id: journalEntries.id })
    .from(journalEntries)
    .where(entriesOf(companyId, source, POSTED, sql`${journalEntries.reversedById} IS NULL`))
    .get();
  return row?.id ?? null;
}

/**
 * Per account, the balance (debit minus credit, öre) of the posted entries a source type
 * booked, and of the reversals of those entries, dated on or before a date, across every
 * fiscal period (opening-balance entries have their own source, so nothing is counted
 * twice): what the accruals list sets its open amounts against.
 */
export async function sourceBalancesThrough(
  db: Database,
  companyId: string,
  sourceType: string,
  through: string,
): Promise<Map<string, number>> {
  const rows = await db.all<{ account: string; balance: number }>(sql`
    SELECT l.account_number AS account, SUM(l.debit_ore) - SUM(l.credit_ore) AS balance
    FROM journal_entries e JOIN journal_lines l ON l.journal_entry_id = e.id
    WHERE e.company_id = ${companyId} AND e.status = 'posted' AND e.entry_date <= ${through}
      AND (e.source_type = ${sourceType}
        OR (e.source_type = 'reversal' AND e.reverses_id IN
          (SELECT id FROM journal_entries WHERE company_id = ${companyId} AND source_type = ${sourceType})))
    GROUP BY l.account_number`);
  return new Map(rows.map((r) => [r.account, Number(r.balance)]));
}

/**
 * Per posted entry of `entryIds`: debit minus credit per account, öre. How a domain reads what
 * its own entries put on the accounts (the payroll's AGI reconciliation) without the tables.
 */
export async function entryAccountNets(
  db: Database,
  companyId: string,
  entryIds: string[],
): Promise<Map<string, Map<string, number>>> {
  const rows = await inChunks(entryIds, (ids) =>
    db
      .select({
        entry: journalLines.journalEntryId,
        account: journalLines.accountNumber,
        net: sql<number>`SUM(${journalLines.debitOre} - ${journalLines.creditOre})`,
      })
      .from(journalLines)
      .innerJoin(journalEntries, eq(journalEntries.id, journalLines.journalEntryId))
      .where(and(eq(journalLines.companyId, companyId), POSTED, inArray(journalLines.journalEntryId, ids)))
      .groupBy(journalLines.journalEntryId, journalLines.accountNumber)
      .all(),
  );
  const out = new Map<string, Map<string, number>>();
  for (const r of rows) {
    const m = out.get(r.entry) ?? new Map<string, number>();
    m.set(r.account, Number(r.net));
    out.set(r.entry, m);
  }
  return out;
}
