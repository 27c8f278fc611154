// The rules run when rows arrive: an ingest, and a bank file's import once it has succeeded
// (not chunk by chunk: a file that fails later is rolled back, and its rows with it). The
// arriving command is wrapped by the composition root (src/app/commands.ts), so bank
// transactions names no rule: its plan gains a `bank_rules.run` job after the commit, and the
// job submits `bank_rules.run` as `system`, a page at a time, when the company has an active rule.
import type { Command } from "../../commands/plan";
import { backgroundContext, submit } from "../../commands/submit";
import { database } from "../../db/client";
import type { Env } from "../../env";
import { newId } from "../../ids";
import type { Job } from "../../queue";
import { hasActiveRules } from "./queries";
import { RUN_LIMIT } from "./schemas";

type RunJob = Extract<Job, { type: "bank_rules.run" }>;
/** Which rows arrived: named, or an import's; null when none did. */
type Arrived = { transactionIds: string[] } | { importId: string } | null;

/** The command, with a rules run after its commit over the rows it stored (`arrived`, from its input and answer). */
export function runRulesAfter<I>(command: Command<I>, arrived: (input: I, data: unknown) => Arrived): Command<I> {
  return async function withRulesAfter(db, input, ctx, env) {
    const plan = await command(db, input, ctx, env);
    const rows = arrived(input, plan.data);
    if (!rows || ("transactionIds" in rows && rows.transactionIds.length === 0)) return plan;
    const job: RunJob = { type: "bank_rules.run", companyId: ctx.companyId, ...rows };
    return { ...plan, afterCommit: [...(plan.afterCommit ?? []), job] };
  };
}

/** The runs' first inputs: the import's rows, or the named rows in pages of RUN_LIMIT. */
function firstInputs(job: RunJob): Record<string, unknown>[] {
  if (job.importId) return [{ import_id: job.importId }];
  const ids = job.transactionIds ?? [];
  const out = [];
  for (let i = 0; i < ids.length; i += RUN_LIMIT) out.push({ transaction_ids: ids.slice(i, i + RUN_LIMIT) });
  return out;
}

/** The job: the rules over the rows that arrived, a page at a time; nothing without an active rule. */
export async function runRulesOnArrival(env: Env, job: RunJob, now: () => string): Promise<void> {
  if (!(await hasActiveRules(database(env), job.companyId))) return;
  for (const first of firstInputs(job)) {
    let cursor: string | null = null;
    do {
      const res = await submit(env, {
        name: "bank_rules.run",
        input: { ...first, ...(cursor ? { cursor } : {}), limit: RUN_LIMIT },
        idempotency: null,
        ctx: backgroundContext(env, job.companyId, `bank-rules-${newId()}`, now()),
      });
      if (!res.ok) {
        console.error("bank rules run refused", job.companyId, res.error);
        return;
      }
      cursor = (res.data as { next_cursor: string | null }).next_cursor;
    } while (cursor);
  }
}
