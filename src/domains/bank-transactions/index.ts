// Bank transactions: bank files and JSON rows in, every row booked, matched or ignored.
// Owns: bank_imports, bank_import_chunks, bank_import_ranges, bank_transactions, bank_templates, bank_accounts.
export { registerBankTransactionRoutes } from "./routes";
export { ingestTransactions, planStoreRows, type IncomingRow } from "./imports/ingest";
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
export { matchInvoice, matchSupplierInvoice, planInvoiceMatch, planSupplierInvoiceMatch } from "./matching/commands";
export { unmatchPaymentRow } from "./matching/unmatch";
export { likelyInvoicePayments, likelyReceiptPayments, unbookedTransactionsIn } from "./booking/guards";
export {
  bankRowsForReconciliation,
  countUnbookedTransactions,
  rowsWithEndToEndIds,
  settlementAccountsWithRows,
  unbookedTransactionsList,
  type BankTransactionRow,
  type ReconciliationBankRow,
} from "./queries";
export { planReconciliationMethod, planTransactionLink, planTransactionUnlink } from "./matching/marks";
export { registerBankAccount } from "./accounts/commands";
// for the bank rules (src/domains/bank-rules): the write path of a rule's booking, its marks, the rows it takes
export { planCategorize, type RuleBooking } from "./booking/commands";
export {
  planRuleMark,
  planRuleMatchMark,
  rememberedBookings,
  rowsForRules,
  type RuleOutcome,
} from "./booking/rule-marks";
export { invoiceSuggestions, supplierInvoiceSuggestions } from "./booking/rules";
export { transactionJson } from "./queries";
