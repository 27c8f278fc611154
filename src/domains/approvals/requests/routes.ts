// Staged writes' routes: list, read, approve and reject a request; the approval settings.
import { roomAccess } from "../../../http/command-route";
import { z } from "@hono/zod-openapi";
import { database } from "../../../db/client";
import { dispatch } from "../../../http/dispatch";
import { json } from "../../../http/envelope";
import { MFA_HEADER, proveSecondStep } from "../../../http/mfa";
import { CompanyItemParams, CompanyParams } from "../../../http/params";
import { defineRoute, type HandlerContext } from "../../../http/route";
import { PROSE } from "./prose";
import {
  approvalRequestJson,
  approvalSettingsJson,
  approvalSettingsOf,
  listApprovalRequests,
  loadApprovalRequest,
} from "./queries";
import {
  ApprovalRequestListQuery,
  ApprovalRequestRejectSchema,
  ApprovalRequestSchema,
  ApprovalSettingsSchema,
  ApprovalSettingsUpdateSchema,
} from "./schemas";

export const TAG = "Approvals";
const BASE = "/api/v1/companies/{companyId}/approval-requests";
const { read: readOptions, write } = roomAccess(TAG, "reports:read", "bookkeeping:write");
export const read = readOptions;

export const listRequestsRoute = defineRoute({
  ...read,
  method: "get",
  path: BASE,
  summary: "List the writes staged for approval",
  description: PROSE.list,
  params: CompanyParams,
  query: ApprovalRequestListQuery,
  response: z.array(ApprovalRequestSchema),
});

export async function listRequests(c: HandlerContext<typeof listRequestsRoute>) {
  const rows = await listApprovalRequests(database(c.env), c.get("company").id, c.req.valid("query").status);
  return json(c, rows.map(approvalRequestJson), 200);
}

export const getRequestRoute = defineRoute({
  ...read,
  method: "get",
  path: `${BASE}/{id}`,
  summary: "Get a staged write: what it would write, who may approve it, how it was decided",
  params: CompanyItemParams,
  response: ApprovalRequestSchema,
});

export async function getRequest(c: HandlerContext<typeof getRequestRoute>) {
  const row = await loadApprovalRequest(database(c.env), c.get("company").id, c.req.valid("param").id);
  return json(c, approvalRequestJson(row), 200);
}

export const approveRequestRoute = defineRoute({
  ...write,
  method: "post",
  path: `${BASE}/{id}/approve`,
  summary: "Approve a staged write: commit it as the approver",
  description: PROSE.approve,
  params: CompanyItemParams,
  response: ApprovalRequestSchema,
});

export async function approveRequest(c: HandlerContext<typeof approveRequestRoute>) {
  const auth = c.get("auth");
  // the company's setting, on a live key: the approver proves the second step (src/http/mfa.ts)
  if (auth.mode === "live" && (await approvalSettingsOf(database(c.env), c.get("company").id)).requireMfa)
    await proveSecondStep(c.env, auth.userId, c.req.header(MFA_HEADER), "approval_requests.approve");
  return dispatch(c, "approval_requests.approve", { id: c.req.valid("param").id });
}

export const rejectRequestRoute = defineRoute({
  ...write,
  method: "post",
  path: `${BASE}/{id}/reject`,
  summary: "Reject a staged write, with a reason: nothing is written",
  description: PROSE.reject,
  params: CompanyItemParams,
  body: ApprovalRequestRejectSchema,
  response: ApprovalRequestSchema,
});

export async function rejectRequest(c: HandlerContext<typeof rejectRequestRoute>) {
  return dispatch(c, "approval_requests.reject", { ...c.req.valid("json"), id: c.req.valid("param").id });
}

const SETTINGS = "/api/v1/companies/{companyId}/approval-settings";

export const getSettingsRoute = defineRoute({
  ...read,
  method: "get",
  path: SETTINGS,
  summary: "Get the company's approval settings",
  params: CompanyParams,
  response: ApprovalSettingsSchema,
});

export async function getSettings(c: HandlerContext<typeof getSettingsRoute>) {
  return json(c, approvalSettingsJson(await approvalSettingsOf(database(c.env), c.get("company").id)), 200);
}

export const updateSettingsRoute = defineRoute({
  ...write,
  method: "patch",
  path: SETTINGS,
  summary: "Set the company's approval settings",
  description: PROSE.settings,
  params: CompanyParams,
  body: ApprovalSettingsUpdateSchema,
  response: ApprovalSettingsSchema,
});

export async function updateSettings(c: HandlerContext<typeof updateSettingsRoute>) {
  return dispatch(c, "approval_settings.update", c.req.valid("json"));
}
