// The operators' API: what the dashboard does for users, keys and memberships.
// Enabled only when the ADMIN_TOKEN secret is set; otherwise every path is 404.
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { PROSE, DOCS } from "./prose";
import { eq } from "drizzle-orm";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { directory } from "../../db/homes";
import { companies, users } from "../../db/schema";
import { ApiError } from "../../errors/api-error";
import type { AppEnv } from "../../http/context";
import { sha256Hex, timingSafeEqual } from "../../http/crypto";
import { dispatch } from "../../http/dispatch";
import { json } from "../../http/envelope";
import { defineRoute, type HandlerContext } from "../../http/route";
import * as access from "../access";
import { companyMembers, MemberParams, MemberRemovedSchema, MemberSchema, memberJson, ROLES } from "../companies";
import { currentVersion, resolveVersion } from "../../http/versions";
import { MFA_HEADER } from "../../http/mfa";
import { TOTP_STEP_SECONDS } from "../../http/totp";
import {
  getMove,
  getMoveRoute,
  listDatabases,
  listDatabasesRoute,
  moveCompany,
  moveCompanyRoute,
} from "./databases/routes";
import { handled, on, registerRoutes } from "../../http/route-table";

const TAG = "Admin";

export const SCOPES = access.API_SCOPES;

const adminAuth = createMiddleware<AppEnv>(async (c, next) => {
  const token = c.env.ADMIN_TOKEN;
  if (!token) throw new ApiError("NOT_FOUND", { path: c.req.path });
  const match = /^Bearer\s+(\S+)$/i.exec(c.req.header("Authorization") ?? "");
  if (!match || !timingSafeEqual(await sha256Hex(match[1]), await sha256Hex(token))) {
    // an admin route takes the ADMIN_TOKEN secret, never an API key: say so
    throw new ApiError("UNAUTHORIZED", { credential: "admin_token" }, "Missing or wrong admin token.").withTexts({
      sv: "Saknad eller felaktig admin-token.",
      hint:
        "Send Authorization: Bearer <ADMIN_TOKEN>, the value the service runs with (its environment or " +
        ".dev.vars, where npm start writes one); /admin/v1 does not take API keys.",
    });
  }
  await next();
});

/** A version a new key may be pinned to: known and not retired (the same refusals as the request header's). */
function pinnableVersion(version: string): string {
  try {
    return resolveVersion(version, null).version;
  } catch (err) {
    if (err instanceof ApiError && err.code === "VALIDATION_ERROR")
      throw new ApiError(
        "VALIDATION_ERROR",
        { fields: [{ path: "api_version", message: err.message }], known_versions: err.details?.known_versions },
        err.message,
      );
    throw err;
  }
}

const admin = { tag: TAG, scope: null, extraMiddleware: [adminAuth] } as const;

const createUserRoute = defineRoute({
  ...on.post(admin, "/admin/v1/users", DOCS.createUser),
  body: z.object({ email: z.email(), name: z.string().trim().min(1).max(200) }),
  response: z.object({ id: z.string(), email: z.string(), name: z.string(), created_at: z.string() }),
  status: 201,
});

async function createUser(c: HandlerContext<typeof createUserRoute>) {
  const { email, name } = c.req.valid("json");
  // the unique index on users.email decides between two concurrent creations (src/domains/access)
  const row = await access.createUser(c.env, email, name);
  if (!row) throw new ApiError("CONFLICT", { email: email.toLowerCase() }, "A user with this email already exists.");
  return json(c, { id: row.id, email: row.email, name: row.name, created_at: row.createdAt }, 201);
}

const enrolMfaRoute = defineRoute({
  ...on.post(admin, "/admin/v1/users/{id}/mfa", DOCS.enrolMfa),
  response: z.object({
    user_id: z.string(),
    secret: z.string(),
    otpauth_uri: z.string(),
    algorithm: z.literal("SHA1"),
    digits: z.literal(6),
    period: z.literal(TOTP_STEP_SECONDS),
    enrolled_at: z.string(),
  }),
  status: 201,
});

async function enrolMfa(c: HandlerContext<typeof enrolMfaRoute>) {
  const { id } = c.req.valid("param");
  // replacing a secret is itself a second-step action: whoever holds the admin token alone cannot
  const enrolled = await access.enrolTotp(c.env, id, c.req.header(MFA_HEADER));
  return json(
    c,
    {
      user_id: id,
      secret: enrolled.secret,
      otpauth_uri: enrolled.otpauth_uri,
      algorithm: "SHA1" as const,
      digits: 6 as const,
      period: TOTP_STEP_SECONDS,
      enrolled_at: enrolled.enrolled_at,
    },
    201,
  );
}

const createApiKeyRoute = defineRoute({
  ...on.post(admin, "/admin/v1/api-keys", DOCS.createApiKey),
  body: z.object({
    user_id: z.string(),
    name: z.string().trim().min(1).max(200),
    scopes: z.array(z.enum([...SCOPES, "*"])).min(1),
    mode: z.enum(["live", "test"]),
    unattended_commit_limit: z
      .number()
      .positive()
      .optional()
      .openapi({ description: "SEK; commits of larger entries are refused" }),
    api_version: z.string().optional().openapi({
      description: PROSE.apiVersionField,
    }),
    staging: access.KeyStagingSchema.optional(),
  }),
  response: z.object({
    id: z.string(),
    key: z.string(),
    name: z.string(),
    scopes: z.array(z.string()),
    mode: z.string(),
    unattended_commit_limit: z.number().nullable(),
    staging: access.StagingAnswerSchema,
    api_version: z.string(),
    created_at: z.string(),
  }),
  status: 201,
});

