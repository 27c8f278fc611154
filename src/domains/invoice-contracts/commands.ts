// The invoice contracts' commands: make, change settings, change the terms from a period,
// pause, resume, end, delete, and run (make the invoices that are due). Each invoice is made
// by the invoices domain's own create command, planned inside this one so that the invoice
// and its (contract, period start) row, UNIQUE, commit in one batch: a rerun, a retry or two
// overlapping sweeps never make a second. The action (mark sent, email, Peppol) follows as the
// invoices domain's own command (`actOnMadeInvoices`), so the ledger stays the only writer.
import { and, eq } from "drizzle-orm";
import { nowIso } from "../../clock";
import type { Command, CommandContext, PlannedEvent, PlannedWrite } from "../../commands/plan";
import { backgroundContext, submit } from "../../commands/submit";
import type { Database } from "../../db/client";
import {
  invoiceContractInvoices,
  invoiceContractPauses,
  invoiceContracts,
  invoiceContractVersions,
} from "../../db/schema";
import type { Env } from "../../env";
import { ApiError, fieldError } from "../../errors/api-error";
import { newId } from "../../ids";
import { toOre } from "../../money";
import { addDays } from "../../sweden/fiscal-year";
import { loadCustomer } from "../customers";
import { createInvoice, InvoiceCreateSchema, type InvoiceCreateInput } from "../invoices";
import {
  type ContractInvoiceRow,
  type ContractParts,
  type ContractRow,
  contractInvoiceJson,
  contractJson,
  contractsDue,
  loadContract,
  madeOf,
  pausesOf,
  pendingActions,
  scheduleOf,
  type VersionRow,
} from "./queries";
import {
  actionOutcome,
  type ContractAction,
  duePeriods,
  fillPeriod,
  type Interval,
  invoiceDateOf,
  isPeriodStart,
  MAX_INVOICES_PER_RUN,
  nextRunOn,
  type Period,
  periodAt,
  periodStartFrom,
  versionFor,
} from "./rules";
import type {
  ContractChangeInput,
  ContractCreateInput,
  ContractEndInput,
  ContractPatchInput,
  ContractPauseInput,
} from "./schemas";

type Terms = Pick<ContractCreateInput, "items" | "our_reference" | "your_reference" | "notes">;
type Customer = Awaited<ReturnType<typeof loadCustomer>>;
const today = (ctx: CommandContext) => ctx.now.slice(0, 10);
const audit = (action: string, id: string) => ({ action, resourceType: "invoice_contract", resourceId: id });

/** The contract's customer: INVOICE_CONTRACT_CUSTOMER_NOT_FOUND when not the company's, or archived. */
async function contractCustomer(db: Database, companyId: string, customerId: string): Promise<Customer> {
  const customer = await loadCustomer(db, companyId, customerId).catch((err) => {
    throw err instanceof ApiError
      ? new ApiError("INVOICE_CONTRACT_CUSTOMER_NOT_FOUND", { customer_id: customerId })
      : err;
  });
  if (customer.archivedAt)
    throw new ApiError(
      "INVOICE_CONTRACT_CUSTOMER_NOT_FOUND",
      { customer_id: customer.id, archived_at: customer.archivedAt },
      "The customer is archived.",
    );
  return customer;
}

/** email needs the customer's address, peppol a customer who takes e-invoices. */
function assertChannel(customer: Customer, action: ContractAction): void {
  if ((action === "email" && !customer.email) || (action === "peppol" && !customer.eInvoice))
    throw new ApiError("INVOICE_CONTRACT_CHANNEL_UNAVAILABLE", {
      action,
      customer_id: customer.id,
      email: customer.email ?? null,
      e_invoice: customer.eInvoice,
    });
}

