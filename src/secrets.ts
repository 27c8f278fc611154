// Encryption at rest for personal data and webhook secrets: AES-256-GCM with a key
// from a Worker secret (PII_ENCRYPTION_KEY, 32 bytes in base64). Each value has its
// own random 96-bit IV; the stored form is "v1.<iv b64>.<ciphertext b64>".
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

async function importKey(keyB64: string | undefined): Promise<CryptoKey> {
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
  return crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]);
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
