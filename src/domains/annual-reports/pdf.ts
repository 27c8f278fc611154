// The annual report as a PDF (pdf-lib, DejaVu Sans: src/pdf/fonts.ts), A4, Swedish: a cover
// page with the company, its org number, "Årsredovisning för räkenskapsåret ..." and the
// contents with page numbers, then the förvaltningsberättelse, resultaträkning,
// balansräkning, noter and underskrifter, each from a new page, every page numbered. The
// figures are the model's (src/sweden/annual-report/model.ts), amounts right-aligned in the
// columns "Not", this year and the previous year.
import { PDFDocument, type PDFFont, type PDFPage, rgb } from "pdf-lib";
import { drawable, embedFonts } from "../../pdf/fonts";
import type { AnnualReportModel, Fact, ReportLine } from "../../sweden/annual-report/model";

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const RIGHT = A4[0] - MARGIN;
const COL = 82;
const NOTE_X = RIGHT - 2 * COL - 30;
const grey = rgb(0.35, 0.35, 0.35);

/** "1 234 567" or "1 234,50", a minus in front when negative. */
export function amountText(f: Fact | null): string {
  if (!f) return "";
  if (f.unit !== "SEK") return String(f.amount).replace(".", ",");
  const abs = Math.abs(f.amount);
  const [int, dec] = (Number.isInteger(abs) ? abs.toFixed(0) : abs.toFixed(2)).split(".");
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, " ");
  return `${f.amount < 0 ? "-" : ""}${grouped}${dec ? `,${dec}` : ""}`;
}

class Writer {
  pages: PDFPage[] = [];
  page!: PDFPage;
  y = 0;
  constructor(
    readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    readonly footer: string,
  ) {}
  newPage() {
    this.page = this.doc.addPage(A4);
    this.pages.push(this.page);
    this.y = A4[1] - MARGIN;
  }
  ensure(h: number) {
    if (this.y - h < MARGIN + 30) this.newPage();
  }
  text(s: string, x: number, size = 10, bold = false, color = rgb(0, 0, 0)) {
    const font = bold ? this.bold : this.regular;
    this.page.drawText(drawable(font, s), { x, y: this.y, size, font, color });
  }
  right(s: string, xRight: number, size = 10, bold = false) {
    const font = bold ? this.bold : this.regular;
    const t = drawable(font, s);
    this.page.drawText(t, { x: xRight - font.widthOfTextAtSize(t, size), y: this.y, size, font });
  }
  down(h: number) {
    this.y -= h;
  }
  /** Wrapped text, up to the right margin. */
  paragraph(s: string, size = 10, x = MARGIN) {
    const words = s.split(/\s+/);
    let lineText = "";
    const flush = () => {
      this.ensure(size + 4);
      this.text(lineText, x, size);
      this.down(size + 4);
      lineText = "";
    };
    for (const w of words) {
      const tryLine = lineText ? `${lineText} ${w}` : w;
      if (this.regular.widthOfTextAtSize(drawable(this.regular, tryLine), size) > RIGHT - x) flush();
      lineText = lineText ? `${lineText} ${w}` : w;
    }
    if (lineText) flush();
  }
  heading(s: string, size = 13) {
    this.ensure(size + 12);
    this.down(6);
    this.text(s, MARGIN, size, true);
    this.down(size + 8);
  }
  rule() {
    this.page.drawLine({ start: { x: MARGIN, y: this.y + 9 }, end: { x: RIGHT, y: this.y + 9 }, thickness: 0.5 });
  }
}

function columnsHeader(w: Writer, cur: string, prev: string | null, withNote: boolean) {
  w.ensure(28);
  if (withNote) w.right("Not", NOTE_X + 12, 9, true);
  w.right(cur, RIGHT - COL, 9, true);
  if (prev) w.right(prev, RIGHT, 9, true);
  w.down(16);
}

/** A label in at most two lines that fit `room` at `size`: the words that fit, then the rest. */
function labelLines(font: PDFFont, label: string, size: number, room: number): string[] {
  const fits = (t: string) => font.widthOfTextAtSize(drawable(font, t), size) <= room;
  if (fits(label)) return [label];
  const words = label.split(" ");
  let n = words.length - 1;
  while (n > 1 && !fits(words.slice(0, n).join(" "))) n--;
  return [words.slice(0, n).join(" "), words.slice(n).join(" ")];
}

