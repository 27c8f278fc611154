// The SRU files (src/sweden/sru/) with hand-computed figures: the format of SKV 269 (posts,
// CRLF, ISO 8859-1, period suffix), INK2R by BAS's INK2 kopplingstabell (2024-11-19), INK2S
// and INK2 from the tax calculation, NE R1-R11.
import { describe, expect, it } from "vitest";
import {
  blanketterSru,
  formCode,
  infoSru,
  periodSuffix,
  sruBytes,
  wholeKronor,
  type SruSender,
} from "../../src/sweden/sru/files";
import { ink2Fields, ink2rFields, ink2rFigures, ink2sFields, sruFieldOf } from "../../src/sweden/sru/ink2";
import { neFields } from "../../src/sweden/sru/ne";

const kr = (n: number) => Math.round(n * 100);
const mv = (account: string, debit: number, credit: number) => ({
  account,
  debitOre: kr(debit),
  creditOre: kr(credit),
});
const asMap = (fields: { code: string; value: string }[]) => Object.fromEntries(fields.map((f) => [f.code, f.value]));

const SENDER: SruSender = {
  identity: "165560160680",
  name: "Åkerö Bygg AB",
  address: "Storgatan 1",
  postalCode: "111 22",
  city: "Göteborg",
};

describe("the file format (SKV 269)", () => {
  it("names the declaration period by the month the fiscal year ends in", () => {
    expect(periodSuffix("2026-04-30")).toBe("P1");
    expect(periodSuffix("2026-06-30")).toBe("P2");
    expect(periodSuffix("2026-08-31")).toBe("P3");
    expect(periodSuffix("2026-12-31")).toBe("P4");
    expect(formCode("INK2R", "2026-12-31")).toBe("INK2R-2026P4");
    expect(formCode("NE", "2025-08-31")).toBe("NE-2025P3");
  });

  it("drops öre toward zero", () => {
    expect(wholeKronor(12_399)).toBe(123);
    expect(wholeKronor(-12_399)).toBe(-123);
  });

  it("writes INFO.SRU's posts in order, CRLF after each, the postal code without spaces", () => {
    const text = infoSru(SENDER, "2027-03-01T09:08:07.000Z", "Bokföring API 1.0");
    expect(text).toBe(
      [
        "#DATABESKRIVNING_START",
        "#PRODUKT SRU",
        "#SKAPAD 20270301 090807",
        "#PROGRAM Bokföring API 1.0",
        "#FILNAMN BLANKETTER.SRU",
        "#DATABESKRIVNING_SLUT",
        "#MEDIELEV_START",
        "#ORGNR 165560160680",
        "#NAMN Åkerö Bygg AB",
        "#ADRESS Storgatan 1",
        "#POSTNR 11122",
        "#POSTORT Göteborg",
        "#MEDIELEV_SLUT",
        "",
      ].join("\r\n"),
    );
  });

  it("writes each form in its block and ends the file once; a '#' or line break in a value is a space", () => {
    const text = blanketterSru(
      { ...SENDER, name: "A#B\nAB" },
      [
        { code: "INK2-2026P4", fields: [{ code: "7104", value: "10" }] },
        { code: "INK2S-2026P4", fields: [] },
      ],
      "2027-03-01T09:08:07.000Z",
    );
    expect(text.split("\r\n")).toEqual([
      "#BLANKETT INK2-2026P4",
      "#IDENTITET 165560160680 20270301 090807",
      "#NAMN A B AB",
      "#UPPGIFT 7104 10",
      "#BLANKETTSLUT",
      "#BLANKETT INK2S-2026P4",
      "#IDENTITET 165560160680 20270301 090807",
      "#NAMN A B AB",
      "#BLANKETTSLUT",
      "#FIL_SLUT",
      "",
    ]);
  });

  it("encodes ISO 8859-1: å ä ö Å Ä Ö one byte each; a character outside it is '?'", () => {
    expect([...sruBytes("åäöÅÄÖ")]).toEqual([0xe5, 0xe4, 0xf6, 0xc5, 0xc4, 0xd6]);
    expect([...sruBytes("a€b")]).toEqual([0x61, 0x3f, 0x62]);
  });
});

