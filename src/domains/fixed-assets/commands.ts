// The fixed-asset register's commands: register an asset (by hand or from a supplier invoice's
// line), the depreciation run of a range of months (one entry for every asset), and a disposal
// or sale (the depreciation up to its month, the removal, and the gain or loss).
//
// Registering does not book the acquisition: the supplier invoice booked it on the asset
// account, or the accountant did; a hand registration may ask for it with book_acquisition.
import { type Command, type PlannedWrite, writeOf } from "../../commands/plan";
import type { Database } from "../../db/client";
import { depreciationRuns, fixedAssetDepreciations, fixedAssets } from "../../db/schema";
import { eq } from "drizzle-orm";
import { ApiError, fieldError } from "../../errors/api-error";
import { newId } from "../../ids";
import type { EngineLine } from "../../ledger/engine";
import { fromOre, toOre } from "../../money";
import { lastDayOf, type Month, monthOf, monthsBetween, plannedAccumulatedOre } from "../../sweden/fixed-assets";
import { toSekOre } from "../../sweden/invoicing";
import { findActiveAccount } from "../accounts";
import { listPeriods } from "../fiscal-periods";
import { itemsOfSupplierInvoice, loadSupplierInvoice } from "../supplier-invoices";
import {
  assetBySupplierItem,
  assetDepreciations,
  bookedByAsset,
  depreciationRunsOf,
  type FixedAssetRow,
  fixedAssetJson,
  listFixedAssets,
  loadFixedAsset,
  planOf,
} from "./queries";
import type { Category, DepreciationRunCreateInput, DisposeInput, FixedAssetCreateInput } from "./schemas";

/** BAS 2026 defaults per category: the asset, its accumulated depreciation, the cost account. */
const DEFAULT_ACCOUNTS: Record<Category, { asset: string; accumulated: string | null; cost: string | null }> = {
  inventarier: { asset: "1220", accumulated: "1229", cost: "7832" },
  // BAS has no accumulated account of its own for computers: 1224 Datorer sits under 1220
  datorer: { asset: "1224", accumulated: "1229", cost: "7832" },
  byggnader: { asset: "1110", accumulated: "1119", cost: "7820" },
  mark: { asset: "1130", accumulated: null, cost: null },
  immateriella: { asset: "1010", accumulated: "1019", cost: "7810" },
};

/** BAS 2026 gain (397x) and loss (797x) on disposal, by what was disposed of. */
const GAIN_LOSS: Record<Category, { gain: string; loss: string }> = {
  inventarier: { gain: "3973", loss: "7973" },
  datorer: { gain: "3973", loss: "7973" },
  byggnader: { gain: "3972", loss: "7972" },
  mark: { gain: "3972", loss: "7972" },
  immateriella: { gain: "3971", loss: "7971" },
};

/** An anläggningstillgång's account: BAS 1010-1299 (immateriella 10xx, byggnader och mark 11xx, maskiner och inventarier 12xx). */
const isAssetAccount = (n: string) => n >= "1010" && n <= "1299";
/** BAS's accumulated depreciation accounts end in 9 (1019, 1119, 1229, ...). */
const isAccumulatedAccount = (n: string) => isAssetAccount(n) && n.endsWith("9");
/** Avskrivningar, BAS 7810-7840. */
const isDepreciationCostAccount = (n: string) => n >= "7810" && n <= "7840";

/** The account must be active in the company's chart (the ledger's ACCOUNTS_NOT_IN_CHART, asked before posting). */
async function requireInChart(db: Database, companyId: string, numbers: (string | null)[]): Promise<void> {
  const missing: string[] = [];
  for (const n of numbers) if (n !== null && !(await findActiveAccount(db, companyId, n))) missing.push(n);
  if (missing.length) throw new ApiError("ACCOUNTS_NOT_IN_CHART", { accounts: missing });
}

const line = (account: string, debitOre: number, creditOre: number, text: string | null = null): EngineLine => ({
  accountNumber: account,
  debitOre,
  creditOre,
  lineDescription: text,
});

