// Background work. Cron enqueues; the queue consumer does the work, one handler
// per job type, so a job is retried by the queue if its handler throws.
import { lt } from "drizzle-orm";
import { nowIso } from "../clock";
import { database } from "../db/client";
import { idempotencyRecords } from "../db/schema";
import type { Env } from "../env";

export type Job = { type: "idempotency.sweep" };

const handlers: { [T in Job["type"]]: (env: Env, job: Extract<Job, { type: T }>) => Promise<void> } = {
  // Idempotency records live 24 hours (spec: Limits); lookups already ignore
  // expired rows, the sweep only reclaims the space.
  "idempotency.sweep": async (env) => {
    await database(env).delete(idempotencyRecords).where(lt(idempotencyRecords.expiresAt, nowIso()));
  },
};

export async function handleQueue(batch: MessageBatch<Job>, env: Env): Promise<void> {
  for (const msg of batch.messages) {
    const handler = handlers[msg.body?.type as Job["type"]];
    if (!handler) {
      console.error("unknown job type; dropped", msg.body);
      msg.ack();
      continue;
    }
    try {
      await handler(env, msg.body as never);
      msg.ack();
    } catch (err) {
      console.error("job failed; will retry", msg.body.type, err);
      msg.retry();
    }
  }
}

export async function handleScheduled(_controller: ScheduledController, env: Env): Promise<void> {
  await env.JOBS.send({ type: "idempotency.sweep" } satisfies Job);
}
