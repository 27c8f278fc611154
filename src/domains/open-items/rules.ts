// Pure decisions on open items, the same for receivables and payables: no I/O.

/** What the status after a reversed payment is decided from. */
export interface WithoutPayment {
  status: string;
  dueDate: string;
  /** what is still owed once the payment no longer counts, after credits (and a deduction) */
  outstandingOre: number;
  /** what the other payments still pay */
  paidOre: number;
  /** the statuses a reversal leaves as they are (credited; a disputed supplier invoice) */
  keep: readonly string[];
  /** the status of an item nothing pays: sent, approved, registered */
  unpaid: string;
}

/**
 * The status once a payment no longer counts: a kept status stays; paid while credits
 * and the other payments still cover it; else overdue past the due date, partially paid
 * while other payments remain, the unpaid status when none do.
 */
export function statusWithoutPayment(w: WithoutPayment, today: string): string {
  if (w.keep.includes(w.status)) return w.status;
  if (w.outstandingOre <= 0) return "paid";
  if (w.dueDate < today) return "overdue";
  return w.paidOre > 0 ? "partially_paid" : w.unpaid;
}
