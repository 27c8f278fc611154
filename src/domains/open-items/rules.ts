// Pure decisions on open items, the same for receivables and payables: no I/O.
import type { EngineLine } from "../../ledger/engine";
import { customerPaymentReceived, supplierPaymentMade } from "../../ledger/posting-rules";
import {
  type AccountingMethod,
  cashPaymentAfterYearEnd,
  type PaymentPlan,
  paymentLines,
  type SekRange,
  type Side,
} from "../../ledger/settlement";

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

/** How a payment is booked: where the money went or came from, the entry's text, bokslutsmetoden's range. */
export interface PaymentBooking {
  settlementAccount: string;
  text: string;
  /** what the year-end entry booked on 1510 or 2440 of a cash-method item (settled there, not booked again) */
  atYearEnd: SekRange | null;
  /** SEK the cash method counts as paid before the item's own payments (Skatteverket's ROT/RUT payouts) */
  paidBeforeSek?: number;
  /** the cash method's share of the sale or purchase the payment books */
  inCash: (fxDifferenceOre: number, share: PaymentPlan["cashShare"]) => EngineLine[];
}

/**
 * A payment's lines, the same rule on both sides (src/ledger/settlement.ts): accrual
 * settles 1510 or 2440; cash books the payment's share of the sale or purchase, except
 * what the year-end entry already booked, which it settles.
 */
export function paymentBookingLines(
  side: Side,
  method: AccountingMethod,
  plan: PaymentPlan,
  b: PaymentBooking,
): EngineLine[] {
  const settle = side === "receivable" ? customerPaymentReceived : supplierPaymentMade;
  const before = b.paidBeforeSek ?? 0;
  return paymentLines(side, method, plan, {
    settlementAccount: b.settlementAccount,
    text: b.text,
    inCash: (diff, share) =>
      cashPaymentAfterYearEnd(
        before ? { beforeSek: share.beforeSek + before, afterSek: share.afterSek + before } : share,
        b.atYearEnd,
        diff,
        (sek, fx) => settle(sek, fx, b.settlementAccount, b.text),
        b.inCash,
      ),
  });
}
