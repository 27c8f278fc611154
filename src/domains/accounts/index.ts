// Accounts: the company's chart (BAS 2026 and its own accounts).
// Owns: accounts, bas_accounts (the BAS reference chart it seeds from).
export { registerAccountRoutes } from "./routes";
export { AccountTypeSchema } from "./schemas";
export { createAccount, updateAccount } from "./commands";
export { planImportedChart, type ImportedChart, type RenamedAccount } from "./import";
export { findActiveAccount, planChartForNewCompany } from "./queries";
