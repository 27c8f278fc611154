// The vacation rules of semesterlagen (1977:480), src/sweden/payroll/vacation.ts, against
// hand-computed figures.
import Big from "big.js";
import { describe, expect, it } from "vitest";
import {
  aprilMarchMonthIndex,
  aprilMarchYear,
  aprilMarchYearOf,
  daysIn,
  earnedDaysByMonth,
  employmentDaysInYear,
  employmentMonthsInAprilMarch,
  employmentMonthsInYear,
  hourlyVacationPayOre,
  isVacationDay,
  liabilityAfter,
  monthVacationPay,
  nonQualifyingDays,
  paidDaysEarned,
  percentageDayValue,
  shiftedLiabilityOre,
  takeVacationDays,
  turnOfYear,
  vacationDayValue,
  vacationDaysOfYear,
  vacationQualifyingBaseOre,
  vacationYearTotalDays,
} from "../../src/sweden/payroll/vacation";

const days = (from: string, n: number, type: any, hoursHundredths: number | null = null) =>
  Array.from({ length: n }, (_, i) => ({
    date: new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10),
    type,
    hoursHundredths,
  }));

describe("vacation days (semesterlagen 3 a §, 4 §, 7 §, 17 §)", () => {
  it("counts weekdays that are not holidays or eves as vacation days (3 a §)", () => {
    expect(isVacationDay("2026-07-06")).toBe(true); // Monday
    expect(isVacationDay("2026-07-11")).toBe(false); // Saturday
    expect(isVacationDay("2026-07-12")).toBe(false); // Sunday
    expect(isVacationDay("2026-06-19")).toBe(false); // midsommarafton
    expect(isVacationDay("2026-06-06")).toBe(false); // national day (a Saturday in 2026 anyway)
    expect(isVacationDay("2026-12-24")).toBe(false); // julafton
    expect(isVacationDay("2026-05-14")).toBe(false); // Kristi himmelsfärd
    // 6-24 July 2026: 19 calendar days, 15 vacation days
    expect(days("2026-07-06", 19, "vacation").filter((d) => isVacationDay(d.date))).toHaveLength(15);
  });

  it("gives 25 paid days for a whole year and reduces them for leave without pay, rounding up (7 §)", () => {
    const y = vacationDaysOfYear({
      year: 2026,
      daysPerYear: 25,
      employmentStart: "2020-01-01",
      employmentEnd: null,
      nonQualifyingDays: 0,
    });
    expect([y.paid, y.unpaid, y.total, y.yearDays]).toEqual([25, 0, 25, 365]);
    // 30 days without pay: (365 - 30) / 365 × 25 = 22.945 → 23 paid, 2 unpaid
    const r = vacationDaysOfYear({
      year: 2026,
      daysPerYear: 25,
      employmentStart: "2020-01-01",
      employmentEnd: null,
      nonQualifyingDays: 30,
    });
    expect([r.paid, r.unpaid]).toEqual([23, 2]);
    // employed from 1 July: 184 days / 365 × 25 = 12.60 → 13
    const july = vacationDaysOfYear({
      year: 2026,
      daysPerYear: 25,
      employmentStart: "2026-07-01",
      employmentEnd: null,
      nonQualifyingDays: 0,
    });
    expect([july.employmentDays, july.paid, july.unpaid]).toEqual([184, 13, 12]);
    // 4 §: employment from 1 September: five days in all; 122 / 365 × 25 = 8.36 → 9, capped at 5
    const sept = vacationDaysOfYear({
      year: 2026,
      daysPerYear: 25,
      employmentStart: "2026-09-01",
      employmentEnd: null,
      nonQualifyingDays: 0,
    });
    expect([sept.total, sept.paid, sept.unpaid]).toEqual([5, 5, 0]);
    // an agreement's 30 days: ended 31 March: 90 / 365 × 30 = 7.40 → 8
    expect(
      vacationDaysOfYear({
        year: 2026,
        daysPerYear: 30,
        employmentStart: "2019-01-01",
        employmentEnd: "2026-03-31",
        nonQualifyingDays: 0,
      }).paid,
    ).toBe(8);
  });

  it("counts qualifying absence against the 17 § limits and whole days only", () => {
    expect(nonQualifyingDays(days("2026-02-01", 30, "leave_without_pay")).nonQualifying).toBe(30);
    expect(nonQualifyingDays(days("2026-02-01", 30, "sick")).nonQualifying).toBe(0);
    // sick 170 days used before the cutover, 15 more: 5 beyond the 180 days
    const sick = nonQualifyingDays(days("2026-07-01", 15, "sick"), { sick: 170 });
    expect([sick.nonQualifying, sick.used.sick]).toEqual([5, 180]);
    // vab 120 days, parental 120 days, each its own limit; närståendepenning 45
    expect(
      nonQualifyingDays([
        ...days("2026-01-01", 92, "vab"),
        ...days("2026-04-03", 40, "vab"),
        ...days("2026-06-01", 50, "caring_for_relative"),
      ]).nonQualifying,
    ).toBe(12 + 5);
    // part days never reduce the paid days (7 §: "helt frånvarande")
    expect(nonQualifyingDays(days("2026-02-01", 3, "leave_without_pay", 400)).nonQualifying).toBe(0);
    expect(
      nonQualifyingDays([...days("2026-02-01", 3, "vacation"), ...days("2026-03-01", 3, "leave_with_pay")])
        .nonQualifying,
    ).toBe(0);
  });

  it("finds the employment's days and months of the year", () => {
    expect(employmentDaysInYear(2026, "2026-03-15", "2026-03-31")).toBe(17);
    expect(employmentDaysInYear(2026, "2027-01-01", null)).toBe(0);
    expect(employmentMonthsInYear(2026, "2026-03-15", "2026-08-31")).toEqual({ first: 3, last: 8, count: 6 });
    expect(employmentMonthsInYear(2026, "2020-01-01", null)).toEqual({ first: 1, last: 12, count: 12 });
  });
});

