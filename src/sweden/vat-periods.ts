// Redovisningsperioder för moms (skatteförfarandelagen, SFS 2011:1244, 26 kap. 10-14 §§): a VAT
// period is a calendar month, a calendar quarter, or (for yearly reporting) the fiscal year
// (beskattningsåret). The company's choice is its moms_period setting.
// Pure.

/**
 * The VAT periods (redovisningsperioder, SFL 26 kap. 10-14 §§: calendar month, calendar quarter,
 * or the fiscal year for yearly VAT) of a fiscal period that have ended by `through`, clipped to
 * the fiscal period.
 */
export function closedVatPeriods(
  momsPeriod: "monthly" | "quarterly" | "yearly",
  fiscal: { start: string; end: string },
  through: string,
): { start: string; end: string }[] {
  if (momsPeriod === "yearly") return fiscal.end <= through ? [{ start: fiscal.start, end: fiscal.end }] : [];
  const months = momsPeriod === "monthly" ? 1 : 3;
  const out: { start: string; end: string }[] = [];
  let y = Number(fiscal.start.slice(0, 4));
  let m = Number(fiscal.start.slice(5, 7));
  if (months === 3) m = m - ((m - 1) % 3);
  for (;;) {
    const start = `${y}-${String(m).padStart(2, "0")}-01`;
    const endDate = new Date(Date.UTC(y, m - 1 + months, 0)).toISOString().slice(0, 10);
    if (start > fiscal.end) break;
    const s = start < fiscal.start ? fiscal.start : start;
    // biome-ignore lint/complexity/useMathMinMax: ISO dates compare as strings, Math.min would make them numbers
    const e = endDate > fiscal.end ? fiscal.end : endDate;
    if (e > through) break;
    out.push({ start: s, end: e });
    m += months;
    if (m > 12) {
      m -= 12;
      y += 1;
    }
  }
  return out;
}
