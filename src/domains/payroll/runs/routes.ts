// Salary runs: list, read, create, change, delete; their employees and manual line
// items; the steps calculate, approve, reopen, mark-paid and book; the payslip PDF and
// the payment file.
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { PROSE } from "./prose";
import { database } from "../../../db/client";
import type { AppEnv } from "../../../http/context";
import { dispatch } from "../../../http/dispatch";
import { json } from "../../../http/envelope";
import { finishPage, pageRequest } from "../../../http/pagination";
import { CompanyItemParams, CompanyParams } from "../../../http/params";
import { defineRoute, type HandlerContext } from "../../../http/route";
import { employeesByIds, loadEmployee } from "../employees/queries";
import { read, RunEmployeeParams, RUNS, write } from "../route-common";
import { registerRunDocumentRoutes } from "./documents/routes";
import {
  countRunEmployees,
  lineItemsOf,
  listRuns,
  loadRun,
  loadRunEmployee,
  runEmployeeJson,
  runEmployees,
  runJson,
  ytdOf,
} from "./queries";
import {
  LineItemCreateSchema,
  LineItemSchema,
  MarkPaidSchema,
  PageQuery,
  RunEmployeePatchSchema,
  RunEmployeesAddSchema,
  RunEmployeeSchema,
  SalaryRunCreateSchema,
  SalaryRunListQuery,
  SalaryRunPatchSchema,
  SalaryRunSchema,
} from "./schemas";

const LineItemParams = RunEmployeeParams.extend({ lineItemId: z.string() });

/** The run a command acts on: the {id} of the path (the body, if any, is the command's own). */
function runOf(c: { req: { valid(target: "param"): { id: string } } }) {
  return { id: c.req.valid("param").id };
}

// The run itself

const listRunsRoute = defineRoute({
  ...read,
  method: "get",
  path: RUNS,
  summary: "List salary runs",
  params: CompanyParams,
  query: SalaryRunListQuery,
  response: z.array(SalaryRunSchema),
});

async function listRunsPage(c: HandlerContext<typeof listRunsRoute>) {
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
}

const getRunRoute = defineRoute({
  ...read,
  method: "get",
  path: `${RUNS}/{id}`,
  summary: "Get a salary run",
  params: CompanyItemParams,
  response: SalaryRunSchema,
});

async function getRun(c: HandlerContext<typeof getRunRoute>) {
  const db = database(c.env);
  const run = await loadRun(db, c.get("company").id, c.req.valid("param").id);
  return json(c, runJson(run, (await countRunEmployees(db, [run.id])).get(run.id) ?? 0));
}

const createRunRoute = defineRoute({
  ...write,
  method: "post",
  path: RUNS,
  summary: "Create a salary run (draft, without employees)",
  description: PROSE.createRun,
  params: CompanyParams,
  body: SalaryRunCreateSchema,
  response: SalaryRunSchema,
  status: 201,
});

async function createRun(c: HandlerContext<typeof createRunRoute>) {
  return dispatch(c, "payroll.create_run", c.req.valid("json"));
}

const updateRunRoute = defineRoute({
  ...write,
  method: "patch",
  path: `${RUNS}/{id}`,
  summary: "Change a draft run's payment_date or voucher_series",
  params: CompanyItemParams,
  body: SalaryRunPatchSchema,
  response: SalaryRunSchema,
});

async function updateRun(c: HandlerContext<typeof updateRunRoute>) {
  return dispatch(c, "payroll.update_run", { ...c.req.valid("json"), ...runOf(c) });
}

const deleteRunRoute = defineRoute({
  ...write,
  method: "delete",
  path: `${RUNS}/{id}`,
  summary: "Delete a draft run",
  description: PROSE.deleteRun,
  params: CompanyItemParams,
  response: null,
  status: 204,
});

async function deleteRun(c: HandlerContext<typeof deleteRunRoute>) {
  return dispatch(c, "payroll.delete_run", runOf(c));
}

// The run's employees and their line items

const listRunEmployeesRoute = defineRoute({
  ...read,
  method: "get",
  path: `${RUNS}/{id}/employees`,
  summary: "The employees of a run with their figures",
  params: CompanyItemParams,
  query: PageQuery,
  response: z.array(RunEmployeeSchema),
});

async function listRunEmployeesPage(c: HandlerContext<typeof listRunEmployeesRoute>) {
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
}

const getRunEmployeeRoute = defineRoute({
  ...read,
  method: "get",
  path: `${RUNS}/{id}/employees/{employeeId}`,
  summary: "Payslip detail: figures, line items, year to date, calculation breakdown",
  params: RunEmployeeParams,
  response: RunEmployeeSchema,
});

async function getRunEmployee(c: HandlerContext<typeof getRunEmployeeRoute>) {
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
}

const addRunEmployeesRoute = defineRoute({
  ...write,
  method: "post",
  path: `${RUNS}/{id}/employees`,
  summary: "Add employees to a draft run",
  description: PROSE.addRunEmployees,
  params: CompanyItemParams,
  body: RunEmployeesAddSchema,
  response: SalaryRunSchema.extend({ added_employee_ids: z.array(z.string()) }),
});

async function addRunEmployees(c: HandlerContext<typeof addRunEmployeesRoute>) {
  return dispatch(c, "payroll.add_run_employees", { ...c.req.valid("json"), ...runOf(c) });
}

