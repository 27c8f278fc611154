// Fiscal periods: opening, locking and unlocking years.
// Owns: fiscal_periods.
export { registerFiscalPeriodRoutes } from "./routes";
export { createNextPeriod, lockPeriod, unlockPeriod } from "./service";
export { periodHolding, planPeriodForImport } from "./import";
export { planFirstPeriod } from "./first-period";
