// TOTP (src/http/totp.ts) against the published test vectors: RFC 6238 Appendix B (SHA-1,
// the ASCII secret "12345678901234567890", 8 digits, 30-second steps) and RFC 4226
// Appendix D (HOTP, the same secret, 6 digits, counters 0-9); base32 against RFC 4648 §10.
import { describe, expect, it } from "vitest";
import { base32Decode, base32Encode, hotp, matchedTotpStep, totp, verifyTotp } from "../../src/http/totp";

const SECRET = new TextEncoder().encode("12345678901234567890");

describe("TOTP", () => {
  it("gives RFC 6238's SHA-1 codes (Appendix B)", async () => {
    const vectors: [number, string][] = [
      [59, "94287082"],
      [1111111109, "07081804"],
      [1111111111, "14050471"],
      [1234567890, "89005924"],
      [2000000000, "69279037"],
      [20000000000, "65353130"],
    ];
    for (const [seconds, code] of vectors) expect(await totp(SECRET, seconds * 1000, 8)).toBe(code);
  });

  it("gives RFC 4226's HOTP codes (Appendix D)", async () => {
    const codes = ["755224", "287082", "359152", "969429", "338314", "254676", "287922", "162583", "399871", "520489"];
    for (const [counter, code] of codes.entries()) expect(await hotp(SECRET, counter)).toBe(code);
  });

  it("accepts the code of the step, and of one step either side, and nothing else", async () => {
    const at = 1111111111 * 1000;
    const code = await totp(SECRET, at);
    expect(await verifyTotp(SECRET, code, at)).toBe(true);
    expect(await verifyTotp(SECRET, code, at + 30_000)).toBe(true);
    expect(await verifyTotp(SECRET, code, at - 30_000)).toBe(true);
    expect(await verifyTotp(SECRET, code, at + 90_000)).toBe(false);
    expect(await verifyTotp(SECRET, "12345", at)).toBe(false);
    expect(await verifyTotp(SECRET, `${code} `, at)).toBe(false);
  });

  it("names the step a code belongs to (what RFC 6238 §5.2's one-use rule stores)", async () => {
    // RFC 6238 Appendix B: T = 1111111111 s is step 0x23523ED = 37037037 with X = 30 s
    const at = 1111111111 * 1000;
    expect(Math.floor(1111111111 / 30)).toBe(0x23523ed);
    const code = await totp(SECRET, at);
    expect(await matchedTotpStep(SECRET, code, at)).toBe(0x23523ed);
    expect(await matchedTotpStep(SECRET, code, at + 30_000)).toBe(0x23523ed);
    expect(await matchedTotpStep(SECRET, code, at + 90_000)).toBeNull();
  });
});

describe("base32 (RFC 4648 §10)", () => {
  it("encodes and decodes the standard's examples", () => {
    const cases: [string, string][] = [
      ["f", "MY"],
      ["fo", "MZXQ"],
      ["foo", "MZXW6"],
      ["foob", "MZXW6YQ"],
      ["fooba", "MZXW6YTB"],
      ["foobar", "MZXW6YTBOI"],
    ];
    for (const [plain, encoded] of cases) {
      expect(base32Encode(new TextEncoder().encode(plain))).toBe(encoded);
      expect(new TextDecoder().decode(base32Decode(`${encoded.toLowerCase()}======`)!)).toBe(plain);
    }
    expect(base32Decode("MZ1W")).toBeNull();
    expect(base32Encode(SECRET)).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
  });
});
