// The schedule of a recurring invoice contract, pure: its periods, each period's invoice date
// and creation day, the period's name in the item texts, which periods are due, skipped by a
// pause or still to come, and which terms (version) a period is invoiced under.
// No I/O: tested by tables in test/unit/invoice-contract-rules.test.ts.
import { lastDayOfMonth } from "../../sweden/accruals";
import { addDays, addMonths } from "../../sweden/fiscal-year";
import { SWEDISH_MONTHS, swedishMonth } from "../../sweden/months";

export const INTERVALS = ["month", "quarter", "half_year", "year"] as const;
export type Interval = (typeof INTERVALS)[number];
export const ACTIONS = ["draft", "mark_sent", "email", "peppol"] as const;
export type ContractAction = (typeof ACTIONS)[number];

export const INTERVAL_MONTHS: Record<Interval, number> = { month: 1, quarter: 3, half_year: 6, year: 12 };

/** At most this many invoices are made by one run of one contract (a long backlog is caught up over runs). */
export const MAX_INVOICES_PER_RUN = 12;
/** A contract's schedule is followed at most this many periods (a monthly contract: 100 years). */
const MAX_PERIODS = 1200;

/** What the schedule depends on: the contract's own fields. */
export interface Schedule {
  interval: Interval;
  startDate: string;
  endDate: string | null;
  /** "1".."31" or "last" */
  invoiceDay: string;
  invoiceMonthOffset: number;
  daysInAdvance: number;
}

export interface Period {
  /** the period's number, 0 for the first */
  index: number;
  start: string;
  end: string;
  /** the invoice's date: the invoice day of the period's first month (shifted by the offset) */
  invoiceDate: string;
  /** the day the invoice is made: the invoice date less the days in advance */
  createOn: string;
}

/** A pause: invoices made on a day in [from, to) are skipped; to null while the contract is paused. */
export interface Pause {
  from: string;
  to: string | null;
}

/** The day `invoiceDay` of the month of `monthStart` (YYYY-MM-01); 31 in February is its last day. */
export function dayOfMonth(monthStart: string, invoiceDay: string): string {
  const last = lastDayOfMonth(monthStart.slice(0, 7));
  if (invoiceDay === "last") return last;
  const day = Number(invoiceDay);
  const lastDay = Number(last.slice(8));
  return `${monthStart.slice(0, 8)}${String(Math.min(day, lastDay)).padStart(2, "0")}`;
}

/** Period `index` of the schedule (its dates only; whether it is inside the contract is `inContract`). */
export function periodAt(s: Schedule, index: number): Period {
  const months = INTERVAL_MONTHS[s.interval];
  const start = addMonths(s.startDate, index * months);
  const end = addDays(addMonths(s.startDate, (index + 1) * months), -1);
  const invoiceDate = dayOfMonth(addMonths(start, s.invoiceMonthOffset), s.invoiceDay);
  return { index, start, end, invoiceDate, createOn: addDays(invoiceDate, -s.daysInAdvance) };
}

/** A period is the contract's when it starts on or before the end date (it is then invoiced whole). */
export function inContract(s: Schedule, p: Period): boolean {
  return s.endDate === null || p.start <= s.endDate;
}

/** Whether the period's invoice is skipped by a pause: its creation day falls inside one. */
export function pausedOn(pauses: readonly Pause[], day: string): boolean {
  return pauses.some((p) => day >= p.from && (p.to === null || day < p.to));
}

/** The first day of the first period starting on or after `date` (null past the schedule's reach). */
export function periodStartFrom(s: Schedule, date: string): string | null {
  for (let i = 0; i < MAX_PERIODS; i++) {
    const start = periodAt(s, i).start;
    if (start >= date) return start;
  }
  return null;
}

/** Whether `date` starts one of the schedule's periods. */
export function isPeriodStart(s: Schedule, date: string): boolean {
  return periodStartFrom(s, date) === date;
}

/**
 * The periods to invoice now: in the contract, made on or before `today`, not invoiced yet
 * (`made`: their starts) and not skipped by a pause; oldest first, at most `limit`. A period
 * whose day passed without a run (a late or missed sweep) is among them: it is caught up.
 */
export function duePeriods(
  s: Schedule,
  pauses: readonly Pause[],
  made: ReadonlySet<string>,
  today: string,
  limit = MAX_INVOICES_PER_RUN,
): Period[] {
  const due: Period[] = [];
  for (let i = 0; i < MAX_PERIODS && due.length < limit; i++) {
    const p = periodAt(s, i);
    if (!inContract(s, p) || p.createOn > today) break;
    if (!made.has(p.start) && !pausedOn(pauses, p.createOn)) due.push(p);
  }
  return due;
}

