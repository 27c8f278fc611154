// Issue #34 item 4, the reading split: a large CSV file is read in byte ranges, each its own queue
// message (bank_import.range), then checked whole on the ranges' facts (bank_import.ranges_read)
// before its chunks are stored. Here a range is 256 bytes (BANK_IMPORT_RANGE_BYTES) and a chunk 5
// rows, and each file is imported twice, into two companies: once read whole (ranges of 256 KiB,
// the default, larger than the file) and once in ranges; the operation's result, the stored rows
// (their order, external ids, balances) and the refusals must be the same. The test runs the
// queue's messages itself (in the order they were sent) so it sees every step.
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { OPERATION_HANDLERS } from "../../src/app/operations";
import { runBankImportChunk, runBankImportRange, runBankImportRangesRead } from "../../src/domains/bank-transactions";
import { runOperation } from "../../src/domains/operations/commands";
import type { Job } from "../../src/queue";
import { BASE, call, companyFixture, countOf } from "../helpers";
import { booksDb, homeEnv } from "../books";

const YEAR_2026 = {
  first_fiscal_year: { start_date: "2026-01-01", end_date: "2026-12-31" },
  fiscal_year_start_month: 1,
};
const clock = () => new Date().toISOString();

/** The Worker's env with its queue kept here: ranges of `rangeBytes` (undefined: the default) and chunks of 5 rows. */
async function workerEnv(companyId: string, rangeBytes?: number) {
  const sent: Job[] = [];
  const JOBS = {
    send: async (body: Job) => {
      sent.push(body);
    },
    sendBatch: async (messages: { body: Job }[]) => {
      sent.push(...messages.map((m) => m.body));
    },
  };
  const vars = { BANK_IMPORT_CHUNK_ROWS: "5", ...(rangeBytes && { BANK_IMPORT_RANGE_BYTES: String(rangeBytes) }) };
  return { env: { ...(await homeEnv(companyId)), ...vars, JOBS } as unknown as typeof env, sent };
}

/** Runs the queue's messages as the consumer would, first sent first, until none is left; returns their types. */
async function drain(worker: Awaited<ReturnType<typeof workerEnv>>, twice: Job["type"][] = []) {
  const ran: Job["type"][] = [];
  while (worker.sent.length) {
    const job = worker.sent.shift()!;
    ran.push(job.type);
    const times = twice.includes(job.type) ? 2 : 1;
    for (let i = 0; i < times; i++) {
      if (job.type === "bank_import.range") await runBankImportRange(worker.env, job, clock);
      else if (job.type === "bank_import.ranges_read") await runBankImportRangesRead(worker.env, job, clock);
      else if (job.type === "bank_import.chunk") await runBankImportChunk(worker.env, job, clock);
      else throw new Error(`unexpected job ${job.type}`);
    }
  }
  return ran;
}

async function startImport(key: string, companyId: string, text: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.append("file", new File([new TextEncoder().encode(text)], "kontoutdrag.csv"));
  form.append("settlement_account", "1930");
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await SELF.fetch(`${BASE}/api/v1/companies/${companyId}/imports/bank`, {
    method: "POST",
    headers: { Authorization: `Bearer ${key}` },
    body: form,
  });
  const body = (await res.json()) as any;
  expect(res.status, JSON.stringify(body)).toBe(202);
  return body.data.operation_id as string;
}

/** Imports the file through the given env to the operation's end; the operation as the API shows it, and the messages run. */
async function importThrough(
  f: { actor: { key: string }; companyId: string },
  text: string,
  rangeBytes: number | undefined,
  fields: Record<string, string> = {},
  twice: Job["type"][] = [],
) {
  const opId = await startImport(f.actor.key, f.companyId, text, fields);
  const worker = await workerEnv(f.companyId, rangeBytes);
  await runOperation(worker.env, opId, OPERATION_HANDLERS, clock);
  const ran = await drain(worker, twice);
  const op = (await call("GET", `/api/v1/operations/${opId}`, { key: f.actor.key })).body.data;
  return { op, ran, opId };
}

/** The company's stored rows in the order they were stored, with what a reader compares. */
async function storedRows(companyId: string) {
  const rows = await booksDb
    .prepare(
      `SELECT date, amount_ore, external_id, balance_after_ore, description, dedupe_key, currency
       FROM bank_transactions WHERE company_id = ? ORDER BY rowid`,
    )
    .bind(companyId)
    .all();
  return rows.results;
}

/** The result without what differs between two imports of the same file (its id). */
const comparable = (result: any) => {
  const { import_id: _id, ...rest } = result;
  return rest;
};

