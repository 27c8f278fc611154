// The end of a fiscal year: readiness, currency revaluation, the closing entry, close,
// and the next year's opening balances.
//
// - Readiness (year-end and GET .../compliance/check): ./readiness.ts.
// - Closing entry (bokslutsverifikation), dated the last day of the year: the year's
//   result (classes 3-8, resultOf in src/sweden/bas.ts) booked to 8999 Årets resultat
//   against 2099 Årets resultat for a limited company and other legal persons, or against
//   the owner's equity account 2019 (2010-2019 group, BAS: eget kapital i enskild firma
//   och handelsbolag) for a sole trader or a partnership. The result accounts then net to
//   zero as a class; each keeps its balance, so the closed year's income statement still
//   shows them, and none is carried into the next year (SIE: #RES, not #UB).
// - Opening balances: every class 1-2 account with a non-zero closing balance, posted on
//   the next year's first day as the opening entry (equal to the closing balances, so the
//   continuity check holds), then one carry-forward entry: 2099 to 2098 Vinst eller
//   förlust från föregående år (the annual meeting disposes of it later, ABL 7 kap 11 §),
//   or the owner's accounts 2011-2019 into 2010 Eget kapital.
// - Cash method (bokslutsmetoden, ./cash-method.ts): the invoices unpaid at the year's end
//   are booked before the closing entry, unless that entry was made before the lock
//   (./cash-method-entry.ts); the opening balances carry them on 1510 and 2440.
import { planSeal } from "../../../ledger/chain-seal";
import { eq } from "drizzle-orm";
import { type Command, type CommandContext, writeOf } from "../../../commands/plan";
import type { Database } from "../../../db/client";
import type { Env } from "../../../env";
import { fiscalPeriods } from "../../../db/schema";
import { ApiError, fieldError } from "../../../errors/api-error";
import type { EngineLine, FiscalPeriodRow } from "../../../ledger/engine";
import { fromOre } from "../../../money";
import { OPENING_SOURCE, periodAccountTotals, postedEntriesOfSource } from "../../../ledger/queries";
import { bookedResultOf, isBalanceAccount } from "../../../sweden/bas";
import { addDays } from "../../../sweden/fiscal-year";
import { planOperationStart } from "../../operations";
import { startedBy } from "./background";
import { cashMethodEntryOf, cashMethodLines, postCashMethodEntry, type CashMethodSources } from "./cash-method";
import {
  assertReady,
  periodBase,
  priorPeriodFindings,
  resultBookingFindings,
  staleClosing,
  staleFinding,
} from "../readiness/queries";
import {
  planRevaluation,
  revaluationOf,
  type ClosingRates,
  type OpenForeignItems,
  type RevaluationSources,
} from "../revaluation/revaluation";
import { listPeriods, loadPeriod, periodJson } from "../periods/commands";

export const CLOSING_ACCOUNT = "8999";
export const CLOSING_SOURCE = "year_end_closing";
export const CARRY_FORWARD_SOURCE = "result_carried_forward";

/** Forms whose equity is the owners' own accounts (BAS 2010-2019) rather than 2081-2099. */
const PERSONAL_EQUITY_FORMS = new Set(["enskild_firma", "handelsbolag", "kommanditbolag"]);

/** Where the year's result goes, and where it is carried next year, by the company's form. */
export function resultAccountsFor(entityType: string): {
  result: string;
  carriedTo: string;
  carried: (account: string) => boolean;
} {
  return PERSONAL_EQUITY_FORMS.has(entityType)
    ? { result: "2019", carriedTo: "2010", carried: (a) => a >= "2011" && a <= "2019" }
    : { result: "2099", carriedTo: "2098", carried: (a) => a === "2099" };
}

/** readiness's finding, also for ./cash-method-entry.ts */
export type { Finding } from "../readiness/queries";

// ---------------------------------------------------------------- year-end

/** The year-end's and the revaluation's input: the period, and closing rates the caller states. */
export interface ClosingRatesInput {
  id: string;
  closing_rates?: ClosingRates;
}

/**
 * POST .../year-end: checks readiness now (a refusal writes nothing), the closing rates
 * included, then queues the work with the rates the caller stated.
 */
export const startYearEnd = (items: OpenForeignItems): Command<ClosingRatesInput> =>
  async function startYearEnd(db, input, ctx, env) {
    const period = await loadPeriod(db, ctx.companyId, input.id);
    await assertReady(db, ctx.companyId, period, { env, items, closingRates: input.closing_rates });
    const rates = input.closing_rates ? { closing_rates: input.closing_rates } : {};
    const opInput = { fiscal_period_id: period.id, ...rates, started_by: startedBy(ctx) };
    return planOperationStart(db, ctx, "fiscal_periods.year_end", opInput, "fiscal_period.year_end_started");
  };

