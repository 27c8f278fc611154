// Salary runs: list, read, create, change, delete; their employees and manual line
// items; the steps calculate, approve, reopen, mark-paid and book; the payslip PDF and
// the payment file.
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { DOCS } from "./prose";
import { database } from "../../../db/client";
import type { AppEnv } from "../../../http/context";
import { dispatch } from "../../../http/dispatch";
import { json } from "../../../http/envelope";
import { byCreated, finishPage, pageRequest } from "../../../http/pagination";
import { defineRoute, type HandlerContext } from "../../../http/route";
import { employeesByIds } from "../employees/queries";
import { read, RunEmployeeParams, RUNS, write } from "../route-common";
import { registerRunDocumentRoutes } from "./documents/routes";
import {
  countRunEmployees,
  lineItemsOf,
  listRuns,
  loadRun,
  loadRunEmployeeOf,
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
import { commandRoute, handled, on, registerRoutes, type RouteDocs, routeRoom } from "../../../http/route-table";

const LineItemParams = RunEmployeeParams.extend({ lineItemId: z.string() });

/** The run a command acts on: the {id} of the path (the body, if any, is the command's own). */
function runOf(c: { req: { valid(target: "param"): { id: string } } }) {
  return { id: c.req.valid("param").id };
}

// The run itself

const room = routeRoom(RUNS, { read, write });

const listRunsRoute = room.list(DOCS.listRuns, SalaryRunListQuery, z.array(SalaryRunSchema));

async function listRunsPage(c: HandlerContext<typeof listRunsRoute>) {
  const { cursor, limit, ...q } = c.req.valid("query");
  const companyId = c.get("company").id;
  const db = database(c.env);
  const page = await pageRequest(c, `salary-runs:${companyId}:${q.period_year}:${q.status}`, cursor, limit);
  const { items, nextCursor } = await finishPage(c, page, await listRuns(db, companyId, q, page), byCreated);
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

const getRunRoute = room.get(DOCS.getRun, SalaryRunSchema);

async function getRun(c: HandlerContext<typeof getRunRoute>) {
  const db = database(c.env);
  const run = await loadRun(db, c.get("company").id, c.req.valid("param").id);
  return json(c, runJson(run, (await countRunEmployees(db, [run.id])).get(run.id) ?? 0));
}

const createRun = room.create("payroll.create_run", DOCS.createRun, SalaryRunCreateSchema, SalaryRunSchema);

const updateRunRoute = defineRoute({
  ...on.patch(write, `${RUNS}/{id}`, DOCS.updateRun),
  body: SalaryRunPatchSchema,
  response: SalaryRunSchema,
});

async function updateRun(c: HandlerContext<typeof updateRunRoute>) {
  return dispatch(c, "payroll.update_run", { ...c.req.valid("json"), ...runOf(c) });
}

const deleteRunRoute = defineRoute({
  ...on.delete(write, `${RUNS}/{id}`, DOCS.deleteRun),
  response: null,
  status: 204,
});

async function deleteRun(c: HandlerContext<typeof deleteRunRoute>) {
  return dispatch(c, "payroll.delete_run", runOf(c));
}

// The run's employees and their line items

const listRunEmployeesRoute = defineRoute({
  ...on.get(read, `${RUNS}/{id}/employees`, DOCS.listRunEmployees),
  query: PageQuery,
  response: z.array(RunEmployeeSchema),
});

async function listRunEmployeesPage(c: HandlerContext<typeof listRunEmployeesRoute>) {
  const db = database(c.env);
  const companyId = c.get("company").id;
  const run = await loadRun(db, companyId, c.req.valid("param").id);
  const { cursor, limit } = c.req.valid("query");
  const page = await pageRequest(c, `salary-run-employees:${run.id}`, cursor, limit);
  const { items, nextCursor } = await finishPage(c, page, await runEmployees(db, run.id, page), byCreated);
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
  ...on.get(read, `${RUNS}/{id}/employees/{employeeId}`, DOCS.getRunEmployee),
  params: RunEmployeeParams,
  response: RunEmployeeSchema,
});

async function getRunEmployee(c: HandlerContext<typeof getRunEmployeeRoute>) {
  const db = database(c.env);
  const companyId = c.get("company").id;
  const { id, employeeId } = c.req.valid("param");
  const { run, row: re, employee: e } = await loadRunEmployeeOf(db, companyId, id, employeeId);
  return json(
    c,
    runEmployeeJson(re, e, {
      ytd: await ytdOf(db, companyId, employeeId, run),
      items: await lineItemsOf(db, re.id),
    }),
  );
}

const addRunEmployeesRoute = defineRoute({
  ...on.post(write, `${RUNS}/{id}/employees`, DOCS.addRunEmployees),
  body: RunEmployeesAddSchema,
  response: SalaryRunSchema.extend({ added_employee_ids: z.array(z.string()) }),
});

async function addRunEmployees(c: HandlerContext<typeof addRunEmployeesRoute>) {
  return dispatch(c, "payroll.add_run_employees", { ...c.req.valid("json"), ...runOf(c) });
}

const updateRunEmployee = commandRoute("payroll.update_run_employee", "body+params", {
  ...on.patch(write, `${RUNS}/{id}/employees/{employeeId}`, DOCS.updateRunEmployee),
  params: RunEmployeeParams,
  body: RunEmployeePatchSchema,
  response: RunEmployeeSchema.extend({ run: SalaryRunSchema }),
});

const removeRunEmployee = commandRoute("payroll.remove_run_employee", "params", {
  ...on.delete(write, `${RUNS}/{id}/employees/{employeeId}`, DOCS.removeRunEmployee),
  params: RunEmployeeParams,
  response: null,
  status: 204,
});

const addLineItem = commandRoute("payroll.add_line_item", "body+params", {
  ...on.post(write, `${RUNS}/{id}/employees/{employeeId}/line-items`, DOCS.addLineItem),
  params: RunEmployeeParams,
  body: LineItemCreateSchema,
  response: LineItemSchema,
  status: 201,
});

const removeLineItem = commandRoute("payroll.remove_line_item", "params", {
  ...on.delete(write, `${RUNS}/{id}/employees/{employeeId}/line-items/{lineItemId}`, DOCS.removeLineItem),
  params: LineItemParams,
  response: null,
  status: 204,
});

// The run's steps: calculate, approve, reopen, mark-paid, book

/**
 * A step of a run's life that takes no body: POST .../salary-runs/{id}/<step>, a payroll
 * write (idempotent, dry-run) answering the run. Each step names its command in its handler.
 */
/** A step of a run's life without a body: its command takes the run's id. */
function runStep(
  step: "calculate" | "approve" | "reopen" | "book",
  command: "payroll.calculate_run" | "payroll.approve_run" | "payroll.reopen_run" | "payroll.book_run",
  docs: RouteDocs,
) {
  return commandRoute(command, "id", { ...on.post(write, `${RUNS}/{id}/${step}`, docs), response: SalaryRunSchema });
}

const calculateRun = runStep("calculate", "payroll.calculate_run", DOCS.calculateRun);
const approveRun = runStep("approve", "payroll.approve_run", DOCS.approveRun);
const reopenRun = runStep("reopen", "payroll.reopen_run", DOCS.reopenRun);

const markRunPaidRoute = defineRoute({
  ...on.post(write, `${RUNS}/{id}/mark-paid`, DOCS.markRunPaid),
  dryRun: false,
  body: MarkPaidSchema,
  bodyRequired: false,
  response: SalaryRunSchema,
});

async function markRunPaid(c: HandlerContext<typeof markRunPaidRoute>) {
  return dispatch(c, "payroll.mark_run_paid", { ...c.req.valid("json"), ...runOf(c) });
}

const bookRun = runStep("book", "payroll.book_run", DOCS.bookRun);

export function registerRunRoutes(app: OpenAPIHono<AppEnv>) {
  registerRoutes(app, [
    handled(listRunsRoute, listRunsPage),
    handled(getRunRoute, getRun),
    createRun,
    handled(updateRunRoute, updateRun),
    handled(deleteRunRoute, deleteRun),
    handled(listRunEmployeesRoute, listRunEmployeesPage),
    handled(getRunEmployeeRoute, getRunEmployee),
    handled(addRunEmployeesRoute, addRunEmployees),
    updateRunEmployee,
    removeRunEmployee,
    addLineItem,
    removeLineItem,
    calculateRun,
    approveRun,
    reopenRun,
    handled(markRunPaidRoute, markRunPaid),
    bookRun,
  ]);
  registerRunDocumentRoutes(app);
}