/**
 * A generic_csv export newest first with a running balance (Saldo), 140 rows over March 2026:
 * ids R-0.. with R-3 repeated in a later range (no row rejected: a rejected row would break the
 * balance chain, and the rows would be sorted by date instead), one description with an ESC and one quoted text holding the separator and a line
 * break (the range split must not cut inside it).
 */
function newestFirstWithBalance(): string {
  type Row = { date: string; amount: number; text: string; id: string };
  const rows: Row[] = [];
  for (let i = 0; i < 140; i++) {
    const day = 1 + Math.floor(i / 5);
    rows.push({
      date: `2026-03-${String(day).padStart(2, "0")}`,
      amount: (i % 7 === 0 ? 1 : -1) * (1000 + i * 37),
      text: `Köp ${i}`,
      id: `R-${i}`,
    });
  }
  rows[50].id = "R-3";
  rows[90].id = "R-3";
  rows[20].text = "Kortköp\u001b ICA";
  rows[60].text = '"Hyra; mars\nandra raden"';
  let balance = 500_000;
  const lines = rows.map((r) => {
    balance += r.amount;
    const kr = (ore: number) =>
      `${ore < 0 ? "-" : ""}${Math.floor(Math.abs(ore) / 100)},${String(Math.abs(ore) % 100).padStart(2, "0")}`;
    return `${r.date};${kr(r.amount)};${r.text};${r.id};${kr(balance)}`;
  });
  // newest first: the export lists the last row first
  return `Datum;Belopp;Text;Referens;Saldo\n${lines.reverse().join("\n")}\n`;
}

/** Oldest first, no balance, 120 rows; `late` puts one more row at the end, dated as given. */
function oldestFirst(late?: string): string {
  const lines = ["Bokföringsdag;Belopp;Beskrivning;Transaktions-id"];
  for (let i = 0; i < 120; i++)
    lines.push(`2026-04-${String(1 + Math.floor(i / 4)).padStart(2, "0")};-${10 + i},50;Betalning ${i};T-${i % 100}`);
  // one amount that is not an amount and one impossible date: each rejected alone, with its line
  lines[70] = lines[70].replace(/;-\d+,50;/, ";-12,3,4;");
  lines[90] = lines[90].replace(/^2026-04-\d\d/, "2026-02-30");
  if (late) lines.push(`${late};-1,00;Sen rad;T-late`);
  return `${lines.join("\r\n")}\r\n`;
}

const MAPPING = JSON.stringify({
  date: "Datum",
  amount: "Belopp",
  description: "Text",
  external_id: "Referens",
  balance: "Saldo",
});

