// Compensations parked until they land (issue #42). A write with an external step (an emailed
// invoice) commits its books first, then runs the step; when the step fails, its compensation
// (the storno of the sale, the invoice back to draft) is planned and committed in a batch of its
// own. When that cannot be done now (D1 refuses the batch, or the reads of the plan fail), the
// write must not stand without its step: the compensation is parked as its *command* (a name
// and an input, ExternalStep.replay), kept in R2 and run by a job through the company's writer,
// and by the minute sweep when the job was lost or failed, until it lands.
//
// Why the command and not its statements: a storno takes a voucher number and a place in the
// verifiable ledger's chain (src/ledger/chain.ts). A batch planned then and replayed later
// could collide with numbers taken meanwhile and would link to a stale chain head, so the
// writer plans it again on what D1 says now.
//
// A replay is safe to repeat: it runs under an idempotency key of the failed request's own
// (a redelivered job gets the stored answer), and the command changes nothing when it finds the
// undo already there (the invoice a draft again, the sale's entry reversed). A command that
// refuses (the invoice was paid meanwhile) cannot land by retrying: its record moves to the
// dead letters (DEAD_COMPENSATIONS_PREFIX) for an operator, and the log says so.
import { nowIso } from "../clock";
import { DIRECTORY, directory, homeOf } from "../db/homes";
import type { Env } from "../env";
import { newId } from "../ids";
import type { ParkedCompensation } from "../queue";
import type { CommandName } from "./names";
import { backgroundContext, submit } from "./submit";

/** Where parked compensations wait: one object each, under its company's database's name. */
export const COMPENSATIONS_PREFIX = "parked-compensations/";
/** Compensations their command refused: kept for an operator, never replayed by themselves. */
export const DEAD_COMPENSATIONS_PREFIX = "dead-letters/compensations/";

type JobEnv = Pick<Env, "DOCUMENTS" | "JOBS" | "DIRECTORY">;

/**
 * Parks a compensation that could not be written: kept in R2 and run by a job (the minute sweep
 * runs it if the job is lost), or carried by the job itself when R2 refuses it. False when
 * neither took it: then only the log holds it.
 */
export async function parkCompensation(env: JobEnv, parked: ParkedCompensation): Promise<boolean> {
  const home = (await homeOf(directory(env), parked.companyId).catch(() => null)) ?? DIRECTORY;
  const key = `${COMPENSATIONS_PREFIX}${home}/${parked.parkedAt.slice(0, 19).replace(/\D/g, "")}-${newId()}.json`;
  try {
    await env.DOCUMENTS.put(key, JSON.stringify(parked), { httpMetadata: { contentType: "application/json" } });
  } catch (err) {
    console.error("a parked compensation could not be kept in R2; its job carries it", key, err);
    try {
      await env.JOBS.send({ type: "compensation.replay", home, key, compensation: parked });
      return true;
    } catch (sendErr) {
      console.error("a compensation could not be parked: the write stands without its step", parked, sendErr);
      return false;
    }
  }
  await env.JOBS.send({ type: "compensation.replay", home, key }).catch((err) => {
    console.error("compensation job not sent; the minute sweep runs it", key, err);
  });
  return true;
}

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
