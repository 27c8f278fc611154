// The payroll reports under /reports: the employer contribution basis and the salary
// journal (the vacation liability is with the vacation routes).
import type { OpenAPIHono } from "@hono/zod-openapi";
import { PROSE } from "./prose";
import { database } from "../../../db/client";
import type { AppEnv } from "../../../http/context";
import { json } from "../../../http/envelope";
import { CompanyParams } from "../../../http/params";
import { defineRoute, type HandlerContext } from "../../../http/route";
import { COMPANY, read } from "../route-common";
import { avgifterBasis, salaryJournal } from "./queries";
import { AvgifterBasisQuery, AvgifterBasisSchema, SalaryJournalQuery, SalaryJournalSchema } from "./schemas";

const avgifterBasisRoute = defineRoute({
  ...read,
  method: "get",
  path: `${COMPANY}/reports/avgifter-basis`,
  tag: "Reports",
  summary: "Employer contribution basis of a year, per employee, from booked runs",
  description: PROSE.avgifterBasis,
  params: CompanyParams,
  query: AvgifterBasisQuery,
  response: AvgifterBasisSchema,
});

async function avgifterBasisReport(c: HandlerContext<typeof avgifterBasisRoute>) {
  return json(c, await avgifterBasis(database(c.env), c.get("company").id, c.req.valid("query").year));
}

const salaryJournalRoute = defineRoute({
  ...read,
  method: "get",
  path: `${COMPANY}/reports/salary-journal`,
  tag: "Reports",
  summary: "Salary journal (lönejournal) of a run or a period",
  description: PROSE.salaryJournal,
  params: CompanyParams,
  query: SalaryJournalQuery,
  response: SalaryJournalSchema,
});

async function salaryJournalReport(c: HandlerContext<typeof salaryJournalRoute>) {
  return json(c, await salaryJournal(database(c.env), c.get("company").id, c.req.valid("query")));
}

export function registerPayrollReportRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(avgifterBasisRoute, avgifterBasisReport);
  app.openapi(salaryJournalRoute, salaryJournalReport);
}
