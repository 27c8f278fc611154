// Answers one domain gives another through the composition root (src/app/commands.ts),
// typed here where both can see them, so that neither imports the other.
import type { Database } from "../db/client";
import type { CommandContext, PlannedEvent, PlannedWrite } from "./plan";

/**
 * The bank row matched to a payment, made unmatched when the payment is reversed: the
 * bank-transactions domain's `unmatchPaymentRow`, handed to the invoices' reverse
 * commands by the composition root (they import no bank domain). null when no row was matched.
 */
export type UnmatchPaymentRow = (
  db: Database,
  ctx: CommandContext,
  paymentEntryId: string,
  date: string,
) => Promise<{
  transaction_id: string;
  reversed_overpayment_entry_id: string | null;
  statements: PlannedWrite[];
  events: PlannedEvent[];
} | null>;
