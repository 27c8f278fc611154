// Reversing a registered payment of a supplier invoice (makulera betalning, issue 29):
// the storno of its entry (Debit settlement account / Credit 2440 under accrual; under
// the cash method the purchase's share booked with it), the shared reversal of
// domains/open-items; the invoice's payment entry follows the latest payment that
// still counts.
import type { UnmatchPaymentRow } from "../../../commands/handed-in";
import type { Command } from "../../../commands/plan";
import type { PaymentReverseInput } from "../../../http/fields";
import { reversePayment } from "../../open-items";
import { PAYABLES } from "../queries";

/** The status once a payment no longer counts (open-items' rule on the payables' side). */
export const supplierStatusWithoutPayment = PAYABLES.statusWithoutPayment;

/**
 * Rule order: NOT_FOUND (supplier invoice, then payment) > ENTRY_ALREADY_REVERSED >
 * VALIDATION_ERROR (reversal_date before the payment) > CONFLICT (cash method, later
 * payments) > the engine's rules on the storno (ENTRY_DATE_OUTSIDE_FISCAL_PERIOD, PERIOD_LOCKED).
 */
export const reverseSupplierInvoicePayment = (
  unmatch: UnmatchPaymentRow,
): Command<PaymentReverseInput & { id: string; payment_id: string }> =>
  async function reverseSupplierInvoicePayment(db, input, ctx) {
    return reversePayment(
      PAYABLES,
      {
        text: (row, reason) =>
          `Makulerad betalning leverantörsfaktura ${row.supplierName} ${row.supplierInvoiceNumber} ` +
          `(ank.nr ${row.arrivalNumber})${reason ? `: ${reason}` : ""}`,
        patchFrom: (rest) => ({ paymentJournalEntryId: rest.at(-1)?.journalEntryId ?? null }),
      },
      unmatch,
      [db, input, ctx],
    );
  };
