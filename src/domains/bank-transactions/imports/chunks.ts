// Where a bank file's rows wait in R2 for their chunks' queue messages, packed as arrays, and
// the messages that name them (issue #34 item 4).
import type { Env } from "../../../env";
import type { BankRow } from "../../../sweden/bank";
import type { Job } from "../../../queue";
import type { IncomingRow } from "./ingest";

import type { BankImportRow } from "./queries";

/** Cloudflare Queues takes at most 100 messages a sendBatch. */
const SEND_BATCH_MAX = 100;

/** Where a file's rows wait for their chunks' messages: one object, each chunk a JSON array at its own byte range. */
export const rowsKey = (imp: Pick<BankImportRow, "r2Key">) => `${imp.r2Key}.rows`;

export interface ChunkRange {
  offset: number;
  length: number;
}

/**
 * The fields a stored row keeps, in the order each row's array holds them: what storing it
 * reads (IncomingRow), not the parser's line and record or transaction date.
 */
const STORED_FIELDS = [
  "booking_date",
  "value_date",
  "amount_ore",
  "currency",
  "amount_foreign_ore",
  "currency_foreign",
  "description",
  "counterparty_name",
  "counterparty_account",
  "reference",
  "reference_type",
  "ocr_references",
  "external_id",
  "balance_after_ore",
  "details",
] as const satisfies readonly (keyof IncomingRow)[];

/**
 * A row as one array of its values, in STORED_FIELDS' order. As objects, a 220 000-row file's
 * rows were 91 MB of JSON (a row's keys, its source, its nulls), and writing them was a third of
 * the reading's invocation; as arrays they are 23 MB, written in half the time (issue #34 item 4).
 */
export const packRow = (row: IncomingRow) => STORED_FIELDS.map((f) => row[f]);

/**
 * The row again from its array (packRow's inverse). A row stored as an object, by a Worker
 * before this format, is taken as it is, so that an import running across a deploy finishes.
 */
export function unpackRow(stored: unknown[] | IncomingRow): IncomingRow {
  if (!Array.isArray(stored)) return stored;
  return Object.fromEntries(STORED_FIELDS.map((f, i) => [f, stored[i]])) as unknown as IncomingRow;
}

/**
 * The rows in R2 as one object, chunk after chunk, and each chunk's byte range: a queue message
 * carries at most 128 KB, so it names its range and reads only that (one put per file, however
 * many chunks).
 */
export async function putRows(env: Env, imp: BankImportRow, rows: BankRow[], size: number): Promise<ChunkRange[]> {
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  const ranges: ChunkRange[] = [];
  let offset = 0;
  for (let i = 0; i < rows.length; i += size) {
    const part = encoder.encode(JSON.stringify(rows.slice(i, i + size).map(packRow)));
    parts.push(part);
    ranges.push({ offset, length: part.byteLength });
    offset += part.byteLength;
  }
  await env.DOCUMENTS.put(rowsKey(imp), new Blob(parts), { httpMetadata: { contentType: "application/octet-stream" } });
  return ranges;
}

export async function sendChunkJobs(env: Env, importId: string, ranges: ChunkRange[], requestId: string) {
  const jobs: Job[] = ranges.map((range, chunk) => ({
    type: "bank_import.chunk",
    importId,
    chunk,
    ...range,
    requestId,
  }));
  await sendJobs(env, jobs);
}

/** Queue messages, at most SEND_BATCH_MAX a sendBatch. */
export async function sendJobs(env: Env, jobs: Job[]) {
  for (let i = 0; i < jobs.length; i += SEND_BATCH_MAX)
    await env.JOBS.sendBatch(jobs.slice(i, i + SEND_BATCH_MAX).map((body) => ({ body })));
}

/**
 * The counts of external ids in the chunks stored before this one in the statement's order
 * (import-ranges.ts writes them): the second of two equal ids gets "#2" across the whole file.
 */
export async function seedsOf(env: Env, imp: BankImportRow, job: Extract<Job, { type: "bank_import.chunk" }>) {
  if (!job.seeded) return new Map<string, number>();
  const object = await env.DOCUMENTS.get(seedsKey(imp));
  if (!object) throw new Error(`bank import ${imp.id}: its external id counts are not in R2`);
  const seeds = await object.json<Record<string, [string, number][]>>();
  return new Map(seeds[String(job.chunk)] ?? []);
}

/** Where the external id counts each chunk starts from wait, for a file read in ranges. */
export const seedsKey = (imp: Pick<BankImportRow, "r2Key">) => `${imp.r2Key}.seeds`;

/** Where a range's rows (and, apart, its external ids) wait, for a file read in ranges. */
export const rangeRowsSource = (range: number) => `range-${range}`;

export const rangeIdsKey = (imp: Pick<BankImportRow, "r2Key">, range: number) => `${imp.r2Key}.range-${range}.ids`;

/** Removes the rows, ranges and id counts that wait in R2 for an import's messages. */
export async function removeWaiting(env: Env, imp: BankImportRow) {
  const ranges = (imp.split as { ranges?: unknown[] } | null)?.ranges?.length ?? 0;
  const waiting = [rowsKey(imp), seedsKey(imp)];
  for (let r = 0; r < ranges; r++) waiting.push(`${imp.r2Key}.${rangeRowsSource(r)}`, rangeIdsKey(imp, r));
  await env.DOCUMENTS.delete(waiting);
}
