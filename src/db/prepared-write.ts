// A write statement whose SQL text is a constant: no query builder at commit time. drizzle
// builds an insert anew for every batch (its chunks, its columns, `is` checks on each),
// which for a row written by every commit is most of that row's cost (issue #45:
// docs/verifiable-ledger.md, "Cost on the commit path"). A PreparedWrite is a batch item as
// drizzle's D1 batch takes one (`_prepare()`: the bound D1 statement and the query), renders
// itself as SQL for a parked batch (`toSQL()`), and declares the table it writes, so the
// company's writer drops exactly what it would for drizzle's own insert
// (src/writer/company-state.ts, writtenTables).
import type { Database } from "./client";
import type { Statement } from "./statement";

export class PreparedWrite {
  /** what drizzle's batch reads of its items' types (RunnableQuery) */
  declare readonly _: { readonly dialect: "sqlite"; readonly result: D1Result };

  constructor(
    private readonly db: Database,
    /** the SQL name of the table the statement writes */
    readonly table: string,
    readonly sql: string,
    readonly params: unknown[],
  ) {}

  /** The statement as SQL text and its parameters (a parked batch stores it so). */
  toSQL(): { sql: string; params: unknown[] } {
    return { sql: this.sql, params: this.params };
  }

  /** For drizzle's D1 batch (drizzle-orm/d1/session.js): the statement to bind, its query, its result. */
  _prepare() {
    const query = { sql: this.sql, params: this.params };
    return {
      stmt: this.db.$client.prepare(this.sql),
      getQuery: () => query,
      mapResult: (result: unknown) => result,
    };
  }
}

/** A write of `table` by constant SQL and its parameters, as a statement of a batch. */
export function preparedWrite(db: Database, table: string, sql: string, params: unknown[]): Statement {
  return new PreparedWrite(db, table, sql, params) as unknown as Statement;
}
