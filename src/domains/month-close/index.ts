// The month's close as data (issue #44, docs/payment-loop.md): for a month or a fiscal year,
// ready or not and every blocker with links to its records, read through the owning domains;
// month.ready_to_close once per month, found by the minute sweep.
// Owns: month_close_states.
export { registerMonthCloseRoutes } from "./routes";
export { checkMonthClose } from "./commands";
export { monthsToCheck } from "./sweep";
