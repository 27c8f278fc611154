// Who may change whose membership (src/domains/companies/members/rules.ts, docs/platform.md
// "Members and roles"): every caller role against every target role and change.
import { describe, expect, it } from "vitest";
import { decideMemberChange, type MemberRow } from "../../src/domains/companies/members/rules";
import { ApiError } from "../../src/errors/api-error";
import type { Role } from "../../src/writer/request";

const row = (userId: string, role: Role): MemberRow => ({ userId, role, createdAt: "2026-01-01T00:00:00Z" });
const outcome = (d: ReturnType<typeof decideMemberChange>) =>
  d instanceof ApiError ? `${d.code}${d.details?.reason ? `:${d.details.reason}` : ""}` : d.kind;

describe("decideMemberChange", () => {
  const team = [row("o1", "owner"), row("a1", "admin"), row("m1", "member"), row("v1", "viewer")];
  const twoOwners = [...team, row("o2", "owner")];
  // [caller, members, target, new role (null: remove), outcome]
  const cases: [Role, MemberRow[], string, Role | null, string][] = [
    ["owner", team, "a1", "viewer", "change"],
    ["owner", team, "m1", "owner", "change"],
    ["owner", team, "v1", null, "remove"],
    ["owner", team, "m1", "member", "unchanged"],
    ["owner", team, "o1", "admin", "MEMBERSHIP_LAST_OWNER"],
    ["owner", team, "o1", null, "MEMBERSHIP_LAST_OWNER"],
    ["owner", team, "o1", "owner", "unchanged"],
    ["owner", twoOwners, "o1", "member", "change"],
    ["owner", twoOwners, "o2", null, "remove"],
    ["owner", team, "x9", "member", "NOT_FOUND"],
    ["admin", team, "m1", "admin", "change"],
    ["admin", team, "a1", "member", "change"],
    ["admin", team, "v1", null, "remove"],
    ["admin", team, "a1", null, "remove"],
    ["admin", team, "o1", "admin", "FORBIDDEN:owner_membership"],
    ["admin", twoOwners, "o2", null, "FORBIDDEN:owner_membership"],
    ["admin", team, "m1", "owner", "FORBIDDEN:grant_owner"],
    ["admin", team, "a1", "owner", "FORBIDDEN:grant_owner"],
    ["admin", team, "x9", null, "NOT_FOUND"],
    ["member", team, "v1", "member", "FORBIDDEN"],
    ["member", team, "m1", null, "FORBIDDEN"],
    ["viewer", team, "v1", null, "FORBIDDEN"],
    // the caller's role is checked before the target is looked for: a member learns nothing
    ["member", team, "x9", null, "FORBIDDEN"],
  ];
  it.each(cases)("%s in %#: %s to %s → %s", (caller, members, target, role, expected) => {
    expect(outcome(decideMemberChange(caller, members, { userId: target, role, mayAdd: false }))).toBe(expected);
  });

  it("adds a user who is no member only when adding is allowed (the operators' API), never by removing", () => {
    expect(decideMemberChange("owner", team, { userId: "x9", role: "viewer", mayAdd: true })).toEqual({
      kind: "add",
      role: "viewer",
    });
    expect(outcome(decideMemberChange("owner", team, { userId: "x9", role: null, mayAdd: true }))).toBe("NOT_FOUND");
  });
});
