// Pure invoicing rules, with the figures of the law and of BAS:
//  - VAT rates 25 / 12 / 6 % (Mervärdesskattelagen 2023:200, 9 kap 1-7 §§), computed per
//    rate on the taxable amount (17 kap 24 § asks for the tax per rate);
//  - särskild löneskatt på pensionskostnader 24,26 % (lag 1990:659, 2 §);
//  - BAS 2026 accounts: 3001/3002/3003 "Försäljning inom Sverige, 25/12/6 % moms",
//    3004 "... momsfri", 3308 "Försäljning tjänster till annat EU-land",
//    2611/2621/2631 "Utgående moms på försäljning inom Sverige, 25/12/6 %".
import { describe, expect, it } from "vitest";
import {
  agingBucket,
  allocate,
  allowedVatRates,
  daysPastDue,
  defaultRevenueAccount,
  defaultVatRate,
  isSlpAccount,
  lineNetOre,
  OUTPUT_VAT_ACCOUNT,
  slpOre,
  toSekOre,
  vatByRate,
  vatOre,
} from "../../src/sweden/invoicing";
import {
  mirrored,
  purchaseRegistered,
  saleInvoiced,
  supplierPaymentMade,
  customerPaymentReceived,
} from "../../src/ledger/posting-rules";

describe("amounts and VAT", () => {
  it("multiplies quantity by price and rounds half up to the öre", () => {
    expect(lineNetOre("10", 100000)).toBe(1000000);
    expect(lineNetOre("2.5", 3333)).toBe(8333); // 83.325 kr -> 83.33
    expect(lineNetOre("0.333", 100)).toBe(33);
  });

  it("takes VAT once per rate on the sum at that rate", () => {
    // 10 000 at 25 % and 300 at 6 %: 2 500 and 18
    expect([
      ...vatByRate([
        { netOre: 1000000, vatRateBp: 2500 },
        { netOre: 30000, vatRateBp: 600 },
      ]),
    ]).toEqual([
      [2500, 250000],
      [600, 1800],
    ]);
    // three lines of 0.10 kr at 25 %: 0.075 kr rounds to 0.08 on the sum, not 3 x 0.03
    expect(
      vatByRate([
        { netOre: 10, vatRateBp: 2500 },
        { netOre: 10, vatRateBp: 2500 },
        { netOre: 10, vatRateBp: 2500 },
      ]).get(2500),
    ).toBe(8);
    expect(vatOre(2, 2500)).toBe(1); // 0.5 öre rounds up
    // half away from zero: a credit line's VAT is exactly the negative of the invoice line's
    expect(vatOre(-2, 2500)).toBe(-1);
  });

  it("charges no Swedish VAT to an EU business or from a company outside the VAT register", () => {
    expect(allowedVatRates("swedish_business", true)).toEqual([2500, 1200, 600, 0]);
    expect(allowedVatRates("individual", true)).toEqual([2500, 1200, 600, 0]);
    expect(allowedVatRates("eu_business", true)).toEqual([0]);
    expect(allowedVatRates("swedish_business", false)).toEqual([0]);
    expect(defaultVatRate("swedish_business", true)).toBe(2500);
    expect(defaultVatRate("eu_business", true)).toBe(0);
  });

  it("books sales on the BAS account of their rate", () => {
    expect([2500, 1200, 600, 0].map((r) => defaultRevenueAccount(r, "swedish_business"))).toEqual([
      "3001",
      "3002",
      "3003",
      "3004",
    ]);
    expect(defaultRevenueAccount(0, "eu_business")).toBe("3308");
    expect(OUTPUT_VAT_ACCOUNT).toEqual({ 2500: "2611", 1200: "2621", 600: "2631" });
  });
});

describe("special payroll tax", () => {
  it("is 24.26 % of a pension premium on 741x", () => {
    expect(slpOre(1000000)).toBe(242600); // 10 000 kr -> 2 426 kr
    expect(slpOre(123456)).toBe(29950); // 1 234.56 x 0.2426 = 299.504... -> 299.50
    expect(["7410", "7411", "7412", "7419"].every(isSlpAccount)).toBe(true);
    expect(["7400", "7420", "4010"].some(isSlpAccount)).toBe(false);
  });
});

