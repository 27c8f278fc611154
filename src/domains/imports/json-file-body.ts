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
  const rest: number[] = [];
  const restPush = (b: number) => {
    if (rest.length >= MAX_REST_BYTES)
      throw bodyError(
        { body: "too_large", max_bytes: MAX_REST_BYTES },
        `The members of the body other than ${member} may be at most ${MAX_REST_BYTES} bytes.`,
      );
    rest.push(b);
  };
  let state = State.BeforeObject as State;
  let key: number[] = [];
  let keyEscaped = false;
  let isFile = false;
  let seenFile = false;
  let members = 0;
  // a value other than the file's: nesting, and whether inside a string (and after a backslash)
  let depth = 0;
  let inString = false;
  let escaped = false;
  // the file's string: an escape being read (0: none, 1: after the backslash, 2..5: \u digits)
  let escapeStep = 0;
  let unicode = 0;
  let valueFrom = 0;
  let sink: Base64Sink | null = null;
  let file: Uint8Array | null = null;
  let fileChars = 0;
  /** members written to `rest`, to put commas between them */
  let restMembers = 0;
  let offset = 0;
  const BOM = [0xef, 0xbb, 0xbf];

  const step = (b: number) => {
    switch (state) {
      case State.BeforeObject:
        if (offset < 3 && b === BOM[offset]) return; // a UTF-8 byte-order mark
        if (isSpace(b)) return;
        if (b !== 123 /* { */) throw notJson("the body is not a JSON object");
        rest.push(b);
        state = State.BeforeKey;
        return;
      case State.BeforeKey:
        if (isSpace(b)) return;
        if (b === 125 /* } */ && members === 0) {
          rest.push(b);
          state = State.End;
          return;
        }
        if (b !== 34) throw notJson("expected a member name");
        key = [];
        keyEscaped = false;
        state = State.Key;
        return;
      case State.Key:
        if (keyEscaped) keyEscaped = false;
        else if (b === 92) keyEscaped = true;
        else if (b === 34) {
          state = State.AfterKey;
          return;
        }
        if (key.length > 1024) throw notJson("a member name is too long");
        key.push(b);
        return;
      case State.AfterKey: {
        if (isSpace(b)) return;
        if (b !== 58 /* : */) throw notJson("expected ':' after a member name");
        let name: string;
        try {
          name = JSON.parse(
            `"${new TextDecoder("utf-8", { fatal: true } as TextDecoderConstructorOptions).decode(new Uint8Array(key))}"`,
          );
        } catch {
          throw notJson("a member name is not a JSON string");
        }
        isFile = name === member;
        if (isFile) {
          if (seenFile) throw new ApiError("VALIDATION_ERROR", { fields: [{ path: member, message: "given twice" }] });
          seenFile = true;
        } else {
          if (restMembers++ > 0) restPush(44 /* , */);
          for (const k of [34, ...key, 34, 58]) restPush(k);
        }
        members++;
        state = State.BeforeValue;
        return;
      }
      case State.BeforeValue:
        if (isSpace(b)) return;
        if (isFile) {
          if (b !== 34)
            throw new ApiError("VALIDATION_ERROR", { fields: [{ path: member, message: "expected a string" }] });
          sink = new Base64Sink(opts.expectedBytes, opts.maxBytes, member, opts.tooLarge);
          state = State.FileString;
          return;
        }
        depth = 0;
        inString = false;
        escaped = false;
        valueFrom = rest.length;
        state = State.Value;
        step(b);
        return;
      case State.Value:
        if (inString) {
          if (escaped) escaped = false;
          else if (b === 92) escaped = true;
          else if (b === 34) inString = false;
          restPush(b);
          return;
        }
        if (depth === 0 && (b === 44 || b === 125)) {
          // each value is checked whole here, so the rest is JSON exactly when the body was
          try {
            JSON.parse(new TextDecoder().decode(new Uint8Array(rest.slice(valueFrom))));
          } catch {
            throw notJson("a member's value is not JSON");
          }
          state = State.AfterValue;
          step(b);
          return;
        }
        if (b === 34) inString = true;
        else if (b === 123 || b === 91) depth++;
        else if (b === 125 || b === 93) {
          if (--depth < 0) throw notJson("a bracket closes nothing");
        }
        restPush(b);
        return;
      case State.FileString:
        if (escapeStep === 1) {
          escapeStep = 0;
          // \n, \r, \t and \f are whitespace, which base64 ignores; \/ is '/'
          if (b === 110 || b === 114 || b === 116 || b === 102) sink!.char(32);
          else if (b === 47) sink!.char(47);
          else if (b === 117 /* u */) {
            escapeStep = 2;
            unicode = 0;
          } else sink!.char(-1);
          fileChars++;
          return;
        }
        if (escapeStep >= 2) {
          const h = HEX(b);
          if (h < 0) throw notJson("a \\u escape needs four hex digits");
          unicode = unicode * 16 + h;
          if (++escapeStep === 6) {
            escapeStep = 0;
            sink!.char(unicode);
          }
          return;
        }
        if (b === 92) {
          escapeStep = 1;
          return;
        }
        if (b === 34) {
          file = sink!.finish();
          if (restMembers++ > 0) restPush(44);
          for (const k of new TextEncoder().encode(`"${member}":${JSON.stringify(fileChars ? STREAMED_FILE : "")}`))
            restPush(k);
          state = State.AfterValue;
          return;
        }
        if (b < 32) throw notJson("a string holds a control character");
        fileChars++;
        sink!.char(b);
        return;
      case State.AfterValue:
        if (isSpace(b)) return;
        if (b === 44) {
          state = State.BeforeKey;
          return;
        }
        if (b === 125) {
          rest.push(b);
          state = State.End;
          return;
        }
        throw notJson("expected ',' or '}' after a member");
      case State.End:
        if (!isSpace(b)) throw notJson("more after the JSON object");
        return;
    }
  };

  if (body) {
    const reader = body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      for (let i = 0; i < value.length; ) {
        if (state === State.FileString && escapeStep === 0) {
          const to = sink!.plain(value, i);
          if (to > i) fileChars += to - i;
          offset += to - i;
          i = to;
          if (i >= value.length) break;
        }
        step(value[i++]);
        offset++;
      }
    }
  }
  if (state !== State.End)
    throw notJson(state === State.BeforeObject ? "the body is empty" : "the JSON object is not closed");
  return { rest: new TextDecoder().decode(new Uint8Array(rest)), file };
}
