import { describe, expect, it } from "vitest";
import { call, companyFixture, day, write, yearAroundToday } from "../helpers";
import { booksDb } from "../books";

const switched = companyFixture({ name: "Bytt Metod AB", accounting_method: "cash", ...yearAroundToday() });
const accrual = companyFixture({ name: "Bokför AB", ...yearAroundToday() });
const cash = companyFixture({ name: "Kontant Bokför AB", accounting_method: "cash", ...yearAroundToday() });
type Co = typeof accrual;
const url = (c: Co, p: string) => `/api/v1/companies/${c.companyId}${p}`;
const get = async (c: Co, p: string) => (await call("GET", url(c, p), { key: c.actor.key })).body.data;
const post = (c: Co, p: string, body?: unknown) => write(c.actor.key, "POST", url(c, p), body);
async function books(c: Co) {
  const tb = await get(c, `/reports/trial-balance?period_id=${c.periodId}`);
  expect(tb.balanced).toBe(true);
  const at = (a: string) => tb.accounts.find((x: any) => x.account_number === a)?.closing_balance ?? 0;
  return { b1510: at("1510"), b3001: at("3001"), b2611: at("2611") };
}

/** 1 000 + 25 % VAT = 1 250; a draft, or sent when `send`. */
async function invoice(c: Co, send = true, extra: Record<string, unknown> = {}) {
  const cust = await post(c, "/customers", { name: "Kund AB", customer_type: "swedish_business" });
  const inv = await post(c, "/invoices", {
    customer_id: cust.body.data.id,
    invoice_date: day(-10),
    items: [{ description: "Konsult", quantity: 1, unit_price: 1000, vat_rate: 0.25 }],
    ...extra,
  });
  expect(inv.status, JSON.stringify(inv.body)).toBe(201);
  if (send) expect((await post(c, `/invoices/${inv.body.data.id}/mark-sent`, {})).status).toBe(200);
  return inv.body.data.id as string;
}
const code = async (c: Co, id: string) => {
  const res = await post(c, `/invoices/${id}/book`);
  return [res.status, res.body.error?.code];
};

describe("booking an invoice sent under the cash method, after the move to accrual", () => {
  it("books the sale on the invoice date, once; the payment then settles 1510", async () => {
    const id = await invoice(switched);
    const openAfterSwitch = await invoice(switched, false);
    expect((await get(switched, `/invoices/${id}`)).journal_entry_id).toBeNull();
    // the company moves to faktureringsmetoden (not a route today: the state is set directly)
    await booksDb
      .prepare("UPDATE companies SET accounting_method = 'accrual' WHERE id = ?")
      .bind(switched.companyId)
      .run();
    const before = await books(switched);
    const res = await post(switched, `/invoices/${id}/book`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ id, status: "sent", journal_entry_id: expect.any(String) });
    expect(res.body.meta.audit.voucher_number).toBeTruthy();
    const entry = await get(switched, `/journal-entries/${res.body.data.journal_entry_id}`);
    expect(entry.entry_date).toBe(day(-10));
    const lines = Object.fromEntries(
      entry.lines.map((l: any) => [l.account_number, [l.debit_amount, l.credit_amount]]),
    );
    expect(lines).toEqual({ "1510": [1250, 0], "3001": [0, 1000], "2611": [0, 250] });
    const after = await books(switched);
    expect([after.b1510 - before.b1510, after.b3001 - before.b3001, after.b2611 - before.b2611]).toEqual([
      1250, -1000, -250,
    ]);
    // once only
    expect(await code(switched, id)).toEqual([400, "INVOICE_BOOK_ALREADY_BOOKED"]);
    // the payment is now an accrual payment: 1510 back to where it was
    const paid = await post(switched, `/invoices/${id}/mark-paid`, { payment_date: day(-2) });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect((await books(switched)).b1510).toBe(before.b1510);
    // a draft of that time is issued under accrual as usual, and is not booked through here
    expect(await code(switched, openAfterSwitch)).toEqual([400, "INVOICE_BOOK_DEFERRED_DRAFT"]);
  });
});

describe("the refusals of book", () => {
  it("already booked (accrual issue), draft, proforma, cash method, and a paid invoice without entry", async () => {
    expect(await code(accrual, await invoice(accrual))).toEqual([400, "INVOICE_BOOK_ALREADY_BOOKED"]);
    expect(await code(accrual, await invoice(accrual, false))).toEqual([400, "INVOICE_BOOK_DEFERRED_DRAFT"]);
    const proforma = await invoice(accrual, true, { document_type: "proforma" });
    expect(await code(accrual, proforma)).toEqual([400, "INVOICE_BOOK_NOT_BOOKABLE"]);
    const before = await books(cash);
    const sentCash = await invoice(cash);
    expect(await code(cash, sentCash)).toEqual([400, "INVOICE_BOOK_CASH_METHOD"]);
    expect(await books(cash)).toEqual(before);
    const unknown = await post(accrual, "/invoices/nope/book");
    expect(unknown.status).toBe(404);
  });

  it("refuses an invoice paid before the move: its payment booked the sale already", async () => {
    await booksDb
      .prepare("UPDATE companies SET accounting_method = 'cash' WHERE id = ?")
      .bind(switched.companyId)
      .run();
    const paidCash = await invoice(switched);
    expect((await post(switched, `/invoices/${paidCash}/mark-paid`, { payment_date: day(-2) })).status).toBe(200);
    await booksDb
      .prepare("UPDATE companies SET accounting_method = 'accrual' WHERE id = ?")
      .bind(switched.companyId)
      .run();
    const before = await books(switched);
    expect(await code(switched, paidCash)).toEqual([400, "INVOICE_BOOK_INVALID_STATUS"]);
    expect(await books(switched)).toEqual(before);
  });
});
