// Book: a paid run's entries (rules.ts) posted on its payment date, with the vacation entry.
import { and, eq } from "drizzle-orm";
import { type Command, writeOf } from "../../../../commands/plan";
import { salaryRuns } from "../../../../db/schema";
import { ApiError } from "../../../../errors/api-error";
import { assertPeriodOpen, type EngineLine } from "../../../../ledger/engine";
import { employeesByIds } from "../../employees/queries";
import { vacationBookingOf } from "../../vacation/commands";
import { lineItemsOfRun, loadRun, runEmployees, runJson } from "../queries";
import { avgifterRoundingOre, periodOf, todayOf } from "../rules";
import { bookingOf } from "./rules";

export const bookRun: Command<{ id: string }> = async (db, input, ctx) => {
  const run = await loadRun(db, ctx.companyId, input.id);
  if (run.status !== "paid") throw new ApiError("SALARY_RUN_BOOK_NOT_PAID", { status: run.status });
  // The salary entry credits the settlement account: not before the money leaves it.
  if (run.paymentDate > todayOf(ctx))
    throw new ApiError(
      "SALARY_RUN_BOOK_NOT_DUE",
      { payment_date: run.paymentDate, today: todayOf(ctx), payment_planned: run.paymentPlanned },
      `The run is paid on ${run.paymentDate}; it is booked on that date at the earliest.`,
    );
  assertPeriodOpen(await ctx.ledger.periodForDate(run.paymentDate));
  const members = await runEmployees(db, run.id);
  const people = await employeesByIds(
    db,
    ctx.companyId,
    members.map((m) => m.employeeId),
  );
  // Skatteverket charges the month's contributions computed on the declared bases per rate, öre
  // dropped per rate (ställningstagande 2017-06-08, dnr 131 238881-17/111); booked here with the
  // run, so 2731 holds what the tax account will charge from the moment the cost is booked.
  const rounding = avgifterRoundingOre(members);
  const lines = bookingOf(run, members, people, await lineItemsOfRun(db, run.id), rounding);
  const period = periodOf(run);
  const post = (kind: string, description: string, l: EngineLine[]) =>
    ctx.ledger.post({
      date: run.paymentDate,
      description,
      sourceType: `salary_run_${kind}`,
      sourceId: run.id,
      lines: l,
      series: run.voucherSeries,
    });
  const salary = await post("salary", `Lön ${period}`, lines.salary);
  const avgifter = lines.avgifter.length
    ? await post("avgifter", `Arbetsgivaravgifter ${period}`, lines.avgifter)
    : null;
  const vacationBooking = vacationBookingOf(ctx, db, run, members);
  const vacation = vacationBooking.lines.length
    ? await post("vacation", `Semesterlöneskuld ${period}`, vacationBooking.lines)
    : null;
  const pension = lines.pension.length
    ? await post("pension", `Pension och särskild löneskatt, löneväxling ${period}`, lines.pension)
    : null;
  const patch = {
    status: "booked" as const,
    avgifterRoundingOre: rounding,
    bookedAt: ctx.now,
    bookedBy: ctx.userId,
    salaryEntryId: salary.row.id,
    avgifterEntryId: avgifter?.row.id ?? null,
    vacationEntryId: vacation?.row.id ?? null,
    pensionEntryId: pension?.row.id ?? null,
    updatedAt: ctx.now,
  };
  const data = runJson({ ...run, ...patch }, members.length);
  return {
    status: 200,
    data,
    statements: [
      salary.write,
      ...writeOf(avgifter),
      ...writeOf(vacation),
      ...writeOf(pension),
      ...vacationBooking.statements,
      db
        .update(salaryRuns)
        .set(patch)
        .where(and(eq(salaryRuns.id, run.id), eq(salaryRuns.status, "paid"))),
    ],
    events: [{ type: "salary_run.booked", object: data, previousAttributes: { status: run.status } }],
    audit: { action: "salary_run.booked", resourceType: "salary_run", resourceId: run.id, voucher: salary.voucher },
  };
};
