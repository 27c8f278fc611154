// Issue #34 item 4: a large bank file is stored in chunks, each its own queue message, so that no
// queue invocation holds the service for the whole file. Here the chunk is 5 rows (the Worker's
// BANK_IMPORT_CHUNK_ROWS, handed to the operation as the queue would run it) and the test runs
// each chunk's message itself, in another order than the file's and one of them twice: every row
// is stored exactly once, the operation is `running` with its progress until the last chunk is
// stored, a re-import stores nothing, and a file refused by the whole-file check stores nothing.
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { OPERATION_HANDLERS } from "../../src/app/operations";
import { runOperation } from "../../src/domains/operations/commands";
import type { Job } from "../../src/queue";
import { BASE, call, companyFixture, countOf, runJob, settleOperation } from "../helpers";
import { booksDb, homeEnv } from "../books";

const YEAR_2026 = {
  first_fiscal_year: { start_date: "2026-01-01", end_date: "2026-12-31" },
  fiscal_year_start_month: 1,
};
const MAPPING = { date: "Datum", amount: "Belopp", description: "Text", external_id: "Referens" };
type ChunkJob = Extract<Job, { type: "bank_import.chunk" }>;
/**
 * The Worker's env as the operation sees it: chunks of 5 rows, and the queue's messages kept
 * here for the test to run (the local queue consumer would run them in the background, in
 * its own time, and the test could not see the states between).
 */
async function chunkEnv(companyId: string) {
  const sent: ChunkJob[] = [];
  const JOBS = {
    send: async (body: ChunkJob) => {
      sent.push(body);
    },
    sendBatch: async (messages: { body: ChunkJob }[]) => {
      sent.push(...messages.map((m) => m.body));
    },
  };
  return {
    env: { ...(await homeEnv(companyId)), BANK_IMPORT_CHUNK_ROWS: "5", JOBS } as unknown as typeof env,
    sent,
  };
}
const clock = () => new Date().toISOString();

/** A generic_csv file: rows R-0..R-(n-1) in 2026, amounts in whole kronor and öre; `bad` rows dated 2026-02-30. */
function csvFile(n: number, opts: { bad?: number[]; year?: number } = {}) {
  const lines = ["Datum;Belopp;Text;Referens"];
  for (let i = 0; i < n; i++) {
    const date = opts.bad?.includes(i)
      ? "2026-02-30"
      : `${opts.year ?? 2026}-03-${String(1 + (i % 28)).padStart(2, "0")}`;
    lines.push(`${date};-${100 + i},${String(i % 100).padStart(2, "0")};Kortköp ${i};R-${i}`);
  }
  return new TextEncoder().encode(`${lines.join("\n")}\n`);
}

/** POST .../imports/bank: the operation's id (202). */
async function startImport(key: string, companyId: string, bytes: Uint8Array) {
  const form = new FormData();
  form.append("file", new File([bytes], "kontoutdrag.csv"));
  form.append("settlement_account", "1930");
  form.append("format", "generic_csv");
  form.append("mapping", JSON.stringify(MAPPING));
  const res = await SELF.fetch(`${BASE}/api/v1/companies/${companyId}/imports/bank`, {
    method: "POST",
    headers: { Authorization: `Bearer ${key}` },
    body: form,
  });
  const body = (await res.json()) as any;
  expect(res.status, JSON.stringify(body)).toBe(202);
  return body.data.operation_id as string;
}

async function operation(key: string, id: string) {
  return (await call("GET", `/api/v1/operations/${id}`, { key })).body.data;
}

async function importRow(operationId: string) {
  return (await booksDb
    .prepare(
      "SELECT id, status, chunks_total, rows_inserted, rows_skipped_duplicate, rows_rejected, r2_key FROM bank_imports WHERE operation_id = ?",
    )
    .bind(operationId)
    .first<any>())!;
}

/** Runs the chunks' queue messages through the Worker's queue handler, in the given order. */
async function runChunks(jobs: ChunkJob[], chunks: number[]) {
  for (const chunk of chunks) {
    const res = await runJob(jobs[chunk]);
    expect(res.explicitAcks, `chunk ${chunk}`).toHaveLength(1);
  }
}

