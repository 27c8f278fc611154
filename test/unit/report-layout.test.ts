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
  CURRENT_LIABILITY_LINES,
  EQUITY_LINES_AKTIEBOLAG,
  GROSS_MARGIN_KEYS,
  INCOME_SECTIONS,
  INCOME_STATEMENT_STEPS,
  OPERATING_KEYS,
  sameRelativeDate,
  type Section,
  sectionOf,
  showUnbookedResult,
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

// The VAT accounts are shown net (src/sweden/vat-balance.ts). This block used to show input VAT
// (2640-2649) among the receivables whatever the output VAT, gross: the K2 report and the
// balance-sheet report then disagreed with INK2R, which nets them on 7369.
describe("the VAT accounts on the balance sheet, net (BAS 2610-2650)", () => {
  it("puts every VAT account among the current receivables when their sum is a claim", () => {
    for (const a of ["2611", "2614", "2618", "2640", "2641", "2645", "2648", "2650"])
      expect(balanceSectionOf(a, false, 500), a).toEqual({
        side: "assets",
        section: expect.objectContaining({ key: "current_receivables" }),
      });
  });

  it("puts every VAT account among the current liabilities when their sum is a liability or zero", () => {
    for (const net of [-500, 0])
      for (const a of ["2611", "2641", "2645", "2650"])
        expect(balanceSectionOf(a, false, net), a).toEqual({
          side: "equity_and_liabilities",
          section: expect.objectContaining({ key: "current_liabilities" }),
        });
  });

  it("leaves the accounts that are not VAT where they are, whatever the VAT's net", () => {
    for (const a of ["2660", "2670", "2710", "2730", "2440", "2890"])
      expect(balanceSectionOf(a, false, 500).side, a).toBe("equity_and_liabilities");
    expect(balanceSectionOf("1930", true, -500)).toEqual({
      side: "assets",
      section: expect.objectContaining({ key: "cash_and_bank" }),
    });
    expect(balanceSectionOf("1650", true, -500).section?.key).toBe("current_receivables");
  });
});

describe("ÅRL bilaga 2 as K2 uses it: equity, current liabilities, the unbooked result, the comparative date", () => {
  const lineOf = (lines: Section[], account: string) => sectionOf(lines, account)?.key;

  it("splits an aktiebolag's equity into bundet (BAS 208x) and fritt (209x) eget kapital", () => {
    for (const a of ["2081", "2082", "2085", "2086", "2087", "2089"])
      expect(lineOf(EQUITY_LINES_AKTIEBOLAG, a), a).toBe("restricted_equity");
    for (const a of ["2091", "2093", "2097", "2098", "2099"])
      expect(lineOf(EQUITY_LINES_AKTIEBOLAG, a), a).toBe("unrestricted_equity");
    // every account of the equity heading lands on exactly one of the two, nothing else does
    const equity = BALANCE_EQUITY_LIABILITIES.find((s) => s.key === "equity")!;
    for (const a of everyAccount.filter((x) => x >= "2080" && x <= "2099"))
      expect(headings(EQUITY_LINES_AKTIEBOLAG, a), a).toHaveLength(1);
    expect(equity.ranges).toEqual([["2000", "2099"]]);
  });

  it("puts current liabilities on their K2 lines, as BAS's INK2 mapping does", () => {
    const cases: [string, string][] = [
      ["2440", "trade_payables"],
      ["2441", "trade_payables"],
      ["2510", "tax_liabilities"],
      ["2512", "tax_liabilities"],
      ["2518", "tax_liabilities"],
      ["2611", "other_current_liabilities"],
      ["2650", "other_current_liabilities"],
      ["2710", "other_current_liabilities"],
      ["2731", "other_current_liabilities"],
      ["2890", "other_current_liabilities"],
      ["2920", "accrued_expenses"],
      ["2990", "accrued_expenses"],
      ["2417", "credit_institutions"],
      ["2420", "customer_advances"],
      ["2481", "overdraft"],
      ["2492", "bills_payable"],
      ["2460", "group_liabilities"],
    ];
    for (const [a, key] of cases) expect(lineOf(CURRENT_LIABILITY_LINES, a), a).toBe(key);
    // every account of Kortfristiga skulder (2400-2999) finds a line
    for (const a of everyAccount.filter((x) => x >= "2400" && x <= "2999"))
      expect(lineOf(CURRENT_LIABILITY_LINES, a), a).toBeDefined();
    // the schedule's order: leverantörsskulder before skatteskulder, övriga, then upplupna last
    const order = CURRENT_LIABILITY_LINES.map((l) => l.key);
    expect(order.indexOf("trade_payables")).toBeLessThan(order.indexOf("tax_liabilities"));
    expect(order.slice(-2)).toEqual(["other_current_liabilities", "accrued_expenses"]);
  });

  it("shows the unbooked result only while the result accounts hold something", () => {
    expect(showUnbookedResult(0)).toBe(false);
    expect(showUnbookedResult(4_800_000)).toBe(true);
    expect(showUnbookedResult(-100)).toBe(true);
  });

  it("finds the previous year's date at the same place in the year", () => {
    const y2026 = { start: "2026-01-01", end: "2026-12-31" };
    const y2025 = { start: "2025-01-01", end: "2025-12-31" };
    expect(sameRelativeDate("2026-12-31", y2026, y2025)).toBe("2025-12-31");
    expect(sameRelativeDate("2026-06-30", y2026, y2025)).toBe("2025-06-30");
    expect(sameRelativeDate("2026-01-01", y2026, y2025)).toBe("2025-01-01");
    expect(sameRelativeDate("2026-03-15", y2026, y2025)).toBe("2025-03-15");
    // a month-end stays a month-end across a leap year
    const y2024 = { start: "2024-01-01", end: "2024-12-31" };
    expect(sameRelativeDate("2025-02-28", y2025, y2024)).toBe("2024-02-29");
    expect(sameRelativeDate("2024-02-29", y2024, { start: "2023-01-01", end: "2023-12-31" })).toBe("2023-02-28");
    // a broken fiscal year (brutet räkenskapsår) July-June
    const b2627 = { start: "2026-07-01", end: "2027-06-30" };
    const b2526 = { start: "2025-07-01", end: "2026-06-30" };
    expect(sameRelativeDate("2027-01-31", b2627, b2526)).toBe("2026-01-31");
    expect(sameRelativeDate("2026-09-30", b2627, b2526)).toBe("2025-09-30");
    // a short first year (2025-09-01 - 2025-12-31): the third month is November; a date past its end is its end
    const short = { start: "2025-09-01", end: "2025-12-31" };
    expect(sameRelativeDate("2026-03-31", y2026, short)).toBe("2025-11-30");
    expect(sameRelativeDate("2026-06-30", y2026, short)).toBe("2025-12-31");
    expect(sameRelativeDate("2026-12-31", y2026, short)).toBe("2025-12-31");
    // a long first year of 18 months: the same number of months after its start
    const long = { start: "2024-07-01", end: "2025-12-31" };
    expect(sameRelativeDate("2026-06-30", y2026, long)).toBe("2024-12-31");
  });
});