export interface YearEndDeps {
  /** the company's entity_type (companies sits above this domain) */
  entityTypeOf: (db: Database, companyId: string) => Promise<string>;
  revaluation: RevaluationSources;
  /** bokslutsmetoden: the company's method and its unpaid invoices' lines (./cash-method.ts) */
  cashMethod: CashMethodSources;
}

/**
 * The year-end itself, in the company's writer, all in one batch: readiness again,
 * the revaluation unless the period has one, under the cash method the entry of the
 * invoices unpaid at the period's end (./cash-method.ts), then the closing entry and
 * closing_entry_id.
 */
export const runYearEnd = (deps: YearEndDeps): Command<ClosingRatesInput> =>
  async function runYearEnd(db, input, ctx, env) {
    const period = await loadPeriod(db, ctx.companyId, input.id);
    // the closing rates are not looked up twice: the revaluation below refuses a missing one
    await assertReady(db, ctx.companyId, period);
    const read = await yearEndSources(db, ctx, env, deps, period, input.closing_rates);
    const { existing, revaluation, madeBefore, unpaid, totals } = read;
    const extra = [...(revaluation?.lines ?? []), ...(unpaid ?? [])];
    const { resultOre, bookedOre, unbookedOre } = resultToClose(ctx.companyId, period, totals, extra);
    const accounts = resultAccountsFor(await deps.entityTypeOf(db, ctx.companyId));
    const lines = closingLines(unbookedOre, accounts.result);
    const cashEntry = unpaid ? await postCashMethodEntry(ctx, period, unpaid) : null;
    const entry = await ctx.ledger.post({
      date: period.periodEnd,
      description: `Bokslut ${period.name}: årets resultat`,
      sourceType: CLOSING_SOURCE,
      sourceId: period.id,
      lines,
      yearEnd: true,
    });
    const row = { ...period, closingEntryId: entry.row.id };
    return {
      status: 200,
      data: {
        fiscal_period_id: period.id,
        closing_entry_id: entry.row.id,
        voucher_series: entry.row.voucherSeries,
        voucher_number: entry.voucherNumber,
        result_account: accounts.result,
        year_result: fromOre(resultOre),
        result_booked_before: fromOre(bookedOre),
        currency_revaluation: revaluation ? revaluation.result : (existing!.result as Record<string, unknown>),
        cash_method_entry_id: cashEntry?.row.id ?? madeBefore?.id ?? null,
        period: periodJson(row),
      },
      statements: [
        ...(revaluation?.statements ?? []),
        ...writeOf(cashEntry),
        entry.write,
        db.update(fiscalPeriods).set({ closingEntryId: entry.row.id }).where(eq(fiscalPeriods.id, period.id)),
      ],
      audit: {
        action: "fiscal_period.year_end",
        resourceType: "fiscal_period",
        resourceId: period.id,
        voucher: entry.voucher,
      },
    };
  };

/**
 * What the year-end reads, in its order: the period's revaluation, or the one it plans
 * now, the cash method's entry made before the lock or the lines of the invoices still
 * unpaid, and the period's account totals.
 */
async function yearEndSources(
  db: Database,
  ctx: CommandContext,
  env: Env,
  deps: YearEndDeps,
  period: FiscalPeriodRow,
  closingRates: ClosingRates | undefined,
) {
  const existing = await revaluationOf(db, ctx.companyId, period.id);
  const revaluation = existing
    ? null
    : await planRevaluation(db, ctx, env, deps.revaluation, period, period.periodEnd, closingRates);
  // a second year-end (a stale closing entry) books only the result's difference: the
  // cash method's unpaid invoices were booked by the first one, or before the lock
  const madeBefore = period.closingEntryId ? null : await cashMethodEntryOf(db, ctx.companyId, period.id);
  const unpaid =
    period.closingEntryId || madeBefore ? null : await cashMethodLines(db, ctx.companyId, deps.cashMethod, period);
  const totals = await periodAccountTotals(db, ctx.companyId, period.id);
  return { existing, revaluation, madeBefore, unpaid, totals };
}

/**
 * The year's result and what of it is not yet on 8990-8999, the lines the year-end books
 * before the closing entry (revaluation, cash method) counted. Refused when the result is
 * zero, or booked in full already.
 */
