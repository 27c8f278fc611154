// A CSV bank file read in byte ranges (src/sweden/bank/csv/ranges.ts, issue #34 item 4) must read
// exactly as the whole file: the byte split against the tokenizer on tricky text, and every
// synthetic bank export (test/fixtures/bank) read in ranges as small as one line each, compared
// with parseBankFile's reading: rows (order, external ids, balances), rejections, statement,
// warnings, dates.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  combineCsvRanges,
  decodeRange,
  makeExternalIdsUnique,
  parseBankFile,
  planCsvSplit,
  readCsvRange,
  type BankFormat,
  type CsvColumnMapping,
} from "../../src/sweden/bank";
import { splitCsvBytes } from "../../src/sweden/bank/csv/ranges";
import { tokenizeCsv } from "../../src/sweden/bank/csv/tokenize";

const fixture = (name: string) => Uint8Array.from(atob(env.TEST_BANK_FIXTURES[name]), (c) => c.charCodeAt(0));
const utf8 = (text: string) => new TextEncoder().encode(text);

/** The file read the way the import reads a large one: planned, each range read, combined, the ids made unique. */
function readInRanges(
  bytes: Uint8Array,
  rangeBytes: number,
  options: { format?: BankFormat; mapping?: CsvColumnMapping; currency?: string } = {},
) {
  const split = planCsvSplit(bytes, { format: options.format ?? null, mapping: options.mapping ?? null, rangeBytes });
  if (!split) return null;
  const currency = options.currency?.toUpperCase() ?? null;
  const reads = split.ranges.map((r) =>
    readCsvRange(
      decodeRange(bytes.subarray(r.offset, r.offset + r.length), split.head.encoding, r.offset === 0),
      r,
      split.head,
      currency,
    ),
  );
  const combined = combineCsvRanges(
    split.head,
    reads.map((r) => r.facts),
  );
  if ("fallback" in combined) return { ranges: split.ranges.length, combined, rows: [] };
  const ordered = combined.reversed ? [...reads].reverse().map((r) => [...r.rows].reverse()) : reads.map((r) => r.rows);
  const rows = ordered.flat();
  makeExternalIdsUnique(rows);
  return { ranges: split.ranges.length, combined, rows };
}

/** parseBankFile's reading of the same file, in the shape readInRanges gives. */
function readWhole(bytes: Uint8Array, options: Parameters<typeof readInRanges>[2] = {}) {
  const parsed = parseBankFile(bytes, options);
  return {
    rows: parsed.statements.flatMap((s) => s.rows),
    rejected: parsed.rejected.slice(0, 100),
    rejectedCount: parsed.rejected.length,
    warnings: parsed.warnings,
    earliest_date: parsed.earliest_date,
    latest_date: parsed.latest_date,
    statements: parsed.statements.map((s) => ({
      account: s.account,
      currency: s.currency,
      opening: s.opening_balance_ore,
      closing: s.closing_balance_ore,
      closing_date: s.closing_balance_date,
      rows: s.rows.length,
    })),
  };
}

function expectSameReading(bytes: Uint8Array, rangeBytes: number, options: Parameters<typeof readInRanges>[2] = {}) {
  const whole = readWhole(bytes, options);
  const ranged = readInRanges(bytes, rangeBytes, options);
  expect(ranged).not.toBeNull();
  const { combined, rows } = ranged!;
  if ("fallback" in combined) return { ranged: ranged!, whole };
  expect(rows).toEqual(whole.rows);
  expect(combined.rejected).toEqual(whole.rejected);
  expect(combined.rejectedCount).toBe(whole.rejectedCount);
  expect(combined.warnings).toEqual(whole.warnings);
  expect(combined.earliest_date).toBe(whole.earliest_date);
  expect(combined.latest_date).toBe(whole.latest_date);
  expect(
    combined.statements.map((s) => ({
      account: s.account,
      currency: s.currency,
      opening: s.opening_balance_ore,
      closing: s.closing_balance_ore,
      closing_date: s.closing_balance_date,
      rows: s.rows,
    })),
  ).toEqual(whole.statements);
  return { ranged: ranged!, whole };
}

