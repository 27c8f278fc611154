// Sending deliveries (spec: Events, Delivery). At-least-once: a row is claimed
// (pending/failed -> in_flight) before the POST and settled after it; a worker that
// dies in between leaves an in_flight row that the sweep treats as a failed attempt.
import { forgetInWriter } from "../../commands/submit";
import { and, eq, inArray, isNotNull, lte, or, sql } from "drizzle-orm";
import { database } from "../../db/client";
import { webhookDeliveries, webhooks } from "../../db/schema";
import type { Env } from "../../env";
import { hmacSha256Hex } from "../../http/crypto";
import type { Job } from "../../queue";
import { decryptSecret } from "../../secrets";
import { checkWebhookUrl, type UrlVerdict } from "./address";
import { deliveryFetch } from "./egress";

/** Waits after the 1st..7th failed attempt; the 8th failure is final (spec: Limits). */
export const RETRY_DELAYS_MS = [60_000, 300_000, 1_800_000, 7_200_000, 43_200_000, 86_400_000, 172_800_000];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
export const RESPONSE_BODY_LIMIT = 4096;
/** An in_flight row older than this is a lost attempt. */
const STUCK_AFTER_MS = 5 * 60_000;

const iso = (ms: number) => new Date(ms).toISOString();

export function signature(secret: string, timestamp: number, body: string): Promise<string> {
  return hmacSha256Hex(secret, `${timestamp}.${body}`);
}

/** Only text/plain and application/json bodies are kept, cut to 4 KB of UTF-8. */
async function keptBody(res: Response): Promise<string | null> {
  const type = (res.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "text/plain" && type !== "application/json") return null;
  const bytes = new Uint8Array(await res.arrayBuffer()).slice(0, RESPONSE_BODY_LIMIT);
  // drop a multi-byte character cut in half at the end
  return new TextDecoder("utf-8").decode(bytes).replace(/\uFFFD$/, "");
}

type Outcome =
  | { kind: "delivered"; status: number; body: string | null }
  | { kind: "retry"; status: number | null; body: string | null; error: string }
  | { kind: "dead"; status: number | null; body: string | null; error: string; disable?: string };

export async function deliver(env: Env, deliveryId: string, now: number): Promise<string | null> {
  const db = database(env);
  const row = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId)).get();
  if (!row?.webhookId || (row.status !== "pending" && row.status !== "failed")) return null;
  // a failed row waits for its retry time; a dormant row (no next attempt) waits forever
  if (!row.nextAttemptAt || Date.parse(row.nextAttemptAt) > now) return null;
  const hook = await db.select().from(webhooks).where(eq(webhooks.id, row.webhookId)).get();
  if (!hook?.active) return null;

  const claim = await db
    .update(webhookDeliveries)
    // while in flight, next_attempt_at is the lease: past it, the attempt counts as lost
    .set({ status: "in_flight", attempts: row.attempts + 1, nextAttemptAt: iso(now + STUCK_AFTER_MS) })
    .where(and(eq(webhookDeliveries.id, row.id), inArray(webhookDeliveries.status, ["pending", "failed"])))
    .run();
  if (!claim.meta.changes) return null;
  const attempt = row.attempts + 1;

  const outcome = await attemptDelivery(env, hook, row, now);
  const final = outcome.kind === "retry" && attempt >= MAX_ATTEMPTS ? { ...outcome, kind: "dead" as const } : outcome;
  const settledAt = iso(now);
  await db.batch([
    db
      .update(webhookDeliveries)
      .set({
        status: final.kind === "retry" ? "failed" : final.kind,
        responseStatus: final.status,
        responseBody: final.body,
        error: final.kind === "delivered" ? null : final.error,
        deliveredAt: final.kind === "delivered" ? settledAt : null,
        nextAttemptAt: final.kind === "retry" ? iso(now + RETRY_DELAYS_MS[attempt - 1]) : null,
      })
      .where(and(eq(webhookDeliveries.id, row.id), eq(webhookDeliveries.status, "in_flight"))),
    ...(final.kind === "dead" && final.disable
      ? [
          db
            .update(webhooks)
            .set({ active: false, disabledAt: settledAt, disabledReason: final.disable, updatedAt: settledAt })
            .where(eq(webhooks.id, hook.id)),
        ]
      : []),
  ]);
  // A webhook disabled here was written outside a command: the company's writer, which
  // holds the active webhooks for its fan-out, is told to forget them.
  if (final.kind === "dead" && final.disable) await forgetInWriter(env, hook.companyId, { state: true });
  return final.kind === "retry" ? "failed" : final.kind;
}

