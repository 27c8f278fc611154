// The mark reconciliation leaves on a bank row it linked on its own (POST .../reconciliation/
// bank/run with auto_link): reconciliation_method "auto", cleared when the link is removed.
// Statements only: the reconciliation command puts them in its own batch.
import { and, eq, inArray } from "drizzle-orm";
import type { Statement } from "../../../commands/plan";
import type { Database } from "../../../db/client";
import { bankTransactions } from "../../../db/schema";

/**
 * Marks the rows of a reconciliation link (`reconciliation_link_id`), so that bank transactions
 * counts them booked (period lock, ignore, the unbooked list); ids that are not bank rows (the
 * skattekonto's) match nothing.
 */
export function planTransactionLink(
  db: Database,
  companyId: string,
  transactionIds: string[],
  linkId: string,
  now: string,
) {
  const out: Statement[] = [];
  for (let i = 0; i < transactionIds.length; i += 90)
    out.push(
      db
        .update(bankTransactions)
        .set({ reconciliationLinkId: linkId, updatedAt: now })
        .where(
          and(eq(bankTransactions.companyId, companyId), inArray(bankTransactions.id, transactionIds.slice(i, i + 90))),
        ),
    );
  return out;
}

/** Clears the mark of a removed link from its rows. */
export function planTransactionUnlink(db: Database, companyId: string, linkId: string, now: string): Statement {
  return db
    .update(bankTransactions)
    .set({ reconciliationLinkId: null, updatedAt: now })
    .where(and(eq(bankTransactions.companyId, companyId), eq(bankTransactions.reconciliationLinkId, linkId)));
}

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