function resultToClose(
  companyId: string,
  period: FiscalPeriodRow,
  totals: Parameters<typeof bookedResultOf>[0],
  extra: EngineLine[],
): { resultOre: number; bookedOre: number; unbookedOre: number } {
  const movements = [
    ...totals,
    ...extra.map((l) => ({ account: l.accountNumber, debitOre: l.debitOre, creditOre: l.creditOre })),
  ];
  const { resultOre, bookedOre, unbookedOre } = bookedResultOf(movements);
  if (unbookedOre === 0 && bookedOre === 0)
    throw new ApiError(
      "YEAR_END_NO_ACTIVITY",
      { fiscal_period_id: period.id },
      "The year's result is zero: there is nothing to close.",
    );
  // booked in full before (readiness refuses that on the books; here with the revaluation and cash lines counted)
  if (unbookedOre === 0)
    throw new ApiError(
      "YEAR_END_FAILED",
      {
        fiscal_period_id: period.id,
        findings: resultBookingFindings(movements, periodBase(companyId, period.id)),
      },
      "The year's result is already booked on 8990-8999; a year-end would book it twice.",
    );
  return { resultOre, bookedOre, unbookedOre };
}

/**
 * The closing entry's lines: only what is not yet on 8990-8999 (the whole result, or the
 * rest of one booked in part), on 8999 against the form's result account.
 */
function closingLines(unbookedOre: number, resultAccount: string): EngineLine[] {
  const amount = Math.abs(unbookedOre);
  const profit = unbookedOre > 0;
  return [
    {
      accountNumber: CLOSING_ACCOUNT,
      debitOre: profit ? amount : 0,
      creditOre: profit ? 0 : amount,
      lineDescription: "Årets resultat",
    },
    {
      accountNumber: resultAccount,
      debitOre: profit ? 0 : amount,
      creditOre: profit ? amount : 0,
      lineDescription: "Årets resultat",
    },
  ];
}

// ---------------------------------------------------------------- close

/**
 * POST .../close: irreversible. CONFLICT unless locked with a closing entry. With
 * closed_externally, a year whose year-end was made in another program (see closeExternally).
 */
export const closePeriod: Command<{ id: string; closed_externally?: boolean }> = async (db, input, ctx, env) => {
  const period = await loadPeriod(db, ctx.companyId, input.id);
  if (period.isClosed)
    throw new ApiError(
      "CONFLICT",
      { fiscal_period_id: period.id, is_closed: true, closed_at: period.closedAt },
      "The period is closed already.",
    );
  if (input.closed_externally) await assertClosableAsExternal(db, ctx.companyId, period);
  else if (!period.lockedAt || !period.closingEntryId) {
    throw new ApiError(
      "CONFLICT",
      { fiscal_period_id: period.id, locked_at: period.lockedAt, closing_entry_id: period.closingEntryId },
      "Only a locked period whose year-end has run can be closed.",
    );
  } else await assertClosingCurrent(db, ctx.companyId, period);
  const externally = input.closed_externally === true;
  const row = { ...period, isClosed: true, closedAt: ctx.now, closedExternally: externally };
  // closing seals the year: the chain's head, the year's counts and totals, signed (issue #45)
  const sealed = await planSeal(db, env, ctx.state, period, ctx.now);
  return {
    status: 200,
    data: { id: period.id, is_closed: true, closed_at: ctx.now, closed_externally: externally },
    statements: [
      db
        .update(fiscalPeriods)
        .set({ isClosed: true, closedAt: ctx.now, closedExternally: externally })
        .where(eq(fiscalPeriods.id, period.id)),
      sealed.statement,
    ],
    audit: {
      action: externally ? "fiscal_period.closed_externally" : "fiscal_period.closed",
      resourceType: "fiscal_period",
      resourceId: period.id,
    },
    events: [
      {
        type: "period.year_closed",
        object: periodJson(row),
        previousAttributes: { is_closed: false, closed_at: null },
      },
      { type: "fiscal_year.sealed", object: sealed.seal },
    ],
  };
};

/**
 * Close refuses a year whose closing entry a later posting made stale (YEAR_END_STALE):
 * closed, the year's result on 2099 would miss that posting for good.
 */
async function assertClosingCurrent(db: Database, companyId: string, period: FiscalPeriodRow): Promise<void> {
  const stale = staleClosing(period, await periodAccountTotals(db, companyId, period.id));
  if (!stale) return;
  const finding = staleFinding(stale, periodBase(companyId, period.id), "blocker");
  throw new ApiError("YEAR_END_STALE", { fiscal_period_id: period.id, ...finding.details }, finding.message);
}

