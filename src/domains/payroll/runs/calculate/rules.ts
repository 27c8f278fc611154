// One employee's month: pure, no I/O. Composes the Swedish rules of src/sweden/payroll:
// the engine rows (salary, hourly pay, salary exchange), the tax (monthly table, side income,
// decided percentage, SINK, F-skatt; one-off amounts by the one-off rules), the employer
// contributions (by age band, the youth rate and its cap) and the special payroll tax on the
// pension premium bought by salary exchange.
//
// Bases (Skatteverket, "Skatteavdrag" and "Arbetsgivaravgifter"): the taxable pay of the month is
// regular cash pay plus taxable benefits, in whole kronor (öre dropped, the tables have none);
// the contribution basis is all cash pay plus benefits; tax-free reimbursements enter neither.
import Big from "big.js";
import {
  type ContributionPart,
  employerContributions,
  oneOffWithholding,
  regularPayMonthsInYear,
  regularWithholding,
  specialPayrollTaxOnPensionCost,
  type TaxColumn,
  taxColumnFor,
  type WithholdingBasis,
} from "../../../../sweden/payroll";
import { ApiError } from "../../../../errors/api-error";
import { type ENGINE_ITEM_TYPES, ITEM_TYPES, type ItemCategory, itemType } from "../../item-types";
import type { EmployeeRow, LineItemRow, RunEmployeeRow, SalaryRunRow } from "../../rows";
import { effectiveTaxOre, employeeWarnings } from "../rules";

export interface EmployeeTerms {
  firstName: string;
  lastName: string;
  birthDate: string;
  salaryType: "monthly" | "hourly";
  monthlySalaryOre: number | null;
  hourlyRateOre: number | null;
  salaryExchangeOre: number;
  fSkattStatus: "a_skatt" | "side_income" | "decided_percent" | "sink" | "f_skatt";
  taxTableNumber: number | null;
  taxColumn: number | null;
  taxDecidedPercent: string | null;
  taxDecisionReference: string | null;
  /** Last day of the employment (YYYY-MM-DD), null while it runs: the one-off amounts' annual income. */
  employmentEnd?: string | null;
}

export interface ItemIn {
  itemType: string;
  amountOre: number;
}

export interface EngineItem {
  itemType: (typeof ENGINE_ITEM_TYPES)[number];
  description: string;
  amountOre: number;
}

export interface MonthFigures {
  engineItems: EngineItem[];
  grossOre: number;
  benefitsOre: number;
  reimbursementsOre: number;
  deductionsOre: number;
  taxBasisOre: number;
  avgifterBasisOre: number;
  taxOre: number;
  avgifterOre: number;
  contributionParts: ContributionPart[];
  pensionOre: number;
  specialPayrollTaxOre: number;
  breakdown: Record<string, unknown>;
  warnings: string[];
}

export type MonthResult = { ok: true; figures: MonthFigures } | { ok: false; missing: Record<string, unknown> };

/** Net pay from the figures and the tax that applies (the override, if set). */
export function netOre(
  f: { grossOre: number; reimbursementsOre: number; deductionsOre: number },
  taxOre: number,
): number {
  return f.grossOre + f.reimbursementsOre - taxOre - f.deductionsOre;
}

function withholdingBasis(t: EmployeeTerms, column: TaxColumn): WithholdingBasis {
  switch (t.fSkattStatus) {
    case "a_skatt":
      return { method: "table", table: t.taxTableNumber!, column };
    case "side_income":
      return { method: "side_income" };
    case "decided_percent":
      return { method: "decided_percent", percent: t.taxDecidedPercent!, decision: t.taxDecisionReference! };
    case "sink":
      return { method: "sink" };
    case "f_skatt":
      return { method: "f_skatt" };
  }
}

const kronor = (ore: number) => Math.floor(ore / 100);

/** The month's input (calculateMonth). */
export interface MonthIn {
  terms: EmployeeTerms;
  payDate: string;
  hoursHundredths: number | null;
  manualItems: ItemIn[];
  ytdTaxBasisOre: number;
  taxOverrideSet?: boolean;
  /** The month's absence rows (sick deduction, sick pay, karensavdrag, absence deductions) and their breakdown. */
  absence?: { items: EngineItem[]; breakdown: unknown };
  /** The month's vacation rows (semestertillägg, semesterlön, semesteravdrag, semesterersättning) and their breakdown. */
  vacation?: { items: EngineItem[]; breakdown: unknown };
}

/**
 * The month of one employee paid on `payDate`. `hoursHundredths`: hours worked (hourly pay).
 * `ytdTaxBasisOre`: the taxable pay of this payer's earlier runs paid in the same year, for the
 * one-off amounts' annual income. `taxOverrideSet`: the run has a tax_withheld_override for the
 * employee; a one-off amount whose table is not bundled is then left to it instead of refused.
 */
