// Periodiseringar (accruals): which BAS accounts hold them and how an amount is split
// over months. Pure, no I/O.
//
// Sources: BAS-kontoplanen 2026 (shared/data/bas/BAS_kontoplan_2026.csv), kontogrupp 17
// "Förutbetalda kostnader och upplupna intäkter" (1710 förutbetalda hyreskostnader, 1720
// leasingavgifter, 1730 försäkringspremier, 1740 räntekostnader, 1750 upplupna hyresintäkter,
// 1760 upplupna ränteintäkter, 1780 upplupna avtalsintäkter, 1790 övriga) and kontogrupp 29
// "Upplupna kostnader och förutbetalda intäkter" (2910 upplupna löner, 2920 semesterlöner,
// 2940-2959 sociala och avtalade avgifter, 2960 räntekostnader, 2970 förutbetalda intäkter,
// 2990 övriga). BFNAR 2016:10 (K2) 2.4-2.5 asks for accruals of income and expenses to the
// period they belong to.
import { addDays } from "./fiscal-year";

/** An asset accrual (17xx) is debited when made; a liability accrual (29xx) is credited. */
export type AccrualSide = "asset" | "liability";

/**
 * Payroll books vacation pay (2920-2929) and social security contributions (2940-2959)
 * itself, with its own reversals; an accrual there would double them.
 */
function isPayrollAccrualAccount(n: number): boolean {
  return (n >= 2920 && n <= 2929) || (n >= 2940 && n <= 2959);
}

/** The side of an accrual's balance account, or null when the account is not one (17xx, 29xx but payroll's). */
export function accrualSide(account: string): AccrualSide | null {
  const n = Number(account);
  if (!/^\d{4}$/.test(account)) return null;
  if (n >= 1700 && n <= 1799) return "asset";
  if (n >= 2900 && n <= 2999 && !isPayrollAccrualAccount(n)) return "liability";
  return null;
}

/** A result account: revenue or expense, BAS classes 3-8. */
export function isResultAccount(account: string): boolean {
  return /^[3-8]\d{3}$/.test(account);
}

/**
 * An amount in öre split into `months` parts: equal whole-öre parts, the remainder on
 * the last month, so every part but the last is the same and the parts sum to the total.
 * (Equal parts rather than days: a premium or a rent is priced per month, and a split by
 * days would move öre between months of 28 and 31 days for no reason the books show.)
 */
export function splitEvenly(totalOre: number, months: number): number[] {
  if (!Number.isSafeInteger(totalOre) || totalOre <= 0) throw new RangeError("total must be a positive whole öre");
  if (!Number.isInteger(months) || months < 1) throw new RangeError("months must be at least 1");
  const part = Math.floor(totalOre / months);
  const parts = Array.from({ length: months }, () => part);
  parts[months - 1] = totalOre - part * (months - 1);
  return parts;
}

/** The last day of a month "YYYY-MM". */
export function lastDayOfMonth(month: string): string {
  const [y, m] = month.split("-").map(Number);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/** The month "YYYY-MM" `offset` months after `month`. */
export function shiftMonth(month: string, offset: number): string {
  const [y, m] = month.split("-").map(Number);
  const d = new Date(Date.UTC(y, m - 1 + offset, 1));
  return d.toISOString().slice(0, 7);
}

/** The last days of `months` consecutive months from `startMonth`: the release dates of a spread. */
export function monthEnds(startMonth: string, months: number): string[] {
  return Array.from({ length: months }, (_, i) => lastDayOfMonth(shiftMonth(startMonth, i)));
}

/** True when the date is its month's last day (a period end an accrual may be made at). */
export function isMonthEnd(date: string): boolean {
  return lastDayOfMonth(date.slice(0, 7)) === date;
}

/** The day after a period end: where a period-end accrual's reversal is dated. */
export function dayAfter(date: string): string {
  return addDays(date, 1);
}

/** One dated movement of an accrual's balance, öre: positive = the accrual grows. */
export interface AccrualMovement {
  date: string;
  amountOre: number;
}

/** What is open of an accrual at a date: its movements dated on or before it, summed. */
export function openAt(movements: AccrualMovement[], date: string): number {
  let open = 0;
  for (const m of movements) if (m.date <= date) open += m.amountOre;
  return open;
}
