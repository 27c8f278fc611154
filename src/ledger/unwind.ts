// Removing the vouchers of an import that never finished (issue #41 item 5). A SIE import
// writes its vouchers in chunks, each atomic; an import that cannot finish (refused mid-way,
// or stalled until the sweep gave up on it) would otherwise leave part of a year's books,
// which no one could finish (the rest of the file's numbers are free, its own are taken) nor
// import again. BFL 5 kap says a posted verifikation is corrected by a new entry, never
// removed: that is about the company's own bookkeeping. These entries are a copy of another
// system's vouchers (the verifikationer stay there), and a copy stopped half-way is no
// bookkeeping at all, so the import is undone as a whole: its entries, their lines, and what
// they added to the balances, chunk by chunk, each chunk one batch. The immutability triggers
// (migration 0002) are lifted only inside that batch, which D1 runs as one transaction, as
// the company move does (src/db/company-rows.ts).
import { sql, type SQL } from "drizzle-orm";
import { isDeleteGuard } from "../db/company-rows";
import type { Database } from "../db/client";
import type { Statement } from "../db/statement";
import { ApiError } from "../errors/api-error";
import { OPENING_SOURCE } from "./queries";

/** Entries removed per batch: their lines' delete and the balances' update stay well inside a D1 statement's time. */
export const UNWIND_CHUNK = 2000;

/** The first string after every "<prefix>…": the source ids are a range, not LIKE (an id's "_" would match any character). */
const rangeEnd = (prefix: string) =>
  prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);

function sourceRange(companyId: string, prefix: string): SQL {
  return sql`company_id = ${companyId} AND source_id >= ${prefix} AND source_id < ${rangeEnd(prefix)}`;
}

/** A string as an SQL literal. */
const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;

/**
 * The statements that remove up to `limit` entries whose source id begins with `prefix`, and how
 * many they remove (0: none is left). CONFLICT when one of them was reversed meanwhile (the
 * reversal is the company's own entry and refers to it): then nothing is removed.
 */
export async function planUnwindImported(
  db: Database,
  companyId: string,
  prefix: string,
  limit = UNWIND_CHUNK,
): Promise<{ removed: number; statements: Statement[] }> {
  const range = sourceRange(companyId, prefix);
  const doomed = sql`SELECT id FROM journal_entries WHERE ${range} ORDER BY id LIMIT ${limit}`;
  const counted = await db.all<{ n: number }>(sql`SELECT COUNT(*) AS n FROM (${doomed})`);
  const removed = counted[0]?.n ?? 0;
  if (removed === 0) return { removed: 0, statements: [] };
  const reversed = await db.all<{ n: number }>(
    sql`SELECT COUNT(*) AS n FROM journal_entries WHERE ${range} AND reversed_by_id IS NOT NULL`,
  );
  const reversals = reversed[0]?.n ?? 0;
  if (reversals > 0)
    throw new ApiError(
      "CONFLICT",
      { reversed_entries: reversals },
      "Entries of the import were reversed meanwhile; the import cannot be removed.",
    );
  const triggers = await db.all<{ name: string; sql: string }>(
    sql`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name IN ('journal_entries', 'journal_lines') ORDER BY name`,
  );
  const guards = triggers.filter(isDeleteGuard);
  // drizzle batches a raw statement only without bound parameters (SQLiteRaw has no prepared
  // statement to bind): the values are written into the text, each a quoted literal
  const company = literal(companyId);
  const doomedText = `SELECT id FROM journal_entries WHERE company_id = ${company} AND source_id >= ${literal(prefix)}
    AND source_id < ${literal(rangeEnd(prefix))} ORDER BY id LIMIT ${Math.trunc(limit)}`;
  const moved = `SELECT e.fiscal_period_id AS p, e.entry_date AS day,
      CASE WHEN e.source_type = ${literal(OPENING_SOURCE)} THEN 1 ELSE 0 END AS opening, l.account_number AS a,
      SUM(l.debit_ore) AS d, SUM(l.credit_ore) AS c
    FROM journal_lines l JOIN journal_entries e ON e.id = l.journal_entry_id
    WHERE e.id IN (${doomedText}) GROUP BY 1, 2, 3, 4`;
  const movedObjects = `SELECT e.fiscal_period_id AS p, CAST(j.key AS INTEGER) AS dim, e.entry_date AS day,
      CASE WHEN e.source_type = ${literal(OPENING_SOURCE)} THEN 1 ELSE 0 END AS opening, l.account_number AS a,
      CAST(j.value AS TEXT) AS o, SUM(l.debit_ore) AS d, SUM(l.credit_ore) AS c
    FROM journal_lines l JOIN journal_entries e ON e.id = l.journal_entry_id, json_each(l.dimensions) j
    WHERE e.id IN (${doomedText}) AND l.dimensions IS NOT NULL AND j.type <> 'null' GROUP BY 1, 2, 3, 4, 5, 6`;
  const raw = (text: string) => db.run(sql.raw(text));
  return {
    removed,
    statements: [
      ...guards.map((g) => raw(`DROP TRIGGER "${g.name}"`)),
      raw(`UPDATE account_balances AS b SET debit_ore = b.debit_ore - s.d, credit_ore = b.credit_ore - s.c
        FROM (SELECT p, a, SUM(d) AS d, SUM(c) AS c FROM (${moved}) GROUP BY p, a) AS s
        WHERE b.company_id = ${company} AND b.fiscal_period_id = s.p AND b.account_number = s.a`),
      raw(`UPDATE account_day_balances AS b SET debit_ore = b.debit_ore - s.d, credit_ore = b.credit_ore - s.c
        FROM (${moved}) AS s
        WHERE b.company_id = ${company} AND b.fiscal_period_id = s.p AND b.entry_date = s.day
          AND b.opening = s.opening AND b.account_number = s.a`),
      raw(`UPDATE object_day_balances AS b SET debit_ore = b.debit_ore - s.d, credit_ore = b.credit_ore - s.c
        FROM (${movedObjects}) AS s
        WHERE b.company_id = ${company} AND b.fiscal_period_id = s.p AND b.dimension_id = s.dim AND b.entry_date = s.day
          AND b.opening = s.opening AND b.account_number = s.a AND b.object_code = s.o`),
      // each line's places under its objects, sought by their whole key (no index names the line)
      raw(`DELETE FROM journal_line_objects WHERE (company_id, dimension_id, object_code, account_number, entry_date,
          voucher_series, voucher_number, sort_order, line_id) IN (
        SELECT e.company_id, CAST(j.key AS INTEGER), CAST(j.value AS TEXT), l.account_number, e.entry_date,
          e.voucher_series, e.voucher_number, l.sort_order, l.id
        FROM journal_lines l JOIN journal_entries e ON e.id = l.journal_entry_id, json_each(l.dimensions) j
        WHERE e.id IN (${doomedText}) AND l.dimensions IS NOT NULL AND j.type <> 'null')`),
      raw(`DELETE FROM journal_lines WHERE journal_entry_id IN (${doomedText})`),
      raw(`DELETE FROM journal_entries WHERE id IN (${doomedText})`),
      // a balance the import alone made is gone, as if it never was (a line is never 0/0)
      raw(`DELETE FROM account_balances WHERE company_id = ${company} AND debit_ore = 0 AND credit_ore = 0`),
      raw(`DELETE FROM account_day_balances WHERE company_id = ${company} AND debit_ore = 0 AND credit_ore = 0`),
      raw(`DELETE FROM object_day_balances WHERE company_id = ${company} AND debit_ore = 0 AND credit_ore = 0`),
      ...guards.map((g) => raw(g.sql)),
    ],
  };
}
