// Year-end currency revaluation of open foreign-currency payables (BAS 2440), asked
// for by the fiscal-periods domain through index.ts (domains/open-items): registered on
// 2440 (accrual), open, not SEK, dated on or before the day, nothing credited yet.
import { bookValuesOf, foreignItemsOf } from "../../open-items";
import { PAYABLES } from "../queries";

export const foreignPayablesToRevalue = foreignItemsOf(PAYABLES.revaluation);
export const planPayableBookValues = bookValuesOf(PAYABLES);
