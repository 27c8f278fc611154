// Bank rules (issue #43, docs/bank-rules.md): a company's ordered rules that book, match, mark
// private, ignore or propose its bank rows, run when rows arrive and on demand.
// Owns: bank_rules (the rows' bank_rule columns are bank-transactions', written through it).
export { registerBankRuleRoutes } from "./routes";
export { createBankRule, deleteBankRule, reorderBankRules, updateBankRule } from "./commands";
export { runBankRules } from "./run";
export { hasActiveRules } from "./queries";
export { runRulesAfter, runRulesOnArrival } from "./arrival";