describe("a bank file stored in chunks (issue #34 item 4)", () => {
  const f = companyFixture({ name: "Bitar AB", ...YEAR_2026 });

  it("stores every valid row exactly once, through running with progress to succeeded; a re-import stores nothing", async () => {
    // 23 rows, row 7 dated 2026-02-30: rejected with its line (the documented per-row rule), 22 stored in 5 chunks
    const file = csvFile(23, { bad: [7] });
    const opId = await startImport(f.actor.key, f.companyId, file);
    const worker = await chunkEnv(f.companyId);
    expect(await runOperation(worker.env, opId, OPERATION_HANDLERS, clock)).toBe("running");
    const started = await operation(f.actor.key, opId);
    expect(started.status).toBe("running");
    expect(started.progress).toEqual({ phase: "writing", current: 0, total: 22 });
    const imp = await importRow(opId);
    expect(imp).toMatchObject({ status: "processing", chunks_total: 5 });
    expect(worker.sent.map((j) => j.chunk)).toEqual([0, 1, 2, 3, 4]);
    expect(await env.DOCUMENTS.head(`${imp.r2_key}.rows`)).not.toBeNull();

    // the chunks in another order than the file's, chunk 2 delivered twice
    await runChunks(worker.sent, [4, 2, 2]);
    const midway = await operation(f.actor.key, opId);
    expect(midway.status).toBe("running");
    expect(midway.progress).toEqual({ phase: "writing", current: 7, total: 22 });
    await runChunks(worker.sent, [0, 3, 1]);

    const done = await operation(f.actor.key, opId);
    expect(done.status, JSON.stringify(done.error)).toBe("succeeded");
    expect(done.result).toMatchObject({
      rows_inserted: 22,
      rows_skipped_duplicate: 0,
      rows_rejected: 1,
      format_detected: "generic_csv",
      earliest_date: "2026-03-01",
      latest_date: "2026-03-23",
    });
    expect(done.result.rejected).toEqual([
      expect.objectContaining({ line: 9, reason: '"2026-02-30" in column #0 is not a date' }),
    ]);
    expect(done.result).not.toHaveProperty("rows_total");
    // the books: each external id once, the sum of the file's valid rows, the import's counts, the chunks removed
    const stored = await booksDb
      .prepare(
        "SELECT external_id AS id, COUNT(*) AS n FROM bank_transactions WHERE company_id = ? GROUP BY external_id",
      )
      .bind(f.companyId)
      .all<{ id: string; n: number }>();
    const expected = Array.from({ length: 23 }, (_, i) => `R-${i}`).filter((id) => id !== "R-7");
    expect(stored.results.map((r) => r.id).sort()).toEqual(expected.sort());
    expect(stored.results.every((r) => r.n === 1)).toBe(true);
    const sumOre = Array.from({ length: 23 }, (_, i) => i)
      .filter((i) => i !== 7)
      .reduce((s, i) => s - ((100 + i) * 100 + (i % 100)), 0);
    expect(await countOf("SELECT SUM(amount_ore) AS n FROM bank_transactions WHERE company_id = ?", f.companyId)).toBe(
      sumOre,
    );
    expect(await importRow(opId)).toMatchObject({
      status: "succeeded",
      rows_inserted: 22,
      rows_skipped_duplicate: 0,
      rows_rejected: 1,
    });
    expect(await env.DOCUMENTS.head(`${imp.r2_key}.rows`)).toBeNull();
    // a chunk's message delivered after the end changes nothing
    await runChunks(worker.sent, [3]);
    expect(await countOf("SELECT COUNT(*) AS n FROM bank_transactions WHERE company_id = ?", f.companyId)).toBe(22);

    // the same file again, in chunks: every row a duplicate, nothing stored
    const againId = await startImport(f.actor.key, f.companyId, file);
    const rerun = await chunkEnv(f.companyId);
    expect(await runOperation(rerun.env, againId, OPERATION_HANDLERS, clock)).toBe("running");
    await runChunks(rerun.sent, [0, 1, 2, 3, 4]);
    const again = await operation(f.actor.key, againId);
    expect(again.status).toBe("succeeded");
    expect(again.result).toMatchObject({ rows_inserted: 0, rows_skipped_duplicate: 22, rows_rejected: 1 });
    expect(await countOf("SELECT COUNT(*) AS n FROM bank_transactions WHERE company_id = ?", f.companyId)).toBe(22);
  });

  it("a file of one chunk is still stored by the operation itself", async () => {
    const opId = await startImport(f.actor.key, f.companyId, csvFile(3));
    const op = await settleOperation(f.actor.key, opId);
    expect(op.status).toBe("succeeded");
    // R-0..R-2 are in the books from the first test: duplicates
    expect(op.result).toMatchObject({ rows_inserted: 0, rows_skipped_duplicate: 3 });
    expect(await importRow(opId)).toMatchObject({ status: "succeeded", chunks_total: null });
  });
});

describe("a multi-chunk file refused by the whole-file check", () => {
  const f = companyFixture({ name: "Helt Eller Inget AB", ...YEAR_2026 });

  it("stores nothing: one row dated years outside the fiscal years fails the operation before any chunk", async () => {
    // 12 rows in 2026 and, last, one in 2030: BANK_STATEMENT_DATES_OUTSIDE_FISCAL_YEARS for the whole file
    const lines = new TextDecoder().decode(csvFile(12)).trimEnd().split("\n");
    lines.push("2030-01-02;-1,00;Framtiden;R-X");
    const opId = await startImport(f.actor.key, f.companyId, new TextEncoder().encode(`${lines.join("\n")}\n`));
    const worker = await chunkEnv(f.companyId);
    expect(await runOperation(worker.env, opId, OPERATION_HANDLERS, clock)).toBe("failed");
    expect(worker.sent).toEqual([]);
    const op = await operation(f.actor.key, opId);
    expect(op.status).toBe("failed");
    expect(op.error.code).toBe("BANK_STATEMENT_DATES_OUTSIDE_FISCAL_YEARS");
    const imp = await importRow(opId);
    expect(imp).toMatchObject({ status: "failed", chunks_total: null, rows_inserted: 0 });
    expect(await countOf("SELECT COUNT(*) AS n FROM bank_transactions WHERE company_id = ?", f.companyId)).toBe(0);
    expect(await env.DOCUMENTS.head(`${imp.r2_key}.rows`)).toBeNull();
  });
});
