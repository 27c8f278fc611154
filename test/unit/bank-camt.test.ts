// camt.053 / camt.054 against the ISO 20022 business sample (test/fixtures/bank, see
// /work/shared/data/bank/SOURCES.md) and synthetic files written from the message definitions.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BankFileError, parseBankFile, type BankParseResult } from "../../src/sweden/bank";

const fixture = (name: string) => Uint8Array.from(atob(env.TEST_BANK_FIXTURES[name]), (c) => c.charCodeAt(0));
const sum = (r: BankParseResult, i = 0) => r.statements[i].rows.reduce((s, row) => s + row.amount_ore, 0);
const utf8 = (text: string) => new TextEncoder().encode(text);

describe("camt.053.001.04: the ISO 20022 business sample (AAAA BANKEN, SEK)", () => {
  const result = parseBankFile(fixture("iso20022_business-sample_camt.053.001.04_AAAASESS_SEK.xml"));
  const [statement] = result.statements;

  it("is detected and read as one statement of account 50000000054910000003", () => {
    expect(result.format).toBe("camt053");
    expect(result.encoding).toBe("utf-8");
    expect(result.statements).toHaveLength(1);
    expect(statement.account).toBe("50000000054910000003");
    expect(statement.currency).toBe("SEK");
    expect(statement.statement_id).toBe("AAAASESS-FP-STAT001");
  });

  it("opens at 500 000.00, closes at 435 678.50, and the entries make up the difference", () => {
    expect(statement.opening_balance_ore).toBe(50_000_000);
    expect(statement.opening_balance_date).toBe("2010-10-15");
    expect(statement.closing_balance_ore).toBe(43_567_850);
    expect(statement.opening_balance_ore! + sum(result)).toBe(statement.closing_balance_ore);
    expect(result.warnings).toEqual([]);
  });

  it("signs amounts by CdtDbtInd and keeps the bank's AcctSvcrRef as external id", () => {
    expect(statement.rows.map((r) => [r.amount_ore, r.external_id])).toEqual([
      [10_567_850, "AAAASESS-FP-CN_98765/01"],
      [-20_000_000, "AAAASESS-FP-ACCR-01"],
      [3_000_000, "AAAASESS-FP-CONF-FX"],
    ]);
    expect(statement.rows.every((r) => r.booking_date === "2010-10-18" && r.value_date === "2010-10-18")).toBe(true);
    expect(result.earliest_date).toBe("2010-10-18");
    expect(result.latest_date).toBe("2010-10-18");
  });

  it("takes the entry amount for a single TxDtls, whose own Amt is 0 in the sample", () => {
    expect(statement.rows[0].counterparty_name).toBe("MUELLER");
    expect(statement.rows[0].description).toBe("MUELLER");
    expect(statement.rows[0].details.end_to_end_id).toBe("MUELL/FINP/RA12345");
  });

  it("keeps the batch of 20 payments as one row: the sample carries only its Btch summary, no TxDtls to split", () => {
    const batch = statement.rows[1];
    expect(batch.details.batch_number_of_transactions).toBe("20");
    expect(batch.details.batch_payment_information_id).toBe("FINP-0055/001");
    expect(batch.description).toBe("batch FINP-0055/001 of 20 payments");
  });

  it("keeps the EUR counter-value of the FX credit", () => {
    const fx = statement.rows[2];
    expect(fx.amount_foreign_ore).toBe(325_500);
    expect(fx.currency_foreign).toBe("EUR");
    expect(fx.details.exchange_rate).toBe("0.1085");
  });
});

describe("camt.053.001.08: two statements, a batch split, Party40Choice, entry status choice", () => {
  const result = parseBankFile(fixture("synthetic_camt.053.001.08_two_statements.xml"));
  const [sek, eur] = result.statements;

  it("reads both statements with their balances adding up", () => {
    expect(result.format).toBe("camt053");
    expect(result.statements.map((s) => [s.account, s.currency])).toEqual([
      ["SE4550000000058398257466", "SEK"],
      ["99601234567", "EUR"],
    ]);
    expect(sek.opening_balance_ore).toBe(12_000_000);
    expect(sek.closing_balance_ore).toBe(11_210_175);
    expect(sek.opening_balance_ore! + sum(result, 0)).toBe(sek.closing_balance_ore);
    // The EUR statement opens from the previous closing (PRCD), overdrawn (DBIT).
    expect(eur.opening_balance_ore).toBe(-10_000);
    expect(eur.closing_balance_ore).toBe(5_000);
    expect(eur.opening_balance_ore! + sum(result, 1)).toBe(eur.closing_balance_ore);
    expect(result.warnings).toEqual([]);
  });

  it("splits the batched entry into one row per TxDtls, signed, named and referenced", () => {
    const batch = sek.rows.filter((r) => r.source.record.startsWith("Stmt[1]/Ntry[2]/"));
    expect(batch.map((r) => [r.amount_ore, r.counterparty_name, r.external_id])).toEqual([
      [-200_000, "Kontorsvaror Öst AB", "TB-20250304-0002/1"],
      [-350_000, "Städbolaget i Syd AB", "TB-20250304-0002/2"],
      [-500_000, "Hyresvärden Fastighets AB", "TB-20250304-0002/3"],
    ]);
    expect(batch.map((r) => [r.reference, r.reference_type])).toEqual([
      ["90012345", "ocr"],
      ["RF18539007547034", "structured"],
      ["Hyra mars lokal 3", "message"],
    ]);
    expect(batch.reduce((s, r) => s + r.amount_ore, 0)).toBe(-1_050_000);
  });

  it("exposes the OCR of an incoming payment and the payer from Dbtr/Pty", () => {
    const incoming = sek.rows[0];
    expect(incoming.amount_ore).toBe(375_000);
    expect(incoming.ocr_references).toEqual(["4471000123"]);
    expect(incoming.counterparty_name).toBe("Kund i Norr AB");
    expect(incoming.counterparty_account).toBe("SE3550000000054910000003");
    expect(incoming.details.end_to_end_id).toBeUndefined();
  });

  it("keeps the instructed EUR amount of a cross-border payment as its foreign counter-value", () => {
    const fx = sek.rows.find((r) => r.external_id === "TB-20250304-0003")!;
    expect(fx.amount_ore).toBe(-114_825);
    expect(fx.amount_foreign_ore).toBe(-10_000);
    expect(fx.currency_foreign).toBe("EUR");
    expect(fx.value_date).toBe("2025-03-05");
    expect(fx.details.exchange_rate).toBe("11.4825");
  });

  it("rejects the pending entry with its status, and dates a DtTm booking by its calendar day", () => {
    expect(result.rejected).toEqual([
      { line: null, record: "Stmt[1]/Ntry[4]", reason: "entry status PDNG is not booked (BOOK)" },
    ]);
    expect(eur.rows[0].booking_date).toBe("2025-03-04");
    expect(eur.rows[0].external_id).toBe("E2");
  });
});

