// Issue #34: every date a bank or SIE file carries is a real calendar day, and every text a
// bank file carries obeys the JSON API's text rule and length limits (src/sweden/bank/row-gate.ts).
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { decodeBankBytes, parseBankFile, parseBankText } from "../../src/sweden/bank";
import { BANK_TEXT_LIMITS } from "../../src/sweden/bank/row-gate";
import { parseDate, SieParseError } from "../../src/sweden/sie/parse";
import { cleanText, textProblem } from "../../src/text";

const fixture = (name: string) => Uint8Array.from(atob(env.TEST_BANK_FIXTURES[name]), (c) => c.charCodeAt(0));
const text = (name: string) => decodeBankBytes(fixture(name)).text;
const CAMT = "iso20022_business-sample_camt.053.001.04_AAAASESS_SEK.xml";
const BGMAX = "bankgirot_bgmax_exempelfil_ocr-kontroll_checksiffra_langd.txt";
const SWEDBANK_HEADER =
  "Radnummer,Clearingnummer,Kontonummer,Produkt,Valuta,Bokföringsdag,Transaktionsdag,Valutadag,Referens,Beskrivning,Belopp,Bokfört saldo";
const swedbankRow = (n: number, date: string, description: string, amount: string) =>
  `${n},8327-9,123 456 789-0,"Företagskonto",SEK,${date},${date},${date},"ref ${n}","${description}",${amount},`;

describe("impossible dates in bank files are rejected per row, with line and reason", () => {
  it("camt.053: a booking date of 2010-02-30 rejects that entry, the others are kept", () => {
    const good = parseBankText({ text: text(CAMT), encoding: "utf-8" });
    const bad = text(CAMT).replace("<DtTm>2010-10-18T13:15:00+01:00</DtTm>", "<DtTm>2010-02-30T13:15:00+01:00</DtTm>");
    const result = parseBankText({ text: bad, encoding: "utf-8" });
    const rows = result.statements[0].rows;
    expect(rows).toHaveLength(good.statements[0].rows.length - 1);
    expect(rows.every((r) => r.booking_date !== "2010-02-30")).toBe(true);
    expect(result.rejected).toHaveLength(1);
    expect(result.rejected[0].line).toBe(good.statements[0].rows[0].source.line);
    expect(result.rejected[0].reason).toBe('booking_date "2010-02-30" is not a real calendar date');
  });

  it("BgMax: a deposit dated 20040230 rejects that deposit's payments", () => {
    const good = parseBankText({ text: text(BGMAX), encoding: "windows-1252" });
    let first = true;
    const bad = text(BGMAX)
      .split("\n")
      .map((l) => {
        if (!l.startsWith("15") || !first) return l;
        first = false;
        return `${l.slice(0, 37)}20040230${l.slice(45)}`;
      })
      .join("\n");
    const result = parseBankText({ text: bad, encoding: "windows-1252" });
    const kept = result.statements.flatMap((s) => s.rows);
    const goodRows = good.statements.flatMap((s) => s.rows);
    expect(result.rejected.length).toBeGreaterThan(0);
    expect(kept.length + result.rejected.length).toBe(goodRows.length);
    expect(result.rejected.every((r) => r.reason === 'booking_date "2004-02-30" is not a real calendar date')).toBe(
      true,
    );
    expect(result.rejected.every((r) => typeof r.line === "number")).toBe(true);
    expect(kept.every((r) => r.booking_date === "2004-05-25")).toBe(true);
  });

  it("a CSV layout: 2026-02-30 and 2026-13-01 rows are rejected, 2024-02-29 (leap day) is kept", () => {
    const csv = [
      SWEDBANK_HEADER,
      swedbankRow(1, "2026-02-30", "Fel datum", "-10.00"),
      swedbankRow(2, "2024-02-29", "Skottdag", "-20.00"),
      swedbankRow(3, "2026-13-01", "Månad 13", "-30.00"),
    ].join("\n");
    const result = parseBankText({ text: csv, encoding: "utf-8" }, { format: "swedbank" });
    expect(result.statements.flatMap((s) => s.rows).map((r) => r.booking_date)).toEqual(["2024-02-29"]);
    expect(result.rejected.map((r) => r.line)).toEqual([2, 4]);
  });

  it("SIE: #VER dated 20260230 is refused with its line; 20240229 is read", () => {
    expect(parseDate("20240229", 7)).toBe("2024-02-29");
    expect(() => parseDate("20260230", 7)).toThrow(SieParseError);
    expect(() => parseDate("20230229", 7)).toThrow(/"20230229" is not a date/);
    expect(() => parseDate("2026-02-03", 7)).toThrow(SieParseError);
  });
});

