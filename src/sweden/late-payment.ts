// Late payment: interest under räntelagen (1975:635) and the reminder fee under lag (1981:739)
// om ersättning för inkassokostnader m.m. Pure rules, no I/O.
import Big from "big.js";

/**
 * Riksbanken's reference rate (räntelagen 9 §), in percent, per calendar half-year from the
 * date given. It is the policy rate at the end of the previous half-year rounded up to the
 * nearest half percentage point, decided by Riksbanken before each 1 January and 1 July.
 * Sources: riksbank.se, "Referensränta" (Statistik > Räntor och valutakurser), table up to
 * 2024-07-01; the half-years 2025-01-01 to 2026-01-01 as listed on mystep.se/referensranta
 * (2025-01-01 3,00; 2025-07-01 2,00; 2026-01-01 2,00). A half-year not listed here is
 * unknown: interest over it is not computed (it is never guessed). Add a row each half-year.
 * 2026-07-01 is missing: on 2026-11-27 no source giving Riksbanken's decision for it was found
 * (riksbank.se's table and mystep.se as stored end at 2026-01-01), so it waits for one.
 */
export const REFERENCE_RATES: readonly { from: string; percent: string }[] = [
  { from: "2022-01-01", percent: "0.00" },
  { from: "2022-07-01", percent: "0.50" },
  { from: "2023-01-01", percent: "2.50" },
  { from: "2023-07-01", percent: "3.50" },
  { from: "2024-01-01", percent: "4.00" },
  { from: "2024-07-01", percent: "4.00" },
  { from: "2025-01-01", percent: "3.00" },
  { from: "2025-07-01", percent: "2.00" },
  { from: "2026-01-01", percent: "2.00" },
];

/** Räntelagen 6 §: interest on late payment is the reference rate plus eight percentage points. */
export const LATE_INTEREST_MARGIN_PERCENT = "8";

/**
 * The most a creditor may charge for a written payment reminder: 60 kr, förordning (2013:59)
 * om ersättning för inkassokostnader m.m. 1 § 1 (under lag 1981:739 2 §, and only when agreed
 * when the debt arose). In öre.
 */
export const MAX_REMINDER_FEE_ORE = 6000;

const DAY_MS = 86_400_000;
const dayNumber = (d: string) => Date.parse(`${d}T00:00:00Z`) / DAY_MS;
const dateOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** The start of the half-year after the one `date` falls in. */
function nextHalfYear(date: string): string {
  const y = Number(date.slice(0, 4));
  return date.slice(5, 7) < "07" ? `${y}-07-01` : `${y + 1}-01-01`;
}

/** The start of the half-year `date` falls in. */
function halfYearOf(date: string): string {
  return date.slice(5, 7) < "07" ? `${date.slice(0, 4)}-01-01` : `${date.slice(0, 4)}-07-01`;
}

/** The reference rate in force on `date` (percent string), or null when its half-year is not in the table. */
export function referenceRateOn(date: string): string | null {
  return REFERENCE_RATES.find((r) => r.from === halfYearOf(date))?.percent ?? null;
}

export interface InterestPeriod {
  from: string;
  to: string;
  days: number;
  /** the yearly rate in percent applied to these days */
  rate_percent: string;
}

export type LateInterest =
  | { known: true; amountOre: number; days: number; periods: InterestPeriod[] }
  | { known: false; missingHalfYear: string; days: number };

/**
 * The days after `from` up to and including `to`, split where the yearly rate changes: each
 * half-year at the reference rate + 8 points (räntelagen 6 and 9 §§), or one rate throughout
 * when one was agreed (a fraction, "0.12"). Unknown when a half-year's reference rate is missing.
 */
function ratePeriods(
  from: string,
  to: string,
  agreedRate: string | null,
): { known: true; periods: InterestPeriod[] } | { known: false; missingHalfYear: string } {
  const periods: InterestPeriod[] = [];
  let first = dayNumber(from) + 1;
  const last = dayNumber(to);
  while (first <= last) {
    const start = dateOf(first);
    const end = Math.min(last, dayNumber(nextHalfYear(start)) - 1);
    const rate = agreedRate === null ? referenceRatePlusMargin(start) : new Big(agreedRate).times(100).toString();
    if (rate === null) return { known: false, missingHalfYear: halfYearOf(start) };
    periods.push({ from: start, to: dateOf(end), days: end - first + 1, rate_percent: rate });
    first = end + 1;
  }
  return { known: true, periods };
}

/** The exact (unrounded) simple interest on `principalOre` over the periods, actual/365. */
function exactInterest(principalOre: number, periods: InterestPeriod[]): Big {
  return periods.reduce(
    (sum, p) => sum.plus(new Big(principalOre).times(p.rate_percent).div(100).times(p.days).div(365)),
    new Big(0),
  );
}

/** Rounded once, half up, to whole öre. */
const toWholeOre = (exact: Big) => Number(exact.round(0, Big.roundHalfUp).toFixed(0));

/**
 * Interest on `principalOre` for the days after `dueDate` up to and including `toDate`
 * (räntelagen 6 §: from the due date; a payment on the due date is not late), at the agreed
 * yearly rate (a fraction, "0.12") or else the reference rate + 8 points, changing with the
 * reference rate each half-year (räntelagen 9 §). Simple interest on an actual/365 basis, the
 * exact sum rounded to öre once (half up). Unknown when a half-year's reference rate is
 * missing from the table.
 */
export function lateInterest(
  principalOre: number,
  dueDate: string,
  toDate: string,
  agreedRate: string | null,
): LateInterest {
  const days = Math.max(0, dayNumber(toDate) - dayNumber(dueDate));
  const split = ratePeriods(dueDate, toDate, agreedRate);
  if (!split.known) return { known: false, missingHalfYear: split.missingHalfYear, days };
  return {
    known: true,
    amountOre: toWholeOre(exactInterest(principalOre, split.periods)),
    days,
    periods: split.periods,
  };
}

/** What was owed over a stretch of days: the days after `from` up to and including `to`. */
export interface OutstandingStretch {
  principalOre: number;
  from: string;
  to: string;
}

export interface StretchInterest extends OutstandingStretch {
  days: number;
  periods: InterestPeriod[];
}

export type LateInterestOnBalances =
  | { known: true; amountOre: number; days: number; stretches: StretchInterest[] }
  | { known: false; missingHalfYear: string };

/**
 * Interest on a debt whose outstanding amount changed (part payments, credits): each stretch
 * of days carries its own principal, the rate follows lateInterest's rules, and the exact
 * interest of all stretches is summed before it is rounded to öre once, so splitting a period
 * never adds or loses an öre. Stretches without days are left out.
 */
export function lateInterestOnBalances(
  stretches: readonly OutstandingStretch[],
  agreedRate: string | null,
): LateInterestOnBalances {
  const out: StretchInterest[] = [];
  let exact = new Big(0);
  for (const s of stretches) {
    if (s.to <= s.from || s.principalOre <= 0) continue;
    const split = ratePeriods(s.from, s.to, agreedRate);
    if (!split.known) return { known: false, missingHalfYear: split.missingHalfYear };
    const days = split.periods.reduce((n, p) => n + p.days, 0);
    out.push({ ...s, days, periods: split.periods });
    exact = exact.plus(exactInterest(s.principalOre, split.periods));
  }
  return { known: true, amountOre: toWholeOre(exact), days: out.reduce((n, s) => n + s.days, 0), stretches: out };
}

function referenceRatePlusMargin(date: string): string | null {
  const reference = referenceRateOn(date);
  return reference === null ? null : new Big(reference).plus(LATE_INTEREST_MARGIN_PERCENT).toString();
}
