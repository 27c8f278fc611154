// Turns committed events into delivery rows for the company's active webhooks.
import { and, eq } from "drizzle-orm";
import type { StateSection } from "../../writer/company-state";
import type { CommandContext, PlannedEvent, Statement } from "../../commands/plan";
import type { Database } from "../../db/client";
import { webhookDeliveries, webhooks } from "../../db/schema";
import { newId } from "../../ids";
import type { Job } from "../../queue";
import { shapePayload } from "./payload";

/**
 * The company's active webhooks as the fan-out needs them, held by the company's writer
 * (src/writer/company-state.ts) and dropped after any batch that writes webhooks; the
 * delivery job, which disables a webhook outside a command, tells the writer to forget.
 */
export const ACTIVE_WEBHOOKS: StateSection<{ id: string; eventType: string; apiVersionPinned: string }[]> = {
  name: "webhooks.active",
  tables: ["webhooks"],
  reads: (db, companyId) => [
    db
      .select({ id: webhooks.id, eventType: webhooks.eventType, apiVersionPinned: webhooks.apiVersionPinned })
      .from(webhooks)
      .where(and(eq(webhooks.companyId, companyId), eq(webhooks.active, true))),
  ],
  build: ([rows]) => rows as { id: string; eventType: string; apiVersionPinned: string }[],
};

export async function planDeliveries(
  db: Database,
  ctx: CommandContext,
  events: (PlannedEvent & { id: string })[],
): Promise<{ statements: Statement[]; jobs: Job[] }> {
  if (!events.length) return { statements: [], jobs: [] };
  const hooks = await ctx.state.get(ACTIVE_WEBHOOKS);
  const statements: Statement[] = [];
  const jobs: Job[] = [];
  const created = Math.floor(Date.parse(ctx.now) / 1000);
  for (const ev of events) {
    for (const hook of hooks.filter((h) => h.eventType === ev.type)) {
      const id = newId();
      statements.push(
        db.insert(webhookDeliveries).values({
          id,
          companyId: ctx.companyId,
          webhookId: hook.id,
          eventId: ev.id,
          eventType: ev.type,
          status: "pending",
          attempts: 0,
          nextAttemptAt: ctx.now,
          requestId: ctx.requestId,
          payload: shapePayload(hook.apiVersionPinned, id, {
            type: ev.type,
            created,
            object: ev.object,
            previousAttributes: ev.previousAttributes ?? null,
          }),
          createdAt: ctx.now,
        }),
      );
      jobs.push({ type: "webhook.deliver", deliveryId: id });
    }
  }
  return { statements, jobs };
}
