// The text a PDF shows, read back for assertions: every page's content stream, each
// string decoded through the ToUnicode map of the font it is drawn with (the embedded
// fonts are subsets, so a string is glyph ids, not characters). One string a line.
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  PDFRef,
  type PDFObject,
} from "pdf-lib";

function streamText(obj: PDFObject | undefined): string {
  if (!(obj instanceof PDFRawStream)) return "";
  return new TextDecoder("latin1").decode(decodePDFRawStream(obj).decode());
}

const utf16 = (hex: string) => {
  let s = "";
  for (let i = 0; i + 4 <= hex.length; i += 4) s += String.fromCharCode(parseInt(hex.slice(i, i + 4), 16));
  return s;
};

/** code → text from a ToUnicode CMap (bfchar and bfrange entries). */
function parseCMap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) map.set(parseInt(m[1], 16), utf16(m[2]));
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g)) {
      const lo = parseInt(m[1], 16);
      const hi = parseInt(m[2], 16);
      if (m[3].startsWith("[")) {
        [...m[3].matchAll(/<([0-9a-fA-F]+)>/g)].forEach((d, i) => {
          map.set(lo + i, utf16(d[1]));
        });
      } else {
        const first = utf16(m[3].slice(1, -1));
        for (let c = lo; c <= hi; c++)
          map.set(c, first.slice(0, -1) + String.fromCharCode(first.charCodeAt(first.length - 1) + (c - lo)));
      }
    }
  }
  return map;
}

export async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  const out: string[] = [];
  for (const page of doc.getPages()) {
    const fonts = new Map<string, { map: Map<number, string>; width: number }>();
    const fontDict = page.node.Resources()?.lookup(PDFName.of("Font"));
    if (fontDict instanceof PDFDict) {
      for (const [name, ref] of fontDict.entries()) {
        const font = doc.context.lookup(ref);
        if (!(font instanceof PDFDict)) continue;
        const cmap = streamText(doc.context.lookup(font.get(PDFName.of("ToUnicode"))));
        const twoByte = font.get(PDFName.of("Subtype"))?.toString() === "/Type0";
        fonts.set(name.toString(), { map: parseCMap(cmap), width: twoByte ? 4 : 2 });
      }
    }
    const contents = page.node.Contents();
    const streams =
      contents instanceof PDFArray
        ? contents.asArray().map((r) => (r instanceof PDFRef ? doc.context.lookup(r) : r))
        : [contents];
    const content = streams.map((s) => streamText(s as PDFObject)).join("\n");
    let current = { map: new Map<number, string>(), width: 2 };
    for (const m of content.matchAll(/(\/[^\s/]+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]*)>\s*Tj/g)) {
      if (m[1]) {
        current = fonts.get(m[1]) ?? current;
        continue;
      }
      const hex = m[2];
      let s = "";
      for (let i = 0; i + current.width <= hex.length; i += current.width) {
        const code = parseInt(hex.slice(i, i + current.width), 16);
        s +=
          current.map.get(code) ??
          (current.width === 2 ? new TextDecoder("windows-1252").decode(Uint8Array.of(code)) : "\uFFFD");
      }
      out.push(s);
    }
  }
  return out.join("\n");
}
