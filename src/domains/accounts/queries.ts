// Reads of the chart that other domains need, and the seeding of a new company's chart.
import { and, eq, sql } from "drizzle-orm";
import type { Statement } from "../../commands/plan";
import type { Database } from "../../db/client";
import { accounts, basAccounts } from "../../db/schema";

export type AccountRow = typeof accounts.$inferSelect;

/** The account if it is in the company's chart and active, else undefined. */
export async function findActiveAccount(
  db: Database,
  companyId: string,
  number: string,
): Promise<AccountRow | undefined> {
  const row = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.companyId, companyId), eq(accounts.number, number)))
    .get();
  return row?.isActive ? row : undefined;
}

/** A new company's chart: the whole BAS reference chart the migration seeded, in one statement. */
export function planChartForNewCompany(db: Database, companyId: string, now: string): Statement {
  return db.insert(accounts).select(
    db
      .select({
        companyId: sql<string>`${companyId}`.as("company_id"),
        number: basAccounts.number,
        name: basAccounts.name,
        type: basAccounts.type,
        isActive: sql<boolean>`1`.as("is_active"),
        k2Excluded: basAccounts.k2Excluded,
        isCustom: sql<boolean>`0`.as("is_custom"),
        createdAt: sql<string>`${now}`.as("created_at"),
        updatedAt: sql<string>`${now}`.as("updated_at"),
      })
      .from(basAccounts),
  );
}