describe("vacation pay (16 a §, 16 b §)", () => {
  const year = vacationDaysOfYear({
    year: 2026,
    daysPerYear: 25,
    employmentStart: "2020-01-01",
    employmentEnd: null,
    nonQualifyingDays: 0,
  });

  it("same-salary rule: 0.43 % a paid day; the day value 4.6 % + 0.43 %; unpaid days 4.6 %", () => {
    const dv = vacationDayValue("same_salary", 3_000_000, year);
    expect(dv.toString()).toBe("150900"); // 30 000 × 5.03 % = 1 509 kr
    expect(monthVacationPay("same_salary", 3_000_000, dv, 10, 0)).toEqual({
      supplementOre: 129_000,
      vacationPayOre: 0,
      deductionOre: 0,
    });
    expect(monthVacationPay("same_salary", 3_000_000, dv, 3, 2)).toEqual({
      supplementOre: 38_700,
      vacationPayOre: 0,
      deductionOre: 276_000,
    });
    // 36 500 kr: 0.43 % = 156.95 a day
    expect(monthVacationPay("same_salary", 3_650_000, dv, 1, 0).supplementOre).toBe(15_695);
  });

  it("percentage rule: 12 % of the year's pay over the paid days, less 4.6 % of the monthly salary a day", () => {
    const dv = vacationDayValue("percentage", 3_000_000, year);
    expect(dv.toString()).toBe("172800"); // 12 % × 360 000 / 25 = 1 728 kr
    expect(monthVacationPay("percentage", 3_000_000, dv, 10, 0)).toEqual({
      supplementOre: 0,
      vacationPayOre: 1_728_000,
      deductionOre: 1_380_000,
    });
    // 30 days without pay: share 335/365, 23 paid days: 0.12 × 360 000 × 335/365 / 23 = 39 649.32 / 23 = 1 723.88
    const short = vacationDaysOfYear({
      year: 2026,
      daysPerYear: 25,
      employmentStart: "2020-01-01",
      employmentEnd: null,
      nonQualifyingDays: 30,
    });
    expect(vacationDayValue("percentage", 3_000_000, short).div(100).round(2).toString()).toBe("1723.88");
    expect(hourlyVacationPayOre(1_234_567)).toBe(148_148);
  });

  it("percentage rule: the year's variable pay for work enters the base (16 b §); the same-salary rule ignores it", () => {
    // May: commission 10 000 so far: 12 % × (360 000 + 10 000) / 25 = 44 400 / 25 = 1 776 kr
    const may = vacationDayValue("percentage", 3_000_000, year, 1_000_000);
    expect(may.toString()).toBe("177600");
    // the first run accrues January-May: 25 × 5 / 12 = 10.4167 days × 1 776 = 18 500 kr
    expect(
      liabilityAfter({
        beforeOre: 0,
        dayValue: may,
        paidDaysOfYear: 25,
        employmentMonths: 12,
        monthsAccrued: 5,
        daysTaken: 0,
        daysPaidOut: 0,
      }),
    ).toMatchObject({ accrualOre: 1_850_000, usedOre: 0, afterOre: 1_850_000 });
    // July: 5 000 more: 12 % × 375 000 / 25 = 1 800 kr; 10 days: semesterlön 18 000, semesteravdrag 13 800
    const july = vacationDayValue("percentage", 3_000_000, year, 1_500_000);
    expect(july.toString()).toBe("180000");
    expect(monthVacationPay("percentage", 3_000_000, july, 10, 0)).toEqual({
      supplementOre: 0,
      vacationPayOre: 1_800_000,
      deductionOre: 1_380_000,
    });
    // June and July accrued (2 × 25 / 12 days × 1 800 = 7 500), 10 days used (18 000): 18 500 + 7 500 − 18 000 = 8 000
    expect(
      liabilityAfter({
        beforeOre: 1_850_000,
        dayValue: july,
        paidDaysOfYear: 25,
        employmentMonths: 12,
        monthsAccrued: 2,
        daysTaken: 10,
        daysPaidOut: 0,
      }),
    ).toMatchObject({ accrualOre: 750_000, usedOre: 1_800_000, afterOre: 800_000 });
    // 30 days without pay and overtime 10 000: 360 000 × 335 / 365 + 10 000 = 340 410.96; × 12 % / 23 = 1 776.06
    const short = vacationDaysOfYear({
      year: 2026,
      daysPerYear: 25,
      employmentStart: "2020-01-01",
      employmentEnd: null,
      nonQualifyingDays: 30,
    });
    expect(vacationQualifyingBaseOre(3_000_000, short.share, 1_000_000).round(0).toString()).toBe("34041096");
    expect(vacationDayValue("percentage", 3_000_000, short, 1_000_000).div(100).round(2).toString()).toBe("1776.06");
    // without variable pay the base is the fixed part only (the figures above)
    expect(vacationDayValue("percentage", 3_000_000, year, 0).toString()).toBe("172800");
    // sammalöneregeln: the day value is the monthly salary's, whatever the variable pay
    expect(vacationDayValue("same_salary", 3_000_000, year, 1_500_000).toString()).toBe("150900");
  });
});