/** A resolver failure may pass; any other refusal is about the URL itself and will not heal. */
function refusedAtDispatch(verdict: Extract<UrlVerdict, { ok: false }>): Outcome {
  if (verdict.reason === "unresolvable") return { kind: "retry", status: null, body: null, error: "dns_unresolvable" };
  return { kind: "dead", status: null, body: null, error: verdict.reason, disable: verdict.reason };
}

const isTimeout = (err: unknown) => err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");

async function attemptDelivery(
  env: Env,
  hook: typeof webhooks.$inferSelect,
  row: typeof webhookDeliveries.$inferSelect,
  now: number,
): Promise<Outcome> {
  // The URL is checked again at dispatch: a name can come to resolve to a private address,
  // and a URL stored before a rule was tightened must not be sent to either.
  const verdict = await checkWebhookUrl(env, hook.webhookUrl);
  if (!verdict.ok) return refusedAtDispatch(verdict);

  const secret = await decryptSecret(env.PII_ENCRYPTION_KEY, hook.secretEnc);
  if (secret === null) return { kind: "retry", status: null, body: null, error: "signing_secret_unreadable" };
  const t = Math.floor(now / 1000);
  let res: Response;
  try {
    // Through the public-only egress where it is bound: the guard above judged what DNS
    // answered then, the connection judges what it reaches now (egress.ts).
    res = await deliveryFetch(env, hook.webhookUrl)(hook.webhookUrl, {
      method: "POST",
      redirect: "manual",
      signal: AbortSignal.timeout(Number(env.WEBHOOK_TIMEOUT_MS) || 10_000),
      headers: {
        "Content-Type": "application/json",
        "User-Agent": "service-webhook/1",
        "X-Service-Signature": `t=${t},v1=${await signature(secret, t, row.payload)}`,
        "X-Service-Event": row.eventType,
        "X-Service-Delivery": row.id,
        "X-Service-Api-Version": hook.apiVersionPinned,
        "X-Request-Id": row.requestId,
      },
      body: row.payload,
    });
  } catch (err) {
    // The stored error is read back through the API: the platform's text (refused, reset,
    // TLS alert) would tell an open port from a closed one, so it goes to the log only.
    console.error("webhook delivery failed", row.id, hook.id, err);
    return { kind: "retry", status: null, body: null, error: isTimeout(err) ? "timeout" : "connection_failed" };
  }
  const body = await keptBody(res);
  if (res.status >= 200 && res.status < 300) return { kind: "delivered", status: res.status, body };
  if (res.status === 410)
    return { kind: "dead", status: 410, body, error: "receiver_gone", disable: "receiver_returned_410" };
  if (res.status >= 300 && res.status < 400)
    return { kind: "dead", status: res.status, body, error: "redirect_not_followed", disable: "receiver_redirected" };
  return { kind: "retry", status: res.status, body, error: `http_${res.status}` };
}

/**
 * The minute sweep: in_flight rows left by a dead worker count as a failed attempt;
 * then every due row is handed to the queue.
 */
export async function sweepDeliveries(env: Env, now: number): Promise<Job[]> {
  const db = database(env);
  const stuck = await db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.status, "in_flight"),
        isNotNull(webhookDeliveries.webhookId),
        lte(webhookDeliveries.nextAttemptAt, iso(now)),
      ),
    )
    .all();
  for (const row of stuck) {
    const dead = row.attempts >= MAX_ATTEMPTS;
    await db
      .update(webhookDeliveries)
      .set({ status: dead ? "dead" : "failed", error: "attempt_lost", nextAttemptAt: dead ? null : iso(now) })
      .where(and(eq(webhookDeliveries.id, row.id), eq(webhookDeliveries.status, "in_flight")));
  }
  const due = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
    .where(
      and(
        or(eq(webhookDeliveries.status, "pending"), eq(webhookDeliveries.status, "failed")),
        eq(webhooks.active, true),
        isNotNull(webhookDeliveries.nextAttemptAt),
        lte(webhookDeliveries.nextAttemptAt, iso(now)),
      ),
    )
    .orderBy(sql`${webhookDeliveries.nextAttemptAt}`)
    .limit(500)
    .all();
  return due.map((d) => ({ type: "webhook.deliver", deliveryId: d.id }) as const);
}
