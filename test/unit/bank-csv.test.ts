// The bank CSV layouts and generic_csv against synthetic exports written in each bank's header
// layout and encoding (test/fixtures/bank/synthetic_*; the layouts' sources are cited in
// src/sweden/bank/csv/layouts). Every file with a running balance must chain: opening plus the
// rows is the closing balance.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { type BankFileError, parseBankFile, type BankParseResult, type BankStatement } from "../../src/sweden/bank";

const fixture = (name: string) => Uint8Array.from(atob(env.TEST_BANK_FIXTURES[name]), (c) => c.charCodeAt(0));
const utf8 = (text: string) => new TextEncoder().encode(text);
const total = (s: BankStatement) => s.rows.reduce((sum, r) => sum + r.amount_ore, 0);
const amounts = (s: BankStatement) => s.rows.map((r) => r.amount_ore);

function expectChained(s: BankStatement, opening: number, closing: number) {
  expect(s.opening_balance_ore).toBe(opening);
  expect(s.closing_balance_ore).toBe(closing);
  expect(opening + total(s)).toBe(closing);
  // Oldest first, each row's balance following from the one before.
  s.rows.forEach((r, i) => {
    expect(r.balance_after_ore).toBe((i === 0 ? opening : s.rows[i - 1].balance_after_ore!) + r.amount_ore);
  });
}

describe("swedbank", () => {
  const result = parseBankFile(fixture("synthetic_swedbank_transaktioner_windows-1252.csv"));
  const [s] = result.statements;

  it("reads the Windows-1252 export under its title line, oldest row first", () => {
    expect([result.format, result.encoding]).toEqual(["swedbank", "windows-1252"]);
    expect([s.account, s.currency]).toEqual(["8327-9 123 456 789-0", "SEK"]);
    expect(amounts(s)).toEqual([-125_000, 875_000, -31_240, -1_500_000, -9_500]);
    expectChained(s, 1_250_000, 459_260);
    expect([result.earliest_date, result.latest_date]).toEqual(["2025-03-03", "2025-03-31"]);
  });

  it("keeps Referens apart from Beskrivning, and the three dates", () => {
    expect(s.rows[0]).toMatchObject({
      description: "Bg-bet. via internet",
      reference: "56897456321",
      external_id: null,
    });
    expect(s.rows[2]).toMatchObject({
      booking_date: "2025-03-10",
      transaction_date: "2025-03-08",
      value_date: "2025-03-10",
      reference: "ICA NÄRA GRÖNDAL",
    });
    expect(s.rows[4]).toMatchObject({ description: "PRIS FÖRETAGSPAKET", reference: null });
  });
});

describe("sparbanken", () => {
  it("reads the abbreviated Transaktionsrapport header", () => {
    const result = parseBankFile(fixture("synthetic_sparbanken_transaktionsrapport_windows-1252.csv"));
    const [s] = result.statements;
    expect(result.format).toBe("sparbanken");
    expect(amounts(s)).toEqual([30_000, -180_000, 45]);
    expectChained(s, 300_000, 150_045);
    expect(s.rows[0]).toMatchObject({
      description: "Swish +46701740605",
      reference: "Medlemsavgift",
      transaction_date: "2025-02-02",
    });
  });

  it("is also read when the caller names swedbank", () => {
    const result = parseBankFile(fixture("synthetic_sparbanken_transaktionsrapport_windows-1252.csv"), {
      format: "swedbank",
    });
    expect(result.format).toBe("swedbank");
    expect(total(result.statements[0])).toBe(-149_955);
  });
});

