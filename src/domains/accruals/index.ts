// Accruals (periodiseringar, docs/accruals.md): prepaid expenses and accrued income (17xx),
// accrued expenses and prepaid income (29xx), spread over months or moved past a period end
// with the reversal the next day; the open list at any date set against the ledger.
// Owns: accruals.
export { registerAccrualRoutes } from "./routes";
export { cancelAccrual, createAccrual } from "./commands";
