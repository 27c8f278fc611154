// The attest rules' routes: list, read, create, update and delete a rule.
import { z } from "@hono/zod-openapi";
import { database } from "../../../db/client";
import { json } from "../../../http/envelope";
import { defineRoute, type HandlerContext } from "../../../http/route";
import { approvalRuleJson, approvalRulesOf, loadApprovalRule } from "../attest/queries";
import { read, write } from "../common";
import { DOCS } from "./prose";
import { ApprovalRuleCreateSchema, ApprovalRulePatchSchema, ApprovalRuleSchema } from "./schemas";
import { commandRoute, on } from "../../../http/route-table";

const RULES = "/api/v1/companies/{companyId}/approval-rules";
export const listApprovalRulesRoute = defineRoute({
  ...on.get(read, RULES, DOCS.listApprovalRules),
  response: z.array(ApprovalRuleSchema),
});

export async function listApprovalRules(c: HandlerContext<typeof listApprovalRulesRoute>) {
  const rows = await approvalRulesOf(database(c.env), c.get("company").id);
  return json(c, rows.map(approvalRuleJson), 200);
}

export const getApprovalRuleRoute = defineRoute({
  ...on.get(read, `${RULES}/{id}`, DOCS.getApprovalRule),
  response: ApprovalRuleSchema,
});

export async function getApprovalRule(c: HandlerContext<typeof getApprovalRuleRoute>) {
  const row = await loadApprovalRule(database(c.env), c.get("company").id, c.req.valid("param").id);
  return json(c, approvalRuleJson(row), 200);
}

export const createApprovalRule = commandRoute("approval_rules.create", "body", {
  ...on.post(write, RULES, DOCS.createApprovalRule),
  body: ApprovalRuleCreateSchema,
  response: ApprovalRuleSchema,
  status: 201,
});

export const updateApprovalRule = commandRoute("approval_rules.update", "body+id", {
  ...on.patch(write, `${RULES}/{id}`, DOCS.updateApprovalRule),
  body: ApprovalRulePatchSchema,
  response: ApprovalRuleSchema,
});

export const deleteApprovalRule = commandRoute("approval_rules.delete", "id", {
  ...on.delete(write, `${RULES}/{id}`, DOCS.deleteApprovalRule),
  response: null,
  status: 204,
});
