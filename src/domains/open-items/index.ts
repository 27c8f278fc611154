// Open items: the logic receivables (customer invoices) and payables (supplier invoices)
// share, written once and parameterised by side: the list's filters, an item's payments,
// the overdue sweep, the reversal of a payment, the year-end revaluation's open foreign
// items and their new book values, the cash method's unpaid lines at the year's end.
// Owns no table: each side hands in its own (invoices/side.ts, supplier-invoices/side.ts).
export { bookValuesOf, planOverdue, reversePayment, type ReversalTerms } from "./commands";
export {
  companiesWithPastDue,
  countedPayments,
  countOpenOfParty,
  openItemsOfParty,
  creditNotesOfItem,
  itemsForMatching,
  pastDueItems,
  paymentJson,
  foreignItemsOf,
  itemWithOpenSek,
  linesAndPaymentsOf,
  type ChildTable,
  listItems,
  loadItem,
  unpaidLinesAtYearEnd,
  type ItemFilters,
  type RevaluableItem,
} from "./queries";
export { type PaymentBooking, paymentBookingLines, statusWithoutPayment } from "./rules";
export type { OpenItemRow, OpenItemSide, OpenPaymentRow } from "./side";
