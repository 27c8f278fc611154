// Year-end currency revaluation of open foreign-currency payables (BAS 2440), asked
// for by the fiscal-periods domain through index.ts: which supplier invoices are open
// and what they are booked at, and the new book value once re-rated. After it, the
// invoice's exchange_rate and total_sek are its book values, so the settlement computes
// a later payment's currency difference from the revalued amount.
import { and, eq, sql } from "drizzle-orm";
import type { Statement } from "../../commands/plan";
import type { Database } from "../../db/client";
import { supplierInvoices } from "../../db/schema";

export interface RevaluablePayable {
  id: string;
  number: string;
  currency: string;
  /** still owed, in the invoice currency */
  openOre: number;
  /** what the open amount is booked at on 2440, SEK öre */
  bookedSekOre: number;
}

/** Registered on 2440 (accrual), open, not SEK, dated on or before `asOf`, nothing credited yet. */
export async function foreignPayablesToRevalue(
  db: Database,
  companyId: string,
  asOf: string,
): Promise<RevaluablePayable[]> {
  const rows = await db.all<{ id: string; number: string; currency: string; open: number; booked: number }>(sql`
    SELECT si.id, si.supplier_invoice_number AS number, si.currency,
           si.total_ore - si.paid_ore - si.credited_ore AS open,
           si.total_sek_ore - COALESCE((SELECT SUM(p.amount_sek_ore) FROM supplier_invoice_payments p WHERE p.supplier_invoice_id = si.id AND p.reversed_at IS NULL), 0) AS booked
    FROM supplier_invoices si
    WHERE si.company_id = ${companyId} AND si.is_credit_note = 0
      AND si.status IN ('registered', 'approved', 'partially_paid', 'overdue', 'disputed') AND si.currency <> 'SEK'
      AND si.registration_journal_entry_id IS NOT NULL AND si.credited_ore = 0
      AND si.invoice_date <= ${asOf}
    ORDER BY si.invoice_date, si.arrival_number`);
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

/** The supplier invoices' new book values: the closing rate, and the SEK total moved by the revaluation's difference. */
export function planPayableBookValues(
  db: Database,
  companyId: string,
  items: { id: string; rate: string; deltaSekOre: number }[],
  now: string,
): Statement[] {
  return items.map((i) =>
    db
      .update(supplierInvoices)
      .set({
        exchangeRate: i.rate,
        totalSekOre: sql`${supplierInvoices.totalSekOre} + ${i.deltaSekOre}`,
        updatedAt: now,
      })
      .where(and(eq(supplierInvoices.companyId, companyId), eq(supplierInvoices.id, i.id))),
  );
}
