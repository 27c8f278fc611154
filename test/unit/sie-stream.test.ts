// The SIE file read as a stream (src/sweden/sie/stream.ts, the import's two passes in
// src/domains/imports/sie-stream.ts) reads exactly as the whole file does
// (decodeSie + parseSie), wherever the stream's chunks happen to split the bytes:
// between the CR and the LF of a line break, inside a UTF-8 character, inside a
// byte-order mark.
import { describe, expect, it } from "vitest";
import { decodeSie, detectEncoding, encodeCp437 } from "../../src/sweden/sie/encoding";
import { parseSie, SieReader, type SieFile, type SieVoucher } from "../../src/sweden/sie/parse";
import { detectStreamEncoding, sieLines } from "../../src/sweden/sie/stream";
import { firstError, mapSeries, planVouchersFrom, scanSie } from "../../src/domains/imports/sie-stream";
import type { ImportedEntry } from "../../src/ledger/engine";
import { sieFixture } from "../helpers";

/** The bytes as a stream cut at the given offsets. */
function streamOf(bytes: Uint8Array, cuts: number[]): ReadableStream<Uint8Array> {
  const at = [0, ...cuts.filter((c) => c > 0 && c < bytes.length).sort((a, b) => a - b), bytes.length];
  let i = 0;
  return new ReadableStream({
    pull(controller) {
      if (i + 1 >= at.length) return controller.close();
      controller.enqueue(bytes.slice(at[i], at[i + 1]));
      i++;
    },
  });
}

async function streamedLines(bytes: Uint8Array, cuts: number[]): Promise<string[]> {
  const encoding = await detectStreamEncoding(streamOf(bytes, cuts));
  const out: string[] = [];
  for await (const batch of sieLines(streamOf(bytes, cuts), encoding)) out.push(...batch);
  return out;
}

async function streamedParse(bytes: Uint8Array, cuts: number[]): Promise<SieFile> {
  const encoding = await detectStreamEncoding(streamOf(bytes, cuts));
  const vouchers: SieVoucher[] = [];
  const reader = new SieReader((v) => vouchers.push(v));
  let n = 0;
  for await (const batch of sieLines(streamOf(bytes, cuts), encoding)) for (const line of batch) reader.line(line, ++n);
  return { ...reader.finish(), vouchers };
}

const wholeLines = (bytes: Uint8Array) => decodeSie(bytes).text.split(/\r?\n/);

const FILE = [
  "#FLAGGA 0",
  "#FORMAT PC8",
  "#SIETYP 4",
  '#FNAMN "Åkessons Öl & Bröd AB"',
  "#RAR 0 20250101 20251231",
  '#KONTO 1930 "Bankkonto Ärlig"',
  '#KONTO 3001 "Försäljning 25 %"',
  '#DIM 1 "Kostnadsställe"',
  '#OBJEKT 1 "10" "Östra"',
  "#IB 0 1930 25000.00",
  '#VER A 1 20250315 "Försäljning kontant"',
  "{",
  "#TRANS 1930 {} 12500.00",
  '#TRANS 3001 {1 "10"} -10000.00 "" "Bröd"',
  "#TRANS 2611 {} -2500.00",
  "}",
  '#VER A 1 20250320 "Pennor \\"Bic\\" – ett nummer igen"',
  "{",
  "#TRANS 6110 {} 350.00",
  "#TRANS 1930 {} -350.00",
  "#TRANS 6110 {} 0.00",
  "}",
  "",
].join("\r\n");

describe("lines and characters split between chunks", () => {
  it("a CRLF split between two chunks ends one line, as in the whole file", async () => {
    const bytes = encodeCp437(FILE);
    const cr = bytes.indexOf(0x0d);
    expect(bytes[cr + 1]).toBe(0x0a);
    const lines = await streamedLines(bytes, [cr + 1]); // ...\r | \n...
    expect(lines).toEqual(wholeLines(bytes));
    expect(lines[0]).toBe("#FLAGGA 0");
    expect(await streamedParse(bytes, [cr + 1])).toEqual(parseSie(decodeSie(bytes).text));
  });

  it("a UTF-8 character split between two chunks is decoded whole, and the file still detected as UTF-8", async () => {
    const bytes = new TextEncoder().encode(FILE);
    const a = bytes.indexOf(0xc3); // the first byte of "Å"
    expect(bytes[a + 1]).toBe(0x85);
    expect(await detectStreamEncoding(streamOf(bytes, [a + 1]))).toBe("utf-8");
    const lines = await streamedLines(bytes, [a + 1]);
    expect(lines).toEqual(wholeLines(bytes));
    expect(lines[3]).toBe('#FNAMN "Åkessons Öl & Bröd AB"');
    expect(await streamedParse(bytes, [a + 1])).toEqual(parseSie(decodeSie(bytes).text));
  });

  it("every place a stream could be cut in two reads the same, in CP437, UTF-8 (with and without BOM) and Windows-1252", async () => {
    const files = {
      cp437: encodeCp437(FILE),
      "utf-8": new TextEncoder().encode(FILE),
      bom: new TextEncoder().encode(`\uFEFF${FILE}`),
      "windows-1252": Uint8Array.from(FILE.replace("–", "-"), (ch) => ch.charCodeAt(0) & 0xff),
    };
    for (const [name, bytes] of Object.entries(files)) {
      const whole = parseSie(decodeSie(bytes).text);
      for (let cut = 1; cut < bytes.length; cut++) {
        expect(await detectStreamEncoding(streamOf(bytes, [cut])), `${name} cut at ${cut}`).toBe(detectEncoding(bytes));
        expect(await streamedParse(bytes, [cut]), `${name} cut at ${cut}`).toEqual(whole);
      }
    }
  });

  it("a file without a final line break, and one cut into single bytes, read the same", async () => {
    const bytes = new TextEncoder().encode(FILE.trimEnd());
    const everyByte = Array.from({ length: bytes.length }, (_, i) => i);
    expect(await streamedLines(bytes, everyByte)).toEqual(wholeLines(bytes));
    expect(await streamedParse(bytes, everyByte)).toEqual(parseSie(decodeSie(bytes).text));
  });
});