describe("a CSV file read in byte ranges reads as the whole file (issue #34 item 4)", () => {
  const whole = companyFixture({ name: "Helfil AB", ...YEAR_2026 });
  const ranged = companyFixture({ name: "Bitvis AB", ...YEAR_2026 });

  it("newest first with a running balance: the same result, rows, order, external ids and balances", async () => {
    const text = newestFirstWithBalance();
    const fields = { format: "generic_csv", mapping: MAPPING };
    const a = await importThrough(whole, text, undefined, fields);
    const b = await importThrough(ranged, text, 256, fields, ["bank_import.range", "bank_import.chunk"]);
    // read whole: no range message; in ranges: one per range, then the finishing one, then the chunks
    expect(a.ran.includes("bank_import.range")).toBe(false);
    expect(b.ran.filter((t) => t === "bank_import.range").length).toBeGreaterThan(10);
    // the last range delivered twice sends the finishing message twice; the second does nothing
    expect(b.ran.filter((t) => t === "bank_import.ranges_read")).toHaveLength(2);
    expect(a.op.status, JSON.stringify(a.op.error)).toBe("succeeded");
    expect(b.op.status, JSON.stringify(b.op.error)).toBe("succeeded");
    expect(comparable(b.op.result)).toEqual(comparable(a.op.result));
    // what the file reads to: 140 rows chained newest first, the opening balance 5 000 kr
    expect(a.op.result).toMatchObject({ rows_inserted: 140, rows_rejected: 0, earliest_date: "2026-03-01" });
    expect(a.op.result.statements[0].opening_balance).toBe(5000);
    expect(a.op.result.statements[0].balance_check).toBe("ok");
    expect(a.op.result.warnings.join(" ")).toContain("control or bidirectional characters removed");
    const rowsA = await storedRows(whole.companyId);
    const rowsB = await storedRows(ranged.companyId);
    expect(rowsB).toEqual(rowsA);
    // the repeated id: the later rows in the statement's order (oldest first) get #2 and #3
    const r3 = rowsA.filter((r: any) => r.external_id === "R-3" || String(r.external_id).startsWith("R-3#"));
    expect(r3.map((r: any) => r.external_id)).toEqual(["R-3", "R-3#2", "R-3#3"]);
    // the quoted separator and line break stayed inside their row (the line break read as a space)
    expect(rowsA.some((r: any) => r.description === "Hyra; mars andra raden")).toBe(true);
    // oldest first in the books, each balance the one before plus the amount
    for (let i = 1; i < rowsB.length; i++)
      expect(rowsB[i].balance_after_ore).toBe(
        (rowsB[i - 1].balance_after_ore as number) + (rowsB[i].amount_ore as number),
      );
    expect(await countOf("SELECT COUNT(*) AS n FROM bank_import_ranges WHERE company_id = ?", ranged.companyId)).toBe(
      b.ran.filter((t) => t === "bank_import.range").length,
    );
  });

  it("oldest first without a balance, CRLF, a detected layout: the same result and rows; a re-import stores nothing", async () => {
    const text = oldestFirst();
    const a = await importThrough(whole, text, undefined);
    const b = await importThrough(ranged, text, 256);
    expect(b.ran.filter((t) => t === "bank_import.range").length).toBeGreaterThan(5);
    expect(b.op.status, JSON.stringify(b.op.error)).toBe("succeeded");
    expect(comparable(b.op.result)).toEqual(comparable(a.op.result));
    // T-0..T-19 come twice: the second of each is #2; line 71's amount and line 91's date are rejected
    expect(a.op.result).toMatchObject({ rows_inserted: 118, rows_rejected: 2 });
    expect(a.op.result.rejected.map((r: any) => r.line)).toEqual([71, 91]);
    const ids = (await storedRows(ranged.companyId)).map((r: any) => String(r.external_id));
    expect(ids.filter((i) => i.startsWith("T-") && i.endsWith("#2"))).toHaveLength(20);
    const t = (rows: any[]) => rows.filter((r) => String(r.external_id).startsWith("T-"));
    expect(t(await storedRows(ranged.companyId))).toEqual(t(await storedRows(whole.companyId)));
    const again = await importThrough(ranged, text, 256);
    expect(again.op.result).toMatchObject({ rows_inserted: 0, rows_skipped_duplicate: 118 });
  });

  it("a whole-file refusal found in the last range stores nothing, with the whole reading's error", async () => {
    const text = oldestFirst("2031-01-05");
    const a = await importThrough(whole, text, undefined);
    const before = await countOf("SELECT COUNT(*) AS n FROM bank_transactions WHERE company_id = ?", ranged.companyId);
    const b = await importThrough(ranged, text, 256);
    expect(b.op.status).toBe("failed");
    expect(b.op.error).toEqual(a.op.error);
    expect(b.op.error.code).toBe("BANK_STATEMENT_DATES_OUTSIDE_FISCAL_YEARS");
    expect(b.op.error.details.rows_outside).toBe(1);
    expect(b.ran).not.toContain("bank_import.chunk");
    expect(await countOf("SELECT COUNT(*) AS n FROM bank_transactions WHERE company_id = ?", ranged.companyId)).toBe(
      before,
    );
    const imp = await booksDb
      .prepare("SELECT status, rows_inserted, r2_key FROM bank_imports WHERE operation_id = ?")
      .bind(b.opId)
      .first<any>();
    expect(imp).toMatchObject({ status: "failed", rows_inserted: 0 });
    expect(await env.DOCUMENTS.head(`${imp.r2_key}.range-0`)).toBeNull();
  });

  it("rows out of date order without a balance: read whole by the finishing message, the same result", async () => {
    const lines = oldestFirst().trimEnd().split("\r\n");
    // swap two rows far apart: the file is no longer in date order either way
    [lines[5], lines[110]] = [lines[110], lines[5]];
    const text = `${lines.join("\r\n").replaceAll("T-", "U-")}\r\n`;
    const a = await importThrough(whole, text, undefined);
    const b = await importThrough(ranged, text, 256);
    expect(b.ran.filter((t) => t === "bank_import.ranges_read")).toHaveLength(1);
    expect(b.op.status, JSON.stringify(b.op.error)).toBe("succeeded");
    expect(comparable(b.op.result)).toEqual(comparable(a.op.result));
    const u = (rows: any[]) => rows.filter((r) => String(r.external_id).startsWith("U-"));
    expect(u(await storedRows(ranged.companyId))).toEqual(u(await storedRows(whole.companyId)));
  });
});
