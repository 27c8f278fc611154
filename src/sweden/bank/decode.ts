// Bytes to text. The spec accepts bank files in UTF-8, UTF-16 or Windows-1252 (spec, Imports:
// POST .../imports/bank); BgMax is ISO-8859-1 (Bankgirot, Bankgiro Inbetalningar technical
// manual), which Windows-1252 decodes identically outside 0x80-0x9F, where ISO-8859-1 has only
// control characters no bank file uses.

import type { TextEncoding } from "./types";

export interface DecodedText {
  text: string;
  encoding: TextEncoding;
}

const hasPrefix = (bytes: Uint8Array, prefix: number[]) => prefix.every((b, i) => bytes[i] === b);

/**
 * UTF-16 without a byte order mark still shows itself: text in Latin script has a NUL in every
 * other byte, on the odd side for little endian and on the even side for big endian.
 */
export function sniffUtf16(bytes: Uint8Array): "utf-16le" | "utf-16be" | null {
  const n = Math.min(bytes.length - (bytes.length % 2), 512);
  if (n < 4) return null;
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenNul++;
    if (bytes[i + 1] === 0) oddNul++;
  }
  const pairs = n / 2;
  if (oddNul > pairs * 0.4 && evenNul < pairs * 0.05) return "utf-16le";
  if (evenNul > pairs * 0.4 && oddNul < pairs * 0.05) return "utf-16be";
  return null;
}

// Decoded by hand: a runtime's TextDecoder need not know "utf-16be".
function decodeUtf16(bytes: Uint8Array, littleEndian: boolean): string {
  const units = new Uint16Array(bytes.length >> 1);
  for (let i = 0; i < units.length; i++) {
    const a = bytes[2 * i];
    const b = bytes[2 * i + 1];
    units[i] = littleEndian ? a | (b << 8) : (a << 8) | b;
  }
  let out = "";
  for (let i = 0; i < units.length; i += 8192) out += String.fromCharCode(...units.subarray(i, i + 8192));
  return out;
}

function isUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder("utf-8", { fatal: true } as unknown as TextDecoderConstructorOptions).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

export function detectTextEncoding(bytes: Uint8Array): TextEncoding {
  if (hasPrefix(bytes, [0xef, 0xbb, 0xbf])) return "utf-8";
  if (hasPrefix(bytes, [0xff, 0xfe])) return "utf-16le";
  if (hasPrefix(bytes, [0xfe, 0xff])) return "utf-16be";
  const utf16 = sniffUtf16(bytes);
  if (utf16) return utf16;
  return isUtf8(bytes) ? "utf-8" : "windows-1252";
}

/** The text of a bank file with any byte order mark removed. */
export function decodeBankBytes(input: Uint8Array | ArrayBuffer): DecodedText {
  const bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
  const encoding = detectTextEncoding(bytes);
  let text: string;
  if (encoding === "utf-16le" || encoding === "utf-16be") text = decodeUtf16(bytes, encoding === "utf-16le");
  else text = new TextDecoder(encoding).decode(bytes);
  return { text: text.replace(/^\uFEFF/, ""), encoding };
}
