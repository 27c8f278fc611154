// The accruals' commands: make one (its entries posted at once, each dated where it
// belongs), and cancel a spread before it is fully released.
import { and, eq } from "drizzle-orm";
import type { Command, CommandContext, PlannedWrite } from "../../commands/plan";
import { accruals } from "../../db/schema";
import { ApiError } from "../../errors/api-error";
import { newId } from "../../ids";
import type { EngineLine, PostedEntry } from "../../ledger/engine";
import { toOre } from "../../money";
import { type AccrualSide, accrualSide, dayAfter, monthEnds, splitEvenly } from "../../sweden/accruals";
import type { VoucherRef } from "../../writer/events";
import { loadEntry } from "../journal-entries";
import {
  ACCRUAL_SOURCE,
  type AccrualRow,
  accrualJson,
  loadAccrual,
  type Movement,
  movementsOf,
  openOre,
} from "./queries";
import type { AccrualCancelInput, AccrualCreateInput } from "./schemas";

/**
 * The lines that make an accrual grow by an amount: an asset accrual (17xx) is debited
 * against the result account, a liability accrual (29xx) credited. A release is the same
 * with the sides swapped (`grow` false).
 */
function accrualLines(
  side: AccrualSide,
  balanceAccount: string,
  resultAccount: string,
  amountOre: number,
  grow: boolean,
): EngineLine[] {
  const balanceDebit = (side === "asset") === grow;
  const line = (accountNumber: string, debit: boolean): EngineLine => ({
    accountNumber,
    debitOre: debit ? amountOre : 0,
    creditOre: debit ? 0 : amountOre,
    lineDescription: null,
  });
  return [line(balanceAccount, balanceDebit), line(resultAccount, !balanceDebit)];
}

function movement(entry: PostedEntry, role: Movement["role"], amountOre: number): Movement {
  return {
    date: entry.row.entryDate,
    amount_ore: amountOre,
    role,
    journal_entry_id: entry.row.id,
    voucher_number: `${entry.row.voucherSeries}${entry.voucherNumber}`,
  };
}

/** The posting of one step of an accrual: dated, described, under the accrual's source. */
interface Step {
  date: string;
  description: string;
  grow: boolean;
  amountOre: number;
  role: Movement["role"];
}

async function postStep(ctx: CommandContext, row: AccrualRow, side: AccrualSide, s: Step) {
  const entry = await ctx.ledger.post({
    date: s.date,
    description: s.description,
    sourceType: ACCRUAL_SOURCE,
    sourceId: row.id,
    lines: accrualLines(side, row.balanceAccount, row.resultAccount, s.amountOre, s.grow),
  });
  return { entry, movement: movement(entry, s.role, s.grow ? s.amountOre : -s.amountOre) };
}

/**
 * A spread: the whole amount onto the balance account on its first month's first day,
 * then one release per month dated the month's last day, equal parts with the remainder
 * on the last (`splitEvenly`).
 */
function spreadSteps(input: AccrualCreateInput, amountOre: number): Step[] {
  const start = input.start_month as string;
  const months = input.months as number;
  const parts = splitEvenly(amountOre, months);
  const ends = monthEnds(start, months);
  return [
    { date: `${start}-01`, description: `Periodisering: ${input.description}`, grow: true, amountOre, role: "accrual" },
    ...parts.map(
      (part, i): Step => ({
        date: ends[i],
        description: `Upplösning ${i + 1}/${months}: ${input.description}`,
        grow: false,
        amountOre: part,
        role: "release",
      }),
    ),
  ];
}

/**
 * The reversal of a period-end accrual, dated the first day of the next period: the
 * ledger's storno of the accrual entry, so the two are linked both ways. The next fiscal
 * year must exist (POST .../fiscal-periods opens it) and be open.
 */
async function reverseNextDay(ctx: CommandContext, accrual: PostedEntry, description: string) {
  const date = dayAfter(accrual.row.entryDate);
  const period = await ctx.ledger.periodForDate(date).catch((err) => {
    throw err instanceof ApiError
      ? new ApiError(
          "ENTRY_DATE_OUTSIDE_FISCAL_PERIOD",
          { entry_date: date, reason: "reversal_date" },
          "No fiscal period covers the day after the period end, where the reversal is dated; open the next " +
            "fiscal year (POST .../fiscal-periods) first.",
        )
      : err;
  });
  return ctx.ledger.reverse(accrual.row, accrual.lines, date, period, `Återföring: ${description}`);
}

