// A JSON body's base64 file decoded as the body streams in
// (src/domains/imports/json-file-body.ts): the same bytes atob gives and the same
// other members JSON.parse gives, wherever the stream's chunks split the body; and the
// refusals a parsed body would get.
import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/errors/api-error";
import { splitBase64Member, STREAMED_FILE } from "../../src/domains/imports/json-file-body";

const encoder = new TextEncoder();
const MAX = 1024 * 1024;
const tooLarge = () => new ApiError("VALIDATION_ERROR", { max_bytes: MAX }, "too large");

/** The text as a stream of pieces of `size` bytes. */
function streamOf(text: string, size: number): ReadableStream<Uint8Array> {
  const bytes = encoder.encode(text);
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + size));
      at += size;
    },
  });
}

const split = (text: string, size = 7, maxBytes = MAX) =>
  splitBase64Member(streamOf(text, size), "file_base64", { maxBytes, expectedBytes: 0, tooLarge });

async function refusal(text: string, maxBytes = MAX) {
  try {
    await split(text, 5, maxBytes);
  } catch (err) {
    if (err instanceof ApiError) return { code: err.code, details: err.details };
    throw err;
  }
  throw new Error("not refused");
}

const fromBinary = (s: string) => Uint8Array.from(s, (ch) => ch.charCodeAt(0));

describe("a JSON body's base64 file, decoded as it streams", () => {
  it("gives atob's bytes and JSON.parse's other members, at any chunk size, in any member order", async () => {
    const bytes = new Uint8Array(3001).map((_, i) => (i * 7919 + 13) % 256);
    const b64 = btoa(String.fromCharCode(...bytes));
    const bodies = [
      JSON.stringify({ file_base64: b64, file_name: 'bok {1}, "år".se', options: { updateAccountNames: false } }),
      JSON.stringify({
        options: { allowBalanceMismatch: true, list: [1, { a: "}" }] },
        file_name: "x\\y.se",
        file_base64: b64,
      }),
      `\uFEFF  { "file_name" : "a.se" ,\n "file_base64" :  "${b64}"  }  \n`,
    ];
    for (const body of bodies) {
      for (const size of [1, 3, 4096, body.length]) {
        const out = await split(body, size);
        expect(out.file).toEqual(bytes);
        const expected = JSON.parse(body.replace(/^\uFEFF/, ""));
        expect(JSON.parse(out.rest)).toEqual({ ...expected, file_base64: STREAMED_FILE });
      }
    }
  });

  it("reads JSON escapes inside the base64 (\\/, \\n line breaks, \\u) as a parsed string would", async () => {
    const text = btoa("Hej på dig, \u00e5\u00e4\u00f6 ???\u00ff\u00ff\u00ff");
    const escaped = text
      .replace(/(.{8})/g, "$1\\n")
      .replace(/\//g, "\\/")
      .replace(/A/g, "\\u0041");
    expect(escaped).toContain("\\/");
    const out = await split(`{"file_base64":"${escaped}"}`);
    expect(out.file).toEqual(fromBinary(atob(text)));
    expect(JSON.parse(out.rest)).toEqual({ file_base64: STREAMED_FILE });
  });

  it("takes base64 without padding, as atob does, and the empty string as an empty member", async () => {
    expect((await split('{"file_base64":"SGVq"}')).file).toEqual(encoder.encode("Hej"));
    expect((await split('{"file_base64":"SGVqcw"}')).file).toEqual(encoder.encode("Hejs"));
    expect((await split('{"file_base64":"SGVqcw=="}')).file).toEqual(encoder.encode("Hejs"));
    const empty = await split('{"file_base64":"","file_name":"a.se"}');
    expect(empty.file).toEqual(new Uint8Array(0));
    expect(JSON.parse(empty.rest)).toEqual({ file_name: "a.se", file_base64: "" });
  });

  it("leaves a body without the member to the schema, and an empty object as it is", async () => {
    expect(await split('{"file_name":"a.se"}')).toEqual({ rest: '{"file_name":"a.se"}', file: null });
    expect(await split("{}")).toEqual({ rest: "{}", file: null });
  });

  it("refuses what is not base64, or not a string, or given twice, naming the member", async () => {
    for (const body of [
      '{"file_base64":"!!!"}',
      '{"file_base64":"SGVqc"}',
      '{"file_base64":"SG=Vq"}',
      '{"file_base64":"SGVq==="}',
      '{"file_base64":"SGVq\\"x"}',
      '{"file_base64":"åäö"}',
    ]) {
      expect(await refusal(body)).toEqual({
        code: "VALIDATION_ERROR",
        details: { fields: [{ path: "file_base64", message: "not valid base64" }] },
      });
    }
    expect((await refusal('{"file_base64":12}')).details).toEqual({
      fields: [{ path: "file_base64", message: "expected a string" }],
    });
    expect((await refusal('{"file_base64":"SGVq","file_base64":"SGVq"}')).details).toEqual({
      fields: [{ path: "file_base64", message: "given twice" }],
    });
  });

  it("refuses a body that is not one JSON object", async () => {
    for (const body of [
      "",
      "[]",
      '{"file_base64":"SGVq"',
      '{"file_base64":"SGVq"} x',
      '{"a" 1}',
      '{"a":1 "b":2}',
      '{"file_base64":"SG\nVq"}',
    ]) {
      const r = await refusal(body);
      expect(r.code).toBe("VALIDATION_ERROR");
      expect(r.details).toMatchObject({ target: "json", body: "not_json" });
    }
  });

  it("refuses a file past the limit while it is read, and other members past 64 KB", async () => {
    const big = btoa("x".repeat(3000));
    expect(await refusal(`{"file_base64":"${big}"}`, 2999)).toEqual({
      code: "VALIDATION_ERROR",
      details: { max_bytes: MAX },
    });
    expect((await split(`{"file_base64":"${big}"}`, 64, 3000)).file!.length).toBe(3000);
    expect((await refusal(`{"file_base64":"SGVq","notes":"${"a".repeat(70 * 1024)}"}`)).details).toMatchObject({
      body: "too_large",
    });
  });
});
