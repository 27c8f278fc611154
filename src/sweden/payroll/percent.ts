// Rates as exact decimals and the two roundings payroll needs. A rate is held as a decimal
// string of percent ("31.42", "22.5") and multiplied with big.js, never as a binary fraction.

import Big from "big.js";

/** A percentage between 0 and 100 with at most two decimals, as a canonical string; null otherwise. */
export function parsePercent(value: string | number): string | null {
  let b: Big;
  try {
    b = new Big(typeof value === "number" ? String(value) : value.trim());
  } catch {
    return null;
  }
  if (b.lt(0) || b.gt(100) || !b.eq(b.round(2, Big.roundDown))) return null;
  return b.toString();
}

/**
 * `percent` % of whole kronor, truncated to whole kronor: tax amounts are stated in whole kronor
 * "så att öretal bortfaller" (skatteförfarandeförordningen 22 kap. 1 §).
 */
export function percentOfKronorTruncated(kronor: number, percent: string): number {
  return Number(new Big(kronor).times(percent).div(100).round(0, Big.roundDown).toFixed(0));
}

/** `percent` % of an amount in öre, rounded half up to whole öre. */
export function percentOfOreRounded(ore: number, percent: string): number {
  return Number(new Big(ore).times(percent).div(100).round(0, Big.roundHalfUp).toFixed(0));
}