async function createApiKey(c: HandlerContext<typeof createApiKeyRoute>) {
  const body = c.req.valid("json");
  if (!(await directory(c.env).select({ id: users.id }).from(users).where(eq(users.id, body.user_id)).get()))
    throw new ApiError("NOT_FOUND", { resource: "user", id: body.user_id });
  // a live key acts on real books: its user proves the second step (docs/platform.md); pinned to the
  // version current at creation unless one is named (spec: Versioning 5); its staging's approvers are users
  let staging: Awaited<ReturnType<typeof access.stagingOf>> = null;
  const made = await access.createKey(
    c.env,
    body.user_id,
    body,
    c.req.header(MFA_HEADER),
    () => (body.api_version === undefined ? currentVersion() : pinnableVersion(body.api_version)),
    async () => {
      staging = await access.stagingOf(directory(c.env), body.staging);
      return staging;
    },
  );
  return json(
    c,
    {
      id: made.id,
      key: made.key,
      name: made.name,
      scopes: made.scopes,
      mode: made.mode,
      unattended_commit_limit: body.unattended_commit_limit ?? null,
      staging: access.stagingJson(staging),
      api_version: made.api_version,
      created_at: made.created_at,
    },
    201,
  );
}

const revokeApiKeyRoute = defineRoute({
  ...on.delete(admin, "/admin/v1/api-keys/{id}", DOCS.revokeApiKey),
  response: z.object({ id: z.string(), revoked_at: z.string() }),
});

async function revokeApiKey(c: HandlerContext<typeof revokeApiKeyRoute>) {
  // at once: the writers of the user's companies forget the key (src/http/access.ts)
  return json(c, await access.revokeCredential(c.env, null, c.req.valid("param").id, null));
}

const setStagingRoute = defineRoute({
  ...on.patch(admin, "/admin/v1/api-keys/{id}/staging", DOCS.setStaging),
  body: z.object({ staging: access.KeyStagingSchema.nullable() }).strict(),
  response: z.object({ id: z.string(), staging: access.StagingAnswerSchema }),
});

async function setStaging(c: HandlerContext<typeof setStagingRoute>) {
  const { id } = c.req.valid("param");
  const db = directory(c.env);
  const staging = await access.stagingOf(db, c.req.valid("json").staging);
  await access.setKeyStaging(c.env, db, id, staging);
  return json(c, { id, staging: access.stagingJson(staging) });
}

/**
 * The operators' API acts on a company's members through the company's writer, as the API does
 * (src/domains/companies/members/commands.ts): one at a time with the company's other writes, dry run,
 * idempotency, audit and events alike. Its audit rows name the operator, not a key: api_key_id
 * `admin_token`, user_id `operator`; it has an owner's say, the last owner staying all the same.
 */
function asOperator(c: Context<AppEnv>, companyId: string): void {
  c.set("company", { id: companyId, role: "owner" });
  c.set("auth", {
    apiKeyId: OPERATOR.apiKeyId,
    userId: OPERATOR.userId,
    scopes: ["*"],
    mode: "live",
    unattendedCommitLimitOre: null,
    apiVersion: currentVersion(),
    kind: "key",
    companyIds: null,
    expiresAtMs: null,
  });
}

const OPERATOR = { apiKeyId: "admin_token", userId: "operator" } as const;

const memberWrite = { ...admin, idempotency: "optional", dryRun: true } as const;

const listMembersRoute = defineRoute({
  ...on.get(admin, "/admin/v1/companies/{companyId}/members", DOCS.listMembers),
  response: z.array(MemberSchema),
});

async function listMembers(c: HandlerContext<typeof listMembersRoute>) {
  const { companyId } = c.req.valid("param");
  const db = directory(c.env);
  if (!(await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).get()))
    throw new ApiError("NOT_FOUND", { resource: "company", id: companyId });
  return json(c, (await companyMembers(db, companyId)).map(memberJson));
}

const setMemberRoute = defineRoute({
  ...on.post(memberWrite, "/admin/v1/companies/{companyId}/members", DOCS.setMember),
  body: z.object({ user_id: z.string(), role: z.enum(ROLES) }),
  response: MemberSchema,
  status: 201,
});

async function setMember(c: HandlerContext<typeof setMemberRoute>) {
  const { companyId } = c.req.valid("param");
  const { user_id, role } = c.req.valid("json");
  asOperator(c, companyId);
  return dispatch(c, "companies.set_member", { user_id, role, add: true });
}

const removeMemberRoute = defineRoute({
  ...on.delete(memberWrite, "/admin/v1/companies/{companyId}/members/{userId}", DOCS.removeMember),
  params: MemberParams,
  response: MemberRemovedSchema,
});

async function removeMember(c: HandlerContext<typeof removeMemberRoute>) {
  const { companyId, userId } = c.req.valid("param");
  asOperator(c, companyId);
  return dispatch(c, "companies.remove_member", { user_id: userId });
}

export function registerAdminRoutes(app: OpenAPIHono<AppEnv>) {
  app.use("/admin/v1/*", adminAuth);
  registerRoutes(app, [
    handled(createUserRoute, createUser),
    handled(enrolMfaRoute, enrolMfa),
    handled(createApiKeyRoute, createApiKey),
    handled(revokeApiKeyRoute, revokeApiKey),
    handled(setStagingRoute, setStaging),
    handled(listMembersRoute, listMembers),
    handled(setMemberRoute, setMember),
    handled(removeMemberRoute, removeMember),
    handled(listDatabasesRoute, listDatabases),
    handled(moveCompanyRoute, moveCompany),
    handled(getMoveRoute, getMove),
  ]);
}
