// Keyset pagination over (sort key, id), the query side: which rows follow a cursor's
// position. Decoding and signing the cursor is the HTTP pipeline's (src/http/pagination.ts).
import { and, asc, desc, eq, gt, lt, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "./client";

/** A cursor's position: the sort key and the id of the last row of the page before. */
export interface KeysetPosition {
  k: string;
  i: string;
}

export interface PageRequest {
  scope: string;
  position: KeysetPosition | null;
  limit: number;
}

/** Rows after the cursor for ORDER BY sortCol DESC, id ASC (the spec's default list order). */
export function afterDesc(page: PageRequest, sortCol: SQLiteColumn, idCol: SQLiteColumn): SQL | undefined {
  const p = page.position;
  if (!p) return undefined;
  return or(lt(sortCol, p.k), and(eq(sortCol, p.k), gt(idCol, p.i)));
}

/** Rows after the cursor for ORDER BY sortCol ASC, id ASC. */
export function afterAsc(page: PageRequest, sortCol: SQLiteColumn | SQL, idCol: SQLiteColumn): SQL | undefined {
  const p = page.position;
  if (!p) return undefined;
  return sql`(${sortCol} > ${p.k} OR (${sortCol} = ${p.k} AND ${idCol} > ${p.i}))`;
}

/** A table of a company's rows that lists in the default order: creation time, then id. */
type CompanyRows = SQLiteTable & { companyId: SQLiteColumn; createdAt: SQLiteColumn; id: SQLiteColumn };

/**
 * One page of a company's rows of `table` that pass `filters`, newest first (ORDER BY
 * created_at DESC, id ASC), with one row more than the page to tell whether another follows.
 */
export function companyPage<T extends CompanyRows>(
  db: Database,
  table: T,
  companyId: string,
  page: PageRequest,
  ...filters: (SQL | undefined)[]
) {
  const t = table as CompanyRows;
  return db
    .select()
    .from(t)
    .where(and(eq(t.companyId, companyId), ...filters, afterDesc(page, t.createdAt, t.id)))
    .orderBy(desc(t.createdAt), asc(t.id))
    .limit(page.limit + 1)
    .all() as Promise<T["$inferSelect"][]>;
}
