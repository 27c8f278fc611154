import { todayUtc } from "../../clock";
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { database } from "../../db/client";
import { ApiError } from "../../errors/api-error";
import type { AppEnv } from "../../http/context";
import { dispatch } from "../../http/dispatch";
import { json } from "../../http/envelope";
import { fileResponse } from "../../http/file-response";
import { finishPage, pageRequest } from "../../http/pagination";
import { DateSchema } from "../../http/fields";
import { defineRoute } from "../../http/route";
import { companyHeading } from "../companies";
import { absenceJson, absenceOf, assertAbsenceRange } from "./absence";
import { agiJson, loadAgi, storedAgiXml } from "./agi";
import { salaryPaymentFile } from "./payment-file";
import { renderPayslipPdf } from "./payslip";
import {
  countRunEmployees,
  employeeDetailJson,
  employeeListJson,
  employeesByIds,
  employeesByPersonnummer,
  withBankAccount,
  lineItemsOf,
  listEmployees,
  listRuns,
  loadEmployee,
  loadRun,
  loadRunEmployee,
  runEmployeeJson,
  runEmployees,
  runJson,
  ytdOf,
} from "./queries";
import { avgifterBasis, salaryJournal } from "./reports";
import { openingBalances, vacationBalance, vacationLiability } from "./vacation";
import {
  AbsenceCreateSchema,
  AbsenceDaySchema,
  AbsencePatchSchema,
  AbsenceQuery,
  AgiGenerateSchema,
  AgiPatchSchema,
  AgiSchema,
  AvgifterBasisQuery,
  EmployeeCreateSchema,
  EmployeeListQuery,
  EmployeePatchSchema,
  EmployeeSearchBody,
  FULL_PERSONNUMMER,
  EmployeeSchema,
  LineItemCreateSchema,
  LineItemSchema,
  MarkPaidSchema,
  PageQuery,
  RunEmployeePatchSchema,
  RunEmployeeSchema,
  RunEmployeesAddSchema,
  SalaryJournalQuery,
  SalaryRunCreateSchema,
  SalaryRunListQuery,
  SalaryRunPatchSchema,
  SalaryRunSchema,
  OpeningBalancesResponse,
  OpeningBalancesSchema,
  VacationBalanceSchema,
  VacationLiabilityQuery,
} from "./schemas";

const TAG = "Payroll";
const COMPANY = "/api/v1/companies/{companyId}";
const EMPLOYEES = `${COMPANY}/employees`;
const RUNS = `${COMPANY}/salary-runs`;
const Params = z.object({ companyId: z.string() });
const IdParams = z.object({ companyId: z.string(), id: z.string() });
const RunEmployeeParams = z.object({ companyId: z.string(), id: z.string(), employeeId: z.string() });
const LineItemParams = RunEmployeeParams.extend({ lineItemId: z.string() });
const read = { tag: TAG, scope: "payroll:read", company: true } as const;
const write = { tag: TAG, scope: "payroll:write", company: true, idempotency: "required", dryRun: true } as const;

/**
 * A full personnummer in GET .../employees?search= would be written to every access log
 * and proxy on its way: refused, with the POST that takes it in the body.
 */
function refusePersonnummerInUrl(search: string | undefined): void {
  if (search === undefined || !FULL_PERSONNUMMER.test(search.replace(/\s/g, ""))) return;
  throw new ApiError(
    "VALIDATION_ERROR",
    {
      fields: [{ path: "search", message: "a full personnummer is not searched in the URL" }],
      use: "POST .../employees/search",
    },
    'Search by personnummer with POST /api/v1/companies/{companyId}/employees/search and {"personnummer": ...} in the body; the query\'s search takes a name or the 8-digit birth date.',
  );
}

