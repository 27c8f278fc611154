import { database } from "../../../db/client";
import { ApiError } from "../../../errors/api-error";
import { json } from "../../../http/envelope";
import { CompanyParams } from "../../../http/params";
import { defineRoute, type HandlerContext } from "../../../http/route";
import { PROSE } from "../requests/prose";
import { read } from "../requests/routes";
import { inboxOf } from "./queries";
import { InboxQuery, InboxSchema } from "./schemas";

export const inboxRoute = defineRoute({
  ...read,
  method: "get",
  path: "/api/v1/companies/{companyId}/approvals/inbox",
  summary: "What waits for an approver: invoices to attest or correct, staged writes to approve",
  description: PROSE.inbox,
  params: CompanyParams,
  query: InboxQuery,
  response: InboxSchema,
});

export async function inbox(c: HandlerContext<typeof inboxRoute>) {
  const company = c.get("company");
  const caller = c.get("auth").userId;
  const userId = c.req.valid("query").user_id ?? caller;
  if (userId !== caller && company.role !== "owner" && company.role !== "admin")
    throw new ApiError("FORBIDDEN", { role: company.role }, "Only an owner or admin reads another user's inbox.");
  return json(c, { user_id: userId, items: await inboxOf(database(c.env), company.id, userId) }, 200);
}
