// The periodisk sammanställning's pure rules: the period and its file code, the quarterly limit of
// 35 kap. 4 § SFL, the buyer's VAT number, the per-buyer sums in whole kronor that add up to the
// momsdeklaration's box, and the SKV 574008 file. Figures and lines from Skatteverket's page
// "Lämna periodisk sammanställning med filöverföring" (its example 1) and rättslig vägledning 325747.
import { describe, expect, it } from "vitest";
import {
  buildEuSalesList,
  buyerVatNumberProblem,
  contactProblems,
  euSalesListFileText,
  type ListPosting,
  latin1Bytes,
  parseEuSalesPeriod,
  precedingQuarters,
  quarterlyListProblem,
  toWholeKronor,
} from "../../src/sweden/eu-sales-list";
import { accountsOfBox, declarationBoxes } from "../../src/sweden/vat-declaration";

describe("the period", () => {
  it("codes a month YYMM and a quarter YY-Q, as Skatteverket's examples (2212, 2301, 22-4, 23-1)", () => {
    expect(parseEuSalesPeriod("2022-12")).toMatchObject({
      kind: "month",
      code: "2212",
      from: "2022-12-01",
      to: "2022-12-31",
    });
    expect(parseEuSalesPeriod("2023-01")?.code).toBe("2301");
    expect(parseEuSalesPeriod("2022-Q4")).toMatchObject({
      kind: "quarter",
      code: "22-4",
      from: "2022-10-01",
      to: "2022-12-31",
    });
    expect(parseEuSalesPeriod("2024-Q1")).toMatchObject({ code: "24-1", from: "2024-01-01", to: "2024-03-31" });
    expect(parseEuSalesPeriod("2024-02")?.to).toBe("2024-02-29");
    expect(parseEuSalesPeriod("2024-13")).toBeNull();
    expect(parseEuSalesPeriod("2024-Q5")).toBeNull();
  });

  it("looks back four calendar quarters, across the year", () => {
    expect(
      precedingQuarters(parseEuSalesPeriod("2026-Q1") as NonNullable<ReturnType<typeof parseEuSalesPeriod>>),
    ).toEqual([
      { from: "2025-01-01", to: "2025-03-31" },
      { from: "2025-04-01", to: "2025-06-30" },
      { from: "2025-07-01", to: "2025-09-30" },
      { from: "2025-10-01", to: "2025-12-31" },
    ]);
  });

  it("allows a quarter with goods only while no quarter of the five exceeds 500 000 kr (35 kap. 4 § SFL)", () => {
    const q = (kronor: number) => ({ from: "2025-10-01", to: "2025-12-31", kronor });
    expect(quarterlyListProblem(0, [q(900_000)])).toBeNull(); // services only: always by quarter
    expect(quarterlyListProblem(500_000, [q(500_000), q(0), q(0), q(0)])).toBeNull();
    expect(quarterlyListProblem(500_001, [q(0)])).toMatch(/the quarter itself had 500001 kr/);
    expect(quarterlyListProblem(1, [q(0), q(500_001)])).toMatch(/2025-10-01\.\.2025-12-31 had 500001 kr/);
  });
});

