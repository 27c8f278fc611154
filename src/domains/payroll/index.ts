// Payroll: employees, salary runs (create, calculate, approve, mark-paid, book), payslips and
// the payroll reports (avgifter-basis, salary-journal).
// Owns: employees, salary_runs, salary_run_employees, salary_line_items.
export { registerPayrollRoutes } from "./routes";
export { createEmployee, deactivateEmployee, updateEmployee } from "./employees";
export { addLineItem, addRunEmployees, approveRun, bookRun, calculateRun, createRun, markRunPaid, removeLineItem, removeRunEmployee, updateRun, updateRunEmployee } from "./runs";
