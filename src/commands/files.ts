// The plan's files step (R2, the DOCUMENTS bucket): a row that names a file never exists
// without it, and no file outlives a write that did not commit.
import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { auditLog } from "../db/schema";
import type { Env } from "../env";
import type { Plan } from "./plan";

/**
 * The plan's files, put before its batch; the keys put, or null when one could not be
 * (those already put are removed). A key must be new (If-None-Match: *), so removing a
 * file after a failed batch can only remove what this write put there.
 */
export async function putFiles(env: Env, files: NonNullable<Plan["files"]>): Promise<string[] | null> {
  const results = await Promise.allSettled(
    files.map(async (f) => {
      const options = {
        onlyIf: { etagDoesNotMatch: "*" },
        httpMetadata: f.contentType ? { contentType: f.contentType } : undefined,
        customMetadata: f.customMetadata,
      };
      if (!(await env.DOCUMENTS.put(f.key, f.body, options))) throw new Error(`a file already exists at ${f.key}`);
      return f.key;
    }),
  );
  const put = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
  if (put.length === files.length) return put;
  console.error(
    "file step failed",
    results.flatMap((r) => (r.status === "rejected" ? [r.reason] : [])),
  );
  await removeFiles(env, put);
  return null;
}

/**
 * After a failed batch: a refused batch wrote nothing, but any other error may have come
 * after the commit, and a row must never lose its file; the audit row tells which.
 */
export async function removeFilesOfFailedBatch(
  env: Env,
  db: Database,
  keys: string[],
  refused: boolean,
  auditId: string,
): Promise<void> {
  if (keys.length && (refused || !(await auditRowExists(db, auditId)))) await removeFiles(env, keys);
}

/** A file left behind by a failed delete is only wasted space, never a missing record. */
async function removeFiles(env: Env, keys: string[]) {
  if (!keys.length) return;
  try {
    await env.DOCUMENTS.delete(keys);
  } catch (err) {
    console.error("files of a failed write could not be removed", keys, err);
  }
}

/** Unknown counts as committed: keeping an orphan file is the lesser harm. */
async function auditRowExists(db: Database, auditId: string): Promise<boolean> {
  try {
    return !!(await db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.id, auditId)).get());
  } catch {
    return true;
  }
}
