// Year-end currency revaluation of open foreign-currency receivables (BAS 1510), asked
// for by the fiscal-periods domain through index.ts: which invoices are open and what
// they are booked at, and the new book value once re-rated. After it, the invoice's
// exchange_rate and total_sek are its book values, so the settlement computes a later
// payment's currency difference from the revalued amount.
import { and, eq, sql } from "drizzle-orm";
import type { Statement } from "../../commands/plan";
import type { Database } from "../../db/client";
import { invoices } from "../../db/schema";

export interface RevaluableItem {
  id: string;
  number: string;
  currency: string;
  /** still owed, in the invoice currency */
  openOre: number;
  /** what the open amount is booked at on 1510, SEK öre */
  bookedSekOre: number;
}

/**
 * Booked (accrual or self-billed), open, not SEK, issued on or before `asOf`, nothing
 * credited yet. Credit notes credit the whole invoice, so a credited one is not open.
 */
export async function foreignReceivablesToRevalue(
  db: Database,
  companyId: string,
  asOf: string,
): Promise<RevaluableItem[]> {
  const rows = await db.all<{ id: string; number: string; currency: string; open: number; booked: number }>(sql`
    SELECT i.id, COALESCE(i.invoice_number, i.id) AS number, i.currency,
           i.total_ore - i.paid_ore - i.credited_ore AS open,
           i.total_sek_ore - COALESCE((SELECT SUM(p.amount_sek_ore) FROM invoice_payments p WHERE p.invoice_id = i.id AND p.reversed_at IS NULL), 0) AS booked
    FROM invoices i
    WHERE i.company_id = ${companyId} AND i.is_credit_note = 0 AND i.document_type = 'invoice'
      AND i.status IN ('sent', 'partially_paid', 'overdue') AND i.currency <> 'SEK'
      AND i.journal_entry_id IS NOT NULL AND i.total_sek_ore IS NOT NULL AND i.credited_ore = 0
      AND i.invoice_date <= ${asOf}
    ORDER BY i.invoice_date, number`);
  return rows
    .map((r) => ({
      id: r.id,
      number: r.number,
      currency: r.currency,
      openOre: Number(r.open),
      bookedSekOre: Number(r.booked),
    }))
    .filter((r) => r.openOre > 0);
}

/** The invoices' new book values: the closing rate, and the SEK total moved by the revaluation's difference. */
export function planReceivableBookValues(
  db: Database,
  companyId: string,
  items: { id: string; rate: string; deltaSekOre: number }[],
  now: string,
): Statement[] {
  return items.map((i) =>
    db
      .update(invoices)
      .set({ exchangeRate: i.rate, totalSekOre: sql`${invoices.totalSekOre} + ${i.deltaSekOre}`, updatedAt: now })
      .where(and(eq(invoices.companyId, companyId), eq(invoices.id, i.id))),
  );
}
