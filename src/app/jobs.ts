// Background work. Cron enqueues sweeps; the queue consumer does the work, one
// handler per job type, so a job is retried by the queue if its handler throws.

import { nowIso, nowMs, todayUtc } from "../clock";
import { database } from "../db/client";
import { DIRECTORY, bindingOf, directory, homeNames } from "../db/homes";
import { companyMover, movingCompanies, stalledMoves } from "../writer/move";
import { homeOfJob } from "./job-homes";
import { sweepIdempotency } from "../commands/idempotency";
import { backgroundContext, submit } from "../commands/submit";
import type { CommandName } from "../commands/names";
import {
  companiesWithPastDueInvoices,
  deliverPeppol,
  invoicesDueForAutoReminder,
  sweepPeppolDeliveries,
} from "../domains/invoices";
import { companiesWithAutoReminders } from "../domains/companies";
import { sweepInvoiceContracts } from "../domains/invoice-contracts";
import { runBankImportChunk, runBankImportRange, runBankImportRangesRead } from "../domains/bank-transactions";
import { runOperation, sweepOperations } from "../domains/operations";
import { runRulesOnArrival } from "../domains/bank-rules";
import { companiesWithPastDueSupplierInvoices } from "../domains/supplier-invoices";
import { companiesWithLegacyPersonnummerIndex, plannedRunsDue } from "../domains/payroll";
import { monthsToCheck } from "../domains/month-close";
import { newId } from "../ids";
import { deliver, hasOpenDelivery, sweepDeliveries } from "../domains/webhooks";
import { pruneOutbox, retentionSettings } from "../commands/outbox-retention";
import { replayInline, replayParked, sweepParked } from "../commands/parked";
import { replayCarried, replayParkedCompensation, sweepCompensations } from "../commands/compensation-replay";
import type { Env } from "../env";
import { OPERATION_HANDLERS, OPERATION_ROLLBACKS } from "./operations";
import type { Job } from "../queue";

export type { Job } from "../queue";

/**
 * After the overdue sweep: each company with auto_reminder_days gets a reminder sent for each
 * overdue invoice due at least that many days ago and not reminded within that many days, by the
 * same command a caller uses (fee, interest, PDF, email), as `system`. The command checks the
 * interval again in the writer, so overlapping sweeps send one reminder (INVOICE_REMINDER_TOO_SOON
 * for the other, not logged); any other refusal (no customer email) is logged and tried next sweep.
 */
async function sendAutomaticReminders(env: Env, today: string) {
  const db = database(env);
  for (const { companyId, days } of await companiesWithAutoReminders(db)) {
    for (const id of await invoicesDueForAutoReminder(db, companyId, today, days)) {
      const res = await submit(env, {
        name: "invoices.remind",
        input: { id, auto_interval_days: days },
        idempotency: null,
        ctx: backgroundContext(env, companyId, `sweep-${newId()}`, nowIso()),
      });
      if (!res.ok && res.error.code !== "INVOICE_REMINDER_TOO_SOON")
        console.error("automatic reminder refused", companyId, id, res.error);
    }
  }
}

