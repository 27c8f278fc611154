// Reads of the invoice contracts' tables and their JSON: a contract with its versions and
// pauses, the invoices it made, and what the minute sweep finds to do.
import { and, asc, eq, inArray, lte } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  invoiceContractInvoices,
  invoiceContractPauses,
  invoiceContracts,
  invoiceContractVersions,
} from "../../db/schema";
import { ApiError } from "../../errors/api-error";
import { fromOre } from "../../money";
import {
  type ContractAction,
  fillPeriod,
  type Interval,
  type Pause,
  periodName,
  type Schedule,
  upcomingPeriods,
  versionFor,
} from "./rules";

export type ContractRow = typeof invoiceContracts.$inferSelect;
export type VersionRow = typeof invoiceContractVersions.$inferSelect;
export type PauseRow = typeof invoiceContractPauses.$inferSelect;
export type ContractInvoiceRow = typeof invoiceContractInvoices.$inferSelect;

/** A contract with everything its schedule depends on. */
export interface ContractParts {
  row: ContractRow;
  versions: VersionRow[];
  pauses: PauseRow[];
  invoices: ContractInvoiceRow[];
}

export function scheduleOf(r: ContractRow): Schedule {
  return {
    interval: r.interval as Interval,
    startDate: r.startDate,
    endDate: r.endDate,
    invoiceDay: r.invoiceDay,
    invoiceMonthOffset: r.invoiceMonthOffset,
    daysInAdvance: r.daysInAdvance,
  };
}

export const pausesOf = (rows: PauseRow[]): Pause[] => rows.map((p) => ({ from: p.fromDate, to: p.toDate }));
export const madeOf = (rows: ContractInvoiceRow[]): Set<string> => new Set(rows.map((r) => r.periodStart));

export async function loadContract(db: Database, companyId: string, id: string): Promise<ContractParts> {
  const [row, versions, pauses, invoices] = await db.batch([
    db
      .select()
      .from(invoiceContracts)
      .where(and(eq(invoiceContracts.companyId, companyId), eq(invoiceContracts.id, id))),
    db
      .select()
      .from(invoiceContractVersions)
      .where(and(eq(invoiceContractVersions.companyId, companyId), eq(invoiceContractVersions.contractId, id)))
      .orderBy(asc(invoiceContractVersions.effectiveFrom)),
    db
      .select()
      .from(invoiceContractPauses)
      .where(and(eq(invoiceContractPauses.companyId, companyId), eq(invoiceContractPauses.contractId, id)))
      .orderBy(asc(invoiceContractPauses.fromDate)),
    db
      .select()
      .from(invoiceContractInvoices)
      .where(and(eq(invoiceContractInvoices.companyId, companyId), eq(invoiceContractInvoices.contractId, id)))
      .orderBy(asc(invoiceContractInvoices.periodStart)),
  ]);
  if (!row[0]) throw new ApiError("INVOICE_CONTRACT_NOT_FOUND", { id });
  return { row: row[0], versions, pauses, invoices };
}

export function versionJson(v: VersionRow) {
  return {
    id: v.id,
    effective_from: v.effectiveFrom,
    items: JSON.parse(v.items) as Record<string, unknown>[],
    our_reference: v.ourReference,
    your_reference: v.yourReference,
    notes: v.notes,
    subtotal: fromOre(v.subtotalOre),
    vat: fromOre(v.vatOre),
    total: fromOre(v.totalOre),
  };
}

/** paused; ended: an end date and no invoice left to make; else active (only active and paused are stored). */
function statusOf(r: ContractRow): "active" | "paused" | "ended" {
  if (r.status === "paused") return "paused";
  return r.endDate !== null && r.nextRunOn === null ? "ended" : "active";
}

export function contractJson({ row: r, versions, pauses }: Omit<ContractParts, "invoices">) {
  return {
    id: r.id,
    customer_id: r.customerId,
    name: r.name,
    interval: r.interval as Interval,
    start_date: r.startDate,
    end_date: r.endDate,
    invoice_day: r.invoiceDay === "last" ? ("last" as const) : Number(r.invoiceDay),
    invoice_month_offset: r.invoiceMonthOffset,
    days_in_advance: r.daysInAdvance,
    action: r.action as ContractAction,
    payment_terms_days: r.paymentTermsDays,
    status: statusOf(r),
    next_run_on: r.nextRunOn,
    versions: versions.map(versionJson),
    pauses: pauses.map((p) => ({ from: p.fromDate, to: p.toDate })),
    created_at: r.createdAt,
    updated_at: r.updatedAt,
  };
}

