// An invoice's Peppol delivery as the API shows it (GET .../invoices/{id}?expand=peppol_delivery,
// the send's answer), and its reads; peppol-delivery.ts sends.
import { eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { peppolDeliveries } from "../../db/schema";

export type PeppolDeliveryRow = typeof peppolDeliveries.$inferSelect;

/** The delivery as the invoice shows it; in_flight is shown as pending (an attempt under way). */
export function peppolDeliveryJson(d: PeppolDeliveryRow) {
  return {
    id: d.id,
    status: d.status === "in_flight" ? ("pending" as const) : d.status,
    attempts: d.attempts,
    next_attempt_at: d.status === "pending" || d.status === "failed" ? d.nextAttemptAt : null,
    last_error: d.error,
    response_status: d.responseStatus,
    delivered_at: d.deliveredAt,
    message_id: d.messageId,
    receiver_id: d.receiverId,
    sender_id: d.senderId,
    created_at: d.createdAt,
  };
}

export async function peppolDeliveryOf(db: Database, invoiceId: string): Promise<PeppolDeliveryRow | null> {
  return (await db.select().from(peppolDeliveries).where(eq(peppolDeliveries.invoiceId, invoiceId)).get()) ?? null;
}

/** The deliveries of many invoices (expand=peppol_delivery), by invoice id. */
export async function peppolDeliveriesOf(db: Database, invoiceIds: string[]): Promise<Map<string, PeppolDeliveryRow>> {
  if (!invoiceIds.length) return new Map();
  const rows = await db.select().from(peppolDeliveries).where(inArray(peppolDeliveries.invoiceId, invoiceIds)).all();
  return new Map(rows.map((r) => [r.invoiceId, r]));
}
