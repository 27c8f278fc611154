// The payment batches' pure decisions: a batch's status from its lines, the proposal left after
// the invoices already in a batch. No I/O.

export type LineStatus = "pending" | "accepted" | "rejected" | "booked";
export type BatchStatus = "created" | "reported" | "partially_booked" | "settled" | "rejected";

/**
 * A batch's status from its lines: rejected when the bank refused every payment; settled when
 * each is booked or rejected (and one at least booked); partially_booked when some are booked;
 * reported when the bank's status report reached a line; else created.
 */
export function batchStatusOf(lines: { status: LineStatus }[]): BatchStatus {
  const n = (s: LineStatus) => lines.filter((l) => l.status === s).length;
  if (lines.length && n("rejected") === lines.length) return "rejected";
  if (n("booked") && n("booked") + n("rejected") === lines.length) return "settled";
  if (n("booked")) return "partially_booked";
  if (n("accepted") || n("rejected")) return "reported";
  return "created";
}

/** The proposal: the payable invoices not already in an active batch; the totals per currency. */
export function proposalOf<T extends { id: string; currency: string; remaining_amount: number }>(
  payable: T[],
  inBatch: Set<string>,
) {
  const lines = payable.filter((i) => !inBatch.has(i.id));
  const totals = new Map<string, number>();
  for (const l of lines) totals.set(l.currency, (totals.get(l.currency) ?? 0) + Math.round(l.remaining_amount * 100));
  return {
    lines,
    totals: [...totals].map(([currency, ore]) => ({ currency, amount: ore / 100 })),
  };
}

/** The end-to-end id of a payment: its line's id without hyphens (32 characters; ISO allows 35). */
export const endToEndIdOf = (lineId: string) => lineId.replace(/-/g, "");