/** The invoice draft's input for one period: the terms' items with the period filled into their texts. */
function invoiceInput(c: ContractRow, terms: Terms, p: Pick<Period, "start" | "end">, invoiceDate: string) {
  const parsed = InvoiceCreateSchema.safeParse({
    customer_id: c.customerId,
    invoice_date: invoiceDate,
    ...(c.paymentTermsDays != null && { due_date: addDays(invoiceDate, c.paymentTermsDays) }),
    items: terms.items.map((it) => ({ ...it, description: fillPeriod(it.description, c.interval as Interval, p) })),
    our_reference: terms.our_reference ?? null,
    your_reference: terms.your_reference ?? null,
    notes: terms.notes ?? null,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw fieldError(issue.path.join("."), `the invoice of ${p.start}: ${issue.message}`);
  }
  return parsed.data satisfies InvoiceCreateInput;
}

interface InvoiceData {
  id: string;
  subtotal: number;
  vat_amount: number;
  total: number;
}

/**
 * A version of the terms from `effectiveFrom`: checked by planning the invoice of that period
 * with the invoices domain's own rules (customer, articles, VAT, accounts), whose figures it keeps.
 */
async function planVersion(
  db: Database,
  ctx: CommandContext,
  env: Env,
  c: ContractRow,
  effectiveFrom: string,
  terms: Terms,
): Promise<VersionRow> {
  const p = periodAt({ ...scheduleOf(c), startDate: effectiveFrom }, 0);
  const sample = (await createInvoice(db, invoiceInput(c, terms, p, p.invoiceDate), ctx, env)).data as InvoiceData;
  return {
    id: newId(),
    companyId: ctx.companyId,
    contractId: c.id,
    effectiveFrom,
    items: JSON.stringify(terms.items),
    ourReference: terms.our_reference ?? null,
    yourReference: terms.your_reference ?? null,
    notes: terms.notes ?? null,
    subtotalOre: toOre(sample.subtotal)!,
    vatOre: toOre(sample.vat_amount)!,
    totalOre: toOre(sample.total)!,
    createdAt: ctx.now,
  };
}

const termsOf = (v: VersionRow): Terms => ({
  items: JSON.parse(v.items),
  our_reference: v.ourReference,
  your_reference: v.yourReference,
  notes: v.notes,
});

/** The contract row as it will be, its next run day recomputed, and the statement that writes it. */
function saveContract(db: Database, parts: ContractParts, patch: Partial<ContractRow>, ctx: CommandContext) {
  const row: ContractRow = { ...parts.row, ...patch, updatedAt: ctx.now };
  row.nextRunOn =
    row.status === "paused" ? null : nextRunOn(scheduleOf(row), pausesOf(parts.pauses), madeOf(parts.invoices));
  return { row, statement: db.update(invoiceContracts).set(row).where(eq(invoiceContracts.id, row.id)) };
}

export const createContract: Command<ContractCreateInput> = async (db, input, ctx, env) => {
  const customer = await contractCustomer(db, ctx.companyId, input.customer_id);
  if (input.end_date && input.end_date < input.start_date)
    throw new ApiError("INVOICE_CONTRACT_END_BEFORE_START", { start_date: input.start_date, end_date: input.end_date });
  assertChannel(customer, input.action);
  const row: ContractRow = {
    id: newId(),
    companyId: ctx.companyId,
    customerId: customer.id,
    name: input.name ?? null,
    interval: input.interval,
    startDate: input.start_date,
    endDate: input.end_date ?? null,
    invoiceDay: String(input.invoice_day),
    invoiceMonthOffset: input.invoice_month_offset,
    daysInAdvance: input.days_in_advance,
    action: input.action,
    paymentTermsDays: input.payment_terms_days ?? null,
    status: "active",
    nextRunOn: null,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  row.nextRunOn = nextRunOn(scheduleOf(row), [], new Set());
  const version = await planVersion(db, ctx, env, row, row.startDate, input);
  const data = contractJson({ row, versions: [version], pauses: [] });
  return {
    status: 201,
    data,
    statements: [db.insert(invoiceContracts).values(row), db.insert(invoiceContractVersions).values(version)],
    events: [{ type: "invoice_contract.created", object: data }],
    audit: audit("invoice_contract.created", row.id),
  };
};

/** PATCH: the schedule's settings and the action; the terms change from a period (`changeContract`). */
export const updateContract: Command<ContractPatchInput> = async (db, input, ctx) => {
  const parts = await loadContract(db, ctx.companyId, input.id);
  if (input.action !== undefined)
    assertChannel(await contractCustomer(db, ctx.companyId, parts.row.customerId), input.action);
  const { row, statement } = saveContract(
    db,
    parts,
    {
      ...(input.name !== undefined && { name: input.name }),
      ...(input.invoice_day !== undefined && { invoiceDay: String(input.invoice_day) }),
      ...(input.invoice_month_offset !== undefined && { invoiceMonthOffset: input.invoice_month_offset }),
      ...(input.days_in_advance !== undefined && { daysInAdvance: input.days_in_advance }),
      ...(input.action !== undefined && { action: input.action }),
      ...(input.payment_terms_days !== undefined && { paymentTermsDays: input.payment_terms_days }),
    },
    ctx,
  );
  const data = contractJson({ ...parts, row });
  return {
    status: 200,
    data,
    statements: [statement],
    events: [{ type: "invoice_contract.updated", object: data }],
    audit: audit("invoice_contract.updated", row.id),
  };
};

/** The first invoice made for a period starting on or after `date`: what a change or an end would contradict. */
function invoicedFrom(invoices: ContractInvoiceRow[], date: string, after = false): ContractInvoiceRow | undefined {
  return invoices.find((i) => (after ? i.periodStart > date : i.periodStart >= date));
}

/** New terms from a period on; the periods before keep theirs (versions, never rewritten). */
export const changeContract: Command<ContractChangeInput> = async (db, input, ctx, env) => {
  const parts = await loadContract(db, ctx.companyId, input.id);
  const schedule = scheduleOf(parts.row);
  if (!isPeriodStart(schedule, input.effective_from)) {
    const next = periodStartFrom(schedule, addDays(input.effective_from, 1));
    throw new ApiError("INVOICE_CONTRACT_NOT_PERIOD_START", {
      effective_from: input.effective_from,
      next_period_start: next ?? null,
    });
  }
  const clash = invoicedFrom(parts.invoices, input.effective_from);
  if (clash)
    throw new ApiError("INVOICE_CONTRACT_PERIOD_INVOICED", {
      period_start: clash.periodStart,
      invoice_id: clash.invoiceId,
    });
  await contractCustomer(db, ctx.companyId, parts.row.customerId);
  const version = await planVersion(db, ctx, env, parts.row, input.effective_from, input);
  const versions = [...parts.versions.filter((v) => v.effectiveFrom !== version.effectiveFrom), version].sort((a, b) =>
    a.effectiveFrom.localeCompare(b.effectiveFrom),
  );
  const { row, statement } = saveContract(db, parts, {}, ctx);
  const data = contractJson({ ...parts, row, versions });
  const t = invoiceContractVersions;
  return {
    status: 200,
    data,
    statements: [
      db.delete(t).where(and(eq(t.contractId, row.id), eq(t.effectiveFrom, version.effectiveFrom))),
      db.insert(t).values(version),
      statement,
    ],
    events: [{ type: "invoice_contract.updated", object: data }],
    audit: audit("invoice_contract.changed", row.id),
  };
};

export const pauseContract: Command<ContractPauseInput> = async (db, input, ctx) => {
  const parts = await loadContract(db, ctx.companyId, input.id);
  if (parts.row.status === "paused")
    throw new ApiError("INVOICE_CONTRACT_NOT_ACTIVE", { id: parts.row.id, status: parts.row.status, wanted: "active" });
  const pause = { id: newId(), companyId: ctx.companyId, contractId: parts.row.id, fromDate: input.from ?? today(ctx) };
  const { row, statement } = saveContract(db, parts, { status: "paused" }, ctx);
  const pauses = [...parts.pauses, { ...pause, toDate: null, createdAt: ctx.now }];
  const data = contractJson({ ...parts, row, pauses });
  return {
    status: 200,
    data,
    statements: [db.insert(invoiceContractPauses).values({ ...pause, createdAt: ctx.now }), statement],
    events: [{ type: "invoice_contract.paused", object: data, previousAttributes: { status: "active" } }],
    audit: audit("invoice_contract.paused", row.id),
  };
};

/** Resume: the invoices whose day fell in the pause are skipped, never caught up. */
export const resumeContract: Command<ContractPauseInput> = async (db, input, ctx) => {
  const parts = await loadContract(db, ctx.companyId, input.id);
  const open = parts.pauses.find((p) => p.toDate === null);
  if (parts.row.status !== "paused" || !open)
    throw new ApiError("INVOICE_CONTRACT_NOT_ACTIVE", { id: parts.row.id, status: parts.row.status, wanted: "paused" });
  const to = input.from ?? today(ctx);
  if (to < open.fromDate) throw fieldError("from", `the pause began on ${open.fromDate}; resume on or after it`);
  const pauses = parts.pauses.map((p) => (p.id === open.id ? { ...p, toDate: to } : p));
  const { row, statement } = saveContract(db, { ...parts, pauses }, { status: "active" }, ctx);
  const data = contractJson({ ...parts, row, pauses });
  return {
    status: 200,
    data,
    statements: [
      db.update(invoiceContractPauses).set({ toDate: to }).where(eq(invoiceContractPauses.id, open.id)),
      statement,
    ],
    events: [{ type: "invoice_contract.resumed", object: data, previousAttributes: { status: "paused" } }],
    audit: audit("invoice_contract.resumed", row.id),
  };
};

/** End from a date: no period starting after end_date is invoiced (one made already refuses the end). */
export const endContract: Command<ContractEndInput> = async (db, input, ctx) => {
  const parts = await loadContract(db, ctx.companyId, input.id);
  if (input.end_date < parts.row.startDate)
    throw new ApiError("INVOICE_CONTRACT_END_BEFORE_START", {
      start_date: parts.row.startDate,
      end_date: input.end_date,
    });
  const clash = invoicedFrom(parts.invoices, input.end_date, true);
  if (clash)
    throw new ApiError("INVOICE_CONTRACT_PERIOD_INVOICED", {
      period_start: clash.periodStart,
      invoice_id: clash.invoiceId,
    });
  const { row, statement } = saveContract(db, parts, { endDate: input.end_date }, ctx);
  const data = contractJson({ ...parts, row });
  return {
    status: 200,
    data,
    statements: [statement],
    events: [
      {
        type: "invoice_contract.ended",
        object: data,
        previousAttributes: { end_date: parts.row.endDate },
      },
    ],
    audit: audit("invoice_contract.ended", row.id),
  };
};

/** Only a contract that has made no invoice; one that has is ended instead (its invoices keep their link). */
export const deleteContract: Command<{ id: string }> = async (db, input, ctx) => {
  const parts = await loadContract(db, ctx.companyId, input.id);
  if (parts.invoices.length)
    throw new ApiError("INVOICE_CONTRACT_HAS_INVOICES", { id: parts.row.id, invoices: parts.invoices.length });
  const id = parts.row.id;
  return {
    status: 204,
    data: null,
    statements: [
      db.delete(invoiceContractVersions).where(eq(invoiceContractVersions.contractId, id)),
      db.delete(invoiceContractPauses).where(eq(invoiceContractPauses.contractId, id)),
      db.delete(invoiceContracts).where(eq(invoiceContracts.id, id)),
    ],
    events: [{ type: "invoice_contract.deleted", object: contractJson(parts) }],
    audit: audit("invoice_contract.deleted", id),
  };
};

/** Whether the books take no entry dated `date` (a locked or closed year, or on or before its lock date). */
async function lockedOn(ctx: CommandContext, date: string): Promise<boolean> {
  const period = await ctx.ledger.periodForDate(date).catch((err) => {
    if (err instanceof ApiError) return null; // no fiscal year: issuing refuses it in its own words
    throw err;
  });
  if (!period) return false;
  if (period.lockedAt || period.isClosed) return true;
  const lockDate = await ctx.ledger.books.lockDate(period.id);
  return lockDate !== null && date <= lockDate;
}

/** One period's invoice: the invoices domain's draft, and the row that makes it this period's only one. */
async function planPeriodInvoice(db: Database, ctx: CommandContext, env: Env, parts: ContractParts, p: Period) {
  const c = parts.row;
  const version = versionFor(parts.versions, p.start);
  if (!version) throw new Error(`contract ${c.id} has no terms for ${p.start}`);
  const invoiceDate = invoiceDateOf(p.invoiceDate, await lockedOn(ctx, p.invoiceDate), today(ctx));
  const plan = await createInvoice(db, invoiceInput(c, termsOf(version), p, invoiceDate), ctx, env);
  const invoice = plan.data as InvoiceData;
  const made: ContractInvoiceRow = {
    id: newId(),
    companyId: ctx.companyId,
    contractId: c.id,
    periodStart: p.start,
    periodEnd: p.end,
    invoiceId: invoice.id,
    versionId: version.id,
    scheduledDate: p.invoiceDate,
    invoiceDate,
    action: c.action,
    actionStatus: c.action === "draft" ? "none" : "pending",
    actionError: null,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  const json = {
    ...contractInvoiceJson(c.interval as Interval, made),
    subtotal: invoice.subtotal,
    vat: invoice.vat_amount,
    total: invoice.total,
  };
  const event: PlannedEvent = {
    type: "invoice_contract.invoice_created",
    object: { contract_id: c.id, ...json, invoice },
  };
  return {
    made,
    json,
    statements: [...plan.statements, db.insert(invoiceContractInvoices).values(made)],
    events: [...(plan.events ?? []), event],
  };
}

/**
 * Makes the invoices that are due (at most MAX_INVOICES_PER_RUN, oldest first): each period's
 * invoice once, dated its invoice day (today when that day is in a locked period). Nothing due:
 * an unchanged answer. A paused contract: INVOICE_CONTRACT_NOT_ACTIVE.
 */
export const runContract: Command<{ id: string }> = async (db, input, ctx, env) => {
  const parts = await loadContract(db, ctx.companyId, input.id);
  if (parts.row.status === "paused")
    throw new ApiError("INVOICE_CONTRACT_NOT_ACTIVE", { id: parts.row.id, status: "paused", wanted: "active" });
  const due = duePeriods(scheduleOf(parts.row), pausesOf(parts.pauses), madeOf(parts.invoices), today(ctx));
  const statements: PlannedWrite[] = [];
  const events: PlannedEvent[] = [];
  const created = [];
  const made: ContractInvoiceRow[] = [];
  for (const p of due) {
    const one = await planPeriodInvoice(db, ctx, env, parts, p);
    statements.push(...one.statements);
    events.push(...one.events);
    created.push(one.json);
    made.push(one.made);
  }
  const { row, statement } = saveContract(db, { ...parts, invoices: [...parts.invoices, ...made] }, {}, ctx);
  const data = { contract: contractJson({ ...parts, row }), created };
  if (!due.length && row.nextRunOn === parts.row.nextRunOn)
    return { status: 200, data, statements: [], unchanged: true, audit: audit("invoice_contract.run", row.id) };
  return {
    status: 200,
    data,
    statements: [...statements, statement],
    events,
    audit: audit("invoice_contract.run", row.id),
  };
};

/** The action's outcome on a made invoice (the sweep's, after the invoices domain's command answered). */
export const settleContractAction: Command<{ id: string; status: "done" | "failed"; error: string | null }> = async (
  db,
  input,
  ctx,
) => {
  const t = invoiceContractInvoices;
  return {
    status: 200,
    data: { id: input.id, action_status: input.status, action_error: input.error },
    statements: [
      db
        .update(t)
        .set({ actionStatus: input.status, actionError: input.error, updatedAt: ctx.now })
        .where(and(eq(t.id, input.id), eq(t.companyId, ctx.companyId), eq(t.actionStatus, "pending"))),
    ],
    audit: {
      action: "invoice_contract.action_settled",
      resourceType: "invoice_contract_invoice",
      resourceId: input.id,
    },
  };
};

const ACTION_COMMAND = { mark_sent: "invoices.mark_sent", email: "invoices.send", peppol: "invoices.send" } as const;
type PendingAction = Awaited<ReturnType<typeof pendingActions>>[number];

/** One made invoice's action by the invoices domain's own command, then its outcome recorded (unless to be retried). */
async function actOn(env: Env, run: PendingAction): Promise<void> {
  const ctx = () => backgroundContext(env, run.companyId, `contract-${newId()}`, nowIso());
  const name = ACTION_COMMAND[run.action as keyof typeof ACTION_COMMAND];
  if (!name) return;
  const res = await submit(env, { name, input: { id: run.invoiceId }, idempotency: null, ctx: ctx() });
  const outcome = actionOutcome(res.ok ? null : res.error.code);
  if (outcome === "retry") return;
  if (!res.ok && outcome === "failed")
    console.error("contract invoice action refused", run.companyId, run.invoiceId, res.error);
  const settled = await submit(env, {
    name: "invoice_contracts.settle_action",
    input: { id: run.id, status: outcome, error: outcome === "failed" && !res.ok ? res.error.code : null },
    idempotency: null,
    ctx: ctx(),
  });
  if (!settled.ok) console.error("contract invoice action not recorded", run.companyId, run.id, settled.error);
}

/**
 * Each made invoice whose action is pending gets it, by the invoices domain's own command, as
 * `system`: mark-sent, or send (the customer's channel: Peppol when they take e-invoices and the
 * company has an access point, else email). Already sent counts as done; a transient refusal
 * stays pending for the next sweep; any other is recorded as failed (the invoice stays a draft).
 */
export async function actOnMadeInvoices(env: Env, db: Database, contract?: { companyId: string; id: string }) {
  for (const run of await pendingActions(db, contract)) await actOn(env, run);
}

/**
 * The minute sweep (src/app/jobs.ts): each contract whose next invoice's day has come is run, as
 * `system`, again while a run makes the most it may (a long backlog), then the pending actions.
 */
export async function sweepInvoiceContracts(env: Env, db: Database, day: string): Promise<void> {
  for (const c of await contractsDue(db, day)) {
    for (let round = 0; round < 10; round++) {
      const res = await submit(env, {
        name: "invoice_contracts.run",
        input: { id: c.id },
        idempotency: null,
        ctx: backgroundContext(env, c.companyId, `sweep-${newId()}`, nowIso()),
      });
      if (!res.ok) console.error("invoice contract run refused", c.companyId, c.id, res.error);
      const made = res.ok ? (res.data as { created: unknown[] }).created.length : 0;
      if (made < MAX_INVOICES_PER_RUN) break;
    }
  }
  await actOnMadeInvoices(env, db);
}
