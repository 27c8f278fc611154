// Readiness for a fiscal year's end (year-end and GET .../compliance/check): the period
// locked, no drafts, every voucher gap explained (BFL 5 kap 7 §), the trial balance
// balanced, earlier years closed, the result not yet booked on 8990-8999, the closing rates
// to be had, and for an aktiebolag its tax calculated. Each failed check is a finding,
// a blocker with what to do; ./year-end.ts refuses on the first blocker (assertReady).
import type { Database } from "../../../db/client";
import type { Env } from "../../../env";
import { ApiError } from "../../../errors/api-error";
import type { FiscalPeriodRow } from "../../../ledger/engine";
import { draftCount, periodAccountTotals } from "../../../ledger/queries";
import { fromOre } from "../../../money";
import { bookedResultOf } from "../../../sweden/bas";
import { taxCalculationOf } from "../tax/commands";
import { voucherGaps, type VoucherGap } from "../gaps/commands";
import {
  closingRatesFor,
  openCurrencies,
  revaluationOf,
  type ClosingRates,
  type OpenForeignItems,
} from "../revaluation/revaluation";
import { listPeriods } from "../periods/commands";

export interface Finding {
  severity: "blocker" | "warning" | "info";
  code: string;
  message: string;
  details: Record<string, unknown>;
}

export const periodBase = (companyId: string, periodId: string) =>
  `/api/v1/companies/${companyId}/fiscal-periods/${periodId}`;

/**
 * What readiness needs to see the closing rates the year-end will ask for: the open
 * foreign-currency items (handed in by a composition root) and the rates the caller states.
 */
export interface ReadinessFx {
  env: Env;
  items: OpenForeignItems;
  closingRates?: ClosingRates;
}

/**
 * Each check the year-end needs, failed ones as blockers with what to do. Without `fx`
 * the closing rates are not looked up (the operation's own revaluation asks for them).
 * With the company's `entityType`, an aktiebolag's year without its tax calculation is
 * warned of (the compliance check passes it; the year-end's own refusal needs no warning).
 */
export async function yearEndReadiness(
  db: Database,
  companyId: string,
  period: FiscalPeriodRow,
  fx?: ReadinessFx,
  entityType?: string,
): Promise<{ ready: boolean; findings: Finding[] }> {
  const [drafts, gaps, totals, revaluation, periods, taxCalculation] = await Promise.all([
    draftCount(db, companyId, period.id),
    voucherGaps(db, companyId, period.id),
    periodAccountTotals(db, companyId, period.id),
    revaluationOf(db, companyId, period.id),
    listPeriods(db, companyId),
    entityType === "aktiebolag" ? taxCalculationOf(db, companyId, period.id) : null,
  ]);
  const base = periodBase(companyId, period.id);
  const stale = staleClosing(period, totals);
  // a year-end to run: never run, or run and made stale by a later posting (it books the difference)
  const toRun = !period.isClosed && (!period.closingEntryId || stale !== null);
  const rateFindings = fx && !revaluation && toRun ? await closingRateFindings(db, companyId, period, fx, base) : [];
  const findings: Finding[] = [
    ...stateFindings(period, stale, base),
    ...(toRun ? priorPeriodFindings(companyId, period, periods) : []),
    ...bookFindings(companyId, period, drafts, gaps, totals),
    // a stale closing entry is itself a result booked in part: staleFinding says what is left
    ...(toRun && !stale ? resultBookingFindings(totals, base) : []),
    ...rateFindings,
    ...(entityType === "aktiebolag" && toRun && !taxCalculation ? [taxPendingFinding(base)] : []),
    ...(!revaluation && toRun ? [revaluationPendingFinding()] : []),
  ];
  return { ready: !findings.some((f) => f.severity === "blocker"), findings };
}

/** Where the period stands: closed, its closing entry stale, or its year-end run already. */
function stateFindings(period: FiscalPeriodRow, stale: StaleClosing | null, base: string): Finding[] {
  if (period.isClosed)
    return [
      {
        severity: "blocker",
        code: "PERIOD_CLOSED",
        message: "The period is closed; its year-end is done.",
        details: { closed_at: period.closedAt },
      },
    ];
  if (stale) return [staleFinding(stale, base, "warning")];
  if (period.closingEntryId)
    return [
      {
        severity: "blocker",
        code: "YEAR_END_ALREADY_RUN",
        message: `The year-end has run (closing entry ${period.closingEntryId}); close the period with POST ${base}/close.`,
        details: { closing_entry_id: period.closingEntryId },
      },
    ];
  return [];
}

