// What the webhook routes take; the commands' input types are inferred from these.
import { z } from "@hono/zod-openapi";
import { SUBSCRIBABLE_EVENTS } from "./events";

export const WebhookCreateSchema = z.object({
  event_type: z.enum(SUBSCRIBABLE_EVENTS),
  webhook_url: z.string().max(2000),
  name: z.string().trim().min(1).max(200),
  description: z.string().max(1000).nullish(),
});
export const WebhookPatchSchema = z
  .object({
    webhook_url: z.string().max(2000).optional(),
    name: z.string().trim().min(1).max(200).optional(),
    description: z.string().max(1000).nullish(),
    active: z.boolean().optional(),
  })
  .strict();

export type WebhookCreateInput = z.infer<typeof WebhookCreateSchema>;
export type WebhookPatchInput = z.infer<typeof WebhookPatchSchema>;