/**
 * A year closed in another program and brought in (a SIE import of a closed year) is closed
 * here without a year-end: it is locked, no closing entry was made here (else the ordinary
 * close), its result is on 8990-8999 in full (the other program's bokslutsverifikation,
 * else YEAR_END_NOT_RUN) and every earlier year is closed (YEAR_END_PRIOR_PERIOD_OPEN).
 */
async function assertClosableAsExternal(db: Database, companyId: string, period: FiscalPeriodRow): Promise<void> {
  if (!period.lockedAt || period.closingEntryId)
    throw new ApiError(
      "CONFLICT",
      { fiscal_period_id: period.id, locked_at: period.lockedAt, closing_entry_id: period.closingEntryId },
      period.closingEntryId
        ? "The year-end of this period was run here: close it without closed_externally."
        : "Lock the period before closing it.",
    );
  const [totals, periods] = await Promise.all([
    periodAccountTotals(db, companyId, period.id),
    listPeriods(db, companyId),
  ]);
  const r = bookedResultOf(totals);
  if (r.unbookedOre !== 0)
    throw new ApiError(
      "YEAR_END_NOT_RUN",
      {
        fiscal_period_id: period.id,
        year_result: fromOre(r.resultOre),
        already_booked: fromOre(r.bookedOre),
        to_book: fromOre(r.unbookedOre),
      },
      "The year's result is not booked on 8990-8999: import the other program's closing entry, or run the year-end here.",
    );
  const [prior] = priorPeriodFindings(companyId, period, periods);
  if (prior) throw new ApiError("YEAR_END_PRIOR_PERIOD_OPEN", prior.details, prior.message);
}

/**
 * POST .../reopen: only a year closed as closed elsewhere (its books were finished in
 * another program, so here it is a copy the user may need to complete). A year closed here
 * is never reopened (BFL 5 kap 5 §: an error is corrected with a new entry in an open year).
 * Rule order: PERIOD_NOT_FOUND > PERIOD_REOPEN_NOT_CLOSED > PERIOD_REOPEN_NOT_EXTERNAL >
 * CONFLICT (a later year has had its year-end or is closed: it counted on this one being
 * closed). The lock stays.
 */
export const reopenPeriod: Command<{ id: string; reason: string }> = async (db, input, ctx) => {
  const period = await loadPeriod(db, ctx.companyId, input.id);
  if (!period.isClosed)
    throw new ApiError("PERIOD_REOPEN_NOT_CLOSED", { fiscal_period_id: period.id }, "The period is not closed.");
  if (!period.closedExternally)
    throw new ApiError(
      "PERIOD_REOPEN_NOT_EXTERNAL",
      { fiscal_period_id: period.id, closed_at: period.closedAt, closing_entry_id: period.closingEntryId },
      "The period was closed here, which is irreversible; correct it with an entry in the first open year.",
    );
  // a later year's year-end was let through because this year was closed
  const later = (await listPeriods(db, ctx.companyId))
    .filter((p) => p.periodStart > period.periodEnd && (p.isClosed || p.closingEntryId))
    .sort((a, b) => a.periodStart.localeCompare(b.periodStart))[0];
  if (later)
    throw new ApiError(
      "CONFLICT",
      {
        fiscal_period_id: period.id,
        later_period_id: later.id,
        later_closing_entry_id: later.closingEntryId,
        later_is_closed: later.isClosed,
      },
      `The later year ${later.name} has had its year-end; a year is reopened only while no later year has.`,
    );
  const changes = {
    isClosed: false,
    closedAt: null,
    closedExternally: false,
    reopenedAt: ctx.now,
    reopenReason: input.reason,
  };
  const row = { ...period, ...changes };
  return {
    status: 200,
    data: periodJson(row),
    statements: [db.update(fiscalPeriods).set(changes).where(eq(fiscalPeriods.id, period.id))],
    audit: { action: "fiscal_period.reopened", resourceType: "fiscal_period", resourceId: period.id },
    events: [
      {
        type: "period.reopened",
        object: periodJson(row),
        previousAttributes: { is_closed: true, closed_at: period.closedAt, closed_externally: true },
      },
    ],
  };
};

// ---------------------------------------------------------------- opening balances

/**
 * POST .../opening-balances. Rule order: PERIOD_NOT_FOUND (this or the next period) >
 * YEAR_END_NOT_RUN > VALIDATION_ERROR (next_period_id is not the following period) >
 * YEAR_END_NEXT_PERIOD_HAS_IB > YEAR_END_NO_ACTIVITY (no balance to carry) > the ledger's
 * rules for the next period (PERIOD_LOCKED).
 */
