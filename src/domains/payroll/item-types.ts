// The kinds of pay a salary run knows, and how each counts:
// - regular: cash pay of the month, taxed by the employee's basis (the monthly table), in the
//   contribution basis, booked to the employee's salary account (7210/7010/7220).
// - one_off: cash pay not tied to the period (bonus, retroactive pay): taxed by the one-off rules
//   (engångsbelopp, SKVFS 2025:21), in the contribution basis, booked like regular pay.
// - benefit: taxable benefits (förmåner): raise the tax and contribution bases, never paid out,
//   so not booked as pay (their cost is booked when the company pays for them); their value is
//   booked in the salary entry on 7381/7382/7385/7389 against 7380 (booking.ts, issue #40).
// - reimbursement: tax-free reimbursements (utlägg, skattefri bilersättning, traktamente): paid
//   out, outside both bases, booked to their expense account.
// - deduction: net deductions (nettolöneavdrag): taken from the net pay, credited to their account.

export type ItemCategory = "regular" | "one_off" | "benefit" | "reimbursement" | "deduction";

interface ItemType {
  category: ItemCategory;
  sv: string;
  /** default account for reimbursements and deductions */
  account?: string;
  /** may the amount be below zero */
  signed?: boolean;
}

export const ITEM_TYPES = {
  monthly_salary: { category: "regular", sv: "Månadslön" },
  hourly_salary: { category: "regular", sv: "Timlön" },
  salary_exchange: { category: "regular", sv: "Löneväxling till pension", signed: true },
  sick_deduction: { category: "regular", sv: "Sjukavdrag", signed: true },
  sick_pay: { category: "regular", sv: "Sjuklön" },
  karens_deduction: { category: "regular", sv: "Karensavdrag", signed: true },
  absence_deduction: { category: "regular", sv: "Frånvaroavdrag", signed: true },
  vacation_supplement: { category: "regular", sv: "Semestertillägg" },
  vacation_pay: { category: "regular", sv: "Semesterlön" },
  vacation_deduction: { category: "regular", sv: "Semesteravdrag", signed: true },
  vacation_payout: { category: "one_off", sv: "Semesterersättning" },
  overtime: { category: "regular", sv: "Övertidsersättning" },
  commission: { category: "regular", sv: "Provision" },
  other_pay: { category: "regular", sv: "Övrig lön", signed: true },
  bonus: { category: "one_off", sv: "Bonus" },
  retroactive_pay: { category: "one_off", sv: "Retroaktiv lön" },
  car_benefit: { category: "benefit", sv: "Bilförmån" },
  meal_benefit: { category: "benefit", sv: "Kostförmån" },
  housing_benefit: { category: "benefit", sv: "Bostadsförmån" },
  other_benefit: { category: "benefit", sv: "Övrig skattepliktig förmån" },
  expense_reimbursement: { category: "reimbursement", sv: "Utlägg", account: "7690" },
  mileage_allowance: { category: "reimbursement", sv: "Skattefri bilersättning", account: "7331" },
  per_diem: { category: "reimbursement", sv: "Skattefritt traktamente", account: "7321" },
  net_deduction: { category: "deduction", sv: "Nettolöneavdrag", account: "2790" },
} as const satisfies Record<string, ItemType>;

export type ItemTypeName = keyof typeof ITEM_TYPES;

/** Rows the calculation writes and rewrites on every calculate. */
export const ENGINE_ITEM_TYPES = [
  "monthly_salary",
  "hourly_salary",
  "salary_exchange",
  "sick_deduction",
  "sick_pay",
  "karens_deduction",
  "absence_deduction",
  "vacation_supplement",
  "vacation_deduction",
  "vacation_pay",
  "vacation_payout",
] as const;

/** Rows a caller adds; they survive every calculate. */
export const MANUAL_ITEM_TYPES = [
  "overtime",
  "commission",
  "other_pay",
  "bonus",
  "retroactive_pay",
  "car_benefit",
  "meal_benefit",
  "housing_benefit",
  "other_benefit",
  "expense_reimbursement",
  "mileage_allowance",
  "per_diem",
  "net_deduction",
] as const;

/**
 * Variable pay that is semesterlönegrundande under procentregeln (semesterlagen 16 b §: "lön och
 * annan ersättning för arbete under intjänandeåret"): the earning year's sum enters the percentage
 * rule's day value on top of the fixed monthly salary. Verksamt.se ("Räkna ut semesterlön för
 * timanställda – procentregeln") counts provision, ob- and skift-tillägg, övertidsersättning and
 * restidsersättning; Säljarnas ("Fast lön och provision, hur blir semesterlönen?") counts provision
 * and övertid and leaves out semesterlön, traktamenten, kostnadsersättningar and förmån av fri bil.
 * - yes: overtime, commission, other_pay (OB, jour and other supplements for work), bonus (treated
 *   as pay for the employee's work performance), retroactive_pay (pay for work of the year);
 * - no: monthly_salary, sick and absence rows, salary_exchange (the fixed part is the monthly
 *   salary × 12 × the qualifying share, which already counts the 17 § qualifying absence in full);
 *   vacation_supplement, vacation_pay, vacation_deduction, vacation_payout (16 b §: semesterlön is
 *   not semesterlönegrundande); hourly_salary (hourly employees get 12 % with each month's pay);
 *   benefits (car_benefit, meal_benefit, housing_benefit, other_benefit: not cash; the Act counts a
 *   benefit in kind only when it is not provided during the vacation, which is not tracked);
 *   reimbursements (expense_reimbursement, mileage_allowance, per_diem: cost compensation, not
 *   pay for work) and net_deduction.
 */
export const VACATION_QUALIFYING_VARIABLE_TYPES = [
  "overtime",
  "commission",
  "other_pay",
  "bonus",
  "retroactive_pay",
] as const satisfies readonly (keyof typeof ITEM_TYPES)[];

export function itemType(name: string): ItemType {
  const t = (ITEM_TYPES as Record<string, ItemType>)[name];
  if (!t) throw new RangeError(`unknown salary item type ${name}`);
  return t;
}

/** BAS salary account of a personnel category. */
export const SALARY_ACCOUNTS = { salaried: "7210", collective: "7010", executive: "7220" } as const;
