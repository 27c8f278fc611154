// POST .../fixed-assets/tax-depreciation: the year-end tax depreciation of inventarier by the
// räkenskapsenlig avskrivning (IL 18 kap. 13-17 §§, src/sweden/fixed-assets.ts), and the
// difference to the plan's depreciation booked as överavskrivningar (BAS 8853 Förändring av
// överavskrivningar, maskiner respektive inventarier / 2153 Ackumulerade överavskrivningar på
// maskiner respektive inventarier), as K2 allows. One per fiscal year.
import { and, eq } from "drizzle-orm";
import { type Command, writeOf } from "../../commands/plan";
import type { Database } from "../../db/client";
import { taxDepreciations } from "../../db/schema";
import { ApiError, fieldError } from "../../errors/api-error";
import { newId } from "../../ids";
import type { EngineLine } from "../../ledger/engine";
import { fromOre, toOre } from "../../money";
import { type HeldInventarium, maximumTaxDepreciation, monthOf, monthsBetween } from "../../sweden/fixed-assets";
import { listPeriods } from "../fiscal-periods";
import { assetDepreciations, type FixedAssetRow, listFixedAssets } from "./queries";
import type { TaxDepreciationCreateInput } from "./schemas";

const CHANGE_ACCOUNT = "8853";
const ACCUMULATED_ACCOUNT = "2153";

/** Inventarier for tax (IL 18 kap. 1 §): machinery, equipment and computers, not buildings, land or intangibles. */
const isInventarium = (a: FixedAssetRow) => a.category === "inventarier" || a.category === "datorer";

/**
 * Whole tax years from the acquisition's year to the year starting `yearStart`: 0 in the year of
 * acquisition, 1 the year after (twelve-month years aligned on the company's year start).
 */
function yearsSince(acquisitionDate: string, yearStart: string): number {
  if (acquisitionDate >= yearStart) return 0;
  return Math.ceil(monthsBetween(monthOf(acquisitionDate), monthOf(yearStart)) / 12);
}

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
  const [assets, deps] = await Promise.all([listFixedAssets(db, ctx.companyId), assetDepreciations(db, ctx.companyId)]);
  const inventarier = assets.filter(isInventarium);
  const ids = new Set(inventarier.map((a) => a.id));
  const inYear = (d: string | null) => d !== null && d >= start && d <= end;
  const additionsOre = inventarier
    .filter((a) => inYear(a.acquisitionDate))
    .reduce((s, a) => s + a.acquisitionValueOre, 0);
  const saleProceedsOre = inventarier
    .filter((a) => inYear(a.disposalDate))
    .reduce((s, a) => s + (a.salePriceOre ?? 0), 0);
  const held: HeldInventarium[] = inventarier
    .filter((a) => a.acquisitionDate <= end && (a.disposalDate === null || a.disposalDate > end))
    .map((a) => ({
      acquisitionValueOre: a.acquisitionValueOre,
      yearsSinceAcquisition: yearsSince(a.acquisitionDate, start),
    }));
  const openingOre =
    input.opening_tax_value !== undefined
      ? (toOre(input.opening_tax_value) as number)
      : await previousClosing(db, ctx.companyId, start);
  const yearMonths = monthsBetween(monthOf(start), monthOf(end)) + 1;
  const tax = maximumTaxDepreciation({
    openingTaxValueOre: openingOre,
    additionsOre,
    saleProceedsOre,
    held,
    yearMonths,
  });
  const chosenRule = input.rule ?? tax.chosen;
  const maxOre = chosenRule === "30" ? tax.rule30.maximumDepreciationOre : tax.rule20.maximumDepreciationOre;
  const taxOre = input.amount !== undefined ? (toOre(input.amount) as number) : maxOre;
  if (taxOre > maxOre)
    throw fieldError("amount", `the ${chosenRule}-regeln allows at most ${fromOre(maxOre)} kr this year`);
  const planOre = deps
    .filter((d) => ids.has(d.assetId) && d.entryDate >= start && d.entryDate <= end)
    .reduce((s, d) => s + d.amountOre, 0);
  const changeOre = Math.max(taxOre - planOre, -(await accumulatedOverDepreciation(db, ctx.companyId)));
  const lines: EngineLine[] =
    changeOre === 0
      ? []
      : changeOre > 0
        ? [
            { accountNumber: CHANGE_ACCOUNT, debitOre: changeOre, creditOre: 0, lineDescription: null },
            { accountNumber: ACCUMULATED_ACCOUNT, debitOre: 0, creditOre: changeOre, lineDescription: null },
          ]
        : [
            { accountNumber: ACCUMULATED_ACCOUNT, debitOre: -changeOre, creditOre: 0, lineDescription: null },
            { accountNumber: CHANGE_ACCOUNT, debitOre: 0, creditOre: -changeOre, lineDescription: null },
          ];
  const id = newId();
  const entry = lines.length
    ? await ctx.ledger.post({
        date: end,
        description: `Förändring av överavskrivningar ${start} – ${end}`,
        sourceType: "tax_depreciation",
        sourceId: id,
        lines,
      })
    : null;
  const closingOre = tax.baseOre - taxOre;
  const row = {
    id,
    companyId: ctx.companyId,
    fiscalPeriodId: fiscal.id,
    openingTaxValueOre: openingOre,
    additionsOre,
    saleProceedsOre,
    chosenRule,
    taxDepreciationOre: taxOre,
    planDepreciationOre: planOre,
    overDepreciationChangeOre: changeOre,
    closingTaxValueOre: closingOre,
    journalEntryId: entry?.row.id ?? null,
    createdAt: ctx.now,
  };
  const figures = (r: { minimumClosingValueOre: number; maximumDepreciationOre: number }) => ({
    minimum_closing_value: fromOre(r.minimumClosingValueOre),
    maximum_depreciation: fromOre(r.maximumDepreciationOre),
  });
  return {
    status: 201,
    data: {
      id,
      fiscal_period_id: fiscal.id,
      opening_tax_value: fromOre(openingOre),
      additions: fromOre(additionsOre),
      sale_proceeds: fromOre(saleProceedsOre),
      base: fromOre(tax.baseOre),
      rule_30: figures(tax.rule30),
      rule_20: figures(tax.rule20),
      chosen_rule: chosenRule,
      tax_depreciation: fromOre(taxOre),
      plan_depreciation: fromOre(planOre),
      over_depreciation_change: fromOre(changeOre),
      closing_tax_value: fromOre(closingOre),
      journal_entry_id: entry?.row.id ?? null,
      voucher_number: entry ? `${entry.row.voucherSeries}${entry.voucherNumber}` : null,
      lines: lines.map((l) => ({
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
