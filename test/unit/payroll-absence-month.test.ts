// A run's month of absence (src/domains/payroll/absence/rules.ts, absenceOfRun), pure: the engine
// rows calculate adds from the absence days the run read. Figures as test/unit/payroll-absence.test.ts
// computes them by hand for a monthly salary of 36 500 kr: a day 1 200 kr (× 12 / 365), sick pay
// 80 % of the lost days 1–14, karensavdrag 1 347.69 kr (20 % of a week's sick pay).
import { describe, expect, it } from "vitest";
import { absenceOfRun } from "../../src/domains/payroll/absence/rules";
import type { AbsenceRow, EmployeeRow, RunEmployeeRow, SalaryRunRow } from "../../src/domains/payroll/rows";

const run = { periodYear: 2026, periodMonth: 3 } as SalaryRunRow;
const member = { id: "m1", employeeId: "e1" } as RunEmployeeRow;
const employee = {
  id: "e1",
  firstName: "Anna",
  lastName: "Berg",
  salaryType: "monthly",
  monthlySalaryOre: 3_650_000,
} as EmployeeRow;

const days = (from: string, to: string, type = "sick", hours: number | null = null): AbsenceRow[] => {
  const out: AbsenceRow[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    out.push({
      employeeId: "e1",
      absenceDate: new Date(t).toISOString().slice(0, 10),
      absenceType: type,
      hoursHundredths: hours,
    } as AbsenceRow);
  return out;
};

function month(rows: AbsenceRow[], e: Partial<EmployeeRow> = {}) {
  const out = absenceOfRun(run, [member], new Map([["e1", { ...employee, ...e }]]), rows);
  const items = out.byMember.get("m1")?.items ?? [];
  return { ...out, rows: items.map((i) => [i.itemType, i.description, i.amountOre]) };
}

describe("a month's absence as engine rows (absenceOfRun)", () => {
  it.each([
    [
      "a sick week with karens: 7 days deducted, 80 % paid, one karensavdrag",
      days("2026-03-02", "2026-03-08"),
      [
        ["sick_deduction", "Sjukavdrag 7 d", -840_000],
        ["sick_pay", "Sjuklön dag 1–14, 80 %", 672_000],
        ["karens_deduction", "Karensavdrag", -134_769],
      ],
    ],
    [
      "two days of leave without pay: 2 × 1 200 kr",
      days("2026-03-16", "2026-03-17", "leave_without_pay"),
      [["absence_deduction", "Frånvaroavdrag tjänstledighet utan lön 2 d", -240_000]],
    ],
  ])("%s", (_what, rows, expected) => {
    const m = month(rows);
    expect(m.rows).toEqual(expected);
    expect(m.linked).toEqual([member]);
  });

  it("links but does not count the absence of pay by the hour, with a warning", () => {
    const m = month(days("2026-03-02", "2026-03-03"), { salaryType: "hourly", monthlySalaryOre: null });
    expect(m.rows).toEqual([]);
    expect(m.linked).toEqual([member]);
    expect(m.warnings).toEqual([expect.stringContaining("sick pay for hourly pay is not calculated")]);
  });

  it("leaves alone an employee whose days all lie before the month (the look-back)", () => {
    const m = month(days("2026-02-20", "2026-02-21"));
    expect(m.linked).toEqual([]);
    expect(m.byMember.size).toBe(0);
  });
});
