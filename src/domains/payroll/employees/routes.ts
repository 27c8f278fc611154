// Employees: list, read (with the full personnummer), create, update, soft-delete.
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { DOCS } from "./prose";
import { todayUtc } from "../../../clock";
import { database } from "../../../db/client";
import { ApiError } from "../../../errors/api-error";
import type { AppEnv } from "../../../http/context";
import { json } from "../../../http/envelope";
import { byCreated, finishPage, pageRequest } from "../../../http/pagination";
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
import { handled, on, registerRoutes, routeRoom } from "../../../http/route-table";

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

const room = routeRoom(EMPLOYEES, { read, write });

const listEmployeesRoute = room.list(DOCS.listEmployees, EmployeeListQuery, z.array(EmployeeSchema));

async function listEmployeesPage(c: HandlerContext<typeof listEmployeesRoute>) {
  const { cursor, limit, ...q } = c.req.valid("query");
  refusePersonnummerInUrl(q.search);
  const companyId = c.get("company").id;
  const page = await pageRequest(c, `employees:${companyId}:${q.include_inactive}:${q.search}`, cursor, limit);
  const { items, nextCursor } = await finishPage(
    c,
    page,
    await listEmployees(database(c.env), companyId, q, page),
    byCreated,
  );
  return json(c, await Promise.all(items.map((e) => employeeListJson(c.env, e))), 200, {
    next_cursor: nextCursor,
  });
}

const searchEmployeesRoute = defineRoute({
  ...on.post(read, `${EMPLOYEES}/search`, DOCS.searchEmployees),
  write: false,
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

const getEmployeeRoute = room.get(DOCS.getEmployee, EmployeeSchema);

async function getEmployee(c: HandlerContext<typeof getEmployeeRoute>) {
  const employee = await loadEmployee(database(c.env), c.get("company").id, c.req.valid("param").id);
  // a viewer sees the bank account number masked, as on the list
  const fullAccount = c.get("access")?.membership?.role !== "viewer";
  return json(c, await employeeDetailJson(c.env, employee, fullAccount));
}

const createEmployee = room.create(
  "payroll.create_employee",
  DOCS.createEmployee,
  EmployeeCreateSchema,
  EmployeeSchema,
);

const updateEmployee = room.update("payroll.update_employee", DOCS.updateEmployee, EmployeePatchSchema, EmployeeSchema);

const deactivateEmployee = room.remove("payroll.deactivate_employee", DOCS.deactivateEmployee);

export function registerEmployeeRoutes(app: OpenAPIHono<AppEnv>) {
  registerRoutes(app, [
    handled(listEmployeesRoute, listEmployeesPage),
    handled(searchEmployeesRoute, searchEmployees),
    handled(getEmployeeRoute, getEmployee),
    createEmployee,
    updateEmployee,
    deactivateEmployee,
  ]);
}