describe("currency", () => {
  it("converts at the given rate, half up to the öre", () => {
    expect(toSekOre(12500, "11.2345")).toBe(140431); // 125 EUR -> 1 404.3125 -> 1 404.31
    expect(toSekOre(100, "0.005")).toBe(1); // 0.5 öre rounds up
  });

  it("splits a SEK total over parts so that they add up to it exactly", () => {
    // 100 EUR net + 25 EUR VAT at 11.2345 = 1 404.31 SEK
    expect(allocate(140431, [10000, 2500])).toEqual([112345, 28086]);
    const parts = allocate(100, [1, 1, 1]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(100);
    expect(parts.sort()).toEqual([33, 33, 34]);
    expect(allocate(-100, [1, 1, 1]).reduce((a, b) => a + b, 0)).toBe(-100);
    expect(allocate(0, [0, 0])).toEqual([0, 0]);
  });
});

describe("aging", () => {
  it("counts days past due and puts them in buckets of 30 days", () => {
    expect(daysPastDue("2026-01-31", "2026-03-02")).toBe(30);
    expect(daysPastDue("2026-03-10", "2026-03-01")).toBe(-9);
    expect([-9, 0, 30, 31, 60, 61, 90, 91, 400].map(agingBucket)).toEqual([
      "0-30",
      "0-30",
      "0-30",
      "31-60",
      "31-60",
      "61-90",
      "61-90",
      "90+",
      "90+",
    ]);
  });
});

describe("posting rules", () => {
  const sum = (lines: { debitOre: number; creditOre: number }[]) => [
    lines.reduce((s, l) => s + l.debitOre, 0),
    lines.reduce((s, l) => s + l.creditOre, 0),
  ];

  it("books a sale on 1510 against revenue and VAT, balanced, and a credit note as its mirror", () => {
    const sale = {
      totalOre: 1281800,
      rate: "1",
      text: "Faktura F1",
      vat: new Map([
        [2500, 250000],
        [600, 1800],
      ]),
      items: [
        { netOre: 1000000, revenueAccount: "3001", description: "Konsult", dimensions: null },
        { netOre: 30000, revenueAccount: "3003", description: "Bok", dimensions: null },
      ],
    };
    const lines = saleInvoiced(sale);
    expect(lines.map((l) => [l.accountNumber, l.debitOre, l.creditOre])).toEqual([
      ["1510", 1281800, 0],
      ["3001", 0, 1000000],
      ["3003", 0, 30000],
      ["2611", 0, 250000],
      ["2631", 0, 1800],
    ]);
    expect(sum(lines)).toEqual([1281800, 1281800]);
    expect(sum(mirrored(lines, "Kredit"))).toEqual([1281800, 1281800]);
    expect(mirrored(lines, "Kredit")[0]).toMatchObject({ accountNumber: "1510", debitOre: 0, creditOre: 1281800 });
  });

  it("books a purchase with SLP, and payments with currency differences on 3960/7960", () => {
    const lines = purchaseRegistered({
      totalOre: 1000000,
      rate: "1",
      text: "P",
      items: [
        { amountOre: 1000000, vatOre: 0, accountNumber: "7412", applySlp: true, description: null, dimensions: null },
      ],
    });
    expect(lines.map((l) => [l.accountNumber, l.debitOre, l.creditOre])).toEqual([
      ["7412", 1000000, 0],
      ["7533", 242600, 0],
      ["2514", 0, 242600],
      ["2440", 0, 1000000],
    ]);
    expect(
      supplierPaymentMade(110000, 5000, "1930", "x").map((l) => [l.accountNumber, l.debitOre, l.creditOre]),
    ).toEqual([
      ["2440", 110000, 0],
      ["1930", 0, 115000],
      ["7960", 5000, 0],
    ]);
    expect(
      supplierPaymentMade(110000, -5000, "1930", "x").map((l) => [l.accountNumber, l.debitOre, l.creditOre]),
    ).toEqual([
      ["2440", 110000, 0],
      ["1930", 0, 105000],
      ["3960", 0, 5000],
    ]);
    expect(
      customerPaymentReceived(140431, 2069, "1930", "x").map((l) => [l.accountNumber, l.debitOre, l.creditOre]),
    ).toEqual([
      ["1930", 142500, 0],
      ["1510", 0, 140431],
      ["3960", 0, 2069],
    ]);
    expect(
      customerPaymentReceived(140431, -431, "1930", "x").map((l) => [l.accountNumber, l.debitOre, l.creditOre]),
    ).toEqual([
      ["1930", 140000, 0],
      ["1510", 0, 140431],
      ["7960", 431, 0],
    ]);
  });
});
