// The attest rules' routes: list, read, create, update and delete a rule.
import { z } from "@hono/zod-openapi";
import { database } from "../../../db/client";
import { json } from "../../../http/envelope";
import type { HandlerContext } from "../../../http/route";
import { approvalRuleJson, approvalRulesOf, loadApprovalRule } from "../attest/queries";
import { read, write } from "../common";
import { DOCS } from "./prose";
import { ApprovalRuleCreateSchema, ApprovalRulePatchSchema, ApprovalRuleSchema } from "./schemas";
import { routeRoom } from "../../../http/route-table";

const RULES = "/api/v1/companies/{companyId}/approval-rules";
const room = routeRoom(RULES, { read, write });

export const listApprovalRulesRoute = room.list(DOCS.listApprovalRules, null, z.array(ApprovalRuleSchema));

export async function listApprovalRules(c: HandlerContext<typeof listApprovalRulesRoute>) {
  const rows = await approvalRulesOf(database(c.env), c.get("company").id);
  return json(c, rows.map(approvalRuleJson), 200);
}

export const getApprovalRuleRoute = room.get(DOCS.getApprovalRule, ApprovalRuleSchema);

export async function getApprovalRule(c: HandlerContext<typeof getApprovalRuleRoute>) {
  const row = await loadApprovalRule(database(c.env), c.get("company").id, c.req.valid("param").id);
  return json(c, approvalRuleJson(row), 200);
}

export const createApprovalRule = room.create(
  "approval_rules.create",
  DOCS.createApprovalRule,
  ApprovalRuleCreateSchema,
  ApprovalRuleSchema,
);

export const updateApprovalRule = room.update(
  "approval_rules.update",
  DOCS.updateApprovalRule,
  ApprovalRulePatchSchema,
  ApprovalRuleSchema,
);

export const deleteApprovalRule = room.remove("approval_rules.delete", DOCS.deleteApprovalRule);
