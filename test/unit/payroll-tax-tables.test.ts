// Skatteverket's monthly withholding tables for 2026 ("allmänna tabeller, månadslön",
// ../shared/data/tax/skatteverket_allmanna-tabeller-manad_2026.txt, SHA-256 8c5abe81…850ce),
// checked record by record against the bundled module, plus the test vectors of SOURCES.md.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { decodeAmountColumn, encodeAmountColumn } from "../../src/sweden/payroll/monthly-table-codec";
import { MONTHLY_TABLES_2026 } from "../../src/sweden/payroll/tax-tables-2026";
import { monthlyTableYears, withholdingTax, type TaxColumn } from "../../src/sweden/payroll";

interface RawRecord {
  kind: "30B" | "30%";
  table: number;
  from: number;
  to: number | null;
  cols: number[];
}

// Record layout from SOURCES.md: [0:3] kind, [3:5] table, [5:12] from, [12:19] to, six 5-character columns.
function parseFile(text: string): RawRecord[] {
  return text
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .filter((l) => l.length > 0)
    .map((l) => ({
      kind: l.slice(0, 3) as "30B" | "30%",
      table: Number(l.slice(3, 5)),
      from: Number(l.slice(5, 12)),
      to: l.slice(12, 19).trim() === "" ? null : Number(l.slice(12, 19)),
      cols: [0, 1, 2, 3, 4, 5].map((i) => Number(l.slice(19 + i * 5, 24 + i * 5))),
    }));
}

const records = parseFile(env.TEST_TAX_TABLES["2026"]);
const COLUMNS: TaxColumn[] = [1, 2, 3, 4, 5, 6];

function tax(table: number, column: TaxColumn, income: number): number {
  const r = withholdingTax(2026, table, column, income);
  if (!r.ok) throw new Error(`missing ${r.missing}`);
  return r.taxKronor;
}

describe("2026 monthly tables: every record of Skatteverket's file", () => {
  it("has the 7966 records SOURCES.md describes (6734 30B, 1232 30%)", () => {
    expect(records).toHaveLength(7966);
    expect(records.filter((r) => r.kind === "30B")).toHaveLength(6734);
    expect(records.filter((r) => r.kind === "30%")).toHaveLength(1232);
  });

  it("gives each whole-kronor row's amount at both ends of the row, in every column", () => {
    const mismatches: string[] = [];
    let checked = 0;
    for (const r of records.filter((x) => x.kind === "30B")) {
      for (const c of COLUMNS) {
        for (const income of [r.from, r.to!]) {
          const got = tax(r.table, c, income);
          if (got !== r.cols[c - 1]) mismatches.push(`${r.table}/${c}/${income}: ${got} != ${r.cols[c - 1]}`);
        }
      }
      checked++;
    }
    expect(mismatches).toEqual([]);
    expect(checked).toBe(6734);
  });

  it("gives each percentage row's percentage of the whole income, truncated to kronor, at both ends", () => {
    const mismatches: string[] = [];
    let checked = 0;
    for (const r of records.filter((x) => x.kind === "30%")) {
      for (const c of COLUMNS) {
        const percent = r.cols[c - 1];
        for (const income of r.to === null ? [r.from, r.from * 3] : [r.from, r.to]) {
          const result = withholdingTax(2026, r.table, c, income);
          const expected = Math.floor((income * percent) / 100);
          if (
            !result.ok ||
            result.taxKronor !== expected ||
            result.rule.kind !== "table_percent" ||
            result.rule.percent !== percent
          ) {
            mismatches.push(
              `${r.table}/${c}/${income}: ${JSON.stringify(result)}, expected ${percent} % = ${expected}`,
            );
          }
        }
      }
      checked++;
    }
    expect(mismatches).toEqual([]);
    expect(checked).toBe(1232);
  });

  it("was generated from the file the test reads", () => {
    expect(MONTHLY_TABLES_2026.sourceSha256).toBe("8c5abe81d774ce083fec81ceed430282e39208c8b5a7a961a4760e4875e850ce");
    expect(monthlyTableYears()).toContain(2026);
  });
});

