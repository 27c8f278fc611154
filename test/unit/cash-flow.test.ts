// The cash-flow statement's rule (src/sweden/cash-flow.ts) and the key ratios
// (src/sweden/key-ratios.ts), by tables of figures worked out by hand.
import { describe, expect, it } from "vitest";
import { cashFlowStatement } from "../../src/sweden/cash-flow";
import { adjustedEquityOre, keyRatios } from "../../src/sweden/key-ratios";

const m = (account: string, debitOre: number, creditOre = 0) => ({ account, debitOre, creditOre });
const byKey = (lines: { key: string; ore: number }[]) => Object.fromEntries(lines.map((l) => [l.key, l.ore]));

describe("cash flow (K3 kapitel 7, indirect method)", () => {
  it("moves a capital gain from the operating to the investing activities", () => {
    // a machine bought for 100, depreciated 40, sold for 75: gain 15 (3973), cash 75
    const cf = cashFlowStatement([m("1930", 75), m("1229", 40), m("1220", 0, 100), m("3973", 0, 15)], 0);
    expect(byKey(cf.operating.lines)).toMatchObject({ result_after_financial_items: 15, capital_gains: -15 });
    expect(cf.operating.total).toBe(0);
    expect(byKey(cf.investing.lines).fixed_assets).toBe(75);
    expect([cf.cashFlowOre, cf.cashChangeOre, cf.differenceOre]).toEqual([75, 75, 0]);
  });

  it.each([
    // a periodiseringsfond set aside: no cash, appropriations and untaxed reserves net to 0
    ["appropriations", [m("8811", 500), m("2125", 0, 500)], { appropriations: 0 }, 0],
    // a provision booked: cost 300 in the result, added back
    ["a provision", [m("6990", 300), m("2290", 0, 300)], { result_after_financial_items: -300, provisions: 300 }, 0],
    // corporate tax booked and owed: no cash yet
    ["tax owed", [m("8910", 200), m("2512", 0, 200)], { tax_paid: 0 }, 0],
    // a dividend decided (2898 owed) and paid
    ["a dividend paid", [m("2098", 1000), m("2898", 0, 1000), m("2898", 1000), m("1930", 0, 1000)], {}, -1000],
  ])("%s", (_name, moves, operating, financing) => {
    const cf = cashFlowStatement(moves, 0);
    expect(byKey(cf.operating.lines)).toMatchObject(operating);
    expect(cf.financing.total).toBe(financing);
    expect(cf.differenceOre).toBe(0);
  });
});

describe("key ratios", () => {
  it("adjusts equity for untaxed reserves at 20.6 %", () => {
    const b = {
      assetsOre: 0,
      equityOre: 100_000,
      untaxedReservesOre: 50_000,
      currentAssetsOre: 0,
      inventoriesOre: 0,
      currentLiabilitiesOre: 0,
    };
    expect(adjustedEquityOre(b)).toBe(139_700);
    const end = {
      ...b,
      assetsOre: 400_000,
      currentAssetsOre: 150_000,
      inventoriesOre: 50_000,
      currentLiabilitiesOre: 80_000,
    };
    const r = {
      netSalesOre: 1_000_000,
      operatingResultOre: 87_500,
      resultAfterFinancialItemsOre: 80_000,
      financialCostsOre: 5_000,
    };
    const ratios = Object.fromEntries(keyRatios(end, end, r).map((x) => [x.key, x.value]));
    // 139 700 / 400 000; 100 000 / 80 000; 150 000 / 80 000; 87 500 / 1 000 000; 80 000 / 139 700; 85 000 / 400 000
    expect(ratios).toEqual({
      equity_ratio: 34.9,
      quick_ratio: 125,
      current_ratio: 187.5,
      operating_margin: 8.8,
      profit_margin: 8,
      return_on_equity: 57.3,
      return_on_assets: 21.3,
    });
  });
});
