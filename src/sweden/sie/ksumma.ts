// The SIE file's checksum, #KSUMMA, exactly as SIE 4C (SIE-Gruppen, "SIE filformat ver 4C",
// 2025-08-06) §10 "Kontrollsummering" defines it:
//   §10.4   a checksummed file has an opening `#KSUMMA` (no field, right after #FLAGGA) and a
//           closing `#KSUMMA <sum>` at the end;
//   §10.6   an opening without a closing one: the file is cut short and is refused;
//   §10.7-13 CRC-32, generator polynomial EDB88320 (reflected), preset FFFFFFFF, result
//           bit-inverted (the table-driven code of §10.15);
//   §10.14  summed: every record after the opening #KSUMMA up to (not including) the closing
//           one; each record's label and its fields; not the blanks and tabs between fields,
//           not the quotes around a field, not the braces around an object list or a #VER's
//           block; an escaped quote (\") counts as the quote alone; characters by their value
//           in IBM PC-8 (codepage 437).
// The sum is written as an unsigned decimal integer.
import { encodeCp437 } from "./encoding";

/** A record's field as the tokenizer gives it (parse.ts Token): a field, or an object list. */
type Token = string | { objects: string[] };

const TABLE = (() => {
  const t = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let crc = i;
    for (let j = 8; j > 0; j--) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
    t[i] = crc >>> 0;
  }
  return t;
})();

/** The running CRC of §10.15 (CRC_start, CRC_ackumulera, CRC_retur). */
export class Ksumma {
  private crc = 0xffffffff;

  /** CRC_ackumulera over bytes. */
  addBytes(bytes: Uint8Array): void {
    let crc = this.crc;
    for (let i = 0; i < bytes.length; i++) crc = (crc >>> 8) ^ TABLE[(crc ^ bytes[i]!) & 0xff]!;
    this.crc = crc >>> 0;
  }

  /** One record as the tokenizer reads it (parse.ts tokenize: quotes and escapes already removed). */
  addRecord(tokens: readonly Token[]): void {
    let text = "";
    for (const t of tokens) text += typeof t === "string" ? t : t.objects.join("");
    this.addBytes(encodeCp437(text));
  }

  /** CRC_retur: the sum as §10.4 writes it. */
  value(): number {
    return (this.crc ^ 0xffffffff) >>> 0;
  }
}

/** What a reader found: no checksum, or the one the file states and the one its records make. */
export type KsummaCheck =
  | { present: false }
  | { present: true; stated: number | null; computed: number; matches: boolean };

/** Follows the #KSUMMA records of a file line by line (SieReader calls it for every record). */
export class KsummaReader {
  private sum: Ksumma | null = null;
  private stated: number | null = null;
  private closed = false;

  /** A record (label first); returns nothing. The braces of a #VER block are not records and never come here. */
  record(label: string, tokens: readonly Token[]): void {
    if (label === "#KSUMMA") {
      const field = tokens[1];
      if (this.sum === null && field === undefined) {
        this.sum = new Ksumma();
        return;
      }
      if (this.sum !== null && !this.closed) {
        this.closed = true;
        this.stated = typeof field === "string" && /^\d+$/.test(field) ? Number(field) : null;
      }
      return;
    }
    if (this.sum !== null && !this.closed) this.sum.addRecord(tokens);
  }

  result(): KsummaCheck {
    if (this.sum === null) return { present: false };
    const computed = this.sum.value();
    return { present: true, stated: this.stated, computed, matches: this.stated === computed };
  }
}
