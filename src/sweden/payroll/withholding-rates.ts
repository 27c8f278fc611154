// Flat withholding rates by income year. Adding a year is a data change here.
//
// sideIncomePercent: skatteavdrag on pay that is not the recipient's main income (sidoinkomst),
//   and on one-off amounts from a payer who pays no regular salary: 30 % of the amount
//   (skatteförfarandelagen 11 kap.; Skatteverket, "Engångsbelopp"; FAR, Rätt Lön, "Engångsbelopp").
// sinkPercent: särskild inkomstskatt för utomlands bosatta (lag 1991:586), withheld by the
//   payer when Skatteverket has decided on SINK. 25 % from 2018 to 2025; 22.5 % from 1 January 2026,
//   the first of two steps down to 20 % announced in the budget bill for 2026 (prop. 2025/26:1,
//   government press release 2025-09-10). Sjöinkomst has its own rate and is not covered here.

export interface WithholdingRates {
  sideIncomePercent: string;
  sinkPercent: string;
}

const WITHHOLDING_RATES: Record<number, WithholdingRates> = {
  2025: { sideIncomePercent: "30", sinkPercent: "25" },
  2026: { sideIncomePercent: "30", sinkPercent: "22.5" },
};

/** The flat rates of `year`, or null when the year is not in the table. */
export function withholdingRates(year: number): WithholdingRates | null {
  return WITHHOLDING_RATES[year] ?? null;
}
