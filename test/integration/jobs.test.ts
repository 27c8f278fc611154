import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  env,
  getQueueResult,
  waitOnExecutionContext,
} from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../src/index";
import type { Job } from "../../src/queue";

describe("cron and queue", () => {
  it("the minute cron enqueues the sweeps, and the consumer deletes expired records only", async () => {
    const sent: unknown[] = [];
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "* * * * *", scheduledTime: Date.now() }), {
      ...env,
      JOBS: { sendBatch: async (ms: { body: unknown }[]) => void sent.push(...ms.map((m) => m.body)) },
    } as any);
    await waitOnExecutionContext(ctx);
    const sweeps = [
      "idempotency.sweep",
      "invoices.overdue_sweep",
      "payroll.planned_runs_sweep",
      "invoice_contracts.sweep",
      "payroll.personnummer_index_sweep",
      "month_close.sweep",
      "webhooks.sweep",
      "outbox.prune",
      "peppol.sweep",
      "operations.sweep",
      "statements.replay_sweep",
    ];
    // every sweep once in each database the books live in: the three ledger databases, and the directory
    const homes = ["LEDGER_1", "LEDGER_2", "LEDGER_3", "DIRECTORY"];
    // ...and the company moves' sweep once: moves are the directory's
    expect(sent).toEqual([
      ...homes.flatMap((home) => sweeps.map((type) => ({ type, home }))),
      { type: "moves.sweep", home: "DIRECTORY" },
    ]);

    // a record of no company, in the second ledger database: its sweep reaches it
    const insert = env.LEDGER_2.prepare(
      "INSERT INTO idempotency_records (api_key_id, company_id, idempotency_key, body_hash, status_code, result, created_at, expires_at) VALUES ('k', 'c', ?, 'h', 200, '{}', '2000-01-01', ?)",
    );
    await insert.bind("old", "2000-01-02T00:00:00.000Z").run();
    await insert.bind("fresh", "2999-01-01T00:00:00.000Z").run();

    const batch = createMessageBatch<Job>("bokforing-jobs", [
      { id: "m1", timestamp: new Date(), attempts: 1, body: { type: "idempotency.sweep", home: "LEDGER_2" } },
    ]);
    const qctx = createExecutionContext();
    await worker.queue(batch, env as any);
    const result = await getQueueResult(batch, qctx);
    expect(result.explicitAcks).toEqual(["m1"]);
    const left = await env.LEDGER_2.prepare(
      "SELECT idempotency_key FROM idempotency_records WHERE api_key_id = 'k'",
    ).all<{
      idempotency_key: string;
    }>();
    expect(left.results.map((r) => r.idempotency_key)).toEqual(["fresh"]);
  });

  it("acknowledges and drops a message of unknown type instead of retrying it forever", async () => {
    const batch = createMessageBatch<any>("bokforing-jobs", [
      { id: "m2", timestamp: new Date(), attempts: 1, body: { type: "nonsense" } },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env as any);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual(["m2"]);
  });
});
