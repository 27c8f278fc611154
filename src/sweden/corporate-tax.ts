// Corporate income tax of an aktiebolag at year-end (pure; amounts in öre, integers).
//
// Sources:
// - Rate: 20.6 % of the taxable income for beskattningsår starting after 31 Dec 2020
//   (inkomstskattelagen 1999:1229, IL 65 kap 10 §).
// - Rounding: the taxable income (beskattningsbar inkomst) is rounded down to whole
//   hundreds of kronor (IL 1 kap 6 §); the tax is kept in whole kronor, rounded down.
// - Periodiseringsfond: a deduction of at most 25 % of the surplus computed before the
//   deduction itself (IL 30 kap 5 §); a fund is reversed at the latest the sixth
//   beskattningsår after the one it was made in (IL 30 kap 7 §).
// - Schablonintäkt: the funds held at the start of the beskattningsår times the
//   statslåneränta at the end of November of the year before the calendar year in which the
//   beskattningsår ends, at least 0.5 % (IL 30 kap 6 a §), in proportion for a year longer
//   or shorter than twelve months; it is not booked, only added on the return
//   (Skatteverket, Rättslig vägledning 2023.9, "Schablonintäkt på periodiseringsfonder",
//   https://www4.skatteverket.se/rattsligvagledning/edition/2023.9/329554.html: funds
//   800 000 kr at 1.50 % give 12 000 kr).
// - Accounts: BAS 2026 (shared/data/bas): non-deductible costs are the accounts BAS names
//   "ej avdragsgill(a)" plus 8423 (interest on taxes and fees: the tax account's cost
//   interest is not deductible, SFL 65 kap); tax-free income the "skattefria ränteintäkter".
import Big from "big.js";

export const CORPORATE_TAX_RATE = "0.206";
export const PERIODISERINGSFOND_MAX_SHARE = "0.25";
/** the floor of the statslåneränta in the schablonintäkt, percent (IL 30 kap 6 a §) */
export const SCHABLON_RATE_FLOOR_PERCENT = "0.5";
/** a fund must be reversed at the latest this many years after the year it was made in (IL 30 kap 7 §) */
export const FUND_MAX_AGE_YEARS = 6;

/** Costs booked in the result that the tax return adds back (BAS 2026 names them "ej avdragsgill"). */
export const NON_DEDUCTIBLE_ACCOUNTS: Record<string, string> = {
  "5099": "Övriga lokalkostnader, ej avdragsgilla",
  "5199": "Övriga fastighetskostnader, ej avdragsgilla",
  "6072": "Representation, ej avdragsgill",
  "6342": "Lämnade skadestånd, ej avdragsgilla",
  "6982": "Föreningsavgifter, ej avdragsgilla",
  "6992": "Övriga externa kostnader, ej avdragsgilla",
  "7622": "Sjuk- och hälsovård, ej avdragsgill",
  "7623": "Sjukvårdsförsäkring, ej avdragsgill",
  "7632": "Personalrepresentation, ej avdragsgill",
  "8423": "Räntekostnader för skatter och avgifter (ej avdragsgill)",
};

/** Income booked in the result that is not taxed (BAS 2026: "skattefria ränteintäkter"). */
export const TAX_FREE_ACCOUNTS: Record<string, string> = {
  "8254": "Skattefria ränteintäkter, långfristiga tillgångar",
  "8314": "Skattefria ränteintäkter",
};

export const FUND_ALLOCATION_ACCOUNT = "8811";
export const FUND_REVERSAL_ACCOUNT = "8819";
export const TAX_EXPENSE_ACCOUNT = "8910";
export const TAX_LIABILITY_ACCOUNT = "2512";

/** BAS 89xx before the closing accounts: the tax on the result, which the taxable result is before. */
export function isTaxAccount(account: string): boolean {
  return account >= "8900" && account <= "8989";
}

/** The periodiseringsfond accounts with a year in their name: 2120-2129 and 2130-2139 ("nr 2"). */
export function isYearFundAccount(account: string): boolean {
  return account >= "2120" && account <= "2139";
}

/** Every periodiseringsfond account, 2110 (no year) included. */
export function isFundAccount(account: string): boolean {
  return account >= "2110" && account <= "2139";
}

/**
 * The year a fund account holds, read as BAS names them by the year's last digit (2126
 * Periodiseringsfond 2026, 2128 Periodiseringsfond 2018): the year with that last digit in
 * the ten years up to one after the tax year (2127 is 2027 for a year ending in 2026, a
 * broken year's fund).
 */
export function fundYearOf(account: string, taxYear: number): number | null {
  if (!isYearFundAccount(account)) return null;
  const digit = Number(account[3]);
  for (let year = taxYear + 1; year > taxYear - 9; year--) if (((year % 10) + 10) % 10 === digit) return year;
  return null;
}

/** The account of this tax year's new fund: 212 and the year's last digit (BAS "Periodiseringsfond 20XX"). */
export function fundAccountFor(taxYear: number): string {
  return `212${taxYear % 10}`;
}

/** Whether a fund made in fundYear must be reversed in taxYear (IL 30 kap 7 §: at the latest the sixth year after). */
export function fundMustBeReversed(fundYear: number, taxYear: number): boolean {
  return taxYear - fundYear >= FUND_MAX_AGE_YEARS;
}

/**
 * Schablonintäkt in öre: the funds at the year's start times the statslåneränta (at least
 * 0.5 %), times months/12 for a year of other length; rounded down to whole öre.
 */
export function schablonintakt(fundsAtStartOre: number, statslanerantaPercent: string, months: number): number {
  if (fundsAtStartOre <= 0) return 0;
  const rate = Big(statslanerantaPercent).lt(SCHABLON_RATE_FLOOR_PERCENT)
    ? Big(SCHABLON_RATE_FLOOR_PERCENT)
    : Big(statslanerantaPercent);
  return Number(Big(fundsAtStartOre).times(rate).div(100).times(months).div(12).round(0, Big.roundDown));
}

/** The largest fund allowed: 25 % of the surplus before the allocation, in whole kronor (öre, rounded down). */
export function maxPeriodiseringsfond(surplusBeforeFundOre: number): number {
  if (surplusBeforeFundOre <= 0) return 0;
  return Number(Big(surplusBeforeFundOre).times(PERIODISERINGSFOND_MAX_SHARE).div(100).round(0, Big.roundDown)) * 100;
}

/** Taxable income rounded down to whole hundreds of kronor (IL 1 kap 6 §); a loss is no taxable income. */
export function roundTaxableIncome(taxableOre: number): number {
  if (taxableOre <= 0) return 0;
  return Math.floor(taxableOre / 10_000) * 10_000;
}

/** 20.6 % of the rounded taxable income, in whole kronor rounded down (öre). */
export function corporateTaxOn(roundedTaxableOre: number): number {
  if (roundedTaxableOre <= 0) return 0;
  return Number(Big(roundedTaxableOre).times(CORPORATE_TAX_RATE).div(100).round(0, Big.roundDown)) * 100;
}
