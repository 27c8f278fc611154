// The currency revaluation as a request (POST .../currency-revaluation: refusals at once,
// then an operation, or under dry-run the planned revaluation at once) and as the
// operation's run in the company's writer. The rule itself is ./revaluation.ts.
import type { Command, CommandContext, Plan } from "../../../commands/plan";
import type { Database } from "../../../db/client";
import type { Env } from "../../../env";
import { ApiError, fieldError } from "../../../errors/api-error";
import type { FiscalPeriodRow } from "../../../ledger/engine";
import { fromOre } from "../../../money";
import { planOperationStart } from "../../operations";
import { startedBy } from "../year-end/background";
import { type ClosingRates, planRevaluation, type RevaluationSources, revaluationOf } from "./revaluation";
import type { ClosingRatesInput } from "../year-end/commands";
import { loadPeriod } from "../periods/commands";

/**
 * POST .../currency-revaluation. Rule order: FX_PERIOD_NOT_FOUND > FX_PERIOD_CLOSED >
 * VALIDATION_ERROR (as_of_date outside the period) > CURRENCY_REVALUATION_ALREADY_EXISTS.
 */
async function revaluationTarget(db: Database, ctx: CommandContext, id: string, asOfDate: string | undefined) {
  const period = await loadPeriod(db, ctx.companyId, id).catch((err) => {
    throw err instanceof ApiError && err.code === "PERIOD_NOT_FOUND"
      ? new ApiError("FX_PERIOD_NOT_FOUND", { fiscal_period_id: id })
      : err;
  });
  if (period.isClosed)
    throw new ApiError("FX_PERIOD_CLOSED", { fiscal_period_id: period.id, closed_at: period.closedAt });
  const asOf = asOfDate ?? period.periodEnd;
  if (asOf < period.periodStart || asOf > period.periodEnd)
    throw fieldError("as_of_date", `must be inside the period (${period.periodStart} to ${period.periodEnd})`);
  const existing = await revaluationOf(db, ctx.companyId, period.id);
  if (existing)
    throw new ApiError("CURRENCY_REVALUATION_ALREADY_EXISTS", {
      fiscal_period_id: period.id,
      revaluation_id: existing.id,
      as_of_date: existing.asOfDate,
      revaluation_entry_id: existing.revaluationEntryId,
    });
  return { period, asOf };
}

/**
 * POST .../currency-revaluation: refusals at once, then the work is queued. A dry run is
 * answered at once instead (200): the revaluation planned as the operation would plan it,
 * with the entry's lines, and nothing queued or written.
 */
export const startCurrencyRevaluation = (
  sources: RevaluationSources,
): Command<ClosingRatesInput & { as_of_date?: string }> =>
  async function startCurrencyRevaluation(db, input, ctx, env) {
    const { period, asOf } = await revaluationTarget(db, ctx, input.id, input.as_of_date);
    if (ctx.dryRun) return previewRevaluation(db, ctx, env, sources, period, asOf, input.closing_rates);
    return queueRevaluation(db, ctx, period, asOf, input.closing_rates);
  };

async function previewRevaluation(
  db: Database,
  ctx: CommandContext,
  env: Env,
  sources: RevaluationSources,
  period: FiscalPeriodRow,
  asOf: string,
  closingRates: ClosingRates | undefined,
): Promise<Plan> {
  const planned = await planRevaluation(db, ctx, env, sources, period, asOf, closingRates);
  return {
    status: 200,
    data: {
      ...planned.result,
      lines: planned.lines.map((l) => ({
        account: l.accountNumber,
        debit: fromOre(l.debitOre),
        credit: fromOre(l.creditOre),
        description: l.lineDescription ?? null,
      })),
    },
    statements: planned.statements,
    audit: { action: "fiscal_period.currency_revalued", resourceType: "fiscal_period", resourceId: period.id },
  };
}

function queueRevaluation(
  db: Database,
  ctx: CommandContext,
  period: FiscalPeriodRow,
  asOf: string,
  closingRates: ClosingRates | undefined,
): Plan {
  const input = {
    fiscal_period_id: period.id,
    as_of_date: asOf,
    ...(closingRates ? { closing_rates: closingRates } : {}),
    started_by: startedBy(ctx),
  };
  return planOperationStart(
    db,
    ctx,
    "fiscal_periods.currency_revaluation",
    input,
    "fiscal_period.currency_revaluation_started",
  );
}

export const runCurrencyRevaluation = (
  sources: RevaluationSources,
): Command<ClosingRatesInput & { as_of_date: string }> =>
  async function runCurrencyRevaluation(db, input, ctx, env) {
    const { period, asOf } = await revaluationTarget(db, ctx, input.id, input.as_of_date);
    const planned = await planRevaluation(db, ctx, env, sources, period, asOf, input.closing_rates);
    return {
      status: 200,
      data: planned.result,
      statements: planned.statements,
      audit: {
        action: "fiscal_period.currency_revalued",
        resourceType: "fiscal_period",
        resourceId: period.id,
        voucher: planned.voucher,
      },
    };
  };
