// The minute sweep's part of the month's close: for the month before the current one, each
// company with a fiscal period covering it whose month is not yet announced ready and was not
// checked within the hour gets month_close.check.
import type { Database } from "../../db/client";
import { companiesWithPeriodCovering } from "../fiscal-periods";
import { monthStatesOf } from "./queries";
import { monthRange, previousMonth } from "./rules";

/** How often a month not yet ready is computed again by the sweep. */
export const RECHECK_MS = 60 * 60 * 1000;

export async function monthsToCheck(db: Database, now: string): Promise<{ companyId: string; month: string }[]> {
  const month = previousMonth(now.slice(0, 10));
  const companies = await companiesWithPeriodCovering(db, monthRange(month).to);
  const states = new Map((await monthStatesOf(db, companies, month)).map((s) => [s.companyId, s]));
  return companies
    .filter((id) => {
      const s = states.get(id);
      return !s || (!s.readyAt && Date.parse(now) - Date.parse(s.checkedAt) >= RECHECK_MS);
    })
    .map((companyId) => ({ companyId, month }));
}