export const createAccrual: Command<AccrualCreateInput> = async (db, input, ctx) => {
  const side = accrualSide(input.balance_account) as AccrualSide;
  const amountOre = toOre(input.amount) as number;
  const row: AccrualRow = {
    id: newId(),
    companyId: ctx.companyId,
    kind: input.kind,
    description: input.description,
    balanceAccount: input.balance_account,
    resultAccount: input.result_account,
    amountOre,
    startDate: input.kind === "spread" ? `${input.start_month}-01` : (input.period_end as string),
    months: input.kind === "spread" ? (input.months as number) : null,
    status: "active",
    cancelledOn: null,
    movements: "[]",
    createdAt: ctx.now,
  };
  const statements: PlannedWrite[] = [];
  const movements: Movement[] = [];
  let voucher: VoucherRef | null = null;
  if (input.kind === "spread") {
    for (const step of spreadSteps(input, amountOre)) {
      const { entry, movement: m } = await postStep(ctx, row, side, step);
      statements.push(entry.write);
      movements.push(m);
      voucher = entry.voucher;
    }
  } else {
    const { entry, movement: m } = await postStep(ctx, row, side, {
      date: row.startDate,
      description: `Periodisering: ${input.description}`,
      grow: true,
      amountOre,
      role: "accrual",
    });
    const reversal = await reverseNextDay(ctx, entry, input.description);
    statements.push(entry.write, reversal.write);
    movements.push(m, movement(reversal, "reversal", -amountOre));
    voucher = reversal.voucher;
  }
  row.movements = JSON.stringify(movements);
  statements.push(db.insert(accruals).values(row));
  const data = accrualJson(row, ctx.now.slice(0, 10));
  return {
    status: 201,
    data,
    statements,
    events: [{ type: "accrual.created", object: data }],
    audit: { action: "accrual.created", resourceType: "accrual", resourceId: row.id, voucher },
  };
};

/** A cancellation is refused when nothing is left to stop. */
function assertCancellable(row: AccrualRow, date: string): void {
  if (row.status === "cancelled")
    throw new ApiError("ACCRUAL_ALREADY_CANCELLED", { accrual_id: row.id, cancelled_on: row.cancelledOn });
  if (row.kind === "period_end")
    throw new ApiError(
      "ACCRUAL_NOT_CANCELLABLE",
      { accrual_id: row.id, kind: row.kind },
      "A period-end accrual is reversed by its own entry the next day; reverse its two entries through journal-entries instead.",
    );
  const last =
    movementsOf(row)
      .map((m) => m.date)
      .sort()
      .at(-1) ?? row.startDate;
  if (date < row.startDate || date >= last)
    throw new ApiError("ACCRUAL_NOT_CANCELLABLE", {
      accrual_id: row.id,
      date,
      first_date: row.startDate,
      last_release_date: last,
      reason: date < row.startDate ? "before_start" : "fully_released",
    });
}

/**
 * Stops a spread at a date: every release dated after it is reversed on its own date (so
 * the books at each date between show what they would have without it), and what is
 * still open at the date is released to the result account on it, leaving the balance
 * account at zero from that day.
 */
export const cancelAccrual: Command<AccrualCancelInput> = async (db, input, ctx) => {
  const row = await loadAccrual(db, ctx.companyId, input.id);
  const date = input.date ?? ctx.now.slice(0, 10);
  assertCancellable(row, date);
  const side = accrualSide(row.balanceAccount) as AccrualSide;
  const statements: PlannedWrite[] = [];
  const movements = movementsOf(row);
  let voucher: VoucherRef | null = null;
  for (const m of movements.filter((x) => x.role === "release" && x.date > date)) {
    const { entry, lines } = await loadEntry(db, ctx.companyId, m.journal_entry_id);
    const reversal = await ctx.ledger.reverse(
      entry,
      lines,
      m.date,
      await ctx.ledger.periodForDate(m.date),
      `Återföring, periodisering avbruten: ${row.description}`,
    );
    statements.push(reversal.write);
    movements.push(movement(reversal, "release_reversal", -m.amount_ore));
    voucher = reversal.voucher;
  }
  const rest = openOre({ ...row, movements: JSON.stringify(movements) }, date);
  if (rest !== 0) {
    const { entry, movement: m } = await postStep(ctx, row, side, {
      date,
      description: `Periodisering avbruten, resten upplöst: ${row.description}`,
      grow: false,
      amountOre: rest,
      role: "cancel_release",
    });
    statements.push(entry.write);
    movements.push(m);
    voucher = entry.voucher;
  }
  const patch = { status: "cancelled" as const, cancelledOn: date, movements: JSON.stringify(movements) };
  statements.push(
    db
      .update(accruals)
      .set(patch)
      .where(and(eq(accruals.companyId, ctx.companyId), eq(accruals.id, row.id))),
  );
  const data = accrualJson({ ...row, ...patch }, date);
  return {
    status: 200,
    data,
    statements,
    events: [{ type: "accrual.cancelled", object: data }],
    audit: { action: "accrual.cancelled", resourceType: "accrual", resourceId: row.id, voucher },
  };
};
