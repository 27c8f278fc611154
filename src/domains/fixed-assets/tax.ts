// POST .../fixed-assets/tax-depreciation: the year-end tax depreciation of inventarier by the
// räkenskapsenlig avskrivning (IL 18 kap. 13-17 §§, src/sweden/fixed-assets.ts), and the
// difference to the plan's depreciation booked as överavskrivningar (BAS 8853 Förändring av
// överavskrivningar, maskiner respektive inventarier / 2153 Ackumulerade överavskrivningar på
// maskiner respektive inventarier), as K2 allows. One per fiscal year.
import { and, eq } from "drizzle-orm";
import { type Command, writeOf } from "../../commands/plan";
import type { Database } from "../../db/client";
import { taxDepreciations } from "../../db/schema";
import { ApiError } from "../../errors/api-error";
import { newId } from "../../ids";
import { fromOre, toOre } from "../../money";
import { listPeriods } from "../fiscal-periods";
import { assetDepreciations, listFixedAssets } from "./queries";
import { decideTaxDepreciation, type TaxDepreciationDecision } from "./rules";
import type { TaxDepreciationCreateInput } from "./schemas";

async function previousClosing(db: Database, companyId: string, before: string): Promise<number> {
  const periods = await listPeriods(db, companyId);
  const prev = periods.filter((p) => p.periodEnd < before).sort((a, b) => b.periodEnd.localeCompare(a.periodEnd))[0];
  if (!prev) return 0;
  const row = await db
    .select()
    .from(taxDepreciations)
    .where(and(eq(taxDepreciations.companyId, companyId), eq(taxDepreciations.fiscalPeriodId, prev.id)))
    .get();
  return row?.closingTaxValueOre ?? 0;
}

/**
 * The överavskrivningar booked here so far (credit on 2153), öre: a plan writing off more than
 * the tax rules allow dissolves at most these; the rest of the excess is not deductible and is
 * added back in the income-tax return, not booked.
 */
async function accumulatedOverDepreciation(db: Database, companyId: string): Promise<number> {
  const rows = await db
    .select({ change: taxDepreciations.overDepreciationChangeOre })
    .from(taxDepreciations)
    .where(eq(taxDepreciations.companyId, companyId))
    .all();
  return rows.reduce((s, r) => s + r.change, 0);
}

export const createTaxDepreciation: Command<TaxDepreciationCreateInput> = async (db, input, ctx) => {
  // load
  const fiscal = (await listPeriods(db, ctx.companyId)).find((p) => p.id === input.fiscal_period_id);
  if (!fiscal) throw new ApiError("PERIOD_NOT_FOUND", { fiscal_period_id: input.fiscal_period_id });
  const done = await db
    .select({ id: taxDepreciations.id })
    .from(taxDepreciations)
    .where(and(eq(taxDepreciations.companyId, ctx.companyId), eq(taxDepreciations.fiscalPeriodId, fiscal.id)))
    .get();
  if (done)
    throw new ApiError(
      "CONFLICT",
      { reason: "tax_depreciation_exists", tax_depreciation_id: done.id },
      "The fiscal year's tax depreciation is already booked.",
    );
  const { periodStart: start, periodEnd: end } = fiscal;
  const [assets, depreciations, openingOre, accumulatedOverOre] = await Promise.all([
    listFixedAssets(db, ctx.companyId),
    assetDepreciations(db, ctx.companyId),
    input.opening_tax_value !== undefined
      ? (toOre(input.opening_tax_value) as number)
      : previousClosing(db, ctx.companyId, start),
    accumulatedOverDepreciation(db, ctx.companyId),
  ]);
  // decide
  const d = decideTaxDepreciation({
    start,
    end,
    assets,
    depreciations,
    openingOre,
    accumulatedOverOre,
    rule: input.rule,
    amountOre: input.amount !== undefined ? (toOre(input.amount) as number) : undefined,
  });
  // plan
  const id = newId();
  const entry = d.lines.length
    ? await ctx.ledger.post({
        date: end,
        description: `Förändring av överavskrivningar ${start} – ${end}`,
        sourceType: "tax_depreciation",
        sourceId: id,
        lines: d.lines,
      })
    : null;
  const row = {
    id,
    companyId: ctx.companyId,
    fiscalPeriodId: fiscal.id,
    openingTaxValueOre: openingOre,
    additionsOre: d.additionsOre,
    saleProceedsOre: d.saleProceedsOre,
    chosenRule: d.chosenRule,
    taxDepreciationOre: d.taxOre,
    planDepreciationOre: d.planOre,
    overDepreciationChangeOre: d.changeOre,
    closingTaxValueOre: d.closingOre,
    journalEntryId: entry?.row.id ?? null,
    createdAt: ctx.now,
  };
  return {
    status: 201,
    data: {
      ...taxDepreciationJson(row, d),
      voucher_number: entry ? `${entry.row.voucherSeries}${entry.voucherNumber}` : null,
      lines: d.lines.map((l) => ({
        account_number: l.accountNumber,
        debit_amount: fromOre(l.debitOre),
        credit_amount: fromOre(l.creditOre),
      })),
    },
    statements: [...writeOf(entry), db.insert(taxDepreciations).values(row)],
    audit: {
      action: "tax_depreciation.created",
      resourceType: "tax_depreciation",
      resourceId: id,
      voucher: entry?.voucher,
    },
  };
};

const ruleJson = (r: { minimumClosingValueOre: number; maximumDepreciationOre: number }) => ({
  minimum_closing_value: fromOre(r.minimumClosingValueOre),
  maximum_depreciation: fromOre(r.maximumDepreciationOre),
});

/** The answer's figures, in the order the API has always given them. */
function taxDepreciationJson(row: typeof taxDepreciations.$inferInsert, d: TaxDepreciationDecision) {
  return {
    id: row.id,
    fiscal_period_id: row.fiscalPeriodId,
    opening_tax_value: fromOre(row.openingTaxValueOre),
    additions: fromOre(d.additionsOre),
    sale_proceeds: fromOre(d.saleProceedsOre),
    base: fromOre(d.tax.baseOre),
    rule_30: ruleJson(d.tax.rule30),
    rule_20: ruleJson(d.tax.rule20),
    chosen_rule: d.chosenRule,
    tax_depreciation: fromOre(d.taxOre),
    plan_depreciation: fromOre(d.planOre),
    over_depreciation_change: fromOre(d.changeOre),
    closing_tax_value: fromOre(d.closingOre),
    journal_entry_id: row.journalEntryId ?? null,
  };
}
