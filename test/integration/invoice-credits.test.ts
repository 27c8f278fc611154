// Issue 12 item 7: partial credit notes (chosen lines, quantities or amounts) dated on a
// chosen day, on partially paid invoices, and partial payments under the cash method;
// checked on the invoices and on the entries they post.
import { describe, expect, it } from "vitest";
import { call, companyFixture, day, entryLines, write, yearAroundToday } from "../helpers";

type F = ReturnType<typeof companyFixture>;
const url = (f: F, p: string) => `/api/v1/companies/${f.companyId}${p}`;

async function issuedInvoice(f: F, items: Record<string, unknown>[], invoiceDate = day(-5)) {
  const c = await write(f.actor.key, "POST", url(f, "/customers"), {
    name: `Kund ${Math.random().toString(36).slice(2, 7)}`,
    customer_type: "swedish_business",
  });
  expect(c.status).toBe(201);
  const inv = await write(f.actor.key, "POST", url(f, "/invoices"), {
    customer_id: c.body.data.id,
    invoice_date: invoiceDate,
    items,
  });
  expect(inv.status, JSON.stringify(inv.body)).toBe(201);
  const sent = await write(f.actor.key, "POST", url(f, `/invoices/${inv.body.data.id}/mark-sent`));
  expect(sent.status).toBe(200);
  return { ...sent.body.data, items: inv.body.data.items as { id: string }[] };
}
const act = (f: F, id: string, action: string, body: unknown = {}) =>
  write(f.actor.key, "POST", url(f, `/invoices/${id}/${action}`), body);
const get = async (f: F, id: string) => (await call("GET", url(f, `/invoices/${id}`), { key: f.actor.key })).body.data;
const creditNotes = async (f: F, id: string) =>
  ((await call("GET", url(f, "/invoices?limit=100"), { key: f.actor.key })).body.data as any[]).filter(
    (i) => i.credited_invoice_id === id,
  );

