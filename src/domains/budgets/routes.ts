// The budgets' routes: create, import, list, read, replace and delete a budget version.
// Parse and render only.
import type { OpenAPIHono } from "@hono/zod-openapi";
import { database } from "../../db/client";
import type { AppEnv } from "../../http/context";
import { json } from "../../http/envelope";
import { defineRoute, type HandlerContext } from "../../http/route";
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
import { commandRoute, handled, on, registerRoutes } from "../../http/route-table";

const TAG = "Budgets";
const BASE = "/api/v1/companies/{companyId}/budgets";
const READ = { tag: TAG, scope: "reports:read", company: true } as const;
const WRITE = {
  tag: TAG,
  scope: "bookkeeping:write",
  company: true,
  write: true,
  idempotency: "required",
  dryRun: true,
} as const;

const createBudget = commandRoute("budgets.create", "body", {
  ...on.post(WRITE, BASE, DOCS.createBudget),
  body: BudgetCreateSchema,
  response: BudgetSchema,
  status: 201,
});

const importBudget = commandRoute("budgets.import", "body", {
  ...on.post(WRITE, `${BASE}/import`, DOCS.importBudget),
  body: BudgetImportSchema,
  response: BudgetSchema,
  alsoStatus: 201,
});

const listRoute = defineRoute({
  ...on.get(READ, BASE, DOCS.list),
  query: BudgetListQuery,
  response: BudgetListSchema,
});

async function listBudgetsHandler(c: HandlerContext<typeof listRoute>) {
  return json(c, await listBudgets(database(c.env), c.get("company").id, c.req.valid("query").fiscal_period_id));
}

const getRoute = defineRoute({
  ...on.get(READ, `${BASE}/{id}`, DOCS.get),
  response: BudgetSchema,
});

async function getBudgetHandler(c: HandlerContext<typeof getRoute>) {
  const db = database(c.env);
  const companyId = c.get("company").id;
  const row = await loadBudget(db, companyId, c.req.valid("param").id);
  return json(c, budgetJson(row, await linesOfBudget(db, companyId, row.id)));
}

const replaceBudget = commandRoute("budgets.replace", "body+id", {
  ...on.post(WRITE, `${BASE}/{id}/replace`, DOCS.replaceBudget),
  body: BudgetReplaceSchema,
  response: BudgetSchema,
});

const deleteBudget = commandRoute("budgets.delete", "id", {
  ...on.delete(WRITE, `${BASE}/{id}`, DOCS.deleteBudget),
  response: null,
  status: 204,
});

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
