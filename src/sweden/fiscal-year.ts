// Räkenskapsår (Bokföringslagen 3 kap). A fiscal year is twelve calendar months
// (1 §); a sole trader, and a partnership owned by one, uses the calendar year (1 §,
// 3 kap 2 §); the first year may be shorter, or longer up to eighteen months (3 §).

export const MAX_FIRST_YEAR_MONTHS = 18;

function iso(y: number, m: number, d: number): string {
  return new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The same day `months` later, clamped to the end of a shorter month. */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split("-").map(Number);
  const total = y * 12 + (m - 1) + months;
  const ty = Math.floor(total / 12);
  const tm = (total % 12) + 1;
  const last = new Date(Date.UTC(ty, tm, 0)).getUTCDate();
  return iso(ty, tm, Math.min(d, last));
}

/** The digits of `s` from `from` to `to` as a number, or -1 if any is not an ASCII digit. */
function digitsAt(s: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const d = s.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

/** Days in a month of the proleptic Gregorian calendar (the one JavaScript's Date and ISO 8601 use). */
function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/**
 * Whether `date` is YYYY-MM-DD and a real calendar day. Computed from the digits, without a Date
 * object: every row of a bank file passes here (a 220 000-row file three times per row), and
 * building and printing a Date for each was the parser's largest single cost (issue #34 item 4).
 */
export function isValidDate(date: string): boolean {
  if (date.length !== 10 || date.charCodeAt(4) !== 45 || date.charCodeAt(7) !== 45) return false;
  const year = digitsAt(date, 0, 4);
  const month = digitsAt(date, 5, 7);
  const day = digitsAt(date, 8, 10);
  if (year < 0 || month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month);
}

/** The regular fiscal year starting in `startMonth` that contains `date`. */
export function fiscalYearContaining(date: string, startMonth: number): { start: string; end: string } {
  const [y, m] = date.split("-").map(Number);
  const startYear = m >= startMonth ? y : y - 1;
  const start = iso(startYear, startMonth, 1);
  return { start, end: addDays(addMonths(start, 12), -1) };
}

/** The twelve-month year that follows a year ending on `previousEnd`. */
export function nextFiscalYear(previousEnd: string): { start: string; end: string } {
  const start = addDays(previousEnd, 1);
  return { start, end: addDays(addMonths(start, 12), -1) };
}

/** "2026" for a calendar year, "2026/2027" for a broken one. */
export function fiscalYearName(start: string, end: string): string {
  const a = start.slice(0, 4);
  const b = end.slice(0, 4);
  return a === b ? a : `${a}/${b}`;
}

/**
 * Checks a first fiscal year: it ends on the last day of the month before the
 * regular start month (so the next year is a regular one) and lasts at most
 * eighteen months. Returns the reason it fails, or null.
 */
export function firstFiscalYearProblem(start: string, end: string, startMonth: number): string | null {
  if (!isValidDate(start) || !isValidDate(end)) return "start_date and end_date must be real dates (YYYY-MM-DD)";
  if (end < start) return "end_date must not be before start_date";
  const next = addDays(end, 1);
  if (next.slice(8) !== "01" || Number(next.slice(5, 7)) !== startMonth) {
    return `end_date must be the last day of the month before fiscal_year_start_month (${startMonth})`;
  }
  if (next > addMonths(start, MAX_FIRST_YEAR_MONTHS)) {
    return `a first fiscal year lasts at most ${MAX_FIRST_YEAR_MONTHS} months`;
  }
  return null;
}

/**
 * The dates a fiscal year given by a file may have (a SIE #RAR): whole calendar months
 * (BFL 3 kap. 1 §: a räkenskapsår is made of calendar months), from the first day of a
 * month to the last day of a month, at most eighteen months long (3 kap. 3 §, the longest
 * a year may be when it begins or changes), within 1900-2099 (dates outside are no
 * company's books; a file dated 0000 or 9999 is a broken file). The reason, or null.
 */
export function fiscalYearProblem(start: string, end: string): string | null {
  if (start < "1900-01-01" || end > "2099-12-31") return "a fiscal year lies within 1900-2099";
  if (end < start) return "the year ends before it begins";
  if (start.slice(8) !== "01") return "a fiscal year begins on the first day of a month";
  if (addDays(end, 1).slice(8) !== "01") return "a fiscal year ends on the last day of a month";
  if (addDays(end, 1) > addMonths(start, MAX_FIRST_YEAR_MONTHS))
    return `a fiscal year lasts at most ${MAX_FIRST_YEAR_MONTHS} months (Bokföringslagen 3 kap. 3 §)`;
  return null;
}

/** Every month (YYYY-MM) from `from`'s to `to`'s, both dates YYYY-MM-DD: the months a range touches. */
export function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  for (let m = from.slice(0, 7); m <= to.slice(0, 7); m = addMonths(`${m}-01`, 1).slice(0, 7)) months.push(m);
  return months;
}
