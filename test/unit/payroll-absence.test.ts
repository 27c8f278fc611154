// Absence rules (src/sweden/payroll/absence.ts) against figures computed by hand.
// Monthly salary 36 500 kr:
//   day   = 36 500 × 12 / 365 = 1 200.00 kr
//   hour  = 36 500 × 12 / (52 × 40) = 210.576923... kr
//   week  = 36 500 × 12 / 52 = 8 423.076923 kr; a week's sick pay 80 % = 6 738.461538;
//   karensavdrag 20 % of it = 1 347.692308 kr -> 1 347.69
import { describe, expect, it } from "vitest";
import {
  absenceEffects,
  dayPay,
  hourPay,
  karensavdrag,
  type AbsenceDay,
  type AbsenceType,
} from "../../src/sweden/payroll";

const M = 3_650_000;
const range = (from: string, to: string, type: AbsenceType = "sick", hours: number | null = null): AbsenceDay[] => {
  const out: AbsenceDay[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    out.push({ date: new Date(t).toISOString().slice(0, 10), type, hoursHundredths: hours });
  return out;
};
const march = (days: AbsenceDay[]) => absenceEffects({ monthlyOre: M, from: "2026-03-01", to: "2026-03-31", days });

describe("the rates", () => {
  it("computes the day, the hour and the karensavdrag", () => {
    expect(dayPay(M).toFixed(2)).toBe("120000.00");
    expect(hourPay(M).div(100).toFixed(6)).toBe("210.576923");
    expect(karensavdrag(M).div(100).toFixed(6)).toBe("1347.692308");
  });
});

describe("sick pay (lag om sjuklön)", () => {
  it("a sick week with karens: 7 calendar days deducted, 80 % paid, one karensavdrag", () => {
    const fx = march(range("2026-03-02", "2026-03-08"));
    // 7 × 1 200 = 8 400; 80 % = 6 720; karens 1 347.69
    expect(fx).toMatchObject({
      sickDeductionOre: 840_000,
      sickPayOre: 672_000,
      karensOre: 134_769,
      deductionsOre: {},
      notices: [],
    });
    expect(fx.counts).toEqual({ sick: { days: 7, hours: 0 } });
    expect(fx.sickPeriods).toEqual([{ start: "2026-03-02", days_in_month: 7, day_15: null, karens: 1347.69 }]);
  });

  it("stops the sick pay after day 14 and names day 15 for Försäkringskassan", () => {
    const fx = march(range("2026-03-10", "2026-03-31"));
    // 22 days deducted: 26 400; sick pay days 1–14: 14 × 960 = 13 440; karens 1 347.69
    expect(fx).toMatchObject({ sickDeductionOre: 2_640_000, sickPayOre: 1_344_000, karensOre: 134_769 });
    expect(fx.sickPeriods[0].day_15).toBe("2026-03-24");
    expect(fx.notices[0]).toMatch(/day 15 is 2026-03-24.*Försäkringskassan/);
  });

  it("continues a period that starts again within five days (återinsjuknande), else starts a new one", () => {
    // 2-3 March, well 4-8 (five days), sick 9: one period, one karens
    const same = march([...range("2026-03-02", "2026-03-03"), ...range("2026-03-09", "2026-03-09")]);
    expect(same).toMatchObject({ sickDeductionOre: 360_000, sickPayOre: 288_000, karensOre: 134_769 });
    expect(same.sickPeriods).toHaveLength(1);
    // sick 10 instead (six days well): a new period; its one day's sick pay 960 is below the karens, which takes all of it
    const two = march([...range("2026-03-02", "2026-03-03"), ...range("2026-03-10", "2026-03-10")]);
    expect(two).toMatchObject({ sickDeductionOre: 360_000, sickPayOre: 288_000, karensOre: 134_769 + 96_000 });
    expect(two.sickPeriods.map((p) => [p.start, p.karens])).toEqual([
      ["2026-03-02", 1347.69],
      ["2026-03-10", 960],
    ]);
  });

  it("carries the karensavdrag and the day count over from the month before", () => {
    // 28 February (karens takes its 960 of sick pay; 387.69 left), 1-2 March: the rest of the karens in March
    const fx = march(range("2026-02-28", "2026-03-02"));
    expect(fx).toMatchObject({ sickDeductionOre: 240_000, sickPayOre: 192_000, karensOre: 38_769 });
    expect(fx.counts.sick).toEqual({ days: 2, hours: 0 });
    // a period that started 20 days before March: every March day is beyond day 14
    const long = march(range("2026-02-09", "2026-03-03"));
    expect(long).toMatchObject({ sickDeductionOre: 360_000, sickPayOre: 0, karensOre: 0 });
  });

  it("pays sick hours of a part day at 80 % of the hour rate", () => {
    // 4 h: 842.307692 lost; 80 % = 673.846154; karens limited to it on the first day
    const fx = march([{ date: "2026-03-05", type: "sick", hoursHundredths: 400 }]);
    expect(fx).toMatchObject({ sickDeductionOre: 84_231, sickPayOre: 67_385, karensOre: 67_385 });
    expect(fx.counts.sick).toEqual({ days: 0, hours: 4 });
  });
});

describe("deductions without pay", () => {
  it("deducts vab per day and per hour, parental leave per day, nothing for vacation or paid leave", () => {
    const fx = march([
      ...range("2026-03-16", "2026-03-17", "vab"),
      { date: "2026-03-18", type: "vab", hoursHundredths: 300 },
      ...range("2026-03-23", "2026-03-24", "parental"),
      ...range("2026-03-25", "2026-03-26", "vacation"),
      { date: "2026-03-27", type: "leave_with_pay", hoursHundredths: null },
      { date: "2026-03-30", type: "leave_without_pay", hoursHundredths: 150 },
    ]);
    // vab 2 × 1 200 + 3 × 210.576923 = 3 031.730769 -> 3 031.73; parental 2 400; unpaid 1.5 h = 315.865385 -> 315.87
    expect(fx.deductionsOre).toEqual({ vab: 303_173, parental: 240_000, leave_without_pay: 31_587 });
    expect(fx).toMatchObject({ sickDeductionOre: 0, sickPayOre: 0, karensOre: 0 });
    expect(fx.counts).toEqual({
      vab: { days: 2, hours: 3 },
      parental: { days: 2, hours: 0 },
      vacation: { days: 2, hours: 0 },
      leave_with_pay: { days: 1, hours: 0 },
      leave_without_pay: { days: 0, hours: 1.5 },
    });
  });

  it("never deducts more than the month's salary", () => {
    // 31 days × 1 200 = 37 200 > 36 500
    const fx = march(range("2026-03-01", "2026-03-31", "parental"));
    expect(fx.deductionsOre).toEqual({ parental: M });
    // sick first, then the unpaid types take what is left
    const mixed = march([
      ...range("2026-03-01", "2026-03-20"),
      ...range("2026-03-21", "2026-03-31", "leave_without_pay"),
    ]);
    expect(mixed.sickDeductionOre).toBe(2_400_000);
    expect(mixed.deductionsOre).toEqual({ leave_without_pay: M - 2_400_000 });
  });
});
