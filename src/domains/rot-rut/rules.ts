// The ROT/RUT claim's decision (pure, no I/O): which of the paid invoices' deductions can be
// claimed, as Skatteverket's cases, or the rules they fail with the request's field paths.
import { type ClaimCase, claimCasesForPaidInvoice, type DeductionType, type RuleViolation } from "../../sweden/rot-rut";

type PaidInvoice = NonNullable<Parameters<typeof claimCasesForPaidInvoice>[0]>;

/** One invoice as the claim reads it: its row, its last payment's date, its paid deduction. */
export interface ClaimInvoice {
  id: string;
  /** the request's field the invoice came from: invoice_ids[i], or year */
  path: string;
  row: { id: string; invoiceNumber: string | null; isCreditNote: boolean; status: string };
  lastPaymentDate: string | null;
  paid: PaidInvoice | null;
}

export interface ClaimCaseOf {
  type: DeductionType;
  claim: ClaimCase;
  invoiceId: string;
}

/**
 * The cases to claim, per invoice and type: the invoice has a deduction of the type, is paid
 * (7 § HUSFL: Skatteverket pays only after the buyer has paid), its type is not claimed yet
 * (`taken`: "invoice/type" -> the claim), and its cases pass claimCasesForPaidInvoice.
 */
export function claimCases(
  invoices: ClaimInvoice[],
  types: DeductionType[],
  taken: Map<string, string>,
): { violations: RuleViolation[]; cases: ClaimCaseOf[] } {
  const violations: RuleViolation[] = [];
  const cases: ClaimCaseOf[] = [];
  for (const { id, path, row, lastPaymentDate, paid } of invoices) {
    if (!paid || row.isCreditNote) {
      violations.push({ path, message: `${row.invoiceNumber ?? row.id}: the invoice has no ROT or RUT deduction` });
      continue;
    }
    if (row.status !== "paid" || !lastPaymentDate) {
      violations.push({
        path,
        message: `${row.invoiceNumber ?? row.id}: not paid; Skatteverket pays only after the buyer has paid (7 § HUSFL)`,
      });
      continue;
    }
    let any = false;
    for (const type of types) {
      if (paid.deduction.deductionOre[type] <= 0) continue;
      any = true;
      const claimedIn = taken.get(`${id}/${type}`);
      if (claimedIn !== undefined) {
        const message = `${row.invoiceNumber}: its ${type.toUpperCase()} deduction is already in claim ${claimedIn}`;
        violations.push({ path, message });
        continue;
      }
      const r = claimCasesForPaidInvoice(paid, type);
      if (!r.ok) violations.push(...r.violations.map((v) => ({ ...v, path })));
      else cases.push(...r.value.map((claim) => ({ type, claim, invoiceId: id })));
    }
    if (!any)
      violations.push({
        path,
        message: `${row.invoiceNumber}: nothing to claim of ${types.map((t) => t.toUpperCase()).join(" or ")}`,
      });
  }
  return { violations, cases };
}
