// Staged writes' routes: list, read, approve and reject a request; the approval settings.
import { z } from "@hono/zod-openapi";
import { database } from "../../../db/client";
import { dispatch } from "../../../http/dispatch";
import { json } from "../../../http/envelope";
import { MFA_HEADER, proveSecondStep } from "../../../http/mfa";
import { defineRoute, type HandlerContext } from "../../../http/route";
import { DOCS } from "./prose";
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
import { commandRoute, on, roomAccess, routeRoom } from "../../../http/route-table";

export const TAG = "Approvals";
const BASE = "/api/v1/companies/{companyId}/approval-requests";
const { read: readOptions, write } = roomAccess(TAG, "reports:read", "bookkeeping:write");
export const read = readOptions;

const room = routeRoom(BASE, { read, write });

export const listRequestsRoute = room.list(DOCS.listRequests, ApprovalRequestListQuery, z.array(ApprovalRequestSchema));

export async function listRequests(c: HandlerContext<typeof listRequestsRoute>) {
  const rows = await listApprovalRequests(database(c.env), c.get("company").id, c.req.valid("query").status);
  return json(c, rows.map(approvalRequestJson), 200);
}

export const getRequestRoute = room.get(DOCS.getRequest, ApprovalRequestSchema);

export async function getRequest(c: HandlerContext<typeof getRequestRoute>) {
  const row = await loadApprovalRequest(database(c.env), c.get("company").id, c.req.valid("param").id);
  return json(c, approvalRequestJson(row), 200);
}

export const approveRequestRoute = defineRoute({
  ...on.post(write, `${BASE}/{id}/approve`, DOCS.approveRequest),
  response: ApprovalRequestSchema,
});

export async function approveRequest(c: HandlerContext<typeof approveRequestRoute>) {
  const auth = c.get("auth");
  // the company's setting, on a live key: the approver proves the second step (src/http/mfa.ts)
  if (auth.mode === "live" && (await approvalSettingsOf(database(c.env), c.get("company").id)).requireMfa)
    await proveSecondStep(c.env, auth.userId, c.req.header(MFA_HEADER), "approval_requests.approve");
  return dispatch(c, "approval_requests.approve", { id: c.req.valid("param").id });
}

export const rejectRequest = room.action(
  "approval_requests.reject",
  "reject",
  DOCS.rejectRequest,
  ApprovalRequestRejectSchema,
  ApprovalRequestSchema,
);

const SETTINGS = "/api/v1/companies/{companyId}/approval-settings";

const settingsRoom = routeRoom(SETTINGS, { read: read });

export const getSettingsRoute = settingsRoom.list(DOCS.getSettings, null, ApprovalSettingsSchema);

export async function getSettings(c: HandlerContext<typeof getSettingsRoute>) {
  return json(c, approvalSettingsJson(await approvalSettingsOf(database(c.env), c.get("company").id)), 200);
}

export const updateSettings = commandRoute("approval_settings.update", "body", {
  ...on.patch(write, SETTINGS, DOCS.updateSettings),
  body: ApprovalSettingsUpdateSchema,
  response: ApprovalSettingsSchema,
});
