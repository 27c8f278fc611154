// The commit path's floor (bench/commit.mjs): the raw D1 batch a commit makes (an entry,
// three lines, three balance upserts, src/ledger/commit-floor.ts), run `count` times in a
// row inside the Worker, so the benchmark can print the platform's own rate beside the
// API's. Body: { company_id, fiscal_period_id, entry_date, first_number, count }; the
// company is a throwaway one the benchmark made, its entries are in series Z.
import type { Hono } from "hono";
import type { AppEnv } from "./context";
import { rawCommitBatch } from "../ledger/commit-floor";
import { homeBindingOf } from "../db/homes";

export function commitFloor(floors: Hono<AppEnv>) {
  floors.post("/commit-batch", async function commitBatchFloor(c) {
    const body = (await c.req.json()) as {
      company_id: string;
      fiscal_period_id: string;
      entry_date: string;
      first_number: number;
      count?: number;
    };
    const count = Math.max(1, Math.min(10_000, Number(body.count) || 1));
    const d1 = await homeBindingOf(c.env, body.company_id);
    const t0 = performance.now();
    for (let i = 0; i < count; i++) {
      const [first, ...rest] = rawCommitBatch(
        d1,
        body.company_id,
        body.fiscal_period_id,
        body.entry_date,
        Number(body.first_number) + i,
      );
      await d1.batch([first, ...rest]);
    }
    return c.json({ batches: count, ms: performance.now() - t0 });
  });
}
