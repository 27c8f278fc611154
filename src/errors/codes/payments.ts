// One area of the error catalogue (src/errors/catalogue.ts). The payment loop (issue #44): payment
// batches, the bank's pain.002 and camt.054 / camt.053 files, and the month's close.
import { type CatalogueEntry, e } from "./entry";

export const PAYMENTS_ERRORS = {
  PAYMENT_BATCH_EMPTY: e(
    422,
    "Det finns inget att betala: förslaget är tomt eller alla fakturor är undantagna.",
    "There is nothing to pay: the proposal is empty or every invoice is excluded.",
    "Choose a later due_by, or give the payments.",
  ),
  PAYMENT_BATCH_INVOICE_IN_BATCH: e(
    409,
    "Fakturan finns redan i en betalningsomgång som banken inte har avvisat.",
    "The supplier invoice is already in a payment batch the bank has not rejected.",
    "details.invoices names each invoice and its batch; a rejected payment frees its invoice.",
  ),
  PAYMENT_FILE_INVALID: e(
    422,
    "Filen är inte ett läsbart ISO 20022-meddelande av rätt slag.",
    "The file is not a readable ISO 20022 message of the expected kind.",
    "pain.002.001.03 to .10 for a status report; camt.054 or camt.053 .001.02 to .08 for bank notifications.",
  ),
  PAYMENT_STATUS_REPORT_OTHER_BATCH: e(
    409,
    "Statusrapporten gäller en annan betalningsomgång.",
    "The status report is about another payment batch.",
    "Its OrgnlMsgId is not the batch's message_id and it names none of the batch's end-to-end ids.",
  ),
} satisfies Record<string, CatalogueEntry>;
