// Reads of open items, the same for receivables and payables: an item, its payments,
// the list's filters and the year-end revaluation's open foreign items.
import { and, asc, desc, eq, gt, gte, inArray, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { groupBy } from "../../db/group";
import type { Database } from "../../db/client";
import { afterDesc, type PageRequest } from "../../db/pagination";
import { ApiError } from "../../errors/api-error";
import { fromOre } from "../../money";
import type { ErrorCode } from "../../errors/catalogue";
import type { EngineLine } from "../../ledger/engine";
import { listPeriods, yearEndOfDocument } from "../fiscal-periods";
import type { ItemTable, OpenItemRow, OpenItemSide, OpenPaymentRow, PaymentTable, RevaluationSql } from "./side";

/** An item of the company by its id, else `code` (NOT_FOUND unless the caller names another). */
export async function loadItem<Row>(
  db: Database,
  t: ItemTable,
  resource: string,
  companyId: string,
  id: string,
  code: ErrorCode = "NOT_FOUND",
): Promise<Row> {
  const row = await db
    .select()
    .from(t)
    .where(and(eq(t.companyId, companyId), eq(t.id, id)))
    .get();
  if (!row) throw new ApiError(code, { resource, id });
  return row as Row;
}

/**
 * The payments that count: not reversed (makulerade); with `asOf`, those dated up to
 * then and not reversed by then (a reversed payment counted from its date until its
 * storno's date, as the books show it on that day). Oldest first.
 */
export async function countedPayments<Payment>(
  db: Database,
  p: PaymentTable,
  itemOf: SQLiteColumn,
  itemId: string,
  asOf?: string,
): Promise<Payment[]> {
  return (await db
    .select()
    .from(p)
    .where(
      and(
        eq(itemOf, itemId),
        asOf === undefined
          ? isNull(p.reversedAt)
          : and(lte(p.paymentDate, asOf), or(isNull(p.reversalDate), gt(p.reversalDate, asOf))),
      ),
    )
    .orderBy(asc(p.paymentDate), asc(p.createdAt))
    .all()) as Payment[];
}

type ItemsOfSide = Pick<OpenItemSide<OpenItemRow, OpenPaymentRow>, "items" | "only">;

/** The minute sweep's items: unpaid (the side's `overdueFrom`), not credit notes, past their due date (from the day after). */
const pastDue = (side: ItemsOfSide & { overdueFrom: readonly string[] }, today: string) =>
  and(
    inArray(side.items.status, [...side.overdueFrom]),
    eq(side.items.isCreditNote, false),
    side.only,
    sql`${side.items.dueDate} < ${today}`,
  );

/** The companies the minute sweep must visit. */
export async function companiesWithPastDue(
  db: Database,
  side: ItemsOfSide & { overdueFrom: readonly string[] },
  today: string,
): Promise<string[]> {
  const t = side.items;
  return (await db.selectDistinct({ c: t.companyId }).from(t).where(pastDue(side, today)).all()).map(
    (r) => r.c as string,
  );
}

/** The company's items the minute sweep marks overdue. */
export async function pastDueItems<Row>(
  db: Database,
  side: ItemsOfSide & { overdueFrom: readonly string[] },
  companyId: string,
  today: string,
): Promise<Row[]> {
  const t = side.items;
  return (await db
    .select()
    .from(t)
    .where(and(eq(t.companyId, companyId), pastDue(side, today)))
    .all()) as Row[];
}

type PartyItems = Pick<OpenItemSide<OpenItemRow, OpenPaymentRow>, "items" | "party" | "open">;

/** A party's open items: not credit notes, in one of the side's open statuses. */
const openOfParty = (side: PartyItems, companyId: string, partyId: string) =>
  and(
    eq(side.items.companyId, companyId),
    eq(side.party, partyId),
    eq(side.items.isCreditNote, false),
    inArray(side.items.status, [...side.open]),
  );

/** The open items of one party (its expand=invoices or supplier_invoices), by due date and then `number`. */
export async function openItemsOfParty<Row>(
  db: Database,
  side: PartyItems,
  companyId: string,
  partyId: string,
  number: SQLiteColumn,
): Promise<Row[]> {
  const t = side.items;
  return (await db
    .select()
    .from(t)
    .where(openOfParty(side, companyId, partyId))
    .orderBy(asc(t.dueDate), asc(number))
    .all()) as Row[];
}

/** How many open items a party has (a party with any cannot be archived). */
export async function countOpenOfParty(db: Database, side: PartyItems, companyId: string, partyId: string) {
  const row = await db
    .select({ n: sql<number>`count(*)` })
    .from(side.items)
    .where(openOfParty(side, companyId, partyId))
    .get();
  return Number(row?.n ?? 0);
}

/** Bank matching: the company's items (not credit notes) in one of `statuses`. */
export async function itemsForMatching<Row>(
  db: Database,
  side: ItemsOfSide,
  companyId: string,
  statuses: readonly string[],
): Promise<Row[]> {
  const t = side.items;
  return (await db
    .select()
    .from(t)
    .where(and(eq(t.companyId, companyId), eq(t.isCreditNote, false), side.only, inArray(t.status, [...statuses])))
    .all()) as Row[];
}

/**
 * The credit notes of an item and their lines (what partial credits have taken so far):
 * with `counting`, only the notes that still count (a side whose credit can be reversed),
 * in its order.
 */
export async function creditNotesOfItem<Row extends { id: string }, Line>(
  db: Database,
  t: ItemTable,
  lines: Pick<ChildTable, "table" | "of">,
  companyId: string,
  itemId: string,
  counting?: { still: SQL; order: SQLiteColumn },
): Promise<{ notes: Row[]; items: Line[] }> {
  const noteRead = db
    .select()
    .from(t)
    .where(and(eq(t.companyId, companyId), eq(t.creditedInvoiceId, itemId), counting?.still));
  const notes = (await (counting ? noteRead.orderBy(asc(counting.order)) : noteRead).all()) as Row[];
  const items = notes.length
    ? ((await db
        .select()
        .from(lines.table)
        .where(
          inArray(
            lines.of,
            notes.map((n) => n.id),
          ),
        )
        .all()) as Line[])
    : [];
  return { notes, items };
}

/** A payment's JSON, the same on both sides; `own`, a side's own fields, stand after the amounts. */
export function paymentJson<Own extends object = object>(
  p: OpenPaymentRow & { amountSekOre: number; exchangeRateDifferenceOre: number },
  own?: Own,
) {
  return {
    id: p.id,
    payment_date: p.paymentDate,
    amount: fromOre(p.amountOre),
    amount_sek: fromOre(p.amountSekOre),
    exchange_rate_difference: fromOre(p.exchangeRateDifferenceOre),
    ...(own as Own),
    journal_entry_id: p.journalEntryId,
    created_at: p.createdAt,
    reversed: p.reversedAt !== null,
    reversal_date: p.reversalDate,
    reversal_journal_entry_id: p.reversalJournalEntryId,
    reversed_at: p.reversedAt,
  };
}

/** The list's filters, the same on both sides; the party is the customer or the supplier. */
export interface ItemFilters<Status extends string> {
  status?: Status;
  party?: string;
  currency?: string;
  date_from?: string;
  date_to?: string;
}

/** A page of items, newest first, filtered. */
export async function listItems<Row, Status extends string>(
  db: Database,
  side: Pick<OpenItemSide<OpenItemRow, OpenPaymentRow>, "items" | "party">,
  companyId: string,
  f: ItemFilters<Status>,
  page: PageRequest,
): Promise<Row[]> {
  const t = side.items;
  return (await db
    .select()
    .from(t)
    .where(
      and(
        eq(t.companyId, companyId),
        f.status ? eq(t.status, f.status) : undefined,
        f.party ? eq(side.party, f.party) : undefined,
        f.currency ? eq(t.currency, f.currency) : undefined,
        f.date_from ? gte(t.invoiceDate, f.date_from) : undefined,
        f.date_to ? lte(t.invoiceDate, f.date_to) : undefined,
        afterDesc(page, t.createdAt, t.id),
      ),
    )
    .orderBy(desc(t.createdAt), asc(t.id))
    .limit(page.limit + 1)
    .all()) as Row[];
}

/** An open foreign-currency item at the year's end, as the revaluation re-rates it. */
export interface RevaluableItem {
  id: string;
  number: string;
  currency: string;
  /** still owed, in the invoice currency */
  openOre: number;
  /** what the open amount is booked at on 1510 or 2440, SEK öre */
  bookedSekOre: number;
}

/**
 * Booked, open, not SEK, dated on or before `asOf`, nothing credited yet (the side's SQL
 * says which are booked and open): what it still owes in its currency and what that is
 * booked at, its SEK total less the SEK of the payments that count.
 */
export const foreignItemsOf = (q: RevaluationSql) =>
  async function foreignItemsToRevalue(db: Database, companyId: string, asOf: string): Promise<RevaluableItem[]> {
    const raw = sql.raw;
    const rows = await db.all<{ id: string; number: string; currency: string; open: number; booked: number }>(sql`
    SELECT i.id, ${raw(q.number)} AS number, i.currency,
           i.total_ore - i.paid_ore - i.credited_ore AS open,
           i.total_sek_ore - COALESCE((SELECT SUM(p.amount_sek_ore) FROM ${raw(q.payments)} p
                                      WHERE p.${raw(q.paymentKey)} = i.id AND p.reversed_at IS NULL), 0) AS booked
    FROM ${raw(q.items)} i
    WHERE i.company_id = ${companyId} AND i.is_credit_note = 0 AND i.currency <> 'SEK' AND ${raw(q.open)}
      AND i.credited_ore = 0 AND i.invoice_date <= ${asOf}
    ORDER BY ${raw(q.order)}`);
    return rows
      .map((r) => ({
        id: r.id,
        number: r.number,
        currency: r.currency,
        openOre: Number(r.open),
        bookedSekOre: Number(r.booked),
      }))
      .filter((r) => r.openOre > 0);
  };

/**
 * Kontantmetoden at the fiscal year's end (bokslutsmetoden, BFL 5 kap 2 § tredje
 * stycket): the lines booking each item of `ids` (those open at `date`, its year's last
 * day) whose year this is (`yearEndOfDocument`: an item of an earlier year was booked at
 * that year's end), each asked of the side's `linesOf` (none for an item booked when
 * issued or registered).
 */
export async function unpaidLinesAtYearEnd<Row extends { invoiceDate: string }>(
  db: Database,
  companyId: string,
  date: string,
  ids: Iterable<string>,
  side: { load: (id: string) => Promise<Row>; linesOf: (row: Row) => Promise<EngineLine[]> },
): Promise<EngineLine[]> {
  const periods = await listPeriods(db, companyId);
  const lines: EngineLine[] = [];
  for (const id of ids) {
    const row = await side.load(id);
    if (yearEndOfDocument(periods, row.invoiceDate) === date) lines.push(...(await side.linesOf(row)));
  }
  return lines;
}

/** A table of rows that belong to an item (its lines, its payments): the column naming the item, the order. */
export interface ChildTable {
  table: SQLiteTable;
  of: SQLiteColumn;
  order: SQLiteColumn;
}

/**
 * The lines and the payments of the items of `ids` for their expansions (expand=items,
 * payments), each read with one query for the lot when asked for, grouped by item.
 */
export async function linesAndPaymentsOf<Line, Payment>(
  db: Database,
  ids: string[],
  wanted: { items: boolean; payments: boolean },
  tables: { lines: ChildTable; payments: ChildTable },
  itemOf: { line: (l: Line) => string; payment: (p: Payment) => string },
) {
  const read = async <Row>(asked: boolean, t: ChildTable) =>
    asked && ids.length
      ? ((await db.select().from(t.table).where(inArray(t.of, ids)).orderBy(asc(t.order)).all()) as Row[])
      : [];
  const lines = await read<Line>(wanted.items, tables.lines);
  const payments = await read<Payment>(wanted.payments, tables.payments);
  return { itemsOf: groupBy(lines, itemOf.line), paymentsOf: groupBy(payments, itemOf.payment) };
}

/**
 * Bank matching: one item of the company as JSON, or null, with open_sek_ore: the SEK
 * still on 1510 or 2440 for it (`openSek` of its row and the SEK its payments took off).
 */
export async function itemWithOpenSek<
  Row extends OpenItemRow,
  Payment extends OpenPaymentRow & { amountSekOre: number },
>(
  db: Database,
  side: OpenItemSide<Row, Payment>,
  companyId: string,
  id: string,
  openSek: (row: Row, paidSek: number) => number | null,
) {
  const t = side.items;
  const row = (await db
    .select()
    .from(t)
    .where(and(eq(t.companyId, companyId), eq(t.id, id)))
    .get()) as Row | undefined;
  if (!row) return null;
  const payments = await countedPayments<Payment>(db, side.payments, side.paymentItem, row.id);
  const paidSek = payments.reduce((s, p) => s + p.amountSekOre, 0);
  return { ...side.json(row), open_sek_ore: openSek(row, paidSek) };
}