export interface OpeningBalancesDeps {
  entityTypeOf: YearEndDeps["entityTypeOf"];
}

export const postOpeningBalances = ({
  entityTypeOf,
}: OpeningBalancesDeps): Command<{ id: string; next_period_id: string }> =>
  async function postOpeningBalances(db, input, ctx) {
    const period = await loadPeriod(db, ctx.companyId, input.id);
    const next = await loadPeriod(db, ctx.companyId, input.next_period_id);
    if (!period.closingEntryId)
      throw new ApiError("YEAR_END_NOT_RUN", { fiscal_period_id: period.id }, "Run the year-end of the period first.");
    if (next.periodStart !== addDays(period.periodEnd, 1))
      throw fieldError("next_period_id", `must be the period that starts ${addDays(period.periodEnd, 1)}`);
    const [opening] = await postedEntriesOfSource(db, ctx.companyId, next.id, OPENING_SOURCE);
    if (opening)
      throw new ApiError("YEAR_END_NEXT_PERIOD_HAS_IB", {
        next_period_id: next.id,
        opening_entry_id: opening.id,
        voucher: `${opening.voucherSeries}${opening.voucherNumber}`,
      });
    const balances = (await periodAccountTotals(db, ctx.companyId, period.id))
      .filter((t) => isBalanceAccount(t.account) && t.debitOre !== t.creditOre)
      .sort((a, b) => a.account.localeCompare(b.account));
    if (!balances.length)
      throw new ApiError(
        "YEAR_END_NO_ACTIVITY",
        { fiscal_period_id: period.id },
        "No balance account has a closing balance to carry forward.",
      );
    const lines: EngineLine[] = balances.map((b) => ({
      accountNumber: b.account,
      debitOre: Math.max(b.debitOre - b.creditOre, 0),
      creditOre: Math.max(b.creditOre - b.debitOre, 0),
      lineDescription: "Ingående balans",
    }));
    const entry = await ctx.ledger.postNew({
      fiscalPeriodId: next.id,
      entryDate: next.periodStart,
      description: `Ingående balans ${next.name}`,
      voucherSeries: await ctx.ledger.defaultSeries(),
      sourceType: OPENING_SOURCE,
      sourceId: period.id,
      lines,
    });
    // the prior year's result, carried to where the next year keeps it
    const accounts = resultAccountsFor(await entityTypeOf(db, ctx.companyId));
    const carried = balances.filter((b) => accounts.carried(b.account) && b.account !== accounts.carriedTo);
    const carriedNet = carried.reduce((s, b) => s + b.debitOre - b.creditOre, 0);
    const transferLines: EngineLine[] = carried.map((b) => ({
      accountNumber: b.account,
      debitOre: Math.max(b.creditOre - b.debitOre, 0),
      creditOre: Math.max(b.debitOre - b.creditOre, 0),
      lineDescription: "Omföring till eget kapital",
    }));
    if (carriedNet !== 0)
      transferLines.push({
        accountNumber: accounts.carriedTo,
        debitOre: Math.max(carriedNet, 0),
        creditOre: Math.max(-carriedNet, 0),
        lineDescription: "Föregående års resultat och egna uttag och insättningar",
      });
    const transfer = carried.length
      ? await ctx.ledger.postNew({
          fiscalPeriodId: next.id,
          entryDate: next.periodStart,
          description: `Omföring av föregående års resultat ${period.name}`,
          voucherSeries: await ctx.ledger.defaultSeries(),
          sourceType: CARRY_FORWARD_SOURCE,
          sourceId: period.id,
          lines: transferLines,
        })
      : null;
    return {
      status: 201,
      data: {
        opening_entry_id: entry.row.id,
        voucher_series: entry.row.voucherSeries,
        voucher_number: entry.voucherNumber,
        next_period_id: next.id,
        carry_forward_entry_id: transfer?.row.id ?? null,
        carry_forward_voucher_number: transfer?.voucherNumber ?? null,
        // bokslutsmetoden's entry is no longer reversed (./cash-method.ts): kept for clients, always null
        cash_method_reversal_entry_id: null,
      },
      statements: [entry.write, ...writeOf(transfer)],
      audit: {
        action: "fiscal_period.opening_balances",
        resourceType: "fiscal_period",
        resourceId: next.id,
        voucher: entry.voucher,
      },
    };
  };