export function registerPayrollRoutes(app: OpenAPIHono<AppEnv>) {
  // Employees

  app.openapi(
    defineRoute({
      ...read,
      method: "get",
      path: EMPLOYEES,
      summary: "List employees",
      description:
        "Newest first. Active employees only unless include_inactive=true. search: a name or the 8-digit birth date (YYYYMMDD); a full personnummer (10 or 12 digits) is VALIDATION_ERROR here, search for it with POST .../employees/search. The personnummer is masked (personnummer_masked), and so is the bank account number (bank_account_number: its last four digits).",
      params: Params,
      query: EmployeeListQuery,
      response: z.array(EmployeeSchema),
    }),
    async (c) => {
      const { cursor, limit, ...q } = c.req.valid("query");
      refusePersonnummerInUrl(q.search);
      const companyId = c.get("company").id;
      const page = await pageRequest(c, `employees:${companyId}:${q.include_inactive}:${q.search}`, cursor, limit);
      const { items, nextCursor } = await finishPage(
        c,
        page,
        await listEmployees(database(c.env), companyId, q, page),
        (r) => ({ k: r.createdAt, i: r.id }),
      );
      return json(c, await Promise.all(items.map((e) => employeeListJson(c.env, e))), 200, {
        next_cursor: nextCursor,
      });
    },
  );

  app.openapi(
    defineRoute({
      ...read,
      write: false,
      method: "post",
      path: `${EMPLOYEES}/search`,
      summary: "Find an employee by personnummer",
      description:
        "The personnummer goes in the body so that it never sits in a URL (logs, proxies, browser history). 10 or 12 digits, with or without - or +; matched by its keyed hash. Returns the matching employees (at most one per personnummer), masked as on the list. Reads only: viewers may call it; no Idempotency-Key.",
      params: Params,
      body: EmployeeSearchBody,
      response: z.array(EmployeeSchema),
    }),
    async (c) => {
      const body = c.req.valid("json");
      const rows = await employeesByPersonnummer(
        c.env,
        database(c.env),
        c.get("company").id,
        body.personnummer,
        body.include_inactive,
        todayUtc(),
      );
      return json(c, await Promise.all(rows.map((e) => employeeListJson(c.env, e))));
    },
  );

  app.openapi(
    defineRoute({
      ...read,
      method: "get",
      path: `${EMPLOYEES}/{id}`,
      summary: "Get an employee, with the full personnummer",
      params: IdParams,
      response: EmployeeSchema,
    }),
    async (c) =>
      json(
        c,
        await employeeDetailJson(
          c.env,
          await loadEmployee(database(c.env), c.get("company").id, c.req.valid("param").id),
          // a viewer sees the bank account number masked, as on the list
          c.get("access")?.membership?.role !== "viewer",
        ),
      ),
  );

  app.openapi(
    defineRoute({
      ...write,
      method: "post",
      path: EMPLOYEES,
      summary: "Create an employee",
      description:
        "personnummer: exactly 12 digits, Luhn-checked, stored encrypted; a second employee with the same number is EMPLOYEE_DUPLICATE_PERSONNUMMER. The response echoes the masked personnummer. " +
        "salary_type decides whether monthly_salary or hourly_rate is required; tax_table_number (29-42) is required for f_skatt_status a_skatt. clearing_number and bank_account_number are checked per Bankgirot's rules.",
      params: Params,
      body: EmployeeCreateSchema,
      response: EmployeeSchema,
      status: 201,
    }),
    async (c) => dispatch(c, "payroll.create_employee", c.req.valid("json")),
  );

  app.openapi(
    defineRoute({
      ...write,
      method: "patch",
      path: `${EMPLOYEES}/{id}`,
      summary: "Update an employee",
      description:
        "All fields optional; the configuration is checked as a whole afterwards. is_active: true re-activates a soft-deleted employee.",
      params: IdParams,
      body: EmployeePatchSchema,
      response: EmployeeSchema,
    }),
    async (c) => dispatch(c, "payroll.update_employee", { ...c.req.valid("json"), id: c.req.valid("param").id }),
  );

  app.openapi(
    defineRoute({
      ...write,
      method: "delete",
      path: `${EMPLOYEES}/{id}`,
      summary: "Soft-delete an employee (is_active false; 204; again is a no-op)",
      params: IdParams,
      response: null,
      status: 204,
    }),
    async (c) => dispatch(c, "payroll.deactivate_employee", { id: c.req.valid("param").id }),
  );

  // Salary runs

  app.openapi(
    defineRoute({
      ...read,
      method: "get",
      path: RUNS,
      summary: "List salary runs",
      params: Params,
      query: SalaryRunListQuery,
      response: z.array(SalaryRunSchema),
    }),
    async (c) => {
      const { cursor, limit, ...q } = c.req.valid("query");
      const companyId = c.get("company").id;
      const db = database(c.env);
      const page = await pageRequest(c, `salary-runs:${companyId}:${q.period_year}:${q.status}`, cursor, limit);
      const { items, nextCursor } = await finishPage(c, page, await listRuns(db, companyId, q, page), (r) => ({
        k: r.createdAt,
        i: r.id,
      }));
      const counts = await countRunEmployees(
        db,
        items.map((r) => r.id),
      );
      return json(
        c,
        items.map((r) => runJson(r, counts.get(r.id) ?? 0)),
        200,
        { next_cursor: nextCursor },
      );
    },
  );

  app.openapi(
    defineRoute({
      ...read,
      method: "get",
      path: `${RUNS}/{id}`,
      summary: "Get a salary run",
      params: IdParams,
      response: SalaryRunSchema,
    }),
    async (c) => {
      const db = database(c.env);
      const run = await loadRun(db, c.get("company").id, c.req.valid("param").id);
      return json(c, runJson(run, (await countRunEmployees(db, [run.id])).get(run.id) ?? 0));
    },
  );

  app.openapi(
    defineRoute({
      ...write,
      method: "post",
      path: RUNS,
      summary: "Create a salary run (draft, without employees)",
      description:
        "One run per (period_year, period_month): a second is SALARY_RUN_DUPLICATE_PERIOD. Emits salary_run.created.",
      params: Params,
      body: SalaryRunCreateSchema,
      response: SalaryRunSchema,
      status: 201,
    }),
    async (c) => dispatch(c, "payroll.create_run", c.req.valid("json")),
  );

  app.openapi(
    defineRoute({
      ...write,
      method: "patch",
      path: `${RUNS}/{id}`,
      summary: "Change a draft run's payment_date or voucher_series",
      params: IdParams,
      body: SalaryRunPatchSchema,
      response: SalaryRunSchema,
    }),
    async (c) => dispatch(c, "payroll.update_run", { ...c.req.valid("json"), id: c.req.valid("param").id }),
  );

  app.openapi(
    defineRoute({
      ...write,
      method: "delete",
      path: `${RUNS}/{id}`,
      summary: "Delete a draft run",
      description:
        "Draft only (SALARY_RUN_DELETE_NOT_DRAFT: reopen a run in review or approved first; a paid or booked run is never deleted). The run's employees and line items go with it and the period is free for a new run. 204. Emits salary_run.deleted.",
      params: IdParams,
      response: null,
      status: 204,
    }),
    async (c) => dispatch(c, "payroll.delete_run", { id: c.req.valid("param").id }),
  );

  app.openapi(
    defineRoute({
      ...read,
      method: "get",
      path: `${RUNS}/{id}/employees`,
      summary: "The employees of a run with their figures",
      params: IdParams,
      query: PageQuery,
      response: z.array(RunEmployeeSchema),
    }),
    async (c) => {
      const db = database(c.env);
      const companyId = c.get("company").id;
      const run = await loadRun(db, companyId, c.req.valid("param").id);
      const { cursor, limit } = c.req.valid("query");
      const page = await pageRequest(c, `salary-run-employees:${run.id}`, cursor, limit);
      const { items, nextCursor } = await finishPage(c, page, await runEmployees(db, run.id, page), (r) => ({
        k: r.createdAt,
        i: r.id,
      }));
      const people = await employeesByIds(
        db,
        companyId,
        items.map((i) => i.employeeId),
      );
      return json(
        c,
        items.map((r) => runEmployeeJson(r, people.get(r.employeeId)!)),
        200,
        { next_cursor: nextCursor },
      );
    },
  );

  app.openapi(
    defineRoute({
      ...read,
      method: "get",
      path: `${RUNS}/{id}/employees/{employeeId}`,
      summary: "Payslip detail: figures, line items, year to date, calculation breakdown",
      params: RunEmployeeParams,
      response: RunEmployeeSchema,
    }),
    async (c) => {
      const db = database(c.env);
      const companyId = c.get("company").id;
      const { id, employeeId } = c.req.valid("param");
      const run = await loadRun(db, companyId, id);
      const re = await loadRunEmployee(db, run.id, employeeId);
      const e = await loadEmployee(db, companyId, employeeId);
      return json(
        c,
        runEmployeeJson(re, e, {
          ytd: await ytdOf(db, companyId, employeeId, run),
          items: await lineItemsOf(db, re.id),
        }),
      );
    },
  );

  app.openapi(
    defineRoute({
      ...write,
      method: "post",
      path: `${RUNS}/{id}/employees`,
      summary: "Add employees to a draft run",
      description:
        "employees: [{employee_id, hours}] (hours for hourly pay), and/or all_active: true (every active employee employed in the period and not yet in the run). Not a draft: CONFLICT.",
      params: IdParams,
      body: RunEmployeesAddSchema,
      response: SalaryRunSchema.extend({ added_employee_ids: z.array(z.string()) }),
    }),
    async (c) => dispatch(c, "payroll.add_run_employees", { ...c.req.valid("json"), id: c.req.valid("param").id }),
  );

  app.openapi(
    defineRoute({
      ...write,
      method: "patch",
      path: `${RUNS}/{id}/employees/{employeeId}`,
      summary: "Set hours (draft) or the overrides of tax and contributions (draft or review)",
      description:
        "Effective tax_withheld / avgifter_amount = the override if set, else the calculated. In review the net pay and the run's totals follow at once.",
      params: RunEmployeeParams,
      body: RunEmployeePatchSchema,
      response: RunEmployeeSchema.extend({ run: SalaryRunSchema }),
    }),
    async (c) => dispatch(c, "payroll.update_run_employee", { ...c.req.valid("json"), ...c.req.valid("param") }),
  );

  app.openapi(
    defineRoute({
      ...write,
      method: "delete",
      path: `${RUNS}/{id}/employees/{employeeId}`,
      summary: "Remove an employee (and their line items) from a draft run (204)",
      params: RunEmployeeParams,
      response: null,
      status: 204,
    }),
    async (c) => dispatch(c, "payroll.remove_run_employee", c.req.valid("param")),
  );

  app.openapi(
    defineRoute({
      ...write,
      method: "post",
      path: `${RUNS}/{id}/employees/{employeeId}/line-items`,
      summary: "Add a manual line item (draft run)",
      description:
        "Pay (overtime, commission, other_pay; bonus and retroactive_pay taxed as one-off amounts), taxable benefits (car_benefit, meal_benefit, housing_benefit, other_benefit: in the tax and contribution bases, not paid), " +
        "tax-free reimbursements (expense_reimbursement 7690, mileage_allowance 7331, per_diem 7321: paid, outside the bases) and net_deduction (2790). Manual rows survive every calculate.",
      params: RunEmployeeParams,
      body: LineItemCreateSchema,
      response: LineItemSchema,
      status: 201,
    }),
    async (c) => dispatch(c, "payroll.add_line_item", { ...c.req.valid("json"), ...c.req.valid("param") }),
  );

  app.openapi(
    defineRoute({
      ...write,
      method: "delete",
      path: `${RUNS}/{id}/employees/{employeeId}/line-items/{lineItemId}`,
      summary: "Remove a manual line item (draft run; 204)",
      params: LineItemParams,
      response: null,
      status: 204,
    }),
    async (c) => dispatch(c, "payroll.remove_line_item", c.req.valid("param")),
  );

  app.openapi(
    defineRoute({
      ...write,
      method: "post",
      path: `${RUNS}/{id}/calculate`,
      summary: "Calculate: tax, employer contributions, net pay; draft to review",
      description:
        "Draft only (SALARY_RUN_CALCULATE_NOT_DRAFT); no employees: SALARY_RUN_NO_EMPLOYEES; no tax table or rates for the payment year: 503 SALARY_RUN_TAX_TABLE_MISSING. Engine rows are regenerated, manual rows kept. Returns the run with warnings.",
      params: IdParams,
      response: SalaryRunSchema,
    }),
    async (c) => dispatch(c, "payroll.calculate_run", { id: c.req.valid("param").id }),
  );

  app.openapi(
    defineRoute({
      ...write,
      method: "post",
      path: `${RUNS}/{id}/approve`,
      summary: "Approve a run in review",
      description:
        "Review only (SALARY_RUN_APPROVE_NOT_REVIEW). Every employee needs clearing and account number, a calculation breakdown and net pay not below zero; all problems come in one SALARY_RUN_APPROVE_VALIDATION_FAILED with details.employees[]. A missing email is a warning. Emits salary_run.approved.",
      params: IdParams,
      response: SalaryRunSchema,
    }),
    async (c) => dispatch(c, "payroll.approve_run", { id: c.req.valid("param").id }),
  );

  app.openapi(
    defineRoute({
      ...write,
      method: "post",
      path: `${RUNS}/{id}/reopen`,
      summary: "Reopen a run in review or approved: back to draft",
      description:
        "Review or approved only (SALARY_RUN_REOPEN_INVALID_STATUS; a paid or booked run is never reopened). The calculation is undone: engine line items removed, figures, totals and warnings cleared, approval forgotten, the month's absence released; employees, hours, overrides and manual line items stay. Emits salary_run.reopened.",
      params: IdParams,
      response: SalaryRunSchema,
    }),
    async (c) => dispatch(c, "payroll.reopen_run", { id: c.req.valid("param").id }),
  );

  app.openapi(
    defineRoute({
      ...write,
      dryRun: false,
      method: "post",
      path: `${RUNS}/{id}/mark-paid`,
      summary: "Record the payment of an approved run (no entry)",
      description:
        "Approved only (CONFLICT otherwise). payment_date (default the run's) and settlement_account (default 1930) are used by book. " +
        "A payment_date after today (the service's clock) is PAYMENT_DATE_IN_FUTURE unless planned: true, which records a payment ordered for that date: the run is paid (payment_planned) and the minute sweep books it on that date.",
      params: IdParams,
      body: MarkPaidSchema,
      bodyRequired: false,
      response: SalaryRunSchema,
    }),
    async (c) => dispatch(c, "payroll.mark_run_paid", { ...c.req.valid("json"), id: c.req.valid("param").id }),
  );

  app.openapi(
    defineRoute({
      ...write,
      method: "post",
      path: `${RUNS}/{id}/book`,
      summary: "Book a paid run: 2-4 entries, all or nothing",
      description:
        "Paid only (SALARY_RUN_BOOK_NOT_PAID); not before the payment date (409 SALARY_RUN_BOOK_NOT_DUE); payment_date in an open period (PERIOD_LOCKED with fiscal_period_id). Salary: Debit 7210/7010/7220 gross and reimbursement accounts, Credit 2710 tax, deduction accounts and the settlement account net. " +
        "Contributions: Debit 7510 / Credit 2731. Vacation (when the liability changed): Debit 7290 / Credit 2920 and Debit 7519 / Credit 2940 (vacation_entry_id). Salary exchange: Debit 7412 / Credit 2930 and Debit 7533 / Credit 2514. meta.audit carries the salary voucher. Emits salary_run.booked.",
      params: IdParams,
      response: SalaryRunSchema,
    }),
    async (c) => dispatch(c, "payroll.book_run", { id: c.req.valid("param").id }),
  );

  app.openapi(
    defineRoute({
      ...read,
      method: "get",
      path: `${RUNS}/{id}/payslips/{employeeId}/pdf`,
      summary: "The payslip (lönespecifikation) as PDF",
      description:
        "application/pdf, attachment. Employer, employee (masked personnummer), period, payment date, every line item, gross, tax, net, year to date. The run must be calculated.",
      params: RunEmployeeParams,
      response: null,
    }),
    async (c) => {
      const db = database(c.env);
      const companyId = c.get("company").id;
      const { id, employeeId } = c.req.valid("param");
      const run = await loadRun(db, companyId, id);
      const re = await loadRunEmployee(db, run.id, employeeId);
      const e = await withBankAccount(c.env, await loadEmployee(db, companyId, employeeId));
      const bytes = await renderPayslipPdf({
        company: await companyHeading(db, companyId),
        run,
        runEmployee: re,
        employee: e,
        items: await lineItemsOf(db, re.id),
        ytd: await ytdOf(db, companyId, employeeId, run),
      });
      return fileResponse(
        c,
        bytes,
        "application/pdf",
        `lonespecifikation-${run.periodYear}-${String(run.periodMonth).padStart(2, "0")}-${e.personnummerPrefix}.pdf`,
      );
    },
  );

  app.openapi(
    defineRoute({
      ...read,
      method: "get",
      path: `${RUNS}/{id}/payment-file`,
      summary: "The run's net pay as an ISO 20022 pain.001.001.03 credit-transfer file",
      description:
        "application/xml, attachment lon-YYYY-MM-pain001.xml. Approved, paid or booked runs (CONFLICT otherwise). One payment batch (category purpose SALA) from the company's account (settings: iban, else bank_clearing_number + bank_account_number, else bankgiro; none: CONFLICT details.company bank_account_missing), " +
        "dated execution_date (default the run's payment_date); one transfer per employee with net pay above zero, to the employee's clearing and account number (SESBA clearing, BBAN), message \"Lön YYYY-MM\", EndToEndId the salary_run_employee_id without hyphens. Nothing is stored.",
      params: IdParams,
      query: z.object({ execution_date: DateSchema.optional() }).strict(),
      response: null,
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const file = await salaryPaymentFile(database(c.env), c.get("company").id, id, {
        executionDate: c.req.valid("query").execution_date,
        now: new Date().toISOString(),
        env: c.env,
      });
      return fileResponse(c, new TextEncoder().encode(file.xml), "application/xml", file.fileName);
    },
  );

  // Absence

  const AbsenceParams = z.object({ companyId: z.string(), id: z.string(), absenceId: z.string() });

  app.openapi(
    defineRoute({
      ...read,
      method: "get",
      path: `${EMPLOYEES}/{id}/absence`,
      summary: "An employee's absence days in a date range",
      description:
        "from and to inclusive, at most 92 days (400 ABSENCE_RANGE_TOO_LARGE); type filters one absence type. Ordered by date; no pagination.",
      params: IdParams,
      query: AbsenceQuery,
      response: z.array(AbsenceDaySchema),
    }),
    async (c) => {
      const db = database(c.env);
      const companyId = c.get("company").id;
      const q = c.req.valid("query");
      const e = await loadEmployee(db, companyId, c.req.valid("param").id);
      assertAbsenceRange(q.from, q.to, "to");
      return json(c, (await absenceOf(db, companyId, e.id, q.from, q.to, q.type)).map(absenceJson));
    },
  );

  app.openapi(
    defineRoute({
      ...write,
      method: "post",
      path: `${EMPLOYEES}/{id}/absence`,
      status: 201,
      summary: "Register absence: a day, part of a day (hours), or a range of calendar days",
      description:
        "One row per calendar day from from_date to to_date (inclusive, weekends included, at most 92 days: ABSENCE_RANGE_TOO_LARGE); hours for a single part day. Types: sick, vab, parental, vacation, leave_without_pay, leave_with_pay, study_leave, caring_for_relative, infection_carrier. " +
        "A day that has an absence already, or a month whose run is calculated or later with the employee: CONFLICT. Calculate turns the month's days into sick pay, karensavdrag and deductions.",
      params: IdParams,
      body: AbsenceCreateSchema,
      response: z.array(AbsenceDaySchema),
    }),
    async (c) =>
      dispatch(c, "payroll.register_absence", { ...c.req.valid("json"), employeeId: c.req.valid("param").id }),
  );

  app.openapi(
    defineRoute({
      ...write,
      method: "patch",
      path: `${EMPLOYEES}/{id}/absence/{absenceId}`,
      summary: "Change an absence day (type, hours, notes)",
      description:
        "hours null: the whole day. Refused with CONFLICT when the month's run with the employee is calculated or later.",
      params: AbsenceParams,
      body: AbsencePatchSchema,
      response: AbsenceDaySchema,
    }),
    async (c) =>
      dispatch(c, "payroll.update_absence", {
        ...c.req.valid("json"),
        employeeId: c.req.valid("param").id,
        absenceId: c.req.valid("param").absenceId,
      }),
  );

  app.openapi(
    defineRoute({
      ...write,
      method: "delete",
      path: `${EMPLOYEES}/{id}/absence/{absenceId}`,
      summary: "Remove an absence day",
      description: "Refused with CONFLICT when the month's run with the employee is calculated or later.",
      params: AbsenceParams,
      response: null,
      status: 204,
    }),
    async (c) =>
      dispatch(c, "payroll.remove_absence", {
        employeeId: c.req.valid("param").id,
        absenceId: c.req.valid("param").absenceId,
      }),
  );

  // The AGI (arbetsgivardeklaration på individnivå)

  app.openapi(
    defineRoute({
      ...write,
      dryRun: false,
      method: "post",
      path: `${RUNS}/{id}/generate-agi`,
      summary: "Generate the AGI XML of a booked run (not submitted)",
      description:
        "Booked only (CONFLICT otherwise). Skatteverket's arbetsgivardeklaration file, schema 1.1, for the run's period_year and period_month (not the payment date): the HU with total contributions (487) and total tax (497), one IU per employee (F-skatt holders excepted) " +
        "with a stable specification number (570) and the fields 011/131 cash pay, 012/013/015 (132/133/139) benefits, 001 or 274 tax, 050 and 051 boxes. Stored and returned (201 the first time, 200 when generated again); refused with CONFLICT once a submission reference is recorded. The body is optional: the contact person (Kontaktperson) is the body's contact, else the company's settings.payroll_contact, else 400 AGI_CONTACT_MISSING. The service never submits it. Emits agi.generated.",
      params: IdParams,
      body: AgiGenerateSchema,
      bodyRequired: false,
      response: AgiSchema,
    }),
    async (c) => dispatch(c, "payroll.generate_agi", { ...c.req.valid("json"), id: c.req.valid("param").id }),
  );

  app.openapi(
    defineRoute({
      ...read,
      method: "get",
      path: `${RUNS}/{id}/agi`,
      summary: "The stored AGI of a run, with its XML",
      description:
        "404 NOT_FOUND until generate-agi. ?format=xml answers the file itself (application/xml, attachment).",
      params: IdParams,
      query: z.object({ format: z.enum(["json", "xml"]).default("json") }).strict(),
      response: AgiSchema,
    }),
    async (c) => {
      const db = database(c.env);
      const companyId = c.get("company").id;
      const run = await loadRun(db, companyId, c.req.valid("param").id);
      const agi = await loadAgi(db, companyId, run.id);
      const xml = await storedAgiXml(c.env, agi);
      if (c.req.valid("query").format === "xml") {
        return fileResponse(
          c,
          new TextEncoder().encode(xml),
          "application/xml",
          `agi-${agi.periodYear}${String(agi.periodMonth).padStart(2, "0")}.xml`,
        );
      }
      return json(c, agiJson(agi, xml));
    },
  );

  app.openapi(
    defineRoute({
      ...write,
      idempotency: "optional",
      method: "patch",
      path: `${RUNS}/{id}/agi`,
      summary: "Record the submission reference of the AGI",
      description:
        "submission_reference: Skatteverket's confirmation number, stored with the time it was recorded; the AGI is then no longer generated again. 404 NOT_FOUND before generate-agi.",
      params: IdParams,
      body: AgiPatchSchema,
      response: AgiSchema,
    }),
    async (c) => dispatch(c, "payroll.record_agi_submission", { ...c.req.valid("json"), id: c.req.valid("param").id }),
  );

  // Payroll reports

  app.openapi(
    defineRoute({
      ...read,
      method: "get",
      path: `${COMPANY}/reports/avgifter-basis`,
      tag: "Reports",
      summary: "Employer contribution basis of a year, per employee, from booked runs",
      description:
        "Runs booked with a payment date in `year`. Per employee: basis, the parts per rate (full, youth, pension_fee_only, exempt) and the contributions booked; per rate: the basis and Skatteverket's figure month by month (bases in whole kronor per rate, öre dropped).",
      query: AvgifterBasisQuery,
      response: z.record(z.string(), z.unknown()),
    }),
    async (c) => json(c, await avgifterBasis(database(c.env), c.get("company").id, c.req.valid("query").year)),
  );

  app.openapi(
    defineRoute({
      ...read,
      method: "get",
      path: `${COMPANY}/reports/salary-journal`,
      tag: "Reports",
      summary: "Salary journal (lönejournal) of a run or a period",
      description:
        "salary_run_id, or period_year (and period_month). Calculated runs only (review and later). Per run and employee: gross, benefits, reimbursements, deductions, tax, net, contributions, line items; totals.",
      query: SalaryJournalQuery,
      response: z.record(z.string(), z.unknown()),
    }),
    async (c) => json(c, await salaryJournal(database(c.env), c.get("company").id, c.req.valid("query"))),
  );

  // Vacation and opening balances

  app.openapi(
    defineRoute({
      ...read,
      method: "get",
      path: `${EMPLOYEES}/{id}/vacation-balance`,
      summary: "The employee's vacation balance after the latest booked run",
      description:
        "Calendar year as earning and vacation year. Paid and unpaid days of the year (semesterlagen 4 §, 7 §), days taken, remaining (may be negative), saved days by year (18 §), days paid out, and the vacation pay liability with its contributions. " +
        "404 VACATION_BALANCE_NOT_FOUND until the employee's first booked run or opening balance.",
      params: IdParams,
      response: VacationBalanceSchema,
    }),
    async (c) => json(c, await vacationBalance(database(c.env), c.get("company").id, c.req.valid("param").id)),
  );

  app.openapi(
    defineRoute({
      ...read,
      method: "get",
      path: `${EMPLOYEES}/{id}/opening-balances`,
      summary: "The employee's opening balances (mid-year cutover)",
      description: "404 NOT_FOUND if never set. locked: the employee has a booked run in the cutover year or later.",
      params: IdParams,
      response: OpeningBalancesResponse,
    }),
    async (c) => json(c, await openingBalances(database(c.env), c.get("company").id, c.req.valid("param").id)),
  );

  app.openapi(
    defineRoute({
      ...write,
      method: "post",
      path: `${EMPLOYEES}/{id}/opening-balances`,
      summary: "Set the employee's opening balances for a mid-year cutover (201 the first time, 200 when replaced)",
      description:
        "The figures of the year before cutover_date: year-to-date gross, benefits, tax, net and contributions (added to the payslip's year to date; not to the AGI), the vacation balance (paid, unpaid and saved days), the vacation debt and its contributions, and the karens adjustment (qualifying absence days used). " +
        "Refused with 409 CONFLICT (details.locked_by_run_id) once the employee has a booked run in the cutover year or later. Nothing is booked: the company's 2920/2940 opening balances come from its own opening entry.",
      params: IdParams,
      body: OpeningBalancesSchema,
      response: OpeningBalancesResponse,
    }),
    async (c) =>
      dispatch(c, "payroll.put_opening_balances", { ...c.req.valid("json"), employeeId: c.req.valid("param").id }),
  );

  app.openapi(
    defineRoute({
      ...read,
      method: "get",
      path: `${COMPANY}/reports/vacation-liability`,
      tag: "Reports",
      summary: "Vacation pay liability (semesterlöneskuld) per employee as of a date",
      description:
        "Per employee the liability after the latest booked run paid on or before as_of (else the opening balance): remaining and saved days, day value, liability and its contributions; totals equal the ledger's 2920 and 2940 (plus any opening debt the company booked itself).",
      query: VacationLiabilityQuery,
      response: z.record(z.string(), z.unknown()),
    }),
    async (c) =>
      json(c, await vacationLiability(database(c.env), c.get("company").id, c.req.valid("query").as_of ?? todayUtc())),
  );
}
