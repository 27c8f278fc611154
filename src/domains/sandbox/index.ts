// Sandbox: seeded sandbox companies for test keys, and their reset (docs/platform.md).
// Owns no table: it books through the other domains' commands and archives through
// companies.archiveSandboxCompany.
export { registerSandboxRoutes } from "./routes";
export { SANDBOX_COMPANY, SANDBOX_YEAR } from "./seed";
