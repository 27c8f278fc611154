// Companies: the company, its settings, and what creating one sets up.
// Owns: companies, company_settings.
export { registerCompanyRoutes } from "./routes";
export {
  companyHeading,
  companyIdsOfUser,
  createCompany,
  invoiceDefaultDays,
  loadCompany,
  setMembership,
  updateSettings,
} from "./service";
