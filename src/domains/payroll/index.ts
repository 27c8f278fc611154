// Payroll: employees, salary runs (create, calculate, approve, mark-paid, book), payslips and
// the payroll reports (avgifter-basis, salary-journal).
// Absence days and their effect on calculate; the AGI XML of a booked run (generate, read, record the submission reference).
// Owns: employees, salary_runs, salary_run_employees, salary_line_items, salary_absence_days,
// agi_declarations, agi_specification_numbers, vacation_records, payroll_opening_balances (vacation and opening balances).
export { registerPayrollRoutes } from "./routes";
export { averageEmployees, hasActiveEmployees, plannedRunsDue } from "./queries";
export { createEmployee, deactivateEmployee, updateEmployee } from "./employees";
export { companiesWithLegacyPersonnummerIndex, reindexPersonnummers } from "./personnummer-index";
export {
  addLineItem,
  addRunEmployees,
  approveRun,
  bookRun,
  calculateRun,
  createRun,
  deleteRun,
  markRunPaid,
  removeLineItem,
  removeRunEmployee,
  reopenRun,
  updateRun,
  updateRunEmployee,
} from "./runs";
export { generateAgi, recordAgiSubmission } from "./agi";
export { registerAbsence, removeAbsence, updateAbsence } from "./absence";
export { putOpeningBalances, vacationBookedBy } from "./vacation";
export { bookedRunLiabilities, type BookedRunLiability } from "./reconciliation-read";
