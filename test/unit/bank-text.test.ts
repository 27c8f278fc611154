// The building blocks under every bank format: decoding, amounts, dates, CSV fields,
// de-duplication input, and format detection.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  BankFileError,
  decodeBankBytes,
  dedupeKey,
  detectBankFormat,
  normaliseDescription,
  parseBankFile,
} from "../../src/sweden/bank";
import { decimalToOre, detectDecimalSeparator, parseCsvAmount } from "../../src/sweden/bank/amount";
import { detectSeparator, tokenizeCsv } from "../../src/sweden/bank/csv/tokenize";
import { parseBankDate } from "../../src/sweden/bank/dates";

const fixture = (name: string) => Uint8Array.from(atob(env.TEST_BANK_FIXTURES[name]), (c) => c.charCodeAt(0));
const utf8 = (text: string) => new TextEncoder().encode(text);
const utf16 = (text: string, littleEndian: boolean, bom: boolean) => {
  const out = new Uint8Array((text.length + (bom ? 1 : 0)) * 2);
  const units = [...(bom ? [0xfeff] : []), ...Array.from(text, (c) => c.charCodeAt(0))];
  units.forEach((u, i) => {
    out[2 * i + (littleEndian ? 0 : 1)] = u & 0xff;
    out[2 * i + (littleEndian ? 1 : 0)] = u >> 8;
  });
  return out;
};
const SWEDISH = "Datum;Text;Belopp\n2025-01-02;Räksmörgås Åre;-12,50\n";

describe("decoding", () => {
  it("reads UTF-8 with and without BOM, dropping the BOM", () => {
    expect(decodeBankBytes(utf8(`\uFEFF${SWEDISH}`))).toEqual({ text: SWEDISH, encoding: "utf-8" });
    expect(decodeBankBytes(utf8(SWEDISH))).toEqual({ text: SWEDISH, encoding: "utf-8" });
  });

  it("reads UTF-16 LE and BE by BOM, and without BOM by the NUL pattern", () => {
    expect(decodeBankBytes(utf16(SWEDISH, true, true))).toEqual({ text: SWEDISH, encoding: "utf-16le" });
    expect(decodeBankBytes(utf16(SWEDISH, false, true))).toEqual({ text: SWEDISH, encoding: "utf-16be" });
    expect(decodeBankBytes(utf16(SWEDISH, true, false))).toEqual({ text: SWEDISH, encoding: "utf-16le" });
    expect(decodeBankBytes(utf16(SWEDISH, false, false))).toEqual({ text: SWEDISH, encoding: "utf-16be" });
  });

  it("falls back to Windows-1252 for å ä ö that are not UTF-8", () => {
    const bytes = Uint8Array.from([
      0x52, 0xe4, 0x6b, 0x73, 0x6d, 0xf6, 0x72, 0x67, 0xe5, 0x73, 0x20, 0xc5, 0xc4, 0xd6, 0x20, 0x80,
    ]);
    expect(decodeBankBytes(bytes)).toEqual({ text: "Räksmörgås ÅÄÖ €", encoding: "windows-1252" });
    const swedbank = decodeBankBytes(fixture("synthetic_swedbank_transaktioner_windows-1252.csv"));
    expect(swedbank.encoding).toBe("windows-1252");
    expect(swedbank.text).toContain("Bokföringsdag");
  });
});

