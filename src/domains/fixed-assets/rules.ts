// The year-end tax depreciation decided without I/O (tax.ts reads, this decides, tax.ts
// books): the inventarier's additions, sale proceeds and holdings in the fiscal year, the
// maximum by the 30- or 20-regeln (src/sweden/fixed-assets.ts), the amount taken, and the
// difference to the plan's depreciation as överavskrivningar (8853 / 2153).
import { fieldError } from "../../errors/api-error";
import type { EngineLine } from "../../ledger/engine";
import { fromOre } from "../../money";
import {
  type HeldInventarium,
  maximumTaxDepreciation,
  monthOf,
  monthsBetween,
  type TaxDepreciation,
} from "../../sweden/fixed-assets";

export const CHANGE_ACCOUNT = "8853";
export const ACCUMULATED_ACCOUNT = "2153";

/** An asset as the tax depreciation reads it (a fixed_assets row). */
export interface TaxAsset {
  id: string;
  category: string;
  acquisitionDate: string;
  acquisitionValueOre: number;
  disposalDate: string | null;
  salePriceOre: number | null;
}

/** Inventarier for tax (IL 18 kap. 1 §): machinery, equipment and computers, not buildings, land or intangibles. */
const isInventarium = (a: TaxAsset) => a.category === "inventarier" || a.category === "datorer";

/**
 * Whole tax years from the acquisition's year to the year starting `yearStart`: 0 in the year of
 * acquisition, 1 the year after (twelve-month years aligned on the company's year start).
 */
function yearsSince(acquisitionDate: string, yearStart: string): number {
  if (acquisitionDate >= yearStart) return 0;
  return Math.ceil(monthsBetween(monthOf(acquisitionDate), monthOf(yearStart)) / 12);
}

export interface TaxDepreciationFacts {
  start: string;
  end: string;
  assets: TaxAsset[];
  /** the plan's depreciations booked per asset */
  depreciations: { assetId: string; entryDate: string; amountOre: number }[];
  openingOre: number;
  /** the överavskrivningar booked so far (credit on 2153) */
  accumulatedOverOre: number;
  rule?: "30" | "20";
  /** the amount asked for, else the chosen rule's maximum */
  amountOre?: number;
}

export interface TaxDepreciationDecision {
  additionsOre: number;
  saleProceedsOre: number;
  tax: TaxDepreciation;
  chosenRule: "30" | "20";
  taxOre: number;
  planOre: number;
  changeOre: number;
  closingOre: number;
  lines: EngineLine[];
}

/**
 * The year's tax depreciation: at most the chosen rule's maximum (VALIDATION_ERROR on amount
 * above it). A plan writing off more than the tax rules allow dissolves at most the
 * överavskrivningar booked so far; the rest of the excess is added back in the return, not booked.
 */
export function decideTaxDepreciation(f: TaxDepreciationFacts): TaxDepreciationDecision {
  const { start, end } = f;
  const inventarier = f.assets.filter(isInventarium);
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
  const yearMonths = monthsBetween(monthOf(start), monthOf(end)) + 1;
  const tax = maximumTaxDepreciation({
    openingTaxValueOre: f.openingOre,
    additionsOre,
    saleProceedsOre,
    held,
    yearMonths,
  });
  const chosenRule = f.rule ?? tax.chosen;
  const maxOre = chosenRule === "30" ? tax.rule30.maximumDepreciationOre : tax.rule20.maximumDepreciationOre;
  const taxOre = f.amountOre ?? maxOre;
  if (taxOre > maxOre)
    throw fieldError("amount", `the ${chosenRule}-regeln allows at most ${fromOre(maxOre)} kr this year`);
  const planOre = f.depreciations
    .filter((d) => ids.has(d.assetId) && d.entryDate >= start && d.entryDate <= end)
    .reduce((s, d) => s + d.amountOre, 0);
  const changeOre = Math.max(taxOre - planOre, -f.accumulatedOverOre);
  return {
    additionsOre,
    saleProceedsOre,
    tax,
    chosenRule,
    taxOre,
    planOre,
    changeOre,
    closingOre: tax.baseOre - taxOre,
    lines: overDepreciationLines(changeOre),
  };
}

/** The change in överavskrivningar as an entry's lines: 8853 against 2153, none for 0. */
function overDepreciationLines(changeOre: number): EngineLine[] {
  const line = (accountNumber: string, debitOre: number, creditOre: number): EngineLine => ({
    accountNumber,
    debitOre,
    creditOre,
    lineDescription: null,
  });
  if (changeOre === 0) return [];
  return changeOre > 0
    ? [line(CHANGE_ACCOUNT, changeOre, 0), line(ACCUMULATED_ACCOUNT, 0, changeOre)]
    : [line(ACCUMULATED_ACCOUNT, -changeOre, 0), line(CHANGE_ACCOUNT, 0, -changeOre)];
}
