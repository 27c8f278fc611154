// One monthly-paid employee's run under the April–March year (src/domains/payroll/vacation/april-march.ts,
// shiftedVacationOfMember), pure, against semesterlagen as the code computes it: at the first run of a
// vacation year the earning year before it gives its paid days (7 §: 25 for a whole year) valued at
// the vacation year's day value (sammalöneregeln: 5.03 % of the monthly salary, 1 509 kr of 30 000 kr),
// and the earning year in progress earns 25 / 12 days a month at its own day value.
import { describe, expect, it } from "vitest";
import type { EmployeeRow, SalaryRunRow } from "../../src/domains/payroll/rows";
import { shiftedVacationOfMember } from "../../src/domains/payroll/vacation/april-march";

const e = {
  firstName: "Anna",
  lastName: "Berg",
  birthDate: "1985-03-12",
  employmentStart: "2020-01-01",
  employmentEnd: null,
  monthlySalaryOre: 3_000_000,
  vacationDaysPerYear: 25,
} as unknown as EmployeeRow;
const run = { periodYear: 2026, periodMonth: 4, paymentDate: "2026-04-24" } as SalaryRunRow;

const member = (o: { rule?: "same_salary" | "percentage"; days?: number; completed?: number; ends?: boolean } = {}) =>
  shiftedVacationOfMember({
    e: { ...e, employmentEnd: o.ends ? "2026-04-30" : null } as EmployeeRow,
    rule: o.rule ?? "same_salary",
    run,
    prev: undefined,
    cutover: null,
    absence: [],
    variable: { completed: o.completed ?? 0, inProgress: 0, thisRun: 0 },
    vacationDays: o.days ?? 0,
    endsThisMonth: o.ends ?? false,
  });

describe("the April–March year's first run (shiftedVacationOfMember)", () => {
  it("opens the vacation year 2026/27 with the 25 days of the earning year 2025/26", () => {
    const b = member().breakdown;
    expect(b).toMatchObject({
      carried_from: "new",
      paid_days_of_year: 25,
      entitled_days: 25,
      vacation_year_label: "2026/27",
    });
    expect(b.day_value).toBe(1509);
    // 25 days × 1 509 kr + 25 / 12 days earned in April × 1 509 kr = 37 725 + 3 143.75
    expect(b.ore.liability_after).toBe(4_086_875);
  });

  it.each([
    // rule, days taken, variable pay of the completed earning year (öre), rows (öre)
    ["same_salary", 5, 0, { vacation_supplement: 64_500 }], // 30 000 × 0.43 % × 5
    // (360 000 + 12 000) × 12 % / 25 = 1 785.60 a day; 4.6 % of 30 000 = 1 380 deducted a day
    ["percentage", 5, 1_200_000, { vacation_deduction: -690_000, vacation_pay: 892_800 }],
  ] as const)("%s, %i day(s), variable %i: %o", (rule, days, completed, rows) => {
    const v = member({ rule, days, completed });
    expect(Object.fromEntries(v.items.map((i) => [i.itemType, i.amountOre]))).toEqual(rows);
    expect(v.breakdown.remaining_days).toBe(25 - days);
  });

  it("pays out at the employment's end the year's days and those the earning year gave (28 §)", () => {
    const v = member({ ends: true });
    const payout = v.items.find((i) => i.itemType === "vacation_payout")!;
    expect(v.breakdown.ore.liability_after).toBe(0);
    expect(v.breakdown.payout_days_end_of_employment).toBe(v.breakdown.payout_days);
    expect(payout.amountOre).toBe(Math.round(150_900 * v.breakdown.payout_days));
  });
});
