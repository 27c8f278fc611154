// What other domains ask of bank transactions, handed to them by the composition root
// (src/app/commands.ts), so that invoices and fiscal periods import nothing of this one.
import type { Database } from "../../../db/client";
import { fromOre } from "../../../money";
import { countUnbookedTransactions, unlinkedInbound } from "../queries";
import { hasWord } from "./rules";
import { addDays } from "../../../sweden/fiscal-year";

/** The invoice a mark-paid is about, as much of it as the guard needs. */
export interface PaidInvoice {
  id: string;
  invoice_number: string | null;
  invoice_date: string;
  currency: string;
  remaining_amount: number;
  ocr_number?: string | null;
}

/**
 * Unlinked inbound transactions that look like this invoice's payment (spec: mark-paid,
 * INVOICE_PAID_LIKELY_DUPLICATE): dated on or after the invoice date, and either of the
 * remaining amount in the invoice's currency, or naming its number or OCR reference.
 */
export async function likelyInvoicePayments(db: Database, companyId: string, inv: PaidInvoice) {
  const found = new Map<
    string,
    { transaction_id: string; date: string; amount: number; currency: string; description: string; reason: string }
  >();
  const add = (rows: Awaited<ReturnType<typeof unlinkedInbound>>, reason: string) => {
    for (const r of rows)
      if (!found.has(r.id))
        found.set(r.id, {
          transaction_id: r.id,
          date: r.date,
          amount: fromOre(r.amountOre),
          currency: r.currency,
          description: r.description,
          reason,
        });
  };
  for (const ref of [inv.ocr_number, inv.invoice_number].filter((r): r is string => !!r && r.length >= 2)) {
    const rows = await unlinkedInbound(db, companyId, { text: ref, from: inv.invoice_date });
    add(
      rows.filter((r) => r.ocrReferences.includes(ref) || hasWord(`${r.description} ${r.reference ?? ""}`, ref)),
      "reference",
    );
  }
  add(
    await unlinkedInbound(db, companyId, {
      amountOre: Math.round(inv.remaining_amount * 100),
      currency: inv.currency,
      from: inv.invoice_date,
    }),
    "amount",
  );
  return [...found.values()];
}

/**
 * The unbooked outgoing rows that may have paid a receipt (issue #43): the receipt's total out, in
 * its currency (or as the row's foreign amount), dated within `days` of the receipt's date either
 * side (a card payment settles a day or three later), the nearest date first.
 */
export async function likelyReceiptPayments(
  db: Database,
  companyId: string,
  receipt: { total_ore: number; currency: string; date: string; days: number },
) {
  const rows = await unlinkedInbound(db, companyId, {
    amountOre: -receipt.total_ore,
    currency: receipt.currency,
    from: addDays(receipt.date, -receipt.days),
    to: addDays(receipt.date, receipt.days),
    outflow: true,
  });
  const distance = (d: string) => Math.abs(Date.parse(d) - Date.parse(receipt.date));
  return rows
    .sort((a, b) => distance(a.date) - distance(b.date))
    .map((r) => ({
      transaction_id: r.id,
      date: r.date,
      amount: fromOre(r.amountOre),
      currency: r.currency,
      description: r.description,
      reason: "amount_and_date",
    }));
}

/** How many transactions dated in from..to still need a booking (spec: lock, PERIOD_HAS_UNBOOKED_TRANSACTIONS). */
export const unbookedTransactionsIn = countUnbookedTransactions;
