// Bank transactions: bank files and JSON rows in, every row booked, matched or ignored.
// Owns: bank_imports, bank_import_chunks, bank_import_ranges, bank_transactions, bank_templates, bank_accounts.
export { registerBankTransactionRoutes } from "./routes";
export { ingestTransactions } from "./imports/ingest";
export {
  finishBankImport,
  importBankRows,
  prepareBankImport,
  reportBankImportRange,
  splitBankImport,
  startBankImport,
} from "./imports/commands";
export { rollbackBankImport, runBankImport, runBankImportChunk } from "./imports/operation";
export { rollbackBankRows } from "./imports/rollback";
export { runBankImportRange, runBankImportRangesRead } from "./imports/ranges";
export {
  batchCategorizeTransactions,
  categorizeTransaction,
  ignoreTransaction,
  uncategorizeTransaction,
  unignoreTransaction,
} from "./booking/commands";
export { matchInvoice, matchSupplierInvoice } from "./matching/commands";
export { unmatchPaymentRow } from "./matching/unmatch";
export { likelyInvoicePayments, likelyReceiptPayments, unbookedTransactionsIn } from "./booking/guards";
export { bankRowsForReconciliation, settlementAccountsWithRows, type ReconciliationBankRow } from "./queries";
export { planReconciliationMethod, planTransactionLink, planTransactionUnlink } from "./matching/marks";
export { registerBankAccount } from "./accounts/commands";
