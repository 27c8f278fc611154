// The report builders on one set of books, computed by hand: the income statement, the
// monthly breakdown and the balance sheet tell the same result, whatever accounts of
// class 8 carry it, and the report dates default and refuse as documented.
import { describe, expect, it } from "vitest";
import { groupBy } from "../../src/db/group";
import type { FiscalPeriodRow } from "../../src/ledger/engine";
import { balanceSheet, incomeStatement, monthlyBreakdown } from "../../src/domains/reports/builders";
import type { AccountNames } from "../../src/domains/reports/queries";
import {
  balanceSheetDate,
  incomeStatementRange,
  trialBalanceDate,
  vatDeclarationRange,
} from "../../src/domains/reports/date-range";

const period: FiscalPeriodRow = {
  id: "p",
  companyId: "c",
  name: "2026",
  periodStart: "2026-01-01",
  periodEnd: "2026-12-31",
  isClosed: false,
  closedAt: null,
  lockedAt: null,
  previousPeriodId: null,
  closingEntryId: null,
  createdAt: "2026-01-01T00:00:00Z",
  closedExternally: false,
  reopenedAt: null,
  reopenReason: null,
};
const names: AccountNames = new Map();
const mv = (month: string, account: string, debitOre: number, creditOre: number) => ({
  month,
  account,
  debitOre,
  creditOre,
});

// 2026-01 sale 3001 C 10 000; 2026-02 interest 8311 C 300, 8410 D 100, own account 8510 D 50;
// 2026-12 tax 8910 D 1 000 and the closing entry 8999 D 9 150 / 2099 C 9 150. Result 9 150.
const moves = [
  mv("2026-01", "1930", 1_000_000, 0),
  mv("2026-01", "3001", 0, 1_000_000),
  mv("2026-02", "1930", 30_000, 15_000),
  mv("2026-02", "8311", 0, 30_000),
  mv("2026-02", "8410", 10_000, 0),
  mv("2026-02", "8510", 5_000, 0),
  mv("2026-12", "8910", 100_000, 0),
  mv("2026-12", "2512", 0, 100_000),
  mv("2026-12", "8999", 915_000, 0),
  mv("2026-12", "2099", 0, 915_000),
];
const totals = [...groupBy(moves, (m) => m.account)].map(([account, list]) => ({
  account,
  debitOre: list.reduce((s, m) => s + m.debitOre, 0),
  creditOre: list.reduce((s, m) => s + m.creditOre, 0),
}));

describe("one result across the statements", () => {
  it("income statement: class 8 under financial items (85-87 too), tax apart, the closing entry not shown", () => {
    const r = incomeStatement(period, "2026-01-01", "2026-12-31", totals, names);
    const section = (key: string) => r.sections.find((s) => s.key === key)!;
    expect(section("financial_items").accounts.map((a) => [a.account_number, a.amount])).toEqual([
      ["8311", 300],
      ["8410", -100],
      ["8510", -50],
    ]);
    expect(section("financial_items").total).toBe(150);
    expect(section("tax").total).toBe(-1000);
    expect(r.sections.flatMap((s) => s.accounts).some((a) => a.account_number === "8999")).toBe(false);
    expect([r.operatingResult, r.resultAfterFinancialItems, r.netResult]).toEqual([10000, 10150, 9150]);
  });

  it("monthly breakdown: revenue and costs by account type, the same result", () => {
    const d = monthlyBreakdown(period, moves);
    expect(d.months[0]).toEqual({ month: "2026-01", revenue: 10000, costs: 0, result: 10000 });
    expect(d.months[1]).toEqual({ month: "2026-02", revenue: 300, costs: 150, result: 150 });
    expect(d.months[11]).toEqual({ month: "2026-12", revenue: 0, costs: 1000, result: -1000 });
    expect(d.total).toEqual({ revenue: 10300, result: 9150 });
  });

  it("balance sheet: the closed result sits in 2099, nothing left open, and it balances", () => {
    const b = balanceSheet(period, "2026-12-31", totals, names);
    expect(b.result_for_period).toBe(0);
    expect(b.sections.equity_and_liabilities.find((s) => s.key === "equity")!.total).toBe(9150);
    expect(b.totals).toEqual({ assets: 10150, equity_and_liabilities: 10150, difference: 0 });
  });
});

describe("report dates", () => {
  it("default to the period: the balance sheet to the period's end, whatever today is", () => {
    expect(trialBalanceDate(period, undefined)).toBe("2026-12-31");
    expect(balanceSheetDate(period, {})).toBe("2026-12-31");
    expect(balanceSheetDate(period, { to_date: "2026-03-31" })).toBe("2026-03-31");
    expect(incomeStatementRange(period, {})).toEqual({ from: "2026-01-01", to: "2026-12-31" });
    expect(vatDeclarationRange(period, { from_date: "2026-04-01" })).toEqual({ from: "2026-04-01", to: "2026-12-31" });
    expect(vatDeclarationRange(null, { from_date: "2027-01-01", to_date: "2027-03-31" })).toEqual({
      from: "2027-01-01",
      to: "2027-03-31",
    });
  });

  it("refuse dates outside the period, reversed ranges and a VAT range without an end", () => {
    const code = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return (e as { code?: string }).code;
      }
      return "no error";
    };
    expect(code(() => trialBalanceDate(period, "2027-01-01"))).toBe("VALIDATION_ERROR");
    expect(code(() => balanceSheetDate(period, { as_of: "2025-12-31" }))).toBe("VALIDATION_ERROR");
    expect(code(() => incomeStatementRange(period, { from_date: "2026-06-01", to_date: "2026-05-01" }))).toBe(
      "VALIDATION_ERROR",
    );
    expect(code(() => vatDeclarationRange(null, { from_date: "2026-02-01" }))).toBe("VALIDATION_ERROR");
  });
});
