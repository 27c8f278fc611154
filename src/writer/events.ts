// What a write announces and what it posted: the vocabulary the ledger and the command
// runner share (the ledger keys events to the entries it posts; the runner writes them
// to the outbox in the same batch).
import type { SQL } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";

export interface VoucherRef {
  entryId: string;
  series: string;
  number: number;
  immutableAt: string;
}

export interface PlannedEvent {
  type: string;
  object: unknown;
  previousAttributes?: unknown;
  /**
   * Set on the events of rows the same batch inserts by the thousand (an import's
   * entries): the outbox row's object is built by the database from that row, so the
   * objects never travel to it as JSON; `object` is then read only for a webhook's
   * delivery, and must equal what `source.object` gives. Such events carry no
   * previous attributes.
   */
  fromRow?: { id: string; source: RowObjectSource };
}

/** An event's object as SQL over a row of `table`, aliased `src` (src/ledger/entry-json.ts). */
export interface RowObjectSource {
  table: SQLiteTable;
  object: SQL;
}