describe("the buyer's VAT number", () => {
  it("takes Skatteverket's example numbers and refuses missing, Swedish, foreign-country and misshapen ones", () => {
    expect(buyerVatNumberProblem("FI01409351", "FI")).toBeNull();
    expect(buyerVatNumberProblem("DK31283522", "DK")).toBeNull();
    expect(buyerVatNumberProblem("ESA28480514", "ES")).toBeNull();
    expect(buyerVatNumberProblem("DE 262 875 793", "DE")).toBeNull();
    expect(buyerVatNumberProblem("EL123456789", "GR")).toBeNull();
    expect(buyerVatNumberProblem("ATU12345678", "AT")).toBeNull();
    expect(buyerVatNumberProblem("NL123456789B01", "NL")).toBeNull();
    expect(buyerVatNumberProblem(null, "DE")).toBe("the buyer has no VAT number");
    expect(buyerVatNumberProblem("SE556016068001", "DE")).toMatch(/another EU member state/);
    expect(buyerVatNumberProblem("DK31283522", "DE")).toMatch(/not a VAT number of the buyer's country DE/);
    expect(buyerVatNumberProblem("DE12345678", "DE")).toMatch(/shape of a DE VAT number/);
  });
});

describe("per buyer", () => {
  const doc = (id: string, vat: string | null, country = "DE") => ({
    id,
    number: id.toUpperCase(),
    customerId: `c-${vat}`,
    customerName: `Kund ${vat}`,
    buyer: { type: "eu_business" as const, country, vatNumber: vat },
  });
  const p = (column: ListPosting["column"], ore: number, document: ListPosting["document"]): ListPosting => ({
    column,
    amountOre: ore,
    entryId: `e-${document?.id ?? "manual"}`,
    document,
  });

  it("sums a buyer's invoices and credit notes, keeps columns without sales empty, and lists rows by VAT number", () => {
    const list = buildEuSalesList([
      p("goods", 1_640_000, doc("f1", "FI01409351", "FI")),
      p("goods", 2_170_000, doc("f2", "DK31283522", "DK")),
      p("goods", 320_000, doc("f3", "ESA28480514", "ES")),
      p("services", 1_530_000, doc("f4", "ESA28480514", "ES")),
      p("services", 500_000, doc("f5", "DE262875793")),
      p("services", -700_000, doc("kr1", "DE262875793")), // a credit note of an earlier month's sale
    ]);
    expect(list.rows).toEqual([
      {
        buyerVatNumber: "DE262875793",
        country: "DE",
        amounts: { goods: null, triangulation: null, services: -2000 },
        invoiceIds: ["f5", "kr1"],
      },
      {
        buyerVatNumber: "DK31283522",
        country: "DK",
        amounts: { goods: 21700, triangulation: null, services: null },
        invoiceIds: ["f2"],
      },
      {
        buyerVatNumber: "ESA28480514",
        country: "ES",
        amounts: { goods: 3200, triangulation: null, services: 15300 },
        invoiceIds: ["f3", "f4"],
      },
      {
        buyerVatNumber: "FI01409351",
        country: "FI",
        amounts: { goods: 16400, triangulation: null, services: null },
        invoiceIds: ["f1"],
      },
    ]);
    expect(list.totals).toEqual({ goods: 41300, triangulation: 0, services: 13300 });
    expect(list.problems).toEqual([]);
  });

  it("names every invoice whose buyer has no valid VAT number, and keeps postings without an invoice apart", () => {
    const list = buildEuSalesList([
      p("goods", 100_000, doc("f1", null)),
      p("goods", 100_000, doc("f2", "DE1")),
      p("services", 5_000, null),
    ]);
    expect(list.problems.map((x) => [x.invoiceNumber, x.problem])).toEqual([
      ["F1", "the buyer has no VAT number"],
      ["F2", "DE1 does not have the shape of a DE VAT number"],
    ]);
    expect(list.unattributed).toEqual([{ entryId: "e-manual", column: "services", amountOre: 5_000 }]);
    expect(list.rows).toEqual([]);
  });

  it("drops öre so that the column equals the box the declaration makes of the same postings", () => {
    // three EUR sales at a booked rate of 11.2345: 1 000.50 EUR, 333.33 EUR, 10 EUR
    const ore = [1_124_012, 374_479, 11_235];
    const list = buildEuSalesList(ore.map((o, i) => p("goods", o, doc(`f${i}`, `DE26287579${i}`))));
    const box = declarationBoxes(ore.map((o) => ({ account: "3108", debitOre: 0, creditOre: o })))["35"];
    expect(box).toBe(15_097);
    expect(list.totals.goods).toBe(box);
    // each within a krona of its exact value: 11 240.12, 3 744.79, 112.35
    expect(list.rows.map((r) => r.amounts.goods)).toEqual([11_240, 3_745, 112]);
  });

  it("rounds a negative column toward zero as the box does, and leaves empty columns empty", () => {
    expect(toWholeKronor([-150, -150, null])).toEqual([-1, -2, null]);
    expect(toWholeKronor([-150, -150, null]).reduce<number>((s, v) => s + (v ?? 0), 0)).toBe(Math.trunc(-300 / 100));
    expect(toWholeKronor([199, 199])).toEqual([2, 1]);
    expect(toWholeKronor([0, null])).toEqual([0, null]);
  });

  it("reads the BAS accounts of boxes 35, 38 and 39", () => {
    expect(accountsOfBox("35")).toEqual(["3108", "3521", "3541"]);
    expect(accountsOfBox("39")).toEqual(["3308"]);
    expect(accountsOfBox("38")).toEqual([]);
    expect(accountsOfBox("05")).toContain("3510");
  });
});

describe("the SKV 574008 file", () => {
  it("writes Skatteverket's example 1 (without its stock-transfer line)", () => {
    const row = (vat: string, goods: number | null, triangulation: number | null, services: number | null) => ({
      buyerVatNumber: vat,
      country: vat.slice(0, 2),
      amounts: { goods, triangulation, services },
      invoiceIds: [],
    });
    const text = euSalesListFileText({
      reporterVatNumber: "556000016701",
      periodCode: "2001",
      contact: { name: "Per Persson", phone: "0123-45690", email: "post@filmkopia.se" },
      rows: [
        row("FI01409351", 16400, null, null),
        row("DK31283522", 21700, 13600, null),
        row("ESA28480514", 3200, null, 15300),
      ],
    });
    expect(text).toBe(
      "SKV574008;\r\n" +
        "556000016701;2001;Per Persson;0123-45690;post@filmkopia.se\r\n" +
        "FI01409351;16400;;;\r\n" +
        "DK31283522;21700;13600;;\r\n" +
        "ESA28480514;3200;;15300;\r\n",
    );
  });

  it("writes a credit as a negative value and a zero total as 0", () => {
    const text = euSalesListFileText({
      reporterVatNumber: "SE556016068001",
      periodCode: "26-1",
      contact: { name: "Åsa Öberg", phone: "+46701234567", email: null },
      rows: [
        {
          buyerVatNumber: "DE123456789",
          country: "DE",
          amounts: { goods: 0, triangulation: null, services: -2000 },
          invoiceIds: [],
        },
      ],
    });
    expect(text).toBe("SKV574008;\r\nSE556016068001;26-1;Åsa Öberg;+46701234567;\r\nDE123456789;0;;-2000;\r\n");
    // ISO 8859-1: Å is one byte, 0xC5
    expect(latin1Bytes("Å")).toEqual(new Uint8Array([0xc5]));
    expect(latin1Bytes("€")).toBeNull();
  });

  it("checks the contact against the file's limits", () => {
    expect(contactProblems({ name: "Per Persson", phone: "0123-45690", email: "post@filmkopia.se" })).toEqual([]);
    expect(contactProblems({ name: "x".repeat(36), phone: "0123 45690", email: "nope" }).map((p) => p.path)).toEqual([
      "contact_name",
      "contact_phone",
      "contact_email",
    ]);
  });
});
