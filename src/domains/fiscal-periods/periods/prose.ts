// The OpenAPI prose of the fiscal periods' periods room (routes.ts, schemas.ts), kept out of the route constants (issue #42).
import { prose } from "../../../http/prose";

export const PROSE = {
  openNextYearDescription: prose`
    Creates the twelve-month year that follows the latest period, chained by previous_period_id.
    No body.
  `,
  lockPeriodDescription: prose`
    Without a body the whole period is locked: no entry may be dated in it until unlocked. With
    lock_date inside the period only entries dated on or before it are refused (PERIOD_LOCKED
    with details.fiscal_period_id and details.lock_date), so a filed VAT quarter is frozen while
    the next is booked; the lock date only moves forward. Refused with PERIOD_LOCK_HAS_DRAFTS
    (details.draft_count) while drafts exist in what would be locked; PERIOD_LOCK_ALREADY_LOCKED
    when closed, or when a lock_date asks for no more than is locked. Locking the whole of a
    period already locked as a whole (the return of its last VAT period locks it so) answers 200
    with the period as it is and writes nothing.
  `,
  unlockPeriodDescription: prose`
    Takes off one lock, the latest first: a period locked as a whole opens the dates after its
    lock date and keeps that date (a declared VAT quarter stays frozen); a period with only a
    lock date loses it. PERIOD_UNLOCK_NOT_LOCKED when neither is set; PERIOD_UNLOCK_CLOSED when
    the year is closed, which is irreversible.
  `,
  FiscalPeriodSchemaDescription: prose`
    entries dated on or before it are refused (PERIOD_LOCKED); the period's end when it is
    locked as a whole or closed
  `,
  FiscalPeriodSchemaDescription2: prose`
    closed as a year whose year-end was made in another program (POST .../close with
    closed_externally); only such a year can be reopened
  `,
  LockBodyDescription: prose`
    lock up to and including this date only; omitted (or on or after the period's end) locks the
    whole period
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  listFiscalPeriods: {
    summary: "List fiscal periods, newest first",
  },
  openNextYear: {
    summary: "Open the next fiscal year",
    description: PROSE.openNextYearDescription,
  },
  lockPeriod: {
    summary: "Lock a period, or lock it up to a date",
    description: PROSE.lockPeriodDescription,
  },
  unlockPeriod: {
    summary: "Unlock a locked period, or remove its lock date (not a closed one)",
    description: PROSE.unlockPeriodDescription,
  },
};