describe("bank file text obeys the JSON API's text rule and limits", () => {
  it("cleanText leaves nothing textProblem refuses, and keeps ordinary text and emoji", () => {
    const dirty = "Kortköp\u0000 ICA\u001b[31m \u202Eevil\u202C\u0085 \uD800x 😀\ttab\nline";
    const clean = cleanText(dirty, false);
    expect(textProblem(dirty, false)).not.toBeNull();
    expect(textProblem(clean, false)).toBeNull();
    expect(clean).toBe("Kortköp  ICA [31m evil x 😀 tab line");
    // multi-line text (a description) keeps \n and \t, and a \r\n break becomes \n
    expect(cleanText("rad 1\r\nrad\t2\u0000", true)).toBe("rad 1\nrad\t2 ");
    expect(textProblem(cleanText(dirty, true), true)).toBeNull();
    expect(cleanText("Åhléns Café \u200e", false)).toBe("Åhléns Café \u200e");
  });

  it("a CSV row's NUL, ESC and bidi override are removed and the row kept, with a warning naming its line", () => {
    const csv = [
      SWEDBANK_HEADER,
      swedbankRow(1, "2026-03-02", "Hyra\u0000 mars\u001b \u202Eabc\u202C", "-100.00"),
      swedbankRow(2, "2026-03-03", "Vanlig", "-5.00"),
    ].join("\n");
    const result = parseBankText({ text: csv, encoding: "utf-8" }, { format: "swedbank" });
    const rows = result.statements.flatMap((s) => s.rows);
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.description)).toEqual(["Hyra  mars  abc", "Vanlig"]);
    for (const r of rows) {
      for (const t of [r.description, r.reference ?? "", r.counterparty_name ?? "", ...Object.values(r.details)])
        expect(textProblem(t, false)).toBeNull();
    }
    expect(result.warnings).toContainEqual(expect.stringMatching(/characters removed .* on 1 row\(s\): line 2$/));
  });

  it("a 60 000-character description is cut to 1000 characters and the row kept, with a warning", () => {
    // a line longer than bank_csv's lineLength (262 144, src/formats/limits.ts) refuses the file
    const huge = "A".repeat(60_000);
    const csv = [SWEDBANK_HEADER, swedbankRow(1, "2026-03-02", huge, "-100.00")].join("\n");
    const result = parseBankFile(new TextEncoder().encode(csv), { format: "swedbank" });
    const [row] = result.statements.flatMap((s) => s.rows);
    expect(row.description).toHaveLength(BANK_TEXT_LIMITS.description);
    expect(result.warnings).toContainEqual(
      `text cut to the API's length limit on 1 row(s): line 2 description (${huge.length} characters)`,
    );
  });

  it("a 5 MB line refuses the file: FILE_LIMIT_EXCEEDED, line 2 (issue #41)", () => {
    const csv = [SWEDBANK_HEADER, swedbankRow(1, "2026-03-02", "A".repeat(5 * 1024 * 1024), "-100.00")].join("\n");
    expect(() => parseBankFile(new TextEncoder().encode(csv), { format: "swedbank" })).toThrow(
      expect.objectContaining({
        code: "FILE_LIMIT_EXCEEDED",
        details: expect.objectContaining({ limit: "lineLength", line: 2 }),
      }),
    );
  });
});
