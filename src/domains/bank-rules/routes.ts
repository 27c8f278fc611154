// The bank rule routes: the rules (list, make, read, change, delete, reorder), a run over the
// unbooked rows, a preview that writes nothing, and the rules worth making.
import type { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "@hono/zod-openapi";
import { database } from "../../db/client";
import { ApiError } from "../../errors/api-error";
import type { AppEnv } from "../../http/context";
import { json } from "../../http/envelope";
import { CompanyItemParams, CompanyParams } from "../../http/params";
import { defineRoute, type HandlerContext } from "../../http/route";
import { previewRule } from "./preview";
import { PROSE } from "./prose";
import { listRules, loadRule, ruleJson, suggestedRules } from "./queries";
import {
  PreviewResultSchema,
  PreviewSchema,
  ReorderSchema,
  RuleCreateSchema,
  RuleListSchema,
  RuleSchema,
  RuleUpdateSchema,
  RunResultSchema,
  RunSchema,
  SuggestionListSchema,
} from "./schemas";
import { commandRoute, roomAccess } from "../../http/command-route";

const TAG = "Bank rules";
const BASE = "/api/v1/companies/{companyId}/bank-rules";
const { read: READ, write: WRITE } = roomAccess(TAG, "transactions:read", "transactions:write");

const listRoute = defineRoute({
  ...READ,
  method: "get",
  path: BASE,
  summary: "List the bank rules in their order",
  description: PROSE.list,
  params: CompanyParams,
  response: RuleListSchema,
});

async function listBankRules(c: HandlerContext<typeof listRoute>) {
  return json(c, (await listRules(database(c.env), c.get("company").id)).map(ruleJson));
}

const createBankRule = commandRoute("bank_rules.create", "body", {
  ...WRITE,
  method: "post",
  path: BASE,
  summary: "Make a bank rule",
  description: PROSE.create,
  params: CompanyParams,
  body: RuleCreateSchema,
  response: RuleSchema,
  status: 201,
});

const suggestionsRoute = defineRoute({
  ...READ,
  method: "get",
  path: `${BASE}/suggestions`,
  summary: "Rules worth making, from the bookings made by hand",
  description: PROSE.suggestions,
  params: CompanyParams,
  response: SuggestionListSchema,
});

async function bankRuleSuggestions(c: HandlerContext<typeof suggestionsRoute>) {
  return json(c, await suggestedRules(database(c.env), c.get("company").id));
}

const reorderBankRules = commandRoute("bank_rules.reorder", "body", {
  ...WRITE,
  method: "post",
  path: `${BASE}/reorder`,
  summary: "Put the bank rules in a new order",
  description: PROSE.reorder,
  params: CompanyParams,
  body: ReorderSchema,
  response: RuleListSchema,
});

const runBankRules = commandRoute("bank_rules.run", "body", {
  ...WRITE,
  method: "post",
  path: `${BASE}/run`,
  summary: "Run the bank rules over the unbooked rows",
  description: PROSE.run,
  params: CompanyParams,
  body: RunSchema,
  response: RunResultSchema,
});

const previewDraftRoute = defineRoute({
  ...READ,
  method: "post",
  write: false,
  path: `${BASE}/preview-draft`,
  summary: "Preview a draft bank rule without writing",
  description: PROSE.preview,
  params: CompanyParams,
  body: PreviewSchema,
  response: PreviewResultSchema,
});

async function previewDraftRule(c: HandlerContext<typeof previewDraftRoute>) {
  const body = c.req.valid("json");
  if (!body.rule)
    throw new ApiError("VALIDATION_ERROR", { fields: [{ path: "rule", message: "the draft rule to preview" }] });
  const out = await previewRule(database(c.env), c.get("company").id, { draft: body.rule }, body.limit);
  return json(c, out ?? { rows: [], summary: {} });
}

const getRoute = defineRoute({
  ...READ,
  method: "get",
  path: `${BASE}/{id}`,
  summary: "Get a bank rule",
  params: CompanyItemParams,
  response: RuleSchema,
});

async function getBankRule(c: HandlerContext<typeof getRoute>) {
  return json(c, ruleJson(await loadRule(database(c.env), c.get("company").id, c.req.valid("param").id)));
}

const updateBankRule = commandRoute("bank_rules.update", "body+id", {
  ...WRITE,
  method: "patch",
  path: `${BASE}/{id}`,
  summary: "Change a bank rule",
  description: PROSE.update,
  params: CompanyItemParams,
  body: RuleUpdateSchema,
  response: RuleSchema,
});

const deleteBankRule = commandRoute("bank_rules.delete", "id", {
  ...WRITE,
  method: "delete",
  path: `${BASE}/{id}`,
  summary: "Delete a bank rule",
  description: PROSE.remove,
  params: CompanyItemParams,
  response: z.object({ id: z.string(), deleted: z.literal(true) }),
});

const previewRoute = defineRoute({
  ...READ,
  method: "post",
  write: false,
  path: `${BASE}/{id}/preview`,
  summary: "Preview a bank rule without writing",
  description: PROSE.preview,
  params: CompanyItemParams,
  body: PreviewSchema,
  response: PreviewResultSchema,
});

async function previewStoredRule(c: HandlerContext<typeof previewRoute>) {
  const db = database(c.env);
  const companyId = c.get("company").id;
  const { id } = c.req.valid("param");
  const body = c.req.valid("json");
  const target = body.rule ? { draft: body.rule } : { ruleId: (await loadRule(db, companyId, id)).id };
  return json(c, (await previewRule(db, companyId, target, body.limit)) ?? { rows: [], summary: {} });
}

export function registerBankRuleRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(listRoute, listBankRules);
  app.openapi(createBankRule.route, createBankRule.handler);
  app.openapi(suggestionsRoute, bankRuleSuggestions);
  app.openapi(reorderBankRules.route, reorderBankRules.handler);
  app.openapi(runBankRules.route, runBankRules.handler);
  app.openapi(previewDraftRoute, previewDraftRule);
  app.openapi(getRoute, getBankRule);
  app.openapi(updateBankRule.route, updateBankRule.handler);
  app.openapi(deleteBankRule.route, deleteBankRule.handler);
  app.openapi(previewRoute, previewStoredRule);
}
