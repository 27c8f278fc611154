// Reconciliation: each account that must be reconciled (bank accounts, receivables, payables)
// with the outside balance beside the ledger's, the bridge that explains the difference,
// links between bank rows and journal lines, and sign-offs that reopen when the books change.
// Also the skattekonto (1630, rows registered through the API or imported from Skatteverket's
// transaction list, booked against their counter accounts or linked), VAT settlement (2650) and the
// payroll liabilities 2710 / 2731; the automatic matcher as an operation (bank/run).
// Owns: reconciliation_links, reconciliation_signoffs, reconciliation_tax_account_rows.
export { registerReconciliationRoutes } from "./routes";
export { createLinks, createSignoff, removeLink } from "./accounts/commands";
export { reconciliationStatusThrough } from "./accounts/queries";
export { applyBankRun, runBankRunOperation, startBankRun, BANK_RUN_OPERATION } from "./runs/commands";
export { deleteTaxAccountRow, registerTaxAccountRows } from "./tax-account/commands";
export { bookSuggestedTaxAccountRows, bookTaxAccountRow } from "./tax-account/booking";
export {
  importTaxAccountRows,
  runTaxAccountImport,
  startTaxAccountImport,
  TAX_ACCOUNT_IMPORT_OPERATION,
} from "./tax-account/import";
