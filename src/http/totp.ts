// Time-based one-time passwords (RFC 6238, on HOTP of RFC 4226) with WebCrypto's
// HMAC-SHA1: the second step of the actions that need two-step verification
// (src/http/mfa.ts). Secrets are 20 random bytes, shown to the user once in base32
// (RFC 4648), the form every authenticator app reads from an otpauth:// URI.

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** The time step of RFC 6238's default: a code changes every 30 seconds. */
export const TOTP_STEP_SECONDS = 30;

/** Codes of the previous and next step are accepted too, for a phone's clock a little off (RFC 6238 §5.2). */
export const TOTP_WINDOW_STEPS = 1;

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** The bytes of a base32 text (case, spaces and padding ignored), or null when it is not base32. */
export function base32Decode(text: string): Uint8Array | null {
  const clean = text.replace(/[\s=]/g, "").toUpperCase();
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const ch of clean) {
    const v = BASE32.indexOf(ch);
    if (v < 0) return null;
    value = ((value << 5) | v) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Uint8Array.from(out);
}

/** HOTP (RFC 4226 §5.3): HMAC-SHA-1 of the 8-byte big-endian counter, dynamically truncated to `digits`. */
export async function hotp(secret: Uint8Array, counter: number, digits = 6): Promise<string> {
  const message = new Uint8Array(8);
  // the counter exceeds 32 bits after year 2106 only with a 30 s step; split it anyway
  new DataView(message.buffer).setUint32(0, Math.floor(counter / 2 ** 32));
  new DataView(message.buffer).setUint32(4, counter >>> 0);
  const key = await crypto.subtle.importKey("raw", secret, { name: "HMAC", hash: "SHA-1" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, message));
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = ((mac[offset] & 0x7f) << 24) | (mac[offset + 1] << 16) | (mac[offset + 2] << 8) | mac[offset + 3];
  return String(binary % 10 ** digits).padStart(digits, "0");
}

/** The TOTP time step of a moment (ms since the epoch). */
export function totpStep(atMs: number): number {
  return Math.floor(atMs / 1000 / TOTP_STEP_SECONDS);
}

/** The code of the step that holds `atMs`. */
export function totp(secret: Uint8Array, atMs: number, digits = 6): Promise<string> {
  return hotp(secret, totpStep(atMs), digits);
}

/**
 * The time step whose code `code` (six digits) is, at `atMs` or one step either side, or
 * null. The latest matching step is answered, so that RFC 6238 §5.2's "refuse a step
 * already used" (src/http/mfa.ts) errs towards refusing.
 */
export async function matchedTotpStep(secret: Uint8Array, code: string, atMs: number): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const step = totpStep(atMs);
  let match: number | null = null;
  // every candidate is computed, so the time taken does not tell which step matched
  for (let d = -TOTP_WINDOW_STEPS; d <= TOTP_WINDOW_STEPS; d++) {
    if ((await hotp(secret, step + d)) === code) match = step + d;
  }
  return match;
}

/** Whether `code` (six digits) is the code of the step at `atMs` or one step either side. */
export async function verifyTotp(secret: Uint8Array, code: string, atMs: number): Promise<boolean> {
  return (await matchedTotpStep(secret, code, atMs)) !== null;
}

/** A new secret: 20 random bytes (160 bits, RFC 4226 §4's recommended length). */
export function newTotpSecret(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(20));
}

/** The otpauth:// URI an authenticator app reads (as a QR code) to enrol the secret. */
export function otpauthUri(secretBase32: string, account: string, issuer: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const query = new URLSearchParams({
    secret: secretBase32,
    issuer,
    algorithm: "SHA1",
    digits: "6",
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${query}`;
}
