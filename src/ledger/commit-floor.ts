// The floor the commit path is measured against (bench/commit.mjs): the rows a posted
// entry of three lines writes, as raw D1 statements in one batch (the entry, three
// lines, three balance upserts), with nothing read first. It lives with the ledger
// because only the ledger writes these tables; it is called only by the benchmark
// floor route (src/http/bench-floors-commit.ts), which is mounted only when
// BENCH_FLOORS is "true", against a throwaway company the benchmark made.

import { newId } from "../ids";

const ACCOUNTS = ["1930", "3001", "2611"] as const;

/** One posted entry (series Z, the given number) of three lines and the balance upserts it makes. */
export function rawCommitBatch(
  d1: D1Database,
  companyId: string,
  periodId: string,
  entryDate: string,
  voucherNumber: number,
): D1PreparedStatement[] {
  const entryId = newId();
  const now = new Date().toISOString();
  const amounts: [string, number, number][] = [
    [ACCOUNTS[0], 12500, 0],
    [ACCOUNTS[1], 0, 10000],
    [ACCOUNTS[2], 0, 2500],
  ];
  return [
    d1
      .prepare(
        "INSERT INTO journal_entries (id, company_id, fiscal_period_id, voucher_series, " +
          "voucher_number, entry_date, description, status, source_type, total_ore, created_at, " +
          "posted_at) VALUES (?, ?, ?, 'Z', ?, ?, 'floor', 'posted', 'bench_floor', 12500, ?, ?)",
      )
      .bind(entryId, companyId, periodId, voucherNumber, entryDate, now, now),
    ...amounts.map(([account, debit, credit], i) =>
      d1
        .prepare(
          "INSERT INTO journal_lines (id, company_id, journal_entry_id, sort_order, account_number, " +
            "debit_ore, credit_ore) VALUES (?, ?, ?, ?, ?, ?, ?)",
        )
        .bind(newId(), companyId, entryId, i + 1, account, debit, credit),
    ),
    ...amounts.map(([account, debit, credit]) =>
      d1
        .prepare(
          "INSERT INTO account_balances (company_id, fiscal_period_id, account_number, debit_ore, credit_ore) VALUES (?, ?, ?, ?, ?) " +
            "ON CONFLICT (company_id, fiscal_period_id, account_number) DO UPDATE SET debit_ore = " +
            "debit_ore + excluded.debit_ore, credit_ore = credit_ore + excluded.credit_ore",
        )
        .bind(companyId, periodId, account, debit, credit),
    ),
  ];
}
