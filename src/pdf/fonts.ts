// The one font of every PDF the service produces: DejaVu Sans (regular and bold, from the
// npm package dejavu-fonts-ttf, a free licence that allows embedding). pdf-lib's standard
// fonts speak WinAnsi only, so a name such as "Łódź" either threw (500) or printed "?";
// DejaVu covers Latin, Greek and Cyrillic in full. Each document embeds only the glyphs
// it uses (subset: true), so a one-page report stays a few tens of kilobytes.
//
// The .ttf files reach the Worker as Data modules (ArrayBuffer), by the [[rules]] entry in
// wrangler.toml; the same configuration serves wrangler dev, deploy and the vitest
// workerd tests.
import fontkit from "@pdf-lib/fontkit";
import type { PDFDocument, PDFFont } from "pdf-lib";
import boldBytes from "dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf";
import regularBytes from "dejavu-fonts-ttf/ttf/DejaVuSans.ttf";

export interface PdfFonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** Embeds DejaVu Sans and DejaVu Sans Bold, subset to the glyphs the document draws. */
export async function embedFonts(doc: PDFDocument): Promise<PdfFonts> {
  doc.registerFontkit(fontkit);
  const [regular, bold] = await Promise.all([
    doc.embedFont(new Uint8Array(regularBytes), { subset: true }),
    doc.embedFont(new Uint8Array(boldBytes), { subset: true }),
  ]);
  return { regular, bold };
}

const characterSets = new WeakMap<PDFFont, Set<number>>();

/**
 * Text as the font can draw it: characters DejaVu Sans has no glyph for (emoji, CJK)
 * become "?", and control characters a space, rather than failing the document.
 */
export function drawable(font: PDFFont, text: string): string {
  let cps = characterSets.get(font);
  if (!cps) characterSets.set(font, (cps = new Set(font.getCharacterSet())));
  let out = "";
  for (const ch of text.replace(/[\u0000-\u001f\u007f-\u009f]/g, " ")) out += cps.has(ch.codePointAt(0)!) ? ch : "?";
  return out;
}
