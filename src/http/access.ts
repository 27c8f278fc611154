// Who is asking, and what they may do in the company the path names: the API key (by
// the SHA-256 of the bearer), and the user's role in the company, in ONE D1 query
// (api_keys joined with memberships and companies).
//
// A company write asks the company's writer instead (CompanyWriter.authorize), which
// holds the answers it has read in an `AccessCache`, so the hot write path makes no D1
// round trip for them. The cache stays exact because the only paths that change them
// tell the writers concerned to forget (docs/scaling.md, "The commit path"):
//   - revoking a key (admin DELETE /admin/v1/api-keys/{id}): every company of the
//     key's user forgets the key;
//   - adding, changing or removing a membership (the member routes of the API and of
//     the admin API, src/domains/companies/members/commands.ts): the command, run by that
//     company's writer, drops the user (CommandContext.heldAccess);
//   - archiving a sandbox company (POST .../sandbox/reset, src/domains/sandbox): that
//     company forgets every member.
// A key is held only by the writers of companies its user belongs to, so the companies
// of the user are every writer that may hold it. Nothing else changes api_keys,
// memberships or a company's sandbox flag or archiving today (a key's api_version is set once,
// at creation; a user's MFA secret is read per request, never held); a path that comes to do so
// must forget the same way.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { apiKeys, companies, companyHomes, memberships } from "../db/schema";
import type { KeyStaging } from "../db/tables/identity";
import { nowMs } from "../clock";
import { isUuid } from "../ids";
import { ApiError } from "../errors/api-error";
import type { AccessDemand, Role } from "../writer/request";

/** The user's membership in a company, as the gate reads it. */
export interface Membership {
  role: Role;
  isSandbox: boolean;
  /** the company's home database (src/db/homes.ts) */
  home: string;
}

/** The API key a request authenticated with. */
export interface AuthContext {
  apiKeyId: string;
  userId: string;
  scopes: string[];
  mode: "live" | "test";
  unattendedCommitLimitOre: number | null;
  /** the writes the key stages for a person (docs/approvals.md); null: none */
  staging?: KeyStaging | null;
  /** the API version the key was created under (api_keys.api_version) */
  apiVersion: string;
  /** a key, a dashboard session or an OAuth access token (docs/sign-in-and-oauth.md) */
  kind: "key" | "session" | "oauth";
  /** an OAuth access token's companies; null: every company of the user */
  companyIds: string[] | null;
  /** when a session or an access token stops working (ms since the epoch); null: never */
  expiresAtMs: number | null;
}

export type { AccessDemand };

/** The company's writer as authentication asks it (durable-objects/company-writer.ts implements it). */
export interface AccessWriter {
  authorize(companyId: string, keyHash: string): Promise<Access>;
}

export interface Access {
  /** null: no such key, or revoked */
  key: (AuthContext & { keyHash: string }) | null;
  /** the user's role in the company asked about; null when none (or the company is archived, or none was asked) */
  membership: Membership | null;
}

/** The company a path is about (/api/v1/companies/{uuid}/...), or null. */
export function companyOfPath(path: string): string | null {
  const m = /^\/api\/v1\/companies\/([^/]+)(?:\/|$)/.exec(path);
  return m && isUuid(m[1]) ? m[1] : null;
}

type AccessKey = Pick<AuthContext, "scopes" | "mode"> &
  Partial<Pick<AuthContext, "kind" | "companyIds" | "expiresAtMs">>;

/** A session or an access token past its lifetime answers as no credential at all. */
export function expired(key: Partial<Pick<AuthContext, "expiresAtMs">>): boolean {
  return key.expiresAtMs != null && key.expiresAtMs <= nowMs();
}

export function hasScope(scopes: string[], required: string): boolean {
  return scopes.includes("*") || scopes.includes(required);
}

/**
 * The refusal a company request gets from this access, in the Worker's order (src/http/
 * auth.ts, route.ts, company-access.ts): 401 no key, 403 scope, 404 not a member (or the
 * other mode's company), 403 a viewer writing; null when it may go on. The company's
 * writer applies the same before a command (CompanyWriter.execute).
 */
