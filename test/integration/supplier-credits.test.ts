// Issue 29 item 14: a supplier invoice credited on a chosen date, and in part (by item,
// by a net amount), against the books: entry dates, the mirrored lines, 2440 and the
// expense and VAT accounts ending where they began, and the refusals.
import { describe, expect, it } from "vitest";
import { call, companyFixture, day, entryLines, write, yearAroundToday } from "../helpers";

const accrual = companyFixture({ name: "Kreditera Lev AB", ...yearAroundToday() });
const cash = companyFixture({ name: "Kontant Lev AB", accounting_method: "cash", ...yearAroundToday() });
const locked = companyFixture({ name: "Låst Lev AB", ...yearAroundToday() });
type Co = typeof accrual;
const url = (c: Co, p: string) => `/api/v1/companies/${c.companyId}${p}`;
const get = async (c: Co, p: string) => (await call("GET", url(c, p), { key: c.actor.key })).body.data;
const post = (c: Co, p: string, body?: unknown) => write(c.actor.key, "POST", url(c, p), body);
async function balances(c: Co): Promise<Record<string, number>> {
  const tb = await get(c, `/reports/trial-balance?period_id=${c.periodId}`);
  expect(tb.balanced).toBe(true);
  return Object.fromEntries(tb.accounts.map((a: any) => [a.account_number, a.closing_balance]));
}
const at = (b: Record<string, number>, account: string) => b[account] ?? 0;
const entryDate = async (c: Co, id: string) => (await get(c, `/journal-entries/${id}`)).entry_date;

