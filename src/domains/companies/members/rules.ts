// Who may change whose membership of a company (issue #41 item 12, docs/platform.md
// "Members and roles"). Pure: the command reads the company's memberships and asks here.
//
//   - an owner may give any member any role and remove any member, themself included;
//   - an admin may do the same to admins, members and viewers, but never touches an owner's
//     membership and never makes anyone an owner (owners decide who owns);
//   - a member or a viewer changes no one's membership;
//   - nobody, an operator neither, removes the last owner or gives them a lower role: a
//     company always has someone who may manage it.
import { ApiError } from "../../../errors/api-error";
import type { Role } from "../../../writer/request";

export interface MemberRow {
  userId: string;
  role: Role;
  createdAt: string;
}

/** The change asked for: a new role, or `null` to remove the membership. */
export interface MemberChange {
  userId: string;
  role: Role | null;
  /** the operators' API: a user who is not a member is added (else NOT_FOUND) */
  mayAdd: boolean;
}

export type MemberDecision =
  | { kind: "unchanged"; before: MemberRow }
  | { kind: "add"; role: Role }
  | { kind: "change"; before: MemberRow; role: Role }
  | { kind: "remove"; before: MemberRow };

const MANAGERS: readonly Role[] = ["owner", "admin"];

/**
 * What the change does, or its refusal, in this order: FORBIDDEN (the caller's role),
 * NOT_FOUND (the user is no member), FORBIDDEN (an admin and an owner's membership),
 * MEMBERSHIP_LAST_OWNER. Asking for the role a member has already is no change.
 */
export function decideMemberChange(
  callerRole: Role,
  members: readonly MemberRow[],
  change: MemberChange,
): MemberDecision | ApiError {
  if (!MANAGERS.includes(callerRole))
    return new ApiError(
      "FORBIDDEN",
      { role: callerRole, required_role: MANAGERS },
      "Only an owner or an admin of the company may change its members.",
    );
  const before = members.find((m) => m.userId === change.userId);
  if (!before) {
    if (change.mayAdd && change.role !== null) return { kind: "add", role: change.role };
    return new ApiError(
      "NOT_FOUND",
      { resource: "member", id: change.userId },
      "The user is not a member of this company.",
    );
  }
  const refusal = ownerRefusal(callerRole, members, before, change);
  if (refusal) return refusal;
  if (change.role === before.role) return { kind: "unchanged", before };
  return change.role === null ? { kind: "remove", before } : { kind: "change", before, role: change.role };
}

/** An admin and an owner's membership (or the making of one), and the last owner's going. */
function ownerRefusal(
  callerRole: Role,
  members: readonly MemberRow[],
  before: MemberRow,
  change: MemberChange,
): ApiError | null {
  if (callerRole === "admin" && (before.role === "owner" || change.role === "owner")) {
    const owners = before.role === "owner";
    return new ApiError(
      "FORBIDDEN",
      { role: callerRole, required_role: ["owner"], reason: owners ? "owner_membership" : "grant_owner" },
      owners
        ? "Only an owner may change or remove an owner's membership."
        : "Only an owner may make a member an owner.",
    );
  }
  const leaves = before.role === "owner" && change.role !== "owner";
  if (leaves && members.filter((m) => m.role === "owner").length <= 1)
    return new ApiError("MEMBERSHIP_LAST_OWNER", { user_id: change.userId, owners: 1 });
  return null;
}
