// The mark reconciliation leaves on a bank row it linked on its own (POST .../reconciliation/
// bank/run with auto_link): reconciliation_method "auto", cleared when the link is removed.
// Statements only: the reconciliation command puts them in its own batch.
import { and, eq, inArray } from "drizzle-orm";
import type { Statement } from "../../commands/plan";
import type { Database } from "../../db/client";
import { bankTransactions } from "../../db/schema";

/** Sets (method) or clears (null) reconciliation_method on unbooked rows; a booked row keeps its own method. */
export function planReconciliationMethod(
  db: Database,
  companyId: string,
  transactionIds: string[],
  method: "auto" | null,
  now: string,
): Statement[] {
  const out: Statement[] = [];
  for (let i = 0; i < transactionIds.length; i += 90) {
    const ids = transactionIds.slice(i, i + 90);
    out.push(
      db
        .update(bankTransactions)
        .set({ reconciliationMethod: method, updatedAt: now })
        .where(
          and(
            eq(bankTransactions.companyId, companyId),
            inArray(bankTransactions.id, ids),
            method === null ? eq(bankTransactions.reconciliationMethod, "auto") : eq(bankTransactions.isIgnored, false),
          ),
        ),
    );
  }
  return out;
}
