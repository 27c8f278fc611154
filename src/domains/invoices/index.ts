// Customer invoices: drafts, issuing and sending, payments, credit notes, the PDF.
// Owns: invoices, invoice_items, invoice_payments, invoice_deductions, invoice_deduction_buyers, invoice_reminders, peppol_deliveries.
export { registerInvoiceRoutes } from "./routes";
export {
  bulkCreateInvoices,
  cancelInvoice,
  createInvoice,
  updateInvoice,
} from "./drafts/commands";
export { markInvoiceSent } from "./issue/commands";
export { payInvoice, payInvoiceChecked } from "./payments/commands";
export { creditInvoice } from "./credits/commands";
export { sendInvoice } from "./send";
export { compensateInvoiceSend } from "./send-compensation";
export { deliverPeppol, resendPeppolDelivery, sweepPeppolDeliveries } from "./peppol-delivery";
export { reverseInvoicePayment } from "./payments/reversal";
export { refundInvoice } from "./payments/refund";
export { bookInvoice } from "./issue/book";
export { markInvoicesOverdue } from "./payments/overdue";
export { remindInvoice } from "./reminders/commands";
export { invoiceInterest } from "./interest/commands";
export { invoicesDueForAutoReminder } from "./reminders/queries";
export {
  companiesWithPastDueInvoices,
  countOpenInvoices,
  findInvoice,
  openInvoicesForMatching,
  openInvoicesOf,
  openReceivablesAt,
} from "./queries";
export { invoiceByOcr, saleDocumentsByIds, settledInvoicesNamed } from "./queries";
export { foreignReceivablesToRevalue, planReceivableBookValues } from "./payments/revaluation";
// ROT/RUT: what the claims (domains/rot-rut) read of an invoice's deduction and the refusal's effect on it
export {
  DEDUCTION_RECEIVABLE_ACCOUNT,
  invoiceForClaim,
  paidDeductionInvoiceIds,
  paidInvoiceForClaim,
} from "./deductions/commands";
export { planDeductionDecided } from "./deductions/decision";
export { unpaidAtYearEndLines } from "./payments/year-end";
export { swedishVatNumber } from "./issue/document";
// recurring invoices (domains/invoice-contracts) give their items as invoice lines are given
export { InvoiceCreateSchema, InvoiceItemInputSchema, type InvoiceCreateInput } from "./schemas";
