// Year-end currency revaluation of open foreign-currency receivables (BAS 1510), asked
// for by the fiscal-periods domain through index.ts (domains/open-items): which invoices
// are open and what they are booked at, and the new book value once re-rated. After it,
// the invoice's exchange_rate and total_sek are its book values, so the settlement
// computes a later payment's currency difference from the revalued amount. Booked
// (accrual or self-billed), open, not SEK, issued on or before the day, nothing credited
// yet: credit notes credit the whole invoice, so a credited one is not open.
import { bookValuesOf, foreignItemsOf } from "../../open-items";
import { RECEIVABLES } from "../queries";

export const foreignReceivablesToRevalue = foreignItemsOf(RECEIVABLES.revaluation);
export const planReceivableBookValues = bookValuesOf(RECEIVABLES);
