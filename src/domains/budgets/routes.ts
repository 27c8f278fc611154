// The budgets' routes: create, import, list, read, replace and delete a budget version.
// Parse and render only.
import type { OpenAPIHono } from "@hono/zod-openapi";
import { database } from "../../db/client";
import type { AppEnv } from "../../http/context";
import { json } from "../../http/envelope";
import type { HandlerContext } from "../../http/route";
import { DOCS } from "./prose";
import { budgetJson, linesOfBudget, listBudgets, loadBudget } from "./queries";
import {
  BudgetCreateSchema,
  BudgetImportSchema,
  BudgetListQuery,
  BudgetListSchema,
  BudgetReplaceSchema,
  BudgetSchema,
} from "./schemas";
import { commandRoute, companyRoom, handled, on, registerRoutes } from "../../http/route-table";

const room = companyRoom({
  path: "/api/v1/companies/{companyId}/budgets",
  tag: "Budgets",
  read: "reports:read",
  write: "bookkeeping:write",
});

const createBudget = room.create("budgets.create", DOCS.createBudget, BudgetCreateSchema, BudgetSchema);

const importBudget = commandRoute("budgets.import", "body", {
  ...on.post(room.write, `${room.base}/import`, DOCS.importBudget),
  body: BudgetImportSchema,
  response: BudgetSchema,
  alsoStatus: 201,
});

const listRoute = room.list(DOCS.list, BudgetListQuery, BudgetListSchema);

async function listBudgetsHandler(c: HandlerContext<typeof listRoute>) {
  return json(c, await listBudgets(database(c.env), c.get("company").id, c.req.valid("query").fiscal_period_id));
}

const getRoute = room.get(DOCS.get, BudgetSchema);

async function getBudgetHandler(c: HandlerContext<typeof getRoute>) {
  const db = database(c.env);
  const companyId = c.get("company").id;
  const row = await loadBudget(db, companyId, c.req.valid("param").id);
  return json(c, budgetJson(row, await linesOfBudget(db, companyId, row.id)));
}

const replaceBudget = room.action("budgets.replace", "replace", DOCS.replaceBudget, BudgetReplaceSchema, BudgetSchema);

const deleteBudget = room.remove("budgets.delete", DOCS.deleteBudget);

export function registerBudgetRoutes(app: OpenAPIHono<AppEnv>): void {
  registerRoutes(app, [
    createBudget,
    importBudget,
    handled(listRoute, listBudgetsHandler),
    handled(getRoute, getBudgetHandler),
    replaceBudget,
    deleteBudget,
  ]);
}
