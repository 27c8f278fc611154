// Lag (1989:253) om allmänna helgdagar and Lag (1930:173) om beräkning av lagstadgad tid 2 §:
// the public holidays, the three eves banks keep closed, and the next banking day.
import { describe, expect, it } from "vitest";
import {
  addDays,
  bankHolidayEves,
  easterSunday,
  isBankingDay,
  isPublicHoliday,
  nextBankingDay,
  publicHolidays,
} from "../../src/sweden/calendar";

describe("Easter (Gregorian computus)", () => {
  it.each([
    [2000, "2000-04-23"],
    [2019, "2019-04-21"],
    [2024, "2024-03-31"],
    [2025, "2025-04-20"],
    [2026, "2026-04-05"],
    [2027, "2027-03-28"],
    [2038, "2038-04-25"], // the latest possible date
    [2285, "2285-03-22"], // the earliest possible date
  ])("%i: %s", (year, date) => {
    expect(easterSunday(year)).toBe(date);
  });
});

describe("public holidays", () => {
  it("lists the named holidays of 2026", () => {
    expect(publicHolidays(2026).map((h) => `${h.date} ${h.name_sv}`)).toEqual([
      "2026-01-01 Nyårsdagen",
      "2026-01-06 Trettondedag jul",
      "2026-04-03 Långfredagen",
      "2026-04-05 Påskdagen",
      "2026-04-06 Annandag påsk",
      "2026-05-01 Första maj",
      "2026-05-14 Kristi himmelsfärdsdag",
      "2026-05-24 Pingstdagen",
      "2026-06-06 Sveriges nationaldag",
      "2026-06-20 Midsommardagen",
      "2026-10-31 Alla helgons dag",
      "2026-12-25 Juldagen",
      "2026-12-26 Annandag jul",
    ]);
  });

  it.each([
    [2024, "2024-06-22", "2024-11-02"],
    [2025, "2025-06-21", "2025-11-01"],
    [2026, "2026-06-20", "2026-10-31"],
    [2027, "2027-06-26", "2027-11-06"],
  ])("%i: midsommardagen %s, alla helgons dag %s (Saturdays)", (year, midsummer, allSaints) => {
    const byName = new Map(publicHolidays(year).map((h) => [h.name_sv, h.date]));
    expect(byName.get("Midsommardagen")).toBe(midsummer);
    expect(byName.get("Alla helgons dag")).toBe(allSaints);
  });

  it("puts midsommarafton on the Friday before midsommardagen, with julafton and nyårsafton", () => {
    expect(bankHolidayEves(2026).map((h) => h.date)).toEqual(["2026-06-19", "2026-12-24", "2026-12-31"]);
    expect(bankHolidayEves(2027)[0].date).toBe("2027-06-25");
  });

  it("counts Sundays but not the eves as public holidays", () => {
    expect(isPublicHoliday("2026-03-08")).toBe(true); // a Sunday
    expect(isPublicHoliday("2026-06-06")).toBe(true);
    expect(isPublicHoliday("2026-06-19")).toBe(false); // midsommarafton
    expect(isPublicHoliday("2026-12-24")).toBe(false); // julafton
    expect(isPublicHoliday("2026-03-09")).toBe(false);
  });
});

describe("banking days", () => {
  it.each([
    ["2026-01-07", true], // an ordinary Wednesday
    ["2026-01-06", false], // trettondedag jul, a Tuesday
    ["2026-01-17", false], // a Saturday
    ["2026-01-18", false], // a Sunday
    ["2026-04-03", false], // långfredagen
    ["2026-04-06", false], // annandag påsk
    ["2026-05-14", false], // Kristi himmelsfärdsdag
    ["2026-05-15", true], // the Friday after: no statutory bridge day
    ["2025-06-06", false], // nationaldagen on a Friday
    ["2026-06-19", false], // midsommarafton
    ["2026-06-22", true],
    ["2026-12-24", false], // julafton
    ["2026-12-31", false], // nyårsafton
    ["2027-01-04", true],
  ])("%s: %s", (date, expected) => {
    expect(isBankingDay(date)).toBe(expected);
  });

  it.each([
    ["2026-03-10", "2026-03-10"], // already a banking day
    ["2026-01-17", "2026-01-19"], // Saturday to Monday
    ["2026-04-02", "2026-04-02"], // skärtorsdagen is a banking day
    ["2026-04-03", "2026-04-07"], // långfredagen to the Tuesday after annandag påsk
    ["2026-06-19", "2026-06-22"], // midsommarafton to Monday
    ["2026-12-24", "2026-12-28"], // julafton, juldagen, a weekend
    ["2026-12-31", "2027-01-04"], // nyårsafton, nyårsdagen, a weekend
    ["2026-12-26", "2026-12-28"], // annandag jul on a Saturday
  ])("next banking day from %s is %s", (date, expected) => {
    expect(nextBankingDay(date)).toBe(expected);
  });

  it("adds days across months, years and leap days", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });

  it("refuses what is not a date", () => {
    expect(() => isBankingDay("2026-02-30")).toThrow(RangeError);
    expect(() => nextBankingDay("26-01-01")).toThrow(RangeError);
  });
});