describe("partial credit notes under the accrual method", () => {
  const f = companyFixture({ name: "Kredit AB", ...yearAroundToday() });

  it("credits part of a line on a partially paid invoice, dated as asked, then the rest, leaving a refund owed", async () => {
    const inv = await issuedInvoice(f, [
      { description: "Timmar", quantity: 10, unit_price: 100 },
      { description: "Livsmedel", unit_price: 500, vat_rate: 0.12 },
    ]);
    expect(inv.total).toBe(1810);
    const paid = await act(f, inv.id, "mark-paid", { amount: 500, payment_date: day(-4) });
    expect(paid.body.data.status).toBe("partially_paid");

    const first = await act(f, inv.id, "credit", {
      reason: "4 timmar för mycket",
      credit_date: day(-2),
      items: [{ item_id: inv.items[0].id, quantity: 4 }],
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data).toMatchObject({
      invoice_number: `KR-${inv.invoice_number}`,
      invoice_date: day(-2),
      subtotal: -400,
      vat_amount: -100,
      total: -500,
      original_status: "partially_paid",
      original_remaining_amount: 810,
    });
    expect(first.body.data.items[0]).toMatchObject({
      credited_item_id: inv.items[0].id,
      quantity: 4,
      unit_price: -100,
      net_amount: -400,
    });
    const entry1 = (
      await call("GET", url(f, `/journal-entries/${first.body.data.journal_entry_id}`), { key: f.actor.key })
    ).body.data;
    expect(entry1).toMatchObject({ entry_date: day(-2), source_type: "invoice_credited" });
    expect(await entryLines(f.actor.key, f.companyId, first.body.data.journal_entry_id)).toEqual({
      "1510": [0, 500],
      "3001": [400, 0],
      "2611": [100, 0],
    });
    expect(await get(f, inv.id)).toMatchObject({
      status: "partially_paid",
      credited_amount: 500,
      paid_amount: 500,
      remaining_amount: 810,
    });

    // the rest: 600 at 25 % and 500 at 12 %; the VAT is what is left of each rate (250 - 100, 60)
    const rest = await act(f, inv.id, "credit", { reason: "Avbeställt" });
    expect(rest.status).toBe(201);
    expect(rest.body.data).toMatchObject({
      invoice_number: `KR-${inv.invoice_number}-2`,
      subtotal: -1100,
      vat_amount: -210,
      total: -1310,
      original_status: "credited",
      original_remaining_amount: -500,
    });
    expect(await entryLines(f.actor.key, f.companyId, rest.body.data.journal_entry_id)).toEqual({
      "1510": [0, 1310],
      "3001": [600, 0],
      "3002": [500, 0],
      "2611": [150, 0],
      "2621": [60, 0],
    });
    expect(await get(f, inv.id)).toMatchObject({ status: "credited", credited_amount: 1810, remaining_amount: -500 });
    expect((await act(f, inv.id, "credit", { reason: "igen" })).body.error.code).toBe(
      "INVOICE_CREDIT_ALREADY_CREDITED",
    );
  });

  it("marks the invoice paid when a credit covers what payments left open", async () => {
    const inv = await issuedInvoice(f, [{ description: "Vara", unit_price: 1000 }]);
    await act(f, inv.id, "mark-paid", { amount: 1000 });
    const credit = await act(f, inv.id, "credit", {
      reason: "Rabatt",
      items: [{ item_id: inv.items[0].id, amount: 200 }],
    });
    expect(credit.status).toBe(201);
    expect(credit.body.data).toMatchObject({
      subtotal: -200,
      vat_amount: -50,
      total: -250,
      original_status: "paid",
      original_remaining_amount: 0,
    });
    const after = await get(f, inv.id);
    expect(after).toMatchObject({ status: "paid", remaining_amount: 0 });
    expect(after.paid_at).toBeTruthy();
  });

  it("refuses more than is left of a line, a date before the invoice, and an unknown line, writing nothing", async () => {
    const inv = await issuedInvoice(f, [{ description: "Vara", quantity: 2, unit_price: 300 }]);
    const over = await act(f, inv.id, "credit", { reason: "x", items: [{ item_id: inv.items[0].id, amount: 600.01 }] });
    expect(over.status).toBe(400);
    expect(over.body.error.details.fields[0].path).toBe("items.0");
    const early = await act(f, inv.id, "credit", { reason: "x", credit_date: day(-6) });
    expect(early.body.error.details.fields[0].path).toBe("credit_date");
    const unknown = await act(f, inv.id, "credit", { reason: "x", items: [{ item_id: "nope" }] });
    expect(unknown.body.error.details.fields[0].path).toBe("items.0.item_id");
    const both = await act(f, inv.id, "credit", {
      reason: "x",
      items: [{ item_id: inv.items[0].id, amount: 1, quantity: 1 }],
    });
    expect(both.body.error.code).toBe("VALIDATION_ERROR");
    expect(await creditNotes(f, inv.id)).toEqual([]);
    expect(await get(f, inv.id)).toMatchObject({ status: "sent", credited_amount: 0, remaining_amount: 750 });
  });

  it("then takes a partly credited invoice's last payment down to what is left, so 1510 ends at zero", async () => {
    const inv = await issuedInvoice(f, [{ description: "Vara", unit_price: 999.99 }]);
    await act(f, inv.id, "credit", { reason: "x", items: [{ item_id: inv.items[0].id, amount: 333.33 }] });
    const pay = await act(f, inv.id, "mark-paid", {});
    // 1249.99 - (333.33 + 83.33) = 833.33
    expect(pay.body.data).toMatchObject({ status: "paid", paid_amount: 833.33, remaining_amount: 0 });
    expect(await entryLines(f.actor.key, f.companyId, pay.body.data.journal_entry_id)).toEqual({
      "1930": [833.33, 0],
      "1510": [0, 833.33],
    });
  });
});

describe("the cash method: partial payments", () => {
  const cash = companyFixture({ name: "Kontantkredit AB", accounting_method: "cash", ...yearAroundToday() });

  it("books each payment's share of the sale, and the sale as reduced by a credit note at the last", async () => {
    const inv = await issuedInvoice(cash, [{ description: "Tjänst", unit_price: 1000 }]);
    expect(inv.journal_entry_id).toBeNull();
    const part = await act(cash, inv.id, "mark-paid", { amount: 500, payment_date: day(-3) });
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect(part.body.data).toMatchObject({ status: "partially_paid", paid_amount: 500, remaining_amount: 750 });
    expect(await entryLines(cash.actor.key, cash.companyId, part.body.data.journal_entry_id)).toEqual({
      "1930": [500, 0],
      "3001": [0, 400],
      "2611": [0, 100],
    });

    const credit = await act(cash, inv.id, "credit", {
      reason: "Rabatt",
      items: [{ item_id: inv.items[0].id, amount: 200 }],
    });
    expect(credit.status).toBe(201);
    expect(credit.body.data).toMatchObject({ total: -250, journal_entry_id: null, original_remaining_amount: 500 });

    const last = await act(cash, inv.id, "mark-paid", { payment_date: day(-1) });
    expect(last.body.data).toMatchObject({ status: "paid", paid_amount: 1000, remaining_amount: 0 });
    // the sale after the credit is 800 + 200 VAT; 400 + 100 of it was booked at the first payment
    expect(await entryLines(cash.actor.key, cash.companyId, last.body.data.journal_entry_id)).toEqual({
      "1930": [500, 0],
      "3001": [0, 400],
      "2611": [0, 100],
    });
  });

  it("pays a supplier invoice in parts, each booking its share of the purchase", async () => {
    const s = await write(cash.actor.key, "POST", url(cash, "/suppliers"), {
      name: "Leverantören AB",
      supplier_type: "swedish_business",
      default_expense_account: "4010",
    });
    const si = await write(cash.actor.key, "POST", url(cash, "/supplier-invoices"), {
      supplier_id: s.body.data.id,
      supplier_invoice_number: "L-1",
      invoice_date: day(-4),
      items: [{ amount: 1000, vat_rate: 0.25 }],
    });
    expect(si.status).toBe(201);
    const pay = (body: unknown) =>
      write(cash.actor.key, "POST", url(cash, `/supplier-invoices/${si.body.data.id}/mark-paid`), body);
    const first = await pay({ amount: 312.5, payment_date: day(-2) });
    expect(first.body.data).toMatchObject({ status: "partially_paid", remaining_amount: 937.5 });
    expect(await entryLines(cash.actor.key, cash.companyId, first.body.data.journal_entry_id)).toEqual({
      "4010": [250, 0],
      "2641": [62.5, 0],
      "1930": [0, 312.5],
    });
    const rest = await pay({ payment_date: day(-1) });
    expect(rest.body.data).toMatchObject({ status: "paid", remaining_amount: 0 });
    expect(await entryLines(cash.actor.key, cash.companyId, rest.body.data.journal_entry_id)).toEqual({
      "4010": [750, 0],
      "2641": [187.5, 0],
      "1930": [0, 937.5],
    });
  });
});
