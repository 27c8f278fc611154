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
import { DIRECTORY, directory, homeOf } from "../db/homes";
import type { Env } from "../env";
import { newId } from "../ids";
import type { ParkedCompensation } from "../queue";

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