/** What the acquisition is, from the supplier invoice's line or from the body. */
async function acquisitionOf(db: Database, companyId: string, input: FixedAssetCreateInput) {
  if (input.supplier_invoice_id === undefined || input.line_index === undefined) {
    return {
      date: input.acquisition_date as string,
      valueOre: toOre(input.acquisition_value as number) as number,
      assetAccount: input.asset_account ?? DEFAULT_ACCOUNTS[input.category].asset,
      invoiceId: null,
      itemId: null,
    };
  }
  const invoice = await loadSupplierInvoice(db, companyId, input.supplier_invoice_id);
  if (invoice.isCreditNote) throw fieldError("supplier_invoice_id", "a credit note buys no asset");
  const item = (await itemsOfSupplierInvoice(db, invoice.id))[input.line_index];
  if (!item) throw fieldError("line_index", `the supplier invoice has no line ${input.line_index} (counted from 0)`);
  if (!isAssetAccount(item.accountNumber))
    throw fieldError("line_index", `the line is booked on ${item.accountNumber}, not an asset account (1010-1299)`);
  if (input.asset_account !== undefined && input.asset_account !== item.accountNumber)
    throw fieldError("asset_account", `the line is booked on ${item.accountNumber}: the asset account is the line's`);
  const taken = await assetBySupplierItem(db, companyId, item.id);
  if (taken)
    throw new ApiError(
      "CONFLICT",
      { reason: "line_already_registered", fixed_asset_id: taken.id },
      "This supplier invoice line is already registered as an asset.",
    );
  return {
    date: input.acquisition_date ?? invoice.invoiceDate,
    valueOre: toSekOre(item.amountOre, invoice.exchangeRate),
    assetAccount: item.accountNumber,
    invoiceId: invoice.id,
    itemId: item.id,
  };
}

/**
 * An opening asset (opening_accumulated_depreciation given): acquired before the company's first
 * fiscal year here, registered as of that year's first day. Its plan must still be able to write
 * off what is left (src/domains/fixed-assets/queries.ts, planOf).
 */
async function openingOf(
  db: Database,
  companyId: string,
  input: FixedAssetCreateInput,
  acq: { date: string; valueOre: number },
  start: Month,
): Promise<{ date: string | null; accumulatedOre: number }> {
  if (input.opening_accumulated_depreciation === undefined) return { date: null, accumulatedOre: 0 };
  const first = (await listPeriods(db, companyId)).reduce<string | null>(
    (min, p) => (min === null || p.periodStart < min ? p.periodStart : min),
    null,
  );
  if (first === null || acq.date >= first)
    throw fieldError(
      "opening_accumulated_depreciation",
      `only for an asset acquired before the company's first fiscal year (${first ?? "none"}); one acquired since is registered as usual`,
    );
  const accumulatedOre = toOre(input.opening_accumulated_depreciation) as number;
  const residualOre = acq.valueOre - accumulatedOre;
  const used = Math.max(monthsBetween(start, monthOf(first)), 0);
  if (input.category !== "mark" && residualOre > 0 && used >= (input.useful_life_months ?? 0))
    throw fieldError(
      "useful_life_months",
      `the plan ran out before ${first} (${used} months from ${start}), but ${fromOre(residualOre)} is left to depreciate`,
    );
  return { date: first, accumulatedOre };
}

