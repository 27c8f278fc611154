// The invoice as PDF (pdf-lib, A4, DejaVu Sans embedded and subset: src/pdf/fonts.ts).
// It carries what ML 17 kap 24 § asks of an invoice: date, number, the seller's VAT
// number, both parties' names and addresses, what was sold and how much, the price
// without VAT, the taxable amount, rate and VAT per rate, and the reason when no
// VAT is charged (reverse charge to an EU business). A draft says UTKAST (DRAFT)
// across every page and has no number. Printed in Swedish, or in English for a
// customer abroad (`language`, see language.ts).
import { degrees, PDFDocument, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { drawable, embedFonts } from "../../../pdf/fonts";
import { type DocumentKind, formatAmount, formatDecimal, type InvoiceLanguage, LABELS } from "./language";

export interface InvoicePdf {
  /** the kind of document (its Swedish name); printed in `language` */
  title: DocumentKind;
  /** Swedish unless given; English for a customer abroad */
  language?: InvoiceLanguage;
  draft: boolean;
  number: string | null;
  invoiceDate: string;
  dueDate: string;
  currency: string;
  seller: { name: string; orgNumber: string | null; vatNumber: string | null; fSkatt: boolean; payment: string[] };
  buyer: { name: string; lines: string[]; vatNumber: string | null };
  references: string[];
  items: {
    description: string;
    quantity: string;
    unit: string | null;
    unitPrice: number;
    vatRate: number;
    net: number;
  }[];
  vat: { rate: number; net: number; vat: number }[];
  subtotal: number;
  vatTotal: number;
  total: number;
  notes: string[];
  generatedAt: string;
  /** the seller's address and contact lines, printed under its name (ML 17 kap 24 §) */
  sellerAddress?: string[];
  /** payment terms, late-payment interest and the OCR reference, printed with the particulars */
  terms?: [string, string][];
  /** ROT/RUT: the figures printed under the total (labour, the deduction) and what the customer pays */
  deduction?: { rows: [string, number][]; toPay: number; notes: string[] };
}

const A4: [number, number] = [595.28, 841.89];
const M = 50;
const FOOTER_TOP = M + 40;

type Labels = (typeof LABELS)[InvoiceLanguage];

/**
 * Where the next line goes, page by page: a new page when the footer is reached (a draft's
 * UTKAST across it, and from the second page on the heading with "continued").
 */
class Pen {
  page!: PDFPage;
  y = 0;
  constructor(
    readonly doc: PDFDocument,
    readonly font: PDFFont,
    readonly bold: PDFFont,
    readonly inv: InvoicePdf,
    readonly L: Labels,
    readonly heading: string,
  ) {}

  printable(t: string) {
    return drawable(this.font, t);
  }

  newPage() {
    const continued = this.doc.getPageCount() > 0;
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - M;
    if (this.inv.draft)
      this.page.drawText(this.L.draft, {
        x: 150,
        y: 320,
        size: 96,
        font: this.bold,
        color: rgb(0.85, 0.85, 0.85),
        rotate: degrees(35),
      });
    if (continued) {
      this.page.drawText(this.printable(`${this.heading} ${this.L.continued}`), {
        x: M,
        y: this.y,
        size: 9,
        font: this.bold,
      });
      this.y -= 20;
    }
  }

  text(s: string, x: number, opts: { f?: PDFFont; size?: number; right?: boolean } = {}) {
    const f = opts.f ?? this.font;
    const size = opts.size ?? 9;
    const t = this.printable(s);
    this.page.drawText(t, { x: opts.right ? x - f.widthOfTextAtSize(t, size) : x, y: this.y, size, font: f });
  }

  /** the footer (seller's particulars, page number) takes the bottom of every page */
  nextLine(gap = 13) {
    this.y -= gap;
    if (this.y < FOOTER_TOP + 10) this.newPage();
  }

  /** lines at `x`, one under the other */
  lines(lines: string[], x = M, gap = 12) {
    for (const l of lines) {
      this.text(l, x);
      this.nextLine(gap);
    }
  }

  /** a label at `x` and its value against the right margin, then the next line */
  pair(label: string, value: string, x: number, f: PDFFont = this.font, gap = 12) {
    this.text(label, x, { f });
    this.text(value, A4[0] - M, { f, right: true });
    this.nextLine(gap);
  }

  money(n: number) {
    return formatAmount(n, this.inv.language ?? "sv");
  }
}

export async function renderInvoicePdf(inv: InvoicePdf): Promise<Uint8Array> {
  const L = LABELS[inv.language ?? "sv"];
  const title = L.title[inv.title];
  const doc = await PDFDocument.create();
  doc.setTitle(`${title} ${inv.number ?? L.draftShort} ${inv.seller.name}`);
  doc.setAuthor(inv.seller.name);
  doc.setCreationDate(new Date(inv.generatedAt));
  // DejaVu Sans, subset: Polish, Baltic, Greek or Cyrillic names print as written
  const { regular: font, bold } = await embedFonts(doc);
  const pen = new Pen(doc, font, bold, inv, L, `${title} ${inv.number ?? `(${L.draftShort})`} · ${inv.seller.name}`);
  pen.newPage();
  drawHead(pen, title);
  drawBuyer(pen);
  drawItems(pen);
  drawTotals(pen);
  drawFooters(pen);
  return doc.save({ useObjectStreams: false });
}

/** The seller and the title, the seller's address left of the document's particulars and terms. */
function drawHead(pen: Pen, title: string) {
  const { inv, L } = pen;
  pen.text(inv.seller.name, M, { f: pen.bold, size: 14 });
  pen.text(title.toUpperCase(), A4[0] - M, { f: pen.bold, size: 18, right: true });
  pen.nextLine(20);
  const sellerTop = pen.y;
  (inv.sellerAddress ?? []).forEach((l, k) => {
    pen.y = sellerTop - 12 * k;
    pen.text(l, M);
  });
  pen.y = sellerTop;
  for (const [k, v] of [...particulars(inv, L, title), ...(inv.terms ?? [])]) pen.pair(k, v, 330);
  pen.y = Math.min(pen.y, sellerTop - 12 * (inv.sellerAddress ?? []).length);
  pen.nextLine(6);
}

/** The document's number, date, due date (or pay-by day) and currency. */
function particulars(inv: InvoicePdf, L: Labels, title: string): [string, string][] {
  const due: [string, string][] =
    inv.title === "Faktura" || inv.title === "Räntefaktura" || inv.title === "Proformafaktura"
      ? [[L.dueDate, inv.dueDate]]
      : inv.title === "Betalningspåminnelse"
        ? [[L.payBy, inv.dueDate]]
        : [];
  return [
    [L.numberOf(title), inv.number ?? L.unassigned],
    // a reminder is dated the day it is sent, and names the new last day to pay
    [inv.title === "Betalningspåminnelse" ? L.date : L.invoiceDate, inv.invoiceDate],
    ...due,
    [L.currency, inv.currency],
  ];
}

function drawBuyer(pen: Pen) {
  const { inv, L } = pen;
  pen.text(L.customer, M, { f: pen.bold });
  pen.nextLine(12);
  pen.lines([
    inv.buyer.name,
    ...inv.buyer.lines,
    ...(inv.buyer.vatNumber ? [`${L.vatNumber} ${inv.buyer.vatNumber}`] : []),
  ]);
  pen.lines(inv.references);
  pen.nextLine(10);
}

const COLS = { desc: M, qty: 300, price: 390, vat: 440, net: A4[0] - M };

function drawItems(pen: Pen) {
  const { inv, L } = pen;
  const lang = inv.language ?? "sv";
  pen.text(L.description, COLS.desc, { f: pen.bold });
  pen.text(L.quantity, COLS.qty, { f: pen.bold, right: true });
  pen.text(L.unitPrice, COLS.price, { f: pen.bold, right: true });
  pen.text(L.vat, COLS.vat, { f: pen.bold, right: true });
  pen.text(L.amount, COLS.net, { f: pen.bold, right: true });
  pen.nextLine(4);
  pen.page.drawLine({ start: { x: M, y: pen.y }, end: { x: A4[0] - M, y: pen.y }, thickness: 0.5 });
  pen.nextLine(12);
  for (const it of inv.items) {
    const [first, ...more] = wrapText(it.description, DESCRIPTION_CHARS, 4);
    pen.text(first, COLS.desc);
    pen.text(`${formatDecimal(it.quantity, lang)}${it.unit ? ` ${it.unit}` : ""}`, COLS.qty, { right: true });
    pen.text(pen.money(it.unitPrice), COLS.price, { right: true });
    pen.text(`${Math.round(it.vatRate * 100)} %`, COLS.vat, { right: true });
    pen.text(pen.money(it.net), COLS.net, { right: true });
    for (const l of more) {
      pen.nextLine(11);
      pen.text(l, COLS.desc);
    }
    pen.nextLine();
  }
  pen.nextLine(4);
}

/** The sums, VAT per rate, the total (or, with a ROT/RUT deduction, what the customer pays), then the notes. */
function drawTotals(pen: Pen) {
  const { inv, L } = pen;
  pen.page.drawLine({ start: { x: 300, y: pen.y + 8 }, end: { x: A4[0] - M, y: pen.y + 8 }, thickness: 0.5 });
  const sum = (label: string, amount: number, f: PDFFont = pen.font) => pen.pair(label, pen.money(amount), 300, f, 13);
  // a reminder's lines carry no VAT (the debt, the fee and interest are no supply): a plain sum, not "excl. VAT"
  sum(inv.title === "Betalningspåminnelse" ? L.sum : L.subtotal, inv.subtotal);
  for (const v of inv.vat) sum(L.vatOn(Math.round(v.rate * 100), pen.money(v.net)), v.vat);
  if (inv.deduction) {
    sum(`${L.sum} ${inv.currency}`, inv.total);
    for (const [label, amount] of inv.deduction.rows) sum(label, amount);
    sum(
      `${inv.title === "Kreditfaktura" ? L.creditToCustomer : L.toPay} ${inv.currency}`,
      inv.deduction.toPay,
      pen.bold,
    );
  } else {
    sum(`${L.total[inv.title]} ${inv.currency}`, inv.total, pen.bold);
  }
  pen.nextLine(4);
  pen.lines(inv.deduction?.notes ?? []);
  pen.nextLine(8);
  pen.lines(inv.notes.flatMap((note) => wrapText(note, NOTE_CHARS, 30)));
}

/** The seller's particulars and the page number at the bottom of every page. */
function drawFooters(pen: Pen) {
  const { inv, L, font } = pen;
  const footer = [
    [
      inv.seller.name,
      inv.seller.orgNumber ? `${L.orgNumber} ${inv.seller.orgNumber}` : null,
      inv.seller.vatNumber ? `${L.vatNumber} ${inv.seller.vatNumber}` : null,
      inv.seller.fSkatt ? L.fSkatt : null,
    ],
    inv.seller.payment,
  ].map((row) => pen.printable(row.filter(Boolean).join("  ·  ")));
  const pages = pen.doc.getPages();
  pages.forEach((p, i) => {
    p.drawLine({ start: { x: M, y: FOOTER_TOP }, end: { x: A4[0] - M, y: FOOTER_TOP }, thickness: 0.5 });
    footer.forEach((line, k) => {
      p.drawText(line, { x: M, y: FOOTER_TOP - 12 - 11 * k, size: 8, font });
    });
    const n = pen.printable(L.page(i + 1, pages.length));
    p.drawText(n, { x: A4[0] - M - font.widthOfTextAtSize(n, 8), y: FOOTER_TOP - 12, size: 8, font });
  });
}

/** What fits the description column before the quantity, and the page's width (9 pt). */
const DESCRIPTION_CHARS = 54;
const NOTE_CHARS = 100;

/**
 * A text wrapped at spaces to `width` characters, so a long line description (an interest
 * invoice's "Dröjsmålsränta enligt räntelagen på faktura ..., from–to, rate") or a long note is
 * printed whole rather than cut or run off the page; a word longer than the width is split, and
 * the last of `maxLines` ends in "…" when more remains.
 */
export function wrapText(value: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of value.split(/\s+/).filter(Boolean)) {
    let w = word;
    while (w.length > width) {
      if (line) lines.push(line);
      lines.push(w.slice(0, width));
      w = w.slice(width);
      line = "";
    }
    if (!line) line = w;
    else if (line.length + 1 + w.length <= width) line += ` ${w}`;
    else {
      lines.push(line);
      line = w;
    }
  }
  if (line || !lines.length) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1].slice(0, width - 1)}…`;
  return kept;
}
