// Shared last steps of every parser: make external ids unique within the file and find the
// date range the import covers.

import { gateRows } from "./row-gate";
import type { BankFormat, BankParseResult, BankRow, BankStatement, RejectedRow, TextEncoding } from "./types";

/**
 * Two rows of one file are two transactions, even if the bank gave them the same id (the
 * published BgMax example repeats BGC serial 000000000016 for two payments). The second and
 * later get "#2", "#3"...: stable, because a re-export lists them in the same order. `seen`
 * carries the counts of the rows before these (a large file's earlier ranges, csv/ranges.ts).
 */
export function makeExternalIdsUnique(
  rows: Pick<BankRow, "external_id">[],
  seen: Map<string, number> = new Map<string, number>(),
): void {
  for (const row of rows) {
    if (!row.external_id) continue;
    const n = (seen.get(row.external_id) ?? 0) + 1;
    seen.set(row.external_id, n);
    if (n > 1) row.external_id = `${row.external_id}#${n}`;
  }
}

export function dateRange(statements: BankStatement[]): { earliest_date: string | null; latest_date: string | null } {
  let earliest: string | null = null;
  let latest: string | null = null;
  for (const row of statements.flatMap((s) => s.rows)) {
    if (earliest === null || row.booking_date < earliest) earliest = row.booking_date;
    if (latest === null || row.booking_date > latest) latest = row.booking_date;
  }
  return { earliest_date: earliest, latest_date: latest };
}

export function buildResult(
  format: BankFormat,
  encoding: TextEncoding,
  statements: BankStatement[],
  rejected: RejectedRow[],
  warnings: string[],
): BankParseResult {
  // every format's rows pass the same date and text rules before anything else reads them
  const gateWarnings = gateRows(statements, rejected);
  makeExternalIdsUnique(statements.flatMap((s) => s.rows));
  return { format, encoding, statements, rejected, warnings: [...warnings, ...gateWarnings], ...dateRange(statements) };
}

export const sumOre = (rows: { amount_ore: number }[]) => rows.reduce((sum, r) => sum + r.amount_ore, 0);

/** Warn, do not refuse: a statement page may legitimately hold only part of a day's entries. */
export function balanceWarning(label: string, statement: BankStatement): string | null {
  if (statement.opening_balance_ore === undefined || statement.closing_balance_ore === undefined) return null;
  const computed = statement.opening_balance_ore + sumOre(statement.rows);
  if (computed === statement.closing_balance_ore) return null;
  return (
    `${label}: opening balance ${statement.opening_balance_ore} öre plus the rows makes ${computed} öre, ` +
    `but the closing balance is ${statement.closing_balance_ore} öre`
  );
}
