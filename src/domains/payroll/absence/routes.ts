// An employee's absence days: read a range, register, change, remove.
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { PROSE } from "./prose";
import { database } from "../../../db/client";
import type { AppEnv } from "../../../http/context";
import { dispatch } from "../../../http/dispatch";
import { json } from "../../../http/envelope";
import { CompanyItemParams } from "../../../http/params";
import { defineRoute, type HandlerContext } from "../../../http/route";
import { loadEmployee } from "../employees/queries";
import { EMPLOYEES, read, write } from "../route-common";
import { absenceJson, absenceOf } from "./queries";
import { assertAbsenceRange } from "./rules";
import { AbsenceCreateSchema, AbsenceDaySchema, AbsencePatchSchema, AbsenceQuery } from "./schemas";

/** `/employees/{id}/absence/{absenceId}` */
const AbsenceParams = CompanyItemParams.extend({ absenceId: z.string() });

const listAbsenceRoute = defineRoute({
  ...read,
  method: "get",
  path: `${EMPLOYEES}/{id}/absence`,
  summary: "An employee's absence days in a date range",
  description: PROSE.listAbsence,
  params: CompanyItemParams,
  query: AbsenceQuery,
  response: z.array(AbsenceDaySchema),
});

async function listAbsence(c: HandlerContext<typeof listAbsenceRoute>) {
  const db = database(c.env);
  const companyId = c.get("company").id;
  const q = c.req.valid("query");
  const e = await loadEmployee(db, companyId, c.req.valid("param").id);
  assertAbsenceRange(q.from, q.to, "to");
  return json(c, (await absenceOf(db, companyId, e.id, q.from, q.to, q.type)).map(absenceJson));
}

const registerAbsenceRoute = defineRoute({
  ...write,
  method: "post",
  path: `${EMPLOYEES}/{id}/absence`,
  status: 201,
  summary: "Register absence: a day, part of a day (hours), or a range of calendar days",
  description: PROSE.registerAbsence,
  params: CompanyItemParams,
  body: AbsenceCreateSchema,
  response: z.array(AbsenceDaySchema),
});

async function registerAbsence(c: HandlerContext<typeof registerAbsenceRoute>) {
  return dispatch(c, "payroll.register_absence", { ...c.req.valid("json"), employeeId: c.req.valid("param").id });
}

const updateAbsenceRoute = defineRoute({
  ...write,
  method: "patch",
  path: `${EMPLOYEES}/{id}/absence/{absenceId}`,
  summary: "Change an absence day (type, hours, notes)",
  description: PROSE.updateAbsence,
  params: AbsenceParams,
  body: AbsencePatchSchema,
  response: AbsenceDaySchema,
});

async function updateAbsence(c: HandlerContext<typeof updateAbsenceRoute>) {
  const { id, absenceId } = c.req.valid("param");
  return dispatch(c, "payroll.update_absence", { ...c.req.valid("json"), employeeId: id, absenceId });
}

const removeAbsenceRoute = defineRoute({
  ...write,
  method: "delete",
  path: `${EMPLOYEES}/{id}/absence/{absenceId}`,
  summary: "Remove an absence day",
  description: "Refused with CONFLICT when the month's run with the employee is calculated or later.",
  params: AbsenceParams,
  response: null,
  status: 204,
});

async function removeAbsence(c: HandlerContext<typeof removeAbsenceRoute>) {
  const { id, absenceId } = c.req.valid("param");
  return dispatch(c, "payroll.remove_absence", { employeeId: id, absenceId });
}

export function registerAbsenceRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(listAbsenceRoute, listAbsence);
  app.openapi(registerAbsenceRoute, registerAbsence);
  app.openapi(updateAbsenceRoute, updateAbsence);
  app.openapi(removeAbsenceRoute, removeAbsence);
}