describe("splitCsvBytes cuts only where the tokenizer ends a record", () => {
  const text =
    'Datum;Text;Belopp\r\n2026-01-02;"två\r\nrader; och ""citat""";-1,00\n' +
    '2026-01-03;mitt"i fält;2,00\r2026-01-04;  "citerad efter blanksteg\n";3,00\n' +
    '2026-01-05;"";4,00\n\n2026-01-06;sista;5,00';
  it("at every range size, the ranges' records are the whole text's, line numbers included", () => {
    const bytes = utf8(text);
    const whole = tokenizeCsv(text, ";");
    for (let size = 1; size <= bytes.length; size++) {
      const ranges = splitCsvBytes(bytes, ";", size, 0);
      expect(ranges.reduce((n, r) => n + r.length, 0)).toBe(bytes.length);
      const records = ranges.flatMap((r) =>
        tokenizeCsv(new TextDecoder().decode(bytes.subarray(r.offset, r.offset + r.length)), ";", r.firstLine),
      );
      expect(records, `range size ${size}`).toEqual(whole);
    }
  });
});

describe("every synthetic CSV export reads the same in ranges as whole", () => {
  const csv = Object.keys(env.TEST_BANK_FIXTURES).filter(
    (n) => n.startsWith("synthetic_") && n.endsWith(".csv") && !n.includes("wise"),
  );
  it("has CSV fixtures to compare", () => expect(csv.length).toBeGreaterThanOrEqual(9));
  for (const name of csv) {
    it(name, () => {
      const bytes = fixture(name);
      // one line a range at the smallest size; a few lines a range at the larger
      for (const size of [1, 64]) {
        if (bytes.length <= size) continue;
        const { ranged } = expectSameReading(bytes, size);
        expect(ranged.ranges).toBeGreaterThan(1);
      }
    });
  }
  it("Wise's layouts and UTF-16 files are read whole (no split)", () => {
    expect(
      planCsvSplit(fixture("synthetic_wise_transaction_history_utf-8.csv"), {
        format: null,
        mapping: null,
        rangeBytes: 1,
      }),
    ).toBeNull();
    expect(
      planCsvSplit(fixture("synthetic_generic_tab_utf-16le-bom.txt"), { format: null, mapping: null, rangeBytes: 1 }),
    ).toBeNull();
  });
});

describe("what the whole file decides, carried across ranges", () => {
  const header = "Datum;Belopp;Text;Referens;Saldo";
  it("a newest-first file chained by its balance: reversed, opening and closing from the file's two ends, ids #2 in the statement's order", () => {
    // oldest row last in the file; R-1 twice
    const lines = [
      "2026-03-04;-5,00;D;R-1;85,00",
      "2026-03-03;-10,00;C;R-2;90,00",
      "2026-03-02;-20,00;B;R-1;100,00",
      "2026-03-01;20,00;A;R-0;120,00",
    ];
    const bytes = utf8(`${header}\n${lines.join("\n")}\n`);
    const mapping = { date: "Datum", amount: "Belopp", description: "Text", external_id: "Referens", balance: "Saldo" };
    const { ranged } = expectSameReading(bytes, 1, { format: "generic_csv", mapping });
    expect(ranged.rows.map((r) => r.external_id)).toEqual(["R-0", "R-1", "R-2", "R-1#2"]);
    expect(ranged.combined).toMatchObject({
      reversed: true,
      statements: [{ opening_balance_ore: 10_000, closing_balance_ore: 8_500, closing_balance_date: "2026-03-04" }],
    });
  });
  it("a decimal separator the file's head does not show: read whole (fallback), never guessed", () => {
    // 30 000 rows of whole kronor (more than the 512 KiB head), then one that shows the point
    const rows = Array.from(
      { length: 30_000 },
      (_, i) => `2026-03-${String(1 + Math.floor(i / 1072)).padStart(2, "0")};-${1 + (i % 900)};Rad ${i};X-${i}`,
    );
    rows.push("2026-03-28;-1.50;sist;X-last");
    const bytes = utf8(`Datum;Belopp;Text;Referens\n${rows.join("\n")}\n`);
    expect(bytes.length).toBeGreaterThan(512 * 1024);
    const ranged = readInRanges(bytes, 64 * 1024, { format: "generic_csv" });
    expect(ranged?.combined).toEqual({
      fallback: "column 1's decimal separator differs from what the file's head shows",
    });
    // the whole reading takes the point as the file's separator: -1.50 is 150 öre, -12 is 1 200
    const whole = readWhole(bytes, { format: "generic_csv" });
    expect(whole.rows.at(-1)?.amount_ore).toBe(-150);
  });
  it("rows of two currencies: read whole (fallback)", () => {
    const text = "Datum;Belopp;Text;Valuta\n2026-03-01;-1,00;a;SEK\n2026-03-02;-2,00;b;EUR\n";
    const ranged = readInRanges(utf8(text), 1, { format: "generic_csv" });
    expect(ranged?.combined).toEqual({ fallback: "rows of several accounts or currencies" });
  });
});
