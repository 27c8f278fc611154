// Companies: the company, its settings, and what creating one sets up.
// Owns: companies, company_settings, and in the directory memberships and company_homes.
export { registerCompanyRoutes } from "./routes";
export { CompanyCreatedSchema, ENTITY_TYPES, PayrollContactSchema } from "./schemas";
export { MemberParams, MemberRemovedSchema, MemberSchema, ROLES } from "./members/routes";
export { companyMembers, memberJson, removeMember, setMember } from "./members/commands";
export {
  archiveSandboxCompany,
  companiesWithAutoReminders,
  companyHeading,
  companyIdsOfUser,
  copyCompanyRowToDirectory,
  enterDirectory,
  createCompany,
  invoiceDefaultDays,
  companyOf,
  companyRead,
  type CompanyWithSettings,
  loadCompany,
  payrollContactOf,
  updateSettings,
} from "./commands";
