// The VAT accounts on the year's two filed balance sheets (src/sweden/vat-balance.ts): BAS
// 2610-2650 are one running account with Skatteverket and are shown net, a net credit on
// "Övriga skulder" (INK2R 2.48, 7369) and a net debit on "Övriga fordringar" (INK2R 2.21,
// 7261), in INK2R and in the K2 annual report alike; 2710 and the rest of 26xx-28xx stay
// liabilities of their own. The liability case is Skatteverket's own example return
// (shared/data/moms/skatteverket_momsexempel_eSKDUpload_v6.xml: rutor 10-12, 30-32, 60-62 and
// 48, ruta 49 MomsBetala 225 500) left unsettled at the year's end; the claim case is the
// issue's: 500 output VAT and 4 000 input VAT, a claim of 3 500.
import { describe, expect, it } from "vitest";
import { buildAnnualReport, type AnnualReportInput, type YearBooks } from "../../src/sweden/annual-report/model";
import { ink2rFields, ink2rFigures } from "../../src/sweden/sru/ink2";
import { isVatBalanceAccount, netVatDebitOre, vatPresentation } from "../../src/sweden/vat-balance";

/** net debit kronor per account, one year's balances and result movements */
type Books = Record<string, number>;

// Skatteverket's example: output VAT 200 000 + 15 000 + 5 000 (10-12), 2 500 + 1 000 + 500 on
// reverse-charged purchases (30-32), 2 000 + 350 + 150 on imports (60-62); input VAT 1 000 (48)
const SKV_OUTPUT: Books = {
  "2611": -200_000,
  "2621": -15_000,
  "2631": -5_000,
  "2614": -2_500,
  "2624": -1_000,
  "2634": -500,
  "2615": -2_000,
  "2625": -350,
  "2635": -150,
};
const SKV_RUTA_49 = 225_500;

/** Sales of 1 000 000 invoiced with the example's output VAT, a purchase with its input VAT, 25 000 share capital, a salary with 1 000 withheld. */
const LIABILITY: Books = {
  "1930": 25_000 - 5_000 - 3_000,
  "1510": 1_000_000 + 226_500,
  "2081": -25_000,
  ...SKV_OUTPUT,
  "2641": 1_000,
  "2710": -1_000,
  "3001": -1_000_000,
  "5010": 4_000,
  "7210": 4_000,
};

/** Sales of 2 000 with 500 output VAT, a purchase of 16 000 with 4 000 input VAT, 25 000 share capital, a salary with 1 000 withheld. */
const CLAIM: Books = {
  "1930": 25_000 - 20_000 - 3_000,
  "1510": 2_500,
  "2081": -25_000,
  "2611": -500,
  "2641": 4_000,
  "2710": -1_000,
  "3001": -2_000,
  "5010": 16_000,
  "7210": 4_000,
};

const entries = (b: Books) => Object.entries(b).map(([a, kr]) => [a, kr * 100] as const);
const movements = (b: Books) =>
  entries(b).map(([account, ore]) => ({ account, debitOre: Math.max(ore, 0), creditOre: Math.max(-ore, 0) }));

/** INK2R's balance-sheet fields in kronor, and the form's two sides (2.1-2.26 and 2.27-2.50). */
function ink2r(b: Books) {
  const { kronor } = ink2rFields(ink2rFigures(movements(b)), "2025-01-01", "2025-12-31");
  const side = (from: string, to: string) =>
    [...kronor].filter(([c]) => c >= from && c <= to).reduce((s, [, kr]) => s + kr, 0);
  return { kronor, assets: side("7201", "7281"), equityLiabilities: side("7301", "7370") };
}

