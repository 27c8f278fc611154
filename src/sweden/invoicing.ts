// Pure rules of invoicing: line amounts, VAT per rate, the BAS accounts a sale or a
// purchase is booked on, currency conversion, special payroll tax and aging. No I/O.
// Amounts are integer öre; quantities and exchange rates are decimal strings handled
// with big.js, so no amount ever passes through a binary fraction.
import Big from "big.js";
import { AmountOutOfRangeError } from "../money";

/** Output VAT accounts by rate (BAS 2026: 2611 25 %, 2621 12 %, 2631 6 %). */
export const OUTPUT_VAT_ACCOUNT: Record<number, string> = { 2500: "2611", 1200: "2621", 600: "2631" };

/** Debiterad ingående moms (BAS 2641): VAT charged by a supplier, reclaimed in box 48. */
export const INPUT_VAT_ACCOUNT = "2641";
export const RECEIVABLES_ACCOUNT = "1510";
export const PAYABLES_ACCOUNT = "2440";
export const DEFAULT_SETTLEMENT_ACCOUNT = "1930";
/** Valutakursvinster / -förluster på fordringar och skulder av rörelsekaraktär (BAS 3960 / 7960). */
export const FX_GAIN_ACCOUNT = "3960";
export const FX_LOSS_ACCOUNT = "7960";

/**
 * Särskild löneskatt på pensionskostnader, 24.26 % (lag 1990:659, 2 §), booked
 * Debit 7533 / Credit 2514 (BAS 2026) on pension premiums (BAS 741x).
 */
export const SLP_RATE = "0.2426";
export const SLP_EXPENSE_ACCOUNT = "7533";
export const SLP_LIABILITY_ACCOUNT = "2514";
export const isSlpAccount = (account: string) => /^741\d$/.test(account);

export type CustomerType = "swedish_business" | "eu_business" | "individual";

/**
 * Rounding to whole öre, half away from zero (the usual commercial rounding), so a
 * negated amount rounds to the negated result and a credit note mirrors its invoice.
 */
function roundOre(value: Big): number {
  const n = Number(value.round(0, Big.roundHalfUp).toFixed(0));
  if (!Number.isSafeInteger(n)) throw new AmountOutOfRangeError("amount exceeds the safe integer range");
  return n;
}

/** quantity x unit price, rounded to öre. */
export function lineNetOre(quantity: string, unitPriceOre: number): number {
  return roundOre(new Big(quantity).times(unitPriceOre));
}

/** VAT of a net amount at a rate in basis points (2500 = 25 %), rounded to öre. */
export function vatOre(netOre: number, rateBp: number): number {
  return roundOre(new Big(netOre).times(rateBp).div(10_000));
}

/**
 * VAT of an invoice: computed once per rate on the sum of the lines at that rate
 * (ML 17 kap 24 § asks for the tax amount per rate, not per line), so the VAT shown
 * is the VAT booked.
 */
export function vatByRate(lines: { netOre: number; vatRateBp: number }[]): Map<number, number> {
  const netByRate = new Map<number, number>();
  for (const l of lines) netByRate.set(l.vatRateBp, (netByRate.get(l.vatRateBp) ?? 0) + l.netOre);
  return new Map([...netByRate].map(([rate, net]) => [rate, vatOre(net, rate)]));
}

/**
 * The VAT rates a customer may be charged. A company that is not VAT registered
 * charges none; a sale to a business in another EU country is invoiced without
 * Swedish VAT (ML 10 kap 42 § goods, 6 kap 33 § services: the buyer accounts for it).
 */
export function allowedVatRates(customerType: CustomerType, companyVatRegistered: boolean): number[] {
  if (!companyVatRegistered || customerType === "eu_business") return [0];
  return [2500, 1200, 600, 0];
}

/** The rate used when an item names none: 25 % where VAT applies, else 0. */
export function defaultVatRate(customerType: CustomerType, companyVatRegistered: boolean): number {
  return allowedVatRates(customerType, companyVatRegistered).includes(2500) ? 2500 : 0;
}

/**
 * The revenue account of an item without article or override: BAS 3001/3002/3003
 * by rate, 3004 for VAT-free domestic sales, 3308 for services to EU businesses
 * (goods to the EU, 3108, are chosen with revenue_account).
 */
export function defaultRevenueAccount(rateBp: number, customerType: CustomerType): string {
  if (customerType === "eu_business") return "3308";
  return ({ 2500: "3001", 1200: "3002", 600: "3003" } as Record<number, string>)[rateBp] ?? "3004";
}

/** Amount in a foreign currency to SEK öre at `rate` SEK per unit. */
export function toSekOre(amountOre: number, rate: string): number {
  return roundOre(new Big(amountOre).times(rate));
}

/** Special payroll tax on a pension premium, rounded to öre. */
export function slpOre(amountOre: number): number {
  return roundOre(new Big(amountOre).times(SLP_RATE));
}

/**
 * Splits `totalOre` over `parts` in proportion to their weights, rounding so that
 * the pieces add up to the total exactly (the largest remainder gets the öre).
 * Used when a payment settles an invoice's revenue and VAT under the cash method.
 */
export function allocate(totalOre: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map(() => 0);
  const exact = weights.map((w) => new Big(totalOre).times(w).div(sum));
  const floors = exact.map((x) => Number(x.round(0, Big.roundDown).toFixed(0)));
  let rest = totalOre - floors.reduce((a, b) => a + b, 0);
  const order = exact
    .map((x, i) => ({ i, frac: Number(x.minus(floors[i]).abs().toFixed(12)) }))
    .sort((a, b) => b.frac - a.frac);
  const step = rest >= 0 ? 1 : -1;
  for (let k = 0; rest !== 0; k = (k + 1) % order.length, rest -= step) floors[order[k].i] += step;
  return floors;
}

export const AGING_BUCKETS = ["0-30", "31-60", "61-90", "90+"] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

/** Days past due at `asOf` (negative: not yet due). */
export function daysPastDue(dueDate: string, asOf: string): number {
  return Math.round((Date.parse(`${asOf}T00:00:00Z`) - Date.parse(`${dueDate}T00:00:00Z`)) / 86_400_000);
}

/** Aging bucket by days past due; an item not yet due is in 0-30. */
export function agingBucket(days: number): AgingBucket {
  if (days <= 30) return "0-30";
  if (days <= 60) return "31-60";
  if (days <= 90) return "61-90";
  return "90+";
}

/** A decimal string with at most `decimals` decimals, or null. */
export function decimalString(value: number, decimals: number): string | null {
  if (!Number.isFinite(value)) return null;
  const b = new Big(value.toString());
  if (!b.eq(b.round(decimals, Big.roundDown))) return null;
  return b.toString();
}
