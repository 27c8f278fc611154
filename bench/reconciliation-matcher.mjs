// node bench/reconciliation-matcher.mjs [--transactions 100000] [--lines 100000] [--repeat 3]
// The reconciliation matcher (src/domains/reconciliation/matcher.ts) and the whole bank
// classification that the API runs on every read and every POST .../reconciliation/bank/run
// (src/domains/reconciliation/bank.ts), bundled with esbuild and timed in Node on generated
// data: a year of bank rows against the ledger lines of the settlement account. Prints each
// figure beside a floor measured in the same run: building a Map of the lines by amount and
// looking every row up in it (the least any hashed matcher must do). Asserts the counts the
// generator planted; prints the rest.
//
// The data: 70 % invoice payments of distinct amounts with an OCR reference that the entry's
// text carries, dated 0-3 days from the entry; 15 % recurring amounts (a subscription of
// 499 kr and up, paid every fourth day: three candidates in the window, told apart by the date);
// 5 % pairs of identical twins (same amount, same day, same text: ambiguous, never
// chosen); 10 % bank fees and card purchases without a line. The ledger holds, besides the
// lines of those rows, entries without a bank row to reach --lines.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    transactions: { type: "string", default: "100000" },
    lines: { type: "string", default: "100000" },
    repeat: { type: "string", default: "3" },
  },
});
const TX = Number(values.transactions);
const LINES = Math.max(Number(values.lines), TX);
const REPEAT = Number(values.repeat);

