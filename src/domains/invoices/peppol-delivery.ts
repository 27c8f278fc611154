// Handing an invoice's Peppol document to the company's access point (docs/peppol.md,
// "Sending through an access point"). The send command validates the document, stores it in
// R2 and writes a pending row in its own batch; the HTTP call is made after the commit, by the
// queue (`peppol.deliver`), and retried on the webhook schedule (RETRY_DELAYS_MS) by the minute
// sweep (`peppol.sweep`), as webhook deliveries are. At-least-once: a row is claimed
// (pending/failed -> in_flight) before the POST and settled after it; the X-Service-Document-Id
// header (the row's id, the same on every attempt) lets the access point drop a repeat.
import { and, eq, inArray, lte, or, sql } from "drizzle-orm";
import type { Command, CommandContext, Plan, Statement } from "../../commands/plan";
import { type Database, database } from "../../db/client";
import { peppolDeliveries } from "../../db/schema";
import type { Env } from "../../env";
import { ApiError } from "../../errors/api-error";
import { newId } from "../../ids";
import type { Job } from "../../queue";
import { decryptSecret } from "../../secrets";
import { checkWebhookUrl, deliveryFetch, MAX_ATTEMPTS, RETRY_DELAYS_MS } from "../webhooks";
import { loadCompany } from "../companies";
import { type PeppolDeliveryRow, peppolDeliveryJson, peppolDeliveryOf } from "./peppol-delivery-json";
import { loadInvoice } from "./queries";

/** Peppol's identifiers of a BIS Billing 3.0 document (Peppol Policy for use of identifiers 4.x). */
const CUSTOMIZATION = "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0";
export const PEPPOL_DOCUMENT_TYPES = {
  invoice: `busdox-docid-qns::urn:oasis:names:specification:ubl:schema:xsd:Invoice-2::Invoice##${CUSTOMIZATION}::2.1`,
  credit_note: `busdox-docid-qns::urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2::CreditNote##${CUSTOMIZATION}::2.1`,
} as const;
export const PEPPOL_PROCESS_ID = "cenbii-procid-ubl::urn:fdc:peppol.eu:2017:poacc:billing:01:1.0";

/** An in_flight row older than this is a lost attempt (as for webhooks). */
const STUCK_AFTER_MS = 5 * 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

export function peppolR2Key(companyId: string, deliveryId: string): string {
  return `companies/${companyId}/peppol/${deliveryId}.xml`;
}

/**
 * The row, the document's file and the job of a new delivery, for the send's plan: the row and
 * the file commit with the issue or not at all; the job runs only after the commit.
 */
export function planPeppolDelivery(
  db: Database,
  ctx: CommandContext,
  d: { invoiceId: string; xml: string; kind: PeppolDeliveryRow["documentKind"]; receiverId: string; senderId: string },
): { row: PeppolDeliveryRow; statements: Statement[]; file: NonNullable<Plan["files"]>[number]; job: Job } {
  const id = newId();
  const row: PeppolDeliveryRow = {
    id,
    companyId: ctx.companyId,
    invoiceId: d.invoiceId,
    status: "pending",
    attempts: 0,
    nextAttemptAt: ctx.now,
    r2Key: peppolR2Key(ctx.companyId, id),
    documentKind: d.kind,
    receiverId: d.receiverId,
    senderId: d.senderId,
    responseStatus: null,
    error: null,
    messageId: null,
    requestId: ctx.requestId,
    createdAt: ctx.now,
    deliveredAt: null,
    updatedAt: ctx.now,
  };
  return {
    row,
    statements: [db.insert(peppolDeliveries).values(row)],
    file: {
      key: row.r2Key,
      body: d.xml,
      contentType: "application/xml",
      customMetadata: { company_id: ctx.companyId },
    },
    job: { type: "peppol.deliver", deliveryId: id },
  };
}

type Outcome =
  | { kind: "delivered"; status: number; messageId: string | null }
  | { kind: "retry" | "dead"; status: number | null; error: string };

/** The access point's message id: a header, else a JSON answer's message_id / messageId / id. */
async function messageIdOf(res: Response): Promise<string | null> {
  const header = res.headers.get("X-Peppol-Message-Id") ?? res.headers.get("X-Message-Id");
  if (header) return header.slice(0, 200);
  const type = (res.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "application/json") return null;
  try {
    const body = (await res.json()) as Record<string, unknown>;
    const id = body.message_id ?? body.messageId ?? body.id;
    return typeof id === "string" || typeof id === "number" ? String(id).slice(0, 200) : null;
  } catch {
    return null;
  }
}

