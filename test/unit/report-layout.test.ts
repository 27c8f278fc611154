// The statements' headings (src/sweden/report-layout.ts) agree with the BAS
// classification (src/sweden/bas.ts): every account lands under exactly one heading of
// the statement it belongs to, so the sections always sum to the balance and the result.
import { describe, expect, it } from "vitest";
import { accountTypeOf, isBalanceAccount, isClosingAccount, makesResult } from "../../src/sweden/bas";
import { BALANCE_ASSETS, BALANCE_EQUITY_LIABILITIES, GROSS_MARGIN_KEYS, INCOME_SECTIONS, OPERATING_KEYS, type Section } from "../../src/sweden/report-layout";

const everyAccount = Array.from({ length: 8000 }, (_, i) => String(1000 + i));
const headings = (sections: Section[], account: string) => sections.filter((s) => s.ranges.some(([a, b]) => account >= a && account <= b)).map((s) => s.key);

describe("report layout against the BAS classification", () => {
  it("puts every asset under one asset heading and every equity or liability account under one of the other side", () => {
    for (const account of everyAccount.filter(isBalanceAccount)) {
      const asset = accountTypeOf(account) === "asset";
      expect(headings(BALANCE_ASSETS, account), account).toHaveLength(asset ? 1 : 0);
      expect(headings(BALANCE_EQUITY_LIABILITIES, account), account).toHaveLength(asset ? 0 : 1);
      expect(headings(INCOME_SECTIONS, account), account).toHaveLength(0);
    }
  });

  it("puts every account that makes the result under one income-statement heading, and no closing account", () => {
    for (const account of everyAccount.filter((a) => !isBalanceAccount(a))) {
      expect(headings(INCOME_SECTIONS, account), account).toHaveLength(makesResult(account) ? 1 : 0);
    }
    expect(everyAccount.filter(isClosingAccount)).toEqual(["8990", "8991", "8992", "8993", "8994", "8995", "8996", "8997", "8998", "8999"]);
  });

  it("groups class 8 as ÅRL bilaga 2 does: financial items (with BAS's free groups 85-87), appropriations, tax", () => {
    const heading = (account: string) => headings(INCOME_SECTIONS, account)[0];
    expect(["8012", "8111", "8252", "8311", "8410", "8510", "8799"].map(heading)).toEqual(Array(7).fill("financial_items"));
    expect([heading("8811"), heading("8910"), heading("8999")]).toEqual(["appropriations", "tax", undefined]);
  });

  it("names only headings that exist in the subtotals", () => {
    const keys = INCOME_SECTIONS.map((s) => s.key);
    expect([...OPERATING_KEYS, ...GROSS_MARGIN_KEYS].filter((k) => !keys.includes(k))).toEqual([]);
  });
});
