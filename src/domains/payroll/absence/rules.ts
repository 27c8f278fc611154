// The calendar of absence days: ranges and months, pure.
import { ApiError, fieldError } from "../../../errors/api-error";

export const ABSENCE_MAX_RANGE_DAYS = 92;

export const DAY = 86_400_000;
export const toDay = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
export const fromDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** Inclusive number of calendar days from `from` to `to`. */
export const daysInRange = (from: string, to: string) => Math.round((toDay(to) - toDay(from)) / DAY) + 1;
export const lastDayOfMonth = (y: number, m: number) => fromDay(Date.UTC(y, m, 0));

export function assertAbsenceRange(from: string, to: string, field: string) {
  if (to < from) throw fieldError(field, "the end is before the start");
  const days = daysInRange(from, to);
  if (days > ABSENCE_MAX_RANGE_DAYS)
    throw new ApiError("ABSENCE_RANGE_TOO_LARGE", { from, to, days, max_days: ABSENCE_MAX_RANGE_DAYS });
}
