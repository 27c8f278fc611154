// The budgets' routes: create, import, list, read, replace and delete a budget version.
// Parse and render only.
import type { OpenAPIHono } from "@hono/zod-openapi";
import { database } from "../../db/client";
import type { AppEnv } from "../../http/context";
import { dispatch } from "../../http/dispatch";
import { json } from "../../http/envelope";
import { CompanyItemParams, CompanyParams } from "../../http/params";
import { defineRoute, type HandlerContext } from "../../http/route";
import { PROSE } from "./prose";
import { budgetJson, linesOfBudget, listBudgets, loadBudget } from "./queries";
import {
  BudgetCreateSchema,
  BudgetImportSchema,
  BudgetListQuery,
  BudgetListSchema,
  BudgetReplaceSchema,
  BudgetSchema,
} from "./schemas";

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

const createRoute = defineRoute({
  ...WRITE,
  method: "post",
  path: BASE,
  summary: "Create a budget version of a fiscal year: amounts per account and month, optionally per object",
  description: PROSE.create,
  params: CompanyParams,
  body: BudgetCreateSchema,
  response: BudgetSchema,
  status: 201,
});

async function createBudgetHandler(c: HandlerContext<typeof createRoute>) {
  return dispatch(c, "budgets.create", c.req.valid("json"));
}

const importRoute = defineRoute({
  ...WRITE,
  method: "post",
  path: `${BASE}/import`,
  summary: "Import a budget from a CSV or a SIE file's #PBUDGET lines (201 new, 200 replaced)",
  description: PROSE.import,
  params: CompanyParams,
  body: BudgetImportSchema,
  response: BudgetSchema,
  alsoStatus: 201,
});

async function importBudgetHandler(c: HandlerContext<typeof importRoute>) {
  return dispatch(c, "budgets.import", c.req.valid("json"));
}

const listRoute = defineRoute({
  ...READ,
  method: "get",
  path: BASE,
  summary: "List the budgets",
  description: PROSE.list,
  params: CompanyParams,
  query: BudgetListQuery,
  response: BudgetListSchema,
});

async function listBudgetsHandler(c: HandlerContext<typeof listRoute>) {
  return json(c, await listBudgets(database(c.env), c.get("company").id, c.req.valid("query").fiscal_period_id));
}

const getRoute = defineRoute({
  ...READ,
  method: "get",
  path: `${BASE}/{id}`,
  summary: "Get a budget with its lines",
  description: PROSE.get,
  params: CompanyItemParams,
  response: BudgetSchema,
});

async function getBudgetHandler(c: HandlerContext<typeof getRoute>) {
  const db = database(c.env);
  const companyId = c.get("company").id;
  const row = await loadBudget(db, companyId, c.req.valid("param").id);
  return json(c, budgetJson(row, await linesOfBudget(db, companyId, row.id)));
}

const replaceRoute = defineRoute({
  ...WRITE,
  method: "post",
  path: `${BASE}/{id}/replace`,
  summary: "Replace a budget's lines (and name)",
  description: PROSE.replace,
  params: CompanyItemParams,
  body: BudgetReplaceSchema,
  response: BudgetSchema,
});

async function replaceBudgetHandler(c: HandlerContext<typeof replaceRoute>) {
  return dispatch(c, "budgets.replace", { ...c.req.valid("json"), id: c.req.valid("param").id });
}

const deleteRoute = defineRoute({
  ...WRITE,
  method: "delete",
  path: `${BASE}/{id}`,
  summary: "Delete a budget (204)",
  description: PROSE.delete,
  params: CompanyItemParams,
  response: null,
  status: 204,
});

async function deleteBudgetHandler(c: HandlerContext<typeof deleteRoute>) {
  return dispatch(c, "budgets.delete", { id: c.req.valid("param").id });
}

export function registerBudgetRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(createRoute, createBudgetHandler);
  app.openapi(importRoute, importBudgetHandler);
  app.openapi(listRoute, listBudgetsHandler);
  app.openapi(getRoute, getBudgetHandler);
  app.openapi(replaceRoute, replaceBudgetHandler);
  app.openapi(deleteRoute, deleteBudgetHandler);
}