function statementLines(w: Writer, lines: ReportLine[]) {
  for (const l of lines) {
    w.ensure(27);
    if (l.kind === "heading") {
      w.down(4);
      w.text(l.label, MARGIN, 10, true);
      w.down(14);
      continue;
    }
    const strong = l.kind !== "line";
    if (strong) w.rule();
    const x = l.kind === "line" ? MARGIN + 10 : MARGIN;
    // a long schedule label (Av- och nedskrivningar av ...) wraps, its amounts on its last line;
    // a second line still too long is set smaller rather than run into the Not column
    const font = strong ? w.bold : w.regular;
    const room = NOTE_X - 14 - x;
    const label = labelLines(font, l.label, 9.5, room);
    if (label.length > 1) {
      w.text(label[0], x, 9.5, strong);
      w.down(11);
    }
    const last = label[label.length - 1];
    const size = Math.min(9.5, (9.5 * room) / font.widthOfTextAtSize(drawable(font, last), 9.5));
    w.text(last, x + (label.length > 1 ? 6 : 0), size, strong);
    if (l.note) w.right(String(l.note), NOTE_X + 12, 9.5);
    w.right(amountText(l.current), RIGHT - COL, 9.5, strong);
    w.right(amountText(l.previous), RIGHT, 9.5, strong);
    w.down(strong ? 17 : 14);
  }
}

const period = (y: { start: string; end: string }) => `${y.start} – ${y.end}`;

function managementReport(w: Writer, m: AnnualReportModel) {
  const mr = m.management_report;
  w.heading("Förvaltningsberättelse", 16);
  w.paragraph(
    `Styrelsen för ${m.company.name}, ${m.company.org_number}, avger följande årsredovisning för räkenskapsåret ${period(m.fiscal_year)}.`,
  );
  w.heading("Verksamheten", 11);
  w.paragraph(mr.business_description);
  if (mr.significant_events) {
    w.heading("Väsentliga händelser under räkenskapsåret", 11);
    w.paragraph(mr.significant_events);
  }
  w.heading("Flerårsöversikt (kr)", 11);
  const years = mr.multi_year_overview;
  const colRight = (i: number) => RIGHT - (years.length - 1 - i) * COL;
  w.ensure(70);
  for (const [i, y] of years.entries()) w.right(y.end.slice(0, 4), colRight(i), 9, true);
  w.down(14);
  const rows: [string, (y: (typeof years)[number]) => Fact | null][] = [
    ["Nettoomsättning", (y) => y.net_sales],
    ["Resultat efter finansiella poster", (y) => y.result_after_financial_items],
    ["Soliditet (%)", (y) => y.solidity_percent],
  ];
  for (const [label, f] of rows) {
    w.text(label, MARGIN, 9.5);
    for (const [i, y] of years.entries()) w.right(amountText(f(y)), colRight(i), 9.5);
    w.down(14);
  }
  if (mr.multi_year_comment) w.paragraph(mr.multi_year_comment, 9.5);
  w.heading("Förändringar i eget kapital (kr)", 11);
  const eq = mr.equity_changes;
  const eqCol = (i: number) => RIGHT - (eq.columns.length - 1 - i) * 80;
  w.ensure(30 + eq.rows.length * 14);
  for (const [i, c] of eq.columns.entries()) w.right(c.label, eqCol(i), 7, true);
  w.down(14);
  for (const r of eq.rows) {
    const strong = r.key === "closing";
    if (strong) w.rule();
    w.text(r.label, MARGIN, 9, strong);
    const cells = r.cells as Record<string, Fact | null | undefined>;
    for (const [i, c] of eq.columns.entries()) w.right(amountText(cells[c.key] ?? null), eqCol(i), 9, strong);
    w.down(14);
  }
  w.heading("Resultatdisposition", 11);
  const a = mr.appropriation;
  w.paragraph("Till årsstämmans förfogande står följande medel (kr):");
  const pair = (label: string, f: Fact | null, strong = false) => {
    w.ensure(14);
    if (strong) w.rule();
    w.text(label, MARGIN + 10, 9.5, strong);
    w.right(amountText(f), RIGHT - COL, 9.5, strong);
    w.down(14);
  };
  pair("Balanserat resultat", a.retained_earnings);
  pair("Årets resultat", a.year_result);
  pair("Summa", a.available, true);
  w.down(4);
  w.paragraph("Styrelsen föreslår att medlen disponeras enligt följande:");
  if (a.dividend) pair("Utdelas till aktieägarna", a.dividend);
  pair("Balanseras i ny räkning", a.carried_forward);
  pair("Summa", a.total, true);
  w.down(6);
  w.paragraph(
    "Företagets resultat och ställning i övrigt framgår av efterföljande resultat- och balansräkning med noter.",
    9.5,
  );
}

function notes(w: Writer, m: AnnualReportModel) {
  const n = m.notes;
  const cur = m.fiscal_year.end;
  const prev = m.previous_fiscal_year?.end ?? null;
  w.heading("Noter", 16);
  w.heading(`Not 1 ${n.accounting_principles.title}`, 11);
  w.paragraph(n.accounting_principles.text, 9.5);
  w.heading(`Not 2 ${n.employees.title}`, 11);
  columnsHeader(w, m.fiscal_year.end.slice(0, 4), prev ? prev.slice(0, 4) : null, false);
  w.text("Medelantalet anställda", MARGIN + 10, 9.5);
  w.right(amountText(n.employees.current), RIGHT - COL, 9.5);
  w.right(amountText(n.employees.previous), RIGHT, 9.5);
  w.down(16);
  for (const a of n.fixed_assets) {
    w.ensure(30 + a.rows.length * 14);
    w.heading(`Not ${a.number} ${a.title}`, 11);
    columnsHeader(w, cur, prev, false);
    for (const r of a.rows) {
      const strong = r.key.startsWith("closing") || r.key === "book_value";
      if (strong) w.rule();
      w.text(r.label, MARGIN + 10, 9.5, strong);
      w.right(amountText(r.current), RIGHT - COL, 9.5, strong);
      w.right(amountText(r.previous), RIGHT, 9.5, strong);
      w.down(r.key === "closing_cost" ? 20 : 14);
    }
  }
  for (const o of n.other) {
    w.heading(`Not ${o.number} ${o.title}`, 11);
    columnsHeader(w, cur, null, false);
    w.text(o.title, MARGIN + 10, 9.5);
    w.right(amountText(o.amount), RIGHT - COL, 9.5);
    w.down(16);
  }
}

