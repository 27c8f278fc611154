// The SIE import's two passes over the file as a stream (sie-import.ts runs them; the
// memory benchmark, bench/sie-memory-probe.ts, runs them in Node). Nothing here holds
// the file or its vouchers:
//   scanSie     the encoding, then the first pass: the chart, dimensions, balances and
//               years as parsed, and per voucher only what the checks need (per-account
//               sums, counts, series and their highest numbers, the first voucher that
//               does not balance, the vouchers that set a new earliest or latest date,
//               the vouchers whose number repeats);
//   firstError  the first voucher the old whole-file check would have refused, once the
//               year is known;
//   planVouchersFrom  the second pass: the vouchers as entries to post, numbered and
//               warned about exactly as planVouchers did over the whole file.
import { ApiError } from "../../errors/api-error";
import { FileLimitError } from "../../formats/limits";
import { isVoucherSeries } from "../../http/fields";
import type { EngineLine, ImportedEntry } from "../../ledger/engine";
import { formatKronor } from "../../money";
import type { SieEncoding } from "../../sweden/sie/encoding";
import { SieChecksumError, SieParseError, SieReader, type SieFile, type SieVoucher } from "../../sweden/sie/parse";
import { detectStreamEncoding, sieLines, type SieByteSource } from "../../sweden/sie/stream";

export function invalid(message: string, details: Record<string, unknown>): ApiError {
  return new ApiError("VALIDATION_ERROR", details, message);
}

/** Voucher numbers seen in one series: a bitmap for the usual 1..n, a set beyond it. */
class NumberSet {
  private bits = new Uint8Array(1024);
  private big: Set<number> | null = null;
  private static readonly BITMAP_MAX = 1 << 24;

  has(n: number): boolean {
    if (n < NumberSet.BITMAP_MAX) return n >> 3 < this.bits.length && (this.bits[n >> 3] & (1 << (n & 7))) !== 0;
    return this.big?.has(n) ?? false;
  }

  add(n: number): void {
    if (n < NumberSet.BITMAP_MAX) {
      if (n >> 3 >= this.bits.length) {
        let size = this.bits.length;
        while (n >> 3 >= size) size *= 2;
        const grown = new Uint8Array(size);
        grown.set(this.bits);
        this.bits = grown;
      }
      this.bits[n >> 3] |= 1 << (n & 7);
    } else (this.big ??= new Set()).add(n);
  }
}

interface DatedVoucher {
  index: number;
  line: number;
  date: string;
}

/** What the first pass keeps: the file's own records without its vouchers, and the vouchers' figures. */
export interface SieScan {
  encoding: SieEncoding;
  /** everything parsed but the vouchers (file.vouchers stays empty) */
  file: SieFile;
  /** #VER records, including those with no amount other than 0 */
  voucherCount: number;
  /** vouchers with an amount other than 0: the entries that will be posted */
  entryCount: number;
  /** their lines of an amount other than 0 */
  lineCount: number;
  /** the file's series in the order they first appear, with that voucher's line */
  series: Map<string, number>;
  /** the highest number per (file) series */
  maxNumber: Map<string, number>;
  /** indexes of vouchers whose number an earlier voucher of the series already used */
  repeated: Set<number>;
  firstVoucherDate: string | null;
  /** öre per account over every voucher line */
  sums: Map<string, number>;
  /** accounts the vouchers name, in order of appearance (lines of 0 too) */
  accounts: Set<string>;
  /** "dimension/code" of every object a line names, in order of appearance */
  objects: Set<string>;
  firstUnbalanced: { index: number; line: number; series: string; number: number | null; sum: number } | null;
  /** vouchers that were, when read, earlier (lower) or later (higher) than every voucher before them */
  lowerDates: DatedVoucher[];
  higherDates: DatedVoucher[];
}

/** Reads the whole stream through a SieReader, line numbers from 1; a parse error is VALIDATION_ERROR with its line. */
async function readAll(
  stream: ReadableStream<Uint8Array>,
  encoding: SieEncoding,
  reader: SieReader,
  afterBatch?: () => Promise<void>,
): Promise<SieFile> {
  let lineNo = 0;
  try {
    for await (const lines of sieLines(stream, encoding)) {
      for (let i = 0; i < lines.length; i++) reader.line(lines[i], ++lineNo);
      if (afterBatch) await afterBatch();
    }
    return reader.finish();
  } catch (err) {
    // SIE 4C §10.3: a file with a checksum is checked, and refused when it does not match
    if (err instanceof SieChecksumError)
      throw new ApiError("SIE_CHECKSUM_MISMATCH", { stated: err.stated, computed: err.computed }, err.message);
    if (err instanceof SieParseError) throw invalid(err.message, { line: err.line });
    if (err instanceof FileLimitError) throw invalid(err.message, err.details());
    throw err;
  }
}

