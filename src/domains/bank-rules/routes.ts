// The bank rule routes: the rules (list, make, read, change, delete, reorder), a run over the
// unbooked rows, a preview that writes nothing, and the rules worth making.
import type { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "@hono/zod-openapi";
import { database } from "../../db/client";
import { ApiError } from "../../errors/api-error";
import type { AppEnv } from "../../http/context";
import { json } from "../../http/envelope";
import { defineRoute, type HandlerContext } from "../../http/route";
import { previewRule } from "./preview";
import { DOCS } from "./prose";
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
import { commandRoute, handled, on, registerRoutes, roomAccess } from "../../http/route-table";

const TAG = "Bank rules";
const BASE = "/api/v1/companies/{companyId}/bank-rules";
const { read: READ, write: WRITE } = roomAccess(TAG, "transactions:read", "transactions:write");

const listRoute = defineRoute({
  ...on.get(READ, BASE, DOCS.list),
  response: RuleListSchema,
});

async function listBankRules(c: HandlerContext<typeof listRoute>) {
  return json(c, (await listRules(database(c.env), c.get("company").id)).map(ruleJson));
}

const createBankRule = commandRoute("bank_rules.create", "body", {
  ...on.post(WRITE, BASE, DOCS.createBankRule),
  body: RuleCreateSchema,
  response: RuleSchema,
  status: 201,
});

const suggestionsRoute = defineRoute({
  ...on.get(READ, `${BASE}/suggestions`, DOCS.suggestions),
  response: SuggestionListSchema,
});

async function bankRuleSuggestions(c: HandlerContext<typeof suggestionsRoute>) {
  return json(c, await suggestedRules(database(c.env), c.get("company").id));
}

const reorderBankRules = commandRoute("bank_rules.reorder", "body", {
  ...on.post(WRITE, `${BASE}/reorder`, DOCS.reorderBankRules),
  body: ReorderSchema,
  response: RuleListSchema,
});

const runBankRules = commandRoute("bank_rules.run", "body", {
  ...on.post(WRITE, `${BASE}/run`, DOCS.runBankRules),
  body: RunSchema,
  response: RunResultSchema,
});

const previewDraftRoute = defineRoute({
  ...on.post(READ, `${BASE}/preview-draft`, DOCS.previewDraft),
  write: false,
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
  ...on.get(READ, `${BASE}/{id}`, DOCS.get),
  response: RuleSchema,
});

async function getBankRule(c: HandlerContext<typeof getRoute>) {
  return json(c, ruleJson(await loadRule(database(c.env), c.get("company").id, c.req.valid("param").id)));
}

const updateBankRule = commandRoute("bank_rules.update", "body+id", {
  ...on.patch(WRITE, `${BASE}/{id}`, DOCS.updateBankRule),
  body: RuleUpdateSchema,
  response: RuleSchema,
});

const deleteBankRule = commandRoute("bank_rules.delete", "id", {
  ...on.delete(WRITE, `${BASE}/{id}`, DOCS.deleteBankRule),
  response: z.object({ id: z.string(), deleted: z.literal(true) }),
});

const previewRoute = defineRoute({
  ...on.post(READ, `${BASE}/{id}/preview`, DOCS.preview),
  write: false,
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
  registerRoutes(app, [
    handled(listRoute, listBankRules),
    createBankRule,
    handled(suggestionsRoute, bankRuleSuggestions),
    reorderBankRules,
    runBankRules,
    handled(previewDraftRoute, previewDraftRule),
    handled(getRoute, getBankRule),
    updateBankRule,
    deleteBankRule,
    handled(previewRoute, previewStoredRule),
  ]);
}
