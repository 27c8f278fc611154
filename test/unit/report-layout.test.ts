// The statements' headings (src/sweden/report-layout.ts) agree with the BAS
// classification (src/sweden/bas.ts): every account lands under exactly one heading of
// the statement it belongs to, so the sections always sum to the balance and the result.
import { describe, expect, it } from "vitest";
import { accountTypeOf, isBalanceAccount, isClosingAccount, makesResult } from "../../src/sweden/bas";
import {
  BALANCE_ASSET_GROUPS,
  BALANCE_ASSETS,
  BALANCE_EQUITY_LIABILITIES,
  balanceSectionOf,
  GROSS_MARGIN_KEYS,
  INCOME_SECTIONS,
  INCOME_STATEMENT_STEPS,
  isVatReceivable,
  OPERATING_KEYS,
  type Section,
} from "../../src/sweden/report-layout";

const everyAccount = Array.from({ length: 8000 }, (_, i) => String(1000 + i));
const headings = (sections: Section[], account: string) =>
  sections.filter((s) => s.ranges.some(([a, b]) => account >= a && account <= b)).map((s) => s.key);

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
    expect(everyAccount.filter(isClosingAccount)).toEqual([
      "8990",
      "8991",
      "8992",
      "8993",
      "8994",
      "8995",
      "8996",
      "8997",
      "8998",
      "8999",
    ]);
  });

  it("groups class 8 as ÅRL bilaga 2 does: financial items (with BAS's free groups 85-87), appropriations, tax", () => {
    const heading = (account: string) => headings(INCOME_SECTIONS, account)[0];
    expect(["8012", "8111", "8252", "8311", "8410", "8510", "8799"].map(heading)).toEqual(
      Array(7).fill("financial_items"),
    );
    expect([heading("8811"), heading("8910"), heading("8999")]).toEqual(["appropriations", "tax", undefined]);
  });

  it("names only headings that exist in the subtotals", () => {
    const keys = INCOME_SECTIONS.map((s) => s.key);
    expect([...OPERATING_KEYS, ...GROSS_MARGIN_KEYS].filter((k) => !keys.includes(k))).toEqual([]);
  });
});

describe("the printed statements", () => {
  it("puts every asset heading under exactly one of Anläggningstillgångar and Omsättningstillgångar, in ÅRL bilaga 2's order", () => {
    expect(BALANCE_ASSET_GROUPS.map((g) => g.name)).toEqual(["Anläggningstillgångar", "Omsättningstillgångar"]);
    expect(BALANCE_ASSET_GROUPS.flatMap((g) => g.sections)).toEqual(BALANCE_ASSETS.map((s) => s.key));
  });

  it("takes every income-statement heading once, in order, and ends with Årets resultat", () => {
    expect(INCOME_STATEMENT_STEPS.flatMap((s) => s.sections)).toEqual(INCOME_SECTIONS.map((s) => s.key));
    expect(INCOME_STATEMENT_STEPS.map((s) => s.result).filter(Boolean)).toEqual([
      "Rörelseresultat",
      "Resultat efter finansiella poster",
      "Resultat före skatt",
      "Årets resultat",
    ]);
    // Rörelseresultat comes after exactly the operating headings
    const upTo = INCOME_STATEMENT_STEPS.slice(
      0,
      INCOME_STATEMENT_STEPS.findIndex((s) => s.result === "Rörelseresultat") + 1,
    ).flatMap((s) => s.sections);
    expect(upTo).toEqual(OPERATING_KEYS);
  });
});

describe("input VAT on the balance sheet (BAS 2640-2649 ingående moms, 2650 redovisningskonto för moms)", () => {
  it("shows input VAT as a current receivable whatever its balance", () => {
    for (const a of ["2640", "2641", "2645", "2647", "2649"]) {
      expect(isVatReceivable(a, 1000), a).toBe(true);
      expect(balanceSectionOf(a, 1000, false)).toEqual({
        side: "assets",
        section: expect.objectContaining({ key: "current_receivables" }),
      });
    }
  });

  it("shows the VAT settlement account as a receivable only with a debit balance", () => {
    expect(balanceSectionOf("2650", 500, false).side).toBe("assets");
    expect(balanceSectionOf("2650", -500, false)).toEqual({
      side: "equity_and_liabilities",
      section: expect.objectContaining({ key: "current_liabilities" }),
    });
  });

  it("leaves output VAT and other liabilities as liabilities, and assets as assets", () => {
    for (const a of ["2610", "2611", "2614", "2615", "2660", "2710", "2440"])
      expect(balanceSectionOf(a, -100, false).side, a).toBe("equity_and_liabilities");
    expect(balanceSectionOf("1930", 100, true)).toEqual({
      side: "assets",
      section: expect.objectContaining({ key: "cash_and_bank" }),
    });
    expect(balanceSectionOf("1650", 100, true).section?.key).toBe("current_receivables");
  });
});
