// Accounts-receivable and supplier ledgers with aging: open items grouped by party,
// each in the bucket of its days past due, summed in SEK öre. Foreign-currency items
// are valued at their booked rate (revaluation at a closing rate is year-end work).
import { fromOre } from "../../money";
import { AGING_BUCKETS, agingBucket, daysPastDue, toSekOre, type AgingBucket } from "../../sweden/invoicing";
import type { OpenItem } from "../../db/open-items";

type Buckets = Record<AgingBucket, number>;
const zero = (): Buckets => ({ "0-30": 0, "31-60": 0, "61-90": 0, "90+": 0 });
const kronor = (b: Buckets) => Object.fromEntries(AGING_BUCKETS.map((k) => [k, fromOre(b[k])])) as Buckets;

interface PartyTotals {
  id: string;
  name: string;
  buckets: Buckets;
  notDueOre: number;
  totalOre: number;
  items: ReturnType<typeof itemJson>[];
}

function itemJson(item: OpenItem, asOf: string, sekOre: number) {
  const days = daysPastDue(item.dueDate, asOf);
  return {
    id: item.id,
    number: item.number,
    invoice_date: item.invoiceDate,
    due_date: item.dueDate,
    status: item.status,
    days_past_due: Math.max(days, 0),
    bucket: agingBucket(days),
    currency: item.currency,
    total: fromOre(item.totalOre),
    remaining_amount: fromOre(item.openOre),
    remaining_sek: fromOre(sekOre),
  };
}

/** `party` names the keys of the answer: customer (ar-ledger) or supplier (supplier-ledger). */
export function agingLedger(items: OpenItem[], asOf: string, party: "customer" | "supplier") {
  const parties = new Map<string, PartyTotals>();
  const totals = zero();
  let notDue = 0;
  for (const item of items) {
    const sek = toSekOre(item.openOre, item.exchangeRate);
    const days = daysPastDue(item.dueDate, asOf);
    const bucket = agingBucket(days);
    let p = parties.get(item.partyId);
    if (!p) {
      p = { id: item.partyId, name: item.partyName, buckets: zero(), notDueOre: 0, totalOre: 0, items: [] };
      parties.set(item.partyId, p);
    }
    p.buckets[bucket] += sek;
    p.totalOre += sek;
    totals[bucket] += sek;
    if (days < 0) {
      p.notDueOre += sek;
      notDue += sek;
    }
    p.items.push(itemJson(item, asOf, sek));
  }
  const rows = [...parties.values()].map((p) => ({
    [`${party}_id`]: p.id,
    [`${party}_name`]: p.name,
    buckets: kronor(p.buckets),
    not_yet_due: fromOre(p.notDueOre),
    total: fromOre(p.totalOre),
    invoices: p.items,
  }));
  return {
    as_of_date: asOf,
    currency: "SEK",
    buckets: [...AGING_BUCKETS],
    [`${party}s`]: rows,
    totals: {
      buckets: kronor(totals),
      not_yet_due: fromOre(notDue),
      total: fromOre(AGING_BUCKETS.reduce((s, k) => s + totals[k], 0)),
      invoice_count: items.length,
    },
  };
}
