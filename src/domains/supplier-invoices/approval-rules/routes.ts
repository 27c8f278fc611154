// The attest rules' routes: list, read, create, update and delete a rule.
import { z } from "@hono/zod-openapi";
import { database } from "../../../db/client";
import { dispatch } from "../../../http/dispatch";
import { json } from "../../../http/envelope";
import { CompanyItemParams, CompanyParams } from "../../../http/params";
import { defineRoute, type HandlerContext } from "../../../http/route";
import { approvalRuleJson, approvalRulesOf, loadApprovalRule } from "../attest/queries";
import { read, write } from "../common";
import { PROSE } from "./prose";
import { ApprovalRuleCreateSchema, ApprovalRulePatchSchema, ApprovalRuleSchema } from "./schemas";

const RULES = "/api/v1/companies/{companyId}/approval-rules";
export const listApprovalRulesRoute = defineRoute({
  ...read,
  method: "get",
  path: RULES,
  summary: "List the attest rules of supplier invoices, in the order they are tried",
  description: PROSE.list,
  params: CompanyParams,
  response: z.array(ApprovalRuleSchema),
});

export async function listApprovalRules(c: HandlerContext<typeof listApprovalRulesRoute>) {
  const rows = await approvalRulesOf(database(c.env), c.get("company").id);
  return json(c, rows.map(approvalRuleJson), 200);
}

export const getApprovalRuleRoute = defineRoute({
  ...read,
  method: "get",
  path: `${RULES}/{id}`,
  summary: "Get an attest rule",
  params: CompanyItemParams,
  response: ApprovalRuleSchema,
});

export async function getApprovalRule(c: HandlerContext<typeof getApprovalRuleRoute>) {
  const row = await loadApprovalRule(database(c.env), c.get("company").id, c.req.valid("param").id);
  return json(c, approvalRuleJson(row), 200);
}

export const createApprovalRuleRoute = defineRoute({
  ...write,
  method: "post",
  path: RULES,
  summary: "Create an attest rule",
  description: PROSE.create,
  params: CompanyParams,
  body: ApprovalRuleCreateSchema,
  response: ApprovalRuleSchema,
  status: 201,
});

export async function createApprovalRule(c: HandlerContext<typeof createApprovalRuleRoute>) {
  return dispatch(c, "approval_rules.create", c.req.valid("json"));
}

export const updateApprovalRuleRoute = defineRoute({
  ...write,
  method: "patch",
  path: `${RULES}/{id}`,
  summary: "Update an attest rule",
  description: PROSE.update,
  params: CompanyItemParams,
  body: ApprovalRulePatchSchema,
  response: ApprovalRuleSchema,
});

export async function updateApprovalRule(c: HandlerContext<typeof updateApprovalRuleRoute>) {
  return dispatch(c, "approval_rules.update", { ...c.req.valid("json"), id: c.req.valid("param").id });
}

export const deleteApprovalRuleRoute = defineRoute({
  ...write,
  method: "delete",
  path: `${RULES}/{id}`,
  summary: "Delete an attest rule (204)",
  description: PROSE.delete,
  params: CompanyItemParams,
  response: null,
  status: 204,
});

export async function deleteApprovalRule(c: HandlerContext<typeof deleteApprovalRuleRoute>) {
  return dispatch(c, "approval_rules.delete", { id: c.req.valid("param").id });
}