export function accessRefusal(
  access: { key: AccessKey | null; membership: Membership | null },
  companyId: string,
  demand: AccessDemand,
): ApiError | null {
  if (!access.key || expired(access.key)) return new ApiError("UNAUTHORIZED");
  if (demand.scope && !hasScope(access.key.scopes, demand.scope))
    return new ApiError(
      "INSUFFICIENT_SCOPE",
      { required_scope: demand.scope },
      `This endpoint requires the scope ${demand.scope}.`,
    );
  if (!demand.company) return null;
  const m = access.membership;
  // a session is the person: it reaches live and sandbox companies alike (its mode follows the company,
  // src/http/auth.ts); an OAuth token reaches only the companies of its grant
  const otherMode = access.key.kind !== "session" && m?.isSandbox !== (access.key.mode === "test");
  const outsideGrant = !!access.key.companyIds && !access.key.companyIds.includes(companyId);
  if (!m || otherMode || outsideGrant) return new ApiError("NOT_FOUND", { resource: "company", id: companyId });
  if (demand.write && m.role === "viewer") return new ApiError("FORBIDDEN", { role: m.role });
  return null;
}

/**
 * The key and, when a company is named, the key's user's membership in it and the company's
 * home: one query, on the directory. A company without a home is one whose creation did not
 * finish (src/domains/companies): no member reaches it.
 */
export async function readAccess(db: Database, keyHash: string, companyId: string | null): Promise<Access> {
  const base = {
    id: apiKeys.id,
    userId: apiKeys.userId,
    scopes: apiKeys.scopes,
    mode: apiKeys.mode,
    limit: apiKeys.unattendedCommitLimitOre,
    staging: apiKeys.staging,
    apiVersion: apiKeys.apiVersion,
    kind: apiKeys.kind,
    companyIds: apiKeys.companyIds,
    expiresAtMs: apiKeys.expiresAtMs,
  };
  const row = companyId
    ? await db
        .select({ ...base, role: memberships.role, isSandbox: companies.isSandbox, home: companyHomes.database })
        .from(apiKeys)
        .leftJoin(memberships, and(eq(memberships.userId, apiKeys.userId), eq(memberships.companyId, companyId)))
        .leftJoin(companies, and(eq(companies.id, memberships.companyId), isNull(companies.archivedAt)))
        .leftJoin(companyHomes, eq(companyHomes.companyId, companies.id))
        .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)))
        .get()
    : await db
        .select({ ...base, role: sql<null>`NULL`, isSandbox: sql<null>`NULL`, home: sql<null>`NULL` })
        .from(apiKeys)
        .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)))
        .get();
  if (!row) return { key: null, membership: null };
  return {
    key: {
      keyHash,
      apiKeyId: row.id,
      userId: row.userId,
      scopes: row.scopes,
      mode: row.mode,
      unattendedCommitLimitOre: row.limit,
      staging: row.staging ?? null,
      apiVersion: row.apiVersion,
      kind: row.kind,
      companyIds: row.companyIds ?? null,
      expiresAtMs: row.expiresAtMs ?? null,
    },
    membership:
      row.role !== null && row.isSandbox !== null && row.home !== null
        ? { role: row.role as Role, isSandbox: !!row.isSandbox, home: row.home }
        : null,
  };
}

/**
 * What a company's writer holds of the access answers about its company: keys by hash
 * and roles by user, only for users who belong to the company. `forget*` drop them; a
 * read that began before a forget is answered but not kept.
 */
export class AccessCache {
  private readonly keys = new Map<string, NonNullable<Access["key"]>>();
  private readonly roles = new Map<string, Membership>();
  private epoch = 0;

  constructor(private readonly companyId: string) {}

  async authorize(db: Database, keyHash: string): Promise<Access> {
    const key = this.keys.get(keyHash);
    const membership = key ? this.roles.get(key.userId) : undefined;
    if (key && membership) return { key, membership };
    const epoch = this.epoch;
    const access = await readAccess(db, keyHash, this.companyId);
    if (access.key && access.membership && epoch === this.epoch) {
      this.keys.set(keyHash, access.key);
      this.roles.set(access.key.userId, access.membership);
    }
    return access;
  }

  forgetKey(keyHash: string): void {
    this.epoch++;
    this.keys.delete(keyHash);
  }

  forgetUser(userId: string): void {
    this.epoch++;
    this.roles.delete(userId);
    for (const [hash, key] of this.keys) if (key.userId === userId) this.keys.delete(hash);
  }
}
