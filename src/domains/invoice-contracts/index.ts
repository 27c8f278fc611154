// Recurring invoices (issue #43, docs/invoice-contracts.md): contracts that make each period's
// invoice exactly once, by the invoices domain's own commands, on the minute schedule.
// Owns: invoice_contracts, invoice_contract_versions, invoice_contract_pauses, invoice_contract_invoices.
export { registerInvoiceContractRoutes } from "./routes";
export {
  changeContract,
  createContract,
  deleteContract,
  endContract,
  pauseContract,
  resumeContract,
  runContract,
  settleContractAction,
  sweepInvoiceContracts,
  updateContract,
} from "./commands";
