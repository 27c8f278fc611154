// Reversing a registered payment of a customer invoice (makulera betalning, issue 29):
// the shared reversal of domains/open-items, with the receivables' own refusal (a
// claimed ROT/RUT deduction) and the bank row's overpayment entry in the answer.
import type { UnmatchPaymentRow } from "../../../commands/handed-in";
import type { Command } from "../../../commands/plan";
import type { Database } from "../../../db/client";
import { ApiError } from "../../../errors/api-error";
import type { PaymentReverseInput } from "../../../http/fields";
import { reversePayment } from "../../open-items";
import { RECEIVABLES, type InvoiceRow } from "../queries";

/** The invoice's status once a payment no longer counts (open-items' rule on the receivables' side). */
export const statusWithoutPayment = RECEIVABLES.statusWithoutPayment;

/** The ROT/RUT claims an invoice is in (the rot-rut domain's, handed in by the registry). */
export type ClaimsOfInvoice = (db: Database, companyId: string, invoiceId: string) => Promise<string[]>;

/** The storno's text: the invoice, the customer and the reason given, on one line. */
function reversalText(row: InvoiceRow, reason: string | undefined): string {
  const text = `Makulerad inbetalning ${row.invoiceNumber ?? ""} ${row.customerName}${reason ? `: ${reason}` : ""}`;
  return text.replace(/\s+/g, " ").trim();
}

/**
 * Rule order: NOT_FOUND (invoice, then payment) > ENTRY_ALREADY_REVERSED >
 * VALIDATION_ERROR (reversal_date before the payment) > CONFLICT (the ROT/RUT deduction
 * is claimed: the claim states the customer's payment; cash method, later payments) >
 * the engine's rules on the storno (ENTRY_DATE_OUTSIDE_FISCAL_PERIOD, PERIOD_LOCKED).
 */
export const reverseInvoicePayment = (
  unmatch: UnmatchPaymentRow,
  claimsOf: ClaimsOfInvoice,
): Command<PaymentReverseInput & { id: string; payment_id: string }> =>
  async function reverseInvoicePayment(db, input, ctx) {
    return reversePayment(
      RECEIVABLES,
      {
        text: reversalText,
        refuse: async (db, companyId, row) => {
          const claims = await claimsOf(db, companyId, row.id);
          if (claims.length)
            throw new ApiError(
              "CONFLICT",
              { reason: "deduction_claimed", claim_ids: claims },
              "The invoice's ROT/RUT deduction has been claimed from Skatteverket, and the claim states the customer's payment: " +
                "the payment cannot be reversed.",
            );
        },
        answer: (bank) => ({ reversed_overpayment_entry_id: bank?.reversed_overpayment_entry_id ?? null }),
      },
      unmatch,
      [db, input, ctx],
    );
  };