/** The books themselves: no drafts, the period locked, every voucher gap explained, the trial balance balanced. */
function bookFindings(
  companyId: string,
  period: FiscalPeriodRow,
  drafts: number,
  gaps: VoucherGap[],
  totals: { debitOre: number; creditOre: number }[],
): Finding[] {
  const findings: Finding[] = [];
  if (drafts > 0)
    findings.push({
      severity: "blocker",
      code: "PERIOD_LOCK_HAS_DRAFTS",
      message: `Commit or cancel the ${drafts} draft entries of the period.`,
      details: { draft_count: drafts },
    });
  if (!period.lockedAt && !period.isClosed)
    findings.push({
      severity: "blocker",
      code: "PERIOD_NOT_LOCKED",
      message: `Lock the period with POST ${periodBase(companyId, period.id)}/lock.`,
      details: {},
    });
  findings.push(...gaps.filter((x) => !x.explained).map((g) => gapFinding(companyId, g)));
  const debit = totals.reduce((s, t) => s + t.debitOre, 0);
  const credit = totals.reduce((s, t) => s + t.creditOre, 0);
  if (debit !== credit)
    findings.push({
      severity: "blocker",
      code: "YEAR_END_UNBALANCED_TRIAL",
      message: "The trial balance does not balance; contact support, the books need repair.",
      details: { debit_total: fromOre(debit), credit_total: fromOre(credit) },
    });
  return findings;
}

/** An unexplained gap in a voucher series (BFL 5 kap 7 §). */
function gapFinding(companyId: string, g: VoucherGap): Finding {
  const last = g.gap_end > g.gap_start ? `-${g.voucher_series}${g.gap_end}` : "";
  return {
    severity: "blocker",
    code: "VOUCHER_GAP_UNEXPLAINED",
    message:
      `Voucher numbers ${g.voucher_series}${g.gap_start}${last} are missing; explain them with POST ` +
      `/api/v1/companies/${companyId}/voucher-gap-explanations.`,
    details: { voucher_series: g.voucher_series, gap_start: g.gap_start, gap_end: g.gap_end },
  };
}

/** The year-end's own revaluation is still to come (info only). */
function revaluationPendingFinding(): Finding {
  return {
    severity: "info",
    code: "CURRENCY_REVALUATION_PENDING",
    message: "The year-end revalues open foreign-currency receivables and payables first.",
    details: {},
  };
}

/**
 * An aktiebolag's year-end before its tax: a warning, not a blocker (a year with a loss may
 * have nothing to book), but the closing entry would carry the result before tax to 2099,
 * the tax can no longer be calculated after it (TAX_AFTER_YEAR_END), and the SRU files need
 * the calculation (TAX_NOT_CALCULATED).
 */
function taxPendingFinding(base: string): Finding {
  return {
    severity: "warning",
    code: "TAX_NOT_CALCULATED",
    message:
      `The year's corporate tax is not calculated: calculate it with POST ${base}/tax before the year-end (the INK2 files ` +
      `at GET ${base}/sru need it).`,
    details: {},
  };
}

/** What a later posting changed in a year whose closing entry is made, or null when nothing did. */
export interface StaleClosing {
  closing_entry_id: string;
  resultOre: number;
  bookedOre: number;
  unbookedOre: number;
}

/**
 * A closing entry is stale when the year's result (classes 3-8) no longer equals what is
 * booked on 8990-8999: an entry posted into the year after the year-end (the period
 * unlocked, corrected and locked again) changed the result, and 2099 would miss it. An
 * entry that moves only balance accounts leaves the closing entry right.
 */
export function staleClosing(
  period: FiscalPeriodRow,
  totals: Parameters<typeof bookedResultOf>[0],
): StaleClosing | null {
  if (!period.closingEntryId || period.isClosed) return null;
  const { resultOre, bookedOre, unbookedOre } = bookedResultOf(totals);
  return unbookedOre === 0 ? null : { closing_entry_id: period.closingEntryId, resultOre, bookedOre, unbookedOre };
}

/** The stale closing entry as a finding: a warning before a year-end (which fixes it), a blocker before close. */
export function staleFinding(stale: StaleClosing, base: string, severity: "warning" | "blocker"): Finding {
  return {
    severity,
    code: "YEAR_END_STALE",
    message:
      `The year's result (${fromOre(stale.resultOre)}) has changed since the closing entry ${stale.closing_entry_id} ` +
      `booked ${fromOre(stale.bookedOre)}: run the year-end again (POST ${base}/year-end), it books the difference ` +
      `${fromOre(stale.unbookedOre)}, then close.`,
    details: {
      closing_entry_id: stale.closing_entry_id,
      year_result: fromOre(stale.resultOre),
      already_booked: fromOre(stale.bookedOre),
      to_book: fromOre(stale.unbookedOre),
    },
  };
}

/**
 * Years are closed in order: an earlier year still open may yet change the balances this
 * year opened with, so each one not closed (here, or as closed elsewhere) blocks, oldest first.
 */
