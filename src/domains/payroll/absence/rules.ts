// Absence days: their calendar (ranges, months) and what a month's days do to a run employee's pay
// (the rules are src/sweden/payroll/absence.ts). Pure, no I/O.
import { ApiError, fieldError } from "../../../errors/api-error";
import { fromOre } from "../../../money";
import { ABSENCE_TYPE_SV, type AbsenceDay, absenceEffects, type AbsenceType } from "../../../sweden/payroll";
import { ITEM_TYPES } from "../item-types";
import type { AbsenceRow, EmployeeRow, RunEmployeeRow, SalaryRunRow } from "../rows";
import type { EngineItem } from "../runs/calculate/rules";

export const ABSENCE_MAX_RANGE_DAYS = 92;

export const DAY = 86_400_000;
export const toDay = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
export const fromDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** Inclusive number of calendar days from `from` to `to`. */
export const daysInRange = (from: string, to: string) => Math.round((toDay(to) - toDay(from)) / DAY) + 1;
export const lastDayOfMonth = (y: number, m: number) => fromDay(Date.UTC(y, m, 0));

export function assertAbsenceRange(from: string, to: string, field: string) {
  if (to < from) throw fieldError(field, "the end is before the start");
  const days = daysInRange(from, to);
  if (days > ABSENCE_MAX_RANGE_DAYS)
    throw new ApiError("ABSENCE_RANGE_TOO_LARGE", { from, to, days, max_days: ABSENCE_MAX_RANGE_DAYS });
}

/** A run's month: its first and last day, and the first day of the 92 days before it (the sick periods). */
export function absenceMonthOf(run: SalaryRunRow) {
  const from = `${run.periodYear}-${String(run.periodMonth).padStart(2, "0")}-01`;
  return {
    from,
    to: lastDayOfMonth(run.periodYear, run.periodMonth),
    lookBack: fromDay(toDay(from) - ABSENCE_MAX_RANGE_DAYS * DAY),
  };
}

export interface MemberAbsence {
  items: EngineItem[];
  breakdown: unknown;
}

/**
 * The absence of the run's month for each employee of the run, from `rows` (their days from the
 * look-back to the month's end): the engine rows and breakdown of each monthly-salaried employee
 * with absence in the month, warnings, and the run employees whose days calculate links (`linked`:
 * everyone with a day in the month, paid by the hour too).
 */
export function absenceOfRun(
  run: SalaryRunRow,
  members: RunEmployeeRow[],
  people: Map<string, EmployeeRow>,
  rows: AbsenceRow[],
) {
  const { from, to } = absenceMonthOf(run);
  const byEmployee = new Map<string, AbsenceRow[]>();
  for (const r of rows) byEmployee.set(r.employeeId, [...(byEmployee.get(r.employeeId) ?? []), r]);
  const byMember = new Map<string, MemberAbsence>();
  const warnings: string[] = [];
  const linked: RunEmployeeRow[] = [];
  for (const m of members) {
    const own = byEmployee.get(m.employeeId) ?? [];
    if (!own.some((r) => r.absenceDate >= from)) continue;
    const e = people.get(m.employeeId)!;
    linked.push(m);
    if (e.salaryType !== "monthly" || !e.monthlySalaryOre) {
      warnings.push(
        `${e.firstName} ${e.lastName}: absence is recorded, but pay by the hour follows the ` +
          `hours given; sick pay for hourly pay is not calculated (add it as other_pay)`,
      );
      continue;
    }
    const month = absenceOfMonth(e.monthlySalaryOre, own, from, to);
    for (const n of month.notices) warnings.push(`${e.firstName} ${e.lastName}: ${n}`);
    byMember.set(m.id, { items: month.items, breakdown: month.breakdown });
  }
  return { byMember, warnings, linked };
}

/** "2 d 3,5 h": a count of days and hours as the payslip's rows name it. */
function countText(c: { days: number; hours: number } | undefined) {
  return [c?.days ? `${c.days} d` : "", c?.hours ? `${String(c.hours).replace(".", ",")} h` : ""]
    .filter(Boolean)
    .join(" ");
}

/**
 * One monthly-salaried employee's month of absence (`own`: the days from the look-back on, the sick
 * periods reaching back): sjuklöneavdrag, sjuklön days 1–14 at 80 %, karensavdrag and the other
 * absence deductions as engine rows, with the breakdown and the notices.
 */
export function absenceOfMonth(monthlyOre: number, own: AbsenceRow[], from: string, to: string) {
  const days: AbsenceDay[] = own.map((r) => ({
    date: r.absenceDate,
    type: r.absenceType as AbsenceType,
    hoursHundredths: r.hoursHundredths,
  }));
  const fx = absenceEffects({ monthlyOre, from, to, days });
  const items: EngineItem[] = [];
  if (fx.sickDeductionOre)
    items.push({
      itemType: "sick_deduction",
      description: `${ITEM_TYPES.sick_deduction.sv} ${countText(fx.counts.sick)}`,
      amountOre: -fx.sickDeductionOre,
    });
  if (fx.sickPayOre)
    items.push({
      itemType: "sick_pay",
      description: `${ITEM_TYPES.sick_pay.sv} dag 1–14, 80 %`,
      amountOre: fx.sickPayOre,
    });
  if (fx.karensOre)
    items.push({ itemType: "karens_deduction", description: ITEM_TYPES.karens_deduction.sv, amountOre: -fx.karensOre });
  for (const [type, ore] of Object.entries(fx.deductionsOre) as [AbsenceType, number][]) {
    items.push({
      itemType: "absence_deduction",
      description: `${ITEM_TYPES.absence_deduction.sv} ${ABSENCE_TYPE_SV[type]} ${countText(fx.counts[type])}`,
      amountOre: -ore,
    });
  }
  const breakdown = {
    counts: fx.counts,
    rules: {
      day: "monthly salary × 12 / 365",
      hour: "monthly salary × 12 / (52 × 40)",
      sick_pay: "80 % of lost pay, days 1–14",
      karens: "20 % of a week's sick pay (80 % × monthly × 12 / 52)",
    },
    sick_deduction: fromOre(fx.sickDeductionOre),
    sick_pay: fromOre(fx.sickPayOre),
    karens: fromOre(fx.karensOre),
    deductions: Object.fromEntries(Object.entries(fx.deductionsOre).map(([t, o]) => [t, fromOre(o)])),
    sick_periods: fx.sickPeriods,
    notices: fx.notices,
  };
  return { items, breakdown, notices: fx.notices };
}
