// Employees: list, read (with the full personnummer), create, update, soft-delete.
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { PROSE } from "./prose";
import { todayUtc } from "../../../clock";
import { database } from "../../../db/client";
import { ApiError } from "../../../errors/api-error";
import type { AppEnv } from "../../../http/context";
import { dispatch } from "../../../http/dispatch";
import { json } from "../../../http/envelope";
import { finishPage, pageRequest } from "../../../http/pagination";
import { CompanyItemParams, CompanyParams } from "../../../http/params";
import { defineRoute, type HandlerContext } from "../../../http/route";
import { EMPLOYEES, read, write } from "../route-common";
import { employeeDetailJson, employeeListJson, employeesByPersonnummer, listEmployees, loadEmployee } from "./queries";
import {
  EmployeeCreateSchema,
  EmployeeListQuery,
  EmployeePatchSchema,
  EmployeeSchema,
  EmployeeSearchBody,
  FULL_PERSONNUMMER,
} from "./schemas";
import { commandRoute } from "../../../http/command-route";

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
    'Search by personnummer with POST /api/v1/companies/{companyId}/employees/search and {"personnummer": ' +
      "...} in the body; the query's search takes a name or the 8-digit birth date.",
  );
}

const listEmployeesRoute = defineRoute({
  ...read,
  method: "get",
  path: EMPLOYEES,
  summary: "List employees",
  description: PROSE.listEmployees,
  params: CompanyParams,
  query: EmployeeListQuery,
  response: z.array(EmployeeSchema),
});

async function listEmployeesPage(c: HandlerContext<typeof listEmployeesRoute>) {
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
}

const searchEmployeesRoute = defineRoute({
  ...read,
  write: false,
  method: "post",
  path: `${EMPLOYEES}/search`,
  summary: "Find an employee by personnummer",
  description: PROSE.searchEmployees,
  params: CompanyParams,
  body: EmployeeSearchBody,
  response: z.array(EmployeeSchema),
});

async function searchEmployees(c: HandlerContext<typeof searchEmployeesRoute>) {
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
}

const getEmployeeRoute = defineRoute({
  ...read,
  method: "get",
  path: `${EMPLOYEES}/{id}`,
  summary: "Get an employee, with the full personnummer",
  params: CompanyItemParams,
  response: EmployeeSchema,
});

async function getEmployee(c: HandlerContext<typeof getEmployeeRoute>) {
  const employee = await loadEmployee(database(c.env), c.get("company").id, c.req.valid("param").id);
  // a viewer sees the bank account number masked, as on the list
  const fullAccount = c.get("access")?.membership?.role !== "viewer";
  return json(c, await employeeDetailJson(c.env, employee, fullAccount));
}

const createEmployeeRoute = defineRoute({
  ...write,
  method: "post",
  path: EMPLOYEES,
  summary: "Create an employee",
  description: PROSE.createEmployee,
  params: CompanyParams,
  body: EmployeeCreateSchema,
  response: EmployeeSchema,
  status: 201,
});

async function createEmployee(c: HandlerContext<typeof createEmployeeRoute>) {
  return dispatch(c, "payroll.create_employee", c.req.valid("json"));
}

const updateEmployeeRoute = defineRoute({
  ...write,
  method: "patch",
  path: `${EMPLOYEES}/{id}`,
  summary: "Update an employee",
  description: PROSE.updateEmployee,
  params: CompanyItemParams,
  body: EmployeePatchSchema,
  response: EmployeeSchema,
});

async function updateEmployee(c: HandlerContext<typeof updateEmployeeRoute>) {
  return dispatch(c, "payroll.update_employee", { ...c.req.valid("json"), id: c.req.valid("param").id });
}

const deactivateEmployee = commandRoute("payroll.deactivate_employee", "id", {
  ...write,
  method: "delete",
  path: `${EMPLOYEES}/{id}`,
  summary: "Soft-delete an employee (is_active false; 204; again is a no-op)",
  params: CompanyItemParams,
  response: null,
  status: 204,
});

export function registerEmployeeRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(listEmployeesRoute, listEmployeesPage);
  app.openapi(searchEmployeesRoute, searchEmployees);
  app.openapi(getEmployeeRoute, getEmployee);
  app.openapi(createEmployeeRoute, createEmployee);
  app.openapi(updateEmployeeRoute, updateEmployee);
  app.openapi(deactivateEmployee.route, deactivateEmployee.handler);
}
