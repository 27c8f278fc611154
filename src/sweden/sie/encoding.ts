// SIE files are IBM PC 8-bit, codepage 437 (SIE 4C §5.8, #FORMAT PC8). Other programs
// also write Windows-1252 or UTF-8; the importer detects which.

// Code points of bytes 0x80-0xFF in codepage 437.
export const CP437_HIGH =
  "ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0";

const ENCODE = new Map<string, number>([...CP437_HIGH].map((ch, i) => [ch, 0x80 + i]));

// CP437 has no decoder of its own in the Encoding Standard. windows-1252 is native,
// keeps ASCII as it is and tells each of the 128 high bytes apart, so its text with
// every non-ASCII character put back as CP437's is the CP437 text: about twice as fast
// as a table lookup per byte (the import reads a file of tens of MB twice). A
// single-byte code keeps no state, so a stream's chunks decode one by one.
const WINDOWS_1252 = new TextDecoder("windows-1252");
const AS_CP437 = new Map<string, string>();
for (let b = 0x80; b < 0x100; b++) AS_CP437.set(WINDOWS_1252.decode(new Uint8Array([b])), CP437_HIGH[b - 0x80]);
const NON_ASCII = /[^\x00-\x7f]/;
const EVERY_NON_ASCII = /[^\x00-\x7f]/g;
const toCp437 = (ch: string) => AS_CP437.get(ch)!;

export function decodeCp437(bytes: Uint8Array): string {
  const text = WINDOWS_1252.decode(bytes);
  return NON_ASCII.test(text) ? text.replace(EVERY_NON_ASCII, toCp437) : text;
}

// Characters codepage 437 lacks, written as the nearest text it has (SIE 4C §5.8 allows
// only CP437): the dashes of BAS names ("Periodiseringsfond 2020 – nr 2"), typographic
// quotes, the euro sign. Letters with diacritics CP437 lacks ("ł", "ő", "Č") lose their
// marks (Unicode NFD); what still has no equivalent becomes "?".
const NEAREST: Record<string, string> = {
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "-",
  "\u2013": "-",
  "\u2014": "-",
  "\u2015": "-",
  "\u2212": "-",
  "\u2018": "'",
  "\u2019": "'",
  "\u201a": "'",
  "\u201b": "'",
  "\u2032": "'",
  "\u00b4": "'",
  "\u201c": '"',
  "\u201d": '"',
  "\u201e": '"',
  "\u201f": '"',
  "\u2033": '"',
  "\u2039": "<",
  "\u203a": ">",
  "\u2026": "...",
  "\u2022": "*",
  "\u20ac": "EUR",
  "\u2122": "TM",
  "\u00a9": "(c)",
  "\u00ae": "(R)",
  "\u00d7": "x",
  "\u2002": " ",
  "\u2003": " ",
  "\u2009": " ",
  "\u200a": " ",
  "\u202f": " ",
  "\u2007": " ",
  "\u200b": "",
  "\u0141": "L",
  "\u0142": "l",
  "\u00d8": "O",
  "\u00f8": "o",
  "\u0110": "D",
  "\u0111": "d",
  "\u0131": "i",
  "\u0152": "OE",
  "\u0153": "oe",
  "\u00de": "Th",
  "\u00fe": "th",
  "\u00d0": "D",
  "\u00f0": "d",
  "\u0126": "H",
  "\u0127": "h",
  "\u00b3": "3",
  "\u00b9": "1",
  "\u00be": "3/4",
};

const inCp437 = (ch: string) => ch.charCodeAt(0) < 0x80 || ENCODE.has(ch);

/** The text with every character codepage 437 lacks replaced by its nearest equivalent. */
export function toCp437Text(text: string): string {
  let out = "";
  for (const ch of text) {
    if (inCp437(ch)) out += ch;
    else if (ch in NEAREST) out += NEAREST[ch];
    else {
      const bare = ch.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
      out += bare !== ch && [...bare].every(inCp437) ? bare : "?";
    }
  }
  return out;
}

/** Two names are the same name once both are written in codepage 437 ("A – B" and "A - B"). */
export function sameCp437Text(a: string, b: string): boolean {
  return a === b || toCp437Text(a) === toCp437Text(b);
}

/** Text as codepage 437 bytes, characters it lacks transliterated (toCp437Text). */
export function encodeCp437(text: string): Uint8Array {
  const out = new Uint8Array(text.length * 3);
  let n = 0;
  for (const ch of toCp437Text(text)) {
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