describe("INK2R from the year's movements (BAS INK2 kopplingstabell)", () => {
  // a year before its closing entry: sales 500 000, goods 120 000.40, rent 60 000,
  // representation 2 000, salaries 100 000, depreciation 10 000, interest 1 500,
  // fund 50 000, tax 30 000; the opening entry: share capital 25 000 and 2098 5 000 against the bank
  const movements = [
    mv("1930", 30_000, 0),
    mv("2081", 0, 25_000),
    mv("2098", 0, 5_000),
    mv("1510", 125_000, 0),
    mv("3001", 0, 500_000),
    mv("2611", 0, 125_000),
    mv("4010", 120_000.4, 0),
    mv("5010", 60_000, 0),
    mv("6072", 2_000, 0),
    mv("7210", 100_000, 0),
    mv("7832", 10_000, 0),
    mv("1229", 0, 10_000),
    mv("8410", 1_500, 0),
    mv("8811", 50_000, 0),
    mv("2126", 0, 50_000),
    mv("8910", 30_000, 0),
    mv("2512", 0, 30_000),
    // the rest of the year through the bank
    mv("1930", 0, 323_500.4),
  ];

  it("writes each field as the form prints it, costs positive, and the result as their sum", () => {
    const figures = ink2rFigures(movements);
    expect(figures.unmapped).toEqual([]);
    const { fields, result } = ink2rFields(figures, "2026-01-01", "2026-12-31");
    // 3.26, the sum of the written fields: 500 000 - 120 000 (öre dropped) - 60 000 - 2 000 - 100 000
    // - 10 000 - 1 500 - 50 000 - 30 000
    expect(result).toBe(126_500);
    expect(asMap(fields)).toEqual({
      "7011": "20260101",
      "7012": "20261231",
      "7215": "-10000", // 1229 accumulated depreciation, no asset on 1220 in this year
      "7251": "125000",
      "7281": String(30_000 - 323_500), // 1930: öre dropped toward zero (-293 500.40)
      "7301": "25000",
      // 2098 5 000 and the year's result in öre, not yet on 2099: 5 000 + 126 499.60, öre dropped
      "7302": "131499",
      "7321": "50000",
      "7368": "30000",
      "7369": "125000",
      "7410": "500000",
      "7511": "120000",
      "7513": "62000",
      "7514": "100000",
      "7515": "10000",
      "7522": "1500",
      "7525": "50000",
      "7528": "30000",
      "7450": "126500",
    });
  });

  it("leaves class 0 (statistics) out of every field and of the unmapped (issue #40 item 5)", () => {
    const withStatistics = ink2rFigures([...movements, mv("0351", 25, 0), mv("0359", 0, 25)]);
    expect(withStatistics.unmapped).toEqual([]);
    expect(asMap(ink2rFields(withStatistics, "2026-01-01", "2026-12-31").fields)).toEqual(
      asMap(ink2rFields(ink2rFigures(movements), "2026-01-01", "2026-12-31").fields),
    );
  });

  it("writes a paired row's net on its (+) or (-) field, and a loss on 7550", () => {
    const gain = ink2rFields(ink2rFigures([mv("8850", 0, 4_000), mv("8851", 1_000, 0)]), "2026-01-01", "2026-12-31");
    expect(asMap(gain.fields)).toMatchObject({ "7421": "3000", "7450": "3000" });
    expect(asMap(gain.fields)["7526"]).toBeUndefined();
    const loss = ink2rFields(ink2rFigures([mv("8850", 4_000, 0), mv("5010", 500, 0)]), "2026-01-01", "2026-12-31");
    expect(asMap(loss.fields)).toMatchObject({ "7526": "4000", "7513": "500", "7550": "4500" });
    expect(loss.result).toBe(-4_500);
  });

  it("leaves the closing entry's 8999 out of the income statement: 2099 already holds the result", () => {
    const figures = ink2rFigures([
      mv("1930", 1_000, 0),
      mv("3001", 0, 1_000),
      mv("8999", 1_000, 0),
      mv("2099", 0, 1_000),
    ]);
    expect(figures.unmapped).toEqual([]);
    const closed = ink2rFields(figures, "2026-01-01", "2026-12-31");
    expect(asMap(closed.fields)).toMatchObject({ "7281": "1000", "7302": "1000", "7410": "1000", "7450": "1000" });
  });
});

describe("accounts outside the kopplingstabell", () => {
  it("are named, not written: 1390-1399 and 48xx have no INK2R field", () => {
    const figures = ink2rFigures([mv("1390", 100, 0), mv("4810", 50, 0), mv("1930", 0, 150)]);
    expect(figures.unmapped).toEqual(["1390", "4810"]);
    expect(asMap(ink2rFields(figures, "2026-01-01", "2026-12-31").fields)).toEqual({
      "7011": "20260101",
      "7012": "20261231",
      "7281": "-150",
      "7302": "-50",
    });
  });

  it("net a split row over all its accounts: 8113 and 8118 together on 3.14", () => {
    const figures = ink2rFigures([mv("8113", 0, 1_000), mv("8118", 300, 0)]);
    expect(asMap(ink2rFields(figures, "2026-01-01", "2026-12-31").fields)).toMatchObject({ "7423": "700" });
  });
});

