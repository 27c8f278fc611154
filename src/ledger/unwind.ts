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

/** The source ids "<prefix>…": a range, not LIKE (an id's "_" would match any character). */
function sourceRange(companyId: string, prefix: string): SQL {
  const end = prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
  return sql`company_id = ${companyId} AND source_id >= ${prefix} AND source_id < ${end}`;
}

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
  const [counted, reversed, triggers] = await db.batch([
    db.all<{ n: number }>(sql`SELECT COUNT(*) AS n FROM (${doomed})`),
    db.all<{ n: number }>(sql`SELECT COUNT(*) AS n FROM journal_entries WHERE ${range} AND reversed_by_id IS NOT NULL`),
    db.all<{ name: string; sql: string }>(
      sql`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name IN ('journal_entries', 'journal_lines') ORDER BY name`,
    ),
  ]);
  const removed = (counted as { n: number }[])[0]?.n ?? 0;
  if (removed === 0) return { removed: 0, statements: [] };
  const reversals = (reversed as { n: number }[])[0]?.n ?? 0;
  if (reversals > 0)
    throw new ApiError(
      "CONFLICT",
      { reversed_entries: reversals },
      "Entries of the import were reversed meanwhile; the import cannot be removed.",
    );
  const guards = (triggers as { name: string; sql: string }[]).filter(isDeleteGuard);
  const moved = sql`SELECT e.fiscal_period_id AS p, e.entry_date AS day,
      CASE WHEN e.source_type = ${OPENING_SOURCE} THEN 1 ELSE 0 END AS opening, l.account_number AS a,
      SUM(l.debit_ore) AS d, SUM(l.credit_ore) AS c
    FROM journal_lines l JOIN journal_entries e ON e.id = l.journal_entry_id
    WHERE e.id IN (${doomed}) GROUP BY 1, 2, 3, 4`;
  return {
    removed,
    statements: [
      ...guards.map((g) => db.run(sql.raw(`DROP TRIGGER "${g.name}"`))),
      db.run(sql`UPDATE account_balances AS b SET debit_ore = b.debit_ore - s.d, credit_ore = b.credit_ore - s.c
        FROM (SELECT p, a, SUM(d) AS d, SUM(c) AS c FROM (${moved}) GROUP BY p, a) AS s
        WHERE b.company_id = ${companyId} AND b.fiscal_period_id = s.p AND b.account_number = s.a`),
      db.run(sql`UPDATE account_day_balances AS b SET debit_ore = b.debit_ore - s.d, credit_ore = b.credit_ore - s.c
        FROM (${moved}) AS s
        WHERE b.company_id = ${companyId} AND b.fiscal_period_id = s.p AND b.entry_date = s.day
          AND b.opening = s.opening AND b.account_number = s.a`),
      db.run(sql`DELETE FROM journal_lines WHERE journal_entry_id IN (${doomed})`),
      db.run(sql`DELETE FROM journal_entries WHERE id IN (${doomed})`),
      // a balance the import alone made is gone, as if it never was (a line is never 0/0)
      db.run(sql`DELETE FROM account_balances WHERE company_id = ${companyId} AND debit_ore = 0 AND credit_ore = 0`),
      db.run(
        sql`DELETE FROM account_day_balances WHERE company_id = ${companyId} AND debit_ore = 0 AND credit_ore = 0`,
      ),
      ...guards.map((g) => db.run(sql.raw(g.sql))),
    ],
  };
}
