// A bank row whose payment was booked elsewhere (an invoice's mark-paid, a salary run) and that
// the reconciliation links to that entry is booked (issue #29, item 8): the period lock does not
// count it, ignore refuses it, categorize refuses to book it a second time. Suggestions never
// propose a paid or credited document (item 9).
import { describe, expect, it } from "vitest";
import { call, companyFixture, write } from "../helpers";

const co = companyFixture({
  name: "Betalt AB",
  first_fiscal_year: { start_date: "2025-01-01", end_date: "2025-12-31" },
});
const url = (p: string) => `/api/v1/companies/${co.companyId}${p}`;
let seq = 0;

async function ingest(amount: number, date: string, description: string, extra: Record<string, unknown> = {}) {
  const res = await write(co.actor.key, "POST", url("/transactions/ingest"), {
    transactions: [{ external_id: `p-${++seq}-${Date.now()}`, date, description, amount, ...extra }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.transaction_ids[0] as string;
}

/** A sent invoice of unitPrice + 25 % VAT, dated 2025-03-01. */
async function sentInvoice(unitPrice: number) {
  const cust = await write(co.actor.key, "POST", url("/customers"), {
    name: `Kunden ${++seq} AB`,
    customer_type: "swedish_business",
    default_payment_terms: 30,
  });
  const created = await write(co.actor.key, "POST", url("/invoices"), {
    customer_id: cust.body.data.id,
    invoice_date: "2025-03-01",
    items: [{ description: "Konsult", quantity: 1, unit_price: unitPrice, vat_rate: 0.25 }],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const sent = await write(co.actor.key, "POST", url(`/invoices/${created.body.data.id}/mark-sent`));
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return sent.body.data;
}

const tx = async (id: string) => (await call("GET", url(`/transactions/${id}`), { key: co.actor.key })).body.data;

/** The 1930 line of an entry, as the reconciliation's ledger item. */
async function ledgerItemOf(entryId: string) {
  const res = await call("GET", url("/reconciliation/accounts/bank:1930/items?date_to=2025-03-31"), {
    key: co.actor.key,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const item = res.body.data.items.find((i: any) => i.side === "ledger" && i.journal_entry_id === entryId);
  expect(item, JSON.stringify(res.body.data.items)).toBeDefined();
  return item.item_id as string;
}

const link = async (rowId: string, lineId: string) => {
  const res = await write(co.actor.key, "POST", url("/reconciliation/accounts/bank:1930/links"), {
    pairs: [{ external_item_ids: [rowId], ledger_item_ids: [lineId] }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.links[0].link_id as string;
};

describe("a bank row linked to a payment booked elsewhere", () => {
  let rowId = "";
  it("is booked: the period locks, ignore and categorize refuse it; unlinked it counts again", async () => {
    const inv = await sentInvoice(1000);
    const paid = await write(co.actor.key, "POST", url(`/invoices/${inv.id}/mark-paid`), {
      payment_date: "2025-03-10",
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    rowId = await ingest(1250, "2025-03-11", "Inbetalning Kunden AB");
    const lineId = await ledgerItemOf(paid.body.data.journal_entry_id);
    const linkId = await link(rowId, lineId);

    expect(await tx(rowId)).toMatchObject({ status: "booked", reconciliation_link_id: linkId, journal_entry_id: null });
    const unbooked = await call("GET", url("/transactions?status=unbooked"), { key: co.actor.key });
    expect(unbooked.body.data.map((r: any) => r.id)).not.toContain(rowId);
    const booked = await call("GET", url("/transactions?status=booked"), { key: co.actor.key });
    expect(booked.body.data.map((r: any) => r.id)).toContain(rowId);

    const ignore = await write(co.actor.key, "POST", url(`/transactions/${rowId}/ignore`));
    expect(ignore.status).toBe(409);
    expect(ignore.body.error).toMatchObject({
      code: "TX_IGNORE_ALREADY_BOOKED",
      details: { transaction_id: rowId, reconciliation_link_id: linkId },
    });
    const again = await write(co.actor.key, "POST", url(`/transactions/${rowId}/categorize`), {
      account_override: "3001",
      vat_treatment: "standard_25",
    });
    expect(again.status).toBe(409);
    expect(again.body.error.details).toMatchObject({ reason: "linked_by_reconciliation", link_id: linkId });
    expect((await tx(rowId)).is_ignored).toBe(false);

    // unlinked, the row is unbooked again and stops the lock
    const lock = () => write(co.actor.key, "POST", url(`/fiscal-periods/${co.periodId}/lock`));
    expect(
      (await write(co.actor.key, "DELETE", url(`/reconciliation/accounts/bank:1930/links/${linkId}`))).status,
    ).toBe(200);
    expect(await tx(rowId)).toMatchObject({ status: "unbooked", reconciliation_link_id: null });
    const refused = await lock();
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: "PERIOD_HAS_UNBOOKED_TRANSACTIONS", details: { count: 1 } });

    // linked again: nothing is unbooked, the period locks
    await link(rowId, lineId);
    const locked = await lock();
    expect(locked.status, JSON.stringify(locked.body)).toBe(200);
    expect(locked.body.data.locked_at).toBeTruthy();
  });
});
