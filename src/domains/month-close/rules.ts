// The month's (or fiscal year's) close as a decision on facts (pure, no I/O): every blocker with
// what it is, how many, and the links to the records; ready when there is none.

export interface CloseFacts {
  companyId: string;
  /** the range judged: a month, or the fiscal year */
  scope: { kind: "month" | "fiscal_year"; label: string; from: string; to: string };
  fiscalPeriodId: string;
  today: string;
  unbookedRows: { id: string; date: string; amountOre: number; currency: string; description: string }[];
  reconciliation: { account_key: string; kind: string; state: string; signed_off: boolean }[];
  awaitingApproval: { id: string; supplierName: string; number: string; invoiceDate: string }[];
  drafts: number;
  gaps: { voucher_series: string; gap_start: number; gap_end: number }[];
  missingVatReturns: { start: string; end: string }[];
  runsWithoutAgi: { id: string; paymentDate: string }[];
  unbookedPayments: { id: string; batchId: string; date: string }[];
}

export interface Blocker {
  code: string;
  message: string;
  count: number;
  links: string[];
  details?: Record<string, unknown>;
}

const TAX_ACCOUNT = "skattekonto";

/** At most this many links per blocker; `count` tells how many there are. */
export const MAX_LINKS = 20;

export function closeDecision(f: CloseFacts): { ready: boolean; blockers: Blocker[] } {
  const base = `/api/v1/companies/${f.companyId}`;
  const blockers: Blocker[] = [];
  const add = (code: string, message: string, count: number, links: string[], details?: Record<string, unknown>) => {
    if (count > 0)
      blockers.push({ code, message, count, links: links.slice(0, MAX_LINKS), ...(details && { details }) });
  };
  add(
    f.scope.kind === "month" ? "month_not_ended" : "fiscal_year_not_ended",
    `${f.scope.label} ends on ${f.scope.to}; it can be closed from the day after.`,
    f.today <= f.scope.to ? 1 : 0,
    [],
  );
  add(
    "unbooked_bank_rows",
    "Bank rows of the range are neither booked, matched nor ignored.",
    f.unbookedRows.length,
    f.unbookedRows.map((r) => `${base}/transactions/${r.id}`),
  );
  const accounts = f.reconciliation.filter((a) => a.kind !== TAX_ACCOUNT);
  const tax = f.reconciliation.filter((a) => a.kind === TAX_ACCOUNT);
  const notReconciled = accounts.filter((a) => a.state === "open");
  add(
    "account_not_reconciled",
    "Accounts to reconcile have an unexplained difference or open items through the range's end.",
    notReconciled.length,
    notReconciled.map((a) => `${base}/reconciliation/accounts/${a.account_key}`),
  );
  const notSigned = accounts.filter((a) => a.state !== "not_configured" && !a.signed_off);
  add(
    "account_not_signed_off",
    "Accounts to reconcile have no sign-off through the range's end that still stands.",
    notSigned.length,
    notSigned.map((a) => `${base}/reconciliation/accounts/${a.account_key}/signoff`),
  );
  const taxOpen = tax.filter((a) => a.state === "open" || (a.state !== "not_configured" && !a.signed_off));
  add(
    "tax_account_not_reconciled",
    "The tax account (skattekonto, 1630) is not reconciled and signed off through the range's end.",
    taxOpen.length,
    taxOpen.map((a) => `${base}/reconciliation/accounts/${a.account_key}`),
  );
  add(
    "supplier_invoices_awaiting_approval",
    "Supplier invoices dated in or before the range wait for approval.",
    f.awaitingApproval.length,
    f.awaitingApproval.map((i) => `${base}/supplier-invoices/${i.id}`),
  );
  add(
    "payments_not_booked",
    "Payments of batches executed in or before the range are not booked (no camt.054 or camt.053 yet).",
    f.unbookedPayments.length,
    [...new Set(f.unbookedPayments.map((p) => `${base}/payment-batches/${p.batchId}`))],
  );
  add("draft_entries", "Draft journal entries are dated in the fiscal year up to the range's end.", f.drafts, [
    `${base}/journal-entries?status=draft`,
  ]);
  add(
    "voucher_gaps",
    "The fiscal year's voucher numbers have unexplained gaps (BFL 5 kap 7 §).",
    f.gaps.length,
    [
      `${base}/compliance/check?type=voucher_gaps&fiscal_period_id=${f.fiscalPeriodId}`,
      `${base}/voucher-gap-explanations`,
    ],
    { gaps: f.gaps },
  );
  add(
    "vat_return_missing",
    "VAT periods that ended by the range's end have no VAT return.",
    f.missingVatReturns.length,
    [`${base}/vat-returns`],
    { periods: f.missingVatReturns },
  );
  add(
    "agi_missing",
    "Salary runs paid in the range have no AGI (arbetsgivardeklaration).",
    f.runsWithoutAgi.length,
    f.runsWithoutAgi.map((r) => `${base}/salary-runs/${r.id}/agi`),
  );
  return { ready: blockers.length === 0, blockers };
}

/** The first and last day of a month YYYY-MM. */
export function monthRange(month: string): { from: string; to: string } {
  const [y, m] = month.split("-").map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, "0")}` };
}

/** The month before the one `today` falls in, YYYY-MM. */
export function previousMonth(today: string): string {
  const d = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 2, 1));
  return d.toISOString().slice(0, 7);
}