const projectRoot = join(dirname(fileURLToPath(import.meta.url)), "..");
const dir = mkdtempSync(join(tmpdir(), "recon-bench-"));
const entry = join(dir, "entry.ts");
const bundle = join(dir, "matcher.mjs");
try {
  const { writeFileSync } = await import("node:fs");
  writeFileSync(
    entry,
    `export { matchItems } from ${JSON.stringify(join(projectRoot, "src/domains/reconciliation/matcher.ts"))};\nexport { reconcileBank } from ${JSON.stringify(join(projectRoot, "src/domains/reconciliation/bank.ts"))};\n`,
  );
  execFileSync(
    "npx",
    ["esbuild", entry, "--bundle", "--platform=node", "--format=esm", `--outfile=${bundle}`, "--log-level=warning"],
    { cwd: projectRoot, stdio: "inherit" },
  );
  const { matchItems, reconcileBank } = await import(pathToFileURL(bundle).href);

  // ------------------------------------------------------------------ data
  let seed = 42;
  const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const DAY = 86_400_000;
  const start = Date.UTC(2025, 0, 1);
  const iso = (d) => new Date(start + d * DAY).toISOString().slice(0, 10);
  const rows = [];
  const lines = [];
  const planted = { unique: 0, recurring: 0, twins: 0, unmatched: 0 };
  let i = 0;
  while (rows.length < TX) {
    const kind = rand();
    const day = Math.floor(rand() * 360);
    if (kind < 0.7) {
      const ocr = String(1_000_000 + i);
      const amount = 100_00 + i * 7; // distinct
      rows.push({
        id: `t${i}`,
        date: iso(day + Math.floor(rand() * 4)),
        description: "BG inbetalning",
        amountOre: amount,
        currency: "SEK",
        reference: ocr,
        merchantName: null,
        journalEntryId: null,
        isIgnored: false,
        balanceAfterOre: null,
        source: "file",
        createdAt: "2026-01-01T00:00:00Z",
      });
      lines.push({
        lineId: `l${i}`,
        entryId: `e${i}`,
        entryDate: iso(day),
        description: `Inbetalning faktura ${ocr}`,
        voucherSeries: "A",
        voucherNumber: i + 1,
        sourceType: "manual",
        reversesId: null,
        reversedById: null,
        amountOre: amount,
      });
      planted.unique++;
    } else if (kind < 0.85) {
      // a subscription: one amount paid every 4 days, 52 times; the ±5-day window holds three lines of it, the date decides
      const k = planted.recurring;
      const amount = -(499_00 + Math.floor(k / 52) * 100);
      const when = (k % 52) * 4;
      rows.push({
        id: `t${i}`,
        date: iso(when),
        description: "Autogiro abonnemang",
        amountOre: amount,
        currency: "SEK",
        reference: null,
        merchantName: "Tjänst AB",
        journalEntryId: null,
        isIgnored: false,
        balanceAfterOre: null,
        source: "file",
        createdAt: "2026-01-01T00:00:00Z",
      });
      lines.push({
        lineId: `l${i}`,
        entryId: `e${i}`,
        entryDate: iso(when),
        description: "Abonnemang",
        voucherSeries: "A",
        voucherNumber: i + 1,
        sourceType: "manual",
        reversesId: null,
        reversedById: null,
        amountOre: amount,
      });
      planted.recurring++;
    } else if (kind < 0.9) {
      const amount = -(5_000_00 + i * 3);
      for (const k of [0, 1]) {
        rows.push({
          id: `t${i}-${k}`,
          date: iso(day),
          description: "Kortköp",
          amountOre: amount,
          currency: "SEK",
          reference: null,
          merchantName: null,
          journalEntryId: null,
          isIgnored: false,
          balanceAfterOre: null,
          source: "file",
          createdAt: "2026-01-01T00:00:00Z",
        });
        lines.push({
          lineId: `l${i}-${k}`,
          entryId: `e${i}-${k}`,
          entryDate: iso(day),
          description: "Kortköp",
          voucherSeries: "A",
          voucherNumber: i + 1,
          sourceType: "manual",
          reversesId: null,
          reversedById: null,
          amountOre: amount,
        });
      }
      planted.twins += 2;
    } else {
      rows.push({
        id: `t${i}`,
        date: iso(day),
        description: "Bankavgift",
        amountOre: -(1 + (i % 50)),
        currency: "SEK",
        reference: null,
        merchantName: null,
        journalEntryId: null,
        isIgnored: false,
        balanceAfterOre: null,
        source: "file",
        createdAt: "2026-01-01T00:00:00Z",
      });
      planted.unmatched++;
    }
    i++;
  }
  while (lines.length < LINES) {
    const n = lines.length;
    lines.push({
      lineId: `x${n}`,
      entryId: `x${n}`,
      entryDate: iso(n % 360),
      description: "Kassa",
      voucherSeries: "B",
      voucherNumber: n,
      sourceType: "manual",
      reversesId: null,
      reversedById: null,
      amountOre: 900_000_00 + n,
    });
  }
  lines.sort((a, b) => (a.entryDate < b.entryDate ? -1 : a.entryDate > b.entryDate ? 1 : 0));
  const ext = rows.map((r) => ({
    id: r.id,
    date: r.date,
    amountOre: r.amountOre,
    text: r.description,
    reference: r.reference,
    counterparty: r.merchantName,
  }));
  const led = lines.map((l) => ({ id: l.lineId, date: l.entryDate, amountOre: l.amountOre, text: l.description }));

  // ------------------------------------------------------------------ timing
  const best = (fn) => {
    let ms = Infinity;
    let out;
    for (let r = 0; r < REPEAT; r++) {
      const t0 = performance.now();
      out = fn();
      ms = Math.min(ms, performance.now() - t0);
    }
    return { ms, out };
  };
  const floor = best(() => {
    const byAmount = new Map();
    for (const l of led) {
      const g = byAmount.get(l.amountOre);
      if (g) g.push(l);
      else byAmount.set(l.amountOre, [l]);
    }
    let hits = 0;
    for (const r of ext) if (byAmount.has(r.amountOre)) hits++;
    return hits;
  });
  const matcher = best(() => matchItems(ext, led, { windowDays: 5 }));
  const full = best(() => reconcileBank({ through: "2025-12-31", rows, lines, links: [], entryDates: new Map() }));

  const m = matcher.out;
  const autoLinked = m.matches.filter((x) => x.autoLink).length;
  const fmt = (ms) => (ms >= 10000 ? `${(ms / 1000).toFixed(1)} s` : `${ms.toFixed(0)} ms`);
  const rate = (n, ms) => `${Math.round(n / (ms / 1000)).toLocaleString("en-US")}/s`;
  console.log(
    `reconciliation matcher: ${rows.length.toLocaleString("en-US")} bank transactions against ${lines.length.toLocaleString("en-US")} ledger lines (Node ${process.version}, best of ${REPEAT})`,
  );
  console.log(
    `planted: ${planted.unique} unique with OCR, ${planted.recurring} recurring amounts, ${planted.twins} identical twins, ${planted.unmatched} without a line`,
  );
  console.log(
    `${"floor: Map of lines by amount + lookup of every row".padEnd(58)} ${fmt(floor.ms).padStart(8)}   ${rate(rows.length, floor.ms).padStart(14)}`,
  );
  console.log(
    `${"matchItems (amount, window, reference, counterparty)".padEnd(58)} ${fmt(matcher.ms).padStart(8)}   ${rate(m.matches.length, matcher.ms).padStart(14)} matches   ${(matcher.ms / floor.ms).toFixed(1)}x floor`,
  );
  console.log(
    `${"reconcileBank (every item bucketed, bridge)".padEnd(58)} ${fmt(full.ms).padStart(8)}   ${rate(rows.length + lines.length, full.ms).padStart(14)} items     ${(full.ms / floor.ms).toFixed(1)}x floor`,
  );
  console.log(
    `matches ${m.matches.length} (auto-linkable ${autoLinked}), ambiguous transactions ${m.ambiguousExternal.length}, candidate pairs scored ${m.candidatePairs}`,
  );
  console.log(`buckets: ${JSON.stringify(full.out.counts)}`);
  // what the generator planted must come out: every unique and recurring pair matched, every twin ambiguous
  const expectMatches = planted.unique + planted.recurring;
  if (m.matches.length !== expectMatches) throw new Error(`expected ${expectMatches} matches, got ${m.matches.length}`);
  if (m.ambiguousExternal.length !== planted.twins)
    throw new Error(`expected ${planted.twins} ambiguous, got ${m.ambiguousExternal.length}`);
  if (m.matches.some((x) => x.externalId.includes("-"))) throw new Error("a twin was matched");
} finally {
  rmSync(dir, { recursive: true, force: true });
}
