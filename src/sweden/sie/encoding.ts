// SIE files are IBM PC 8-bit, codepage 437 (SIE 4C §5.8, #FORMAT PC8). Other programs
// also write Windows-1252 or UTF-8; the importer detects which.

// Code points of bytes 0x80-0xFF in codepage 437.
const CP437_HIGH =
  "ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0";

const ENCODE = new Map<string, number>([...CP437_HIGH].map((ch, i) => [ch, 0x80 + i]));

export function decodeCp437(bytes: Uint8Array): string {
  let out = "";
  for (const b of bytes) out += b < 0x80 ? String.fromCharCode(b) : CP437_HIGH[b - 0x80];
  return out;
}

/** Characters outside codepage 437 become "?". */
export function encodeCp437(text: string): Uint8Array {
  const out = new Uint8Array(text.length * 2);
  let n = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    out[n++] = code < 0x80 ? code : (ENCODE.get(ch) ?? 0x3f);
  }
  return out.slice(0, n);
}

export type SieEncoding = "cp437" | "windows-1252" | "utf-8";

// Swedish letters (åäöÅÄÖéü) as they fall in each single-byte encoding.
const CP437_LETTERS = new Set([0x86, 0x84, 0x94, 0x8f, 0x8e, 0x99, 0x82, 0x81, 0x90, 0x9a]);
const CP1252_LETTERS = new Set([0xe5, 0xe4, 0xf6, 0xc5, 0xc4, 0xd6, 0xe9, 0xfc, 0xc9, 0xdc]);

export function detectEncoding(bytes: Uint8Array): SieEncoding {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return "utf-8";
  let high = false;
  let cp437 = 0;
  let cp1252 = 0;
  for (const b of bytes) {
    if (b < 0x80) continue;
    high = true;
    if (CP437_LETTERS.has(b)) cp437++;
    if (CP1252_LETTERS.has(b)) cp1252++;
  }
  if (!high) return "cp437";
  try {
    new TextDecoder("utf-8", { fatal: true } as unknown as TextDecoderConstructorOptions).decode(bytes);
    return "utf-8";
  } catch {
    return cp1252 > cp437 ? "windows-1252" : "cp437";
  }
}

export function decodeSie(bytes: Uint8Array): { text: string; encoding: SieEncoding } {
  const encoding = detectEncoding(bytes);
  if (encoding === "cp437") return { text: decodeCp437(bytes), encoding };
  const text = new TextDecoder(encoding).decode(bytes);
  return { text: text.replace(/^\uFEFF/, ""), encoding };
}
