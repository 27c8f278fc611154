// Which database a background job works in (issue #33). A sweep carries it: the schedule
// sends each sweep once per database. A job about one item carries it when its sender knew
// (a sweep's deliveries), else the item is looked for: the database holding its row names
// its company, and the directory that company's home (during a move the row may be in two).
import { directory, homeNames, homeOf, bindingOf } from "../db/homes";
import type { Env } from "../env";
import type { Job } from "../queue";
import { MOVE_ACTIVE, pendingMoves } from "../writer/move";

/** The table and id of the item a per-item job is about. */
function itemOf(job: Job): { table: string; id: string } | null {
  switch (job.type) {
    case "operation.run":
      return { table: "operations", id: job.operationId };
    case "webhook.deliver":
      return { table: "webhook_deliveries", id: job.deliveryId };
    case "peppol.deliver":
      return { table: "peppol_deliveries", id: job.deliveryId };
    case "bank_import.chunk":
    case "bank_import.range":
    case "bank_import.ranges_read":
      return { table: "bank_imports", id: job.importId };
    case "bank_rules.run":
      return job.importId
        ? { table: "bank_imports", id: job.importId }
        : { table: "bank_transactions", id: job.transactionIds?.[0] ?? "" };
    default:
      return null;
  }
}

/**
 * The job's database; null when its item is in none (deleted since it was sent). A job about
 * one item of a company whose books are being copied to another database waits (it throws,
 * and the queue sends it again later): what it wrote in the old home after the copy of its
 * table would not reach the new one.
 */
export async function homeOfJob(env: Env, job: Job): Promise<string | null> {
  const item = itemOf(job);
  if (!item) {
    if (!job.home) throw new Error(`job ${job.type} names no database and no item`);
    return job.home;
  }
  const names = job.home ? [job.home, ...homeNames(env).filter((n) => n !== job.home)] : homeNames(env);
  for (const name of names) {
    const row = await bindingOf(env, name)
      .prepare(`SELECT company_id FROM ${item.table} WHERE id = ?`)
      .bind(item.id)
      .first<{ company_id: string }>();
    if (!row) continue;
    const dir = directory(env);
    if ((await pendingMoves(dir, row.company_id)).some((m) => MOVE_ACTIVE.includes(m.status as never)))
      throw new Error(`company ${row.company_id} is moving; the job waits`);
    return (await homeOf(dir, row.company_id)) ?? name;
  }
  return null;
}
