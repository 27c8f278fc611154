// Payroll: employees, salary runs (create, calculate, approve, mark-paid, book), payslips and
// the payroll reports (avgifter-basis, salary-journal).
// Absence days and their effect on calculate; the AGI XML of a booked run (generate, read, record the submission reference).
// Owns: employees, salary_runs, salary_run_employees, salary_line_items, salary_absence_days,
// agi_declarations, agi_specification_numbers, vacation_records, payroll_opening_balances (vacation and opening balances).
//
// Rooms: employees/, runs/ (with runs/calculate/, runs/booking/, runs/documents/), absence/, agi/,
// vacation/, reports/; each with routes.ts, commands.ts, queries.ts, schemas.ts and, where it has
// them, rules.ts (pure) and prose.ts. This file is the domain's one door.
export { registerPayrollRoutes } from "./routes";
export { averageEmployees, plannedRunsDue, salaryRunsToPay } from "./runs/queries";
export { runsWithoutAgi } from "./agi/queries";
export { hasActiveEmployees } from "./employees/queries";
export { createEmployee, deactivateEmployee, updateEmployee } from "./employees/commands";
export { companiesWithLegacyPersonnummerIndex, reindexPersonnummers } from "./employees/personnummer-index";
export {
  addLineItem,
  addRunEmployees,
  approveRun,
  createRun,
  deleteRun,
  markRunPaid,
  removeLineItem,
  removeRunEmployee,
  reopenRun,
  updateRun,
  updateRunEmployee,
} from "./runs/commands";
export { calculateRun } from "./runs/calculate/commands";
export { bookRun } from "./runs/booking/commands";
export { generateAgi, recordAgiSubmission } from "./agi/commands";
export { registerAbsence, removeAbsence, updateAbsence } from "./absence/commands";
export { putOpeningBalances } from "./vacation/commands";
export { vacationBookedBy } from "./vacation/queries";
export { bookedRunLiabilities, type BookedRunLiability } from "./reports/queries";
