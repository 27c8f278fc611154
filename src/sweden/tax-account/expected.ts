// The charges the books predict on the skattekonto before Skatteverket's statement shows them:
// a VAT settlement booked to 2650 (momsomföringen) is charged (or refunded) on the VAT
// deadline of its period; a booked salary run's withheld tax (2710) and employer contributions
// (2731) are charged with the employer declaration of the pay month, due the 12th of the next
// month (the 17th in January and August; ../tax-deadlines.ts, SFL 62 kap. 3 §). A charge is
// met when a statement row of its kind and amount arrives on or after the booking: the
// declaration is in whole kronor, so an amount within one krona of the booked one meets it.
import { classifyTaxAccountText } from "./rules";

export interface ExpectedCharge {
  kind: "vat" | "employer_contributions" | "withheld_tax";
  source: "vat_settlement" | "salary_run";
  /** the settlement entry's or the salary run's id */
  reference: string;
  /** the VAT period ("2026-Q1", "2026-03") or the pay month ("2026-03") */
  period: string;
  /** the day the booking was made (the settlement entry's date, the run's payment date) */
  bookedOn: string;
  due_date: string;
  /** as the statement will show it: a charge negative, a refund positive */
  amountOre: number;
}

export interface StatementRow {
  id: string;
  date: string;
  description: string;
  amountOre: number;
}

/** Within this of the booked amount a row meets the charge (Skatteverket charges whole kronor). */
const TOLERANCE_ORE = 100;

/**
 * The charges no statement row has met, oldest due first. Each row meets at most one charge:
 * the earliest due charge of its kind whose amount it carries and that was booked by its date.
 */
export function unmetExpectedCharges(expected: ExpectedCharge[], rows: StatementRow[]): ExpectedCharge[] {
  const byDue = [...expected].sort((a, b) => (a.due_date === b.due_date ? 0 : a.due_date < b.due_date ? -1 : 1));
  const free = rows.map((r) => ({ ...r, kind: classifyTaxAccountText(r.description).kind }));
  const used = new Set<string>();
  return byDue.filter((c) => {
    const row = free.find(
      (r) =>
        !used.has(r.id) &&
        r.kind === c.kind &&
        r.date >= c.bookedOn &&
        Math.abs(r.amountOre - c.amountOre) < TOLERANCE_ORE,
    );
    if (row) used.add(row.id);
    return !row;
  });
}