describe("amounts", () => {
  it.each([
    ["1234.5", 123_450],
    ["0", 0],
    ["0.10", 10],
    ["1.230", 123],
    ["90071992547409.91", 9_007_199_254_740_991],
  ])("decimal %s is %i öre", (text, ore) => expect(decimalToOre(text)).toBe(ore));

  it.each([["1.005"], ["-1"], ["1,5"], [""], ["90071992547409.92"], ["1e3"]])(
    "refuses %s as an exact decimal",
    (text) => expect(decimalToOre(text)).toBeNull(),
  );

  it.each([
    ["-1 234,56", ",", -123_456],
    ["1\u00a0234,56", ",", 123_456],
    ["1\u202f234,56", ",", 123_456],
    ["1.234,56", ",", 123_456],
    ["\u22125 000,00", ",", -500_000],
    ["125,00-", ",", -12_500],
    ["(12,00)", ",", -1_200],
    ["+7,5", ",", 750],
    ["1,234.56", ".", 123_456],
    ["-0.45", ".", -45],
    ["12 kr", ",", 1_200],
    ["1 000 SEK", ",", 100_000],
    ["0,00", ",", 0],
    ["-0,00", ",", 0],
  ])("CSV amount %s (decimal %s) is %i öre", (text, decimal, ore) =>
    expect(parseCsvAmount(text, decimal as "," | ".")).toBe(ore),
  );

  it.each([
    ["12,345", ","],
    ["1,2,3", ","],
    ["abc", "."],
    ["1.2.3", "."],
  ])("refuses CSV amount %s", (text, decimal) => expect(parseCsvAmount(text, decimal as "," | ".")).toBeNull());

  it("tells the decimal separator of a column from its values", () => {
    expect(detectDecimalSeparator(["-1 234,56", "100"])).toBe(",");
    expect(detectDecimalSeparator(["-1234.5", "100"])).toBe(".");
    expect(detectDecimalSeparator(["1.234,50-"])).toBe(",");
    expect(detectDecimalSeparator(["100", "2 000"])).toBeNull();
  });
});

describe("dates", () => {
  it.each([
    ["2025-03-04", "dmy", "2025-03-04"],
    ["2025/03/04", "dmy", "2025-03-04"],
    ["20250304", "dmy", "2025-03-04"],
    ["04.03.2025", "dmy", "2025-03-04"],
    ["04-03-2025", "dmy", "2025-03-04"],
    ["4/3/2025", "dmy", "2025-03-04"],
    ["03/04/2025", "mdy", "2025-03-04"],
    ["2025-03-04 14:23:11", "dmy", "2025-03-04"],
    ["2025-03-04T10:15:00+01:00", "dmy", "2025-03-04"],
  ])("%s (%s) is %s", (text, order, iso) => expect(parseBankDate(text, order as "dmy" | "mdy")).toBe(iso));

  it.each([["2025-02-30"], ["31.04.2025"], ["Reserverat"], ["2025-3"], ["13/13/2025"]])("refuses %s", (text) =>
    expect(parseBankDate(text)).toBeNull(),
  );
});

describe("CSV fields", () => {
  it("detects semicolon, comma and TAB, ignoring a title line and decimal commas", () => {
    expect(detectSeparator("* Transaktioner Period 2025-01-01 – 2025-01-31\nA,B,C\n1,2,3\n")).toBe(",");
    expect(detectSeparator("Datum;Belopp;Saldo\n2025-01-01;-1,50;2,00\n2025-01-02;3,00;5,00\n")).toBe(";");
    expect(detectSeparator("Datum\tText\tBelopp\n2025-01-01\tA, B\t1,00\n")).toBe("\t");
  });

  it("reads quoted fields with separators, doubled quotes and line breaks, and numbers lines", () => {
    const records = tokenizeCsv('a;"b;c";"say ""hi"""\r\n"multi\r\nline";x;\r\n\r\nlast;;', ";");
    expect(records).toEqual([
      { cells: ["a", "b;c", 'say "hi"'], line: 1 },
      { cells: ["multi\nline", "x", ""], line: 2 },
      { cells: ["last", "", ""], line: 5 },
    ]);
  });
});

describe("de-duplication input", () => {
  it("normalises a description: lower case, whitespace collapsed, digits kept", () => {
    expect(normaliseDescription("  KORTKÖP\u00a0 250308\tICA   Nära ")).toBe("kortköp 250308 ica nära");
  });

  it("uses the bank's id when there is one, else date, amount and the normalised description", () => {
    expect(dedupeKey({ external_id: "TB-1", booking_date: "2025-03-03", amount_ore: -100, description: "X" })).toEqual({
      by: "external_id",
      value: "TB-1",
    });
    expect(
      dedupeKey({
        external_id: null,
        booking_date: "2025-03-03",
        amount_ore: -31_240,
        description: "Kortköp  250308 ICA",
      }),
    ).toEqual({
      by: "hash_input",
      value: "2025-03-03|-31240|kortköp 250308 ica",
    });
  });

  it("gives the same hash input for a re-export with other spacing and case", () => {
    const a = parseBankFile(utf8("Datum;Text;Belopp\n2025-01-02;Hyra  MARS;-100,00\n")).statements[0].rows[0];
    const b = parseBankFile(utf8("Datum;Text;Belopp\n2025-01-02;hyra mars;-100,00\n")).statements[0].rows[0];
    expect(dedupeKey(a)).toEqual(dedupeKey(b));
  });
});

