// Withholding other than the monthly table, and one-off amounts.
// Sources: side income 30 % and one-offs without regular salary 30 % (Skatteverket, "Engångsbelopp";
// FAR Rätt Lön); SINK 22.5 % for 2026, 25 % for 2025 (prop. 2025/26:1, press release 2025-09-10);
// one-off table 2026, column 1: SKVFS 2025:21 as published by FAR Online and Björn Lundén
// (0-25 041: 0 %, -82 800: 10 %, -192 000: 21 %, -477 600: 26 %, -660 000: 34 %, above: 54 %);
// column 2: 0-65 800: 0 %, -477 600: 26 %, -660 000: 34 %, above: 55 %.
// Percentages are truncated to whole kronor (skatteförfarandeförordningen 22 kap. 1 §).
import { describe, expect, it } from "vitest";
import { oneOffBand, oneOffWithholding, regularWithholding, type WithholdingBasis } from "../../src/sweden/payroll";

const table33col1: WithholdingBasis = { method: "table", table: 33, column: 1 };
const regular = { regularSalaryFromThisPayer: true };

describe("regular pay", () => {
  it("uses the monthly table for the table basis (SOURCES.md: 33/1/35 000 -> 7 134)", () => {
    const r = regularWithholding(2026, table33col1, 35_000);
    expect(r.ok && r.taxKronor).toBe(7_134);
  });

  it("takes 30 % of side income, truncated: 12 345 kr -> 3 703 (3 703.50)", () => {
    expect(regularWithholding(2026, { method: "side_income" }, 12_345)).toEqual({
      ok: true,
      taxKronor: 3_703,
      rule: { kind: "flat_percent", reason: "side_income", percent: "30" },
    });
  });

  it("takes SINK at 22.5 % in 2026 (30 000 kr -> 6 750) and 25 % in 2025 (30 000 kr -> 7 500)", () => {
    expect(regularWithholding(2026, { method: "sink" }, 30_000)).toEqual({
      ok: true,
      taxKronor: 6_750,
      rule: { kind: "flat_percent", reason: "sink", percent: "22.5" },
    });
    const r2025 = regularWithholding(2025, { method: "sink" }, 30_000);
    expect(r2025.ok && r2025.taxKronor).toBe(7_500);
  });

  it("applies a decided percentage with its decision: 27.5 % of 33 333 kr -> 9 166 (9 166.575)", () => {
    expect(
      regularWithholding(
        2026,
        { method: "decided_percent", percent: "27.50", decision: "SKV jämkning 2026-123" },
        33_333,
      ),
    ).toEqual({
      ok: true,
      taxKronor: 9_166,
      rule: { kind: "decided_percent", percent: "27.5", decision: "SKV jämkning 2026-123" },
    });
  });

  it("refuses a decided percentage outside 0-100, with three decimals or without its decision", () => {
    expect(() => regularWithholding(2026, { method: "decided_percent", percent: "101", decision: "x" }, 1_000)).toThrow(
      RangeError,
    );
    expect(() =>
      regularWithholding(2026, { method: "decided_percent", percent: "27.125", decision: "x" }, 1_000),
    ).toThrow(RangeError);
    expect(() => regularWithholding(2026, { method: "decided_percent", percent: "30", decision: " " }, 1_000)).toThrow(
      RangeError,
    );
  });

  it("withholds nothing for F-skatt and nothing on no income", () => {
    expect(regularWithholding(2026, { method: "f_skatt" }, 50_000)).toEqual({
      ok: true,
      taxKronor: 0,
      rule: { kind: "f_skatt" },
    });
    const r = regularWithholding(2026, { method: "side_income" }, 0);
    expect(r.ok && r.taxKronor).toBe(0);
  });

  it("reports a year without rates as missing", () => {
    expect(regularWithholding(2027, { method: "sink" }, 30_000)).toEqual({ ok: false, missing: "year", year: 2027 });
    expect(regularWithholding(2027, table33col1, 30_000)).toEqual({
      ok: false,
      missing: "year",
      year: 2027,
      table: 33,
    });
  });
});

