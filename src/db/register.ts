// Queries shared by the company registers that hold parties (customers, suppliers):
// the same columns, the same list order and search, the same org-number uniqueness,
// the same soft delete.
import { and, eq, isNull, ne } from "drizzle-orm";
import type { Statement } from "./statement";
import type { Database } from "./client";
import { companyPage, type PageRequest } from "./pagination";
import type { customers, suppliers } from "./schema";
import { nameOrOrgNumber } from "./search";

export type PartyTable = typeof customers | typeof suppliers;

export async function listParties<T extends PartyTable>(
  db: Database,
  table: T,
  companyId: string,
  q: { include_archived?: boolean; search?: string },
  page: PageRequest,
) {
  const t = table as PartyTable;
  return companyPage(
    db,
    table,
    companyId,
    page,
    q.include_archived ? undefined : isNull(t.archivedAt),
    nameOrOrgNumber(t.name, t.orgNumber, q.search),
  );
}

/** Whether another row of the company (archived ones too) already has this organisation number. */
export async function orgNumberTaken(
  db: Database,
  table: PartyTable,
  companyId: string,
  orgNumber: string,
  exceptId: string | null,
): Promise<boolean> {
  const row = await db
    .select({ id: table.id })
    .from(table)
    .where(
      and(
        eq(table.companyId, companyId),
        eq(table.orgNumber, orgNumber),
        exceptId ? ne(table.id, exceptId) : undefined,
      ),
    )
    .get();
  return !!row;
}

/** Soft delete: archiving an archived row changes nothing. */
export function archiveStatements(
  db: Database,
  table: PartyTable,
  row: { id: string; archivedAt: string | null },
  now: string,
): Statement[] {
  return row.archivedAt ? [] : [db.update(table).set({ archivedAt: now, updatedAt: now }).where(eq(table.id, row.id))];
}
