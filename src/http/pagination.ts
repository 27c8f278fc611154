// Keyset pagination over (sort key, id). Pages are fetched with limit + 1 rows; the
// extra row only tells whether a next page exists.
import { and, eq, gt, lt, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Context } from "hono";
import type { AppEnv } from "./context";
import { decodeCursor, encodeCursor, type CursorPosition } from "./cursor";

export interface PageRequest {
  scope: string;
  position: CursorPosition | null;
  limit: number;
}

export async function pageRequest(
  c: Context<AppEnv>,
  scope: string,
  cursor: string | undefined,
  limit: number,
): Promise<PageRequest> {
  return { scope, position: await decodeCursor(c.env.CURSOR_SECRET, scope, cursor), limit };
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

export async function finishPage<T>(
  c: Context<AppEnv>,
  page: PageRequest,
  rows: T[],
  key: (row: T) => { k: string; i: string },
): Promise<{ items: T[]; nextCursor: string | null }> {
  if (rows.length <= page.limit) return { items: rows, nextCursor: null };
  const items = rows.slice(0, page.limit);
  const last = key(items[items.length - 1]);
  return { items, nextCursor: await encodeCursor(c.env.CURSOR_SECRET, { ...last, s: page.scope }) };
}