export function priorPeriodFindings(companyId: string, period: FiscalPeriodRow, periods: FiscalPeriodRow[]): Finding[] {
  return periods
    .filter((p) => p.periodEnd < period.periodStart && !p.isClosed)
    .sort((a, b) => a.periodStart.localeCompare(b.periodStart))
    .map((p) => ({
      severity: "blocker" as const,
      code: "YEAR_END_PRIOR_PERIOD_OPEN",
      message:
        `The earlier year ${p.name} is not closed: run its year-end and close it (POST ${periodBase(companyId, p.id)}/close), ` +
        `or close it with {"closed_externally": true} if its year-end was made in another program.`,
      details: {
        prior_period_id: p.id,
        name: p.name,
        period_start: p.periodStart,
        period_end: p.periodEnd,
        locked_at: p.lockedAt,
        closing_entry_id: p.closingEntryId,
      },
    }));
}

/**
 * The year-end revalues the items open at the period's end at its closing rates: a currency
 * with neither a rate stated in the request nor a Riksbank fixing would fail the operation,
 * so it blocks here, by currency and date.
 */
async function closingRateFindings(
  db: Database,
  companyId: string,
  period: FiscalPeriodRow,
  fx: ReadinessFx,
  base: string,
): Promise<Finding[]> {
  const open = await openCurrencies(db, companyId, fx.items, period.periodEnd);
  if (!open.size) return [];
  const { missing } = await closingRatesFor(fx.env, [...open.keys()], period.periodEnd, fx.closingRates);
  return missing.map((m) => ({
    severity: "blocker" as const,
    code: "FX_CLOSING_RATE_UNAVAILABLE",
    message:
      `No closing rate for ${m.currency} on ${m.date} (the Riksbank's could not be had) for ${open.get(m.currency)} open item(s); ` +
      `state it in the year-end request: POST ${base}/year-end with {"closing_rates": {"${m.currency}": "<SEK per ${m.currency}>"}}.`,
    details: { currency: m.currency, date: m.date, open_items: open.get(m.currency) },
  }));
}

/**
 * A result already on 8990-8999 before the year-end (a closing entry imported with a SIE
 * file, or booked by hand): booked in full is a blocker, as the year-end would book it a
 * second time; booked in part is a warning, the year-end books what is left.
 */
export function resultBookingFindings(totals: Parameters<typeof bookedResultOf>[0], base: string): Finding[] {
  const r = bookedResultOf(totals);
  if (r.bookedOre === 0) return [];
  const bookedOn = r.bookedOn.map((b) => ({ account_number: b.account, amount: fromOre(b.amountOre) }));
  if (r.unbookedOre === 0)
    return [
      {
        severity: "blocker",
        code: "YEAR_END_RESULT_ALREADY_BOOKED",
        message:
          `The year's result (${fromOre(r.resultOre)}) is already booked on ${r.bookedOn.map((b) => b.account).join(", ")} ` +
          "(a closing entry imported or posted by hand); a year-end would book it twice. A year whose year-end was made in " +
          "another program is closed " +
          `with POST ${base}/close and {"closed_externally": true}; if the entry is wrong, unlock the period (POST ` +
          `${base}/unlock), reverse it, lock and run the year-end.`,
        details: { year_result: fromOre(r.resultOre), booked_on: bookedOn },
      },
    ];
  return [
    {
      severity: "warning",
      code: "YEAR_END_RESULT_PARTLY_BOOKED",
      message:
        `${fromOre(r.bookedOre)} of the year's result (${fromOre(r.resultOre)}) is already booked; the year-end books the ` +
        `rest, ${fromOre(r.unbookedOre)}.`,
      details: {
        year_result: fromOre(r.resultOre),
        already_booked: fromOre(r.bookedOre),
        to_book: fromOre(r.unbookedOre),
        booked_on: bookedOn,
      },
    },
  ];
}

/** The refusal for a failed readiness: the first blocker's own code where the catalogue has one. */
function refusal(findings: Finding[]): ApiError | null {
  const blockers = findings.filter((f) => f.severity === "blocker");
  if (!blockers.length) return null;
  const first = blockers[0];
  const details = { findings: blockers };
  if (first.code === "PERIOD_CLOSED" || first.code === "YEAR_END_ALREADY_RUN")
    return new ApiError("CONFLICT", { ...first.details, ...details }, first.message);
  if (first.code === "FX_CLOSING_RATE_UNAVAILABLE")
    return new ApiError(
      first.code,
      {
        missingRates: blockers
          .filter((b) => b.code === first.code)
          .map((b) => ({ currency: b.details.currency, date: b.details.date })),
        ...details,
      },
      first.message,
    );
  if (first.code === "YEAR_END_PRIOR_PERIOD_OPEN")
    return new ApiError(first.code, { ...first.details, ...details }, first.message);
  if (
    first.code === "PERIOD_LOCK_HAS_DRAFTS" ||
    first.code === "PERIOD_NOT_LOCKED" ||
    first.code === "YEAR_END_UNBALANCED_TRIAL"
  )
    return new ApiError(first.code, details, first.message);
  return new ApiError("YEAR_END_FAILED", details, first.message);
}

export async function assertReady(
  db: Database,
  companyId: string,
  period: FiscalPeriodRow,
  fx?: ReadinessFx,
): Promise<void> {
  const err = refusal((await yearEndReadiness(db, companyId, period, fx)).findings);
  if (err) throw err;
}