describe("seb", () => {
  it("reads the export with Verifikationsnummer as the external id", () => {
    const result = parseBankFile(fixture("synthetic_seb_kontoutdrag_windows-1252.csv"));
    const [s] = result.statements;
    expect(result.format).toBe("seb");
    expect(amounts(s)).toEqual([1_240_000, -1_823_000, -49_900, 150_000]);
    expectChained(s, 4_521_055, 4_038_155);
    expect(s.rows.map((r) => r.external_id)).toEqual([
      "2025-01-02/5484381424",
      "2025-01-07/9900002100",
      "2025-01-07/9900002101",
      "2025-01-15/5484390012",
    ]);
    expect(s.rows[3].description).toBe("SWISH ÅKESSON");
  });
});

describe("handelsbanken", () => {
  it("reads space and no-break-space thousands and the account from the clearing-konto line", () => {
    const result = parseBankFile(fixture("synthetic_handelsbanken_kontotransaktioner_windows-1252.csv"));
    const [s] = result.statements;
    expect(result.format).toBe("handelsbanken");
    expect(s.account).toBe("6789-123 456 789");
    expect(amounts(s)).toEqual([-123_456, -2_500_000, 4_875_000]);
    expectChained(s, 10_234_567, 12_486_111);
    expect(s.rows[0]).toMatchObject({
      booking_date: "2025-04-01",
      transaction_date: "2025-03-31",
      description: "Kortköp Clas Ohlson",
    });
  });
});

describe("nordea", () => {
  it("reads the personal export (UTF-8 with BOM) and rejects the reserved row", () => {
    const result = parseBankFile(fixture("synthetic_nordea_personkonto_utf-8-bom.csv"));
    const [s] = result.statements;
    expect([result.format, result.encoding]).toEqual(["nordea", "utf-8"]);
    expect(amounts(s)).toEqual([-34_900, 150_000, -8_900]);
    expectChained(s, 800_000, 906_200);
    expect(result.rejected).toEqual([
      { line: 2, record: "line 2", reason: "reserved (Reserverat): not yet booked by the bank" },
    ]);
    expect(s.rows[1]).toMatchObject({
      booking_date: "2025-05-05",
      counterparty_name: "KARLSSON,KALLE",
      counterparty_account: "0701740606",
    });
    expect(s.rows[0].counterparty_account).toBe("5678-1234");
  });

  it("reads the business export with Meddelande and the trailing semicolon", () => {
    const result = parseBankFile(fixture("synthetic_nordea_business_foretagskonto_utf-8-bom.csv"));
    const [s] = result.statements;
    expect(result.format).toBe("nordea_business");
    expect(amounts(s)).toEqual([-115_875, 2_375_000, -185]);
    expectChained(s, 5_000_000, 7_258_940);
    expect(s.rows[0]).toMatchObject({
      reference: "62500016901740",
      counterparty_account: "5343-2795",
      description: "WEBHOTELL AB",
      details: { own_note: "Webhotell Q3" },
    });
    expect(s.rows[1]).toMatchObject({
      reference: "100045",
      counterparty_name: "KUNDEN I NORR AB",
      counterparty_account: "123-4567",
    });
  });
});

describe("amex (the card bank)", () => {
  it("reads month-first dates, Swedish amounts with U+2212 and turns purchases into outflows", () => {
    const result = parseBankFile(fixture("synthetic_amex_activity_utf-8.csv"));
    const [s] = result.statements;
    expect(result.format).toBe("amex");
    expect(s.account).toBe("-31009");
    expect(s.rows.map((r) => [r.booking_date, r.amount_ore])).toEqual([
      ["2025-09-29", 500_000],
      ["2025-10-05", -16_400],
      ["2025-10-08", -65_000],
      ["2025-10-12", -12_900],
      ["2025-10-18", -123_450],
    ]);
    expect(s.rows[0].description).toBe("BETALNING MOTTAGEN, TACK");
    expect(s.rows[1].external_id).toBe("AT252780063000010012345");
    expect(s.opening_balance_ore).toBeUndefined();
  });
});

