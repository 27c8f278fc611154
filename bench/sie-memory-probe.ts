// Run by bench/sie-import.mjs (bundled with esbuild, run in Node with --expose-gc):
//   node probe.mjs stream|whole FILE
// "stream": what the import does with the file, without the writes: the encoding and
// the first pass (scanSie), the checks (firstError, mapSeries), then the second pass
// (planVouchersFrom) gathering entries into chunks of CHUNK that are then dropped, as
// the import hands each chunk to the writer. The file is read as a web stream in
// 64 KiB pieces, as an R2 body arrives. "whole": the import before issue #19 (the file's
// bytes, decodeSie, parseSie, every voucher planned as an entry before the first write).
// Prints the peak of heap used + external memory (sampled every 2 ms and at every
// chunk) against the file's size.
import { createReadStream, readFileSync, statSync } from "node:fs";
import { Readable } from "node:stream";
import { firstError, mapSeries, planVouchersFrom, scanSie } from "../src/domains/imports/sie-stream";
import { CHUNK } from "../src/domains/imports/sie-import";
import { decodeSie } from "../src/sweden/sie/encoding";
import { parseSie } from "../src/sweden/sie/parse";
import type { ImportedEntry } from "../src/ledger/engine";

const [mode, path] = process.argv.slice(2);
const gc = (globalThis as { gc?: () => void }).gc;
gc?.();
const base = process.memoryUsage();
let peak = 0;
let peakRss = 0;
const sample = () => {
  const m = process.memoryUsage();
  peak = Math.max(peak, m.heapUsed + m.external);
  peakRss = Math.max(peakRss, m.rss);
};
const timer = setInterval(sample, 2);
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
const t0 = performance.now();
let entries = 0;

if (mode === "stream") {
  const source = async () =>
    Readable.toWeb(createReadStream(path, { highWaterMark: 64 * 1024 })) as unknown as ReadableStream<Uint8Array>;
  const scan = await scanSie(source);
  const year = scan.file.years.get(0)!;
  const refusal = firstError(scan, year);
  if (refusal) throw refusal;
  let chunk: ImportedEntry[] = [];
  await planVouchersFrom(
    await source(),
    scan,
    { importId: "probe", year, seriesMap: mapSeries(scan), warnings: [] },
    async (pending, last) => {
      for (const p of pending) {
        chunk.push(p.entry);
        if (chunk.length >= CHUNK) {
          sample();
          entries += chunk.length;
          chunk = [];
          await new Promise((r) => setImmediate(r)); // the writer's round trip
        }
      }
      pending.length = 0;
      if (last) entries += chunk.length;
    },
  );
} else {
  const bytes = new Uint8Array(readFileSync(path));
  const { text } = decodeSie(bytes);
  const file = parseSie(text);
  const planned = file.vouchers.map((v, i) => ({
    index: i,
    lines: v.trans
      .filter((t) => t.amountOre !== 0)
      .map((t) => ({
        accountNumber: t.account,
        debitOre: Math.max(t.amountOre, 0),
        creditOre: Math.max(-t.amountOre, 0),
        lineDescription: t.text,
        dimensions: null,
      })),
  }));
  const toPost = planned.map((v) => ({
    entryDate: "",
    description: "",
    voucherSeries: "A",
    voucherNumber: v.index + 1,
    sourceType: "sie_import",
    sourceId: `probe:${v.index}`,
    lines: v.lines,
  }));
  sample();
  entries = toPost.length + (bytes.length && text.length && file.vouchers.length ? 0 : 0);
}
clearInterval(timer);
sample();
const size = statSync(path).size;
console.log(
  `${mode === "stream" ? "streamed import" : "whole-file import (before)"}`.padEnd(30) +
    ` file ${mb(size)}, ${entries} entries, ${((performance.now() - t0) / 1000).toFixed(1)} s: peak heap+external ${mb(peak)} (${mb(peak - base.heapUsed - base.external)} above start, ${((peak / size) * 100).toFixed(0)} % of the file), peak rss ${mb(peakRss)}`,
);
