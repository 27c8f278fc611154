// What the outbox's retention asks of the webhooks: whether a delivery of an event may
// still be sent. The outbox (src/commands) owns the events and deletes them; this module
// owns the deliveries and states the condition, handed to it by the composition root.
import { and, exists, type SQL, sql, type SQLWrapper } from "drizzle-orm";
import type { Database } from "../../db/client";
import { webhookDeliveries } from "../../db/schema";

/**
 * The states in which a delivery may still be sent: pending, in flight, failed and waiting for
 * its retry. A delivery whose webhook was deleted (webhook_id null) is never sent again, so it
 * holds nothing; one of a disabled webhook is sent when the webhook is enabled again, so it does.
 * The partial index deliveries_open_event_idx (src/db/schema.ts) holds exactly these rows; the
 * condition is written as its WHERE is, with literals, not bound values: SQLite uses a partial
 * index only for a query whose condition it can see implies the index's.
 */
const OPEN_DELIVERY = sql`${webhookDeliveries.status} IN ('pending', 'in_flight', 'failed') AND ${webhookDeliveries.webhookId} IS NOT NULL`;

/** True where the event (a column of the outer query) has a delivery that may still be sent. */
export function hasOpenDelivery(db: Database, eventId: SQLWrapper): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(webhookDeliveries)
      .where(and(sql`${webhookDeliveries.eventId} = ${eventId}`, OPEN_DELIVERY)),
  );
}
