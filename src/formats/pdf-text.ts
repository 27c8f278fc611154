// The text of a PDF as lines of positioned cells (issue #43: supplier invoices and receipts read
// from their documents). PDF.js, in unjs' serverless build (`unpdf`, MIT; runs in a Worker with
// no worker thread and no canvas), gives each page's text runs with their position; the runs
// that share a baseline are one line, read left to right, and a wide gap between two runs
// starts a new cell, so that "Att betala        1 250,00" keeps its label and value apart and a
// value printed under its label can be found by its column.
//
// A hostile PDF must not hold the isolate: the file is at most FILE_LIMITS.pdf_text.bytes (the
// upload limit), at most `pages` pages are read (a longer file is refused before any page is
// parsed), and the reading stops at `ms` milliseconds of wall time, checked between pages and
// raced against each page's parse (PDF.js yields at its own awaits, so a page cannot run on
// unseen; loading PDF.js itself, once per isolate, is not the file's time). A file PDF.js cannot
// open (not a PDF, encrypted, broken) is `unreadable`; one whose pages carry no text (a scan) is
// `no_text`.
import { getDocumentProxy, getResolvedPDFJS } from "unpdf";
import { FILE_LIMITS, FileLimitError } from "./limits";

/** A run of text on a line, with its left and right edge in PDF points. */
export interface PdfCell {
  text: string;
  x0: number;
  x1: number;
}

/** One line of a page: its cells left to right, and the text they make (cells joined by two spaces). */
export interface PdfLine {
  page: number;
  /** the baseline, in points from the page's bottom */
  y: number;
  text: string;
  cells: PdfCell[];
}

export interface PdfText {
  pages: number;
  lines: PdfLine[];
}

export class PdfTextError extends Error {
  constructor(
    readonly reason: "unreadable" | "no_text",
    message: string,
  ) {
    super(message);
    this.name = "PdfTextError";
  }
}

interface TextRun {
  str: string;
  transform: number[];
  width: number;
  height: number;
}

const isRun = (item: unknown): item is TextRun =>
  typeof item === "object" && item !== null && "str" in item && "transform" in item;

/** Runs closer than this share a line (points): a baseline drifts by a fraction of a point between runs. */
const SAME_LINE = 2.5;

/** The runs of one page as lines, top to bottom; a gap wider than about two characters starts a new cell. */
export function linesOfRuns(page: number, runs: TextRun[]): PdfLine[] {
  const rows: { y: number; runs: TextRun[] }[] = [];
  for (const run of runs) {
    if (!run.str.trim()) continue;
    const y = run.transform[5];
    const row = rows.find((r) => Math.abs(r.y - y) <= SAME_LINE);
    if (row) row.runs.push(run);
    else rows.push({ y, runs: [run] });
  }
  rows.sort((a, b) => b.y - a.y);
  return rows.map((row) => lineOf(page, row.y, row.runs));
}

function lineOf(page: number, y: number, runs: TextRun[]): PdfLine {
  runs.sort((a, b) => a.transform[4] - b.transform[4]);
  const cells: PdfCell[] = [];
  for (const run of runs) {
    const x0 = run.transform[4];
    const x1 = x0 + run.width;
    const size = Math.abs(run.transform[3]) || run.height || 10;
    const last = cells.at(-1);
    if (last && x0 - last.x1 < size * 1.2) {
      // the same cell: a word gap (about a third of the size) is a space, touching runs join
      last.text += x0 - last.x1 > size * 0.15 && !last.text.endsWith(" ") ? ` ${run.str}` : run.str;
      last.x1 = Math.max(last.x1, x1);
    } else cells.push({ text: run.str, x0, x1 });
  }
  // A font's minus or dash (Courier in ISO Latin-1 draws "-" as U+2212) reads as a hyphen; no-break spaces as spaces.
  for (const c of cells)
    c.text = c.text
      .replace(/[\u2010\u2011\u2012\u2013\u2212]/g, "-")
      .replace(/\s+/g, " ")
      .trim();
  const kept = cells.filter((c) => c.text);
  return { page, y, text: kept.map((c) => c.text).join("  "), cells: kept };
}

/** The work, or FileLimitError "ms" once `ms` have passed; the timer is cleared either way. */
async function within<T>(work: Promise<T>, ms: number, at: Record<string, number>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new FileLimitError("pdf_text", "ms", at)), Math.max(0, ms));
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The lines of every page, refused past the page or time limit (FileLimitError) and when no
 * page carries text (PdfTextError no_text) or PDF.js cannot open the file (unreadable).
 */
export async function readPdfText(bytes: Uint8Array, now: () => number = Date.now): Promise<PdfText> {
  const limits = FILE_LIMITS.pdf_text;
  if (bytes.byteLength > limits.bytes) throw new FileLimitError("pdf_text", "bytes");
  // PDF.js itself (1.6 MB of module) is loaded once per isolate, outside the file's time
  await getResolvedPDFJS();
  const started = now();
  const left = () => limits.ms - (now() - started);
  // PDF.js takes the buffer over (it detaches it): hand it a copy.
  const open = getDocumentProxy(bytes.slice(), { disableFontFace: true }).catch((e: unknown) => {
    throw new PdfTextError("unreadable", `PDF.js could not open the file: ${e instanceof Error ? e.message : e}`);
  });
  const pdf = await within(open, left(), { page: 0 });
  try {
    if (pdf.numPages > limits.pages) throw new FileLimitError("pdf_text", "pages", { found: pdf.numPages });
    const lines: PdfLine[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      if (left() <= 0) throw new FileLimitError("pdf_text", "ms", { page: n });
      const content = await within(
        pdf.getPage(n).then((p) => p.getTextContent()),
        left(),
        { page: n },
      );
      lines.push(...linesOfRuns(n, (content.items as unknown[]).filter(isRun)));
    }
    if (!lines.some((l) => /[\p{L}\p{N}]/u.test(l.text)))
      throw new PdfTextError("no_text", "The PDF carries no text: it is an image (a scan or a photo).");
    return { pages: pdf.numPages, lines };
  } finally {
    void pdf.loadingTask.destroy();
  }
}
