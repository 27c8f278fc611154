// A bank row whose payment was booked elsewhere (an invoice's mark-paid, a salary run) and that
// the reconciliation links to that entry is booked (issue #29, item 8): the period lock does not
// count it, ignore refuses it, categorize refuses to book it a second time. Suggestions never
// propose a paid or credited document (item 9).
import { beforeEach, describe, expect, it } from "vitest";
import { call, companyFixture, write } from "../helpers";

const co = companyFixture({
  name: "Betalt AB",
  first_fiscal_year: { start_date: "2025-01-01", end_date: "2025-12-31" },
});
// the suggestions' company: the first one's period ends locked
const sc = companyFixture({
  name: "Förslag AB",
  first_fiscal_year: { start_date: "2025-01-01", end_date: "2025-12-31" },
});
type Co = typeof co;
let cur: Co = co;
const url = (p: string) => `/api/v1/companies/${cur.companyId}${p}`;
let seq = 0;

async function ingest(amount: number, date: string, description: string, extra: Record<string, unknown> = {}) {
  const res = await write(cur.actor.key, "POST", url("/transactions/ingest"), {
    transactions: [{ external_id: `p-${++seq}-${Date.now()}`, date, description, amount, ...extra }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.transaction_ids[0] as string;
}

/** A sent invoice of unitPrice + 25 % VAT, dated 2025-03-01. */
async function sentInvoice(unitPrice: number) {
  const cust = await write(cur.actor.key, "POST", url("/customers"), {
    name: `Kunden ${++seq} AB`,
    customer_type: "swedish_business",
    default_payment_terms: 30,
  });
  const created = await write(cur.actor.key, "POST", url("/invoices"), {
    customer_id: cust.body.data.id,
    invoice_date: "2025-03-01",
    items: [{ description: "Konsult", quantity: 1, unit_price: unitPrice, vat_rate: 0.25 }],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const sent = await write(cur.actor.key, "POST", url(`/invoices/${created.body.data.id}/mark-sent`));
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return sent.body.data;
}

const tx = async (id: string) => (await call("GET", url(`/transactions/${id}`), { key: cur.actor.key })).body.data;

/** The 1930 line of an entry, as the reconciliation's ledger item. */
async function ledgerItemOf(entryId: string) {
  const res = await call("GET", url("/reconciliation/accounts/bank:1930/items?date_to=2025-03-31"), {
    key: cur.actor.key,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const item = res.body.data.items.find((i: any) => i.side === "ledger" && i.journal_entry_id === entryId);
  expect(item, JSON.stringify(res.body.data.items)).toBeDefined();
  return item.item_id as string;
}

const link = async (rowId: string, lineId: string) => {
  const res = await write(cur.actor.key, "POST", url("/reconciliation/accounts/bank:1930/links"), {
    pairs: [{ external_item_ids: [rowId], ledger_item_ids: [lineId] }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.links[0].link_id as string;
};

describe("a bank row linked to a payment booked elsewhere", () => {
  beforeEach(() => {
    cur = co;
  });
  let rowId = "";
  it("is booked: the period locks, ignore and categorize refuse it; unlinked it counts again", async () => {
    const inv = await sentInvoice(1000);
    const paid = await write(cur.actor.key, "POST", url(`/invoices/${inv.id}/mark-paid`), {
      payment_date: "2025-03-10",
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    rowId = await ingest(1250, "2025-03-11", "Inbetalning Kunden AB");
    const lineId = await ledgerItemOf(paid.body.data.journal_entry_id);
    const linkId = await link(rowId, lineId);

    expect(await tx(rowId)).toMatchObject({ status: "booked", reconciliation_link_id: linkId, journal_entry_id: null });
    const unbooked = await call("GET", url("/transactions?status=unbooked"), { key: cur.actor.key });
    expect(unbooked.body.data.map((r: any) => r.id)).not.toContain(rowId);
    const booked = await call("GET", url("/transactions?status=booked"), { key: cur.actor.key });
    expect(booked.body.data.map((r: any) => r.id)).toContain(rowId);

    const ignore = await write(cur.actor.key, "POST", url(`/transactions/${rowId}/ignore`));
    expect(ignore.status).toBe(409);
    expect(ignore.body.error).toMatchObject({
      code: "TX_IGNORE_ALREADY_BOOKED",
      details: { transaction_id: rowId, reconciliation_link_id: linkId },
    });
    const again = await write(cur.actor.key, "POST", url(`/transactions/${rowId}/categorize`), {
      account_override: "3001",
      vat_treatment: "standard_25",
    });
    expect(again.status).toBe(409);
    expect(again.body.error.details).toMatchObject({ reason: "linked_by_reconciliation", link_id: linkId });
    expect((await tx(rowId)).is_ignored).toBe(false);

    // unlinked, the row is unbooked again and stops the lock
    const lock = () => write(cur.actor.key, "POST", url(`/fiscal-periods/${cur.periodId}/lock`));
    expect(
      (await write(cur.actor.key, "DELETE", url(`/reconciliation/accounts/bank:1930/links/${linkId}`))).status,
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

async function supplierInvoice(number: string, amount = 1000) {
  const sup = await write(cur.actor.key, "POST", url("/suppliers"), {
    name: `Lev ${number}`,
    supplier_type: "swedish_business",
    default_expense_account: "4010",
  });
  const res = await write(cur.actor.key, "POST", url("/supplier-invoices"), {
    supplier_id: sup.body.data.id,
    supplier_invoice_number: number,
    invoice_date: "2025-03-01",
    items: [{ amount, vat_rate: 0.25 }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

const suggest = async (id: string) => {
  const res = await call("POST", url(`/transactions/${id}/suggest-categories`), { key: cur.actor.key });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { suggestions: any[]; settled_documents: any[] };
};

describe("suggest-categories never proposes a paid or credited document", () => {
  beforeEach(() => {
    cur = sc;
  });

  it("an invoice paid by mark-paid, then its bank row of the same amount and OCR: neither it nor its twin", async () => {
    const inv = await sentInvoice(4000);
    // an open invoice of the same amount: not this row's invoice, as the row names the paid one
    const twin = await sentInvoice(4000);
    const paid = await write(cur.actor.key, "POST", url(`/invoices/${inv.id}/mark-paid`), {
      payment_date: "2025-03-12",
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const row = await ingest(5000, "2025-03-12", `Inbetalning ${inv.invoice_number}`, {
      reference: inv.ocr_number,
      reference_type: "ocr",
    });
    const res = await suggest(row);
    expect(res.suggestions.filter((s: any) => s.invoice_id)).toEqual([]);
    expect(res.settled_documents).toEqual([{ invoice_id: inv.id, number: inv.invoice_number, status: "paid" }]);

    // a row of the same amount that names nothing: the open twin is offered, never the paid one
    const plain = await ingest(5000, "2025-03-13", "Inbetalning");
    const offered = await suggest(plain);
    expect(offered.suggestions.filter((s: any) => s.invoice_id).map((s: any) => [s.invoice_id, s.confidence])).toEqual([
      [twin.id, 0.75],
    ]);
    expect(offered.settled_documents).toEqual([]);
  });

  it("a supplier invoice paid by mark-paid, then its bank row naming it: no other one of its amount", async () => {
    const a = await supplierInvoice("LF-100");
    const b = await supplierInvoice("LF-200");
    await supplierInvoice("LF-300");
    const paid = await write(cur.actor.key, "POST", url(`/supplier-invoices/${a.id}/mark-paid`), {
      payment_date: "2025-03-12",
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const row = await ingest(-1250, "2025-03-12", "Betalning LF-100");
    const res = await suggest(row);
    expect(res.suggestions.filter((s: any) => s.supplier_invoice_id)).toEqual([]);
    expect(res.settled_documents).toEqual([{ supplier_invoice_id: a.id, number: "LF-100", status: "paid" }]);
    // naming an open one still offers it
    const other = await ingest(-1250, "2025-03-14", "Betalning LF-200");
    const named = await suggest(other);
    expect(named.suggestions[0]).toMatchObject({ supplier_invoice_id: b.id, confidence: 0.97 });
  });
});
