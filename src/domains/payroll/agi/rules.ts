// The AGI's decisions, pure (no I/O): whether a run may be declared, who is declared and in which
// order, the stable specification numbers (fältkod 570) and each employee's month as the file
// declares it (src/sweden/payroll/agi.ts builds the XML).
import { ApiError } from "../../../errors/api-error";
import type { AgiEmployeeMonth } from "../../../sweden/payroll";
import type { AgiRow, EmployeeRow, LineItemRow, RunEmployeeRow, SalaryRunRow } from "../rows";
import { byEmployeeName } from "../employees/rules";
import { contributionPartsOf, effectiveTaxOre } from "../runs/rules";

export interface AgiContact {
  name: string;
  phone: string;
  email: string;
}

/**
 * The refusals before anything is gathered, in this order: the run not booked, the AGI submitted
 * (a submission reference recorded), the company without an organisation number, no contact person
 * (the body's, else the company's settings.payroll_contact). Returns the contact.
 */
export function agiContactOrRefusal(
  run: SalaryRunRow,
  existing: AgiRow | undefined,
  orgNumber: string | null,
  contact: AgiContact | null,
): AgiContact {
  if (run.status !== "booked")
    throw new ApiError(
      "CONFLICT",
      { status: run.status, required_status: "booked" },
      `The AGI is generated from a booked salary run; this run is ${run.status}.`,
    );
  if (existing?.submissionReference)
    throw new ApiError(
      "CONFLICT",
      { agi_id: existing.id, submission_reference: existing.submissionReference },
      "The AGI of this run has been submitted (a submission reference is recorded); it is not generated again.",
    );
  if (!orgNumber)
    throw new ApiError(
      "CONFLICT",
      { company: "org_number_missing" },
      "The company has no organisation number; the AGI needs the employer's identity.",
    );
  // Kontaktperson: the request's, else the company's settings; the file cannot go without one.
  if (!contact)
    throw new ApiError(
      "AGI_CONTACT_MISSING",
      { body: "contact", settings: "payroll_contact" },
      "The AGI needs a contact person: set the company's settings.payroll_contact or send contact in the body.",
    );
  return contact;
}

/** The tax status the run calculated with (its breakdown), else the employee's. */
function statusOf(m: RunEmployeeRow, people: Map<string, EmployeeRow>) {
  return (m.breakdown?.f_skatt_status as string | undefined) ?? people.get(m.employeeId)!.fSkattStatus;
}

/** The run employees the AGI declares, by last name, first name and id: a holder of F-skatt is not declared. */
export function declaredMembers(members: RunEmployeeRow[], people: Map<string, EmployeeRow>) {
  return members.filter((m) => statusOf(m, people) !== "f_skatt").sort(byEmployeeName(people));
}

/** Specification numbers: kept per employee; a newcomer gets the next free number, in the declared order. */
export function specificationNumbers(known: { employeeId: string; number: number }[], declared: RunEmployeeRow[]) {
  const numberOf = new Map(known.map((k) => [k.employeeId, k.number]));
  let next = known.reduce((max, k) => Math.max(max, k.number), 0);
  const added: { employeeId: string; number: number }[] = [];
  for (const m of declared) {
    if (numberOf.has(m.employeeId)) continue;
    next += 1;
    numberOf.set(m.employeeId, next);
    added.push({ employeeId: m.employeeId, number: next });
  }
  return { numberOf, added };
}

/** One declared employee's month: cash pay, benefits by kind, tax, the boxes; `payeeId` the personnummer. */
export function agiEmployeeMonth(
  m: RunEmployeeRow,
  status: string,
  own: LineItemRow[],
  payeeId: string,
  specificationNumber: number,
): AgiEmployeeMonth {
  const sum = (...types: string[]) =>
    own.filter((i) => types.includes(i.itemType)).reduce((s, i) => s + i.amountOre, 0);
  const parts = contributionPartsOf(m.breakdown);
  return {
    payeeId,
    specificationNumber,
    contributionLiable: !(parts.length > 0 && parts.every((p) => p.rate === "exempt")),
    sink: status === "sink",
    cashPayOre: m.grossOre,
    carBenefitOre: sum("car_benefit"),
    mealBenefitOre: sum("meal_benefit"),
    otherBenefitsOre: sum("housing_benefit", "other_benefit"),
    taxOre: effectiveTaxOre(m),
    mileageAllowance: own.some((i) => i.itemType === "mileage_allowance"),
    perDiem: own.some((i) => i.itemType === "per_diem"),
  };
}

const DECLARED_AMOUNTS = ["cashPayOre", "carBenefitOre", "mealBenefitOre", "otherBenefitsOre", "taxOre"] as const;

/**
 * Each declared employee's month, in the declared order. An amount the AGI cannot declare (below
 * zero) refuses the file: CONFLICT with every employee's fields (cash_pay, car_benefit, ...).
 */
export function agiEmployeeMonths(
  declared: RunEmployeeRow[],
  people: Map<string, EmployeeRow>,
  items: LineItemRow[],
  payeeIds: Map<string, string>,
  numberOf: Map<string, number>,
): AgiEmployeeMonth[] {
  const problems: { employee_id: string; name: string; fields: string[] }[] = [];
  const months = declared.map((m) => {
    const e = people.get(m.employeeId)!;
    const own = items.filter((i) => i.salaryRunEmployeeId === m.id);
    const month = agiEmployeeMonth(m, statusOf(m, people), own, payeeIds.get(e.id)!, numberOf.get(m.employeeId)!);
    const negative = DECLARED_AMOUNTS.filter((k) => month[k] < 0);
    if (negative.length)
      problems.push({
        employee_id: e.id,
        name: `${e.firstName} ${e.lastName}`,
        fields: negative.map((k) => k.replace(/Ore$/, "").replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)),
      });
    return month;
  });
  if (problems.length)
    throw new ApiError(
      "CONFLICT",
      { employees: problems },
      "An AGI field cannot be negative; correct the run before declaring it.",
    );
  return months;
}
