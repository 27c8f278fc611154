// Encryption at rest for personal data and webhook secrets: AES-256-GCM with a key
// from a Worker secret (PII_ENCRYPTION_KEY, 32 bytes in base64). Each value has its
// own random 96-bit IV; the stored form is "v1.<iv b64>.<ciphertext b64>".
// Blind indexes (equality without the plaintext) are HMACs under keys derived from the same
// secret, one per company (blindIndexer, issue #41 item 15).
import { ApiError } from "./errors/api-error";

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Base64 in chunks: a whole file (an AGI XML) spread into one call would exceed the argument limit. */
function b64(bytes: Uint8Array): string {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}
const unb64 = (text: string) => Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));

/** The 32 key bytes of PII_ENCRYPTION_KEY; a missing or malformed key stores nothing. */
function rawKey(keyB64: string | undefined): Uint8Array {
  if (!keyB64)
    throw new ApiError(
      "INTERNAL_ERROR",
      { setting: "PII_ENCRYPTION_KEY" },
      "The encryption key (PII_ENCRYPTION_KEY) is not configured; nothing was stored.",
    );
  const raw = unb64(keyB64);
  if (raw.length !== 32)
    throw new ApiError(
      "INTERNAL_ERROR",
      { setting: "PII_ENCRYPTION_KEY" },
      "PII_ENCRYPTION_KEY must be 32 bytes in base64.",
    );
  return raw;
}

function importKey(keyB64: string | undefined): Promise<CryptoKey> {
  return crypto.subtle.importKey("raw", rawKey(keyB64), "AES-GCM", false, ["encrypt", "decrypt"]);
}

export async function encryptSecret(keyB64: string | undefined, plaintext: string): Promise<string> {
  const key = await importKey(keyB64);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ct = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, key, encoder.encode(plaintext)));
  return `v1.${b64(iv)}.${b64(ct)}`;
}

/** The plaintext, or null when the value cannot be decrypted (wrong key, altered data). */
export async function decryptSecret(keyB64: string | undefined, stored: string): Promise<string | null> {
  const key = await importKey(keyB64);
  const [version, iv, ct] = stored.split(".");
  if (version !== "v1" || !iv || !ct) return null;
  try {
    return decoder.decode(await crypto.subtle.decrypt({ name: "AES-GCM", iv: unb64(iv) }, key, unb64(ct)));
  } catch {
    return null;
  }
}

/** The stored form of a blind index made by blindIndexer: "v2." and 64 hex digits. */
export const BLIND_INDEX_PREFIX = "v2.";

/**
 * A blind index of one kind of value (`purpose`) within one company (`scope`, its id), issue #41
 * item 15: HMAC-SHA256 under a key derived by HKDF-SHA256 (RFC 5869) from PII_ENCRYPTION_KEY with
 * info "blind-index:v2:<purpose>:<scope>". Equal values in one company give equal indexes (a
 * duplicate check, a search); the same value in two companies gives unrelated ones, so the rows
 * of one person link no one across companies, and the HKDF step keeps the HMAC keys apart from
 * the AES key itself. The salt is fixed (RFC 5869 §3.1: optional; the input key is already
 * uniformly random). The key is derived once and used for each value given to the function.
 */
export async function blindIndexer(
  keyB64: string | undefined,
  purpose: string,
  scope: string,
): Promise<(value: string) => Promise<string>> {
  const master = await crypto.subtle.importKey("raw", rawKey(keyB64), "HKDF", false, ["deriveKey"]);
  const key = await crypto.subtle.deriveKey(
    {
      name: "HKDF",
      hash: "SHA-256",
      salt: encoder.encode("bokforing-blind-index"),
      info: encoder.encode(`blind-index:v2:${purpose}:${scope}`),
    },
    master,
    { name: "HMAC", hash: "SHA-256", length: 256 },
    false,
    ["sign"],
  );
  return async (value) => {
    const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(value)));
    return BLIND_INDEX_PREFIX + Array.from(mac, (b) => b.toString(16).padStart(2, "0")).join("");
  };
}
