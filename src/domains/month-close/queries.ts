// The month's close: the facts of a month or a fiscal year, read through the domains that own
// them (bank rows, reconciliation, supplier invoices, payment batches, the ledger's drafts,
// voucher gaps, VAT returns, AGI), then judged by closeDecision (rules.ts).
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { monthCloseStates } from "../../db/schema";
import { ApiError } from "../../errors/api-error";
import { draftCount } from "../../ledger/queries";
import { unbookedTransactionsList } from "../bank-transactions";
import { listPeriods, voucherGaps } from "../fiscal-periods";
import { unbookedAcceptedPayments } from "../payment-batches";
import { runsWithoutAgi } from "../payroll";
import { reconciliationStatusThrough } from "../reconciliation";
import { supplierInvoicesAwaitingApproval } from "../supplier-invoices";
import { missingVatReturns } from "../vat-returns";
import { type CloseFacts, closeDecision, monthRange } from "./rules";

export type Scope = CloseFacts["scope"];

/** The range a query names, and the fiscal year it lies in. */
export async function scopeOf(db: Database, companyId: string, q: { month?: string; fiscal_year?: string }) {
  const periods = await listPeriods(db, companyId);
  if (q.month) {
    const { from, to } = monthRange(q.month);
    const period = periods.find((p) => p.periodStart <= from && p.periodEnd >= to);
    if (!period) throw new ApiError("PERIOD_NOT_FOUND", { month: q.month });
    return { scope: { kind: "month" as const, label: q.month, from, to }, period };
  }
  const y = q.fiscal_year!;
  const period = /^\d{4}$/.test(y) ? periods.find((p) => p.periodEnd.startsWith(y)) : periods.find((p) => p.id === y);
  if (!period) throw new ApiError("PERIOD_NOT_FOUND", { fiscal_year: y });
  return {
    scope: { kind: "fiscal_year" as const, label: period.name, from: period.periodStart, to: period.periodEnd },
    period,
  };
}

export async function closeFacts(
  db: Database,
  companyId: string,
  scope: Scope,
  period: { id: string; periodStart: string; periodEnd: string },
  today: string,
): Promise<CloseFacts> {
  const { from, to } = scope;
  const [unbookedRows, reconciliation, awaiting, drafts, gaps, vat, agi, payments] = await Promise.all([
    unbookedTransactionsList(db, companyId, from, to),
    reconciliationStatusThrough(db, companyId, period.periodStart, to),
    supplierInvoicesAwaitingApproval(db, companyId, to),
    draftCount(db, companyId, period.id, to),
    voucherGaps(db, companyId, period.id),
    missingVatReturns(db, companyId, { start: period.periodStart, end: period.periodEnd }, to),
    runsWithoutAgi(db, companyId, period.periodStart, to),
    unbookedAcceptedPayments(db, companyId, to),
  ]);
  return {
    companyId,
    scope,
    fiscalPeriodId: period.id,
    today,
    unbookedRows,
    reconciliation,
    awaitingApproval: awaiting,
    drafts,
    gaps: gaps.filter((g) => !g.explained),
    missingVatReturns: vat,
    runsWithoutAgi: agi.map((r) => ({ id: r.id, paymentDate: r.paymentDate })),
    unbookedPayments: payments,
  };
}

export function monthState(db: Database, companyId: string, month: string) {
  return db
    .select()
    .from(monthCloseStates)
    .where(and(eq(monthCloseStates.companyId, companyId), eq(monthCloseStates.month, month)))
    .get();
}

/** The states of one month for these companies (the sweep's filter). */
export function monthStatesOf(db: Database, companyIds: string[], month: string) {
  if (!companyIds.length) return Promise.resolve([]);
  return db
    .select()
    .from(monthCloseStates)
    .where(and(inArray(monthCloseStates.companyId, companyIds), eq(monthCloseStates.month, month)))
    .all();
}

/** GET .../close-status: the decision with the facts' scope, and when the month was announced ready. */
export async function closeStatus(
  db: Database,
  companyId: string,
  q: { month?: string; fiscal_year?: string },
  today: string,
) {
  const { scope, period } = await scopeOf(db, companyId, q);
  const facts = await closeFacts(db, companyId, scope, period, today);
  const decision = closeDecision(facts);
  const state = scope.kind === "month" ? await monthState(db, companyId, scope.label) : undefined;
  return {
    scope: scope.kind,
    month: scope.kind === "month" ? scope.label : null,
    fiscal_period_id: period.id,
    date_from: scope.from,
    date_to: scope.to,
    ready: decision.ready,
    blockers: decision.blockers,
    announced_ready_at: state?.readyAt ?? null,
  };
}
