// Issue #42: what announces a write after its external step (an emailed invoice: its events,
// webhook deliveries and idempotency record) is never lost when the database refuses it. The
// batch is tried twice, then parked in R2 as SQL text and replayed by a job, or by the minute
// sweep when the job was lost (the job carries the batch itself when R2 refuses it); a replay
// of a batch that landed after all changes nothing.
import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import { PARKED_PREFIX, parkBatch, replayInline, replayParked, sweepParked } from "../../src/commands/parked";
import { type ExternalHooks, runExternal } from "../../src/commands/publish";
import type { Statement } from "../../src/db/statement";
import { outboxEvents } from "../../src/db/schema";
import { newId } from "../../src/ids";
import worker from "../../src/index";
import type { Job } from "../../src/queue";
import { homeD1 } from "../books";
import { newActor, newCompany } from "../helpers";

/** A JOBS queue that keeps what is sent (or refuses it), so the test drives the replay itself. */
function jobsQueue(refuse = false) {
  const sent: Job[] = [];
  return {
    sent,
    queue: {
      send: async (body: Job) => {
        if (refuse) throw new Error("queue unavailable");
        sent.push(body);
      },
      sendBatch: async () => undefined,
    },
  };
}

/** The runner's hooks around the external step, with the parked batches sent to `jobs`. */
function hooks(companyId: string, insert: Statement, jobs: ReturnType<typeof jobsQueue>): ExternalHooks {
  return {
    audit: () => insert,
    announce: async () => ({ statements: [], jobs: [] }),
    announceWrite: async () => ({ statements: [], jobs: [] }),
    park: (statements) =>
      parkBatch({ ...env, JOBS: jobs.queue } as never, companyId, statements, new Date().toISOString()),
    parkCompensation: async () => false,
  };
}

async function setUp() {
  const actor = await newActor();
  const company = await newCompany(actor.key);
  const home = await homeD1(company.id);
  const eventId = `evt_${newId()}`;
  const insert = drizzle(home)
    .insert(outboxEvents)
    .values({
      id: eventId,
      companyId: company.id,
      type: "invoice.sent",
      apiVersion: "2026-01-01",
      created: Math.floor(Date.now() / 1000),
      object: { id: "inv_x", amount: "1250.00" },
      requestId: `req_${newId()}`,
    });
  return { companyId: company.id as string, home, eventId, insert: insert as unknown as Statement };
}

async function eventCount(home: D1Database, id: string) {
  const row = await home
    .prepare("SELECT COUNT(*) AS n FROM outbox_events WHERE id = ?")
    .bind(id)
    .first<{ n: number }>();
  return row!.n;
}

async function parkedKeys(companyHome: string) {
  const listed = await env.DOCUMENTS.list({ prefix: `${PARKED_PREFIX}${companyHome}/` });
  return listed.objects.map((o) => o.key);
}

describe("parked writes", () => {
  it("a refused announcement after the external step is parked, and its job writes it once", async () => {
    const { companyId, home, eventId, insert } = await setUp();
    const jobs = jobsQueue();
    const failingDb = {
      batch: async () => {
        throw new Error("D1_ERROR: overloaded");
      },
    };
    let stepRan = 0;
    const outcome = await runExternal(
      failingDb as never,
      { run: async () => void stepRan++, compensate: async () => ({}) as never },
      [insert],
      hooks(companyId, insert, jobs),
    );
    // the step stands: the write answers its success, and nothing is in the books yet
    expect(outcome).toBeNull();
    expect(stepRan).toBe(1);
    expect(await eventCount(home, eventId)).toBe(0);
    expect(jobs.sent).toHaveLength(1);
    const job = jobs.sent[0] as Extract<Job, { type: "statements.replay" }>;
    expect(job.type).toBe("statements.replay");
    expect(await parkedKeys(job.home!)).toContain(job.key);

    // the job replays it through the Worker's queue handler
    const batch = createMessageBatch<Job>("bokforing-jobs", [
      { id: `replay-${newId()}`, timestamp: new Date(), attempts: 1, body: job },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env as never);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual([batch.messages[0].id]);
    expect(await eventCount(home, eventId)).toBe(1);
    const row = await home
      .prepare("SELECT object FROM outbox_events WHERE id = ?")
      .bind(eventId)
      .first<{ object: string }>();
    expect(JSON.parse(row!.object)).toEqual({ id: "inv_x", amount: "1250.00" });
    expect(await parkedKeys(job.home!)).not.toContain(job.key);

    // a second replay of the same batch (it landed after all) changes nothing and is removed
    const again = jobsQueue();
    await parkBatch({ ...env, JOBS: again.queue } as never, companyId, [insert], new Date().toISOString());
    const key = (again.sent[0] as { key: string }).key;
    expect(await replayParked(env, home, key)).toBe("already");
    expect(await eventCount(home, eventId)).toBe(1);
    expect(await replayParked(env, home, key)).toBe("gone");
  });

  it("a parked write R2 refuses travels in its replay job, and the job writes it once", async () => {
    const { companyId, home, eventId, insert } = await setUp();
    const jobs = jobsQueue();
    const noR2 = {
      ...env,
      JOBS: jobs.queue,
      DOCUMENTS: {
        put: async () => {
          throw new Error("R2 unavailable");
        },
      },
    };
    expect(await parkBatch(noR2 as never, companyId, [insert], new Date().toISOString())).toBe(true);
    const job = jobs.sent[0] as Extract<Job, { type: "statements.replay" }>;
    expect(job.batch?.statements).toHaveLength(1);
    expect(await parkedKeys(job.home!)).not.toContain(job.key);
    const batch = createMessageBatch<Job>("bokforing-jobs", [
      { id: `replay-${newId()}`, timestamp: new Date(), attempts: 1, body: job },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env as never);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual([batch.messages[0].id]);
    expect(await eventCount(home, eventId)).toBe(1);
    // a second delivery of the message (at-least-once) changes nothing
    expect(await replayInline(home, job.batch!)).toBe("already");
    expect(await eventCount(home, eventId)).toBe(1);
  });

  it("a parked write whose job was lost is replayed by the sweep after a minute, not before", async () => {
    const { companyId, home, eventId, insert } = await setUp();
    const lost = jobsQueue(true);
    expect(await parkBatch({ ...env, JOBS: lost.queue } as never, companyId, [insert], new Date().toISOString())).toBe(
      true,
    );
    const homeName =
      (
        await env.DIRECTORY.prepare("SELECT database FROM company_homes WHERE company_id = ?")
          .bind(companyId)
          .first<{ database: string }>()
      )?.database ?? "DIRECTORY";
    expect((await parkedKeys(homeName)).length).toBeGreaterThan(0);
    expect(await sweepParked(env, home, homeName, Date.now())).toBe(0);
    expect(await eventCount(home, eventId)).toBe(0);
    await sweepParked(env, home, homeName, Date.now() + 120_000);
    expect(await eventCount(home, eventId)).toBe(1);
  });

  it("a batch committed on the first try parks nothing", async () => {
    const { companyId, home, eventId, insert } = await setUp();
    const jobs = jobsQueue();
    const outcome = await runExternal(
      drizzle(home) as never,
      { run: async () => undefined, compensate: async () => ({}) as never },
      [insert],
      hooks(companyId, insert, jobs),
    );
    expect(outcome).toBeNull();
    expect(await eventCount(home, eventId)).toBe(1);
    expect(jobs.sent).toHaveLength(0);
  });
});