describe("one-off amounts (engångsbelopp), 2026", () => {
  it.each([
    [1, 25_041, 0],
    [1, 25_042, 10],
    [1, 82_800, 10],
    [1, 82_801, 21],
    [1, 192_000, 21],
    [1, 192_001, 26],
    [1, 477_600, 26],
    [1, 477_601, 34],
    [1, 660_000, 34],
    [1, 660_001, 54],
    [2, 65_800, 0],
    [2, 65_801, 26],
    [2, 477_601, 34],
    [2, 660_001, 55],
  ] as const)("column %i, annual income %i kr -> %i %%", (column, income, percent) => {
    const band = oneOffBand(2026, column, income);
    expect(band.ok && band.percent).toBe(percent);
  });

  it("takes a 20 000 kr bonus at 26 % for a column 1 employee expecting 420 000 kr with it: 5 200 kr", () => {
    expect(
      oneOffWithholding(2026, table33col1, { amountKronor: 20_000, annualIncomeKronor: 420_000, ...regular }),
    ).toEqual({
      ok: true,
      taxKronor: 5_200,
      rule: {
        kind: "one_off_table",
        year: 2026,
        column: 1,
        annualIncomeKronor: 420_000,
        bandFrom: 192_001,
        bandTo: 477_600,
        percent: 26,
      },
    });
  });

  it("truncates: 54 % of 12 345 kr retroactive pay at 700 000 kr a year -> 6 666 (6 666.30)", () => {
    const r = oneOffWithholding(2026, table33col1, { amountKronor: 12_345, annualIncomeKronor: 700_000, ...regular });
    expect(r.ok && r.taxKronor).toBe(6_666);
  });

  it("takes 30 % when this payer pays no regular salary", () => {
    const r = oneOffWithholding(2026, table33col1, {
      amountKronor: 10_000,
      annualIncomeKronor: 10_000,
      regularSalaryFromThisPayer: false,
    });
    expect(r).toEqual({
      ok: true,
      taxKronor: 3_000,
      rule: { kind: "flat_percent", reason: "one_off_without_regular_salary", percent: "30" },
    });
  });

  it("uses the flat rate of the other bases (side income 30 %, SINK 22.5 %)", () => {
    const side = oneOffWithholding(
      2026,
      { method: "side_income" },
      { amountKronor: 10_000, annualIncomeKronor: 500_000, ...regular },
    );
    const sink = oneOffWithholding(
      2026,
      { method: "sink" },
      { amountKronor: 10_000, annualIncomeKronor: 500_000, ...regular },
    );
    expect(side.ok && side.taxKronor).toBe(3_000);
    expect(sink.ok && sink.taxKronor).toBe(2_250);
  });

  // Columns 3-6: no second published 2026 source (see the header of src/sweden/payroll/one-off-tables.ts).
  it.each([3, 4, 5, 6] as const)(
    "reports the 2026 one-off table of column %i as missing, naming the year and the column",
    (column) => {
      const basis: WithholdingBasis = { method: "table", table: 33, column };
      expect(oneOffBand(2026, column, 300_000)).toEqual({ ok: false, missing: "column" });
      expect(oneOffWithholding(2026, basis, { amountKronor: 10_000, annualIncomeKronor: 300_000, ...regular })).toEqual(
        {
          ok: false,
          missing: "one_off_table",
          year: 2026,
          column,
        },
      );
      // the same amount as regular pay still has its monthly table, and the 30 % rule without regular pay needs no table
      expect(regularWithholding(2026, basis, 35_000).ok).toBe(true);
      expect(
        oneOffWithholding(2026, basis, {
          amountKronor: 10_000,
          annualIncomeKronor: 10_000,
          regularSalaryFromThisPayer: false,
        }),
      ).toMatchObject({ ok: true, taxKronor: 3_000 });
    },
  );

  it("keeps column 3's monthly table (SOURCES.md: 33/3/35 000 -> 3 881) while its one-off table is missing", () => {
    const r = regularWithholding(2026, { method: "table", table: 33, column: 3 }, 35_000);
    expect(r.ok && r.taxKronor).toBe(3_881);
  });

  it("reports another year as missing for every column", () => {
    expect(
      oneOffWithholding(2027, table33col1, { amountKronor: 10_000, annualIncomeKronor: 300_000, ...regular }),
    ).toEqual({
      ok: false,
      missing: "year",
      year: 2027,
      column: 1,
    });
    expect(oneOffBand(2027, 3, 300_000)).toEqual({ ok: false, missing: "year" });
  });
});
