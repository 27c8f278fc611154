// Issue #43: the pure reading of a supplier invoice's or a receipt's text (src/sweden/invoice-reading)
// and the decisions of using a proposal (src/domains/document-reading/rules.ts), by tables.
// Check digits: organisation numbers by Luhn (SKV 709), VAT numbers SE + the ten digits + 01,
// bankgiro and plusgiro by Luhn (Bankgirot), IBAN by ISO 13616 modulo 97 (the Swedish example
// SE45 5000 0000 0583 9825 7466 is the one the Swedish Bankers' Association publishes), OCR by
// Bankgirot's check digit.
import { describe, expect, it } from "vitest";
import { basesOf, figuresOf, itemsFromFigures, receiptLines } from "../../src/domains/document-reading/rules";
import { linesOfRuns } from "../../src/formats/pdf-text";
import { amountsIn, dateIn, ibanValid, parseAmountOre, readInvoiceText } from "../../src/sweden/invoice-reading";
import { bankgiroIn, dayOrderOf, ocrIn, plusgiroIn, vatNumberIn } from "../../src/sweden/invoice-reading/values";

/** Lines as the PDF reader makes them: cells split where the text has two spaces or more. */
const lines = (...texts: string[]) =>
  texts.map((text) => {
    let x = 0;
    const cells = text.split(/ {2,}/).map((t) => {
      const cell = { text: t, x0: x, x1: x + t.length * 5 };
      x = cell.x1 + 40;
      return cell;
    });
    return { page: 1, text, cells };
  });
const read = (...texts: string[]) =>
  readInvoiceText(lines(...texts), {
    today: "2026-12-06",
    own: { orgNumber: "556016-0680", vatNumber: "SE556016068001" },
  });
const value = (r: ReturnType<typeof read>, f: string) => r.fields[f]?.value;

describe("amounts", () => {
  it.each([
    ["1 234,50", 123_450],
    ["1.234,50", 123_450],
    ["1234,50", 123_450],
    ["1,234.50", 123_450],
    ["1234.50", 123_450],
    ["12 500,00", 1_250_000],
    ["-75,00", -7_500],
    ["0,05", 5],
    ["1 234", null],
    ["12,5", null],
    ["abc", null],
  ])("%s is %s öre", (text, ore) => {
    expect(parseAmountOre(text)).toBe(ore);
  });

  it.each([
    ["Att betala  1 250,00 SEK", [125_000]],
    ["Moms 25 %  4 000,00  1 000,00", [400_000, 100_000]],
    ["Datum 2026-03-05 14:32", []],
    ["15.03.2026  25,00 %", []],
    ["Total  $ 279.84", [27_984]],
    ["Room Charges  Rs 1939", []],
  ])("%s holds %j", (text, ore) => {
    expect(amountsIn(text).map((a) => a.ore)).toEqual(ore);
  });
});

describe("dates", () => {
  it.each([
    ["2026-03-15", "dmy", "2026-03-15"],
    ["2026/03/15", "dmy", "2026-03-15"],
    ["15.03.2026", "dmy", "2026-03-15"],
    ["03/04/2026", "dmy", "2026-04-03"],
    ["03/04/2026", "mdy", "2026-03-04"],
    ["15 mars 2026", "dmy", "2026-03-15"],
    ["Mar 15, 2026", "dmy", "2026-03-15"],
    ["March 3, 2026", "dmy", "2026-03-03"],
    ["2026-02-30", "dmy", null],
    ["inget datum", "dmy", null],
  ] as const)("%s (%s) is %s", (text, order, iso) => {
    expect(dateIn(text, order)).toBe(iso);
  });

  it("reads day and month in the order a document shows where one of its dates can only be read one way", () => {
    expect(dayOrderOf(["Invoice Date: 03/20/2023", "Due 04/04/2023"])).toBe("mdy");
    expect(dayOrderOf(["Datum 20/03/2023"])).toBe("dmy");
    expect(dayOrderOf(["04/04/2023"])).toBe("dmy");
  });
});