const updateRunEmployeeRoute = defineRoute({
  ...write,
  method: "patch",
  path: `${RUNS}/{id}/employees/{employeeId}`,
  summary: "Set hours (draft) or the overrides of tax and contributions (draft or review)",
  description: PROSE.updateRunEmployee,
  params: RunEmployeeParams,
  body: RunEmployeePatchSchema,
  response: RunEmployeeSchema.extend({ run: SalaryRunSchema }),
});

async function updateRunEmployee(c: HandlerContext<typeof updateRunEmployeeRoute>) {
  return dispatch(c, "payroll.update_run_employee", { ...c.req.valid("json"), ...c.req.valid("param") });
}

const removeRunEmployeeRoute = defineRoute({
  ...write,
  method: "delete",
  path: `${RUNS}/{id}/employees/{employeeId}`,
  summary: "Remove an employee (and their line items) from a draft run (204)",
  params: RunEmployeeParams,
  response: null,
  status: 204,
});

async function removeRunEmployee(c: HandlerContext<typeof removeRunEmployeeRoute>) {
  return dispatch(c, "payroll.remove_run_employee", c.req.valid("param"));
}

const addLineItemRoute = defineRoute({
  ...write,
  method: "post",
  path: `${RUNS}/{id}/employees/{employeeId}/line-items`,
  summary: "Add a manual line item (draft run)",
  description: PROSE.addLineItem,
  params: RunEmployeeParams,
  body: LineItemCreateSchema,
  response: LineItemSchema,
  status: 201,
});

async function addLineItem(c: HandlerContext<typeof addLineItemRoute>) {
  return dispatch(c, "payroll.add_line_item", { ...c.req.valid("json"), ...c.req.valid("param") });
}

const removeLineItemRoute = defineRoute({
  ...write,
  method: "delete",
  path: `${RUNS}/{id}/employees/{employeeId}/line-items/{lineItemId}`,
  summary: "Remove a manual line item (draft run; 204)",
  params: LineItemParams,
  response: null,
  status: 204,
});

async function removeLineItem(c: HandlerContext<typeof removeLineItemRoute>) {
  return dispatch(c, "payroll.remove_line_item", c.req.valid("param"));
}

// The run's steps: calculate, approve, reopen, mark-paid, book

/**
 * A step of a run's life that takes no body: POST .../salary-runs/{id}/<step>, a payroll
 * write (idempotent, dry-run) answering the run. Each step names its command in its handler.
 */
function runStepRoute(step: "calculate" | "approve" | "reopen" | "book", summary: string, description: string) {
  return defineRoute({
    ...write,
    method: "post",
    path: `${RUNS}/{id}/${step}`,
    summary,
    description,
    params: CompanyItemParams,
    response: SalaryRunSchema,
  });
}

type RunStepContext = HandlerContext<ReturnType<typeof runStepRoute>>;

const calculateRunRoute = runStepRoute(
  "calculate",
  "Calculate: tax, employer contributions, net pay; draft to review",
  PROSE.calculate,
);

async function calculateRun(c: RunStepContext) {
  return dispatch(c, "payroll.calculate_run", runOf(c));
}

const approveRunRoute = runStepRoute("approve", "Approve a run in review", PROSE.approve);

async function approveRun(c: RunStepContext) {
  return dispatch(c, "payroll.approve_run", runOf(c));
}

const reopenRunRoute = runStepRoute("reopen", "Reopen a run in review or approved: back to draft", PROSE.reopen);

async function reopenRun(c: RunStepContext) {
  return dispatch(c, "payroll.reopen_run", runOf(c));
}

const markRunPaidRoute = defineRoute({
  ...write,
  dryRun: false,
  method: "post",
  path: `${RUNS}/{id}/mark-paid`,
  summary: "Record the payment of an approved run (no entry)",
  description: PROSE.markRunPaid,
  params: CompanyItemParams,
  body: MarkPaidSchema,
  bodyRequired: false,
  response: SalaryRunSchema,
});

async function markRunPaid(c: HandlerContext<typeof markRunPaidRoute>) {
  return dispatch(c, "payroll.mark_run_paid", { ...c.req.valid("json"), ...runOf(c) });
}

const bookRunRoute = runStepRoute("book", "Book a paid run: 2-4 entries, all or nothing", PROSE.book);

async function bookRun(c: RunStepContext) {
  return dispatch(c, "payroll.book_run", runOf(c));
}

export function registerRunRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(listRunsRoute, listRunsPage);
  app.openapi(getRunRoute, getRun);
  app.openapi(createRunRoute, createRun);
  app.openapi(updateRunRoute, updateRun);
  app.openapi(deleteRunRoute, deleteRun);
  app.openapi(listRunEmployeesRoute, listRunEmployeesPage);
  app.openapi(getRunEmployeeRoute, getRunEmployee);
  app.openapi(addRunEmployeesRoute, addRunEmployees);
  app.openapi(updateRunEmployeeRoute, updateRunEmployee);
  app.openapi(removeRunEmployeeRoute, removeRunEmployee);
  app.openapi(addLineItemRoute, addLineItem);
  app.openapi(removeLineItemRoute, removeLineItem);
  app.openapi(calculateRunRoute, calculateRun);
  app.openapi(approveRunRoute, approveRun);
  app.openapi(reopenRunRoute, reopenRun);
  app.openapi(markRunPaidRoute, markRunPaid);
  app.openapi(bookRunRoute, bookRun);
  registerRunDocumentRoutes(app);
}
