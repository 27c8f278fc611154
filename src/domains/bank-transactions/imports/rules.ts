// What reading a bank file gives, decided without I/O: each statement's summary and balance
// check, the balances a camt.053 gives its rows, the facts the account check reads, the
// import's summary and result, and the warnings for rows dated in locked periods.
import { fromOre } from "../../../money";
import type { BankFormat, BankParseResult, BankRow } from "../../../sweden/bank";
import type { StatementFacts } from "../accounts/rules";

function statementSummary(parsed: BankParseResult) {
  return parsed.statements.map((s) => {
    const sum = s.rows.reduce((t, r) => t + r.amount_ore, 0);
    const carries = s.opening_balance_ore !== undefined && s.closing_balance_ore !== undefined;
    return {
      account: s.account,
      currency: s.currency,
      statement_id: s.statement_id,
      rows: s.rows.length,
      opening_balance: s.opening_balance_ore === undefined ? null : fromOre(s.opening_balance_ore),
      closing_balance: s.closing_balance_ore === undefined ? null : fromOre(s.closing_balance_ore),
      rows_total: fromOre(sum),
      balance_check: carries
        ? s.opening_balance_ore! + sum === s.closing_balance_ore
          ? "ok"
          : "mismatch"
        : "not_carried",
    };
  });
}

/**
 * A statement that carries its opening and closing balances (camt.053 OPBD/PRCD and CLBD) but
 * no balance per row gives each row the balance after it, so that the reconciliation takes the
 * bank's own balance as it does for a CSV with a balance column. The rows are put in the order
 * the reconciliation reads them (booking date, then file order); each row's balance is the
 * opening balance plus the rows up to it, and the last row carries the closing balance as the
 * bank states it, so a statement whose rows do not add up shows as an unexplained difference.
 */
export function withStatementBalances(s: BankParseResult["statements"][number]): BankRow[] {
  if (s.opening_balance_ore === undefined || s.closing_balance_ore === undefined) return s.rows;
  if (s.rows.length === 0 || s.rows.some((r) => r.balance_after_ore !== null)) return s.rows;
  const ordered = s.rows
    .map((r, i) => ({ r, i }))
    .sort((a, b) => (a.r.booking_date === b.r.booking_date ? a.i - b.i : a.r.booking_date < b.r.booking_date ? -1 : 1))
    .map(({ r }) => r);
  let balance = s.opening_balance_ore;
  return ordered.map((r, i) => {
    balance += r.amount_ore;
    return { ...r, balance_after_ore: i === ordered.length - 1 ? s.closing_balance_ore! : balance };
  });
}

export function statementFacts(s: BankParseResult["statements"][number], format: BankFormat): StatementFacts {
  return {
    account: s.account,
    // a BgMax file names the bankgiro the payments came to, not the bank account
    accountKind: format === "bgmax" ? "bankgiro" : "bank_account",
    statementId: s.statement_id,
    currencies: [s.currency, ...s.rows.map((r) => r.currency)],
    dates: s.rows.map((r) => r.booking_date),
  };
}

/** What reading the file gave, kept on the import until its last chunk is stored: the result without the counts. */
export type ImportSummary = ReturnType<typeof summaryOf>;

export function summaryOf(
  imp: { id: string; settlementAccount: string },
  parsed: BankParseResult,
  rowsTotal: number,
  lockWarnings: string[],
) {
  return {
    import_id: imp.id,
    settlement_account: imp.settlementAccount,
    rows_total: rowsTotal,
    rows_rejected: parsed.rejected.length,
    rejected: parsed.rejected.slice(0, 100),
    format_detected: parsed.format,
    encoding: parsed.encoding,
    earliest_date: parsed.earliest_date,
    latest_date: parsed.latest_date,
    statements: statementSummary(parsed),
    warnings: [...parsed.warnings, ...lockWarnings],
  };
}

/** The operation's result: the summary with the rows stored and skipped, in the order the API has always given. */
export function resultOf(summary: ImportSummary, inserted: number, skipped: number) {
  const { import_id, settlement_account, rows_total: _total, ...rest } = summary;
  return { import_id, settlement_account, rows_inserted: inserted, rows_skipped_duplicate: skipped, ...rest };
}

/** A fiscal period as the lock warnings read it. */
export interface PeriodLockState {
  id: string;
  periodStart: string;
  periodEnd: string;
  isClosed: boolean;
  lockedAt: string | null;
}

/**
 * The warnings for rows dated where the ledger takes no entry (a closed or locked period, or on
 * or before a period's lock date): per period, how many rows and their first and last date.
 */
export function lockedPeriodWarningsFor(
  periods: PeriodLockState[],
  lockDates: Map<string, string>,
  dateCounts: Record<string, number>,
): string[] {
  const all = Object.keys(dateCounts);
  const warnings: string[] = [];
  for (const p of periods) {
    const lockDate = lockDates.get(p.id) ?? null;
    const whole = p.isClosed || p.lockedAt !== null;
    const through = whole ? p.periodEnd : lockDate;
    if (through === null) continue;
    const dates = all.filter((d) => d >= p.periodStart && d <= through);
    if (dates.length === 0) continue;
    dates.sort();
    const count = dates.reduce((n, d) => n + dateCounts[d], 0);
    const state = p.isClosed ? "closed" : whole ? "locked" : `locked through ${through}`;
    warnings.push(
      `${count} row(s) dated ${dates[0]} to ${dates[dates.length - 1]} fall in the fiscal period ` +
        `${p.periodStart} to ${p.periodEnd}, ${state}: imported unbooked; categorising them is refused ` +
        "(PERIOD_LOCKED) while the period is locked, ignoring them is allowed",
    );
  }
  return warnings;
}