describe("lunar", () => {
  it("reads the provisional layout", () => {
    const result = parseBankFile(fixture("synthetic_lunar_transaktioner_utf-8-bom.csv"));
    expect(result.format).toBe("lunar");
    expectChained(result.statements[0], 200_000, 245_500);
  });
});

describe("revolut", () => {
  const result = parseBankFile(fixture("synthetic_revolut_business_statement_utf-8.csv"));
  const [sek, usd] = result.statements;

  it("puts each currency account in its own statement, balances chained by Total amount", () => {
    expect(result.format).toBe("revolut");
    expect(result.statements.map((s) => [s.account, s.currency])).toEqual([
      ["SEK Main", "SEK"],
      ["USD Main", "USD"],
    ]);
    expect(amounts(sek)).toEqual([500_000, -23_040, -250_000]);
    expectChained(sek, 1_000_000, 1_226_960);
    expectChained(usd, 10_000, 8_500);
  });

  it("rejects rows that are not COMPLETED, with their state", () => {
    expect(result.rejected.map((r) => [r.line, r.reason])).toEqual([
      [4, "state PENDING is not COMPLETED"],
      [6, "state REVERTED is not COMPLETED"],
    ]);
  });

  it("keeps the ID, the original EUR amount and the payer", () => {
    expect(sek.rows[1]).toMatchObject({
      external_id: "rev-0002",
      amount_foreign_ore: -2_000,
      currency_foreign: "EUR",
      booking_date: "2025-08-04",
      transaction_date: "2025-08-03",
    });
    expect(sek.rows[0]).toMatchObject({ counterparty_name: "KUND AB", reference: "Faktura 77" });
    expect(sek.rows[2]).toMatchObject({ counterparty_account: "SE4550000000058398257466" });
  });

  it("reads the personal export, taking the fee from the amount", () => {
    const csv = [
      "Type,Product,Started Date,Completed Date,Description,Amount,Fee,Currency,State,Balance",
      "TOPUP,Current,2025-01-02 10:00:00,2025-01-02 10:01:00,Top-up by *1234,100.00,0.00,SEK,COMPLETED,100.00",
      "CARD_PAYMENT,Current,2025-01-03 12:00:00,2025-01-04 09:00:00,Pressbyrån,-20.00,1.00,SEK,COMPLETED,79.00",
      "CARD_PAYMENT,Current,2025-01-05 12:00:00,,Kiosk,-5.00,0.00,SEK,PENDING,",
    ].join("\n");
    const personal = parseBankFile(utf8(csv));
    expect(personal.format).toBe("revolut");
    expect(amounts(personal.statements[0])).toEqual([10_000, -2_100]);
    expectChained(personal.statements[0], 0, 7_900);
    expect(personal.rejected).toHaveLength(1);
  });
});

describe("wise: transaction history", () => {
  const result = parseBankFile(fixture("synthetic_wise_transaction_history_utf-8.csv"), { currency: "SEK" });

  it("books completed SEK rows: fees on money out, conversions by their SEK side", () => {
    expect(result.format).toBe("wise");
    expect(result.statements).toHaveLength(1);
    const [s] = result.statements;
    expect(s.rows.map((r) => [r.external_id, r.amount_ore, r.amount_foreign_ore, r.currency_foreign])).toEqual([
      ["TRANSFER-1001", 1_200_000, null, null],
      ["TRANSFER-1002", -100_435, -8_765, "EUR"],
      ["BALANCE-3001", -50_120, -4_350, "EUR"],
      ["TRANSFER-1006", 114_000, 10_000, "EUR"],
    ]);
    expect(total(s)).toBe(1_163_445);
    expect(s.rows[1]).toMatchObject({
      counterparty_name: "Supplier GmbH",
      reference: "Invoice 55",
      booking_date: "2025-09-03",
    });
  });

  it("rejects and counts refunded, cancelled, unknown-status and other-currency rows with the reason", () => {
    expect(result.rejected.map((r) => [r.line, r.reason])).toEqual([
      [4, "currency EUR differs from the statement currency SEK"],
      [5, "status REFUNDED: the money went back"],
      [6, "status CANCELLED: no money moved"],
      [7, "unknown status PROCESSING"],
      [9, "conversion between EUR and USD: neither is the statement currency SEK"],
    ]);
  });

  it("takes the most used currency when the caller names none", () => {
    const guessed = parseBankFile(fixture("synthetic_wise_transaction_history_utf-8.csv"));
    expect(guessed.statements[0].currency).toBe("SEK");
    const eur = parseBankFile(fixture("synthetic_wise_transaction_history_utf-8.csv"), { currency: "eur" });
    expect(eur.statements[0].rows.map((r) => [r.external_id, r.amount_ore])).toEqual([
      ["CARD_TRANSACTION-2001", -2_210],
      ["BALANCE-3001", 4_350],
      ["BALANCE-3002", -2_010],
    ]);
  });
});