describe("2026 test vectors (SOURCES.md)", () => {
  it.each([
    [33, 1, 35_000, 7_134],
    [33, 3, 35_000, 3_881],
    [30, 1, 25_000, 4_208],
    [34, 1, 45_000, 10_352],
    [32, 1, 80_000, 25_944],
  ] as const)("table %i column %i at %i kr -> %i kr", (table, column, income, expected) => {
    expect(tax(table, column, income)).toBe(expected);
  });

  it("(32, 1, 80 001) is the 32 % row: 25 600 kr", () => {
    const r = withholdingTax(2026, 32, 1, 80_001);
    expect(r).toEqual({
      ok: true,
      taxKronor: 25_600,
      rule: { kind: "table_percent", year: 2026, table: 32, column: 1, rowFrom: 80_001, rowTo: 80_200, percent: 32 },
    });
  });

  it("(42, 1, 10 000 000) is the open-ended 61 % row: 6 100 000 kr", () => {
    const r = withholdingTax(2026, 42, 1, 10_000_000);
    expect(r.ok && r.rule.kind === "table_percent" && r.rule.percent).toBe(61);
    expect(r.ok && r.rule.kind === "table_percent" && r.rule.rowTo).toBe(null);
    expect(r.ok && r.taxKronor).toBe(6_100_000);
  });

  it("truncates the percentage to whole kronor: 32 % of 80 003 kr = 25 600.96 -> 25 600", () => {
    expect(tax(32, 1, 80_003)).toBe(25_600);
  });
});

describe("row boundaries (x00 closes a row, x01 opens the next)", () => {
  // SOURCES.md example record: "30B33  34801  35000 7134 6986 3881 71341091810918".
  it("table 33 column 1: 34 800 and 34 801 fall in different rows, 34 801 and 35 000 in the same", () => {
    const at = (income: number) => withholdingTax(2026, 33, 1, income);
    expect(at(34_801)).toEqual({
      ok: true,
      taxKronor: 7_134,
      rule: { kind: "table_amount", year: 2026, table: 33, column: 1, rowFrom: 34_801, rowTo: 35_000 },
    });
    expect(tax(33, 1, 35_000)).toBe(7_134);
    expect(tax(33, 1, 34_800)).not.toBe(7_134);
    expect(tax(33, 1, 35_001)).not.toBe(7_134);
  });

  it("steps of 100 kr up to 20 000 and 200 kr above (table 29 column 1: 2 001-2 100 -> 150; 1-2 000 -> 0)", () => {
    // File records "30B29      1   2000    0 ..." and "30B29   2001   2100  150 ...".
    expect(tax(29, 1, 1)).toBe(0);
    expect(tax(29, 1, 2_000)).toBe(0);
    expect(tax(29, 1, 2_001)).toBe(150);
    expect(tax(29, 1, 2_100)).toBe(150);
    const r = withholdingTax(2026, 29, 1, 20_001);
    expect(r.ok && r.rule.kind === "table_amount" && [r.rule.rowFrom, r.rule.rowTo]).toEqual([20_001, 20_200]);
  });
});

describe("no income and missing tables", () => {
  it("gives 0 for 0 kr and for negative income", () => {
    expect(withholdingTax(2026, 33, 1, 0)).toEqual({ ok: true, taxKronor: 0, rule: { kind: "no_taxable_income" } });
    expect(withholdingTax(2026, 33, 1, -5_000)).toEqual({
      ok: true,
      taxKronor: 0,
      rule: { kind: "no_taxable_income" },
    });
  });

  it("reports a year without tables and a table number that does not exist as missing, not as 0", () => {
    expect(withholdingTax(2027, 33, 1, 35_000)).toEqual({ ok: false, missing: "year", year: 2027, table: 33 });
    expect(withholdingTax(2026, 28, 1, 35_000)).toEqual({ ok: false, missing: "table", year: 2026, table: 28 });
    expect(withholdingTax(2026, 43, 1, 35_000)).toEqual({ ok: false, missing: "table", year: 2026, table: 43 });
  });

  it("refuses öre and impossible columns (a programming error, not a tax result)", () => {
    expect(() => withholdingTax(2026, 33, 1, 35_000.5)).toThrow(RangeError);
    expect(() => withholdingTax(2026, 33, 7 as TaxColumn, 35_000)).toThrow(RangeError);
  });
});

describe("the compact column encoding", () => {
  it("round-trips steps up, down and jumps that need the escape", () => {
    const values = [0, 0, 150, 152, 300, 299, 1_000, 1_001, 500, 1_500];
    expect(Array.from(decodeAmountColumn(encodeAmountColumn(values)))).toEqual(values);
  });

  it("refuses a jump it cannot encode instead of writing a wrong table", () => {
    expect(() => encodeAmountColumn([0, 100_000])).toThrow(RangeError);
  });
});
