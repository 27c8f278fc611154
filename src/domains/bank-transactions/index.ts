// Bank transactions: bank files and JSON rows in, every row booked, matched or ignored.
// Owns: bank_imports, bank_import_chunks, bank_import_ranges, bank_transactions, bank_templates, bank_accounts.
export { registerBankTransactionRoutes } from "./routes";
export { ingestTransactions } from "./ingest";
export {
  finishBankImport,
  importBankRows,
  prepareBankImport,
  reportBankImportRange,
  runBankImport,
  rollbackBankImport,
  runBankImportChunk,
  splitBankImport,
  startBankImport,
} from "./import";
export { rollbackBankRows } from "./import-rollback";
export { runBankImportRange, runBankImportRangesRead } from "./import-ranges";
export {
  batchCategorizeTransactions,
  categorizeTransaction,
  ignoreTransaction,
  uncategorizeTransaction,
  unignoreTransaction,
} from "./booking";
export { matchInvoice, matchSupplierInvoice } from "./matching";
export { unmatchPaymentRow } from "./unmatch";
export { likelyInvoicePayments, unbookedTransactionsIn } from "./guards";
export { bankRowsForReconciliation, settlementAccountsWithRows, type ReconciliationBankRow } from "./queries";
export { planReconciliationMethod, planTransactionLink, planTransactionUnlink } from "./reconciliation-marks";
export { registerBankAccount } from "./bank-accounts";
