// The month's close, announced: month_close.check computes a month's close status (as GET
// .../close-status does) and records when it was checked; the first time it finds the month
// ready it records that and emits month.ready_to_close, once per company and month. The minute
// sweep submits it for the month before the current one (monthCloseSweep, src/app/jobs.ts).
import type { Command } from "../../commands/plan";
import { monthCloseStates } from "../../db/schema";
import { closeStatus, monthState } from "./queries";

export interface MonthCloseCheckInput {
  month: string;
}

export const checkMonthClose: Command<MonthCloseCheckInput> = async (db, input, ctx) => {
  const [status, state] = await Promise.all([
    closeStatus(db, ctx.companyId, { month: input.month }, ctx.now.slice(0, 10)),
    monthState(db, ctx.companyId, input.month),
  ]);
  const announce = status.ready && !state?.readyAt;
  const readyAt = state?.readyAt ?? (announce ? ctx.now : null);
  const row = { companyId: ctx.companyId, month: input.month, checkedAt: ctx.now, readyAt };
  return {
    status: 200,
    data: { ...status, announced_ready_at: readyAt },
    statements: [
      db
        .insert(monthCloseStates)
        .values(row)
        .onConflictDoUpdate({
          target: [monthCloseStates.companyId, monthCloseStates.month],
          set: { checkedAt: row.checkedAt, readyAt: row.readyAt },
        }),
    ],
    events: announce
      ? [
          {
            type: "month.ready_to_close",
            object: { company_id: ctx.companyId, month: input.month, fiscal_period_id: status.fiscal_period_id },
          },
        ]
      : [],
    audit: { action: "month_close.checked", resourceType: "month_close", resourceId: input.month },
  };
};
