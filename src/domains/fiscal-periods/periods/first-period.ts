// A new company's first fiscal year, planned by company creation.
import type { Statement } from "../../../commands/plan";
import type { Database } from "../../../db/client";
import { fiscalPeriods } from "../../../db/schema";

export function planFirstPeriod(
  db: Database,
  p: { id: string; companyId: string; name: string; start: string; end: string; now: string },
): Statement {
  return db.insert(fiscalPeriods).values({
    id: p.id,
    companyId: p.companyId,
    name: p.name,
    periodStart: p.start,
    periodEnd: p.end,
    createdAt: p.now,
  });
}
