// A company's members and their roles (issue #41 item 12, docs/platform.md "Members and
// roles"). Memberships live in the directory, the books (with the audit trail and the
// outbox) in the company's home: two databases, so a change is a command whose audit row
// commits first and whose directory write is the plan's external step, the events following
// only once it succeeded (docs/architecture.md, "The write path"). Every change of a
// company's memberships runs in its writer, one at a time, so what the plan read is what the
// write finds; the write's own condition (the last owner stays) guards it all the same.
import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import type { Command, CommandContext, Plan } from "../../../commands/plan";
import { directory, type Directory } from "../../../db/homes";
import { memberships, users } from "../../../db/schema";
import type { Env } from "../../../env";
import { ApiError } from "../../../errors/api-error";
import type { Role } from "../../../writer/request";
import { decideMemberChange, type MemberChange, type MemberDecision, type MemberRow } from "./rules";

export interface Member extends MemberRow {
  name: string;
  email: string;
}

/** The company's members with their names, oldest membership first. */
export async function companyMembers(dir: Directory, companyId: string): Promise<Member[]> {
  return dir
    .select({
      userId: memberships.userId,
      role: memberships.role,
      createdAt: memberships.createdAt,
      name: users.name,
      email: users.email,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.companyId, companyId))
    .orderBy(asc(memberships.createdAt), asc(memberships.userId))
    .all();
}

export function memberJson(m: Member) {
  return { user_id: m.userId, name: m.name, email: m.email, role: m.role, created_at: m.createdAt };
}

export interface SetMemberInput {
  user_id: string;
  role: Role;
  /** the operators' API (POST /admin/v1/companies/{id}/members): a user who is not a member is added, and the answer is 201 */
  add?: boolean;
}

export interface RemoveMemberInput {
  user_id: string;
}

/** Gives a member another role (the operators' API also adds a user). */
export const setMember: Command<SetMemberInput> = async (_db, input, ctx, env) =>
  planMemberChange(
    env,
    ctx,
    { userId: input.user_id, role: input.role, mayAdd: input.add === true },
    input.add ? 201 : 200,
  );

/** Ends a membership: the user's keys answer 404 for the company from the next request on. */
export const removeMember: Command<RemoveMemberInput> = async (_db, input, ctx, env) =>
  planMemberChange(env, ctx, { userId: input.user_id, role: null, mayAdd: false }, 200);

const ACTIONS = { add: "member.added", change: "member.role_changed", remove: "member.removed" } as const;

async function planMemberChange(env: Env, ctx: CommandContext, change: MemberChange, status: 200 | 201): Promise<Plan> {
  const dir = directory(env);
  const members = await companyMembers(dir, ctx.companyId);
  const decision = decideMemberChange(ctx.role, members, change);
  if (decision instanceof ApiError) throw decision;
  const member =
    decision.kind === "add"
      ? await userAsMember(dir, change.userId, decision.role, ctx.now)
      : members.find((m) => m.userId === change.userId)!;
  if (decision.kind === "unchanged")
    return {
      status,
      data: memberJson(member),
      statements: [],
      unchanged: true,
      audit: { action: ACTIONS.change, resourceType: "member", resourceId: change.userId },
    };
  const after = decision.kind === "remove" ? member : { ...member, role: decision.role };
  const action = ACTIONS[decision.kind];
  const object = {
    company_id: ctx.companyId,
    user_id: change.userId,
    role: after.role,
    ...(decision.kind === "remove" ? { removed_at: ctx.now } : {}),
  };
  return {
    status,
    data: decision.kind === "remove" ? { ...memberJson(member), removed_at: ctx.now } : memberJson(after),
    statements: [],
    audit: { action, resourceType: "member", resourceId: change.userId },
    events: [
      {
        type: action,
        object,
        ...(decision.kind === "change" ? { previousAttributes: { role: decision.before.role } } : {}),
      },
    ],
    external: {
      run: () => writeMembership(env, ctx, change.userId, decision),
      compensate: async (cause) => ({
        statements: [],
        error:
          cause instanceof ApiError
            ? cause
            : new ApiError("INTERNAL_ERROR", { step: "membership_write", request_id: ctx.requestId }),
        action: `${action}.failed`,
      }),
    },
  };
}

/** A user the operators' API adds: NOT_FOUND when there is no such user. */
async function userAsMember(dir: Directory, userId: string, role: Role, now: string): Promise<Member> {
  const user = await dir.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId)).get();
  if (!user) throw new ApiError("NOT_FOUND", { resource: "user", id: userId });
  return { userId, role, createdAt: now, ...user };
}

/**
 * The directory's write, in one statement each that also holds the rule it rests on: the
 * member still has the role the plan read, and an owner leaves only while another owner
 * stays. Whatever happens, the company's writer drops what it holds of the user's access
 * before it takes its next write, so the change is seen at once (src/http/access.ts).
 */
async function writeMembership(env: Env, ctx: CommandContext, userId: string, decision: MemberDecision) {
  const dir = directory(env);
  try {
    const written = await membershipStatement(dir, ctx, userId, decision);
    if (written.length !== 1)
      throw new ApiError(
        "CONFLICT",
        { resource: "member", user_id: userId, reason: "membership_changed" },
        "The membership changed while this request ran; nothing was changed. Read the members again.",
      );
  } finally {
    ctx.heldAccess?.forgetUser(userId);
  }
}

function membershipStatement(dir: Directory, ctx: CommandContext, userId: string, decision: MemberDecision) {
  const { companyId } = ctx;
  if (decision.kind === "add")
    return dir
      .insert(memberships)
      .values({ companyId, userId, role: decision.role, createdAt: ctx.now })
      .onConflictDoNothing()
      .returning({ userId: memberships.userId });
  if (decision.kind === "unchanged") throw new Error("an unchanged membership has nothing to write");
  const where = and(
    eq(memberships.companyId, companyId),
    eq(memberships.userId, userId),
    eq(memberships.role, decision.before.role),
    decision.before.role === "owner" ? anotherOwner(companyId, userId) : undefined,
  );
  if (decision.kind === "remove") return dir.delete(memberships).where(where).returning({ userId: memberships.userId });
  return dir.update(memberships).set({ role: decision.role }).where(where).returning({ userId: memberships.userId });
}

/** Another owner of the company than the user: the condition under which an owner may go. */
function anotherOwner(companyId: string, userId: string): SQL {
  return sql`EXISTS (SELECT 1 FROM memberships o WHERE o.company_id = ${companyId} AND o.role = 'owner' AND o.user_id <> ${userId})`;
}