function annualReport(b: Books) {
  const year: YearBooks = {
    start: "2025-01-01",
    end: "2025-12-31",
    opening: new Map(),
    closing: new Map(entries(b)),
  };
  const input: AnnualReportInput = {
    company: { name: "Momsbolaget AB", orgNumber: "556016-0680" },
    years: [year],
    assets: [],
    averageEmployees: { current: 1, previous: null },
    inputs: {
      business_description: "Konsulttjänster.",
      dividendOre: 0,
      place: "Umeå",
      signing_date: "2026-04-01",
      board_members: [{ name: "Örjan Åkesson" }],
    },
  };
  const m = buildAnnualReport(input);
  const at = (lines: { key: string; current?: { amount: number } | null }[], key: string) =>
    lines.find((l) => l.key === key)?.current?.amount;
  return {
    receivables: at(m.balance_sheet.assets, "other_receivables"),
    otherLiabilities: at(m.balance_sheet.equity_and_liabilities, "other_current"),
    totalAssets: at(m.balance_sheet.assets, "total_assets"),
    totalEquityLiabilities: at(m.balance_sheet.equity_and_liabilities, "total_equity_liabilities"),
  };
}

describe("which accounts are VAT, and their net", () => {
  it("holds output VAT, input VAT (vilande too) and 2650, and nothing else of 26xx-28xx", () => {
    for (const a of ["2610", "2611", "2614", "2618", "2635", "2640", "2641", "2645", "2648", "2649", "2650"])
      expect(isVatBalanceAccount(a), a).toBe(true);
    for (const a of ["2599", "2660", "2670", "2710", "2730", "2890", "1650"])
      expect(isVatBalanceAccount(a), a).toBe(false);
  });

  it("adds the VAT accounts' balances, 2650 among them, and decides the side by the sum", () => {
    expect(netVatDebitOre(entries(LIABILITY))).toBe(-SKV_RUTA_49 * 100);
    // a declared quarter on 2650 (10 000 to pay) and a later quarter's 12 000 input against 1 000 output
    const settled = entries({ "2650": -10_000, "2641": 12_000, "2611": -1_000, "2710": -5_000, "1930": 4_000 });
    expect(netVatDebitOre(settled)).toBe(1_000_00);
    expect(vatPresentation(1_000_00)).toEqual({ side: "receivable", ore: 1_000_00 });
    expect(vatPresentation(-225_500_00)).toEqual({ side: "liability", ore: 225_500_00 });
    expect(vatPresentation(0)).toBeNull();
  });
});

describe("a net VAT liability (Skatteverket's example return, unsettled at the year's end)", () => {
  it("INK2R writes ruta 49 and the withheld tax on 7369, nothing on 7261, and balances", () => {
    const r = ink2r(LIABILITY);
    expect(r.kronor.get("7369")).toBe(SKV_RUTA_49 + 1_000);
    expect(r.kronor.get("7261")).toBeUndefined();
    expect(r.assets).toBe(1_226_500 + 17_000);
    expect(r.equityLiabilities).toBe(r.assets);
  });

  it("the annual report shows the same 226 500 on Övriga skulder and no VAT among the receivables", () => {
    const a = annualReport(LIABILITY);
    expect(a.otherLiabilities).toBe(ink2r(LIABILITY).kronor.get("7369"));
    expect(a.receivables).toBeUndefined();
    expect(a.totalAssets).toBe(ink2r(LIABILITY).assets);
    expect(a.totalEquityLiabilities).toBe(a.totalAssets);
  });
});

describe("a net VAT claim (4 000 input VAT against 500 output VAT)", () => {
  it("INK2R writes the 3 500 claim on 7261 and keeps 2710 alone on 7369, and balances", () => {
    const r = ink2r(CLAIM);
    expect(r.kronor.get("7261")).toBe(3_500);
    expect(r.kronor.get("7369")).toBe(1_000);
    expect(r.assets).toBe(2_000 + 2_500 + 3_500);
    expect(r.equityLiabilities).toBe(r.assets);
  });

  it("the annual report shows the same 3 500 on Övriga fordringar and only 2710 on Övriga skulder", () => {
    const a = annualReport(CLAIM);
    expect(a.receivables).toBe(ink2r(CLAIM).kronor.get("7261"));
    expect(a.otherLiabilities).toBe(ink2r(CLAIM).kronor.get("7369"));
    expect(a.totalAssets).toBe(8_000);
    expect(a.totalEquityLiabilities).toBe(a.totalAssets);
  });
});