/** The encoding (a first read of the bytes), then the first pass. */
export async function scanSie(source: SieByteSource): Promise<SieScan> {
  const encoding = await detectStreamEncoding(await source());
  const scan: Omit<SieScan, "file"> = {
    encoding,
    voucherCount: 0,
    entryCount: 0,
    lineCount: 0,
    series: new Map(),
    maxNumber: new Map(),
    repeated: new Set(),
    firstVoucherDate: null,
    sums: new Map(),
    accounts: new Set(),
    objects: new Set(),
    firstUnbalanced: null,
    lowerDates: [],
    higherDates: [],
  };
  const used = new Map<string, NumberSet>();
  let lowest: string | null = null;
  let highest: string | null = null;
  const onVoucher = (v: SieVoucher) => {
    const index = scan.voucherCount++;
    if (!scan.series.has(v.series)) scan.series.set(v.series, v.line);
    if (lowest === null || v.date < lowest) {
      lowest = v.date;
      scan.lowerDates.push({ index, line: v.line, date: v.date });
    }
    if (highest === null || v.date > highest) {
      highest = v.date;
      scan.higherDates.push({ index, line: v.line, date: v.date });
    }
    let numbers = used.get(v.series);
    if (!numbers) used.set(v.series, (numbers = new NumberSet()));
    if (v.number !== null) {
      if (v.number > (scan.maxNumber.get(v.series) ?? 0)) scan.maxNumber.set(v.series, v.number);
      if (numbers.has(v.number)) scan.repeated.add(index);
    }
    let kept = 0;
    let sum = 0;
    for (const t of v.trans) {
      scan.accounts.add(t.account);
      for (const d in t.objects) scan.objects.add(`${d}/${t.objects[d]}`);
      if (t.amountOre === 0) continue;
      kept++;
      sum += t.amountOre;
      scan.sums.set(t.account, (scan.sums.get(t.account) ?? 0) + t.amountOre);
    }
    if (kept === 0) return;
    if (v.number !== null && !scan.repeated.has(index)) numbers.add(v.number);
    scan.entryCount++;
    scan.lineCount += kept;
    if (sum !== 0 && !scan.firstUnbalanced)
      scan.firstUnbalanced = { index, line: v.line, series: v.series, number: v.number, sum };
  };
  const file = await readAll(await source(), encoding, new SieReader(onVoucher));
  scan.firstVoucherDate = lowest;
  return { ...scan, file };
}

/** Series in the model are one capital letter; other SIE series get free letters, reported in the result. */
export function mapSeries(scan: SieScan): Map<string, string> {
  const used = new Set<string>();
  const map = new Map<string, string>();
  for (const s of scan.series.keys()) if (isVoucherSeries(s)) used.add(s);
  for (const [s, line] of scan.series) {
    if (isVoucherSeries(s)) map.set(s, s);
    // vouchers without a series (SIE type 4I) are numbered on in series A
    else if (s === "") map.set("", "A");
    else {
      const free = [..."ABCDEFGHJKLMNOPQRSTUVWXYZ"].find((l) => !used.has(l));
      if (!free) throw invalid("the file uses more voucher series than there are letters", { series: s, line });
      used.add(free);
      map.set(s, free);
    }
  }
  return map;
}

/**
 * The refusal the whole-file check gave: the first voucher, in file order, dated
 * outside the year or (having an amount other than 0) not balancing; the date is
 * checked first within a voucher.
 */
export function firstError(scan: SieScan, year: { start: string; end: string }): ApiError | null {
  const below = scan.lowerDates.find((d) => d.date < year.start);
  const above = scan.higherDates.find((d) => d.date > year.end);
  const dated = below && above ? (below.index < above.index ? below : above) : (below ?? above);
  const bad = scan.firstUnbalanced;
  if (dated && (!bad || dated.index <= bad.index)) {
    return invalid(
      `line ${dated.line}: voucher date ${dated.date} is outside the fiscal year ${year.start}..${year.end}`,
      { line: dated.line },
    );
  }
  if (bad) {
    return invalid(
      `line ${bad.line}: voucher ${bad.series}${bad.number ?? ""} does not balance (difference ${formatKronor(bad.sum)})`,
      { line: bad.line, difference: Number(formatKronor(bad.sum)) },
    );
  }
  return null;
}

