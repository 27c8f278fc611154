// VAT returns (momsredovisning, docs/vat-returns.md): the declaration of a VAT period made in
// one call, with its transfer entry, the lock, the form as PDF and Skatteverket's eSKD file.
// Owns: vat_returns.
export { registerVatReturnRoutes } from "./routes";
export { createVatReturn, declaredVatPeriodLabels, missingVatReturns, type CashMethodWarnings } from "./commands";
export { originalReturnEndingOn } from "./queries";
