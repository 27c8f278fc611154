// The audit trail (reads only; the command runner writes it).
export { registerAuditRoutes } from "./routes";