describe("taking, saving and paying out days (18 §, 28 §, 29 §)", () => {
  it("takes the year's paid days, then saved days oldest first, then unpaid days, then förskott", () => {
    expect(takeVacationDays(10, { paidLeft: 25, saved: { "2024": 2 }, unpaidLeft: 0 })).toEqual({
      paid: 10,
      advance: 0,
      fromSaved: {},
      savedAfter: { "2024": 2 },
      unpaid: 0,
    });
    expect(takeVacationDays(8, { paidLeft: 3, saved: { "2025": 2, "2023": 1 }, unpaidLeft: 1 })).toEqual({
      paid: 3 + 1,
      advance: 1,
      fromSaved: { "2023": 1, "2025": 2 },
      savedAfter: {},
      unpaid: 1,
    });
    // förskott: the paid days go below zero
    expect(takeVacationDays(2, { paidLeft: -1, saved: {}, unpaidLeft: 0 })).toMatchObject({ paid: 2, advance: 2 });
  });

  it("saves the days above 20 and pays out the rest at the turn of the year; saved days expire after five years", () => {
    // 25 paid days, 18 taken: 7 left; 5 may be saved, 2 are paid out
    expect(turnOfYear({ year: 2026, paidOfYear: 25, left: 7, saved: {} })).toMatchObject({
      saved: { "2026": 5 },
      savedNow: 5,
      forcedPayoutDays: 2,
    });
    // 22 taken: 3 left, all saveable
    expect(turnOfYear({ year: 2026, paidOfYear: 25, left: 3, saved: { "2022": 1 } })).toMatchObject({
      saved: { "2022": 1, "2026": 3 },
      forcedPayoutDays: 0,
    });
    // days saved in 2021 are paid out at the turn of 2026 → 2027
    expect(turnOfYear({ year: 2026, paidOfYear: 25, left: 0, saved: { "2021": 4, "2022": 1 } })).toMatchObject({
      saved: { "2022": 1 },
      forcedPayoutDays: 4,
      expiredDays: 4,
    });
    // 20 paid days: nothing may be saved
    expect(turnOfYear({ year: 2026, paidOfYear: 20, left: 4, saved: {} })).toMatchObject({
      saved: {},
      forcedPayoutDays: 4,
    });
    // negative remaining is not paid out (and not clamped elsewhere)
    expect(turnOfYear({ year: 2026, paidOfYear: 25, left: -2, saved: {} }).forcedPayoutDays).toBe(0);
  });

  it("accrues the year's days month by month at the day value and releases what is taken", () => {
    const dv = new Big(150_900);
    // June and July accrued together: 25 × 2 / 12 = 4.1667 days × 1 509 = 6 287.50; 10 days taken: 15 090
    const l = liabilityAfter({
      beforeOre: 0,
      dayValue: dv,
      paidDaysOfYear: 25,
      employmentMonths: 12,
      monthsAccrued: 2,
      daysTaken: 10,
      daysPaidOut: 0,
    });
    expect(l).toEqual({ earnedDays: 4.1667, accrualOre: 628_750, usedOre: 1_509_000, afterOre: 628_750 - 1_509_000 });
    const m = liabilityAfter({
      beforeOre: 1_000_000,
      dayValue: dv,
      paidDaysOfYear: 25,
      employmentMonths: 12,
      monthsAccrued: 1,
      daysTaken: 0,
      daysPaidOut: 2,
    });
    expect(m.afterOre).toBe(1_000_000 + 314_375 - 301_800);
  });
});

