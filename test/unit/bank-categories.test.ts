// The category rules of src/sweden/bank-categories.ts, with figures from their sources:
// Skatteverket's representation VAT cap (300 kr net per person; 36 kr VAT at 12 %),
// the BAS 2026 accounts, and Bankgirot's OCR check digit (modulus 10).
import { describe, expect, it } from "vitest";
import {
  bookingLines,
  categoriesFromText,
  CATEGORY_RULES,
  invoiceOcr,
  isSoleTraderLike,
  luhnCheckDigit,
  privateAccount,
  vatInGross,
} from "../../src/sweden/bank-categories";

const net = (lines: ReturnType<typeof bookingLines>) =>
  Object.fromEntries(lines.map((l) => [l.accountNumber, l.debitOre - l.creditOre]));

describe("VAT in a gross amount", () => {
  it("takes 20 % of a 25 % gross, 10.71 % of a 12 % gross, rounded half away from zero", () => {
    expect(vatInGross(125_000, 2500)).toBe(25_000);
    expect(vatInGross(-125_000, 2500)).toBe(-25_000);
    expect(vatInGross(11_200, 1200)).toBe(1_200);
    // 99.99 at 25 %: 19.998 -> 20.00
    expect(vatInGross(9_999, 2500)).toBe(2_000);
    expect(vatInGross(10_600, 600)).toBe(600);
    expect(vatInGross(500, 0)).toBe(0);
  });
});

describe("booking lines", () => {
  it("bank fees: 6570 without VAT (financial services are exempt)", () => {
    expect(
      net(
        bookingLines({
          amountSekOre: -12_500,
          settlementAccount: "1930",
          account: "6570",
          vat: "none",
          text: "Avgift",
        }),
      ),
    ).toEqual({ "1930": -12_500, "6570": 12_500 });
  });

  it("office supplies: 6110 and 25 % input VAT on 2641", () => {
    expect(
      net(
        bookingLines({
          amountSekOre: -125_000,
          settlementAccount: "1930",
          account: "6110",
          vat: "standard_25",
          text: "Papper",
        }),
      ),
    ).toEqual({ "1930": -125_000, "6110": 100_000, "2641": 25_000 });
  });

  it("representation: VAT deductible on at most 300 kr net a person (36 kr at 12 %); the rest stays on 6072", () => {
    // a lunch for 2 at 1 120 incl. 12 % VAT: VAT 120, deductible 2 x 36 = 72
    expect(
      net(
        bookingLines({
          amountSekOre: -112_000,
          settlementAccount: "1930",
          account: "6072",
          vat: "representation_12",
          text: "Lunch",
          persons: 2,
        }),
      ),
    ).toEqual({ "1930": -112_000, "6072": 104_800, "2641": 7_200 });
    // a coffee for 1 at 56 kr: VAT 6, under the cap, all deductible
    expect(
      net(
        bookingLines({
          amountSekOre: -5_600,
          settlementAccount: "1930",
          account: "6072",
          vat: "representation_12",
          text: "Fika",
        }),
      ),
    ).toEqual({ "1930": -5_600, "6072": 5_000, "2641": 600 });
  });

  it("an inflow to a revenue account carries output VAT by rate (2611, 2621, 2631)", () => {
    expect(
      net(
        bookingLines({
          amountSekOre: 125_000,
          settlementAccount: "1930",
          account: "3001",
          vat: "standard_25",
          text: "Försäljning",
        }),
      ),
    ).toEqual({ "1930": 125_000, "3001": -100_000, "2611": -25_000 });
    expect(
      net(
        bookingLines({
          amountSekOre: 11_200,
          settlementAccount: "1930",
          account: "3002",
          vat: "reduced_12",
          text: "Livsmedel",
        }),
      ),
    ).toEqual({ "1930": 11_200, "3002": -10_000, "2621": -1_200 });
  });

  it("always balances", () => {
    for (const amount of [-1, -99_999, 3, 123_457]) {
      const lines = bookingLines({
        amountSekOre: amount,
        settlementAccount: "1930",
        account: "6110",
        vat: "standard_25",
        text: "x",
      });
      expect(lines.reduce((s, l) => s + l.debitOre - l.creditOre, 0)).toBe(0);
    }
  });
});

describe("owner's money by entity type", () => {
  it("a sole trader's own account 2013 / 2018, a limited company's 1685 / 2893", () => {
    expect(privateAccount("out", "enskild_firma")).toBe("2013");
    expect(privateAccount("in", "enskild_firma")).toBe("2018");
    expect(privateAccount("out", "aktiebolag")).toBe("1685");
    expect(privateAccount("in", "aktiebolag")).toBe("2893");
    expect(isSoleTraderLike("handelsbolag")).toBe(true);
    expect(isSoleTraderLike("ekonomisk_forening")).toBe(false);
  });

  it("interest by direction: 8410 costs, 8311 bank interest income; tax account 1630 both ways", () => {
    expect(CATEGORY_RULES.interest.account("out", "aktiebolag")).toBe("8410");
    expect(CATEGORY_RULES.interest.account("in", "aktiebolag")).toBe("8311");
    expect(CATEGORY_RULES.tax_account.account("in", "aktiebolag")).toBe("1630");
    expect(CATEGORY_RULES.loan_repayment.account("out", "aktiebolag")).toBe("2350");
  });
});

describe("keywords", () => {
  it("finds categories in Swedish bank texts, whole words only, by direction", () => {
    expect(categoriesFromText("MÅNADSAVGIFT FÖRETAGSPAKET", "out")).toEqual(["bank_fees"]);
    // Swedbank's monthly fee as its export writes it (test/fixtures/bank/synthetic_swedbank_*)
    expect(categoriesFromText("PRIS FÖRETAGSPAKET", "out")).toEqual(["bank_fees"]);
    expect(categoriesFromText("Skatteverket 16 5567", "in")).toEqual(["tax_account"]);
    expect(categoriesFromText("Amortering lån 1234", "out")).toEqual(["loan_repayment"]);
    expect(categoriesFromText("Ränta", "in")).toEqual(["interest"]);
    expect(categoriesFromText("Lunch Restaurang Pelikan", "out")).toEqual(["representation"]);
    // representation is never money in; "avgiften" is not the word "avgift"
    expect(categoriesFromText("Restaurang återbetalning", "in")).toEqual([]);
    expect(categoriesFromText("Avgiften", "out")).toEqual([]);
  });
});

describe("OCR of an invoice number (Bankgirot, modulus 10)", () => {
  it("appends the Luhn check digit", () => {
    // Bankgirot's example: 1234567897 has check digit 7 on 123456789
    expect(luhnCheckDigit("123456789")).toBe(7);
    expect(invoiceOcr("F123456789")).toBe("1234567897");
    expect(invoiceOcr("F1")).toBe("18");
    expect(invoiceOcr("KR-")).toBeNull();
  });
});
