// The return as a PDF laid out like Skatteverket's form SKV 4700 (Momsdeklaration): the boxes
// by section, A-D in the left column and E-I in the right, each box with its number, its name
// and its amount in whole kronor. A correction prints the declaration as it now stands (what
// Skatteverket is given) and lists what changed. pdf-lib with DejaVu Sans (src/pdf/fonts.ts).
import { PDFDocument, type PDFFont, type PDFPage, rgb } from "pdf-lib";
import { drawable, embedFonts } from "../../pdf/fonts";
import { BOX_NAMES, type Box } from "../../sweden/vat-declaration";
import type { VatReturnJson } from "./queries";

type AnyBox = Box | "49";

/** SKV 4700's sections: letter, heading, boxes. */
const SECTIONS: { letter: string; heading: string; boxes: AnyBox[] }[] = [
  { letter: "A", heading: "Momspliktig försäljning eller uttag exkl. moms", boxes: ["05", "06", "07", "08"] },
  { letter: "B", heading: "Utgående moms på försäljning eller uttag i fält 05-08", boxes: ["10", "11", "12"] },
  { letter: "C", heading: "Momspliktiga inköp vid omvänd skattskyldighet", boxes: ["20", "21", "22", "23", "24"] },
  { letter: "D", heading: "Utgående moms på inköp i fält 20-24", boxes: ["30", "31", "32"] },
  {
    letter: "E",
    heading: "Försäljning m.m. som är undantagen från moms",
    boxes: ["35", "36", "37", "38", "39", "40", "41", "42"],
  },
  { letter: "F", heading: "Ingående moms", boxes: ["48"] },
  { letter: "G", heading: "Moms att betala eller få tillbaka", boxes: ["49"] },
  { letter: "H", heading: "Import", boxes: ["50"] },
  { letter: "I", heading: "Utgående moms på import i fält 50", boxes: ["60", "61", "62"] },
];
const LEFT_SECTIONS = ["A", "B", "C", "D"];
const RIGHT_SECTIONS = ["E", "F", "H", "I", "G"];

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 40;
const GAP = 16;
const COLUMN = (A4[0] - 2 * MARGIN - GAP) / 2;
const ROW = 22;
const grey = rgb(0.45, 0.45, 0.45);
const light = rgb(0.93, 0.93, 0.93);

export interface VatReturnPdf {
  companyName: string;
  orgNumber: string | null;
  ret: VatReturnJson;
  generatedAt: string;
}

/** Whole kronor with a space every three digits, as the form prints them. */
const kronor = (n: number) => `${n < 0 ? "-" : ""}${String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, " ")}`;

type TextFn = (s: string, x: number, y: number, f: PDFFont, size: number, maxWidth?: number, right?: boolean) => void;

/** What the form is drawn with: the page, its fonts, and text that is cut to a width or set flush right. */
interface Pen {
  page: PDFPage;
  text: TextFn;
  regular: PDFFont;
  bold: PDFFont;
}

function penOn(page: PDFPage, regular: PDFFont, bold: PDFFont): Pen {
  const text: TextFn = (s, x, y, f, size, maxWidth, right = false) => {
    let t = drawable(f, s);
    if (maxWidth !== undefined)
      while (t.length > 1 && f.widthOfTextAtSize(t, size) > maxWidth) t = `${t.slice(0, -2).trimEnd()}…`;
    page.drawText(t, { x: right ? x - f.widthOfTextAtSize(t, size) : x, y, size, font: f });
  };
  return { page, text, regular, bold };
}

/** A box's name in its row: one line at 7 pt, or two at 6.5 pt when it is longer than the room. */
function drawLabel({ text, regular }: Pen, label: string, x: number, bottom: number, width: number) {
  if (regular.widthOfTextAtSize(label, 7) <= width) return text(label, x, bottom + 8.5, regular, 7);
  const words = label.split(" ");
  let first = "";
  while (words.length && regular.widthOfTextAtSize(`${first} ${words[0]}`.trim(), 6.5) <= width)
    first = `${first} ${words.shift()}`.trim();
  text(first, x, bottom + 12, regular, 6.5);
  text(words.join(" "), x, bottom + 4.5, regular, 6.5, width);
}

/** The company, the period, the kind of return and its transfer entry; answers the line below them. */
function drawFacts({ text, regular, bold }: Pen, p: VatReturnPdf, top: number): number {
  const r = p.ret;
  const kind = r.kind === "correction" ? "Rättelse (ersätter tidigare lämnad deklaration)" : "Deklaration";
  const facts: [string, string][] = [
    ["Företag", p.companyName],
    ["Organisationsnummer", p.orgNumber ?? "–"],
    ["Redovisningsperiod", `${r.period} (${r.period_start} – ${r.period_end})`],
    ["Typ", kind],
    [
      "Momsomföring",
      r.voucher_number ? `verifikation ${r.voucher_number}, ${r.period_end}` : "ingen (inget att föra om)",
    ],
  ];
  let y = top;
  for (const [k, v] of facts) {
    text(k, MARGIN, y, regular, 9);
    text(v, MARGIN + 120, y, bold, 9, A4[0] - 2 * MARGIN - 120);
    y -= 13;
  }
  return y;
}

