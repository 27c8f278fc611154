// Customer invoices: drafts, issuing and sending, payments, credit notes, the PDF.
// Owns: invoices, invoice_items, invoice_payments.
export { registerInvoiceRoutes } from "./routes";
export { bulkCreateInvoices, cancelInvoice, createInvoice, creditInvoice, markInvoiceSent, payInvoice, payInvoiceChecked, updateInvoice } from "./service";
export { sendInvoice } from "./send";
export { markInvoicesOverdue } from "./overdue";
export { companiesWithPastDueInvoices, countOpenInvoices, findInvoice, openInvoicesForMatching, openInvoicesOf, openReceivablesAt } from "./queries";
export { invoiceByOcr } from "./queries";
export { foreignReceivablesToRevalue, planReceivableBookValues } from "./revaluation";