describe("format detection", () => {
  it.each([
    ["iso20022_business-sample_camt.053.001.04_AAAASESS_SEK.xml", "camt053"],
    ["synthetic_camt.054.001.06_notification.xml", "camt054"],
    ["bankgirot_bgmax_exempelfil_ocr-kontroll_checksiffra_langd.txt", "bgmax"],
    ["synthetic_swedbank_transaktioner_windows-1252.csv", "swedbank"],
    ["synthetic_sparbanken_transaktionsrapport_windows-1252.csv", "sparbanken"],
    ["synthetic_seb_kontoutdrag_windows-1252.csv", "seb"],
    ["synthetic_handelsbanken_kontotransaktioner_windows-1252.csv", "handelsbanken"],
    ["synthetic_nordea_personkonto_utf-8-bom.csv", "nordea"],
    ["synthetic_nordea_business_foretagskonto_utf-8-bom.csv", "nordea_business"],
    ["synthetic_amex_activity_utf-8.csv", "amex"],
    ["synthetic_lunar_transaktioner_utf-8-bom.csv", "lunar"],
    ["synthetic_revolut_business_statement_utf-8.csv", "revolut"],
    ["synthetic_skandia_kontoutdrag_windows-1252.csv", "skandia"],
    ["synthetic_wise_transaction_history_utf-8.csv", "wise"],
    ["synthetic_wise_balance_statement_SEK_utf-8.csv", "wise_balance"],
    ["synthetic_generic_semicolon_windows-1252.csv", "generic_csv"],
    ["synthetic_generic_tab_utf-16le-bom.txt", "generic_csv"],
  ])("%s is %s", (name, format) => expect(detectBankFormat(decodeBankBytes(fixture(name)).text)).toBe(format));

  it("refuses an unrecognised file, naming what it looked for", () => {
    let error: BankFileError | undefined;
    try {
      parseBankFile(utf8("Kund;Ordernummer;Status\nAcme;1001;Skickad\n"));
    } catch (e) {
      error = e as BankFileError;
    }
    expect(error).toBeInstanceOf(BankFileError);
    expect(error!.code).toBe("BANK_FILE_UNRECOGNISED");
    expect(error!.message).toMatch(
      /^not a recognised bank file; looked for: an ISO 20022 camt\.053 or camt\.054 document/,
    );
    expect(error!.message).toContain("a Bankgirot BgMax file (first record 01BGMAX)");
    expect(error!.message).toContain(
      "wise_balance: a CSV header row with TransferWise ID, Date, Amount, Currency, Description, Running Balance",
    );
    expect(error!.details.looked_for).toHaveLength(15);
  });

  it("refuses other XML and binary content as unrecognised", () => {
    expect(() =>
      parseBankFile(
        utf8('<?xml version="1.0"?><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>'),
      ),
    ).toThrow(/not a recognised bank file/);
    expect(() =>
      parseBankFile(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0xff, 0xfe, 0x00, 0x01])),
    ).toThrow(BankFileError);
  });

  it("refuses a format the caller names but the content is not", () => {
    expect(() => parseBankFile(fixture("synthetic_amex_activity_utf-8.csv"), { format: "camt053" })).toThrow(
      /the file is not camt053/,
    );
    expect(() => parseBankFile(fixture("synthetic_amex_activity_utf-8.csv"), { format: "bgmax" })).toThrow(
      /the file is not bgmax: expected a BgMax file/,
    );
  });
});