describe("wise: balance statement", () => {
  it("reads the SEK statement newest first, chains it and rejects the EUR row", () => {
    const result = parseBankFile(fixture("synthetic_wise_balance_statement_SEK_utf-8.csv"), { currency: "SEK" });
    const [s] = result.statements;
    expect(result.format).toBe("wise_balance");
    expect(amounts(s)).toEqual([250_000, -12_900, -100_000]);
    expectChained(s, 500_000, 637_100);
    expect(s.rows[2]).toMatchObject({
      external_id: "BALANCE-503",
      amount_foreign_ore: -8_720,
      currency_foreign: "EUR",
      booking_date: "2025-10-05",
    });
    expect(s.rows[0]).toMatchObject({ counterparty_name: "Kund AB", reference: "Faktura 88" });
    expect(result.rejected).toEqual([
      { line: 3, record: "line 3", reason: "currency EUR differs from the statement currency SEK" },
    ]);
  });
});

describe("skandia", () => {
  it("reads the Kontoutdrag with its account line, point thousands and decimal comma", () => {
    const result = parseBankFile(fixture("synthetic_skandia_kontoutdrag_windows-1252.csv"));
    const [s] = result.statements;
    expect(result.format).toBe("skandia");
    expect(s.account).toBe("9150-123.456-7");
    expect(amounts(s)).toEqual([3_250_000, -1_000_000, -432_110, 123]);
    expectChained(s, 25_000_000, 26_818_013);
  });
});

