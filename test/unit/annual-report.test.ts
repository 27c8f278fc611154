// The K2 annual report's pure rules (src/sweden/annual-report): soliditet by BFNAR 2016:10's
// justerat eget kapital (the untaxed reserves less the deferred tax at 20.6 %, IL 65 kap
// 10 §), the statements from account balances, the equity change of a first year from its
// opening entry, and the refusals; the inline XBRL's tagging of signs.
import { XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { nonFraction, renderIxbrl } from "../../src/sweden/annual-report/ixbrl";
import {
  type AnnualReportInput,
  AnnualReportRefusal,
  buildAnnualReport,
  factsOf,
  netSalesSwings,
  soliditetPercent,
  type YearBooks,
} from "../../src/sweden/annual-report/model";

/** net debit öre per account from kronor */
const books = (entries: Record<string, number>) => new Map(Object.entries(entries).map(([a, kr]) => [a, kr * 100]));

// a first year: 25 000 share capital paid in, sales 100 000 + 25 % VAT, costs 40 000 + VAT
// 10 000 reclaimable, a computer 30 000 depreciated 3 000, nothing closed yet
const FIRST: YearBooks = {
  start: "2025-01-01",
  end: "2025-12-31",
  opening: books({ "1930": 25_000, "2081": -25_000 }),
  closing: books({
    "1930": 25_000 + 125_000 - 50_000 - 30_000,
    "1250": 30_000,
    "1259": -3_000,
    "2081": -25_000,
    "2611": -25_000,
    "2641": 10_000,
    "3001": -100_000,
    "5410": 40_000,
    "7832": 3_000,
  }),
};
const COMPUTER = {
  name: "Dator",
  category: "datorer",
  assetAccount: "1250",
  acquisitionDate: "2025-01-10",
  acquisitionValueOre: 3_000_000,
  disposalDate: null,
  usefulLifeMonths: 120,
  depreciations: [{ date: "2025-12-31", amountOre: 300_000 }],
};
const input = (over: Partial<AnnualReportInput> = {}): AnnualReportInput => ({
  company: { name: "Första AB", orgNumber: "556016-0680" },
  years: [FIRST],
  assets: [COMPUTER],
  averageEmployees: { current: 0, previous: null },
  inputs: {
    business_description: "Konsulttjänster.",
    dividendOre: 0,
    place: "Umeå",
    signing_date: "2026-04-01",
    board_members: [{ name: "Örjan Åkesson" }],
  },
  ...over,
});
const line = (lines: { key: string }[], key: string) => lines.find((l) => l.key === key) as any;

describe("soliditet (K2 flerårsöversikt)", () => {
  it("counts 79.4 % of the untaxed reserves as equity and rounds to a whole percent", () => {
    // (100 000 + 0.794 × 50 000) / 300 000 = 139 700 / 300 000 = 46.57 %
    expect(soliditetPercent(10_000_000, 5_000_000, 30_000_000)).toBe(47);
    // (249 880 + 28 584) / 324 752 = 85.75 %
    expect(soliditetPercent(24_988_000, 3_600_000, 32_475_200)).toBe(86);
    // half up: 1 / 8 = 12.5 %
    expect(soliditetPercent(100, 0, 800)).toBe(13);
    expect(soliditetPercent(-50_000, 0, 100_000)).toBe(-50);
    expect(soliditetPercent(0, 0, 0)).toBeNull();
  });
});

describe("a first year's report", () => {
  const m = buildAnnualReport(input());

  // The VAT accounts are shown net (src/sweden/vat-balance.ts; test/unit/vat-balance.test.ts): this
  // test used to expect the 10 000 input VAT among the receivables beside 25 000 output VAT, gross,
  // where INK2R nets them; the year's net VAT is a 15 000 liability.
  it("lays the balances out on the K2 lines, the VAT net among the other liabilities, the open result in equity", () => {
    expect(line(m.income_statement, "net_sales").current.amount).toBe(100_000);
    expect(line(m.income_statement, "net_sales").previous).toBeNull();
    expect(line(m.income_statement, "other_external_costs").current).toMatchObject({ amount: -40_000, value: 40_000 });
    expect(line(m.income_statement, "net_result").current.amount).toBe(57_000);
    expect(line(m.balance_sheet.assets, "equipment").current.amount).toBe(27_000);
    expect(line(m.balance_sheet.assets, "other_receivables")).toBeUndefined();
    expect(line(m.balance_sheet.assets, "total_assets").current.amount).toBe(97_000);
    expect(line(m.balance_sheet.equity_and_liabilities, "year_result").current.amount).toBe(57_000);
    // the VAT (25 000 output less 10 000 input) is an övrig skuld (BAS 26xx; INK2 7369), not a skatteskuld (25xx)
    expect(line(m.balance_sheet.equity_and_liabilities, "other_current").current.amount).toBe(15_000);
    expect(line(m.balance_sheet.equity_and_liabilities, "total_equity_liabilities").current.amount).toBe(97_000);
    expect(m.management_report.multi_year_overview[0].solidity_percent?.amount).toBe(85); // 82 000 / 97 000
  });

  it("starts the equity change from the opening entry and ends at the balance sheet", () => {
    const rows = Object.fromEntries(m.management_report.equity_changes.rows.map((r) => [r.key, r.cells as any]));
    expect(rows.opening.total.amount).toBe(25_000);
    expect(rows.opening.total.context).toBe("balans1");
    expect(rows.result.total.amount).toBe(57_000);
    expect(rows.closing.total.amount).toBe(82_000);
    expect(rows.carried_forward).toBeUndefined();
    expect(m.xbrl.contexts).toContainEqual({ id: "balans1", instant: "2024-12-31" });
  });

  it("notes the computer's class from the register with its depreciation period", () => {
    expect(m.notes.accounting_principles.text).toContain("Inventarier, verktyg och installationer 10 år");
    const rows = Object.fromEntries(m.notes.fixed_assets[0].rows.map((r) => [r.key, r.current.amount]));
    expect(rows).toMatchObject({ opening_cost: 0, purchases: 30_000, year_depreciation: -3_000, book_value: 27_000 });
  });

  it("tags every figure once in well-formed XHTML, a cost printed negative as a positive fact", () => {
    const xhtml = renderIxbrl(m);
    expect(XMLValidator.validate(xhtml)).toBe(true);
    for (const f of factsOf(m)) expect(xhtml).toContain(`name="se-gen-base:${f.concept}" contextRef="${f.context}"`);
    expect(
      nonFraction({
        amount: -40_000,
        concept: "OvrigaExternaKostnader",
        context: "period0",
        value: 40_000,
        unit: "SEK",
      }),
    ).toBe(
      '-<ix:nonFraction name="se-gen-base:OvrigaExternaKostnader" contextRef="period0" unitRef="SEK" decimals="INF" format="ixt:numspacecomma">40 000</ix:nonFraction>',
    );
    expect(
      nonFraction({ amount: -1234.5, concept: "Avskrivningar", context: "balans0", value: -1234.5, unit: "SEK" }),
    ).toContain('sign="-" format="ixt:numspacecomma">1 234,50<');
  });
});

describe("refusals", () => {
  const refusal = (over: Partial<AnnualReportInput>) => {
    try {
      buildAnnualReport(input(over));
    } catch (err) {
      if (err instanceof AnnualReportRefusal) return { reason: err.reason, details: err.details };
      throw err;
    }
    return null;
  };

  it("refuses books whose balance sheet does not balance, naming both sides", () => {
    // 1930 holds 10 000 more than its entries: a balance no posted entry can leave, so the model must not print it
    const broken = { ...FIRST, closing: new Map([...FIRST.closing, ["1930", 8_000_000]]) };
    expect(refusal({ years: [broken] })).toEqual({
      reason: "unbalanced",
      details: { fiscal_year_end: "2025-12-31", assets: 107_000, equity_and_liabilities: 97_000, difference: 10_000 },
    });
  });

  it("refuses an equity account the K2 lines do not hold, a dividend above the free equity, a register that differs", () => {
    const revalued = { ...FIRST, closing: new Map([...FIRST.closing, ["2085", -500_000], ["1110", 500_000]]) };
    expect(refusal({ years: [revalued] })).toEqual({ reason: "unsupported_equity", details: { accounts: ["2085"] } });
    expect(refusal({ inputs: { ...input().inputs, dividendOre: 5_700_100 } })?.reason).toBe(
      "dividend_exceeds_free_equity",
    );
    expect(refusal({ assets: [] })).toEqual({
      reason: "register_mismatch",
      details: { differences: [{ class: "equipment", fiscal_year_end: "2025-12-31", register: 0, ledger: 27_000 }] },
    });
  });
});

describe("BFNAR 2016:10 punkt 5.5: a comment when nettoomsättning moves more than 30 %", () => {
  it("names the pairs of years whose net sales differ by more than 30 % of the earlier year", () => {
    const y = (end: string, kr: number) => ({ end, netSalesOre: kr * 100 });
    // 130 is exactly 30 % above 100: no comment needed; 131 is more; a fall to 69 is more
    expect(netSalesSwings([y("2025-12-31", 130), y("2024-12-31", 100)])).toEqual([]);
    expect(netSalesSwings([y("2025-12-31", 131), y("2024-12-31", 100)])).toEqual([{ from: "2024", to: "2025" }]);
    expect(netSalesSwings([y("2025-12-31", 69), y("2024-12-31", 100), y("2023-12-31", 100)])).toEqual([
      { from: "2024", to: "2025" },
    ]);
    expect(netSalesSwings([y("2025-12-31", 10), y("2024-12-31", 0)])).toEqual([{ from: "2024", to: "2025" }]);
    expect(netSalesSwings([y("2025-12-31", 0), y("2024-12-31", 0)])).toEqual([]);
  });
});