export function calculateMonth(input: MonthIn): MonthResult {
  const { terms: t, payDate } = input;
  const year = Number(payDate.slice(0, 4));
  const warnings: string[] = [];
  const name = `${t.firstName} ${t.lastName}`;

  const engineItems = engineItemsOf(input, name, warnings);
  const sums: Record<ItemCategory, number> = { regular: 0, one_off: 0, benefit: 0, reimbursement: 0, deduction: 0 };
  for (const it of [...engineItems, ...input.manualItems]) sums[itemType(it.itemType).category] += it.amountOre;

  const grossOre = sums.regular + sums.one_off;
  const taxBasisOre = sums.regular + sums.benefit + sums.one_off;
  const avgifterBasisOre = Math.max(0, grossOre + sums.benefit);
  if (grossOre + sums.benefit < 0) warnings.push(`${name}: the pay of the month is below zero`);

  const tax = monthTax(input, year, sums, name, warnings);
  if (!tax.ok) return tax;
  const contributions = monthContributions(t, payDate, avgifterBasisOre, year);
  if (!contributions.ok) return contributions;
  const pension = monthPension(t, year);
  if (!pension.ok) return pension;

  const breakdown = {
    pay_date: payDate,
    f_skatt_status: t.fSkattStatus,
    birth_date: t.birthDate,
    tax_column: tax.column,
    tax_column_source: t.taxColumn ? "employee" : "age",
    tax: tax.breakdown,
    avgifter: {
      basis: avgifterBasisOre / 100,
      parts: contributions.parts.map((p) => ({
        rate: p.rate,
        percent: p.percent,
        basis: p.basisOre / 100,
        amount: p.contributionOre / 100,
      })),
      total: contributions.avgifterOre / 100,
      note: contributions.note,
    },
    special_payroll_tax: pension.rule,
    ...(input.absence ? { absence: input.absence.breakdown } : {}),
    ...(input.vacation ? { vacation: input.vacation.breakdown } : {}),
  };
  return {
    ok: true,
    figures: {
      engineItems,
      grossOre,
      benefitsOre: sums.benefit,
      reimbursementsOre: sums.reimbursement,
      deductionsOre: sums.deduction,
      taxBasisOre,
      avgifterBasisOre,
      taxOre: tax.taxOre,
      avgifterOre: contributions.avgifterOre,
      contributionParts: contributions.parts,
      pensionOre: pension.pensionOre,
      specialPayrollTaxOre: pension.specialPayrollTaxOre,
      breakdown,
      warnings,
    },
  };
}

/** The month's engine rows: the salary (monthly, or hours × the rate), absence, vacation, salary exchange. */
function engineItemsOf(input: MonthIn, name: string, warnings: string[]): EngineItem[] {
  const t = input.terms;
  const engineItems: EngineItem[] = [];
  if (t.salaryType === "monthly" && t.monthlySalaryOre)
    engineItems.push({
      itemType: "monthly_salary",
      description: ITEM_TYPES.monthly_salary.sv,
      amountOre: t.monthlySalaryOre,
    });
  if (t.salaryType === "hourly") {
    const hours = input.hoursHundredths ?? 0;
    if (hours === 0) warnings.push(`${name}: hourly pay without hours in this run`);
    const amount = Number(new Big(t.hourlyRateOre ?? 0).times(hours).div(100).round(0, Big.roundHalfUp).toFixed(0));
    if (amount)
      engineItems.push({
        itemType: "hourly_salary",
        description: `${ITEM_TYPES.hourly_salary.sv} ${new Big(hours).div(100).toString().replace(".", ",")} h`,
        amountOre: amount,
      });
  }
  if (input.absence) engineItems.push(...input.absence.items);
  if (input.vacation) engineItems.push(...input.vacation.items);
  if (t.salaryExchangeOre > 0)
    engineItems.push({
      itemType: "salary_exchange",
      description: ITEM_TYPES.salary_exchange.sv,
      amountOre: -t.salaryExchangeOre,
    });
  return engineItems;
}

type Missing = { ok: false; missing: Record<string, unknown> };

/**
 * The month's tax: the regular pay by the employee's method (column: the employee's own, else from
 * age and kind of pay), and the one-off amounts by the one-off rules, or left to
 * tax_withheld_override when their table is not bundled and the override is set.
 */
