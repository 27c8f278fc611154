// The background side of the year-end and the currency revaluation: the operation,
// queued by the request, hands its run back to the company's writer as the one who started it.
import type { CommandContext } from "../../../commands/plan";
import { backgroundContext, submit } from "../../../commands/submit";
import { ApiError } from "../../../errors/api-error";
import type { OperationContext } from "../../operations";
import type { ClosingRates } from "../revaluation/revaluation";

/** Who started an operation: its writes are audited as theirs. */
export interface StartedBy {
  api_key_id: string;
  user_id: string;
}

export const startedBy = (ctx: CommandContext): StartedBy => ({ api_key_id: ctx.apiKeyId, user_id: ctx.userId });

/** The queue's side of both operations: hand the run to the company's writer as the starter. */
async function runThroughWriter(
  op: OperationContext,
  name: "fiscal_periods.year_end_run" | "fiscal_periods.currency_revaluation_run",
  input: Record<string, unknown>,
) {
  const opInput = op.operation.input as { started_by?: StartedBy };
  const actor = opInput.started_by
    ? { apiKeyId: opInput.started_by.api_key_id, userId: opInput.started_by.user_id }
    : undefined;
  await op.progress({ phase: "running" });
  const res = await submit(op.env, {
    name,
    input: input as never,
    idempotency: null,
    ctx: backgroundContext(op.env, op.operation.companyId, op.operation.requestId, op.now(), actor),
  });
  if (!res.ok) throw new ApiError(res.error.code, res.error.details, res.error.message);
  return res.data;
}

export async function runYearEndOperation(op: OperationContext) {
  const input = op.operation.input as { fiscal_period_id: string; closing_rates?: ClosingRates };
  return runThroughWriter(op, "fiscal_periods.year_end_run", {
    id: input.fiscal_period_id,
    ...(input.closing_rates ? { closing_rates: input.closing_rates } : {}),
  });
}

export async function runCurrencyRevaluationOperation(op: OperationContext) {
  const input = op.operation.input as { fiscal_period_id: string; as_of_date: string; closing_rates?: ClosingRates };
  return runThroughWriter(op, "fiscal_periods.currency_revaluation_run", {
    id: input.fiscal_period_id,
    as_of_date: input.as_of_date,
    ...(input.closing_rates ? { closing_rates: input.closing_rates } : {}),
  });
}