describe("generic_csv", () => {
  it("reads a UTF-16 LE TAB file (Excel Unicode text) with no-break-space thousands", () => {
    const result = parseBankFile(fixture("synthetic_generic_tab_utf-16le-bom.txt"));
    const [s] = result.statements;
    expect([result.format, result.encoding]).toEqual(["generic_csv", "utf-16le"]);
    expect(s.rows.map((r) => [r.booking_date, r.description, r.amount_ore])).toEqual([
      ["2025-11-03", "Återvinning Öst AB", -125_000],
      ["2025-11-04", "Inbetalning Kund Ä", 200_050],
    ]);
    expectChained(s, 1_000_000, 1_075_050);
  });

  it("reads Windows-1252 with quoted separators and line breaks, DD.MM.YYYY, point thousands and a trailing minus", () => {
    const result = parseBankFile(fixture("synthetic_generic_semicolon_windows-1252.csv"));
    const [s] = result.statements;
    expect([result.format, result.encoding]).toEqual(["generic_csv", "windows-1252"]);
    expect(s.rows.map((r) => [r.booking_date, r.amount_ore, r.counterparty_name, r.reference, r.source.line])).toEqual([
      // a reference is one line, as in a JSON body: the quoted line break becomes a space (issue #34)
      ["2025-11-03", -123_450, "Åkessons Färg & Kakel; Göteborg", "Faktura 4471 (delbetalning)", 2],
      ["2025-11-04", 1_250_000, "Kund Ö AB", "OCR 7700123", 4],
      ["2025-11-05", -2_500, "Bankavgift", null, 5],
    ]);
    expect(s.currency).toBe("SEK");
  });

  it("follows the caller's mapping by header name, with the statement currency", () => {
    const csv = 'När,Vad,Hur mycket,Id\n2025-12-01,Consulting,"1,250.00",A-1\n2025-12-02,Hosting,\u2212250.5,A-2\n';
    const result = parseBankFile(utf8(csv), {
      format: "generic_csv",
      mapping: { date: "När", description: "Vad", amount: "Hur mycket", external_id: "Id" },
      currency: "eur",
    });
    const [s] = result.statements;
    expect(s.currency).toBe("EUR");
    expect(s.rows.map((r) => [r.amount_ore, r.external_id])).toEqual([
      [125_000, "A-1"],
      [-25_050, "A-2"],
    ]);
  });

  it("follows a mapping by index in a file without header, YYYYMMDD and YYYY/MM/DD dates", () => {
    const csv = "20251201;Kaffe;-45,00\n2025/12/02;Lön;30000,00\n";
    const result = parseBankFile(utf8(csv), { format: "generic_csv", mapping: { date: 0, description: 1, amount: 2 } });
    expect(result.statements[0].rows.map((r) => [r.booking_date, r.description, r.amount_ore, r.source.line])).toEqual([
      ["2025-12-01", "Kaffe", -4_500, 1],
      ["2025-12-02", "Lön", 3_000_000, 2],
    ]);
  });

  it("rejects a row whose date or amount does not read, and keeps the rest", () => {
    const csv = "Datum;Text;Belopp\n2025-12-01;Ok;10,00\n2025-13-01;Bad date;5,00\n2025-12-03;Bad amount;12,345\n";
    const result = parseBankFile(utf8(csv));
    expect(result.statements[0].rows).toHaveLength(1);
    expect(result.rejected).toEqual([
      { line: 3, record: "line 3", reason: '"2025-13-01" in column #0 is not a date' },
      { line: 4, record: "line 4", reason: '"12,345" in column #2 is not an amount' },
    ]);
  });

  it("names the columns a mapping asks for that the file lacks", () => {
    const csv = "Datum;Text;Belopp\n2025-12-01;Ok;10,00\n";
    expect(() =>
      parseBankFile(utf8(csv), {
        format: "generic_csv",
        mapping: { date: "Datum", description: "Text", amount: "Summa" },
      }),
    ).toThrow(
      expect.objectContaining({
        code: "BANK_FILE_MAPPING_INVALID",
        details: expect.objectContaining({ missing: ["Summa"] }),
      }) as unknown as Error,
    );
  });

  it("refuses a named layout whose header the file does not have", () => {
    const e = (() => {
      try {
        parseBankFile(fixture("synthetic_seb_kontoutdrag_windows-1252.csv"), { format: "handelsbanken" });
      } catch (err) {
        return err as BankFileError;
      }
    })()!;
    expect(e.code).toBe("BANK_FILE_FORMAT_MISMATCH");
    expect(e.message).toBe(
      "the file is not handelsbanken: expected a CSV header row with Reskontradatum, Transaktionsdatum, Text, Belopp, Saldo",
    );
  });
});

describe("every synthetic file: balances that are given add up", () => {
  const names = Object.keys(env.TEST_BANK_FIXTURES).filter((n) => n.startsWith("synthetic_"));
  it.each(names)("%s", (name) => {
    const result: BankParseResult = parseBankFile(fixture(name), {
      currency: name.startsWith("synthetic_wise") ? "SEK" : undefined,
    });
    expect(result.warnings.filter((w) => /balance/.test(w))).toEqual([]);
    for (const s of result.statements) {
      if (s.opening_balance_ore !== undefined) expect(s.opening_balance_ore + total(s)).toBe(s.closing_balance_ore);
    }
  });
});
