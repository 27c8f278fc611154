// The SIE import's floor (bench/sie-import.mjs): the entry and line rows an import of
// `entries` vouchers of `lines_per_entry` lines writes, inserted raw into D1 with the
// same technique as the import (JSON text unpacked by json_each, src/db/json-insert.ts)
// and the same sizes (JSON_INSERT_CHUNK rows a statement, `entries_per_batch`
// entries per D1 batch), nothing read, checked or announced. Body: { company_id,
// fiscal_period_id, entries, lines_per_entry?, entries_per_batch?, entry_date?, ids? };
// the company is a throwaway one the benchmark made, its entries are in series Z.
// `ids`: "time-ordered" (the default) gives the rows the ids the ledger gives them
// (src/ids.ts), so the floor inserts the same rows as the import; "random" gives random
// UUIDs (v4), the ids every row had before, to show what time-ordered ids are worth.
import type { Hono } from "hono";
import type { AppEnv } from "./context";
import { homeBindingOf } from "../db/homes";
import { JSON_INSERT_CHUNK } from "../db/json-insert";
import { newId } from "../ids";

const ACCOUNTS = ["1930", "3001", "3001", "2611", "3740"];

type Row = Record<string, string | number | null>;

/**
 * The rows as src/db/json-insert.ts writes them: JSON_INSERT_CHUNK rows a statement,
 * one json_extract per column, for the table's columns as the database has them
 * (PRAGMA table_info), so the floor follows the schema without naming the ledger's
 * tables in code outside the ledger.
 */
async function jsonInserter(d1: D1Database, table: string) {
  const info = await d1.prepare(`PRAGMA table_info(${table})`).all<{ name: string }>();
  const columns = info.results.map((c) => c.name);
  const sql = `INSERT INTO ${table} (${columns.join(", ")}) SELECT ${columns
    .map(
      (c) => `json_extract(value,
    '$.${c}')`,
    )
    .join(", ")} FROM json_each(?)`;
  return (rows: Row[]) => {
    const out: D1PreparedStatement[] = [];
    for (let i = 0; i < rows.length; i += JSON_INSERT_CHUNK)
      out.push(d1.prepare(sql).bind(JSON.stringify(rows.slice(i, i + JSON_INSERT_CHUNK))));
    return out;
  };
}

export function sieImportFloor(floors: Hono<AppEnv>) {
  floors.post("/sie-rows", async function sieRowsFloor(c) {
    const body = (await c.req.json()) as {
      company_id: string;
      fiscal_period_id: string;
      entries: number;
      lines_per_entry?: number;
      entries_per_batch?: number;
      entry_date?: string;
      ids?: "time-ordered" | "random";
    };
    const entries = Math.max(1, Math.min(1_000_000, Number(body.entries) || 1));
    const perEntry = Math.max(1, Math.min(20, Number(body.lines_per_entry) || 5));
    const perBatch = Math.max(1, Math.min(20_000, Number(body.entries_per_batch) || 1000));
    const date = body.entry_date ?? "2025-06-15";
    const id = body.ids === "random" ? () => crypto.randomUUID() : newId;
    const d1 = await homeBindingOf(c.env, body.company_id);
    const insertEntries = await jsonInserter(d1, "journal_entries");
    const insertLines = await jsonInserter(d1, "journal_lines");
    const now = new Date().toISOString();
    let batches = 0;
    const t0 = performance.now();
    for (let first = 0; first < entries; first += perBatch) {
      const rows: Row[] = [];
      const lines: Row[] = [];
      for (let v = first; v < Math.min(entries, first + perBatch); v++) {
        const entryId = id();
        rows.push({
          id: entryId,
          company_id: body.company_id,
          fiscal_period_id: body.fiscal_period_id,
          voucher_series: "Z",
          voucher_number: v + 1,
          entry_date: date,
          description: `Floor ${v + 1}`,
          status: "posted",
          source_type: "bench_floor",
          source_id: `floor:${v}`,
          reverses_id: null,
          reversed_by_id: null,
          correction_of_id: null,
          total_ore: 12500,
          created_at: now,
          posted_at: now,
          cancelled_at: null,
        });
        for (let i = 0; i < perEntry; i++) {
          lines.push({
            id: id(),
            company_id: body.company_id,
            journal_entry_id: entryId,
            sort_order: i + 1,
            account_number: ACCOUNTS[i % ACCOUNTS.length],
            debit_ore: i === 0 ? 12500 : 0,
            credit_ore: i === 0 ? 0 : 2500,
            line_description: null,
            dimensions: null,
            entry_date: date,
          });
        }
      }
      const [head, ...rest] = [...insertEntries(rows), ...insertLines(lines)];
      await d1.batch([head, ...rest]);
      batches++;
    }
    const ms = performance.now() - t0;
    return c.json({ entries, lines: entries * perEntry, batches, ms });
  });
}