function monthTax(input: MonthIn, year: number, sums: Record<ItemCategory, number>, name: string, warnings: string[]) {
  const t = input.terms;
  const regularTaxableOre = sums.regular + sums.benefit;
  const column = (t.taxColumn ?? taxColumnFor(t.birthDate, "salary", year)) as TaxColumn | null;
  if (column === null)
    return { ok: false, missing: { year, reason: "no age limit for the tax columns of the year" } } as Missing;
  const basis = withholdingBasis(t, column);
  const regular = regularWithholding(year, basis, kronor(regularTaxableOre));
  if (!regular.ok)
    return {
      ok: false,
      missing: { year, table: regular.table ?? t.taxTableNumber, missing: regular.missing },
    } as Missing;
  const oneOff = sums.one_off > 0 ? oneOffTax(input, year, basis, column, sums, name, warnings) : null;
  if (oneOff && !oneOff.ok) return oneOff;
  const taxOre = (regular.taxKronor + (oneOff?.taxKronor ?? 0)) * 100;
  const breakdown = {
    regular: { taxable_kronor: kronor(regularTaxableOre), tax: regular.taxKronor, rule: regular.rule },
    one_off: oneOff?.rule ?? null,
    total: taxOre / 100,
  };
  return { ok: true as const, column, taxOre, breakdown };
}

/** The one-off amounts' tax (Skatteverket's one-off rules), from the annual income of the year. */
function oneOffTax(
  input: MonthIn,
  year: number,
  basis: WithholdingBasis,
  column: TaxColumn,
  sums: Record<ItemCategory, number>,
  name: string,
  warnings: string[],
): Missing | { ok: true; taxKronor: number; rule: unknown } {
  const regularTaxableOre = sums.regular + sums.benefit;
  // this month and the rest of the year up to the end of the employment (issue #40)
  const remainingMonths = regularPayMonthsInYear(input.payDate, input.terms.employmentEnd ?? null);
  const annualIncomeKronor =
    kronor(input.ytdTaxBasisOre) + kronor(Math.max(0, regularTaxableOre)) * remainingMonths + kronor(sums.one_off);
  const oneOff = oneOffWithholding(year, basis, {
    amountKronor: kronor(sums.one_off),
    annualIncomeKronor,
    regularSalaryFromThisPayer: regularTaxableOre > 0,
  });
  if (!oneOff.ok && oneOff.missing === "one_off_table" && input.taxOverrideSet) {
    // Skatteverket's one-off table of this column is not bundled: the override is the month's tax.
    warnings.push(
      `${name}: no ${year} one-off table for column ${oneOff.column ?? column} is bundled; the tax is tax_withheld_override`,
    );
    return {
      ok: true,
      taxKronor: 0,
      rule: {
        taxable_kronor: kronor(sums.one_off),
        annual_income_kronor: annualIncomeKronor,
        tax: null,
        missing: { year, column: oneOff.column ?? column, table: "one_off" },
        set_by: "tax_withheld_override",
      },
    };
  }
  if (!oneOff.ok) {
    const col = oneOff.column ?? column;
    return {
      ok: false,
      missing:
        oneOff.missing === "one_off_table"
          ? {
              year,
              column: col,
              missing: oneOff.missing,
              set_by_hand:
                `tax_withheld_override: Skatteverket's ${year} one-off table for column ${col} is not bundled; ` +
                "PATCH the run employee with tax_withheld_override (the month's whole tax, kronor) and calculate again",
            }
          : { year, column: col, missing: oneOff.missing },
    };
  }
  return {
    ok: true,
    taxKronor: oneOff.taxKronor,
    rule: {
      taxable_kronor: kronor(sums.one_off),
      annual_income_kronor: annualIncomeKronor,
      regular_months_counted: remainingMonths,
      tax: oneOff.taxKronor,
      rule: oneOff.rule,
    },
  };
}

/** Employer contributions (none for a contractor with F-skatt: SAL 2 kap. 3 §). */
function monthContributions(t: EmployeeTerms, payDate: string, basisOre: number, year: number) {
  if (t.fSkattStatus === "f_skatt")
    return {
      ok: true as const,
      avgifterOre: 0,
      parts: [] as ContributionPart[],
      note: "f_skatt: no employer contributions" as unknown,
    };
  const c = employerContributions({ birthDate: t.birthDate, payDate, basisOre });
  if (!c.ok) return { ok: false, missing: { year, reason: "no employer contribution rates for the year" } } as Missing;
  return { ok: true as const, avgifterOre: c.totalOre, parts: c.parts, note: null as unknown };
}

/** The pension premium bought by salary exchange and the special payroll tax on it. */
function monthPension(t: EmployeeTerms, year: number) {
  const pensionOre = Math.max(0, t.salaryExchangeOre);
  if (pensionOre <= 0) return { ok: true as const, pensionOre, specialPayrollTaxOre: 0, rule: null as unknown };
  const slp = specialPayrollTaxOnPensionCost(year, pensionOre);
  if (!slp.ok) return { ok: false, missing: { year, reason: "no special payroll tax rate for the year" } } as Missing;
  return {
    ok: true as const,
    pensionOre,
    specialPayrollTaxOre: slp.taxOre,
    rule: { pension_premium: pensionOre / 100, percent: slp.percent, tax: slp.taxOre / 100 } as unknown,
  };
}