const handlers: { [T in Job["type"]]: (env: Env, job: Extract<Job, { type: T }>) => Promise<void> } = {
  // Idempotency records live 24 hours (spec: Limits); lookups already ignore
  // expired rows, the sweep only reclaims the space.
  // (the companies being moved keep theirs until the switch: the copy is verified row for row)
  "idempotency.sweep": async (env) => {
    await sweepIdempotency(env, nowIso(), await movingCompanies(directory(env)));
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
    await sendAutomaticReminders(env, today);
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
  // Recurring invoices: each period's invoice once (a UNIQUE contract + period start), late days caught up.
  "invoice_contracts.sweep": async (env) => sweepInvoiceContracts(env, database(env), todayUtc()),
  // Issue #44: the month before the current one, checked per company (at most hourly until it is
  // ready); month_close.check emits month.ready_to_close the first time it finds it ready.
  "month_close.sweep": async (env) => {
    for (const { companyId, month } of await monthsToCheck(database(env), nowIso())) {
      const res = await submit(env, {
        name: "month_close.check",
        input: { month },
        idempotency: null,
        ctx: backgroundContext(env, companyId, `sweep-${newId()}`, nowIso()),
      });
      if (!res.ok) console.error("month close not checked", companyId, month, res.error);
    }
  },
  // Issue #41 item 15: employees still holding the personnummer index of before (one for every
  // company) get their company's own, up to 20 companies a database and 100 employees a company
  // each minute (docs/payroll.md, "The personnummer's blind index"); lookups match both meanwhile.
  "payroll.personnummer_index_sweep": async (env) => {
    for (const companyId of await companiesWithLegacyPersonnummerIndex(database(env))) {
      const res = await submit(env, {
        name: "payroll.reindex_personnummers",
        input: {},
        idempotency: null,
        ctx: backgroundContext(env, companyId, `sweep-${newId()}`, nowIso()),
      });
      if (!res.ok) console.error("personnummer index not rewritten", companyId, res.error);
    }
  },
  "webhooks.sweep": async (env, job) => {
    const jobs = await sweepDeliveries(env, nowMs());
    if (jobs.length) await env.JOBS.sendBatch(jobs.map((body) => ({ body: { ...body, home: job.home } })));
  },
  // Events past the retention window whose deliveries are all over, a bounded batch a minute;
  // the webhooks domain says which deliveries may still be sent (docs/webhooks-and-operations.md).
  "outbox.prune": async (env) => {
    const moving = await movingCompanies(directory(env));
    await pruneOutbox(database(env), nowMs(), retentionSettings(env), hasOpenDelivery, moving);
  },
  "webhook.deliver": async (env, job) => {
    await deliver(env, job.deliveryId, nowMs());
  },
  // Invoices handed to the company's Peppol access point: due retries, on the webhook schedule.
  "peppol.sweep": async (env, job) => {
    const jobs = await sweepPeppolDeliveries(env, nowMs());
    if (jobs.length) await env.JOBS.sendBatch(jobs.map((body) => ({ body: { ...body, home: job.home } })));
  },
  "peppol.deliver": async (env, job) => {
    await deliverPeppol(env, job.deliveryId, nowMs());
  },
  "operation.run": async (env, job) => {
    // Another worker holds it: try again later; if that worker dies its heartbeat goes stale.
    // "running": the handler handed its work on to other messages (a bank file's chunks).
    if ((await runOperation(env, job.operationId, OPERATION_HANDLERS, nowIso)) === "busy")
      throw new Error("operation busy");
  },
  // Operations whose worker died (kill -9, a lost or dropped message): their heartbeat is stale.
  // Each is run again from its row (its handler resumes), or, after MAX_OPERATION_ATTEMPTS runs,
  // rolled back and failed (docs/webhooks-and-operations.md, "When a worker dies").
  "operations.sweep": async (env, job) => {
    const swept = await sweepOperations(env, nowIso, OPERATION_ROLLBACKS, async (jobs) => {
      await env.JOBS.sendBatch(jobs.map((body) => ({ body: { ...body, home: job.home } })));
    });
    if (swept.redriven.length || swept.rolledBack.length) console.warn("stalled operations", job.home, swept);
  },
  // A write's announcement (events, deliveries, idempotency record) the database refused after
  // the write's external step was done, parked in R2 (src/commands/parked.ts): replayed once.
  "statements.replay": async (env, job) => {
    if (job.batch) await replayInline(env.DB, job.batch);
    else await replayParked(env, env.DB, job.key);
  },
  // A compensation (a storno after a failed email) that could not be written at once, parked as
  // its command (src/commands/compensation.ts): run through the company's writer until it lands.
  "compensation.replay": async (env, job) => {
    if (job.compensation) await replayCarried(env, job.key, job.compensation);
    else await replayParkedCompensation(env, job.key);
  },
  "statements.replay_sweep": async (env, job) => {
    const replayed = await sweepParked(env, env.DB, job.home!, nowMs());
    const compensated = await sweepCompensations(env, job.home!, nowMs());
    if (replayed || compensated) console.warn("parked writes replayed by the sweep", job.home, replayed, compensated);
  },
  // Company moves whose last step is older than MOVE_STALL_MS: a move runs one step per alarm of
  // its company's writer, and an alarm that failed all its retries (or was lost) stops it, with
  // the company's writes closed. The writer's alarm is set again; the step resumes from its cursors.
  "moves.sweep": async (env) => {
    const stalled = await stalledMoves(directory(env), new Date(nowMs() - MOVE_STALL_MS).toISOString());
    for (const move of stalled) await companyMover(env, move.companyId).resumeMove(move.companyId);
    if (stalled.length)
      console.warn(
        "stalled company moves set going again",
        stalled.map((m) => m.id),
      );
  },
  // One chunk of a large bank file, each its own message so that no queue invocation holds
  // the service for a whole file (issue #34 item 4); the last one settles the operation.
  "bank_import.chunk": async (env, job) => {
    await runBankImportChunk(env, job, nowIso);
  },
  // One byte range of a large CSV bank file to read, each its own message for the same reason;
  // the range that reports last sends bank_import.ranges_read, which checks the whole file on
  // the ranges' facts and sends the chunks (docs/bank-transactions.md, "Large files").
  "bank_import.range": async (env, job) => {
    await runBankImportRange(env, job, nowIso);
  },
  "bank_import.ranges_read": async (env, job) => {
    await runBankImportRangesRead(env, job, nowIso);
  },
  // The bank rules over the rows an ingest or a succeeded import brought (docs/bank-rules.md).
  "bank_rules.run": async (env, job) => {
    await runRulesOnArrival(env, job, nowIso);
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
      const home = await homeOfJob(env, msg.body);
      if (home === null) {
        console.error("job's item is in no database (deleted); dropped", msg.body);
        msg.ack();
        continue;
      }
      await handler({ ...env, DB: bindingOf(env, home) }, { ...msg.body, home } as never);
      msg.ack();
    } catch (err) {
      console.error("job failed; will retry", msg.body.type, err);
      msg.retry();
    }
  }
}

/**
 * A move's steps follow each other at once (or after MOVE_STEP_PAUSE_MS, the cleanup's grace,
 * or a minute after a failed cleanup step): one whose last step is five minutes old has stopped.
 */
const MOVE_STALL_MS = 5 * 60_000;

/**
 * Every minute, in every database: expired idempotency records, overdue invoices, recurring invoices due, planned salary
 * payments whose date has come, employees' personnummer indexes not yet keyed by their company,
 * webhook and Peppol deliveries that are due, outbox events past their retention, operations whose
 * worker died, and parked writes not yet replayed; and company moves that stopped.
 */
export async function handleScheduled(_controller: ScheduledController, env: Env): Promise<void> {
  const sweeps: Job["type"][] = [
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
  // each sweep once per database the books live in; the moves, once (they are the directory's)
  await env.JOBS.sendBatch([
    ...homeNames(env).flatMap((home) => sweeps.map((type) => ({ body: { type, home } as Job }))),
    { body: { type: "moves.sweep", home: DIRECTORY } },
  ]);
}
