// Keyset pagination over (sort key, id), the request side: the cursor a client sends,
// and the next one. Pages are fetched with limit + 1 rows; the extra row only tells
// whether a next page exists. The query side is src/db/pagination.ts.
import type { Context } from "hono";
import type { PageRequest } from "../db/pagination";
import type { AppEnv } from "./context";
import { decodeCursor, encodeCursor } from "./cursor";

export { afterAsc, afterDesc, companyPage, type PageRequest } from "../db/pagination";

export async function pageRequest(
  c: Context<AppEnv>,
  scope: string,
  cursor: string | undefined,
  limit: number,
): Promise<PageRequest> {
  return { scope, position: await decodeCursor(c.env.CURSOR_SECRET, scope, cursor), limit };
}

/** The key of a page in the usual order, newest first: a row's creation time, then its id. */
export const byCreated = (row: { createdAt: string; id: string }) => ({ k: row.createdAt, i: row.id });

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