describe("identifiers and their check digits", () => {
  it.each([
    ["SE45 5000 0000 0583 9825 7466", true],
    ["SE4550000000058398257466", true],
    ["SE45 5000 0000 0583 9825 7467", false],
    ["GB82 WEST 1234 5698 7654 32", true],
    ["DE89 3704 0044 0532 0130 00", true],
  ])("IBAN %s valid: %s", (iban, valid) => {
    expect(ibanValid(iban)).toBe(valid);
  });

  it.each([
    ["Momsreg.nr SE556036079301", { value: "SE556036079301", valid: true }],
    ["VAT no SE 556036-0793 01", { value: "SE556036079301", valid: true }],
    ["SE556036079401", { value: "SE556036079401", valid: false }],
    ["SE556036079302", { value: "SE556036079302", valid: false }],
  ])("VAT number in %s", (text, found) => {
    expect(vatNumberIn(text)).toEqual(found);
  });

  it.each([
    ["5050-1055", { value: "5050-1055", valid: true }],
    ["505-1055", { value: "505-1055", valid: false }],
    ["50501055", { value: "5050-1055", valid: true }],
  ])("bankgiro %s", (text, found) => {
    expect(bankgiroIn(text)).toEqual(found);
  });

  it.each([
    ["90066-2", { value: "90066-2", valid: true }],
    ["4 58 71 12-6", { value: "4587112-6", valid: true }],
    ["90066-3", { value: "90066-3", valid: false }],
  ])("plusgiro %s", (text, found) => {
    expect(plusgiroIn(text)).toEqual(found);
  });

  it.each([
    ["2026041703", true, true],
    ["2026 0417 03", true, true],
    ["2026041704", false, false],
  ])("OCR %s valid %s (length digit %s)", (text, valid, lengthDigit) => {
    expect(ocrIn(text)).toMatchObject({ valid, lengthDigit });
  });
});

describe("fields by their labels", () => {
  it.each([
    ["Fakturanummer: 20260417", "invoice_number", "20260417"],
    ["Fakturanr  K-1187", "invoice_number", "K-1187"],
    ["Invoice No.  NCS-2026-0311", "invoice_number", "NCS-2026-0311"],
    ["Invoice # 1042", "invoice_number", "1042"],
    ["Invoice INV/2023/03/0008", "invoice_number", "INV/2023/03/0008"],
    ["Kvittonr 48213", "invoice_number", "48213"],
    ["Fakturadatum  2026-03-02", "invoice_date", "2026-03-02"],
    ["Invoice date: 15 March 2026", "invoice_date", "2026-03-15"],
    ["Förfallodatum  2026-04-01", "due_date", "2026-04-01"],
    ["Förfallodag 09.04.2026", "due_date", "2026-04-09"],
    ["Due Date:  Jan 31, 2022", "due_date", "2022-01-31"],
    ["Betalas senast 2026-04-30", "due_date", "2026-04-30"],
    ["Att betala  6 780,00", "total", 678_000],
    ["Amount due  3,000.00", "total", 300_000],
    ["Summa exkl. moms  5 500,00", "net", 550_000],
    ["Subtotal  2,400.00", "net", 240_000],
    ["Moms 25 %  1 250,00", "vat_25", 125_000],
    ["VAT 25%  600.00", "vat_25", 60_000],
    ["Moms 12%  14,35", "vat_12", 1_435],
    ["Moms (6 %)  30,00", "vat_6", 3_000],
    ["Summa moms  21,37", "vat_total", 2_137],
    ["Öresavrundning  -0,40", "rounding", -40],
    ["OCR: 2026041703", "ocr", "2026041703"],
    ["Betalningsreferens  55012", "reference", "55012"],
    ["Bankgiro: 5050-1055", "bankgiro", "5050-1055"],
    ["BG 5050-1055", "bankgiro", "5050-1055"],
    ["Plusgiro 90066-2", "plusgiro", "90066-2"],
    ["IBAN SE45 5000 0000 0583 9825 7466", "iban", "SE4550000000058398257466"],
    ["Org.nr 556036-0793", "org_number", "556036-0793"],
    ["Organisationsnummer: 5560360793", "org_number", "556036-0793"],
    ["Company reg. no 559014-2161", "org_number", "559014-2161"],
    ["Momsreg.nr SE556036079301", "vat_number", "SE556036079301"],
    ["Valuta: EUR", "currency", "EUR"],
  ])("%s gives %s %j", (text, field, expected) => {
    expect(value(read(text), field)).toEqual(expected);
  });

  it("does not read a subtotal, a VAT sum or a net as the total, and takes the last total printed", () => {
    const r = read(
      "Total  Antal  Pris",
      "Subtotal  800,00",
      "Summa moms  200,00",
      "Totalt exkl. moms  800,00",
      "Totalt  1 000,00",
    );
    expect(value(r, "total")).toBe(100_000);
    expect(value(r, "net")).toBe(80_000);
  });

  it("reads a VAT table's rows by their first cell, and never an item row's rate", () => {
    const r = read(
      "Reglar  40  95,00  25 %  3 800,00",
      "Momssats  Underlag  Moms",
      "25 %  800,00  200,00",
      "12,00 %  100,00  12,00",
      "Netto  900,00",
      "Att betala  1 112,00",
    );
    expect(r.fields.vat_25).toMatchObject({ value: 20_000, line: "25 %  800,00  200,00", confidence: 0.95 });
    expect(value(r, "vat_12")).toBe(1_200);
    expect(r.warnings).toEqual([]);
    expect(value(read("Reglar  40  95,00  25 %  3 800,00"), "vat_25")).toBeUndefined();
  });

  it("reads a value printed under its label (a header row) at a lower confidence", () => {
    const l = [
      {
        page: 1,
        text: "Invoice Date  Due Date",
        cells: [
          { text: "Invoice Date", x0: 50, x1: 110 },
          { text: "Due Date", x0: 250, x1: 290 },
        ],
      },
      {
        page: 1,
        text: "2026-03-03  2026-04-02",
        cells: [
          { text: "2026-03-03", x0: 50, x1: 100 },
          { text: "2026-04-02", x0: 250, x1: 300 },
        ],
      },
    ];
    const r = readInvoiceText(l, { today: "2026-12-06", own: { orgNumber: null, vatNumber: null } });
    expect(r.fields.invoice_date).toMatchObject({ value: "2026-03-03", confidence: 0.7 });
    expect(r.fields.due_date).toMatchObject({ value: "2026-04-02", confidence: 0.7 });
  });

  it("never proposes the buyer's own numbers as the seller's, and finds the seller's VAT number without a label", () => {
    const r = read("Kund: Läsaren AB, org.nr 556016-0680, SE556016068001", "Säljare: SE556036079301");
    expect(value(r, "vat_number")).toBe("SE556036079301");
    expect(r.fields.vat_number.confidence).toBe(0.5);
    // the org number inside the seller's VAT number, derived
    expect(r.fields.org_number).toMatchObject({ value: "556036-0793", confidence: 0.6 });
  });

  it("marks a labelled number that fails its check digit at 0.3 with a warning", () => {
    const r = read("Bankgiro 505-1055");
    expect(r.fields.bankgiro.confidence).toBe(0.3);
    expect(r.warnings).toEqual([expect.objectContaining({ code: "CHECK_DIGIT_FAILED", fields: ["bankgiro"] })]);
  });
});

