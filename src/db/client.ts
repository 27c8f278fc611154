import { drizzle } from "drizzle-orm/d1";

export type Database = ReturnType<typeof database>;

/**
 * The query builder over D1. Without the schema: nothing uses drizzle's relational
 * queries (db.query), and with it every call worked out the relations of all the tables
 * again, a few milliseconds each time, on every command and request.
 */
export function database(env: { DB: D1Database }) {
  return drizzle(env.DB);
}
