// What a pain.002 does to a batch's lines (pure): a rejection frees the line's invoice, an
// acceptance marks it; a booked line is past what a status report can change.
import type { PaymentOutcome } from "../../../sweden/payments/pain002";
import type { LineStatus } from "../batches/rules";

export interface LineChange {
  status: LineStatus;
  /** the event the change announces, or null when the line's status stays */
  event: "payment.accepted" | "payment.rejected" | null;
}

export function lineAfterReport(current: LineStatus, outcome: PaymentOutcome): LineChange {
  if (current === "booked" || current === "rejected") return { status: current, event: null };
  if (outcome === "rejected") return { status: "rejected", event: "payment.rejected" };
  if (outcome === "accepted") return { status: "accepted", event: current === "accepted" ? null : "payment.accepted" };
  return { status: current, event: null };
}
