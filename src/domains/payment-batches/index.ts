// Payment batches (issue #44, docs/payment-loop.md): the payment proposal, stored batches with their
// pain.001 files, the bank's pain.002 status reports, and the camt.054 / camt.053 files that book
// the batches' payments by end-to-end id and customers' payments by OCR or RF. Reads supplier
// invoices, invoices, payment files and documents, and stores and books bank rows, through their
// index.ts.
// Owns: payment_batches, payment_batch_lines.
export { registerPaymentBatchRoutes } from "./batches/routes";
export { createPaymentBatch } from "./batches/commands";
export { importStatusReport } from "./status-reports/commands";
export { importBankNotification } from "./notifications/commands";
export { unbookedAcceptedPayments } from "./batches/queries";