/**
 * The taxable pay of the year before this run, per employee (the one-off amounts' annual income):
 * the earlier runs' (`earlier`) and, in the year of a mid-year cutover, the opening balance's
 * gross pay and benefits.
 */
export function annualIncomeBefore(
  earlier: Map<string, number>,
  openings: Map<string, { year: number; ytdGrossOre: number; ytdBenefitsOre: number }>,
  year: number,
): Map<string, number> {
  const out = new Map(earlier);
  for (const [id, o] of openings)
    if (o.year === year) out.set(id, (out.get(id) ?? 0) + o.ytdGrossOre + o.ytdBenefitsOre);
  return out;
}

/** What calculate decides from: the run, its employees, their manual rows and the month's absence and vacation. */
export interface CalculateIn {
  run: SalaryRunRow;
  members: RunEmployeeRow[];
  people: Map<string, EmployeeRow>;
  manual: LineItemRow[];
  /** each employee's taxable pay of the year before this run (annualIncomeBefore) */
  earlier: Map<string, number>;
  absence: Map<string, { items: EngineItem[]; breakdown: unknown }>;
  vacation: Map<string, { items: EngineItem[]; breakdown: unknown }>;
  /** the warnings of the absence and vacation rules, first on the run */
  warnings: string[];
  now: string;
}

/**
 * Each run employee's month (calculateMonth) as the row calculate writes, the engine's rows of the
 * month per run employee, and the run's warnings. An employee without a tax table or rates for the
 * year refuses the whole run: SALARY_RUN_TAX_TABLE_MISSING, nothing calculated.
 */
export function calculateEmployees(i: CalculateIn) {
  const { run } = i;
  const manualOf = new Map<string, LineItemRow[]>();
  for (const it of i.manual)
    manualOf.set(it.salaryRunEmployeeId, [...(manualOf.get(it.salaryRunEmployeeId) ?? []), it]);
  const warnings = [...i.warnings];
  const missing: Record<string, unknown>[] = [];
  const updated: RunEmployeeRow[] = [];
  const engineItems: (EngineItem & { salaryRunEmployeeId: string })[] = [];
  for (const m of i.members) {
    const e = i.people.get(m.employeeId)!;
    const result = calculateMonth({
      terms: e,
      payDate: run.paymentDate,
      hoursHundredths: m.hoursHundredths,
      manualItems: (manualOf.get(m.id) ?? []).map((it) => ({ itemType: it.itemType, amountOre: it.amountOre })),
      ytdTaxBasisOre: i.earlier.get(e.id) ?? 0,
      taxOverrideSet: m.taxOverrideOre !== null,
      absence: i.absence.get(m.id),
      vacation: i.vacation.get(m.id),
    });
    if (!result.ok) {
      missing.push({ employee_id: e.id, ...result.missing });
      continue;
    }
    const row = calculatedRow(m, result.figures, i.now);
    if (row.netOre < 0)
      warnings.push(`${e.firstName} ${e.lastName}: net pay is below zero; approve will refuse the run`);
    updated.push(row);
    warnings.push(...result.figures.warnings, ...employeeWarnings(e, run, m));
    for (const it of result.figures.engineItems) engineItems.push({ salaryRunEmployeeId: m.id, ...it });
  }
  if (missing.length)
    throw new ApiError(
      "SALARY_RUN_TAX_TABLE_MISSING",
      { payment_date: run.paymentDate, employees: missing.slice(0, 50) },
      `No tax table or rates for ${run.paymentDate.slice(0, 4)} for ${missing.length} employee(s); nothing was calculated.`,
    );
  return { updated, engineItems, warnings };
}

/** A run employee with the month's figures, its net pay by the tax that applies (the override, if set). */
function calculatedRow(m: RunEmployeeRow, f: MonthFigures, now: string): RunEmployeeRow {
  const row: RunEmployeeRow = {
    ...m,
    grossOre: f.grossOre,
    benefitsOre: f.benefitsOre,
    reimbursementsOre: f.reimbursementsOre,
    deductionsOre: f.deductionsOre,
    taxBasisOre: f.taxBasisOre,
    avgifterBasisOre: f.avgifterBasisOre,
    taxCalculatedOre: f.taxOre,
    avgifterCalculatedOre: f.avgifterOre,
    pensionOre: f.pensionOre,
    specialPayrollTaxOre: f.specialPayrollTaxOre,
    netOre: 0,
    breakdown: f.breakdown,
    updatedAt: now,
  };
  row.netOre = netOre(row, effectiveTaxOre(row));
  return row;
}
