// BgMax against Bankgirot's published example file "avtal om OCR-kontroll checksiffra/längd"
// (test/fixtures/bank, see /work/shared/data/bank/SOURCES.md): ISO-8859-1, 80-character
// records, three deposits, and two TAB characters on line 17.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BankFileError, decodeBankBytes, parseBankFile, parseBankText } from "../../src/sweden/bank";

const NAME = "bankgirot_bgmax_exempelfil_ocr-kontroll_checksiffra_langd.txt";
const fixture = (name: string) => Uint8Array.from(atob(env.TEST_BANK_FIXTURES[name]), (c) => c.charCodeAt(0));
const sampleText = () => decodeBankBytes(fixture(NAME)).text;

function refusal(text: string): BankFileError {
  try {
    parseBankText({ text, encoding: "windows-1252" });
  } catch (e) {
    if (e instanceof BankFileError) return e;
    throw e;
  }
  throw new Error("the file was accepted");
}

/** The sample with the records that start with `prefix` replaced (records are whole lines). */
function withRecord(prefix: string, replace: (record: string) => string): string {
  return sampleText()
    .split("\n")
    .map((l) => (l.startsWith(prefix) ? replace(l) : l))
    .join("\n");
}

/** TK15 of deposit serial 00074 (positions 46-50), the first deposit. */
const firstDeposit = (r: string) => r.slice(45, 50) === "00074";

describe("BgMax: Bankgirot's example file", () => {
  const result = parseBankFile(fixture(NAME));

  it("is detected, decoded as single-byte text and read as three deposits", () => {
    expect(result.format).toBe("bgmax");
    expect(result.encoding).toBe("windows-1252");
    expect(result.statements.map((s) => [s.account, s.currency, s.statement_id, s.rows.length])).toEqual([
      ["991-2346", "SEK", "991-2346/2004-05-25/00074", 3],
      ["991-2346", "SEK", "991-2346/2004-05-25/00075", 4],
      ["991-2346", "EUR", "991-2346/2004-05-25/00076", 2],
    ]);
    expect(result.earliest_date).toBe("2004-05-25");
    expect(result.latest_date).toBe("2004-05-25");
    expect(result.warnings).toEqual([]);
    expect(result.rejected).toEqual([]);
  });

  it("sums each deposit to its TK15 amount: 1 900.00, 8 000.00 SEK and 4 000.00 EUR", () => {
    const totals = result.statements.map((s) => s.rows.reduce((sum, r) => sum + r.amount_ore, 0));
    expect(totals).toEqual([190_000, 800_000, 400_000]);
  });

  it("has 8 payments and 1 deduction, the deduction negative", () => {
    const rows = result.statements.flatMap((s) => s.rows);
    expect(rows.filter((r) => r.details.transaction_code === "TK20")).toHaveLength(8);
    const deductions = rows.filter((r) => r.details.transaction_code === "TK21");
    expect(deductions.map((r) => [r.amount_ore, r.reference, r.details.deduction_code])).toEqual([
      [-50_000, "89853", "0"],
    ]);
  });

  it("exposes the OCR reference of a reference-code-2 payment, with the payer", () => {
    const first = result.statements[0].rows[0];
    expect(first.amount_ore).toBe(100_000);
    expect(first.reference).toBe("655969");
    expect(first.reference_type).toBe("ocr");
    expect(first.ocr_references).toEqual(["655969"]);
    expect(first.counterparty_name).toBe("Kalles Plåt AB");
    expect(first.counterparty_account).toBe("378-3511");
    expect(first.details.org_number).toBe("005500001234");
    expect(first.details.address).toBe("Storgatan 2 12345, Storåker");
    expect(first.external_id).toBe("991-2346/2004-05-25/000000000010");
  });

  it("collects the OCR numbers of the TK22 extra references, the TAB-damaged line 17 included", () => {
    const multi = result.statements[0].rows[2];
    expect(multi.amount_ore).toBe(140_000);
    expect(multi.reference).toBe("657866 658765 657767");
    expect(multi.reference_type).toBe("message");
    expect(multi.ocr_references).toEqual(["657866", "658765", "657767", "657965"]);
    expect(multi.description).toContain("Betalning med extra refnr 657965");
  });

  it("keeps a payment without reference and the EUR deposit's references", () => {
    const noRef = result.statements[1].rows[1];
    expect([noRef.amount_ore, noRef.reference, noRef.reference_type, noRef.counterparty_name]).toEqual([
      120_000,
      null,
      null,
      "Berits Garn",
    ]);
    expect(noRef.details.payment_channel).toBe("3 (payment form)");
    const eur = result.statements[2].rows[0];
    expect(eur.currency).toBe("EUR");
    expect(eur.ocr_references).toEqual(["801266", "801365", "801464"]);
  });

  it("makes external ids unique where the example repeats a BGC serial number", () => {
    const ids = result.statements.flatMap((s) => s.rows.map((r) => r.external_id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain("991-2346/2004-05-25/000000000016#2");
  });
});

describe("BgMax: control totals", () => {
  it("refuses a file whose TK70 payment count disagrees, naming TK70 and both numbers", () => {
    const e = refusal(withRecord("70", (r) => `70${"00000007"}${r.slice(10)}`));
    expect(e.code).toBe("BANK_FILE_TOTALS_MISMATCH");
    expect(e.message).toBe("line 66: TK70 states payment records (TK20) 7, but the file holds 8");
    expect(e.details).toMatchObject({ record: "TK70", stated: 7, found: 8 });
  });

  it("refuses a file whose TK70 extra reference count disagrees", () => {
    const e = refusal(withRecord("70", (r) => `${r.slice(0, 18)}00000010${r.slice(26)}`));
    expect(e.message).toBe("line 66: TK70 states extra reference records (TK22/TK23) 10, but the file holds 9");
  });

  it("refuses a deposit whose TK15 amount is not the sum of its payments", () => {
    const e = refusal(
      withRecord("15", (r) => (firstDeposit(r) ? `${r.slice(0, 50)}000000000000190100${r.slice(68)}` : r)),
    );
    expect(e.code).toBe("BANK_FILE_TOTALS_MISMATCH");
    expect(e.message).toBe("line 23: TK15 states deposit amount (öre) 190100, but the file holds 190000");
  });

  it("refuses a file cut short before TK70", () => {
    const text = sampleText().replace(/\n70.*\n?/, "\n");
    expect(refusal(text).message).toMatch(/ends without the TK70 end record/);
  });

  it("refuses a record longer than 80 characters and an amount that is not digits", () => {
    expect(refusal(withRecord("29005500001234", (r) => `${r}X`)).message).toMatch(/80 characters, this one is 81/);
    expect(
      refusal(withRecord("200003783511                   655969", (r) => `${r.slice(0, 40)}ABC${r.slice(43)}`)).message,
    ).toMatch(/TK20 amount \(positions 38-55\) must be digits/);
  });
});
