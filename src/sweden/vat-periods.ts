// Redovisningsperioder för moms (skatteförfarandelagen, SFS 2011:1244, 26 kap. 10-14 §§): a VAT
// period is a calendar month, a calendar quarter, or (for yearly reporting) the fiscal year
// (beskattningsåret). The company's choice is its moms_period setting.
// Pure.
import { fiscalYearName } from "./fiscal-year";
import type { MomsPeriod } from "./tax-deadlines";

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

/** A VAT period (redovisningsperiod) of a fiscal year, named as the tax calendar names its deadline. */
export interface VatPeriod {
  start: string;
  end: string;
  /** "2026-03" (month), "2026-Q1" (quarter), the fiscal year's name ("2026", "2025/2026") for yearly VAT */
  label: string;
}

/**
 * Every VAT period of a fiscal year, ended or not: calendar months or quarters clipped to the
 * fiscal year, or the fiscal year itself. A month or quarter that a broken fiscal year cuts in
 * two gives one period in each year, both under the calendar label (each year is settled on
 * its own, since an entry belongs to one year).
 */
export function vatPeriodsOfYear(momsPeriod: MomsPeriod, fiscal: { start: string; end: string }): VatPeriod[] {
  return closedVatPeriods(momsPeriod, fiscal, fiscal.end).map((p) => ({
    ...p,
    label: vatPeriodLabel(momsPeriod, p.end, fiscal),
  }));
}

/** The label of the VAT period that ends on `end`: its month, its quarter, or the fiscal year's name. */
function vatPeriodLabel(momsPeriod: MomsPeriod, end: string, fiscal: { start: string; end: string }): string {
  if (momsPeriod === "monthly") return end.slice(0, 7);
  if (momsPeriod === "quarterly") return `${end.slice(0, 4)}-Q${Math.ceil(Number(end.slice(5, 7)) / 3)}`;
  return fiscalYearName(fiscal.start, fiscal.end);
}
