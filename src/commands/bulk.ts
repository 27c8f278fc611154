// Bulk create (spec: at most 50 items, partial success). Each item is validated and
// planned on its own; the statements of the items that passed commit together in the
// command's one batch, and the response reports every item by its request_index.
// When every item is refused the plan is `unchanged`: no audit row, no event.
import type { z } from "@hono/zod-openapi";
import { ApiError } from "../errors/api-error";
import type { PlannedEvent, PlannedWrite } from "./plan";

export const BULK_LIMIT = 50;

export interface ItemPlan {
  data: unknown;
  statements: PlannedWrite[];
  events?: PlannedEvent[];
}

export type BulkResult =
  | { ok: true; request_index: number; data: unknown }
  | { ok: false; request_index: number; error: { code: string; message: string; details: unknown } };

export function refuseAllOrNothing(allOrNothing: boolean | undefined): void {
  if (allOrNothing) {
    throw new ApiError(
      "NOT_IMPLEMENTED",
      { parameter: "all_or_nothing" },
      "all_or_nothing is not supported; items succeed or fail one by one.",
    );
  }
}

export async function planBulk<T>(
  items: unknown[],
  schema: z.ZodType<T>,
  planOne: (input: T, index: number) => Promise<ItemPlan>,
) {
  const results: BulkResult[] = [];
  const statements: PlannedWrite[] = [];
  const events: PlannedEvent[] = [];
  for (const [index, raw] of items.entries()) {
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      const fields = parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
      results.push({
        ok: false,
        request_index: index,
        error: { code: "VALIDATION_ERROR", message: fields[0]?.message ?? "invalid item", details: { fields } },
      });
      continue;
    }
    try {
      const plan = await planOne(parsed.data, index);
      statements.push(...plan.statements);
      events.push(...(plan.events ?? []));
      results.push({ ok: true, request_index: index, data: plan.data });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      results.push({
        ok: false,
        request_index: index,
        error: { code: err.code, message: err.message, details: err.details },
      });
    }
  }
  const succeeded = results.filter((r) => r.ok).length;
  // Every item refused: nothing was written, so the command records no audit row (Plan.unchanged).
  return {
    data: { results, summary: { total: results.length, succeeded, failed: results.length - succeeded } },
    statements,
    events,
    unchanged: succeeded === 0,
  };
}
