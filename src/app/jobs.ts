// Background work. Cron enqueues sweeps; the queue consumer does the work, one
// handler per job type, so a job is retried by the queue if its handler throws.

import { nowIso, nowMs, todayUtc } from "../clock";
import { database } from "../db/client";
import { sweepIdempotency } from "../commands/idempotency";
import { backgroundContext, submit } from "../commands/submit";
import type { CommandName } from "../commands/names";
import { companiesWithPastDueInvoices } from "../domains/invoices";
import { runBankImportChunk } from "../domains/bank-transactions";
import { runOperation } from "../domains/operations";
import { companiesWithPastDueSupplierInvoices } from "../domains/supplier-invoices";
import { plannedRunsDue } from "../domains/payroll";
import { newId } from "../ids";
import { deliver, sweepDeliveries } from "../domains/webhooks";
import type { Env } from "../env";
import { OPERATION_HANDLERS } from "./operations";
import type { Job } from "../queue";

export type { Job } from "../queue";

const handlers: { [T in Job["type"]]: (env: Env, job: Extract<Job, { type: T }>) => Promise<void> } = {
  // Idempotency records live 24 hours (spec: Limits); lookups already ignore
  // expired rows, the sweep only reclaims the space.
  "idempotency.sweep": async (env) => {
    await sweepIdempotency(env, nowIso());
  },
  // How an invoice becomes overdue is not shown in the spec: here, the first sweep
  // after its due date (unpaid sent invoices; unpaid, undisputed supplier invoices),
  // as a command in each company's writer, so the change is audited and announced.
  "invoices.overdue_sweep": async (env) => {
    const db = database(env);
    const today = todayUtc();
    const sweeps: [CommandName, string[]][] = [
      ["invoices.mark_overdue", await companiesWithPastDueInvoices(db, today)],
      ["supplier_invoices.mark_overdue", await companiesWithPastDueSupplierInvoices(db, today)],
    ];
    for (const [name, companies] of sweeps) {
      for (const companyId of companies) {
        const res = await submit(env, {
          name,
          input: { today },
          idempotency: null,
          ctx: backgroundContext(env, companyId, `sweep-${newId()}`, nowIso()),
        });
        if (!res.ok) console.error("overdue sweep refused", name, companyId, res.error);
      }
    }
  },
  // A salary run marked paid with planned: true is booked on its payment date (not before: the
  // salary entry credits the bank account the money leaves), as `system`, by the same book
  // command a caller uses. A refusal (a locked period) leaves the run paid; the next sweep tries again.
  "payroll.planned_runs_sweep": async (env) => {
    const today = todayUtc();
    for (const run of await plannedRunsDue(database(env), today)) {
      const res = await submit(env, {
        name: "payroll.book_run",
        input: { id: run.id },
        idempotency: null,
        ctx: backgroundContext(env, run.companyId, `sweep-${newId()}`, nowIso()),
      });
      if (!res.ok) console.error("planned salary run not booked", run.companyId, run.id, res.error);
    }
  },
  "webhooks.sweep": async (env) => {
    const jobs = await sweepDeliveries(env, nowMs());
    if (jobs.length) await env.JOBS.sendBatch(jobs.map((body) => ({ body })));
  },
  "webhook.deliver": async (env, job) => {
    await deliver(env, job.deliveryId, nowMs());
  },
  "operation.run": async (env, job) => {
    // Another worker holds it: try again later; if that worker dies its heartbeat goes stale.
    // "running": the handler handed its work on to other messages (a bank file's chunks).
    if ((await runOperation(env, job.operationId, OPERATION_HANDLERS, nowIso)) === "busy")
      throw new Error("operation busy");
  },
  // One chunk of a large bank file, each its own message so that no queue invocation holds
  // the service for a whole file (issue #34 item 4); the last one settles the operation.
  "bank_import.chunk": async (env, job) => {
    await runBankImportChunk(env, job, nowIso);
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

/** Every minute: expired idempotency records, overdue invoices, planned salary payments whose date has come, and webhook deliveries that are due. */
export async function handleScheduled(_controller: ScheduledController, env: Env): Promise<void> {
  await env.JOBS.sendBatch([
    { body: { type: "idempotency.sweep" } satisfies Job },
    { body: { type: "invoices.overdue_sweep" } satisfies Job },
    { body: { type: "payroll.planned_runs_sweep" } satisfies Job },
    { body: { type: "webhooks.sweep" } satisfies Job },
  ]);
}
