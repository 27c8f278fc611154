// The one clock. Everything that asks "now" or "today" asks here, so tests and
// operators can reason about time in one place.

let offsetMs = 0;

export function nowMs(): number {
  return Date.now() + offsetMs;
}

export function nowIso(): string {
  return new Date(nowMs()).toISOString();
}

/** Today's date in UTC, YYYY-MM-DD. */
export function todayUtc(): string {
  return nowIso().slice(0, 10);
}

/** Moves the clock by `ms` (tests only; the Worker never calls it). */
export function shiftClock(ms: number): void {
  offsetMs += ms;
}
