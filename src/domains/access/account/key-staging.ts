// An API key's staged writes (issue #44, docs/approvals.md): over its unattended commit limit,
// and/or the commands it names, a key's write becomes an approval request to these approvers
// instead of a refusal or a commit. Set when the key is created, or later by the operators.
import { z } from "@hono/zod-openapi";
import { eq, inArray } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { apiKeys, users } from "../../../db/schema";
import type { KeyStaging } from "../../../db/tables/identity";
import { ApiError } from "../../../errors/api-error";
import { forgetInWriter } from "../../../commands/submit";
import type { Env } from "../../../env";
import { companyIdsOfUser } from "../../companies";

export const KeyStagingSchema = z
  .object({
    stage_over_limit: z
      .boolean()
      .default(false)
      .openapi({ description: "a journal entry's commit over the key's unattended limit waits for an approver" }),
    stage_writes: z
      .array(z.string().regex(/^[a-z_]+\.[a-z_]+$/, "a command name, e.g. journal_entries.commit"))
      .max(50)
      .default([])
      .openapi({ description: "commands every write of which waits for an approver (names as in docs/approvals.md)" }),
    approvers: z.array(z.string().min(1)).min(1).max(20).openapi({ description: "user ids who may approve" }),
  })
  .strict()
  .openapi("ApiKeyStaging");

export type KeyStagingInput = z.infer<typeof KeyStagingSchema>;

/** The column's value, with the approvers checked to be users. */
export async function stagingOf(db: Database, input: KeyStagingInput | null | undefined): Promise<KeyStaging | null> {
  if (!input) return null;
  if (!input.stage_over_limit && !input.stage_writes.length)
    throw new ApiError("VALIDATION_ERROR", {
      fields: [{ path: "staging", message: "stage_over_limit or stage_writes is needed" }],
    });
  const approvers = [...new Set(input.approvers)];
  const found = await db.select({ id: users.id }).from(users).where(inArray(users.id, approvers)).all();
  const missing = approvers.filter((id) => !found.some((u) => u.id === id));
  if (missing.length) throw new ApiError("NOT_FOUND", { resource: "user", ids: missing });
  return { over_limit: input.stage_over_limit, commands: [...new Set(input.stage_writes)], approvers };
}

export function stagingJson(s: KeyStaging | null) {
  return s && { stage_over_limit: s.over_limit, stage_writes: s.commands, approvers: s.approvers };
}

export const StagingAnswerSchema = z
  .object({ stage_over_limit: z.boolean(), stage_writes: z.array(z.string()), approvers: z.array(z.string()) })
  .nullable();

/**
 * Sets (or, with null, clears) a key's staging, at once: the writers of the user's companies hold
 * the key as they saw it (src/http/access.ts), so they are told to forget it. 404 for no such key.
 */
export async function setKeyStaging(env: Env, db: Database, id: string, staging: KeyStaging | null): Promise<void> {
  const key = await db.select().from(apiKeys).where(eq(apiKeys.id, id)).get();
  if (!key || key.revokedAt) throw new ApiError("NOT_FOUND", { resource: "api_key", id });
  await db.update(apiKeys).set({ staging }).where(eq(apiKeys.id, id));
  await Promise.all(
    (await companyIdsOfUser(db, key.userId)).map((companyId) =>
      forgetInWriter(env, companyId, { keyHash: key.keyHash }),
    ),
  );
}