/** The highest number per series letter, over every file series that maps to it. */
export function highestNumbers(scan: SieScan, seriesMap: Map<string, string>): Map<string, number> {
  const max = new Map<string, number>();
  for (const [s, n] of scan.maxNumber) {
    const letter = seriesMap.get(s)!;
    max.set(letter, Math.max(max.get(letter) ?? 0, n));
  }
  return max;
}

/**
 * The second pass: each voucher with an amount other than 0 as the entry to post, in
 * file order, its index the voucher's place in the file (the resumable source_id); a
 * voucher without a number, or whose number repeats, is numbered on after the series'
 * highest. `onBatch` is awaited after each piece of the stream with the entries read so
 * far (and may take them), so the writer can post a chunk before more is read.
 */
export async function planVouchersFrom(
  stream: ReadableStream<Uint8Array>,
  scan: SieScan,
  plan: { importId: string; year: { start: string; end: string }; seriesMap: Map<string, string>; warnings: string[] },
  onBatch: (pending: { index: number; entry: ImportedEntry }[], last: boolean) => Promise<void>,
): Promise<void> {
  const { seriesMap, warnings, year } = plan;
  const max = highestNumbers(scan, seriesMap);
  const pending: { index: number; entry: ImportedEntry }[] = [];
  let index = 0;
  const onVoucher = (v: SieVoucher) => {
    const i = index++;
    // the first pass refused any such file; a file that changed between the passes must not be written
    if (v.date < year.start || v.date > year.end)
      throw invalid(`line ${v.line}: voucher date ${v.date} is outside the fiscal year ${year.start}..${year.end}`, {
        line: v.line,
      });
    const series = seriesMap.get(v.series);
    if (!series) throw new ApiError("CONFLICT", { line: v.line }, "The SIE file changed while it was imported.");
    let number = v.number;
    // A voucher without a number (type 4I), or one whose number the file repeats
    // (some programs number register vouchers 1 again and again), is numbered on.
    if (number === null || scan.repeated.has(i)) {
      const next = (max.get(series) ?? 0) + 1;
      if (number !== null)
        warnings.push(`line ${v.line}: voucher ${v.series}${number} repeats a number; imported as ${series}${next}`);
      number = next;
      max.set(series, next);
    }
    const lines: EngineLine[] = [];
    let sum = 0;
    for (const t of v.trans) {
      if (t.amountOre === 0) continue;
      sum += t.amountOre;
      let dims: Record<string, string> | null = null;
      for (const _ in t.objects) {
        dims = t.objects;
        break;
      }
      lines.push({
        accountNumber: t.account,
        debitOre: Math.max(t.amountOre, 0),
        creditOre: t.amountOre < 0 ? -t.amountOre : 0,
        lineDescription: t.text,
        dimensions: dims,
      });
    }
    if (lines.length === 0) {
      warnings.push(
        `line ${v.line}: voucher ${v.series}${v.number ?? ""} has no amount other than 0 and is not imported`,
      );
      return;
    }
    if (lines.length < v.trans.length)
      warnings.push(`line ${v.line}: ${v.trans.length - lines.length} transaction(s) of amount 0 skipped`);
    if (sum !== 0)
      throw invalid(
        `line ${v.line}: voucher ${v.series}${v.number ?? ""} does not balance (difference ${formatKronor(sum)})`,
        { line: v.line, difference: Number(formatKronor(sum)) },
      );
    pending.push({
      index: i,
      entry: {
        entryDate: v.date,
        description: v.text || `Verifikation ${series}${number}`,
        voucherSeries: series,
        voucherNumber: number,
        sourceType: "sie_import",
        sourceId: `${plan.importId}:${i}`,
        lines,
      },
    });
  };
  await readAll(stream, scan.encoding, new SieReader(onVoucher), () => onBatch(pending, false));
  if (index !== scan.voucherCount)
    throw new ApiError(
      "CONFLICT",
      { vouchers: index, expected: scan.voucherCount },
      "The SIE file changed while it was imported.",
    );
  await onBatch(pending, true);
}