describe("totals that do not add up are flagged, never corrected", () => {
  it.each([
    // net, VAT line, total: the warnings
    [["Netto  800,00", "Moms 25 %  200,00", "Att betala  1 000,00"], []],
    [
      ["Netto  10.000,00", "Moms 25 %  2.400,00", "Att betala  12.500,00"],
      ["TOTALS_DO_NOT_ADD_UP", "VAT_NOT_A_SWEDISH_RATE"],
    ],
    [["Netto  10.000,00", "Moms 25 %  2.400,00", "Att betala  12.400,00"], ["VAT_NOT_A_SWEDISH_RATE"]],
    [["Netto  1 000,00", "Moms 25 %  250,00", "Att betala  1 200,00"], ["TOTALS_DO_NOT_ADD_UP"]],
    // two rates whose bases are more than the net
    [["Netto  1 000,00", "Moms 25 %  200,00", "Moms 12 %  60,00", "Att betala  1 260,00"], ["VAT_NOT_A_SWEDISH_RATE"]],
    // a VAT line printed with its base that is not its rate of the base
    [["Netto  1 000,00", "Moms 25 %  1 000,00  240,00", "Att betala  1 240,00"], ["VAT_NOT_A_SWEDISH_RATE"]],
    // öresavrundning closes the sum
    [["Netto  799,68", "Moms 25 %  199,92", "Öresavrundning  0,40", "Att betala  1 000,00"], []],
    // per-rate VAT and a VAT total that differ
    [["Netto  1 000,00", "Moms 25 %  250,00", "Summa moms  260,00", "Att betala  1 250,00"], ["VAT_SUM_DIFFERS"]],
  ])("%j warns %j", (texts, codes) => {
    const r = read(...texts);
    expect(r.warnings.map((w) => w.code)).toEqual(codes);
    expect(value(r, "total")).toBe(parseAmountOre(texts.at(-1)!.split("  ").at(-1)!));
  });

  it("raises the totals to 0.95 when they add up, and reads a lone VAT total as the one rate it is of the net", () => {
    const r = read("Summa exkl moms  1 000,00", "Moms  120,00", "Att betala  1 120,00");
    expect(r.warnings).toEqual([]);
    expect(r.fields.total.confidence).toBe(0.95);
    expect(r.fields.vat_12).toMatchObject({ value: 12_000, confidence: 0.6 });
  });
});