/** A refusal's first 500 characters of text, so last_error says what the access point objected to. */
async function refusalText(res: Response): Promise<string> {
  const text = (await res.text().catch(() => "")).replace(/\s+/g, " ").trim().slice(0, 500);
  return text ? `http_${res.status}: ${text}` : `http_${res.status}`;
}

/**
 * 2xx delivered; 408, 429 and 5xx may heal (retried); any other 4xx is the access point's
 * final word on this document (dead); a redirect is not followed (dead, as for webhooks).
 */
async function classify(res: Response): Promise<Outcome> {
  if (res.status >= 200 && res.status < 300)
    return { kind: "delivered", status: res.status, messageId: await messageIdOf(res) };
  if (res.status === 408 || res.status === 429 || res.status >= 500)
    return { kind: "retry", status: res.status, error: `http_${res.status}` };
  if (res.status >= 300 && res.status < 400)
    return { kind: "dead", status: res.status, error: "redirect_not_followed" };
  return { kind: "dead", status: res.status, error: await refusalText(res) };
}

const isTimeout = (err: unknown) => err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");

/** One attempt: the access point as configured now, its URL held to the public-address guard again. */
async function attempt(env: Env, row: PeppolDeliveryRow): Promise<Outcome> {
  const { company_settings: settings } = await loadCompany(database(env), row.companyId);
  if (!settings.peppolAccessPointUrl || !settings.peppolAccessPointTokenEnc)
    return { kind: "dead", status: null, error: "access_point_removed" };
  const url = settings.peppolAccessPointUrl;
  const verdict = await checkWebhookUrl(env, url);
  if (!verdict.ok)
    return { kind: verdict.reason === "unresolvable" ? "retry" : "dead", status: null, error: verdict.reason };
  const token = await decryptSecret(env.PII_ENCRYPTION_KEY, settings.peppolAccessPointTokenEnc);
  if (token === null) return { kind: "retry", status: null, error: "token_unreadable" };
  const stored = await env.DOCUMENTS.get(row.r2Key);
  if (!stored) return { kind: "dead", status: null, error: "document_missing" };
  const body = await stored.text();
  const invoice = await loadInvoice(database(env), row.companyId, row.invoiceId);
  let res: Response;
  try {
    res = await deliveryFetch(env, url)(url, {
      method: "POST",
      redirect: "manual",
      signal: AbortSignal.timeout(Number(env.WEBHOOK_TIMEOUT_MS) || 10_000),
      headers: {
        "Content-Type": "application/xml",
        Authorization: `Bearer ${token}`,
        "User-Agent": "service-peppol/1",
        "X-Service-Document-Id": row.id,
        "X-Service-Invoice-Number": invoice.invoiceNumber ?? "",
        "X-Peppol-Sender": row.senderId,
        "X-Peppol-Receiver": row.receiverId,
        "X-Peppol-Document-Type": PEPPOL_DOCUMENT_TYPES[row.documentKind],
        "X-Peppol-Process": PEPPOL_PROCESS_ID,
        "X-Request-Id": row.requestId,
      },
      body,
    });
  } catch (err) {
    // the platform's text would tell an open port from a closed one: to the log only (as webhooks)
    console.error("peppol delivery failed", row.id, err);
    return { kind: "retry", status: null, error: isTimeout(err) ? "timeout" : "connection_failed" };
  }
  return classify(res);
}

/**
 * Attempts a due delivery; answers the status it was left in, or null when it was not due
 * (not pending/failed, its next attempt still ahead, or another worker claimed it first).
 */
