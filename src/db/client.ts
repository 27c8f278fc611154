import { drizzle } from "drizzle-orm/d1";

export type Database = ReturnType<typeof database>;

/**
 * The query builder over the company's home database. Without the schema: nothing uses drizzle's relational
 * queries (db.query), and with it every call worked out the relations of all the tables
 * again, a few milliseconds each time, on every command and request.
 */
export function database(env: { DB: D1Database }) {
  // DB is the company's home, set once a request or a job has entered its company
  // (src/db/homes.ts); code without a company reads the directory by name instead
  if (!env.DB) throw new Error("database(env) outside a company: no home database entered (use directory(env))");
  return drizzle(env.DB);
}
