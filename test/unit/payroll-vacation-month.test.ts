// The vacation of a run's month (src/domains/payroll/vacation/rules.ts, vacationOfRun), pure: the
// figures calculate puts on the payslip from what the run's reads hold, against semesterlagen as
// the code computes it: sammalöneregeln 0.43 % of the monthly salary per paid day (semestertillägg,
// 16 a §) on top of the salary, and a day value of 4.6 % + 0.43 % of it for the liability and the
// days paid out; procentregeln 12 % of the year's semesterlönegrundande lön over its paid days
// (16 b §) with 4.6 % of the monthly salary deducted per day taken; pay by the hour 12 %
// semesterersättning with each month's pay.
import { describe, expect, it } from "vitest";
import type { EmployeeRow, RunEmployeeRow, SalaryRunRow } from "../../src/domains/payroll/rows";
import { type VacationReads, vacationOfRun } from "../../src/domains/payroll/vacation/rules";

const employee = {
  id: "e1",
  firstName: "Anna",
  lastName: "Berg",
  birthDate: "1985-03-12",
  employmentStart: "2020-01-01",
  employmentEnd: null,
  salaryType: "monthly",
  monthlySalaryOre: 3_000_000,
  hourlyRateOre: null,
  fSkattStatus: "a_skatt",
  vacationRule: "same_salary",
  vacationDaysPerYear: 25,
} as unknown as EmployeeRow;

const run = { id: "r1", periodYear: 2026, periodMonth: 7, paymentDate: "2026-07-24" } as SalaryRunRow;
const member = { id: "m1", employeeId: "e1", hoursHundredths: null } as RunEmployeeRow;

/** Whole vacation days (weekdays, no holidays) from 2026-07-06 on. */
const vacationDays = (n: number) =>
  ["2026-07-06", "2026-07-07", "2026-07-08", "2026-07-09", "2026-07-10", "2026-07-13"]
    .slice(0, n)
    .map((date) => ({ date, type: "vacation" as const, hoursHundredths: null }));

function month(e: Partial<EmployeeRow>, o: { days?: number; variableOre?: number; hours?: number } = {}) {
  const reads: VacationReads = {
    yearKind: "calendar",
    prevs: new Map(),
    openings: new Map(),
    variable: { booked: new Map([["e1", o.variableOre ?? 0]]), current: new Map() },
    shiftedVariable: new Map(),
    absence: new Map([["e1", vacationDays(o.days ?? 0)]]),
  };
  const m = { ...member, hoursHundredths: o.hours ?? null };
  const out = vacationOfRun(run, [m], new Map([["e1", { ...employee, ...e }]]), reads);
  return { ...out.byMember.get("m1"), warnings: out.warnings };
}

const amounts = (items: { itemType: string; amountOre: number }[] | undefined) =>
  Object.fromEntries((items ?? []).map((i) => [i.itemType, i.amountOre]));

describe("the calendar year's month (vacationOfRun)", () => {
  it.each([
    // rule, vacation days, variable pay (öre), expected rows (öre)
    ["same_salary", 5, 0, { vacation_supplement: 64_500 }], // 30 000 × 0.43 % × 5
    ["same_salary", 0, 0, {}],
    // (30 000 × 12 + 12 000) × 12 % / 25 = 1 785.60 a day; 30 000 × 4.6 % = 1 380 a day deducted
    ["percentage", 5, 1_200_000, { vacation_deduction: -690_000, vacation_pay: 892_800 }],
    ["percentage", 2, 0, { vacation_deduction: -276_000, vacation_pay: 345_600 }], // 360 000 × 12 % / 25 = 1 728
  ] as const)("%s, %i day(s), variable %i öre: %o", (rule, days, variableOre, rows) => {
    const v = month({ vacationRule: rule }, { days, variableOre });
    expect(amounts(v.items)).toEqual(rows);
    expect(v.breakdown!.paid_taken).toBe(days);
    expect(v.breakdown!.remaining_days).toBe(25 - days);
  });

  it("values a sammalöneregeln day at 5.03 % of the monthly salary: 1 509 kr", () => {
    const b = month({}, { days: 5 }).breakdown!;
    expect(b.day_value).toBe(1509);
    expect(b.ore.day_value).toBe(150_900);
    // seven months of 25 / 12 days earned, five taken: 9.5833 days × 1 509 kr = 14 461.25 kr
    expect(b.ore.liability_after).toBe(1_446_125);
  });

  it("pays the days left out when the employment ends in the month (28 §): semesterersättning", () => {
    const v = month({ employmentEnd: "2026-07-31" }, { days: 0 });
    const b = v.breakdown!;
    expect(b.ends_employment).toBe(true);
    expect(b.payout_days_end_of_employment).toBe(b.entitled_days);
    expect(amounts(v.items).vacation_payout).toBe(Math.round(150_900 * b.entitled_days));
    expect(b.ore.liability_after).toBe(0);
  });

  it("pays 12 % of the hourly pay as semesterersättning, no days: 200 kr × 160 h -> 3 840 kr", () => {
    const v = month(
      { salaryType: "hourly", monthlySalaryOre: null, hourlyRateOre: 20_000, vacationRule: "percentage" },
      { hours: 16_000 },
    );
    expect(amounts(v.items)).toEqual({ vacation_pay: 384_000 });
    expect(v.breakdown!.rule).toBe("hourly");
  });

  it("warns and pays nothing by the hour under sammalöneregeln (it needs a monthly salary, 16 a §)", () => {
    const v = month({ salaryType: "hourly", monthlySalaryOre: null, hourlyRateOre: 20_000 }, { hours: 16_000 });
    expect(v.items).toBeUndefined();
    expect(v.warnings).toEqual([expect.stringContaining("sammalöneregeln needs a fixed monthly salary")]);
  });

  it("leaves out an F-skatt holder and a rule of none", () => {
    expect(month({ fSkattStatus: "f_skatt" }, { days: 5 }).items).toBeUndefined();
    expect(month({ vacationRule: "none" }, { days: 5 }).items).toBeUndefined();
  });
});