/** One section of the form (A to I): its heading and a row per box; answers where the next section starts. */
function drawSection(pen: Pen, boxes: Record<AnyBox, number>, letter: string, x: number, top: number): number {
  const { page, text, regular, bold } = pen;
  const s = SECTIONS.find((v) => v.letter === letter)!;
  page.drawRectangle({ x, y: top - 16, width: COLUMN, height: 16, color: light });
  text(`${s.letter}  ${s.heading}`, x + 4, top - 11.5, bold, 7.5, COLUMN - 8);
  let at = top - 16;
  for (const box of s.boxes) {
    page.drawRectangle({ x, y: at - ROW, width: COLUMN, height: ROW, borderColor: grey, borderWidth: 0.5 });
    page.drawRectangle({ x: x + 4, y: at - ROW + 5, width: 18, height: ROW - 10, borderColor: grey, borderWidth: 0.5 });
    text(box, x + 7.5, at - ROW + 8.5, bold, 8);
    drawLabel(pen, BOX_NAMES[box], x + 27, at - ROW, COLUMN - 27 - 70);
    page.drawRectangle({
      x: x + COLUMN - 66,
      y: at - ROW + 4,
      width: 62,
      height: ROW - 8,
      borderColor: grey,
      borderWidth: 0.5,
    });
    text(kronor(boxes[box] ?? 0), x + COLUMN - 8, at - ROW + 8.5, box === "49" ? bold : regular, 9, 54, true);
    at -= ROW;
  }
  return at - 10;
}

/** Box 49 in words: to pay, to get back, or neither. */
export function resultLine(box49: number): string {
  if (box49 > 0) return `Moms att betala: ${kronor(box49)} kr`;
  if (box49 < 0) return `Moms att få tillbaka: ${kronor(-box49)} kr`;
  return "Ingen moms att betala eller få tillbaka";
}

export async function renderVatReturnPdf(p: VatReturnPdf): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const r = p.ret;
  doc.setTitle(`Momsdeklaration ${p.companyName} ${r.period}`);
  doc.setAuthor("Bokföring API");
  doc.setCreationDate(new Date(p.generatedAt));
  const { regular, bold } = await embedFonts(doc);
  const pen = penOn(doc.addPage(A4), regular, bold);
  const { text } = pen;

  let y = A4[1] - MARGIN - 10;
  text("Momsdeklaration", MARGIN, y, bold, 18);
  text("SKV 4700", A4[0] - MARGIN, y, regular, 9, undefined, true);
  y = drawFacts(pen, p, y - 22) - 8;

  const boxes = r.declared_boxes as Record<AnyBox, number>;
  let left = y;
  for (const letter of LEFT_SECTIONS) left = drawSection(pen, boxes, letter, MARGIN, left);
  let right = y;
  for (const letter of RIGHT_SECTIONS) right = drawSection(pen, boxes, letter, MARGIN + COLUMN + GAP, right);
  y = Math.min(left, right) - 4;

  text(resultLine(boxes["49"] ?? 0), MARGIN, y, bold, 10);
  y -= 16;
  if (r.kind === "correction") y = drawChanges(r, y, text, regular, bold);
  text(`Skapad ${p.generatedAt.slice(0, 10)} · belopp i hela kronor · ${r.id}`, MARGIN, MARGIN - 12, regular, 7);
  return doc.save();
}

/** A correction's changed boxes against what was declared before it. */
function drawChanges(r: VatReturnJson, top: number, text: TextFn, regular: PDFFont, bold: PDFFont): number {
  let y = top;
  text("Ändringar mot tidigare redovisat", MARGIN, y, bold, 9);
  y -= 13;
  const changed = Object.entries(r.boxes)
    .filter(([, v]) => v !== 0)
    .sort(([a], [b]) => a.localeCompare(b));
  if (!changed.length) text("Inga rutor ändrade (endast öresutjämning i bokföringen).", MARGIN, y, regular, 8);
  for (const [box, v] of changed) {
    text(`Ruta ${box}  ${BOX_NAMES[box as AnyBox]}`, MARGIN, y, regular, 8, 380);
    text(`${v > 0 ? "+" : ""}${kronor(v)}`, MARGIN + 470, y, regular, 8, undefined, true);
    y -= 11;
  }
  return y;
}