export async function deliverPeppol(env: Env, deliveryId: string, now: number): Promise<string | null> {
  const db = database(env);
  const row = await db.select().from(peppolDeliveries).where(eq(peppolDeliveries.id, deliveryId)).get();
  if (!row || (row.status !== "pending" && row.status !== "failed")) return null;
  if (!row.nextAttemptAt || Date.parse(row.nextAttemptAt) > now) return null;
  const claim = await db
    .update(peppolDeliveries)
    // while in flight, next_attempt_at is the lease: past it, the attempt counts as lost
    .set({ status: "in_flight", attempts: row.attempts + 1, nextAttemptAt: iso(now + STUCK_AFTER_MS) })
    .where(and(eq(peppolDeliveries.id, row.id), inArray(peppolDeliveries.status, ["pending", "failed"])))
    .run();
  if (!claim.meta.changes) return null;
  const attempts = row.attempts + 1;
  const outcome = await attempt(env, row).catch((err): Outcome => {
    console.error("peppol delivery attempt threw", row.id, err);
    return { kind: "retry", status: null, error: "internal_error" };
  });
  const final = outcome.kind === "retry" && attempts >= MAX_ATTEMPTS ? { ...outcome, kind: "dead" as const } : outcome;
  const settledAt = iso(now);
  await db
    .update(peppolDeliveries)
    .set({
      status: final.kind === "retry" ? "failed" : final.kind,
      responseStatus: final.status,
      error: final.kind === "delivered" ? null : final.error,
      messageId: final.kind === "delivered" ? final.messageId : null,
      deliveredAt: final.kind === "delivered" ? settledAt : null,
      nextAttemptAt: final.kind === "retry" ? iso(now + RETRY_DELAYS_MS[attempts - 1]) : null,
      updatedAt: settledAt,
    })
    .where(and(eq(peppolDeliveries.id, row.id), eq(peppolDeliveries.status, "in_flight")));
  return final.kind === "retry" ? "failed" : final.kind;
}

/**
 * The minute sweep: in_flight rows left by a dead worker count as a failed attempt; then every
 * due row is handed to the queue (at most 500 a minute, oldest due first).
 */
export async function sweepPeppolDeliveries(env: Env, now: number): Promise<Job[]> {
  const db = database(env);
  const stuck = await db
    .select()
    .from(peppolDeliveries)
    .where(and(eq(peppolDeliveries.status, "in_flight"), lte(peppolDeliveries.nextAttemptAt, iso(now))))
    .all();
  for (const row of stuck) {
    const dead = row.attempts >= MAX_ATTEMPTS;
    await db
      .update(peppolDeliveries)
      .set({ status: dead ? "dead" : "failed", error: "attempt_lost", nextAttemptAt: dead ? null : iso(now) })
      .where(and(eq(peppolDeliveries.id, row.id), eq(peppolDeliveries.status, "in_flight")));
  }
  const due = await db
    .select({ id: peppolDeliveries.id })
    .from(peppolDeliveries)
    .where(
      and(
        or(eq(peppolDeliveries.status, "pending"), eq(peppolDeliveries.status, "failed")),
        lte(peppolDeliveries.nextAttemptAt, iso(now)),
      ),
    )
    .orderBy(sql`${peppolDeliveries.nextAttemptAt}`)
    .limit(500)
    .all();
  return due.map((d) => ({ type: "peppol.deliver", deliveryId: d.id }) as const);
}

/**
 * POST .../invoices/{id}/peppol/resend: a dead delivery is tried again, the same stored
 * document under the same X-Service-Document-Id, from attempt 1 of the schedule.
 * Rule order: NOT_FOUND (no delivery) > INVOICE_PEPPOL_RESEND_NOT_DEAD > INVOICE_PEPPOL_NO_ACCESS_POINT.
 */
export const resendPeppolDelivery: Command<{ id: string }> = async (db, input, ctx) => {
  const invoice = await loadInvoice(db, ctx.companyId, input.id);
  const row = await peppolDeliveryOf(db, invoice.id);
  if (!row) throw new ApiError("NOT_FOUND", { resource: "peppol_delivery", invoice_id: invoice.id });
  if (row.status !== "dead")
    throw new ApiError("INVOICE_PEPPOL_RESEND_NOT_DEAD", { id: row.id, status: peppolDeliveryJson(row).status });
  const { company_settings: settings } = await loadCompany(db, ctx.companyId);
  if (!settings.peppolAccessPointUrl) throw new ApiError("INVOICE_PEPPOL_NO_ACCESS_POINT", null);
  const next: PeppolDeliveryRow = {
    ...row,
    status: "pending",
    attempts: 0,
    nextAttemptAt: ctx.now,
    updatedAt: ctx.now,
  };
  return {
    status: 202,
    data: peppolDeliveryJson(next),
    statements: [
      db
        .update(peppolDeliveries)
        .set({ status: "pending", attempts: 0, nextAttemptAt: ctx.now, updatedAt: ctx.now })
        .where(and(eq(peppolDeliveries.id, row.id), eq(peppolDeliveries.status, "dead"))),
    ],
    afterCommit: [{ type: "peppol.deliver", deliveryId: row.id }],
    audit: { action: "invoice.peppol_resent", resourceType: "invoice", resourceId: invoice.id },
  };
};
