// Opaque, signed cursors for keyset pagination. A cursor names the last row of the
// previous page (its sort key and id); the signature stops clients from forging
// positions. A stale, tampered or foreign cursor is ignored: the first page is served.
import { hmacSha256Hex, timingSafeEqual } from "./crypto";

export interface CursorPosition {
  /** sort key of the last row served (e.g. created_at, or period_start) */
  k: string;
  /** id of the last row served */
  i: string;
  /** what the cursor belongs to (list name + company), so it is not replayed elsewhere */
  s: string;
}

const FALLBACK_SECRET = "bokforing-cursor-v1";

function b64url(s: string): string {
  return btoa(unescape(encodeURIComponent(s)))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}
function unb64url(s: string): string {
  return decodeURIComponent(escape(atob(s.replaceAll("-", "+").replaceAll("_", "/"))));
}

export async function encodeCursor(secret: string | undefined, pos: CursorPosition): Promise<string> {
  const payload = b64url(JSON.stringify(pos));
  const sig = await hmacSha256Hex(secret ?? FALLBACK_SECRET, payload);
  return `${payload}.${sig.slice(0, 32)}`;
}

export async function decodeCursor(
  secret: string | undefined,
  scope: string,
  cursor: string | undefined,
): Promise<CursorPosition | null> {
  if (!cursor) return null;
  const [payload, sig] = cursor.split(".");
  if (!payload || !sig) return null;
  const expected = (await hmacSha256Hex(secret ?? FALLBACK_SECRET, payload)).slice(0, 32);
  if (!timingSafeEqual(sig, expected)) return null;
  try {
    const pos = JSON.parse(unb64url(payload)) as CursorPosition;
    if (typeof pos.k !== "string" || typeof pos.i !== "string" || pos.s !== scope) return null;
    return pos;
  } catch {
    return null;
  }
}