describe("the import's two passes over the stream", () => {
  const fixtures = [
    "mamut-enterprise-14_SIE4_EXPORT.SE",
    "bl-administration-2011_typ4_rtrans-btrans.SE",
    "kontek-lon-2011_lonekorning_4I.SI",
    "fortnox-bokforing-2.0.0_Sie4.si",
  ];

  it.each(fixtures)("%s: the first pass counts and sums what the whole file holds", async (name) => {
    const bytes = sieFixture(name);
    const whole = parseSie(decodeSie(bytes).text);
    const cuts = Array.from({ length: Math.floor(bytes.length / 997) }, (_, i) => (i + 1) * 997);
    const scan = await scanSie(async () => streamOf(bytes, cuts));
    expect(scan.encoding).toBe(detectEncoding(bytes));
    expect({ ...scan.file, vouchers: whole.vouchers }).toEqual(whole);
    expect(scan.voucherCount).toBe(whole.vouchers.length);
    const kept = whole.vouchers.filter((v) => v.trans.some((t) => t.amountOre !== 0));
    expect(scan.entryCount).toBe(kept.length);
    expect(scan.lineCount).toBe(kept.reduce((s, v) => s + v.trans.filter((t) => t.amountOre !== 0).length, 0));
    const sums = new Map<string, number>();
    for (const v of whole.vouchers)
      for (const t of v.trans) if (t.amountOre) sums.set(t.account, (sums.get(t.account) ?? 0) + t.amountOre);
    expect(new Map([...scan.sums].sort())).toEqual(new Map([...sums].sort()));
    expect(scan.firstVoucherDate).toBe(whole.vouchers.map((v) => v.date).sort()[0]);
  });

  it("the second pass numbers on a repeated number and skips lines of 0, with the warnings; the first error is the first voucher in file order", async () => {
    const bytes = encodeCp437(FILE);
    const scan = await scanSie(async () => streamOf(bytes, [100, 200]));
    expect(scan.repeated).toEqual(new Set([1]));
    const year = { start: "2025-01-01", end: "2025-12-31" };
    expect(firstError(scan, year)).toBeNull();
    const warnings: string[] = [];
    const entries: ImportedEntry[] = [];
    await planVouchersFrom(
      streamOf(bytes, [333]),
      scan,
      { importId: "imp", year, seriesMap: mapSeries(scan), warnings },
      async (pending) => {
        entries.push(...pending.map((p) => p.entry));
        pending.length = 0;
      },
    );
    expect(entries.map((e) => [e.voucherSeries, e.voucherNumber, e.sourceId, e.lines.length])).toEqual([
      ["A", 1, "imp:0", 3],
      ["A", 2, "imp:1", 2],
    ]);
    expect(entries[0].lines[1]).toEqual({
      accountNumber: "3001",
      debitOre: 0,
      creditOre: 1000000,
      lineDescription: "Bröd",
      dimensions: { "1": "10" },
    });
    expect(warnings).toEqual([
      "line 17: voucher A1 repeats a number; imported as A2",
      "line 17: 1 transaction(s) of amount 0 skipped",
    ]);

    // the second voucher out of the year and the first unbalanced: the first wins
    const both = encodeCp437(
      FILE.replace("#TRANS 2611 {} -2500.00", "#TRANS 2611 {} -2400.00").replace("20250320", "20260320"),
    );
    const scan2 = await scanSie(async () => streamOf(both, [50]));
    expect(firstError(scan2, year)?.message).toBe("line 11: voucher A1 does not balance (difference 100.00)");
    const dateOnly = encodeCp437(FILE.replace("20250320", "20240320"));
    expect(firstError(await scanSie(async () => streamOf(dateOnly, [])), year)?.message).toBe(
      "line 17: voucher date 2024-03-20 is outside the fiscal year 2025-01-01..2025-12-31",
    );
  });
});
