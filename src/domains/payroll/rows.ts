// The rows of the payroll tables as the code passes them around: types only, so that the reads
// (queries.ts), the rules (rules.ts) and the commands of every room name them without importing
// one another.
import type {
  agiDeclarations,
  employees,
  payrollOpeningBalances,
  salaryAbsenceDays,
  salaryLineItems,
  salaryRunEmployees,
  salaryRuns,
  vacationRecords,
} from "../../db/schema";

export type EmployeeRow = typeof employees.$inferSelect;
export type SalaryRunRow = typeof salaryRuns.$inferSelect;
export type RunEmployeeRow = typeof salaryRunEmployees.$inferSelect;
export type LineItemRow = typeof salaryLineItems.$inferSelect;
export type AbsenceRow = typeof salaryAbsenceDays.$inferSelect;
export type AgiRow = typeof agiDeclarations.$inferSelect;
export type VacationRecordRow = typeof vacationRecords.$inferSelect;
export type OpeningRow = typeof payrollOpeningBalances.$inferSelect;