function signatures(w: Writer, m: AnnualReportModel) {
  w.heading("Underskrifter", 16);
  w.paragraph(`${m.signatures.place} ${m.signatures.date}`);
  w.down(20);
  m.signatures.board_members.forEach((b, i) => {
    const x = i % 2 === 0 ? MARGIN : MARGIN + 250;
    if (i % 2 === 0) w.ensure(60);
    w.page.drawLine({ start: { x, y: w.y }, end: { x: x + 200, y: w.y }, thickness: 0.5 });
    w.down(12);
    w.text(b.name, x, 10);
    w.down(12);
    w.text(b.role, x, 9, false, grey);
    if (i % 2 === 0 && i < m.signatures.board_members.length - 1) w.down(-24);
    else w.down(36);
  });
}

export async function renderAnnualReportPdf(m: AnnualReportModel, generatedAt: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Årsredovisning ${m.company.name} ${period(m.fiscal_year)}`);
  doc.setAuthor("Bokföring API");
  doc.setCreationDate(new Date(generatedAt));
  const { regular, bold } = await embedFonts(doc);
  const w = new Writer(doc, regular, bold, `${m.company.name} ${m.company.org_number}`);
  const starts: [string, number][] = [];
  const section = (title: string, draw: () => void) => {
    w.newPage();
    starts.push([title, w.pages.length + 1]);
    draw();
  };
  const curHead = (instant: boolean) => (instant ? m.fiscal_year.end : `${m.fiscal_year.start}–`);
  section("Förvaltningsberättelse", () => managementReport(w, m));
  section("Resultaträkning", () => {
    w.heading("Resultaträkning (kr)", 16);
    columnsHeader(w, curHead(false), m.previous_fiscal_year ? `${m.previous_fiscal_year.start}–` : null, true);
    columnsHeader(w, m.fiscal_year.end, m.previous_fiscal_year?.end ?? null, false);
    statementLines(w, m.income_statement);
  });
  section("Balansräkning", () => {
    w.heading("Balansräkning (kr)", 16);
    columnsHeader(w, curHead(true), m.previous_fiscal_year?.end ?? null, true);
    w.text("TILLGÅNGAR", MARGIN, 10.5, true);
    w.down(16);
    statementLines(w, m.balance_sheet.assets);
    w.newPage();
    columnsHeader(w, curHead(true), m.previous_fiscal_year?.end ?? null, true);
    w.text("EGET KAPITAL OCH SKULDER", MARGIN, 10.5, true);
    w.down(16);
    statementLines(w, m.balance_sheet.equity_and_liabilities);
  });
  section("Noter", () => notes(w, m));
  section("Underskrifter", () => signatures(w, m));

  // the cover, first, with the contents and the page each section starts on
  const cover = doc.insertPage(0, A4);
  const centre = (s: string, y: number, size: number, font: PDFFont) => {
    const t = drawable(font, s);
    cover.drawText(t, { x: (A4[0] - font.widthOfTextAtSize(t, size)) / 2, y, size, font });
  };
  centre(m.company.name, 560, 22, bold);
  centre(`Org.nr ${m.company.org_number}`, 530, 12, regular);
  centre(`Årsredovisning för räkenskapsåret ${period(m.fiscal_year)}`, 490, 13, regular);
  let y = 400;
  cover.drawText("Innehåll", { x: 170, y, size: 11, font: bold });
  y -= 20;
  for (const [title, page] of starts) {
    cover.drawText(drawable(regular, title), { x: 170, y, size: 10.5, font: regular });
    const p = `sida ${page}`;
    cover.drawText(p, { x: 425 - regular.widthOfTextAtSize(p, 10.5), y, size: 10.5, font: regular });
    y -= 16;
  }
  const all = doc.getPages();
  all.forEach((pg, i) => {
    const t = `${m.company.name}, ${m.company.org_number} · Årsredovisning ${period(m.fiscal_year)} · Sida ${i + 1} av ${all.length}`;
    const d = drawable(regular, t);
    pg.drawText(d, { x: (A4[0] - regular.widthOfTextAtSize(d, 8)) / 2, y: 28, size: 8, font: regular, color: grey });
  });
  return doc.save();
}
