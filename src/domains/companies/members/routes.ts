// The company's members through the API (issue #41 item 12, docs/platform.md "Members and
// roles"): who belongs to the company with which role, and an owner's or admin's changes.
// Adding a user is the operators' API's (POST /admin/v1/companies/{id}/members): a key's user
// cannot name users outside its companies.
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { directory } from "../../../db/homes";
import { ApiError } from "../../../errors/api-error";
import type { AppEnv } from "../../../http/context";
import { dispatch } from "../../../http/dispatch";
import { json } from "../../../http/envelope";
import { CompanyParams } from "../../../http/params";
import { defineRoute, type HandlerContext } from "../../../http/route";
import { companyMembers, memberJson } from "./commands";
import { companyRoom, handled, on, registerRoutes } from "../../../http/route-table";
import { DOCS } from "./prose";

const BASE = "/api/v1/companies/{companyId}/members";

export const ROLES = ["owner", "admin", "member", "viewer"] as const;

export const MemberSchema = z
  .object({
    user_id: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    created_at: z.string().openapi({ description: "when the user became a member" }),
  })
  .openapi("Member");

export const MemberRemovedSchema = MemberSchema.extend({
  role: z.enum(ROLES).openapi({ description: "the role the user had" }),
  removed_at: z.string(),
}).openapi("MemberRemoved");

export const MemberRoleSchema = z.object({ role: z.enum(ROLES) });

export const MemberParams = CompanyParams.extend({ userId: z.string() });

export const MEMBER_RULES =
  "An owner may give any member any role and remove any member, themself included; an admin may do so for admins, " +
  "members and viewers, but neither changes nor removes an owner nor makes anyone an owner (403 FORBIDDEN, " +
  "details.reason owner_membership or grant_owner); a member or viewer changes no one (403 FORBIDDEN). The last owner " +
  "is never removed nor given a lower role (409 MEMBERSHIP_LAST_OWNER). The change is seen by the user's next request " +
  "(a removed member's keys answer 404 for the company; their other companies are untouched). Audited; events " +
  "member.role_changed (previous_attributes.role) and member.removed. See docs/platform.md.";

const room = companyRoom({
  path: BASE,
  tag: "Members",
  read: "companies:read",
  write: "companies:write",
  idempotency: "optional",
});

const listMembersRoute = room.list(DOCS.listMembers, null, z.array(MemberSchema));

async function listMembers(c: HandlerContext<typeof listMembersRoute>) {
  return json(c, (await companyMembers(directory(c.env), c.get("company").id)).map(memberJson));
}

const getMemberRoute = defineRoute({
  ...on.get(room.read, `${BASE}/{userId}`, DOCS.getMember),
  params: MemberParams,
  response: MemberSchema,
});

async function getMember(c: HandlerContext<typeof getMemberRoute>) {
  const { userId } = c.req.valid("param");
  const member = (await companyMembers(directory(c.env), c.get("company").id)).find((m) => m.userId === userId);
  if (!member) throw new ApiError("NOT_FOUND", { resource: "member", id: userId });
  return json(c, memberJson(member));
}

const updateMemberRoute = defineRoute({
  ...on.patch(room.write, `${BASE}/{userId}`, DOCS.updateMember),
  description: `${MEMBER_RULES} Asking for the role the member has already changes nothing (200, no event).`,
  params: MemberParams,
  body: MemberRoleSchema,
  response: MemberSchema,
});

async function updateMember(c: HandlerContext<typeof updateMemberRoute>) {
  const { userId } = c.req.valid("param");
  return dispatch(c, "companies.set_member", { user_id: userId, role: c.req.valid("json").role });
}

const removeMemberRoute = defineRoute({
  ...on.delete(room.write, `${BASE}/{userId}`, DOCS.removeMember),
  description: MEMBER_RULES,
  params: MemberParams,
  response: MemberRemovedSchema,
});

async function removeMember(c: HandlerContext<typeof removeMemberRoute>) {
  return dispatch(c, "companies.remove_member", { user_id: c.req.valid("param").userId });
}

export function registerMemberRoutes(app: OpenAPIHono<AppEnv>) {
  registerRoutes(app, [
    handled(listMembersRoute, listMembers),
    handled(getMemberRoute, getMember),
    handled(updateMemberRoute, updateMember),
    handled(removeMemberRoute, removeMember),
  ]);
}
