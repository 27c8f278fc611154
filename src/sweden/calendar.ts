// The Swedish banking-day calendar.
//
// Sources:
// - Lag (1989:253) om allmänna helgdagar, 1 §: the public holidays are every Sunday,
//   nyårsdagen (1 Jan), trettondedag jul (6 Jan), långfredagen, påskdagen, annandag påsk,
//   Kristi himmelsfärdsdag, pingstdagen, första maj, Sveriges nationaldag (6 Jun),
//   midsommardagen (the Saturday 20–26 Jun), alla helgons dag (the Saturday 31 Oct–6 Nov),
//   juldagen (25 Dec) and annandag jul (26 Dec). Easter follows the Gregorian computus.
// - Lag (1930:173) om beräkning av lagstadgad tid, 2 §: a deadline set by law that falls on
//   a Sunday, another public holiday, a Saturday, midsommarafton, julafton or nyårsafton may
//   be met on the next weekday. Banks keep the same days closed, so one calendar serves both
//   the banking day and the statutory deadline.

import { addDays, isValidDate } from "./fiscal-year";

export { addDays };

export interface Holiday {
  date: string;
  name_sv: string;
  name_en: string;
}

function ymd(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** 0 = Sunday ... 6 = Saturday. */
function weekday(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** The Saturday on or after `date` (the rule for midsommardagen and alla helgons dag). */
function saturdayFrom(date: string): string {
  return addDays(date, (6 - weekday(date) + 7) % 7);
}

/** Easter Sunday by the anonymous Gregorian algorithm (Meeus, Jones, Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return ymd(year, month, day);
}

/** The named public holidays of Lag (1989:253) 1 § for a year (Sundays aside), by date. */
export function publicHolidays(year: number): Holiday[] {
  const easter = easterSunday(year);
  const holidays: Holiday[] = [
    { date: ymd(year, 1, 1), name_sv: "Nyårsdagen", name_en: "New Year's Day" },
    { date: ymd(year, 1, 6), name_sv: "Trettondedag jul", name_en: "Epiphany" },
    { date: addDays(easter, -2), name_sv: "Långfredagen", name_en: "Good Friday" },
    { date: easter, name_sv: "Påskdagen", name_en: "Easter Sunday" },
    { date: addDays(easter, 1), name_sv: "Annandag påsk", name_en: "Easter Monday" },
    { date: ymd(year, 5, 1), name_sv: "Första maj", name_en: "May Day" },
    { date: addDays(easter, 39), name_sv: "Kristi himmelsfärdsdag", name_en: "Ascension Day" },
    { date: addDays(easter, 49), name_sv: "Pingstdagen", name_en: "Whit Sunday" },
    { date: ymd(year, 6, 6), name_sv: "Sveriges nationaldag", name_en: "National Day of Sweden" },
    { date: saturdayFrom(ymd(year, 6, 20)), name_sv: "Midsommardagen", name_en: "Midsummer Day" },
    { date: saturdayFrom(ymd(year, 10, 31)), name_sv: "Alla helgons dag", name_en: "All Saints' Day" },
    { date: ymd(year, 12, 25), name_sv: "Juldagen", name_en: "Christmas Day" },
    { date: ymd(year, 12, 26), name_sv: "Annandag jul", name_en: "Boxing Day" },
  ];
  return holidays.sort((x, y) => x.date.localeCompare(y.date));
}

/**
 * The eves that are not public holidays but on which banks are closed and statutory
 * deadlines move on (Lag (1930:173) 2 §).
 */
export function bankHolidayEves(year: number): Holiday[] {
  return [
    { date: addDays(saturdayFrom(ymd(year, 6, 20)), -1), name_sv: "Midsommarafton", name_en: "Midsummer Eve" },
    { date: ymd(year, 12, 24), name_sv: "Julafton", name_en: "Christmas Eve" },
    { date: ymd(year, 12, 31), name_sv: "Nyårsafton", name_en: "New Year's Eve" },
  ];
}

/** Every weekday-independent day on which banks are closed in a year, by date. */
export function bankHolidays(year: number): Holiday[] {
  return [...publicHolidays(year), ...bankHolidayEves(year)].sort((x, y) => x.date.localeCompare(y.date));
}

function assertDate(date: string): void {
  if (!isValidDate(date)) throw new RangeError(`not a date (YYYY-MM-DD): ${date}`);
}

/** A public holiday under Lag (1989:253): a Sunday or one of the named days. */
export function isPublicHoliday(date: string): boolean {
  assertDate(date);
  if (weekday(date) === 0) return true;
  return publicHolidays(Number(date.slice(0, 4))).some((h) => h.date === date);
}

/** A weekday that is neither a public holiday nor midsommarafton, julafton or nyårsafton. */
export function isBankingDay(date: string): boolean {
  assertDate(date);
  const day = weekday(date);
  if (day === 0 || day === 6) return false;
  return !bankHolidays(Number(date.slice(0, 4))).some((h) => h.date === date);
}

/** The date itself when it is a banking day, else the next one (Lag (1930:173) 2 §). */
export function nextBankingDay(date: string): string {
  let d = date;
  while (!isBankingDay(d)) d = addDays(d, 1);
  return d;
}
