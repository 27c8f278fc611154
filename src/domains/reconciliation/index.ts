// Reconciliation: each account that must be reconciled (bank accounts, receivables, payables)
// with the outside balance beside the ledger's, the bridge that explains the difference,
// links between bank rows and journal lines, and sign-offs that reopen when the books change.
// Owns: reconciliation_links, reconciliation_signoffs.
export { registerReconciliationRoutes } from "./routes";
export { createLinks, createSignoff, removeLink } from "./service";
