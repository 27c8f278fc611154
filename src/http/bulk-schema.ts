import { z } from "@hono/zod-openapi";

/** The response of every bulk-create route (spec: results[] and summary). */
export function BatchResultSchemaOf<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    results: z.array(
      z.object({
        ok: z.boolean(),
        request_index: z.number(),
        data: item.optional(),
        error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }).optional(),
      }),
    ),
    summary: z.object({ total: z.number(), succeeded: z.number(), failed: z.number() }),
  });
}