let seq = 0;
/** 4010 800 + VAT 200 and 5410 400 + VAT 100: 1 500, dated day(-10) unless given. */
async function register(c: Co, body: Record<string, unknown> = {}) {
  const sup = await post(c, "/suppliers", { name: `Lev ${++seq} AB`, supplier_type: "swedish_business" });
  const res = await post(c, "/supplier-invoices", {
    supplier_id: sup.body.data.id,
    supplier_invoice_number: `K-${seq}`,
    invoice_date: day(-10),
    items: [
      { description: "Varor", amount: 800, account_number: "4010", vat_rate: 0.25 },
      { description: "Förbrukning", amount: 400, account_number: "5410", vat_rate: 0.25 },
    ],
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (await get(c, `/supplier-invoices/${res.body.data.id}?expand=items`)) as any;
}

describe("crediting a supplier invoice on a chosen date", () => {
  it("dates the credit note and its mirrored entry credit_date", async () => {
    const si = await register(accrual);
    const res = await post(accrual, `/supplier-invoices/${si.id}/credit`, {
      credit_date: day(-3),
      reason: "Fel leverans",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ credit_date: day(-3), total: -1500, total_sek: -1500 });
    expect(res.body.data.original).toMatchObject({ status: "credited", credited_amount: 1500, remaining_amount: 0 });
    expect(res.body.data.credit_note).toMatchObject({ invoice_date: day(-3), total: -1500, notes: "Fel leverans" });
    const entryId = res.body.data.registration_journal_entry_id;
    expect(await entryDate(accrual, entryId)).toBe(day(-3));
    expect(await entryLines(accrual.actor.key, accrual.companyId, entryId)).toEqual({
      "2440": [1500, 0],
      "4010": [0, 800],
      "5410": [0, 400],
      "2641": [0, 300],
    });
    // the default is still today
    const other = await register(accrual);
    const today = await post(accrual, `/supplier-invoices/${other.id}/credit`, {});
    expect(await entryDate(accrual, today.body.data.registration_journal_entry_id)).toBe(day(0));
  });

  it("refuses a credit_date before the invoice date, and one in a locked period, changing nothing", async () => {
    const si = await register(accrual);
    const early = await post(accrual, `/supplier-invoices/${si.id}/credit`, { credit_date: day(-11) });
    expect(early.status).toBe(400);
    expect(early.body.error.details.fields[0].path).toBe("credit_date");

    const l = await register(locked, { invoice_date: day(-20) });
    expect((await post(locked, `/fiscal-periods/${locked.periodId}/lock`, { lock_date: day(-5) })).status).toBe(200);
    const before = await balances(locked);
    const res = await post(locked, `/supplier-invoices/${l.id}/credit`, { credit_date: day(-6) });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("SI_CREDIT_PERIOD_LOCKED");
    expect(await balances(locked)).toEqual(before);
    expect((await get(locked, `/supplier-invoices/${l.id}`)).status).toBe("registered");
    // after the lock date it goes through
    expect((await post(locked, `/supplier-invoices/${l.id}/credit`, { credit_date: day(-4) })).status).toBe(201);
  });
});

describe("crediting part of a supplier invoice", () => {
  it("credits by amount, then an item whole, then the rest: the accounts end where they began", async () => {
    const before = await balances(accrual);
    const si = await register(accrual);
    const [goods, supplies] = si.items;

    // 300 of the 800 of goods: VAT 200 × 300/800 = 75
    const first = await post(accrual, `/supplier-invoices/${si.id}/credit`, {
      credit_date: day(-5),
      items: [{ item_id: goods.id, amount: 300 }],
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data).toMatchObject({ total: -375, credit_date: day(-5) });
    expect(first.body.data.credit_note.items).toEqual([
      expect.objectContaining({ amount: -300, vat_amount: -75, account_number: "4010", credited_item_id: goods.id }),
    ]);
    expect(first.body.data.original).toMatchObject({
      status: "registered",
      credited_amount: 375,
      remaining_amount: 1125,
    });
    expect(await entryDate(accrual, first.body.data.registration_journal_entry_id)).toBe(day(-5));
    expect(
      await entryLines(accrual.actor.key, accrual.companyId, first.body.data.registration_journal_entry_id),
    ).toEqual({ "2440": [375, 0], "4010": [0, 300], "2641": [0, 75] });

    // the supplies item whole, and more than is left of the goods is refused
    const over = await post(accrual, `/supplier-invoices/${si.id}/credit`, {
      items: [{ item_id: goods.id, amount: 500.01 }],
    });
    expect(over.status).toBe(400);
    expect(over.body.error.details.fields[0].path).toBe("items.0.amount");
    const unknown = await post(accrual, `/supplier-invoices/${si.id}/credit`, { items: [{ item_id: "nope" }] });
    expect(unknown.status).toBe(400);
    const second = await post(accrual, `/supplier-invoices/${si.id}/credit`, {
      credit_date: day(-4),
      items: [{ item_id: supplies.id }],
    });
    expect(second.body.data).toMatchObject({ total: -500 });
    expect(second.body.data.original).toMatchObject({ credited_amount: 875, remaining_amount: 625 });

    // everything not yet credited: the 500 left of the goods and their 125 of VAT
    const rest = await post(accrual, `/supplier-invoices/${si.id}/credit`, { credit_date: day(-2) });
    expect(rest.body.data).toMatchObject({ total: -625 });
    expect(rest.body.data.original).toMatchObject({ status: "credited", credited_amount: 1500, remaining_amount: 0 });
    expect(
      await entryLines(accrual.actor.key, accrual.companyId, rest.body.data.registration_journal_entry_id),
    ).toEqual({
      "2440": [625, 0],
      "4010": [0, 500],
      "2641": [0, 125],
    });
    const after = await balances(accrual);
    for (const account of ["2440", "4010", "5410", "2641"]) expect(at(after, account)).toBe(at(before, account));
    expect((await post(accrual, `/supplier-invoices/${si.id}/credit`, {})).body.error.code).toBe(
      "SI_CREDIT_ALREADY_CREDITED",
    );
  });

  it("a partly credited invoice is paid in what is left, and a foreign one ends at zero on 2440", async () => {
    const before = await balances(accrual);
    const si = await register(accrual, {
      currency: "EUR",
      exchange_rate: 11.1111,
      items: [{ description: "Licens", amount: 100.01, account_number: "5420", vat_rate: 0.25, vat_amount: 25 }],
    });
    expect(si).toMatchObject({ total: 125.01, total_sek: 1389 });
    // 33.33 of 100.01: VAT 25 × 33.33/100.01 = 8.33; 41.66 EUR = 462.89 SEK
    const part = await post(accrual, `/supplier-invoices/${si.id}/credit`, {
      items: [{ item_id: si.items[0].id, amount: 33.33 }],
    });
    expect(part.body.data).toMatchObject({ total: -41.66, total_sek: -462.89 });
    const paid = await post(accrual, `/supplier-invoices/${si.id}/mark-paid`, { exchange_rate_difference: 0 });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data).toMatchObject({ status: "paid", paid_amount: 83.35, remaining_amount: 0 });
    // the payment takes exactly what the credit left on 2440
    expect(await entryLines(accrual.actor.key, accrual.companyId, paid.body.data.journal_entry_id)).toEqual({
      "2440": [926.11, 0],
      "1930": [0, 926.11],
    });
    expect(at(await balances(accrual), "2440")).toBe(at(before, "2440"));
  });

  it("under the cash method a supplier invoice is credited whole only", async () => {
    const si = await register(cash);
    const part = await post(cash, `/supplier-invoices/${si.id}/credit`, {
      items: [{ item_id: si.items[0].id, amount: 100 }],
    });
    expect(part.status).toBe(400);
    expect(part.body.error.details.fields[0].path).toBe("items");
    const whole = await post(cash, `/supplier-invoices/${si.id}/credit`, { credit_date: day(-1) });
    expect(whole.status).toBe(201);
    expect(whole.body.data).toMatchObject({ registration_journal_entry_id: null, credit_date: day(-1) });
    expect(whole.body.data.original.status).toBe("credited");
  });
});