// The April–March year (semesterlagen 3 §, förskjutet semesterår). Sources for the figures:
// - faronline.se, Rätt Arbetsrätt, "Intjänandeår": the earning year is 1 April–31 March; the days
//   are taken in the following twelve months, the vacation year; parties may agree that they coincide.
// - Handelsnytt, "Hur många semesterdagar har jag?" (2016-06-13): employed from 1 May 2015, 336 days
//   to 31 March 2016 give 23 paid days for the summer of 2016 (the earning year April 2015–March 2016
//   holds 29 February, 366 days: ⌈336 / 366 × 25⌉ = ⌈22.95⌉ = 23).
// - Företagarna, "Hur räknar jag ut hur många betalda semesterdagar en arbetstagare ska ha?": 80 days
//   of employment in the earning year: 80 / 365 × 25 ≈ 5.48, rounded up to 6 paid days.
// - Tholin & Larsson, "Nytt semesterår började den 1 april" (2016): employment that starts after 31
//   August of the vacation year gives five days that year (4 §).
// - rakna-ut.se, "Räkna ut semesterlön": procentregeln, (250 000 × 0.12) / 25 = 1 200 kr a day.
describe("the April–March year (semesterlagen 3 §)", () => {
  it("names the year in progress by its 1 April and places the months from April", () => {
    expect(aprilMarchYearOf(2026, 3)).toBe(2025);
    expect(aprilMarchYearOf(2026, 4)).toBe(2026);
    expect(aprilMarchYearOf(2026, 12)).toBe(2026);
    expect(aprilMarchYear(2026)).toEqual({ start: "2026-04-01", end: "2027-03-31" });
    expect([4, 12, 1, 3].map(aprilMarchMonthIndex)).toEqual([1, 9, 10, 12]);
    expect(daysIn(aprilMarchYear(2025))).toBe(365);
    expect(daysIn(aprilMarchYear(2027))).toBe(366); // 29 February 2028
  });

  it("gives the paid days of an earning year by 7 §, with the sources' figures", () => {
    // Handelsnytt: from 1 May 2015 to 31 March 2016, 336 days of 366: 23 paid days
    const emma = paidDaysEarned({
      earningYear: aprilMarchYear(2015),
      daysPerYear: 25,
      employmentStart: "2015-05-01",
      employmentEnd: null,
      nonQualifyingDays: 0,
    });
    expect([emma.employmentDays, emma.yearDays, emma.paid]).toEqual([336, 366, 23]);
    // Företagarna: 80 days of employment in a year of 365: 6 paid days
    const eighty = paidDaysEarned({
      earningYear: aprilMarchYear(2025),
      daysPerYear: 25,
      employmentStart: "2026-01-11",
      employmentEnd: null,
      nonQualifyingDays: 0,
    });
    expect([eighty.employmentDays, eighty.paid]).toEqual([80, 6]);
    // employed 1 September 2025: 212 days of 365, ⌈14.52⌉ = 15; 20 days of leave without pay: ⌈13.15⌉ = 14
    const sept = {
      earningYear: aprilMarchYear(2025),
      daysPerYear: 25,
      employmentStart: "2025-09-01",
      employmentEnd: null,
    };
    expect(paidDaysEarned({ ...sept, nonQualifyingDays: 0 }).paid).toBe(15);
    expect(paidDaysEarned({ ...sept, nonQualifyingDays: 20 }).paid).toBe(14);
    expect(paidDaysEarned({ ...sept, nonQualifyingDays: 0 }).share.toFixed(6)).toBe(new Big(212).div(365).toFixed(6));
    // ending 31 July 2026: 122 days of the earning year 2026/27, ⌈8.36⌉ = 9
    expect(
      paidDaysEarned({
        earningYear: aprilMarchYear(2026),
        daysPerYear: 25,
        employmentStart: "2025-09-01",
        employmentEnd: "2026-07-31",
        nonQualifyingDays: 0,
      }).paid,
    ).toBe(9);
  });

  it("gives 25 days in a vacation year, five when the employment starts after 31 August of it (4 §)", () => {
    expect(vacationYearTotalDays("2026-04-01", 25, "2025-09-01")).toBe(25);
    expect(vacationYearTotalDays("2025-04-01", 25, "2025-09-01")).toBe(5);
    expect(vacationYearTotalDays("2025-04-01", 25, "2025-08-31")).toBe(25);
    expect(vacationYearTotalDays("2026-01-01", 25, "2026-09-01")).toBe(5); // the calendar year, as before
  });

  it("spreads the earning year's paid days over its months of employment", () => {
    const months = employmentMonthsInAprilMarch(2025, "2025-09-01", null);
    expect(months).toEqual({ first: 6, last: 12, count: 7 });
    expect(earnedDaysByMonth(15, months, aprilMarchMonthIndex(1)).toFixed(4)).toBe("10.7143"); // 15 × 5/7
    expect(earnedDaysByMonth(15, months, aprilMarchMonthIndex(3)).toFixed(4)).toBe("15.0000");
    expect(earnedDaysByMonth(15, months, aprilMarchMonthIndex(8)).toFixed(4)).toBe("0.0000"); // before the start
    expect(employmentMonthsInAprilMarch(2026, "2025-09-01", "2026-07-31")).toEqual({ first: 1, last: 4, count: 4 });
    expect(employmentMonthsInAprilMarch(2026, "2020-01-01", null)).toEqual({ first: 1, last: 12, count: 12 });
  });

  it("values a day of the percentage rule from the earning year's pay (16 b §)", () => {
    // rakna-ut.se: 250 000 kr, 25 paid days: 1 200 kr a day
    expect(percentageDayValue(25_000_000, 25).toFixed(0)).toBe("120000");
    // 219 095.89 kr over 15 paid days: 1 752.767 12 kr
    expect(percentageDayValue(21_909_589, 15).toFixed(3)).toBe("175276.712");
    expect(percentageDayValue(1_000_000, 0).toFixed(0)).toBe("0");
  });

  it("values the liability as the vacation year's days left plus the earning year's days earned", () => {
    // 31 December: 5 days left at 1 509 and 25 × 9/12 = 18.75 days earned at 1 509: 35 838.75
    expect(
      shiftedLiabilityOre({
        daysLeft: 5,
        vacationDayValue: new Big(150_900),
        earnedDays: new Big(25).times(9).div(12),
        earningDayValue: new Big(150_900),
      }),
    ).toBe(3_583_875);
    // percentage: 5 × 1 752.767 12 + 18.75 × 1 756.80 = 8 763.84 + 32 940 = 41 703.84 (rounded once)
    expect(
      shiftedLiabilityOre({
        daysLeft: 5,
        vacationDayValue: percentageDayValue(21_909_589, 15),
        earnedDays: new Big(18.75),
        earningDayValue: new Big(175_680),
      }),
    ).toBe(4_170_384);
    // days to pay out are still owed: 2 days at 1 509 on top
    expect(
      shiftedLiabilityOre({
        daysLeft: 0,
        vacationDayValue: new Big(150_900),
        earnedDays: new Big(0),
        earningDayValue: new Big(150_900),
        payoutValue: new Big(301_800),
      }),
    ).toBe(301_800);
  });
});
