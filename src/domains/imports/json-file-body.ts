// A JSON body that carries a file as base64 (the SIE import's `file_base64`), read as a
// stream: the file's bytes are decoded as they arrive, and only the rest of the body
// (its small members) is kept as JSON text for the route's schema. Parsed as text, a
// 50 MB file is 67 MB of body held three or four times over (the text, the parsed
// string, the string without whitespace, the decoded bytes), past the 128 MB a Worker
// may use; read this way it is held once, decoded.
import { ApiError } from "../../errors/api-error";
import { bodyError, notJsonBody as notJson } from "../../http/route";

/** What the body held: its other members as JSON, and the file's bytes when the member was a non-empty string. */
export interface SplitBody {
  /** the body without the file's member, or with a marker in its place when it was a non-empty string */
  rest: string;
  file: Uint8Array | null;
}

/** The marker left in place of a non-empty file member, so the route's schema still sees the member present. */
export const STREAMED_FILE = "(streamed)";

/** The other members together may hold at most this much (file names and options are short). */
const MAX_REST_BYTES = 64 * 1024;

const B64 = new Int16Array(128).fill(-1);
for (const [i, ch] of [..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"].entries())
  B64[ch.charCodeAt(0)] = i;

/**
 * Base64 as atob reads it (forgiving-base64: whitespace ignored, padding optional, at
 * most two '=' and only at the end), decoded into a buffer that grows up to `maxBytes`.
 */
class Base64Sink {
  private out: Uint8Array;
  private length = 0;
  private quad = 0;
  private held = 0;
  private padding = 0;

  constructor(
    expectedBytes: number,
    private readonly maxBytes: number,
    private readonly path: string,
    private readonly tooLarge: () => ApiError,
  ) {
    this.out = new Uint8Array(Math.min(Math.max(expectedBytes, 1024), maxBytes + 3));
  }

  private invalid(): ApiError {
    return new ApiError("VALIDATION_ERROR", { fields: [{ path: this.path, message: "not valid base64" }] });
  }

  /** One character of the string (a UTF-16 code unit, escapes resolved). */
  char(c: number): void {
    if (c === 32 || c === 9 || c === 10 || c === 12 || c === 13) return;
    if (c === 61 /* = */) {
      this.padding++;
      if (this.padding > 2) throw this.invalid();
      return;
    }
    const v = c >= 0 && c < 128 ? B64[c] : -1;
    if (v < 0 || this.padding) throw this.invalid();
    this.quad = (this.quad << 6) | v;
    if (++this.held === 4) {
      this.write(3);
      this.held = 0;
      this.quad = 0;
    }
  }

  /**
   * The plain characters of the string from `bytes[from]` on (no quote, backslash or
   * control character): the hot loop of a large file. Returns where it stopped.
   */
  plain(bytes: Uint8Array, from: number): number {
    let i = from;
    for (; i < bytes.length; i++) {
      const b = bytes[i];
      if (b === 34 || b === 92 || b < 32) break;
      this.char(b);
    }
    return i;
  }

  private write(n: number): void {
    if (this.length + n > this.out.length) {
      if (this.length + n > this.maxBytes) throw this.tooLarge();
      const grown = new Uint8Array(Math.min(this.out.length * 2, this.maxBytes + 3));
      grown.set(this.out.subarray(0, this.length));
      this.out = grown;
    }
    const q = this.quad;
    if (n === 3) {
      this.out[this.length++] = (q >> 16) & 255;
      this.out[this.length++] = (q >> 8) & 255;
      this.out[this.length++] = q & 255;
    } else if (n === 2) {
      this.out[this.length++] = (q >> 10) & 255;
      this.out[this.length++] = (q >> 2) & 255;
    } else this.out[this.length++] = (q >> 4) & 255;
  }

  finish(): Uint8Array {
    // padding, when present, completes the last group of four exactly
    if (this.held === 1 || (this.padding && this.held + this.padding !== 4)) throw this.invalid();
    if (this.held === 2) this.write(1);
    else if (this.held === 3) this.write(2);
    if (this.length > this.maxBytes) throw this.tooLarge();
    return this.out.subarray(0, this.length);
  }
}

enum State {
  BeforeObject,
  BeforeKey,
  Key,
  AfterKey,
  BeforeValue,
  Value,
  FileString,
  AfterValue,
  End,
}

const isSpace = (b: number) => b === 32 || b === 9 || b === 10 || b === 13;
const HEX = (b: number) =>
  b >= 48 && b <= 57 ? b - 48 : b >= 97 && b <= 102 ? b - 87 : b >= 65 && b <= 70 ? b - 55 : -1;

/**
 * The byte-at-a-time reader behind splitBase64Member: one method per state of the JSON
 * object it reads, the other members copied to `rest` and the file's string handed to a
 * Base64Sink.
 */
class MemberSplitter {
  readonly rest: number[] = [];
  state = State.BeforeObject as State;
  private key: number[] = [];
  private keyEscaped = false;
  private isFile = false;
  private seenFile = false;
  private members = 0;
  // a value other than the file's: nesting, and whether inside a string (and after a backslash)
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** the file's string: an escape being read (0: none, 1: after the backslash, 2..5: \u digits) */
  escapeStep = 0;
  private unicode = 0;
  private valueFrom = 0;
  sink: Base64Sink | null = null;
  file: Uint8Array | null = null;
  fileChars = 0;
  /** members written to `rest`, to put commas between them */
  private restMembers = 0;
  offset = 0;

  constructor(
    private readonly member: string,
    private readonly opts: { maxBytes: number; expectedBytes: number; tooLarge: () => ApiError },
  ) {}

  private restPush(b: number) {
    if (this.rest.length >= MAX_REST_BYTES)
      throw bodyError(
        { body: "too_large", max_bytes: MAX_REST_BYTES },
        `The members of the body other than ${this.member} may be at most ${MAX_REST_BYTES} bytes.`,
      );
    this.rest.push(b);
  }

  step(b: number): void {
    switch (this.state) {
      case State.BeforeObject:
        this.beforeObject(b);
        return;
      case State.BeforeKey:
        this.beforeKey(b);
        return;
      case State.Key:
        this.keyByte(b);
        return;
      case State.AfterKey:
        this.afterKey(b);
        return;
      case State.BeforeValue:
        this.beforeValue(b);
        return;
      case State.Value:
        this.value(b);
        return;
      case State.FileString:
        this.fileString(b);
        return;
      case State.AfterValue:
        this.afterValue(b);
        return;
      case State.End:
        if (!isSpace(b)) throw notJson("more after the JSON object");
    }
  }

  private beforeObject(b: number) {
    if (this.offset < 3 && b === BOM[this.offset]) return; // a UTF-8 byte-order mark
    if (isSpace(b)) return;
    if (b !== 123 /* { */) throw notJson("the body is not a JSON object");
    this.rest.push(b);
    this.state = State.BeforeKey;
  }

  private beforeKey(b: number) {
    if (isSpace(b)) return;
    if (b === 125 /* } */ && this.members === 0) {
      this.rest.push(b);
      this.state = State.End;
      return;
    }
    if (b !== 34) throw notJson("expected a member name");
    this.key = [];
    this.keyEscaped = false;
    this.state = State.Key;
  }

  private keyByte(b: number) {
    if (this.keyEscaped) this.keyEscaped = false;
    else if (b === 92) this.keyEscaped = true;
    else if (b === 34) {
      this.state = State.AfterKey;
      return;
    }
    if (this.key.length > 1024) throw notJson("a member name is too long");
    this.key.push(b);
  }

  private afterKey(b: number) {
    if (isSpace(b)) return;
    if (b !== 58 /* : */) throw notJson("expected ':' after a member name");
    let name: string;
    try {
      const fatal = new TextDecoder("utf-8", { fatal: true } as TextDecoderConstructorOptions);
      name = JSON.parse(`"${fatal.decode(new Uint8Array(this.key))}"`);
    } catch {
      throw notJson("a member name is not a JSON string");
    }
    this.isFile = name === this.member;
    if (this.isFile) {
      if (this.seenFile)
        throw new ApiError("VALIDATION_ERROR", { fields: [{ path: this.member, message: "given twice" }] });
      this.seenFile = true;
    } else {
      if (this.restMembers++ > 0) this.restPush(44 /* , */);
      for (const k of [34, ...this.key, 34, 58]) this.restPush(k);
    }
    this.members++;
    this.state = State.BeforeValue;
  }

  private beforeValue(b: number) {
    if (isSpace(b)) return;
    if (this.isFile) {
      if (b !== 34)
        throw new ApiError("VALIDATION_ERROR", { fields: [{ path: this.member, message: "expected a string" }] });
      const { expectedBytes, maxBytes, tooLarge } = this.opts;
      this.sink = new Base64Sink(expectedBytes, maxBytes, this.member, tooLarge);
      this.state = State.FileString;
      return;
    }
    this.depth = 0;
    this.inString = false;
    this.escaped = false;
    this.valueFrom = this.rest.length;
    this.state = State.Value;
    this.step(b);
  }

  private value(b: number) {
    if (this.inString) {
      if (this.escaped) this.escaped = false;
      else if (b === 92) this.escaped = true;
      else if (b === 34) this.inString = false;
      this.restPush(b);
      return;
    }
    if (this.depth === 0 && (b === 44 || b === 125)) {
      // each value is checked whole here, so the rest is JSON exactly when the body was
      try {
        JSON.parse(new TextDecoder().decode(new Uint8Array(this.rest.slice(this.valueFrom))));
      } catch {
        throw notJson("a member's value is not JSON");
      }
      this.state = State.AfterValue;
      this.step(b);
      return;
    }
    if (b === 34) this.inString = true;
    else if (b === 123 || b === 91) this.depth++;
    else if (b === 125 || b === 93) {
      if (--this.depth < 0) throw notJson("a bracket closes nothing");
    }
    this.restPush(b);
  }

  /** An escape in the file's string: whitespace and '/' pass to base64, a \u escape is read to its code. */
  private fileEscape(b: number) {
    const sink = this.sink!;
    if (this.escapeStep === 1) {
      this.escapeStep = 0;
      // \n, \r, \t and \f are whitespace, which base64 ignores; \/ is '/'
      if (b === 110 || b === 114 || b === 116 || b === 102) sink.char(32);
      else if (b === 47) sink.char(47);
      else if (b === 117 /* u */) {
        this.escapeStep = 2;
        this.unicode = 0;
      } else sink.char(-1);
      this.fileChars++;
      return;
    }
    const h = HEX(b);
    if (h < 0) throw notJson("a \\u escape needs four hex digits");
    this.unicode = this.unicode * 16 + h;
    if (++this.escapeStep === 6) {
      this.escapeStep = 0;
      sink.char(this.unicode);
    }
  }

  private fileString(b: number) {
    if (this.escapeStep >= 1) {
      this.fileEscape(b);
      return;
    }
    if (b === 92) {
      this.escapeStep = 1;
      return;
    }
    if (b === 34) {
      this.file = this.sink!.finish();
      if (this.restMembers++ > 0) this.restPush(44);
      const member = `"${this.member}":${JSON.stringify(this.fileChars ? STREAMED_FILE : "")}`;
      for (const k of new TextEncoder().encode(member)) this.restPush(k);
      this.state = State.AfterValue;
      return;
    }
    if (b < 32) throw notJson("a string holds a control character");
    this.fileChars++;
    this.sink!.char(b);
  }

  private afterValue(b: number) {
    if (isSpace(b)) return;
    if (b === 44) {
      this.state = State.BeforeKey;
      return;
    }
    if (b === 125) {
      this.rest.push(b);
      this.state = State.End;
      return;
    }
    throw notJson("expected ',' or '}' after a member");
  }

  /** A chunk of the body: a run of plain base64 inside the file's string goes to the sink at once. */
  chunk(value: Uint8Array) {
    for (let i = 0; i < value.length; ) {
      if (this.state === State.FileString && this.escapeStep === 0) {
        const to = this.sink!.plain(value, i);
        if (to > i) this.fileChars += to - i;
        this.offset += to - i;
        i = to;
        if (i >= value.length) break;
      }
      this.step(value[i++]);
      this.offset++;
    }
  }
}

const BOM = [0xef, 0xbb, 0xbf];

/**
 * Reads a JSON object from `body`, decoding the string member `member` as base64 on the
 * way and keeping every other member as its own bytes. Refuses, as VALIDATION_ERROR, a
 * body that is not one JSON object, a member that repeats, a file that is not base64 or
 * whose bytes exceed `maxBytes` (`tooLarge`), and other members longer than 64 KB.
 */
export async function splitBase64Member(
  body: ReadableStream<Uint8Array> | null,
  member: string,
  opts: { maxBytes: number; expectedBytes: number; tooLarge: () => ApiError },
): Promise<SplitBody> {
  const splitter = new MemberSplitter(member, opts);
  if (body) {
    const reader = body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      splitter.chunk(value);
    }
  }
  const state = splitter.state;
  if (state !== State.End)
    throw notJson(state === State.BeforeObject ? "the body is empty" : "the JSON object is not closed");
  return { rest: new TextDecoder().decode(new Uint8Array(splitter.rest)), file: splitter.file };
}
