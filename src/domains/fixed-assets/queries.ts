// Reads of the fixed-asset register's tables and the JSON shape of its rows.
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { depreciationRuns, fixedAssetDepreciations, fixedAssets } from "../../db/schema";
import { ApiError } from "../../errors/api-error";
import { fromOre } from "../../money";
import { addDays } from "../../sweden/fiscal-year";
import { monthOf, monthsBetween, plannedDepreciationOre } from "../../sweden/fixed-assets";

export type FixedAssetRow = typeof fixedAssets.$inferSelect;
export type DepreciationRunRow = typeof depreciationRuns.$inferSelect;
export type AssetDepreciationRow = typeof fixedAssetDepreciations.$inferSelect;

/**
 * The straight-line plan of an asset, for src/sweden/fixed-assets.ts. An opening asset's plan is
 * what is left of it at the opening: the residual value (acquisition value less the opening
 * accumulated depreciation) over the months of the life not yet run, from the opening month;
 * what the earlier program wrote off is never booked again, and a residual that differs from
 * the original plan's is spread over the rest of the life rather than caught up in one run.
 */
export function planOf(a: FixedAssetRow) {
  if (a.openingDate === null)
    return { baseOre: a.acquisitionValueOre, startMonth: a.depreciationStart, lifeMonths: a.usefulLifeMonths };
  const openingMonth = monthOf(a.openingDate);
  const startMonth = monthsBetween(openingMonth, a.depreciationStart) > 0 ? a.depreciationStart : openingMonth;
  const used = Math.max(monthsBetween(a.depreciationStart, openingMonth), 0);
  return {
    baseOre: a.acquisitionValueOre - a.openingAccumulatedOre,
    startMonth,
    lifeMonths: Math.max(a.usefulLifeMonths - used, 0),
  };
}

/**
 * The asset's depreciation rows with the opening accumulated depreciation as one more, dated the
 * day before the opening (the earlier program booked it in the years before): what the register
 * report and the annual report's notes count as written off by a date.
 */
export function withOpening(a: FixedAssetRow, deps: { entryDate: string; amountOre: number }[]) {
  if (a.openingDate === null || a.openingAccumulatedOre === 0) return deps;
  return [{ entryDate: addDays(a.openingDate, -1), amountOre: a.openingAccumulatedOre }, ...deps];
}

export function fixedAssetJson(a: FixedAssetRow) {
  return {
    id: a.id,
    name: a.name,
    category: a.category,
    acquisition_date: a.acquisitionDate,
    acquisition_value: fromOre(a.acquisitionValueOre),
    depreciation_start: a.depreciationStart,
    useful_life_months: a.usefulLifeMonths,
    monthly_depreciation: fromOre(plannedDepreciationOre(planOf(a), planOf(a).startMonth, planOf(a).startMonth)),
    asset_account: a.assetAccount,
    accumulated_account: a.accumulatedAccount,
    cost_account: a.costAccount,
    supplier_invoice_id: a.supplierInvoiceId,
    acquisition_journal_entry_id: a.acquisitionJournalEntryId,
    status: a.status,
    disposal_date: a.disposalDate,
    sale_price: a.salePriceOre === null ? null : fromOre(a.salePriceOre),
    disposal_journal_entry_id: a.disposalJournalEntryId,
    opening_date: a.openingDate,
    opening_accumulated_depreciation: fromOre(a.openingAccumulatedOre),
    created_at: a.createdAt,
  };
}

export async function listFixedAssets(db: Database, companyId: string): Promise<FixedAssetRow[]> {
  return db
    .select()
    .from(fixedAssets)
    .where(eq(fixedAssets.companyId, companyId))
    .orderBy(asc(fixedAssets.createdAt), asc(fixedAssets.id))
    .all();
}

export async function loadFixedAsset(db: Database, companyId: string, id: string): Promise<FixedAssetRow> {
  const row = await db
    .select()
    .from(fixedAssets)
    .where(and(eq(fixedAssets.companyId, companyId), eq(fixedAssets.id, id)))
    .get();
  if (!row) throw new ApiError("NOT_FOUND", { resource: "fixed_asset", id });
  return row;
}

export async function assetBySupplierItem(db: Database, companyId: string, itemId: string) {
  return db
    .select({ id: fixedAssets.id })
    .from(fixedAssets)
    .where(and(eq(fixedAssets.companyId, companyId), eq(fixedAssets.supplierInvoiceItemId, itemId)))
    .get();
}

export async function depreciationRunsOf(db: Database, companyId: string): Promise<DepreciationRunRow[]> {
  return db.select().from(depreciationRuns).where(eq(depreciationRuns.companyId, companyId)).all();
}

export async function assetDepreciations(db: Database, companyId: string): Promise<AssetDepreciationRow[]> {
  return db.select().from(fixedAssetDepreciations).where(eq(fixedAssetDepreciations.companyId, companyId)).all();
}

/** What has been booked as depreciation per asset, öre. */
export function bookedByAsset(rows: AssetDepreciationRow[]): Map<string, number> {
  const booked = new Map<string, number>();
  for (const r of rows) booked.set(r.assetId, (booked.get(r.assetId) ?? 0) + r.amountOre);
  return booked;
}

/**
 * The register as the annual report's notes read it (docs/annual-report.md): every asset
 * with the depreciation booked on it, by entry date.
 */
export async function assetsWithDepreciations(db: Database, companyId: string) {
  const [assets, deps] = await Promise.all([listFixedAssets(db, companyId), assetDepreciations(db, companyId)]);
  return assets.map((a) => ({
    name: a.name,
    category: a.category,
    assetAccount: a.assetAccount,
    acquisitionDate: a.acquisitionDate,
    acquisitionValueOre: a.acquisitionValueOre,
    disposalDate: a.disposalDate,
    usefulLifeMonths: a.usefulLifeMonths,
    depreciations: withOpening(
      a,
      deps.filter((d) => d.assetId === a.id),
    ).map((d) => ({ date: d.entryDate, amountOre: d.amountOre })),
  }));
}
