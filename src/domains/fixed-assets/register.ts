// GET .../fixed-assets/register?as_of=: the register for the fiscal year up to a date, per asset
// and per account, checked against the ledger's balances on the same accounts.
import type { z } from "@hono/zod-openapi";
import type { Database } from "../../db/client";
import { ApiError } from "../../errors/api-error";
import { accountBalanceThrough } from "../../ledger/queries";
import { fromOre } from "../../money";
import { listPeriods } from "../fiscal-periods";
import {
  assetDepreciations,
  type AssetDepreciationRow,
  type FixedAssetRow,
  listFixedAssets,
  withOpening,
} from "./queries";
import type { RegisterSchema } from "./schemas";

type Register = z.infer<typeof RegisterSchema>;

interface AssetMovement {
  asset: FixedAssetRow;
  /** book value at the year's start, öre */
  openingOre: number;
  additionsOre: number;
  /** the book value that left with a disposal in the year, öre */
  disposalsOre: number;
  depreciationOre: number;
  /** what the asset and accumulated accounts hold for it at as_of (debit positive), öre */
  assetBalanceOre: number;
  accumulatedBalanceOre: number;
}

/** One asset's movement in [start, asOf]: value held at each end, what came, went and was written off. */
function movementOf(
  asset: FixedAssetRow,
  deps: Pick<AssetDepreciationRow, "entryDate" | "amountOre">[],
  start: string,
  asOf: string,
): AssetMovement {
  const before = (d: string) => d < start;
  const through = (d: string) => d <= asOf;
  const heldAt = (end: (d: string) => boolean) =>
    end(asset.acquisitionDate) && !(asset.disposalDate !== null && end(asset.disposalDate));
  const accumulated = (end: (d: string) => boolean) =>
    deps.filter((d) => end(d.entryDate)).reduce((s, d) => s + d.amountOre, 0);
  const openingOre = heldAt(before) ? asset.acquisitionValueOre - accumulated(before) : 0;
  const additionsOre = !before(asset.acquisitionDate) && through(asset.acquisitionDate) ? asset.acquisitionValueOre : 0;
  const depreciationOre = accumulated(through) - accumulated(before);
  const disposed = asset.disposalDate !== null && !before(asset.disposalDate) && through(asset.disposalDate);
  const disposalsOre = disposed ? asset.acquisitionValueOre - accumulated(through) : 0;
  const held = heldAt(through);
  return {
    asset,
    openingOre,
    additionsOre,
    disposalsOre,
    depreciationOre,
    assetBalanceOre: held ? asset.acquisitionValueOre : 0,
    accumulatedBalanceOre: held ? -accumulated(through) : 0,
  };
}

export async function fixedAssetRegister(db: Database, companyId: string, asOf: string): Promise<Register> {
  const fiscal = (await listPeriods(db, companyId)).find((p) => p.periodStart <= asOf && p.periodEnd >= asOf);
  if (!fiscal) throw new ApiError("PERIOD_NOT_FOUND", { date: asOf });
  const [assets, deps] = await Promise.all([listFixedAssets(db, companyId), assetDepreciations(db, companyId)]);
  const moves = assets
    .filter((a) => a.acquisitionDate <= asOf)
    .map((a) =>
      movementOf(
        a,
        withOpening(
          a,
          deps.filter((d) => d.assetId === a.id),
        ),
        fiscal.periodStart,
        asOf,
      ),
    );

  const perAccount = new Map<string, { kind: "asset" | "accumulated_depreciation"; ore: number }>();
  const add = (account: string | null, kind: "asset" | "accumulated_depreciation", ore: number) => {
    if (account === null) return;
    const cur = perAccount.get(account) ?? { kind, ore: 0 };
    perAccount.set(account, { kind: cur.kind, ore: cur.ore + ore });
  };
  for (const m of moves) {
    add(m.asset.assetAccount, "asset", m.assetBalanceOre);
    add(m.asset.accumulatedAccount, "accumulated_depreciation", m.accumulatedBalanceOre);
  }
  const accounts = await Promise.all(
    [...perAccount.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(async ([account, { kind, ore }]) => {
        const ledger = (await accountBalanceThrough(db, companyId, account, asOf)).balanceOre;
        return {
          account_number: account,
          kind,
          register_balance: fromOre(ore),
          ledger_balance: fromOre(ledger),
          difference: fromOre(ledger - ore),
        };
      }),
  );
  const sum = (f: (m: AssetMovement) => number) => moves.reduce((s, m) => s + f(m), 0);
  const closing = (m: AssetMovement) => m.assetBalanceOre + m.accumulatedBalanceOre;
  return {
    as_of: asOf,
    fiscal_period_id: fiscal.id,
    period_start: fiscal.periodStart,
    assets: moves.map((m) => ({
      asset_id: m.asset.id,
      name: m.asset.name,
      category: m.asset.category,
      opening_value: fromOre(m.openingOre),
      additions: fromOre(m.additionsOre),
      disposals: fromOre(m.disposalsOre),
      depreciation: fromOre(m.depreciationOre),
      closing_value: fromOre(closing(m)),
    })),
    accounts,
    totals: {
      opening_value: fromOre(sum((m) => m.openingOre)),
      additions: fromOre(sum((m) => m.additionsOre)),
      disposals: fromOre(sum((m) => m.disposalsOre)),
      depreciation: fromOre(sum((m) => m.depreciationOre)),
      closing_value: fromOre(sum(closing)),
    },
    matches_ledger: accounts.every((a) => a.difference === 0),
  };
}
