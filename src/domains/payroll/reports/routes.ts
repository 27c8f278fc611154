// The payroll reports under /reports: the employer contribution basis and the salary
// journal (the vacation liability is with the vacation routes).
import type { OpenAPIHono } from "@hono/zod-openapi";
import { DOCS } from "./prose";
import { database } from "../../../db/client";
import type { AppEnv } from "../../../http/context";
import { json } from "../../../http/envelope";
import { defineRoute, type HandlerContext } from "../../../http/route";
import { COMPANY, read } from "../route-common";
import { avgifterBasis, salaryJournal } from "./queries";
import { AvgifterBasisQuery, AvgifterBasisSchema, SalaryJournalQuery, SalaryJournalSchema } from "./schemas";
import { handled, on, registerRoutes } from "../../../http/route-table";

const avgifterBasisRoute = defineRoute({
  ...on.get(read, `${COMPANY}/reports/avgifter-basis`, DOCS.avgifterBasis),
  tag: "Reports",
  query: AvgifterBasisQuery,
  response: AvgifterBasisSchema,
});

async function avgifterBasisReport(c: HandlerContext<typeof avgifterBasisRoute>) {
  return json(c, await avgifterBasis(database(c.env), c.get("company").id, c.req.valid("query").year));
}

const salaryJournalRoute = defineRoute({
  ...on.get(read, `${COMPANY}/reports/salary-journal`, DOCS.salaryJournal),
  tag: "Reports",
  query: SalaryJournalQuery,
  response: SalaryJournalSchema,
});

async function salaryJournalReport(c: HandlerContext<typeof salaryJournalRoute>) {
  return json(c, await salaryJournal(database(c.env), c.get("company").id, c.req.valid("query")));
}

export function registerPayrollReportRoutes(app: OpenAPIHono<AppEnv>) {
  registerRoutes(app, [
    handled(avgifterBasisRoute, avgifterBasisReport),
    handled(salaryJournalRoute, salaryJournalReport),
  ]);
}
