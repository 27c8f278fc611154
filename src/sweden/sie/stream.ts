// SIE files read as a stream (the import reads them from R2 without holding them):
// the encoding detected over the bytes as they pass (the same answer as detectEncoding
// over the whole file), then the text decoded and split into lines incrementally, so
// that a line break split between two chunks (CR in one, LF in the next) or a UTF-8
// character split between them reads exactly as the whole file would
// (decodeSie + text.split(/\r?\n/)).
import { FILE_LIMITS, FileLimitError } from "../../formats/limits";
import { decodeCp437, type SieEncoding } from "./encoding";

/** A source of the file's bytes, read afresh each time it is called (the import reads R2 twice). */
export type SieByteSource = () => Promise<ReadableStream<Uint8Array>>;

// Swedish letters (åäöÅÄÖéü) as they fall in each single-byte encoding (as in detectEncoding).
const CP437_LETTER = new Uint8Array(256);
for (const b of [0x86, 0x84, 0x94, 0x8f, 0x8e, 0x99, 0x82, 0x81, 0x90, 0x9a]) CP437_LETTER[b] = 1;
const CP1252_LETTER = new Uint8Array(256);
for (const b of [0xe5, 0xe4, 0xf6, 0xc5, 0xc4, 0xd6, 0xe9, 0xfc, 0xc9, 0xdc]) CP1252_LETTER[b] = 1;

/** detectEncoding, fed chunk by chunk. */
export class EncodingDetector {
  private head: number[] = [];
  private high = false;
  private cp437 = 0;
  private cp1252 = 0;
  private utf8: TextDecoder | null = new TextDecoder("utf-8", {
    fatal: true,
  } as unknown as TextDecoderConstructorOptions);

  push(bytes: Uint8Array): void {
    for (let i = 0; i < bytes.length && this.head.length < 3; i++) this.head.push(bytes[i]);
    let high = false;
    let a = 0;
    let b = 0;
    for (let i = 0; i < bytes.length; i++) {
      const x = bytes[i];
      if (x < 0x80) continue;
      high = true;
      a += CP437_LETTER[x];
      b += CP1252_LETTER[x];
    }
    if (!high) {
      // ASCII is valid UTF-8 on its own, but a character split before it must still complete
      if (this.utf8 && bytes.length) this.feedUtf8(bytes);
      return;
    }
    this.high = true;
    this.cp437 += a;
    this.cp1252 += b;
    if (this.utf8) this.feedUtf8(bytes);
  }

  private feedUtf8(bytes: Uint8Array) {
    try {
      this.utf8!.decode(bytes, { stream: true });
    } catch {
      this.utf8 = null;
    }
  }

  result(): SieEncoding {
    const h = this.head;
    if (h[0] === 0xef && h[1] === 0xbb && h[2] === 0xbf) return "utf-8";
    if (!this.high) return "cp437";
    if (this.utf8) {
      try {
        this.utf8.decode();
        return "utf-8";
      } catch {
        this.utf8 = null;
      }
    }
    return this.cp1252 > this.cp437 ? "windows-1252" : "cp437";
  }
}

/** The encoding of the whole stream (read to its end). */
export async function detectStreamEncoding(stream: ReadableStream<Uint8Array>): Promise<SieEncoding> {
  const detector = new EncodingDetector();
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    detector.push(value);
  }
  return detector.result();
}

/** Decodes chunks of one encoding into text, keeping what a chunk boundary split. */
export class SieTextDecoder {
  private decoder: TextDecoder | null;
  private first = true;

  constructor(readonly encoding: SieEncoding) {
    this.decoder = encoding === "cp437" ? null : new TextDecoder(encoding);
  }

  decode(bytes: Uint8Array | undefined, last = false): string {
    let text = this.decoder ? this.decoder.decode(bytes, { stream: !last }) : bytes ? decodeCp437(bytes) : "";
    if (this.first && text.length) {
      this.first = false;
      // decodeSie: TextDecoder drops a UTF-8 byte-order mark, and one more \uFEFF is removed
      if (this.decoder && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    return text;
  }
}

/**
 * Splits text that arrives in pieces into lines as text.split(/\r?\n/) would: a line
 * ends at LF, one CR before the LF is dropped, and the part after the last LF waits for
 * the next piece (or for end(), where it is the last line, empty or not).
 */
export class LineSplitter {
  private carry = "";

  /** The characters waiting for their line's end. */
  get pending(): number {
    return this.carry.length;
  }

  /** The complete lines in carry + text. */
  push(text: string, out: string[]): void {
    let from = 0;
    let at = text.indexOf("\n");
    if (at < 0) {
      this.carry += text;
      return;
    }
    let first = true;
    while (at >= 0) {
      let line = first ? this.carry + text.slice(0, at) : text.slice(from, at);
      first = false;
      if (line.charCodeAt(line.length - 1) === 13) line = line.slice(0, -1);
      out.push(line);
      from = at + 1;
      at = text.indexOf("\n", from);
    }
    this.carry = text.slice(from);
  }

  /** The last line (after the last LF): always one, as split gives. */
  end(out: string[]): void {
    out.push(this.carry);
    this.carry = "";
  }
}

/**
 * Counts the lines as they pass and measures each (src/formats/limits.ts, sie): a file past
 * either limit is FileLimitError naming the line, before a line longer than the limit is held
 * whole (the part still waiting for its line break is measured too).
 */
class LineLimits {
  private count = 0;
  private readonly max = FILE_LIMITS.sie;

  check(out: string[], pending: number): void {
    for (let i = 0; i < out.length; i++)
      if (out[i].length > this.max.lineLength)
        throw new FileLimitError("sie", "lineLength", { line: this.count + i + 1 });
    this.count += out.length;
    if (this.count > this.max.lines) throw new FileLimitError("sie", "lines", { line: this.max.lines + 1 });
    if (pending > this.max.lineLength) throw new FileLimitError("sie", "lineLength", { line: this.count + 1 });
  }
}

/**
 * The file's lines, a chunk's worth at a time (an array per chunk read, so there is no
 * promise per line), decoded with the given encoding: exactly
 * decodeSie(bytes).text.split(/\r?\n/) for the bytes the stream carries, within the limits.
 */
export async function* sieLines(stream: ReadableStream<Uint8Array>, encoding: SieEncoding): AsyncGenerator<string[]> {
  const decoder = new SieTextDecoder(encoding);
  const splitter = new LineSplitter();
  const limits = new LineLimits();
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    const out: string[] = [];
    if (done) {
      splitter.push(decoder.decode(undefined, true), out);
      splitter.end(out);
      limits.check(out, 0);
      yield out;
      return;
    }
    splitter.push(decoder.decode(value), out);
    limits.check(out, splitter.pending);
    if (out.length) yield out;
  }
}