describe("camt.053.001.02: amounts in AmtDtls only", () => {
  const result = parseBankFile(fixture("synthetic_camt.053.001.02_amount_details.xml"));
  const [statement] = result.statements;

  it("reads the statement and its balances", () => {
    expect(result.format).toBe("camt053");
    expect(statement.opening_balance_ore! + sum(result)).toBe(statement.closing_balance_ore);
    expect(statement.closing_balance_ore).toBe(1_072_310);
  });

  it("splits a batch by AmtDtls/TxAmt and uses each detail's AcctSvcrRef", () => {
    const split = statement.rows.filter((r) => r.external_id?.startsWith("B02-0002-"));
    expect(split.map((r) => [r.external_id, r.amount_ore, r.counterparty_name])).toEqual([
      ["B02-0002-1", -60_000, "Leverantör Ett AB"],
      ["B02-0002-2", -40_000, "Leverantör Två AB"],
    ]);
  });

  it("keeps a batch whose details do not add up as one row, with a warning", () => {
    const kept = statement.rows.find((r) => r.external_id === "B02-0003")!;
    expect(kept.amount_ore).toBe(-30_000);
    expect(kept.description).toBe("Samlingsbetalning");
    expect(result.warnings).toEqual([
      "Stmt[1]/Ntry[3]: its 2 transaction details do not add up to the entry amount; kept as one row",
    ]);
  });

  it("reads the OCR, the proprietary bank transaction code and the instructed USD amount", () => {
    expect(statement.rows[0].ocr_references).toEqual(["55500012"]);
    expect(statement.rows[0].details.bank_transaction_code).toBe("BGINB");
    const usd = statement.rows[statement.rows.length - 1];
    expect([usd.amount_ore, usd.amount_foreign_ore, usd.currency_foreign, usd.description]).toEqual([
      52_310,
      5_000,
      "USD",
      "Payment from abroad",
    ]);
  });
});

describe("camt.054.001.06 notification (namespace prefixed)", () => {
  const result = parseBankFile(fixture("synthetic_camt.054.001.06_notification.xml"));

  it("reads the entries without balances", () => {
    expect(result.format).toBe("camt054");
    const [n] = result.statements;
    expect(n.opening_balance_ore).toBeUndefined();
    expect(n.closing_balance_ore).toBeUndefined();
    expect(n.rows.map((r) => [r.amount_ore, r.counterparty_name, r.reference, r.external_id])).toEqual([
      [2_375_000, "Kunden i Norr AB", "100045", "NTF-0610-0001"],
      [-115_875, "Webhotell AB", "Webhotell Q3", "NTF-0610-0002"],
    ]);
    expect(n.rows[0].ocr_references).toEqual(["100045"]);
  });
});

describe("camt errors", () => {
  it("refuses XML that is not well-formed, naming the line", () => {
    const broken =
      '<?xml version="1.0"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">\n<BkToCstmrStmt>\n</Document>';
    const error = (() => {
      try {
        parseBankFile(utf8(broken));
      } catch (e) {
        return e as BankFileError;
      }
    })();
    expect(error).toBeInstanceOf(BankFileError);
    expect(error!.code).toBe("BANK_FILE_MALFORMED");
    expect(error!.message).toMatch(/not well-formed/);
  });

  it("refuses a message version outside .001.02-.08", () => {
    const v10 =
      '<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.10"><BkToCstmrStmt/></Document>';
    expect(() => parseBankFile(utf8(v10))).toThrow(/camt\.053\.001\.10 is not a supported message version/);
  });

  it("refuses a DOCTYPE, which ISO 20022 messages never carry", () => {
    const xml =
      '<?xml version="1.0"?><!DOCTYPE Document [<!ENTITY a "aaaa">]><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt/></Document>';
    expect(() => parseBankFile(utf8(xml))).toThrow(/a DOCTYPE is not allowed/);
  });

  it("refuses an amount with more than two non-zero decimals", () => {
    const xml = `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.02"><BkToCstmrDbtCdtNtfctn><Ntfctn><Acct><Id><IBAN>SE1</IBAN></Id></Acct>
      <Ntry><Amt Ccy="SEK">1.005</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2025-01-01</Dt></BookgDt></Ntry></Ntfctn></BkToCstmrDbtCdtNtfctn></Document>`;
    expect(() => parseBankFile(utf8(xml))).toThrow(/"1.005" is not an amount/);
  });
});
