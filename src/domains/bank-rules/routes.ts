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
import { commandRoute, companyRoom, handled, on, registerRoutes } from "../../http/route-table";

const room = companyRoom({
  path: "/api/v1/companies/{companyId}/bank-rules",
  tag: "Bank rules",
  read: "transactions:read",
  write: "transactions:write",
});

const listRoute = room.list(DOCS.list, null, RuleListSchema);

async function listBankRules(c: HandlerContext<typeof listRoute>) {
  return json(c, (await listRules(database(c.env), c.get("company").id)).map(ruleJson));
}

const createBankRule = room.create("bank_rules.create", DOCS.createBankRule, RuleCreateSchema, RuleSchema);

const suggestionsRoute = defineRoute({
  ...on.get(room.read, `${room.base}/suggestions`, DOCS.suggestions),
  response: SuggestionListSchema,
});

async function bankRuleSuggestions(c: HandlerContext<typeof suggestionsRoute>) {
  return json(c, await suggestedRules(database(c.env), c.get("company").id));
}

const reorderBankRules = commandRoute("bank_rules.reorder", "body", {
  ...on.post(room.write, `${room.base}/reorder`, DOCS.reorderBankRules),
  body: ReorderSchema,
  response: RuleListSchema,
});

const runBankRules = commandRoute("bank_rules.run", "body", {
  ...on.post(room.write, `${room.base}/run`, DOCS.runBankRules),
  body: RunSchema,
  response: RunResultSchema,
});

const previewDraftRoute = defineRoute({
  ...on.post(room.read, `${room.base}/preview-draft`, DOCS.previewDraft),
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

const getRoute = room.get(DOCS.get, RuleSchema);

async function getBankRule(c: HandlerContext<typeof getRoute>) {
  return json(c, ruleJson(await loadRule(database(c.env), c.get("company").id, c.req.valid("param").id)));
}

const updateBankRule = room.update("bank_rules.update", DOCS.updateBankRule, RuleUpdateSchema, RuleSchema);

const deleteBankRule = commandRoute("bank_rules.delete", "id", {
  ...on.delete(room.write, `${room.base}/{id}`, DOCS.deleteBankRule),
  response: z.object({ id: z.string(), deleted: z.literal(true) }),
});

const previewRoute = defineRoute({
  ...on.post(room.read, `${room.base}/{id}/preview`, DOCS.preview),
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
