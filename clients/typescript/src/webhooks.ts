// Verifies a webhook delivery from the service (Workers, Node 18+, Deno, Bun: WebCrypto
// only). The service signs "<t>.<raw body>" with HMAC-SHA256 under the webhook's secret
// and sends "X-Service-Signature: t=<unix seconds>,v1=<hex>". Verify the raw body
// exactly as received, before parsing it, and refuse a t outside the tolerance
// (5 minutes) so that a captured delivery cannot be replayed later.

export type WebhookVerdict =
  | { ok: true; timestamp: number }
  | { ok: false; reason: "missing_header" | "malformed_header" | "too_old" | "from_the_future" | "bad_signature" };

export interface VerifyWebhookArgs {
  /** the secret returned when the webhook was created (or its secret rotated) */
  secret: string;
  /** the X-Service-Signature header */
  signatureHeader: string | null | undefined;
  /** the request body as received, not re-serialised */
  rawBody: string;
  toleranceSeconds?: number;
  /** ms since the epoch; defaults to the clock */
  now?: number;
}

const encoder = new TextEncoder();

/** Compares in time that depends only on the lengths, never on where they differ. */
function constantTimeEqual(a: string, b: string): boolean {
  const x = encoder.encode(a);
  const y = encoder.encode(b);
  let diff = x.length ^ y.length;
  for (let i = 0; i < Math.max(x.length, y.length); i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}

async function hmacHex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  const sig = await crypto.subtle.sign("HMAC", key, encoder.encode(message));
  return [...new Uint8Array(sig)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export async function verifyWebhook({
  secret,
  signatureHeader,
  rawBody,
  toleranceSeconds = 300,
  now = Date.now(),
}: VerifyWebhookArgs): Promise<WebhookVerdict> {
  if (!signatureHeader) return { ok: false, reason: "missing_header" };
  const parts = Object.fromEntries(
    signatureHeader.split(",").map((p) => {
      const i = p.indexOf("=");
      return [p.slice(0, i).trim(), p.slice(i + 1).trim()];
    }),
  );
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(parts.v1 ?? "")) return { ok: false, reason: "malformed_header" };
  const age = Math.floor(now / 1000) - t;
  if (age > toleranceSeconds) return { ok: false, reason: "too_old" };
  if (age < -toleranceSeconds) return { ok: false, reason: "from_the_future" };
  const expected = await hmacHex(secret, `${t}.${rawBody}`);
  return constantTimeEqual(expected, parts.v1) ? { ok: true, timestamp: t } : { ok: false, reason: "bad_signature" };
}
