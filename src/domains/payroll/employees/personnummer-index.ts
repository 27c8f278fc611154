// The blind index of an employee's personnummer (employees.personnummer_hash): equality
// without the plaintext, for the per-company uniqueness (EMPLOYEE_DUPLICATE_PERSONNUMMER) and
// POST .../employees/search.
//
// Issue #41 item 15: the index was one HMAC under the PII key for every company, so one
// person's rows in two companies carried the same value and linked them. It is now keyed per
// company ("v2.<hex>", src/secrets.ts blindIndexer). Rows written before hold the old value
// (64 hex digits, no prefix): lookups match both until none is left, and the minute sweep
// (payroll.personnummer_index_sweep, src/app/jobs.ts) rewrites them in bounded batches through
// each company's writer (reindexPersonnummers). The company id does not change when a company
// moves to another database (src/db/company-rows.ts copies the rows as they are), so an index
// stays valid there.
import { and, eq, sql } from "drizzle-orm";
import type { Command } from "../../../commands/plan";
import type { Database } from "../../../db/client";
import { employees } from "../../../db/schema";
import type { Env } from "../../../env";
import { ApiError } from "../../../errors/api-error";
import { hmacSha256Hex } from "../../../http/crypto";
import { blindIndexer, decryptSecret } from "../../../secrets";

/** What is indexed: part of the HKDF info, so no other index of the company shares the key. */
const PURPOSE = "employee-personnummer";

/**
 * Rows still holding the index of before issue #41 item 15. The same text as the partial index
 * employees_pnr_legacy_idx (migration 0051), so SQLite answers from that index, which holds only
 * those rows: the sweep reads nothing once every row is rewritten. 'v2.' is BLIND_INDEX_PREFIX.
 */
const legacyIndexed = sql`substr(personnummer_hash, 1, 3) <> 'v2.'`;

/** Employees re-indexed per command: one read and one batch of this many updates in the writer. */
export const REINDEX_ROWS = 100;
/** Companies a sweep hands to their writers per database and minute (a submit each). */
export const REINDEX_COMPANIES = 20;

/** The index written: keyed by the company (issue #41 item 15). */
export async function personnummerIndex(env: Env, companyId: string, pnr12: string): Promise<string> {
  return (await blindIndexer(env.PII_ENCRYPTION_KEY, PURPOSE, companyId))(pnr12);
}

/**
 * The index of before issue #41 item 15, the same in every company: only looked up, never
 * written, while rows holding it remain (see the file's head).
 */
async function legacyPersonnummerIndex(env: Env, pnr12: string): Promise<string> {
  return hmacSha256Hex(env.PII_ENCRYPTION_KEY!, `employee-personnummer:${pnr12}`);
}

/** The values a lookup matches: the company's index first (the one to store), then the old one. */
export async function personnummerIndexes(env: Env, companyId: string, pnr12: string): Promise<[string, string]> {
  const current = await personnummerIndex(env, companyId, pnr12);
  return [current, await legacyPersonnummerIndex(env, pnr12)];
}

/** The companies of this database with employees still indexed the old way, at most `limit`. */
export async function companiesWithLegacyPersonnummerIndex(db: Database, limit = REINDEX_COMPANIES) {
  const rows = await db
    .selectDistinct({ companyId: employees.companyId })
    .from(employees)
    .where(legacyIndexed)
    .limit(limit)
    .all();
  return rows.map((r) => r.companyId);
}

/**
 * Rewrites up to REINDEX_ROWS of the company's old indexes with the company's own, from the
 * encrypted personnummer. Run by the sweep as `system`, in the company's writer like every
 * company write, so it cannot race a PATCH of the number; the update also names the old
 * value, so a row changed since it was read is left alone. No event: no field an API reader
 * sees changes. A row that cannot be decrypted is a key fault of the deployment: refused.
 */
export const reindexPersonnummers: Command<Record<string, never>> = async (db, _input, ctx, env) => {
  const rows = await db
    .select({ id: employees.id, enc: employees.personnummerEnc, hash: employees.personnummerHash })
    .from(employees)
    .where(and(eq(employees.companyId, ctx.companyId), legacyIndexed))
    .limit(REINDEX_ROWS)
    .all();
  const audit = { action: "employee.personnummer_reindexed", resourceType: "employee", resourceId: null };
  if (!rows.length) return { status: 200, data: { reindexed: 0 }, statements: [], audit, unchanged: true };
  const index = await blindIndexer(env.PII_ENCRYPTION_KEY, PURPOSE, ctx.companyId);
  const statements = [];
  for (const r of rows) {
    const pnr = await decryptSecret(env.PII_ENCRYPTION_KEY, r.enc);
    if (pnr === null)
      throw new ApiError(
        "INTERNAL_ERROR",
        { employee_id: r.id },
        "The stored personnummer cannot be decrypted with the configured key.",
      );
    statements.push(
      db
        .update(employees)
        .set({ personnummerHash: await index(pnr) })
        .where(and(eq(employees.id, r.id), eq(employees.personnummerHash, r.hash))),
    );
  }
  return { status: 200, data: { reindexed: rows.length }, statements, audit };
};