describe("INK2S and INK2 from the result and the tax calculation", () => {
  it("adds the booked tax, the non-deductible costs and the schablonintäkt, deducts tax-free income and last year's loss", () => {
    const tax = {
      nonDeductibleOre: kr(2_000.5),
      taxFreeOre: kr(300),
      schablonintaktOre: kr(1_200),
      previousYearLossOre: kr(10_000),
    };
    const { fields, surplus } = ink2sFields(126_500, 30_000, tax, "2026-01-01", "2026-12-31");
    // 126 500 + 30 000 + 2 000 - 300 + 1 200 - 10 000
    expect(surplus).toBe(149_400);
    expect(asMap(fields)).toEqual({
      "7011": "20260101",
      "7012": "20261231",
      "7650": "126500",
      "7651": "30000",
      "7653": "2000",
      "7754": "300",
      "7654": "1200",
      "7763": "10000",
      "7670": "149400",
    });
    expect(asMap(ink2Fields(surplus, "2026-01-01", "2026-12-31"))).toEqual({
      "7011": "20260101",
      "7012": "20261231",
      "7104": "149400",
    });
  });

  it("writes a loss on 4.2 and a deficit on 4.16 and 1.2", () => {
    const none = { nonDeductibleOre: 0, taxFreeOre: 0, schablonintaktOre: 0, previousYearLossOre: 0 };
    const { fields, surplus } = ink2sFields(-4_500, 0, none, "2026-01-01", "2026-12-31");
    expect(asMap(fields)).toEqual({ "7011": "20260101", "7012": "20261231", "7750": "4500", "7770": "4500" });
    expect(asMap(ink2Fields(surplus, "2026-01-01", "2026-12-31"))["7114"]).toBe("4500");
  });
});

describe("NE R1-R12 and B1-B16", () => {
  it("writes R1-R10 on 7400-7403 and 7500-7505, R11 as their sum on 7440 and again as R12 on 7600", () => {
    const figures = [
      { field: "R1", amountOre: kr(200_000.9) },
      { field: "R4", amountOre: kr(100) },
      { field: "R5", amountOre: kr(50_000) },
      { field: "R6", amountOre: kr(30_000.5) },
      { field: "R10", amountOre: kr(5_000) },
      { field: "R2", amountOre: 0 },
    ];
    const { fields, r11 } = neFields(figures, "2026-01-01", "2026-12-31");
    expect(r11).toBe(200_000 + 100 - 50_000 - 30_000 - 5_000);
    expect(fields.map((f) => `${f.code} ${f.value}`)).toEqual([
      "7011 20260101",
      "7012 20261231",
      "7400 200000",
      "7403 100",
      "7500 50000",
      "7501 30000",
      "7505 5000",
      "7440 115100",
      "7600 115100",
    ]);
  });

  it("writes the balance sheet B1-B16 on 7200-7383 in whole kronor, a negative field with its sign, none of 0", () => {
    const balance = [
      { field: "B4", amountOre: kr(8_000.99) },
      { field: "B9", amountOre: kr(-1_250.5) },
      { field: "B10", amountOre: kr(6_750.49) },
      { field: "B16", amountOre: 0 },
    ];
    const { fields } = neFields([], "2026-01-01", "2026-12-31", balance);
    expect(fields.map((f) => `${f.code} ${f.value}`)).toEqual([
      "7011 20260101",
      "7012 20261231",
      "7212 8000",
      "7280 -1250",
      "7300 6750",
    ]);
  });
});

describe("the #SRU field of one account (the SIE export)", () => {
  it("names the INK2R field of BAS's kopplingstabell, the (+) field of a paired row, none for 8990-8999", () => {
    expect(
      [
        "1220",
        "1510",
        "1930",
        "2081",
        "2099",
        "2126",
        "2440",
        "2611",
        "3001",
        "4010",
        "5010",
        "7010",
        "8310",
        "8999",
      ].map(sruFieldOf),
    ).toEqual([
      "7215",
      "7251",
      "7281",
      "7301",
      "7302",
      "7321",
      "7365",
      "7369",
      "7410",
      "7511",
      "7513",
      "7514",
      "7417",
      null,
    ]);
  });
});
