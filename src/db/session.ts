// D1's Sessions API (read replication): every query of one session is sequentially
// consistent, and a session started from a bookmark reads at least the state the
// bookmark names, from a replica near the caller when one is that fresh, else the
// primary. Bookmarks are lexicographically sortable, oldest first (D1 glossary,
// developers.cloudflare.com/d1/reference/glossary/).

export interface SessionDatabase {
  /** the binding with its statements and batches run in the session; anything else as the binding does */
  readonly d1: D1Database;
  /** the latest state the session has seen, once it has run a query */
  bookmark(): string | null;
}

/** Where a session starts: a bookmark, or one of D1's two constraints. */
export type SessionStart = D1SessionBookmark | "first-primary" | "first-unconstrained";

/**
 * The binding seen through a session. The code above uses `prepare` and `batch` (drizzle
 * does too); `exec`, `dump` and `withSession` go to the binding itself, so a session can
 * be started again from the object handed on (the MCP route calls the app in-process).
 */
export function sessionDatabase(d1: D1Database, start: SessionStart): SessionDatabase {
  const session = d1.withSession(start);
  const wrapped = new Proxy(d1, {
    get(target, prop) {
      if (prop === "prepare") return (sql: string) => session.prepare(sql);
      if (prop === "batch") return (statements: D1PreparedStatement[]) => session.batch(statements);
      const value = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { d1: wrapped, bookmark: () => session.getBookmark() };
}

/** The database a named bookmark is of ("" for an unnamed one). */
function databaseOf(bookmark: string): string {
  const colon = bookmark.indexOf(":");
  return colon < 0 ? "" : bookmark.slice(0, colon);
}

/**
 * The later of two bookmarks (either may be absent): of one database the greater (they sort
 * oldest first), of two databases the second, the one seen last.
 */
export function laterBookmark(a: string | null | undefined, b: string | null | undefined): string | null {
  if (!a) return b ?? null;
  if (!b) return a;
  if (databaseOf(a) !== databaseOf(b)) return b;
  return a > b ? a : b;
}

/** A bookmark as this service answers it: the database's binding name, a colon, D1's bookmark. */
export function namedBookmark(database: string, bookmark: string | null | undefined): string | null {
  return bookmark ? `${database}:${bookmark}` : null;
}
