// Report PDFs of many columns (the income statement by dimension: an object or a month a column;
// the key ratios: this year and the previous), drawn with pdf-lib as pdf.ts draws the
// statements: DejaVu Sans, a running header, "Sida 2 av 3", "PRELIMINÄR" across every page of
// an open year. A table wider than the page is cut into bands of columns, each band a full pass
// over the rows with the row labels repeated and the band named in the heading ("kolumn 1–8 av
// 14"), so that no figure is ever cut or squeezed. This file only draws; the callers decide
// the rows.
import { degrees, PDFDocument, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { drawable, embedFonts } from "../../pdf/fonts";

/** One row of the table, top to bottom; `cells` has one text per column (empty: nothing drawn). */
export type TableRow =
  | { kind: "group"; text: string }
  | { kind: "row"; label: string; cells: string[]; indent?: number }
  | { kind: "sum"; label: string; cells: string[]; strong?: boolean }
  /** a small grey line under a row (a ratio's formula) */
  | { kind: "note"; text: string }
  | { kind: "gap" };

export interface TableReport {
  title: string;
  companyName: string;
  orgNumber: string | null;
  periodLabel: string;
  /** each column's heading, one or more lines ("\n") */
  columns: string[];
  rows: TableRow[];
  preliminary: boolean;
  landscape: boolean;
  /** the label column's width in points (default 170) */
  labelWidth?: number;
  /**
   * Columns that belong together (outcome, budget, difference of one object): the bands are cut
   * between groups of this many columns, never inside one (default 1).
   */
  columnGroup?: number;
  generatedAt: string;
}

const PORTRAIT: [number, number] = [595.28, 841.89];
const MARGIN = 40;
const SIZE = 8;
const PAD = 8;
const MIN_COLUMN = 46;
const grey = rgb(0.4, 0.4, 0.4);
const HEIGHTS: Record<TableRow["kind"], number> = { group: 16, row: 12, sum: 15, note: 13, gap: 7 };

/**
 * The bands of columns (indexes) that fit `room` points beside the labels: as few as the widths
 * allow, and as even as they allow (13 columns that need two bands go 7 and 6, not 12 and 1).
 */
export function columnBands(widths: readonly number[], room: number): number[][] {
  const greedy = (per: number) => {
    const bands: number[][] = [];
    let band: number[] = [];
    let used = 0;
    widths.forEach((w, i) => {
      if (band.length && (used + w > room || band.length >= per)) {
        bands.push(band);
        band = [];
        used = 0;
      }
      band.push(i);
      used += w;
    });
    if (band.length) bands.push(band);
    return bands;
  };
  const fewest = greedy(widths.length);
  const even = greedy(Math.ceil(widths.length / fewest.length));
  return even.length === fewest.length ? even : fewest;
}

/** The bands of columns kept in groups of `group` (each group's columns in one band). */
export function groupedBands(widths: readonly number[], room: number, group = 1): number[][] {
  if (group <= 1) return columnBands(widths, room);
  const members = (g: number) => widths.map((_, i) => i).slice(g * group, (g + 1) * group);
  const groups = Array.from({ length: Math.ceil(widths.length / group) }, (_, g) => members(g));
  const groupWidths = groups.map((m) => m.reduce((sum, i) => sum + widths[i], 0));
  return columnBands(groupWidths, room).map((band) => band.flatMap((g) => groups[g]));
}

function columnWidths(r: TableReport, bold: PDFFont): number[] {
  return r.columns.map((heading, i) => {
    const texts = [...heading.split("\n"), ...r.rows.map((row) => ("cells" in row ? (row.cells[i] ?? "") : ""))];
    return Math.max(MIN_COLUMN, ...texts.map((t) => bold.widthOfTextAtSize(drawable(bold, t), SIZE) + PAD));
  });
}

/**
 * The labels' column: as asked (default 170), wider up to the longest label where the widest band
 * of columns leaves room (bands cut for the asked width).
 */
function labelColumn(r: TableReport, bold: PDFFont, widths: readonly number[], page: number) {
  const asked = r.labelWidth ?? 170;
  const bands = groupedBands(widths, page - asked, r.columnGroup);
  const widest = Math.max(...bands.map((b) => b.reduce((sum, i) => sum + widths[i], 0)));
  const longest = Math.max(
    ...r.rows.map((row) => ("label" in row ? bold.widthOfTextAtSize(drawable(bold, row.label), SIZE + 0.5) + 16 : 0)),
  );
  return { labelWidth: Math.max(asked, Math.min(longest, page - widest)), bands };
}

export async function renderTablePdf(r: TableReport): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${r.title} ${r.companyName} ${r.periodLabel}`);
  doc.setAuthor("Bokföring API");
  doc.setCreationDate(new Date(r.generatedAt));
  const fonts = await embedFonts(doc);
  const [w, h] = r.landscape ? [PORTRAIT[1], PORTRAIT[0]] : PORTRAIT;
  const widths = columnWidths(r, fonts.bold);
  const { labelWidth, bands } = labelColumn(r, fonts.bold, widths, w - 2 * MARGIN);
  const pen = new TablePen(doc, r, fonts, { w, h, labelWidth, widths });
  bands.forEach((band, i) => {
    const name = bands.length > 1 ? `kolumn ${band[0] + 1}–${band[band.length - 1] + 1} av ${r.columns.length}` : null;
    pen.drawBand(band, name, i === 0);
  });
  pen.footers();
  return doc.save({ useObjectStreams: false });
}

/** Draws the pages of one table: a band of columns at a time, a page at a time. */
class TablePen {
  private page!: PDFPage;
  private y = 0;
  private x: number[] = [];
  private band: number[] = [];
  private bandName: string | null = null;

  constructor(
    private doc: PDFDocument,
    private r: TableReport,
    private f: { regular: PDFFont; bold: PDFFont },
    private g: { w: number; h: number; labelWidth: number; widths: number[] },
  ) {}

  private text(
    s: string,
    x: number,
    y: number,
    font: PDFFont,
    size: number,
    o: { right?: boolean; max?: number } = {},
  ) {
    let t = drawable(font, s);
    if (o.max !== undefined && font.widthOfTextAtSize(t, size) > o.max) {
      while (t.length > 1 && font.widthOfTextAtSize(`${t}…`, size) > o.max) t = t.slice(0, -1);
      t = `${t.trimEnd()}…`;
    }
    const at = o.right ? x - font.widthOfTextAtSize(t, size) : x;
    this.page.drawText(t, { x: at, y, size, font, color: font === this.f.regular && size < SIZE ? grey : undefined });
  }

  private rule(x1: number, x2: number, y: number, thickness = 0.4) {
    this.page.drawLine({ start: { x: x1, y }, end: { x: x2, y }, thickness });
  }

  /** The right edge of each column of the band, from the labels' right. */
  private place(band: number[]) {
    let right = MARGIN + this.g.labelWidth;
    this.x = band.map((i) => (right += this.g.widths[i]));
  }

  drawBand(band: number[], name: string | null, first: boolean) {
    this.band = band;
    this.bandName = name;
    this.place(band);
    this.newPage(first);
    for (const row of this.r.rows) {
      if (this.y - HEIGHTS[row.kind] < MARGIN + 28) {
        if (row.kind === "gap") continue;
        this.newPage(false);
      }
      this.row(row);
    }
  }

  private newPage(first: boolean) {
    const { w, h } = this.g;
    this.page = this.doc.addPage([w, h]);
    const { regular, bold } = this.f;
    if (this.r.preliminary)
      this.page.drawText("PRELIMINÄR", {
        x: w / 2 - 180,
        y: h / 2 - 120,
        size: 72,
        font: bold,
        color: rgb(0.88, 0.88, 0.88),
        rotate: degrees(30),
      });
    const top = h - MARGIN;
    const who = `${this.r.companyName}${this.r.orgNumber ? `  ·  org.nr ${this.r.orgNumber}` : ""}`;
    this.text(who, MARGIN, top, regular, 7.5, { max: w / 2 - MARGIN });
    this.text(`${this.r.title}  ·  ${this.r.periodLabel}`, w - MARGIN, top, regular, 7.5, { right: true });
    this.rule(MARGIN, w - MARGIN, top - 6);
    this.y = top - 28;
    if (first) this.titleBlock();
    this.headings();
  }

  private titleBlock() {
    const { regular, bold } = this.f;
    this.text(this.r.title, MARGIN, this.y, bold, 16);
    this.y -= 18;
    const org = this.r.orgNumber ? `  ·  Org.nr ${this.r.orgNumber}` : "";
    this.text(`${this.r.companyName}${org}`, MARGIN, this.y, regular, 10, { max: this.g.w - 2 * MARGIN });
    this.y -= 13;
    this.text(this.r.periodLabel, MARGIN, this.y, regular, 9.5);
    this.y -= 12;
    if (this.r.preliminary) {
      this.text("Preliminär: räkenskapsåret är inte avslutat.", MARGIN, this.y, regular, 7.5);
      this.y -= 11;
    }
    this.y -= 10;
  }

  /** The band's column headings, bottom-aligned, ruled under; the band named at the left. */
  private headings() {
    const lines = this.band.map((i) => this.r.columns[i].split("\n"));
    const rows = Math.max(...lines.map((l) => l.length));
    if (this.bandName) this.text(`(${this.bandName})`, MARGIN, this.y - (rows - 1) * 10, this.f.regular, 7.5);
    lines.forEach((l, k) => {
      l.forEach((s, j) => {
        this.text(s, this.x[k], this.y - (rows - l.length + j) * 10, this.f.bold, SIZE, { right: true });
      });
    });
    this.y -= (rows - 1) * 10;
    this.rule(MARGIN, this.x[this.x.length - 1], this.y - 4);
    this.y -= 17;
  }

  private cells(cells: string[], font: PDFFont) {
    this.band.forEach((i, k) => {
      if (cells[i]) this.text(cells[i], this.x[k] - PAD / 2 + 2, this.y, font, SIZE, { right: true });
    });
  }

  private row(row: TableRow) {
    const { regular, bold } = this.f;
    const max = this.g.labelWidth - 6;
    switch (row.kind) {
      case "group":
        this.y -= 3;
        this.text(row.text, MARGIN, this.y, bold, 9.5, { max: this.g.w - 2 * MARGIN });
        break;
      case "row":
        this.text(row.label, MARGIN + (row.indent ?? 8), this.y, regular, SIZE, { max: max - (row.indent ?? 8) });
        this.cells(row.cells, regular);
        break;
      case "sum":
        this.rule(MARGIN + this.g.labelWidth, this.x[this.x.length - 1], this.y + SIZE + 2, row.strong ? 0.7 : 0.4);
        this.text(row.label, MARGIN, this.y, bold, SIZE + 0.5, { max });
        this.cells(row.cells, bold);
        if (row.strong) this.rule(MARGIN + this.g.labelWidth, this.x[this.x.length - 1], this.y - 4, 0.7);
        break;
      case "note":
        this.y += 2;
        this.text(row.text, MARGIN + 16, this.y, regular, 6.5, { max: this.g.w - 2 * MARGIN - 16 });
        break;
      case "gap":
        break;
    }
    this.y -= HEIGHTS[row.kind] + (row.kind === "sum" && row.strong ? 3 : 0);
  }

  footers() {
    const pages = this.doc.getPages();
    const created = `Skapad ${this.r.generatedAt.slice(0, 16).replace("T", " ")} UTC av Bokföring API`;
    pages.forEach((p, i) => {
      this.page = p;
      this.rule(MARGIN, this.g.w - MARGIN, MARGIN + 10);
      this.text(created, MARGIN, MARGIN, this.f.regular, 7);
      this.text(`Sida ${i + 1} av ${pages.length}`, this.g.w - MARGIN, MARGIN, this.f.regular, 7.5, { right: true });
    });
  }
}
