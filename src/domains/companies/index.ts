// Companies: the company, its settings, and what creating one sets up.
// Owns: companies, company_settings.
export { registerCompanyRoutes } from "./routes";
export { PayrollContactSchema } from "./schemas";
export {
  companyHeading,
  companyIdsOfUser,
  createCompany,
  invoiceDefaultDays,
  loadCompany,
  payrollContactOf,
  setMembership,
  updateSettings,
} from "./service";
