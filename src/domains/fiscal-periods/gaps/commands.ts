// Gaps in voucher series (BFL 5 kap 7 §: verifikationer numbered in an unbroken series;
// BFNAR 2013:2 lets a gap stand when it is documented). The ledger gives the smallest
// unused number, so gaps come from imported files; each one is listed, explained or not.
import { and, eq } from "drizzle-orm";
import type { Command } from "../../../commands/plan";
import type { Database } from "../../../db/client";
import { voucherGapExplanations } from "../../../db/schema";
import { ApiError, fieldError } from "../../../errors/api-error";
import { newId } from "../../../ids";
import { voucherNumbersBySeries } from "../../../ledger/queries";
import { loadPeriod } from "../periods/commands";

type ExplanationRow = typeof voucherGapExplanations.$inferSelect;

export interface VoucherGap {
  voucher_series: string;
  gap_start: number;
  gap_end: number;
  explained: boolean;
  explanation_ids: string[];
}

export function explanationJson(r: ExplanationRow) {
  return {
    id: r.id,
    fiscal_period_id: r.fiscalPeriodId,
    voucher_series: r.voucherSeries,
    gap_start: r.gapStart,
    gap_end: r.gapEnd,
    explanation: r.explanation,
    created_at: r.createdAt,
  };
}

/** The missing numbers of a sorted list of used numbers, from 1 to the highest, as ranges. */
export function gapsIn(numbers: number[]): { start: number; end: number }[] {
  const gaps: { start: number; end: number }[] = [];
  let expected = 1;
  for (const n of numbers) {
    if (n > expected) gaps.push({ start: expected, end: n - 1 });
    expected = Math.max(expected, n + 1);
  }
  return gaps;
}

async function explanationsOf(db: Database, companyId: string, periodId: string): Promise<ExplanationRow[]> {
  return db
    .select()
    .from(voucherGapExplanations)
    .where(and(eq(voucherGapExplanations.companyId, companyId), eq(voucherGapExplanations.fiscalPeriodId, periodId)))
    .all();
}

/** Every gap of every series of the period; a gap is explained when explanations cover each of its numbers. */
export async function voucherGaps(db: Database, companyId: string, periodId: string): Promise<VoucherGap[]> {
  const [used, explanations] = await Promise.all([
    voucherNumbersBySeries(db, companyId, periodId),
    explanationsOf(db, companyId, periodId),
  ]);
  const out: VoucherGap[] = [];
  for (const [series, numbers] of [...used].sort(([a], [b]) => a.localeCompare(b))) {
    for (const g of gapsIn(numbers)) {
      const covering = explanations.filter(
        (e) => e.voucherSeries === series && e.gapStart <= g.end && e.gapEnd >= g.start,
      );
      let explained = true;
      for (let n = g.start; n <= g.end && explained; n++)
        explained = covering.some((e) => e.gapStart <= n && e.gapEnd >= n);
      out.push({
        voucher_series: series,
        gap_start: g.start,
        gap_end: g.end,
        explained,
        explanation_ids: covering.map((e) => e.id),
      });
    }
  }
  return out;
}

export interface GapExplanationInput {
  fiscal_period_id: string;
  voucher_series: string;
  gap_start: number;
  gap_end: number;
  explanation: string;
}

/**
 * Explains a range of missing voucher numbers. Rule order: VALIDATION_ERROR (gap_end
 * before gap_start) > PERIOD_NOT_FOUND > VALIDATION_ERROR (a number in the range is
 * used) > CONFLICT (the same series, period and range explained already).
 */
export const explainVoucherGap: Command<GapExplanationInput> = async (db, input, ctx) => {
  if (input.gap_end < input.gap_start) throw fieldError("gap_end", "must be at least gap_start");
  const period = await loadPeriod(db, ctx.companyId, input.fiscal_period_id);
  const used = (await voucherNumbersBySeries(db, ctx.companyId, period.id)).get(input.voucher_series) ?? [];
  const taken = used.filter((n) => n >= input.gap_start && n <= input.gap_end);
  if (taken.length)
    throw new ApiError("VALIDATION_ERROR", {
      fields: [
        {
          path: "gap_start",
          message: `voucher numbers ${taken.slice(0, 20).join(", ")} of series ${input.voucher_series} are used`,
        },
      ],
      used_numbers: taken.slice(0, 20),
    });
  const existing = (await explanationsOf(db, ctx.companyId, period.id)).find(
    (e) => e.voucherSeries === input.voucher_series && e.gapStart === input.gap_start && e.gapEnd === input.gap_end,
  );
  if (existing)
    throw new ApiError(
      "CONFLICT",
      {
        id: existing.id,
        voucher_series: existing.voucherSeries,
        gap_start: existing.gapStart,
        gap_end: existing.gapEnd,
      },
      "This gap is already explained.",
    );
  const row: ExplanationRow = {
    id: newId(),
    companyId: ctx.companyId,
    fiscalPeriodId: period.id,
    voucherSeries: input.voucher_series,
    gapStart: input.gap_start,
    gapEnd: input.gap_end,
    explanation: input.explanation,
    createdAt: ctx.now,
  };
  return {
    status: 201,
    data: explanationJson(row),
    statements: [db.insert(voucherGapExplanations).values(row)],
    audit: { action: "voucher_gap.explained", resourceType: "voucher_gap_explanation", resourceId: row.id },
  };
};
