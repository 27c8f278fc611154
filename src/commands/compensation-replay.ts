// Running parked compensations (src/commands/compensation.ts parks them): through the
// company's writer by `submit`, apart from the parking so that the runner, which parks, does
// not import the submit path that imports the runner.
import { nowIso } from "../clock";
import type { Env } from "../env";
import { newId } from "../ids";
import type { ParkedCompensation } from "../queue";
import { COMPENSATIONS_PREFIX, DEAD_COMPENSATIONS_PREFIX } from "./compensation";
import type { CommandName } from "./names";
import { backgroundContext, submit } from "./submit";

/** What a run of a parked compensation came to. */
export type CompensationOutcome = "landed" | "already" | { refused: unknown };

/**
 * Runs the compensation's command in its company's writer, under the failed request's key. A
 * database failure or a busy company throws (the job is retried); a refusal is returned.
 */
export async function runCompensation(env: Env, parked: ParkedCompensation): Promise<CompensationOutcome> {
  const res = await submit(env, {
    name: parked.command as CommandName,
    input: parked.input,
    idempotency: { key: `compensation-${parked.requestId}`, bodyHash: `compensation:${parked.command}` },
    ctx: backgroundContext(env, parked.companyId, `compensation-${newId()}`, nowIso()),
  });
  if (res.ok) return res.replayed || res.audit === null ? "already" : "landed";
  if (res.status >= 500 || res.status === 429) throw new Error(`compensation not written yet: ${res.error.code}`);
  return { refused: res.error };
}

/** A compensation its command refused, kept for an operator under the dead letters. */
async function deadLetter(env: Pick<Env, "DOCUMENTS">, key: string, parked: ParkedCompensation, refused: unknown) {
  const dead = `${DEAD_COMPENSATIONS_PREFIX}${key.slice(COMPENSATIONS_PREFIX.length)}`;
  console.error("a compensation was refused: kept for an operator", dead, parked, refused);
  await env.DOCUMENTS.put(dead, JSON.stringify({ ...parked, refused, deadAt: nowIso() }), {
    httpMetadata: { contentType: "application/json" },
  });
}

/** Runs a compensation its job carries (R2 refused it): a refusal goes to the dead letters. */
export async function replayCarried(env: Env, key: string, parked: ParkedCompensation): Promise<CompensationOutcome> {
  const outcome = await runCompensation(env, parked);
  if (typeof outcome === "object") await deadLetter(env, key, parked, outcome.refused);
  return outcome;
}

/**
 * Runs one parked compensation and removes it once it landed (or was found landed), or moves it
 * to the dead letters when refused. Anything else throws and leaves it for the next try.
 */
export async function replayParkedCompensation(env: Env, key: string): Promise<CompensationOutcome | "gone"> {
  const object = await env.DOCUMENTS.get(key);
  if (!object) return "gone";
  const parked = (await object.json()) as ParkedCompensation;
  const outcome = await replayCarried(env, key, parked);
  await env.DOCUMENTS.delete(key);
  return outcome;
}

/** Parked compensations of a database older than a minute (their job lost or failing): each run again. */
export async function sweepCompensations(env: Env, home: string, nowMs: number): Promise<number> {
  const listed = await env.DOCUMENTS.list({ prefix: `${COMPENSATIONS_PREFIX}${home}/`, limit: 100 });
  let landed = 0;
  for (const o of listed.objects) {
    if (nowMs - o.uploaded.getTime() < 60_000) continue;
    try {
      if ((await replayParkedCompensation(env, o.key)) === "landed") landed++;
    } catch (err) {
      console.error("a parked compensation could not be written yet", o.key, err);
    }
  }
  return landed;
}
