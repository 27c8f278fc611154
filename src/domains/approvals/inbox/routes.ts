import { database } from "../../../db/client";
import { ApiError } from "../../../errors/api-error";
import { json } from "../../../http/envelope";
import { defineRoute, type HandlerContext } from "../../../http/route";
import { PROSE } from "../requests/prose";
import { read } from "../requests/routes";
import { inboxOf } from "./queries";
import { InboxQuery, InboxSchema } from "./schemas";
import { on } from "../../../http/route-table";
import { DOCS } from "./prose";

export const inboxRoute = defineRoute({
  ...on.get(read, "/api/v1/companies/{companyId}/approvals/inbox", DOCS.inbox),
  description: PROSE.inbox,
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
