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

export async function renderInvoicePdf(inv: InvoicePdf): Promise<Uint8Array> {
  const lang = inv.language ?? "sv";
  const L = LABELS[lang];
  const title = L.title[inv.title];
  const doc = await PDFDocument.create();
  doc.setTitle(`${title} ${inv.number ?? L.draftShort} ${inv.seller.name}`);
  doc.setAuthor(inv.seller.name);
  doc.setCreationDate(new Date(inv.generatedAt));
  // DejaVu Sans, subset: Polish, Baltic, Greek or Cyrillic names print as written
  const { regular: font, bold } = await embedFonts(doc);
  const printable = (t: string) => drawable(font, t);
  let page!: PDFPage;
  let y = 0;
  const heading = `${title} ${inv.number ?? `(${L.draftShort})`} · ${inv.seller.name}`;
  const newPage = () => {
    const continued = doc.getPageCount() > 0;
    page = doc.addPage(A4);
    y = A4[1] - M;
    if (inv.draft)
      page.drawText(L.draft, {
        x: 150,
        y: 320,
        size: 96,
        font: bold,
        color: rgb(0.85, 0.85, 0.85),
        rotate: degrees(35),
      });
    if (continued) {
      page.drawText(printable(`${heading} ${L.continued}`), { x: M, y, size: 9, font: bold });
      y -= 20;
    }
  };
  const text = (s: string, x: number, opts: { f?: PDFFont; size?: number; right?: boolean } = {}) => {
    const f = opts.f ?? font;
    const size = opts.size ?? 9;
    const t = printable(s);
    page.drawText(t, { x: opts.right ? x - f.widthOfTextAtSize(t, size) : x, y, size, font: f });
  };
  // the footer (seller's particulars, page number) takes the bottom of every page
  const nextLine = (gap = 13) => {
    y -= gap;
    if (y < FOOTER_TOP + 10) newPage();
  };
  const money = (n: number) => formatAmount(n, lang);

  newPage();
  text(inv.seller.name, M, { f: bold, size: 14 });
  text(title.toUpperCase(), A4[0] - M, { f: bold, size: 18, right: true });
  nextLine(20);
  // the seller's address and contact details, left of the invoice's particulars
  const sellerTop = y;
  (inv.sellerAddress ?? []).forEach((l, k) => {
    y = sellerTop - 12 * k;
    text(l, M);
  });
  y = sellerTop;
  const head: [string, string][] = [
    [L.numberOf(title), inv.number ?? L.unassigned],
    // a reminder is dated the day it is sent, and names the new last day to pay
    [inv.title === "Betalningspåminnelse" ? L.date : L.invoiceDate, inv.invoiceDate],
    ...(inv.title === "Faktura" || inv.title === "Räntefaktura" || inv.title === "Proformafaktura"
      ? ([[L.dueDate, inv.dueDate]] as [string, string][])
      : inv.title === "Betalningspåminnelse"
        ? ([[L.payBy, inv.dueDate]] as [string, string][])
        : []),
    [L.currency, inv.currency],
  ];
  for (const [k, v] of head) {
    text(k, 330);
    text(v, A4[0] - M, { right: true });
    nextLine(12);
  }
  for (const [k, v] of inv.terms ?? []) {
    text(k, 330);
    text(v, A4[0] - M, { right: true });
    nextLine(12);
  }
  y = Math.min(y, sellerTop - 12 * (inv.sellerAddress ?? []).length);
  nextLine(6);
  text(L.customer, M, { f: bold });
  nextLine(12);
  for (const l of [
    inv.buyer.name,
    ...inv.buyer.lines,
    ...(inv.buyer.vatNumber ? [`${L.vatNumber} ${inv.buyer.vatNumber}`] : []),
  ]) {
    text(l, M);
    nextLine(12);
  }
  for (const r of inv.references) {
    text(r, M);
    nextLine(12);
  }
  nextLine(10);

  const cols = { desc: M, qty: 300, price: 390, vat: 440, net: A4[0] - M };
  text(L.description, cols.desc, { f: bold });
  text(L.quantity, cols.qty, { f: bold, right: true });
  text(L.unitPrice, cols.price, { f: bold, right: true });
  text(L.vat, cols.vat, { f: bold, right: true });
  text(L.amount, cols.net, { f: bold, right: true });
  nextLine(4);
  page.drawLine({ start: { x: M, y }, end: { x: A4[0] - M, y }, thickness: 0.5 });
  nextLine(12);
  for (const it of inv.items) {
    const [first, ...more] = wrapText(it.description, DESCRIPTION_CHARS, 4);
    text(first, cols.desc);
    text(`${formatDecimal(it.quantity, lang)}${it.unit ? ` ${it.unit}` : ""}`, cols.qty, { right: true });
    text(money(it.unitPrice), cols.price, { right: true });
    text(`${Math.round(it.vatRate * 100)} %`, cols.vat, { right: true });
    text(money(it.net), cols.net, { right: true });
    for (const l of more) {
      nextLine(11);
      text(l, cols.desc);
    }
    nextLine();
  }
  nextLine(4);
  page.drawLine({ start: { x: 300, y: y + 8 }, end: { x: A4[0] - M, y: y + 8 }, thickness: 0.5 });
  const sum = (label: string, amount: number, f: PDFFont = font) => {
    text(label, 300, { f });
    text(money(amount), A4[0] - M, { f, right: true });
    nextLine();
  };
  // a reminder's lines carry no VAT (the debt, the fee and interest are no supply): a plain sum, not "excl. VAT"
  sum(inv.title === "Betalningspåminnelse" ? L.sum : L.subtotal, inv.subtotal);
  for (const v of inv.vat) sum(L.vatOn(Math.round(v.rate * 100), money(v.net)), v.vat);
  const totalLabel = L.total[inv.title];
  if (inv.deduction) {
    sum(`${L.sum} ${inv.currency}`, inv.total);
    for (const [label, amount] of inv.deduction.rows) sum(label, amount);
    sum(`${inv.title === "Kreditfaktura" ? L.creditToCustomer : L.toPay} ${inv.currency}`, inv.deduction.toPay, bold);
  } else {
    sum(`${totalLabel} ${inv.currency}`, inv.total, bold);
  }
  nextLine(4);
  for (const n of inv.deduction?.notes ?? []) {
    text(n, M);
    nextLine(12);
  }
  nextLine(8);
  for (const n of inv.notes.flatMap((note) => wrapText(note, NOTE_CHARS, 30))) {
    text(n, M);
    nextLine(12);
  }

  const footer = [
    [
      inv.seller.name,
      inv.seller.orgNumber ? `${L.orgNumber} ${inv.seller.orgNumber}` : null,
      inv.seller.vatNumber ? `${L.vatNumber} ${inv.seller.vatNumber}` : null,
      inv.seller.fSkatt ? L.fSkatt : null,
    ],
    inv.seller.payment,
  ].map((row) => printable(row.filter(Boolean).join("  ·  ")));
  const pages = doc.getPages();
  pages.forEach((p, i) => {
    p.drawLine({ start: { x: M, y: FOOTER_TOP }, end: { x: A4[0] - M, y: FOOTER_TOP }, thickness: 0.5 });
    footer.forEach((line, k) => {
      p.drawText(line, { x: M, y: FOOTER_TOP - 12 - 11 * k, size: 8, font });
    });
    const n = printable(L.page(i + 1, pages.length));
    p.drawText(n, { x: A4[0] - M - font.widthOfTextAtSize(n, 8), y: FOOTER_TOP - 12, size: 8, font });
  });
  return doc.save({ useObjectStreams: false });
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
