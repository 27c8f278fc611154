// The backfill of a company's older entries (posted before the chain existed): one bounded
// step per command, in the company's writer like every write.
import type { Command } from "../../commands/plan";
import { backfillWrite } from "../../ledger/chain";

export const chainBackfill: Command<Record<string, never>> = async (db, _input, ctx) => {
  const step = await backfillWrite(db, ctx.state, ctx.now);
  return {
    status: 200,
    data: { chained: step.chained, done: step.done, head_seq: step.head.seq, head_hash: step.head.hash },
    statements: step.write ? [step.write] : [],
    audit: { action: "ledger.chain_backfill", resourceType: "company", resourceId: ctx.companyId },
  };
};
