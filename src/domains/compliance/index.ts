// Compliance: pre-flight checks (year-end readiness, voucher gaps), the tax calendar
// and the settings it needs. Owns: compliance_settings.
export { registerComplianceRoutes } from "./routes";
export { deadlinesOf, updateComplianceSettings } from "./commands";