/** POST .../fixed-assets: the asset and its plan; the acquisition is booked only with book_acquisition. */
export const registerFixedAsset: Command<FixedAssetCreateInput> = async (db, input, ctx) => {
  const acq = await acquisitionOf(db, ctx.companyId, input);
  const defaults = DEFAULT_ACCOUNTS[input.category];
  const land = input.category === "mark";
  const accumulated = land ? null : (input.accumulated_account ?? defaults.accumulated);
  const cost = land ? null : (input.cost_account ?? defaults.cost);
  if (!isAssetAccount(acq.assetAccount)) throw fieldError("asset_account", "an asset account, BAS 1010-1299");
  if (accumulated !== null && !isAccumulatedAccount(accumulated))
    throw fieldError("accumulated_account", "an accumulated depreciation account, BAS 1xx9 within 1019-1299");
  if (cost !== null && !isDepreciationCostAccount(cost))
    throw fieldError("cost_account", "a depreciation account, BAS 7810-7840");
  if (acq.valueOre <= 0) throw fieldError("acquisition_value", "must be above zero");
  const start = input.depreciation_start ?? monthOf(acq.date);
  if (start < monthOf(acq.date)) throw fieldError("depreciation_start", "must not be before the acquisition month");
  if (
    input.opening_accumulated_depreciation !== undefined &&
    toOre(input.opening_accumulated_depreciation)! > acq.valueOre
  )
    throw fieldError("opening_accumulated_depreciation", "must not exceed acquisition_value");
  const opening = await openingOf(db, ctx.companyId, input, acq, start);
  await requireInChart(db, ctx.companyId, [
    acq.assetAccount,
    accumulated,
    cost,
    input.book_acquisition ? (input.counter_account ?? null) : null,
  ]);

  const id = newId();
  const entry = input.book_acquisition
    ? await ctx.ledger.post({
        date: acq.date,
        description: `Anskaffning ${input.name}`,
        sourceType: "fixed_asset",
        sourceId: id,
        lines: [line(acq.assetAccount, acq.valueOre, 0), line(input.counter_account as string, 0, acq.valueOre)],
      })
    : null;
  const row: FixedAssetRow = {
    id,
    companyId: ctx.companyId,
    name: input.name,
    category: input.category,
    acquisitionDate: acq.date,
    acquisitionValueOre: acq.valueOre,
    depreciationStart: start,
    usefulLifeMonths: input.useful_life_months ?? 0,
    assetAccount: acq.assetAccount,
    accumulatedAccount: accumulated,
    costAccount: cost,
    supplierInvoiceId: acq.invoiceId,
    supplierInvoiceItemId: acq.itemId,
    acquisitionJournalEntryId: entry?.row.id ?? null,
    status: "active",
    disposalDate: null,
    salePriceOre: null,
    disposalJournalEntryId: null,
    openingDate: opening.date,
    openingAccumulatedOre: opening.accumulatedOre,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  return {
    status: 201,
    data: fixedAssetJson(row),
    statements: [...writeOf(entry), db.insert(fixedAssets).values(row)],
    audit: { action: "fixed_asset.registered", resourceType: "fixed_asset", resourceId: id, voucher: entry?.voucher },
  };
};

/** Debit per cost account, credit per accumulated account: one line per account. */
function groupedDepreciationLines(parts: { asset: FixedAssetRow; amountOre: number }[]): EngineLine[] {
  const debit = new Map<string, number>();
  const credit = new Map<string, number>();
  for (const { asset, amountOre } of parts) {
    const cost = asset.costAccount as string;
    const acc = asset.accumulatedAccount as string;
    debit.set(cost, (debit.get(cost) ?? 0) + amountOre);
    credit.set(acc, (credit.get(acc) ?? 0) + amountOre);
  }
  const sorted = (m: Map<string, number>) => [...m.entries()].sort(([a], [b]) => a.localeCompare(b));
  return [...sorted(debit).map(([a, o]) => line(a, o, 0)), ...sorted(credit).map(([a, o]) => line(a, 0, o))];
}

const linesJson = (lines: EngineLine[]) =>
  lines.map((l) => ({
    account_number: l.accountNumber,
    debit_amount: fromOre(l.debitOre),
    credit_amount: fromOre(l.creditOre),
  }));

/**
 * What each asset still owes the plan through `through`: the plan's accumulated depreciation
 * less what is booked for it, never below zero (an asset registered after earlier runs is caught
 * up in the next run; the residual value never goes below zero). Land and disposed assets owe nothing.
 */
function owedThrough(assets: FixedAssetRow[], booked: Map<string, number>, through: Month) {
  return assets
    .filter((a) => a.status === "active" && a.usefulLifeMonths > 0)
    .map((asset) => ({
      asset,
      amountOre: Math.max(plannedAccumulatedOre(planOf(asset), through) - (booked.get(asset.id) ?? 0), 0),
    }))
    .filter((p) => p.amountOre > 0);
}

/**
 * POST .../fixed-assets/depreciation-runs: one entry for every asset over the months, dated the
 * last month's last day. A plain command (not an operation): a register of a small company is a
 * few hundred assets, one entry of a line per account, well within one write.
 */
export const createDepreciationRun: Command<DepreciationRunCreateInput> = async (db, input, ctx) => {
  const from = input.period_from;
  const to = input.period_to ?? from;
  if (to > monthOf(ctx.now)) throw fieldError("period_to", `${to} has not begun: depreciate months up to this one`);
  const periods = await listPeriods(db, ctx.companyId);
  const fiscal = periods.find((p) => p.periodStart <= `${from}-01` && p.periodEnd >= `${from}-01`);
  if (!fiscal) throw new ApiError("PERIOD_NOT_FOUND", { date: `${from}-01` });
  if (fiscal.periodEnd < lastDayOf(to))
    throw fieldError(
      "period_to",
      `the months must lie in one fiscal year (${fiscal.periodStart} to ${fiscal.periodEnd})`,
    );
  const runs = await depreciationRunsOf(db, ctx.companyId);
  const overlap = runs.find((r) => !(r.periodTo < from || r.periodFrom > to));
  if (overlap)
    throw new ApiError("FIXED_ASSET_PERIOD_ALREADY_DEPRECIATED", {
      depreciation_run_id: overlap.id,
      period_from: overlap.periodFrom,
      period_to: overlap.periodTo,
    });

  const [assets, booked] = await Promise.all([
    listFixedAssets(db, ctx.companyId),
    assetDepreciations(db, ctx.companyId).then(bookedByAsset),
  ]);
  const parts = owedThrough(assets, booked, to);
  const lines = groupedDepreciationLines(parts);
  const id = newId();
  const date = lastDayOf(to);
  const entry = lines.length
    ? await ctx.ledger.post({
        date,
        description: from === to ? `Avskrivningar enligt plan ${from}` : `Avskrivningar enligt plan ${from} – ${to}`,
        sourceType: "depreciation_run",
        sourceId: id,
        lines,
      })
    : null;
  const totalOre = parts.reduce((s, p) => s + p.amountOre, 0);
  const statements: PlannedWrite[] = [
    ...writeOf(entry),
    db.insert(depreciationRuns).values({
      id,
      companyId: ctx.companyId,
      periodFrom: from,
      periodTo: to,
      fiscalPeriodId: fiscal.id,
      totalOre,
      journalEntryId: entry?.row.id ?? null,
      voucherSeries: entry?.row.voucherSeries ?? null,
      voucherNumber: entry?.voucherNumber ?? null,
      createdAt: ctx.now,
    }),
  ];
  if (entry && parts.length)
    statements.push(
      db.insert(fixedAssetDepreciations).values(
        parts.map((p) => ({
          id: newId(),
          companyId: ctx.companyId,
          assetId: p.asset.id,
          runId: id,
          entryDate: date,
          throughMonth: to,
          amountOre: p.amountOre,
          journalEntryId: entry.row.id,
        })),
      ),
    );
  return {
    status: 201,
    data: {
      id,
      period_from: from,
      period_to: to,
      entry_date: date,
      total: fromOre(totalOre),
      journal_entry_id: entry?.row.id ?? null,
      voucher_number: entry ? `${entry.row.voucherSeries}${entry.voucherNumber}` : null,
      assets: parts.map((p) => ({ asset_id: p.asset.id, name: p.asset.name, amount: fromOre(p.amountOre) })),
      lines: linesJson(lines),
    },
    statements,
    audit: {
      action: "depreciation_run.created",
      resourceType: "depreciation_run",
      resourceId: id,
      voucher: entry?.voucher,
    },
  };
};

/**
 * The disposal entry: the plan's depreciation still owed through the disposal month, the asset
 * out at its acquisition value with its accumulated depreciation, the price on the settlement
 * account and the difference to the book value as a gain (397x) or a loss (797x).
 */
function disposalLines(
  asset: FixedAssetRow,
  catchUpOre: number,
  bookedOre: number,
  priceOre: number,
  settlement?: string,
) {
  const accumulatedOre = bookedOre + catchUpOre;
  const gainOre = priceOre - (asset.acquisitionValueOre - accumulatedOre);
  const { gain, loss } = GAIN_LOSS[asset.category];
  const lines: EngineLine[] = [];
  if (catchUpOre > 0) {
    lines.push(line(asset.costAccount as string, catchUpOre, 0, "Avskrivning till avyttringsmånaden"));
    lines.push(line(asset.accumulatedAccount as string, 0, catchUpOre, "Avskrivning till avyttringsmånaden"));
  }
  if (accumulatedOre > 0) lines.push(line(asset.accumulatedAccount as string, accumulatedOre, 0));
  lines.push(line(asset.assetAccount, 0, asset.acquisitionValueOre));
  if (priceOre > 0) lines.push(line(settlement as string, priceOre, 0));
  if (gainOre > 0) lines.push(line(gain, 0, gainOre));
  if (gainOre < 0) lines.push(line(loss, -gainOre, 0));
  return { lines, accumulatedOre, gainOre };
}

/** POST .../fixed-assets/{id}/dispose: a sale (sale_price above 0) or scrapping (0). */
export const disposeFixedAsset: Command<DisposeInput & { id: string }> = async (db, input, ctx) => {
  const asset = await loadFixedAsset(db, ctx.companyId, input.id);
  if (asset.status === "disposed")
    throw new ApiError(
      "CONFLICT",
      { reason: "already_disposed", disposal_date: asset.disposalDate },
      "The asset is already disposed of.",
    );
  if (input.date < asset.acquisitionDate) throw fieldError("date", "must not be before the acquisition date");
  const priceOre = toOre(input.sale_price) as number;
  const { gain, loss } = GAIN_LOSS[asset.category];
  await requireInChart(db, ctx.companyId, [priceOre > 0 ? (input.settlement_account ?? null) : null, gain, loss]);
  const bookedOre = bookedByAsset(await assetDepreciations(db, ctx.companyId)).get(asset.id) ?? 0;
  const month = monthOf(input.date);
  const catchUpOre =
    asset.usefulLifeMonths > 0 ? Math.max(plannedAccumulatedOre(planOf(asset), month) - bookedOre, 0) : 0;
  // an opening asset's accumulated depreciation includes what the earlier program wrote off
  const { lines, accumulatedOre, gainOre } = disposalLines(
    asset,
    catchUpOre,
    bookedOre + asset.openingAccumulatedOre,
    priceOre,
    input.settlement_account,
  );
  const entry = await ctx.ledger.post({
    date: input.date,
    description: priceOre > 0 ? `Försäljning ${asset.name}` : `Utrangering ${asset.name}`,
    sourceType: "fixed_asset_disposal",
    sourceId: asset.id,
    lines,
  });
  const updated: FixedAssetRow = {
    ...asset,
    status: "disposed",
    disposalDate: input.date,
    salePriceOre: priceOre,
    disposalJournalEntryId: entry.row.id,
    updatedAt: ctx.now,
  };
  const statements: PlannedWrite[] = [
    entry.write,
    db
      .update(fixedAssets)
      .set({
        status: updated.status,
        disposalDate: updated.disposalDate,
        salePriceOre: updated.salePriceOre,
        disposalJournalEntryId: updated.disposalJournalEntryId,
        updatedAt: updated.updatedAt,
      })
      .where(eq(fixedAssets.id, asset.id)),
  ];
  if (catchUpOre > 0)
    statements.push(
      db.insert(fixedAssetDepreciations).values({
        id: newId(),
        companyId: ctx.companyId,
        assetId: asset.id,
        runId: null,
        entryDate: input.date,
        throughMonth: month,
        amountOre: catchUpOre,
        journalEntryId: entry.row.id,
      }),
    );
  return {
    status: 200,
    data: {
      asset: fixedAssetJson(updated),
      depreciation_to_disposal: fromOre(catchUpOre),
      accumulated_depreciation: fromOre(accumulatedOre),
      book_value: fromOre(asset.acquisitionValueOre - accumulatedOre),
      gain_or_loss: fromOre(gainOre),
      journal_entry_id: entry.row.id,
      voucher_number: `${entry.row.voucherSeries}${entry.voucherNumber}`,
      lines: linesJson(lines),
    },
    statements,
    audit: {
      action: "fixed_asset.disposed",
      resourceType: "fixed_asset",
      resourceId: asset.id,
      voucher: entry.voucher,
    },
  };
};
