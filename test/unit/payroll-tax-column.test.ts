// Column choice for 2026 and birth dates from personnummer.
// Columns: ../shared/data/tax/SOURCES.md ("Column meaning", SKV 433). Age limit for 2026: förhöjt
// grundavdrag from January of the year a person turns 67, i.e. born 1959 or earlier (riktåldern
// 67 from 2026, prop. 2021/22:181; Pensionsmyndigheten/PRO as reported 2025-10-10).
// Personnummer vectors: ../shared/data/ids/personnummer_list.json (personnummer/meta, MIT).
import { describe, expect, it } from "vitest";
import {
  ageAtStartOfYear,
  birthDateFromPersonnummer,
  lastBirthYearWithHigherBasicDeduction,
  taxColumnFor,
} from "../../src/sweden/payroll";

describe("tax column, 2026", () => {
  it("puts the age limit between those born 1959 and 1960", () => {
    expect(lastBirthYearWithHigherBasicDeduction(2026)).toBe(1959);
  });

  it.each([
    ["1960-01-01", "salary", 1],
    ["1959-12-31", "salary", 3],
    ["1990-06-15", "pension", 6],
    ["1959-12-31", "pension", 2],
    ["1985-03-01", "sickness_compensation", 4],
    ["1985-03-01", "other", 5],
    ["1950-03-01", "other", 2],
  ] as const)("born %s, %s -> column %i", (birthDate, kind, column) => {
    expect(taxColumnFor(birthDate, kind, 2026)).toBe(column);
  });

  it("has no answer for a year whose age limit is not in the table", () => {
    expect(taxColumnFor("1980-01-01", "salary", 2027)).toBeNull();
    expect(lastBirthYearWithHigherBasicDeduction(2027)).toBeNull();
  });
});

describe("age at the start of the year", () => {
  it("counts completed years on 1 January: born 1959 is 66 at the start of 2026, born 1 January 1960 is 65", () => {
    expect(ageAtStartOfYear("1959-12-31", 2026)).toBe(66);
    expect(ageAtStartOfYear("1960-01-01", 2026)).toBe(65);
    expect(ageAtStartOfYear("2007-12-31", 2026)).toBe(18);
    expect(ageAtStartOfYear("2003-01-01", 2026)).toBe(22);
  });

  it("refuses a date that is not YYYY-MM-DD", () => {
    expect(() => ageAtStartOfYear("19590101", 2026)).toThrow(RangeError);
  });
});

describe("birth date from a 12-digit personnummer", () => {
  it.each([
    ["200002292399", "2000-02-29"], // personnummer_list.json, 29 February
    ["195704289999", "1957-04-28"], // personnummer_list.json
    ["198112189876", "1981-12-18"], // SKV 704 example 811218-9876
    ["197302889931", "1973-02-28"], // samordningsnummer: day 88 = 28 + 60
    ["202107919967", "2021-07-31"], // samordningsnummer: day 91 = 31 + 60
  ])("%s -> %s", (pnr, date) => {
    expect(birthDateFromPersonnummer(pnr)).toBe(date);
  });

  it.each([
    ["194205669899"], // personnummer_list.json: invalid samordningsnummer
    ["201509160006"], // personnummer_list.json: invalid check digit
    ["8112189876"], // ten digits: the payroll record holds the 12-digit form
    ["19811218-9876"],
  ])("%s -> null", (pnr) => {
    expect(birthDateFromPersonnummer(pnr)).toBeNull();
  });
});
