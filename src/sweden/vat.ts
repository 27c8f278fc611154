// Swedish VAT rates (Mervärdesskattelagen 2023:200, 9 kap): 25 % standard, 12 % and
// 6 % reduced, 0 % for exempt and zero-rated supplies. Held in basis points so that
// no rate is ever a binary fraction.

export const VAT_RATES_BP = [2500, 1200, 600, 0] as const;

/** 0.25 -> 2500; null for a rate Swedish law does not have. */
export function vatRateToBp(rate: number): number | null {
  const bp = Math.round(rate * 10_000);
  if (Math.abs(bp - rate * 10_000) > 1e-6) return null;
  return (VAT_RATES_BP as readonly number[]).includes(bp) ? bp : null;
}
