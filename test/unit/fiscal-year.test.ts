// Bokföringslagen 3 kap: twelve-month years, calendar year for sole traders, a first
// year of at most eighteen months.
import { describe, expect, it } from "vitest";
import { accountTypeOf, sieAccountTypeOf } from "../../src/sweden/bas";
import {
  addMonths,
  fiscalYearContaining,
  fiscalYearName,
  firstFiscalYearProblem,
  isValidDate,
  nextFiscalYear,
} from "../../src/sweden/fiscal-year";

describe("fiscal years", () => {
  it("finds the year containing a date", () => {
    expect(fiscalYearContaining("2026-11-22", 1)).toEqual({ start: "2026-01-01", end: "2026-12-31" });
    expect(fiscalYearContaining("2026-03-15", 7)).toEqual({ start: "2025-07-01", end: "2026-06-30" });
    expect(fiscalYearContaining("2026-07-01", 7)).toEqual({ start: "2026-07-01", end: "2027-06-30" });
    expect(fiscalYearContaining("2028-02-29", 3)).toEqual({ start: "2027-03-01", end: "2028-02-29" });
  });

  it("follows on with twelve months", () => {
    expect(nextFiscalYear("2026-12-31")).toEqual({ start: "2027-01-01", end: "2027-12-31" });
    expect(nextFiscalYear("2027-02-28")).toEqual({ start: "2027-03-01", end: "2028-02-29" });
  });

  it("names calendar and broken years", () => {
    expect(fiscalYearName("2026-01-01", "2026-12-31")).toBe("2026");
    expect(fiscalYearName("2026-05-01", "2027-04-30")).toBe("2026/2027");
  });

  it("clamps month arithmetic to short months", () => {
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonths("2026-08-15", 18)).toBe("2028-02-15");
  });

  it.each([
    ["2026-01-01", "2027-06-30", 7, null], // exactly 18 months
    ["2026-01-15", "2027-06-30", 7, null],
    ["2026-01-01", "2027-07-31", 8, "at most 18 months"],
    ["2026-09-01", "2026-12-31", 1, null], // a short first year
    ["2026-03-01", "2026-11-30", 1, "last day of the month before"],
    ["2026-03-01", "2026-02-28", 3, "not be before"],
    ["2026-02-30", "2026-12-31", 1, "real dates"],
  ])("first year %s..%s starting month %s: %s", (start, end, month, problem) => {
    const result = firstFiscalYearProblem(start, end, month);
    if (problem === null) expect(result).toBeNull();
    else expect(result).toContain(problem);
  });
});

describe("BAS account classes", () => {
  it.each([
    ["1930", "asset", "T"],
    ["2081", "equity", "S"],
    ["2099", "equity", "S"],
    ["2440", "liability", "S"],
    ["2611", "liability", "S"],
    ["3001", "revenue", "I"],
    ["4010", "expense", "K"],
    ["7510", "expense", "K"],
    ["8310", "revenue", "I"],
    ["8410", "expense", "K"],
    ["8999", "expense", "K"],
  ] as const)("%s is %s (SIE %s)", (n, type, sie) => {
    expect(accountTypeOf(n)).toBe(type);
    expect(sieAccountTypeOf(type)).toBe(sie);
  });
});

// The Gregorian calendar (ISO 8601): February has 29 days in years divisible by 4, except
// centuries not divisible by 400 (1900 and 2100 are common years, 2000 a leap year).
describe("isValidDate", () => {
  it.each([
    ["2024-02-29", true],
    ["2026-02-29", false],
    ["2026-02-30", false],
    ["2000-02-29", true],
    ["1900-02-29", false],
    ["2100-02-29", false],
    ["2026-04-30", true],
    ["2026-04-31", false],
    ["2026-12-31", true],
    ["2026-13-01", false],
    ["2026-00-10", false],
    ["2026-01-00", false],
    ["2026-1-01", false],
    ["2026-01-01T00:00", false],
    ["2026/01/01", false],
    ["2026-0a-01", false],
    ["", false],
  ] as const)("%s is %s", (date, valid) => {
    expect(isValidDate(date)).toBe(valid);
  });

  it("agrees with the Date-based check on every day string of 2023 to 2025 and of 1900 and 2000", () => {
    const byDate = (s: string) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
    };
    for (const y of [1900, 2000, 2023, 2024, 2025])
      for (let m = 1; m <= 12; m++)
        for (let d = 1; d <= 31; d++) {
          const s = `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
          expect(isValidDate(s), s).toBe(byDate(s));
        }
  });
});
