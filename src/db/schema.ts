// The store of record. Every table but users, API keys and the BAS reference
// chart carries company_id, so a company can later move to a database of its own.
// Money is integer öre (columns named *_ore); never REAL.
// The tables live in src/db/tables/, one file per area; drizzle-kit and the code read them here.
export * from "./tables/identity";
export * from "./tables/ledger";
export * from "./tables/command-records";
export * from "./tables/registers";
export * from "./tables/platform";
export * from "./tables/invoices";
export * from "./tables/supplier-invoices";
export * from "./tables/approvals";
export * from "./tables/bank";
export * from "./tables/payroll";
export * from "./tables/fiscal-year";
export * from "./tables/payroll-absence";
export * from "./tables/rot-rut";
export * from "./tables/reconciliation";
export * from "./tables/payroll-vacation";
export * from "./tables/vat-returns";
export * from "./tables/accruals";
export * from "./tables/fixed-assets";
export * from "./tables/annual-reports";
export * from "./tables/directory";
export * from "./tables/budgets";
export * from "./tables/invoice-contracts";
export * from "./tables/bank-rules";
export * from "./tables/payments";
export * from "./tables/document-reading";
export * from "./tables/chain";
export * from "./tables/sign-in";
export * from "./tables/object-balances";