describe("using a proposal: figures, lines and the receipt's entry", () => {
  const field = (value: number | string) => ({ value, page: 1, line: "", label: null, confidence: 0.8 });

  it("refuses figures that do not add up with their difference, and takes the caller's correction", () => {
    const fields = { net: field(10_000), vat_25: field(2_400), total: field(12_500) };
    expect(() => figuresOf(fields, {})).toThrow(
      expect.objectContaining({
        code: "DOCUMENT_PROPOSAL_TOTALS_DISAGREE",
        details: expect.objectContaining({ difference: 100 }),
      }),
    );
    expect(figuresOf(fields, { vat_25: 2_500 })).toEqual({
      net: 1_000_000,
      vat: [{ bp: 2500, ore: 250_000 }],
      rounding: 0,
      total: 1_250_000,
    });
  });

  it.each([
    // net, [rate bp, VAT öre], the bases by rate
    [
      550_000,
      [
        [2500, 125_000],
        [600, 3_000],
      ],
      [
        [2500, 500_000, 125_000],
        [600, 50_000, 3_000],
      ],
    ],
    // one rate, a base that rounds: the whole net is its base
    [79_968, [[2500, 19_992]], [[2500, 79_968, 19_992]]],
    // part of the net carries no VAT
    [
      150_000,
      [[2500, 25_000]],
      [
        [2500, 100_000, 25_000],
        [0, 50_000, 0],
      ],
    ],
  ])("net %i with VAT %j splits into %j", (net, vat, bases) => {
    const f = { net, vat: vat.map(([bp, ore]) => ({ bp, ore })), rounding: 0, total: 0 };
    expect(basesOf(f).map((b) => [b.bp, b.baseOre, b.vatOre])).toEqual(bases);
  });

  it("makes one supplier-invoice line per rate with the VAT as printed, and a rounding line on 3740", () => {
    const f = { net: 79_968, vat: [{ bp: 2500, ore: 19_992 }], rounding: 40, total: 100_000 };
    expect(itemsFromFigures(f, "4010")).toEqual([
      expect.objectContaining({ amount: 799.68, vat_rate: 0.25, vat_amount: 199.92, account_number: "4010" }),
      expect.objectContaining({ amount: 0.4, vat_rate: 0, vat_amount: 0, account_number: "3740" }),
    ]);
  });

  it("drafts a receipt as expense, input VAT on 2641 and the total from the account that paid", () => {
    const f = {
      net: 14_763,
      vat: [
        { bp: 2500, ore: 702 },
        { bp: 1200, ore: 1_435 },
      ],
      rounding: 0,
      total: 16_900,
    };
    expect(receiptLines(f, "5460", "1930").map((l) => [l.accountNumber, l.debitOre, l.creditOre])).toEqual([
      ["5460", 14_763, 0],
      ["2641", 2_137, 0],
      ["1930", 0, 16_900],
    ]);
  });
});

describe("the PDF's runs as lines", () => {
  const run = (str: string, x: number, y: number, width: number) => ({
    str,
    transform: [10, 0, 0, 10, x, y],
    width,
    height: 10,
  });

  it("puts runs of one baseline on one line, left to right, and a wide gap between cells", () => {
    const out = linesOfRuns(1, [
      run("6 780,00", 400, 100, 40),
      run("Att", 50, 100.5, 15),
      run("betala", 68, 100, 30),
      run("OCR", 50, 80, 20),
    ]);
    expect(out.map((l) => l.text)).toEqual(["Att betala  6 780,00", "OCR"]);
    expect(out[0].cells.map((c) => c.text)).toEqual(["Att betala", "6 780,00"]);
  });

  it("reads a font's minus sign and dashes as hyphens", () => {
    expect(linesOfRuns(1, [run("556677\u22128899", 50, 100, 60)])[0].text).toBe("556677-8899");
  });
});
