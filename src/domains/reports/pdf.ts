// Report PDFs with pdf-lib (pure JavaScript, runs in workerd). A4, DejaVu Sans embedded
// and subset (src/pdf/fonts.ts), so every name prints whatever its script. Every page
// carries a running header (company, org.nr, report and period), the amount column's
// heading, and a footer with the page number ("Sida 2 av 3"); "PRELIMINÄR" runs across
// every page while the fiscal period is open. statement-pdfs.ts decides what the lines
// are; this file only draws them.
import { degrees, PDFDocument, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { formatSek } from "../../money";
import { drawable, embedFonts } from "../../pdf/fonts";

/** One line of a statement, top to bottom. */
export type PdfLine =
  /** TILLGÅNGAR, EGET KAPITAL OCH SKULDER */
  | { kind: "heading"; text: string }
  /** Anläggningstillgångar, Rörelseintäkter */
  | { kind: "group"; text: string }
  /** Materiella anläggningstillgångar, Nettoomsättning */
  | { kind: "section"; text: string; indent: number }
  /** `prior`: the previous year's figure; null leaves its cell empty (no previous year, or no such account then) */
  | { kind: "account"; number: string; name: string; amount: number | null; prior?: number | null; indent: number }
  /** a subtotal (level 1 a section's, 2 a group's) or a total (3: a side's sum, the year's result) */
  | { kind: "sum"; text: string; amount: number; prior?: number | null; level: 1 | 2 | 3; indent: number }
  | { kind: "gap" };

export interface PdfReport {
  title: string;
  companyName: string;
  orgNumber: string | null;
  periodLabel: string;
  /** the amount column's heading: the balance-sheet date, or the period's dates */
  amountHeading: string;
  /** the previous year's column heading; the column is drawn only when this is set */
  priorHeading?: string;
  preliminary: boolean;
  lines: PdfLine[];
  generatedAt: string;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const RIGHT = A4[0] - MARGIN;
/** the amount column: right-aligned at RIGHT, at most this wide */
const AMOUNT_WIDTH = 100;
/** with a previous year's column: each column this wide, this year's to the left of the previous year's */
const COLUMN_WIDTH = 88;
const TOP = A4[1] - MARGIN;
const HEADER_BOTTOM = TOP - 34;
const FOOTER_TOP = MARGIN + 12;
const STEP = 4;
const grey = rgb(0.4, 0.4, 0.4);

export async function renderReportPdf(r: PdfReport): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${r.title} ${r.companyName} ${r.periodLabel}`);
  doc.setAuthor("Bokföring API");
  doc.setCreationDate(new Date(r.generatedAt));
  const { regular, bold } = await embedFonts(doc);
  let page!: PDFPage;
  let y = 0;
  // one amount column, or this year's beside the previous year's
  const twoColumns = r.priorHeading !== undefined;
  const COLUMN = twoColumns ? COLUMN_WIDTH : AMOUNT_WIDTH;
  const CURRENT_RIGHT = twoColumns ? RIGHT - COLUMN_WIDTH - 8 : RIGHT;
  /** where a name must end so as not to run into the amounts */
  const TEXT_RIGHT = CURRENT_RIGHT - COLUMN - 10;

  const text = (
    s: string,
    x: number,
    at: number,
    f: PDFFont,
    size: number,
    opts: { right?: boolean; maxWidth?: number; color?: ReturnType<typeof rgb> } = {},
  ) => {
    let t = drawable(f, s);
    if (opts.maxWidth !== undefined && f.widthOfTextAtSize(t, size) > opts.maxWidth) {
      while (t.length > 1 && f.widthOfTextAtSize(`${t}…`, size) > opts.maxWidth) t = t.slice(0, -1);
      t = `${t.trimEnd()}…`;
    }
    page.drawText(t, { x: opts.right ? x - f.widthOfTextAtSize(t, size) : x, y: at, size, font: f, color: opts.color });
  };
  const rule = (x1: number, x2: number, at: number, thickness = 0.5) =>
    page.drawLine({ start: { x: x1, y: at }, end: { x: x2, y: at }, thickness });
  /** a rule over (or under) the amount columns */
  const amountRule = (at: number, thickness: number) => {
    rule(CURRENT_RIGHT - COLUMN, CURRENT_RIGHT, at, thickness);
    if (twoColumns) rule(RIGHT - COLUMN, RIGHT, at, thickness);
  };

  const newPage = () => {
    const first = doc.getPageCount() === 0;
    page = doc.addPage(A4);
    if (r.preliminary)
      page.drawText("PRELIMINÄR", {
        x: 120,
        y: 300,
        size: 72,
        font: bold,
        color: rgb(0.88, 0.88, 0.88),
        rotate: degrees(35),
      });
    // the running header
    const who = `${r.companyName}${r.orgNumber ? `  ·  org.nr ${r.orgNumber}` : ""}`;
    text(who, MARGIN, TOP, regular, 8, { maxWidth: 260, color: grey });
    text(`${r.title}  ·  ${r.periodLabel}`, RIGHT, TOP, regular, 8, { right: true, color: grey });
    rule(MARGIN, RIGHT, TOP - 6, 0.4);
    y = TOP - 30;
    if (first) {
      text(r.title, MARGIN, y, bold, 18);
      y -= 20;
      text(r.companyName, MARGIN, y, regular, 11, { maxWidth: RIGHT - MARGIN });
      y -= 14;
      if (r.orgNumber) {
        text(`Org.nr ${r.orgNumber}`, MARGIN, y, regular, 10);
        y -= 13;
      }
      text(r.periodLabel, MARGIN, y, regular, 10);
      y -= 13;
      if (r.preliminary) {
        text("Preliminär: räkenskapsåret är inte avslutat.", MARGIN, y, regular, 8, { color: grey });
        y -= 12;
      }
      y -= 14;
    } else {
      y = HEADER_BOTTOM;
    }
    // the amount columns' headings, each on one or more lines ("\n"), ruled under the last
    const headings = [{ lines: r.amountHeading.split("\n"), right: CURRENT_RIGHT }];
    if (r.priorHeading !== undefined) headings.push({ lines: r.priorHeading.split("\n"), right: RIGHT });
    const rows = Math.max(...headings.map((h) => h.lines.length));
    for (const h of headings) {
      h.lines.forEach((s, i) => {
        text(s, h.right, y - (rows - h.lines.length + i) * 10, bold, 8.5, { right: true });
      });
    }
    y -= (rows - 1) * 10;
    amountRule(y - 4, 0.4);
    y -= 20;
  };

  const heights: Record<PdfLine["kind"], number> = {
    heading: 22,
    group: 17,
    section: 15,
    account: 13,
    sum: 16,
    gap: 8,
  };
  /** a heading keeps at least this much of what follows on its page */
  const keepWith: Record<PdfLine["kind"], number> = { heading: 60, group: 45, section: 30, account: 0, sum: 0, gap: 0 };
  const amountAt = (amount: number | null, prior: number | null | undefined, f: PDFFont, size: number) => {
    if (amount !== null) text(formatSek(amount), CURRENT_RIGHT, y, f, size, { right: true });
    if (twoColumns && prior !== null && prior !== undefined) text(formatSek(prior), RIGHT, y, f, size, { right: true });
  };

  newPage();
  // the heading whose accounts are being listed, repeated with "(forts.)" after a page break
  let open: { text: string; x: number; f: PDFFont; size: number } | null = null;
  for (const l of r.lines) {
    if (y - heights[l.kind] - keepWith[l.kind] < FOOTER_TOP + 16) {
      if (l.kind === "gap") continue;
      newPage();
      // a heading's accounts or subtotal go on under "(forts.)"; a side's total (level 3) stands alone
      if (open && (l.kind === "account" || (l.kind === "sum" && l.level < 3))) {
        text(`${open.text} (forts.)`, open.x, y, open.f, open.size);
        y -= heights.section;
      }
    }
    if (l.kind === "heading" || l.kind === "group")
      open = { text: l.text, x: MARGIN, f: bold, size: l.kind === "heading" ? 12 : 10.5 };
    if (l.kind === "section") open = { text: l.text, x: MARGIN + l.indent, f: bold, size: 9.5 };
    switch (l.kind) {
      case "heading":
        y -= 6;
        text(l.text, MARGIN, y, bold, 12);
        y -= heights.heading - 6;
        break;
      case "group":
        text(l.text, MARGIN, y, bold, 10.5);
        y -= heights.group;
        break;
      case "section":
        text(l.text, MARGIN + l.indent, y, bold, 9.5);
        y -= heights.section;
        break;
      case "account": {
        const x = MARGIN + l.indent;
        text(l.number, x, y, regular, 9);
        text(l.name, x + 34, y, regular, 9, { maxWidth: TEXT_RIGHT - (x + 34) });
        amountAt(l.amount, l.prior, regular, 9);
        y -= heights.account;
        break;
      }
      case "sum": {
        const size = l.level === 3 ? 10.5 : l.level === 2 ? 10 : 9.5;
        amountRule(y + size + 1, l.level === 1 ? 0.4 : 0.6);
        text(l.text, MARGIN + l.indent, y, bold, size, { maxWidth: TEXT_RIGHT - MARGIN - l.indent });
        amountAt(l.amount, l.prior, bold, size);
        if (l.level === 3) {
          amountRule(y - 4, 0.6);
          amountRule(y - 6, 0.6);
        }
        y -= heights.sum + (l.level >= 2 ? STEP : 0);
        break;
      }
      case "gap":
        y -= heights.gap;
        break;
    }
  }

  // footers, now that the number of pages is known
  const pages = doc.getPages();
  const created = `Skapad ${r.generatedAt.slice(0, 16).replace("T", " ")} UTC av Bokföring API`;
  pages.forEach((p, i) => {
    page = p;
    rule(MARGIN, RIGHT, FOOTER_TOP + 10, 0.4);
    text(created, MARGIN, FOOTER_TOP, regular, 7.5, { color: grey });
    text(`Sida ${i + 1} av ${pages.length}`, RIGHT, FOOTER_TOP, regular, 8, { right: true });
  });
  return doc.save({ useObjectStreams: false });
}
