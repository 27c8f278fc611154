// A refund paid out after a credit note left an invoice overpaid (issue #29 item 17, spec:
// invoices/credit "Cash: row created, reversal deferred until refund"). Under the cash
// method the refund is where revenue and VAT go back; under accrual it settles 1510.
// Against the books: trial-balance closings of 1510, 1930, 3001 and 2611.
import { describe, expect, it } from "vitest";
import { call, companyFixture, day, write, yearAroundToday } from "../helpers";

const cash = companyFixture({ name: "Kontant Återbetalning AB", accounting_method: "cash", ...yearAroundToday() });
const accrual = companyFixture({ name: "Faktura Återbetalning AB", ...yearAroundToday() });
type Co = typeof cash;
const url = (c: Co, p: string) => `/api/v1/companies/${c.companyId}${p}`;
const get = async (c: Co, p: string) => (await call("GET", url(c, p), { key: c.actor.key })).body.data;
const post = (c: Co, p: string, body?: unknown) => write(c.actor.key, "POST", url(c, p), body);
async function books(c: Co) {
  const tb = await get(c, `/reports/trial-balance?period_id=${c.periodId}`);
  expect(tb.balanced).toBe(true);
  const at = (a: string) => tb.accounts.find((x: any) => x.account_number === a)?.closing_balance ?? 0;
  return { b1510: at("1510"), b1930: at("1930"), b3001: at("3001"), b2611: at("2611") };
}

/** 1 000 + 25 % VAT = 1 250, sent. */
async function sentInvoice(c: Co) {
  const cust = await post(c, "/customers", { name: "Kund AB", customer_type: "swedish_business" });
  const inv = await post(c, "/invoices", {
    customer_id: cust.body.data.id,
    invoice_date: day(-10),
    items: [{ description: "Konsult", quantity: 1, unit_price: 1000, vat_rate: 0.25 }],
  });
  expect(inv.status).toBe(201);
  expect((await post(c, `/invoices/${inv.body.data.id}/mark-sent`, {})).status).toBe(200);
  return inv.body.data.id as string;
}
const pay = (c: Co, id: string, amount: number) =>
  post(c, `/invoices/${id}/mark-paid`, { payment_date: day(-8), amount }).then((r) => {
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  });
const credit = (c: Co, id: string) =>
  post(c, `/invoices/${id}/credit`, { reason: "fel pris", credit_date: day(-6) }).then((r) => {
    expect(r.status, JSON.stringify(r.body)).toBe(201);
  });

describe("refund of a cash-method credit note", () => {
  it("books the reversal of revenue and VAT when the refund is paid, not at the credit", async () => {
    const before = await books(cash);
    const id = await sentInvoice(cash);
    await pay(cash, id, 1250);
    await credit(cash, id);
    // the credit note booked nothing: revenue and VAT still stand, the money is still in the bank
    const credited = await books(cash);
    expect(credited.b3001 - before.b3001).toBe(-1000);
    expect(credited.b2611 - before.b2611).toBe(-250);
    expect((await get(cash, `/invoices/${id}`)).remaining_amount).toBe(-1250);

    const res = await post(cash, `/invoices/${id}/refund`, { refund_date: day(-4) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ refund_amount: 1250, paid_amount: 0, remaining_amount: 0 });
    const entry = await get(cash, `/journal-entries/${res.body.data.journal_entry_id}`);
    expect(entry.entry_date).toBe(day(-4));
    const lines = Object.fromEntries(
      entry.lines.map((l: any) => [l.account_number, [l.debit_amount, l.credit_amount]]),
    );
    expect(lines).toEqual({ "3001": [1000, 0], "2611": [250, 0], "1930": [0, 1250] });
    expect(await books(cash)).toEqual(before);
  });

  it("takes back exactly what a partial payment booked, over two refunds", async () => {
    const before = await books(cash);
    const id = await sentInvoice(cash);
    await pay(cash, id, 1000); // books 800 revenue and 200 VAT
    await credit(cash, id); // remaining -1 000
    const first = await post(cash, `/invoices/${id}/refund`, { amount: 400.01, refund_date: day(-4) });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.remaining_amount).toBe(-599.99);
    const rest = await post(cash, `/invoices/${id}/refund`, { refund_date: day(-3) });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(rest.body.data).toMatchObject({ refund_amount: 599.99, remaining_amount: 0, paid_amount: 0 });
    expect(await books(cash)).toEqual(before);
    // nothing more owed
    const again = await post(cash, `/invoices/${id}/refund`, {});
    expect([again.status, again.body.error.code]).toEqual([400, "VALIDATION_ERROR"]);
  });
});

describe("refund under the accrual method", () => {
  it("settles 1510 only: the credit note already took revenue and VAT back", async () => {
    const before = await books(accrual);
    const id = await sentInvoice(accrual);
    await pay(accrual, id, 1250);
    await credit(accrual, id);
    const credited = await books(accrual);
    expect(credited.b1510 - before.b1510).toBe(-1250);
    expect(credited.b3001).toBe(before.b3001);
    const res = await post(accrual, `/invoices/${id}/refund`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const entry = await get(accrual, `/journal-entries/${res.body.data.journal_entry_id}`);
    const lines = Object.fromEntries(
      entry.lines.map((l: any) => [l.account_number, [l.debit_amount, l.credit_amount]]),
    );
    expect(lines).toEqual({ "1510": [1250, 0], "1930": [0, 1250] });
    expect(await books(accrual)).toEqual(before);
    // a refund booked by mistake is reversed as a payment: the refund is owed again
    const undo = await post(accrual, `/invoices/${id}/payments/${res.body.data.refund_id}/reverse`, {});
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    expect(undo.body.data).toMatchObject({ paid_amount: 1250, remaining_amount: -1250 });
    expect(await books(accrual)).toEqual(credited);
  });

  it("refuses without a refund owed, or above it, changing nothing", async () => {
    const id = await sentInvoice(accrual);
    const before = await books(accrual);
    const none = await post(accrual, `/invoices/${id}/refund`, {});
    expect([none.status, none.body.error.code]).toEqual([400, "VALIDATION_ERROR"]);
    await pay(accrual, id, 1250);
    await credit(accrual, id);
    const mid = await books(accrual);
    const above = await post(accrual, `/invoices/${id}/refund`, { amount: 1250.01 });
    expect([above.status, above.body.error.code]).toEqual([400, "VALIDATION_ERROR"]);
    expect(await books(accrual)).toEqual(mid);
    expect(mid.b1930 - before.b1930).toBe(1250);
  });
});
