// Customer invoices: drafts, issuing and sending, payments, credit notes, the PDF.
// Owns: invoices, invoice_items, invoice_payments, invoice_deductions, invoice_deduction_buyers, invoice_reminders, peppol_deliveries.
export { registerInvoiceRoutes } from "./routes";
export {
  bulkCreateInvoices,
  cancelInvoice,
  createInvoice,
  markInvoiceSent,
  updateInvoice,
} from "./service";
export { payInvoice, payInvoiceChecked } from "./payment";
export { creditInvoice } from "./credit";
export { sendInvoice } from "./send";
export { deliverPeppol, resendPeppolDelivery, sweepPeppolDeliveries } from "./peppol-delivery";
export { reverseInvoicePayment } from "./payment-reversal";
export { refundInvoice } from "./refund";
export { bookInvoice } from "./book";
export { markInvoicesOverdue } from "./overdue";
export { remindInvoice } from "./reminder";
export { invoiceInterest } from "./interest";
export { invoicesDueForAutoReminder } from "./reminder-json";
export {
  companiesWithPastDueInvoices,
  countOpenInvoices,
  findInvoice,
  openInvoicesForMatching,
  openInvoicesOf,
  openReceivablesAt,
} from "./queries";
export { invoiceByOcr, saleDocumentsByIds, settledInvoicesNamed } from "./queries";
export { foreignReceivablesToRevalue, planReceivableBookValues } from "./revaluation";
// ROT/RUT: what the claims (domains/rot-rut) read of an invoice's deduction and the refusal's effect on it
export {
  DEDUCTION_RECEIVABLE_ACCOUNT,
  invoiceForClaim,
  paidDeductionInvoiceIds,
  paidInvoiceForClaim,
} from "./deduction";
export { planDeductionDecided } from "./deduction-decision";
export { unpaidAtYearEndLines } from "./year-end";
export { swedishVatNumber } from "./document";