/**
 * The next `count` invoices that will be made: in the contract, not made yet, not skipped by a
 * pause. A period already due shows too (the next run makes it). An open pause is read as if the
 * contract were resumed today: what it skipped so far stays skipped.
 */
export function upcomingPeriods(
  s: Schedule,
  pauses: readonly Pause[],
  made: ReadonlySet<string>,
  today: string,
  count: number,
): Period[] {
  const closed = pauses.map((p) => (p.to === null ? { from: p.from, to: today > p.from ? today : p.from } : p));
  const out: Period[] = [];
  for (let i = 0; i < MAX_PERIODS && out.length < count; i++) {
    const p = periodAt(s, i);
    if (!inContract(s, p)) break;
    if (!made.has(p.start) && !pausedOn(closed, p.createOn)) out.push(p);
  }
  return out;
}

/**
 * The day the sweep should next make an invoice of this contract: the creation day of its first
 * period not made and not skipped, or null when none is left or it is paused (an open pause).
 */
export function nextRunOn(s: Schedule, pauses: readonly Pause[], made: ReadonlySet<string>): string | null {
  if (pauses.some((p) => p.to === null)) return null;
  for (let i = 0; i < MAX_PERIODS; i++) {
    const p = periodAt(s, i);
    if (!inContract(s, p)) return null;
    if (!made.has(p.start) && !pausedOn(pauses, p.createOn)) return p.createOn;
  }
  return null;
}

/** The invoice date: the scheduled one, unless that day is in a locked period; then today. */
export function invoiceDateOf(scheduled: string, scheduledLocked: boolean, today: string): string {
  return scheduledLocked && today > scheduled ? today : scheduled;
}

const ym = swedishMonth;

/**
 * The period's name, Swedish. month: "januari 2027"; a calendar quarter "Q1 2027"; a calendar
 * half year "H1 2027"; a calendar year "2027"; any other span of months "april 2027 – mars 2028"
 * (or "april–juni 2027" within one year).
 */
export function periodName(interval: Interval, start: string, end: string): string {
  const month = Number(start.slice(5, 7));
  const year = start.slice(0, 4);
  if (interval === "month") return ym(start);
  if (interval === "quarter" && (month - 1) % 3 === 0) return `Q${(month - 1) / 3 + 1} ${year}`;
  if (interval === "half_year" && (month - 1) % 6 === 0) return `H${(month - 1) / 6 + 1} ${year}`;
  if (interval === "year" && month === 1) return year;
  if (end.slice(0, 4) === year) return `${SWEDISH_MONTHS[month - 1]}–${ym(end)}`;
  return `${ym(start)} – ${ym(end)}`;
}

/** The period in numbers: "2027-01" for a month, "2027-01 – 2027-03" for more. */
export function periodShort(start: string, end: string): string {
  return start.slice(0, 7) === end.slice(0, 7) ? start.slice(0, 7) : `${start.slice(0, 7)} – ${end.slice(0, 7)}`;
}

/**
 * An item text with the period filled in: {period} (periodName), {period_short} (periodShort),
 * {period_start} and {period_end} (ISO dates). Other braces are left as written.
 */
export function fillPeriod(text: string, interval: Interval, p: Pick<Period, "start" | "end">): string {
  const forms: Record<string, string> = {
    period: periodName(interval, p.start, p.end),
    period_short: periodShort(p.start, p.end),
    period_start: p.start,
    period_end: p.end,
  };
  return text.replace(/\{(period|period_short|period_start|period_end)\}/g, (_, k: string) => forms[k]);
}

/** The terms a period is invoiced under: the latest version effective on or before its start. */
export function versionFor<V extends { effectiveFrom: string }>(versions: readonly V[], periodStart: string): V | null {
  let best: V | null = null;
  for (const v of versions)
    if (v.effectiveFrom <= periodStart && (best === null || v.effectiveFrom > best.effectiveFrom)) best = v;
  return best;
}

/** Refusals worth another try on the next sweep (the email provider, the service itself). */
const TRANSIENT = new Set(["INVOICE_SEND_PROVIDER_FAILED", "INTERNAL_ERROR", "SERVICE_UNAVAILABLE"]);

/**
 * What an action's answer means for the made invoice: done (or sent already), retry on the next
 * sweep (a transient refusal), or failed (the invoice stays a draft for a person).
 */
export function actionOutcome(refusal: string | null): "done" | "retry" | "failed" {
  if (refusal === null || refusal === "INVOICE_ALREADY_SENT") return "done";
  return TRANSIENT.has(refusal) ? "retry" : "failed";
}
