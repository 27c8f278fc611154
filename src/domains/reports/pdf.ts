// Report PDFs with pdf-lib (pure JavaScript, runs in workerd). A4, Helvetica with
// WinAnsi encoding (å, ä, ö render), and "PRELIMINÄR" across every page while the
// fiscal period is open.
import { formatSek } from "../../ledger/money";
import { degrees, PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from "pdf-lib";

export interface PdfSection {
  name: string;
  rows: { label: string; amount: number }[];
  total: number;
}

export interface PdfReport {
  title: string;
  companyName: string;
  orgNumber: string | null;
  periodLabel: string;
  preliminary: boolean;
  sections: PdfSection[];
  summary: { label: string; amount: number }[];
  generatedAt: string;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;


export async function renderReportPdf(r: PdfReport): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${r.title} ${r.companyName} ${r.periodLabel}`);
  doc.setAuthor("Bokföring API");
  doc.setCreationDate(new Date(r.generatedAt));
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage;
  let y = 0;
  const newPage = () => {
    page = doc.addPage(A4);
    y = A4[1] - MARGIN;
    if (r.preliminary) {
      page.drawText("PRELIMINÄR", { x: 120, y: 300, size: 72, font: bold, color: rgb(0.85, 0.85, 0.85), rotate: degrees(35) });
    }
  };
  const line = (text: string, opts: { f?: PDFFont; size?: number; amount?: number; indent?: number } = {}) => {
    if (y < MARGIN + 20) newPage();
    const size = opts.size ?? 10;
    const f = opts.f ?? font;
    page.drawText(text, { x: MARGIN + (opts.indent ?? 0), y, size, font: f });
    if (opts.amount !== undefined) {
      const s = formatSek(opts.amount);
      page.drawText(s, { x: A4[0] - MARGIN - f.widthOfTextAtSize(s, size), y, size, font: f });
    }
    y -= size + 6;
  };
  newPage();
  line(r.title, { f: bold, size: 18 });
  line(`${r.companyName}${r.orgNumber ? `, org.nr ${r.orgNumber}` : ""}`, { size: 11 });
  line(r.periodLabel, { size: 11 });
  if (r.preliminary) line("Preliminär: räkenskapsåret är inte stängt.", { size: 9 });
  y -= 10;
  // a section with no account is left out of the page; its zero total says nothing
  for (const s of r.sections.filter((x) => x.rows.length > 0)) {
    line(s.name, { f: bold, size: 11 });
    for (const row of s.rows) line(row.label, { amount: row.amount, indent: 12 });
    line(`Summa ${s.name.toLowerCase()}`, { f: bold, amount: s.total });
    y -= 6;
  }
  y -= 6;
  for (const sm of r.summary) line(sm.label, { f: bold, size: 11, amount: sm.amount });
  y -= 12;
  line(`Skapad ${r.generatedAt.slice(0, 16).replace("T", " ")} UTC`, { size: 8 });
  return doc.save({ useObjectStreams: false });
}