export function contractInvoiceJson(interval: Interval, r: ContractInvoiceRow) {
  return {
    period_start: r.periodStart,
    period_end: r.periodEnd,
    period: periodName(interval, r.periodStart, r.periodEnd),
    invoice_id: r.invoiceId,
    scheduled_date: r.scheduledDate,
    invoice_date: r.invoiceDate,
    action: r.action as ContractAction,
    action_status: r.actionStatus as "none" | "pending" | "done" | "failed",
    action_error: r.actionError,
    created_at: r.createdAt,
  };
}

/** The company's contracts, oldest first, each with its versions and pauses. */
export async function listContracts(db: Database, companyId: string) {
  const rows = await db
    .select()
    .from(invoiceContracts)
    .where(eq(invoiceContracts.companyId, companyId))
    .orderBy(asc(invoiceContracts.createdAt), asc(invoiceContracts.id))
    .all();
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [versions, pauses] = await db.batch([
    db
      .select()
      .from(invoiceContractVersions)
      .where(and(eq(invoiceContractVersions.companyId, companyId), inArray(invoiceContractVersions.contractId, ids)))
      .orderBy(asc(invoiceContractVersions.effectiveFrom)),
    db
      .select()
      .from(invoiceContractPauses)
      .where(and(eq(invoiceContractPauses.companyId, companyId), inArray(invoiceContractPauses.contractId, ids)))
      .orderBy(asc(invoiceContractPauses.fromDate)),
  ]);
  return rows.map((row) =>
    contractJson({
      row,
      versions: versions.filter((v) => v.contractId === row.id),
      pauses: pauses.filter((p) => p.contractId === row.id),
    }),
  );
}

/** Contracts (in every company of this database) whose next invoice's day has come: the sweep's work. */
export async function contractsDue(db: Database, today: string): Promise<{ companyId: string; id: string }[]> {
  return db
    .select({ companyId: invoiceContracts.companyId, id: invoiceContracts.id })
    .from(invoiceContracts)
    .where(and(lte(invoiceContracts.nextRunOn, today), eq(invoiceContracts.status, "active")))
    .orderBy(asc(invoiceContracts.nextRunOn))
    .limit(200)
    .all();
}

/** Invoices made whose action (mark sent, email, Peppol) is still to be done; of one contract or of all. */
export async function pendingActions(db: Database, contract?: { companyId: string; id: string }) {
  const t = invoiceContractInvoices;
  return db
    .select({ id: t.id, companyId: t.companyId, contractId: t.contractId, invoiceId: t.invoiceId, action: t.action })
    .from(t)
    .where(
      contract
        ? and(eq(t.companyId, contract.companyId), eq(t.contractId, contract.id), eq(t.actionStatus, "pending"))
        : eq(t.actionStatus, "pending"),
    )
    .orderBy(asc(t.createdAt), asc(t.periodStart))
    .limit(100)
    .all();
}

/** The next `count` invoices before they exist: dates, the period's name, the items' texts and the totals. */
export function upcomingJson(parts: ContractParts, today: string, count: number) {
  const { row } = parts;
  const interval = row.interval as Interval;
  const periods = upcomingPeriods(scheduleOf(row), pausesOf(parts.pauses), madeOf(parts.invoices), today, count);
  return {
    contract_id: row.id,
    invoices: periods.flatMap((p) => {
      const v = versionFor(parts.versions, p.start);
      if (!v) return [];
      const items = JSON.parse(v.items) as { description: string; quantity: number; unit_price: number }[];
      return [
        {
          period_start: p.start,
          period_end: p.end,
          period: periodName(interval, p.start, p.end),
          invoice_date: p.invoiceDate,
          create_on: p.createOn,
          effective_from: v.effectiveFrom,
          items: items.map((it) => ({
            description: fillPeriod(it.description, interval, p),
            quantity: it.quantity,
            unit_price: it.unit_price,
          })),
          subtotal: fromOre(v.subtotalOre),
          vat: fromOre(v.vatOre),
          total: fromOre(v.totalOre),
        },
      ];
    }),
  };
}

/** The invoices a contract made, oldest period first. */
export function contractInvoicesJson(parts: ContractParts) {
  return parts.invoices.map((i) => contractInvoiceJson(parts.row.interval as Interval, i));
}
