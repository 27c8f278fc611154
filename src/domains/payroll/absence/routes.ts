// An employee's absence days: read a range, register, change, remove.
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { DOCS } from "./prose";
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
import { handled, on, registerRoutes } from "../../../http/route-table";

/** `/employees/{id}/absence/{absenceId}` */
const AbsenceParams = CompanyItemParams.extend({ absenceId: z.string() });

const listAbsenceRoute = defineRoute({
  ...on.get(read, `${EMPLOYEES}/{id}/absence`, DOCS.listAbsence),
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
  ...on.post(write, `${EMPLOYEES}/{id}/absence`, DOCS.registerAbsence),
  status: 201,
  body: AbsenceCreateSchema,
  response: z.array(AbsenceDaySchema),
});

async function registerAbsence(c: HandlerContext<typeof registerAbsenceRoute>) {
  return dispatch(c, "payroll.register_absence", { ...c.req.valid("json"), employeeId: c.req.valid("param").id });
}

const updateAbsenceRoute = defineRoute({
  ...on.patch(write, `${EMPLOYEES}/{id}/absence/{absenceId}`, DOCS.updateAbsence),
  params: AbsenceParams,
  body: AbsencePatchSchema,
  response: AbsenceDaySchema,
});

async function updateAbsence(c: HandlerContext<typeof updateAbsenceRoute>) {
  const { id, absenceId } = c.req.valid("param");
  return dispatch(c, "payroll.update_absence", { ...c.req.valid("json"), employeeId: id, absenceId });
}

const removeAbsenceRoute = defineRoute({
  ...on.delete(write, `${EMPLOYEES}/{id}/absence/{absenceId}`, DOCS.removeAbsence),
  params: AbsenceParams,
  response: null,
  status: 204,
});

async function removeAbsence(c: HandlerContext<typeof removeAbsenceRoute>) {
  const { id, absenceId } = c.req.valid("param");
  return dispatch(c, "payroll.remove_absence", { employeeId: id, absenceId });
}

export function registerAbsenceRoutes(app: OpenAPIHono<AppEnv>) {
  registerRoutes(app, [
    handled(listAbsenceRoute, listAbsence),
    handled(registerAbsenceRoute, registerAbsence),
    handled(updateAbsenceRoute, updateAbsence),
    handled(removeAbsenceRoute, removeAbsence),
  ]);
}
