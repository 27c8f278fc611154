// Many rows in a few statements. D1 binds at most 100 parameters a statement, which
// allows only a handful of rows per multi-row INSERT; instead the rows travel as one
// JSON text per statement and SQLite unpacks them with json_each. Chunks of at most
// 500 rows keep each text well under D1's size limits.
import { getTableColumns, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "./client";
import type { Statement } from "./statement";

export const JSON_INSERT_CHUNK = 500;

/**
 * INSERT ... SELECT from json_each: one json_extract per column, in the table's own
 * column order (drizzle lists the columns so); the JSON keys are the rows' property
 * names. An object value (a JSON column) comes back as its JSON text, as drizzle stores it.
 */
export function insertFromJson<T extends SQLiteTable>(db: Database, table: T, rows: T["$inferInsert"][]): Statement[] {
  const columns = sql.raw(
    Object.keys(getTableColumns(table))
      .map((key) => `json_extract(value, '$.${key}')`)
      .join(", "),
  );
  const out: Statement[] = [];
  for (let i = 0; i < rows.length; i += JSON_INSERT_CHUNK) {
    out.push(
      db
        // biome-ignore lint/suspicious/noExplicitAny: drizzle types insert() by a concrete table; these helpers take any table
        .insert(table as any)
        .select(
          sql`SELECT ${columns} FROM json_each(${JSON.stringify(rows.slice(i, i + JSON_INSERT_CHUNK))})`,
        ) as Statement,
    );
  }
  return out;
}

/**
 * Adds rows' debit_ore and credit_ore to the rows already under the same key, or inserts
 * them: running sums (balances) kept by many rows in a few statements. `WHERE true` is
 * SQLite's rule for an upsert whose source is a SELECT (it parses ON CONFLICT otherwise
 * as a join constraint).
 */
export function upsertSums<T extends SQLiteTable & { debitOre: SQLiteColumn; creditOre: SQLiteColumn }>(
  db: Database,
  table: T,
  rows: T["$inferInsert"][],
  key: SQLiteColumn[],
): Statement[] {
  const values = sql.raw(
    Object.keys(getTableColumns(table))
      .map((k) => `json_extract(value, '$.${k}')`)
      .join(", "),
  );
  const out: Statement[] = [];
  for (let i = 0; i < rows.length; i += JSON_INSERT_CHUNK) {
    out.push(
      // biome-ignore lint/suspicious/noExplicitAny: drizzle types insert() by a concrete table; these helpers take any table
      (db.insert(table as any) as any)
        .select(
          sql`SELECT ${values} FROM json_each(${JSON.stringify(rows.slice(i, i + JSON_INSERT_CHUNK))}) WHERE true`,
        )
        .onConflictDoUpdate({
          target: key,
          set: {
            debitOre: sql`${table.debitOre} + excluded.debit_ore`,
            creditOre: sql`${table.creditOre} + excluded.credit_ore`,
          },
        }) as Statement,
    );
  }
  return out;
}
