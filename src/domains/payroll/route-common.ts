// What the payroll routes share: their tag, paths, path parameters and the read and
// write options every payroll route starts from.
import { z } from "@hono/zod-openapi";
import { CompanyItemParams } from "../../http/params";

export const TAG = "Payroll";
export const COMPANY = "/api/v1/companies/{companyId}";
export const EMPLOYEES = `${COMPANY}/employees`;
export const RUNS = `${COMPANY}/salary-runs`;

/** `/salary-runs/{id}/employees/{employeeId}` and the payslip of that employee */
export const RunEmployeeParams = CompanyItemParams.extend({ employeeId: z.string() });

export const read = { tag: TAG, scope: "payroll:read", company: true } as const;
export const write = {
  tag: TAG,
  scope: "payroll:write",
  company: true,
  idempotency: "required",
  dryRun: true,
} as const;
