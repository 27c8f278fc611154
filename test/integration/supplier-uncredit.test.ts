import { describe, expect, it } from "vitest";
import { call, companyFixture, day, write, yearAroundToday } from "../helpers";
import { booksDb } from "../books";

const accrual = companyFixture({ name: "Avkreditera AB", ...yearAroundToday() });
const cash = companyFixture({ name: "Avkreditera Kontant AB", accounting_method: "cash", ...yearAroundToday() });
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
const uncreditedEvents = async (c: Co) =>
  (
    await booksDb
      .prepare(
        "SELECT object, previous_attributes FROM outbox_events WHERE company_id = ? AND type = 'supplier_invoice.uncredited' ORDER BY rowid",
      )
      .bind(c.companyId)
      .all<{ object: string; previous_attributes: string }>()
  ).results.map((r) => ({ object: JSON.parse(r.object), previous: JSON.parse(r.previous_attributes) }));

let seq = 0;
/** 4010 800 + VAT 200 and 5410 400 + VAT 100: 1 500. */
async function register(c: Co) {
  const sup = await post(c, "/suppliers", { name: `Lev ${++seq} AB`, supplier_type: "swedish_business" });
  const res = await post(c, "/supplier-invoices", {
    supplier_id: sup.body.data.id,
    supplier_invoice_number: `U-${seq}`,
    invoice_date: day(-10),
    items: [
      { description: "Varor", amount: 800, account_number: "4010", vat_rate: 0.25 },
      { description: "Förbrukning", amount: 400, account_number: "5410", vat_rate: 0.25 },
    ],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (await get(c, `/supplier-invoices/${res.body.data.id}?expand=items`)) as any;
}

describe("reversing a supplier credit note (accrual)", () => {
  it("reverses the credit note's entry, restores the invoice and emits supplier_invoice.uncredited", async () => {
    const si = await register(accrual);
    const registered = await balances(accrual);
    expect([at(registered, "2440"), at(registered, "4010"), at(registered, "2641")]).toEqual([-1500, 800, 300]);

    const credited = await post(accrual, `/supplier-invoices/${si.id}/credit`, { credit_date: day(-5) });
    expect(credited.status).toBe(201);
    const noteId = credited.body.data.credit_note_id;
    expect(at(await balances(accrual), "2440")).toBe(0);

    const res = await post(accrual, `/supplier-invoices/${si.id}/credits/${noteId}/reverse`, {
      reversal_date: day(-2),
      reason: "krediteringen gällde en annan faktura",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      id: si.id,
      status: "registered",
      credited_amount: 0,
      remaining_amount: 1500,
    });
    expect(res.body.data.reversed_credit_note).toMatchObject({ id: noteId, credit_reversal_date: day(-2) });
    expect(res.body.meta.audit.voucher_number).toBeTruthy();
    // the storno: dated as asked, the credit note's lines mirrored
    const storno = await get(accrual, `/journal-entries/${res.body.data.reversal_journal_entry_id}`);
    expect(storno.entry_date).toBe(day(-2));
    // the books are back at the registration
    const after = await balances(accrual);
    for (const acc of ["2440", "4010", "5410", "2641"]) expect(at(after, acc)).toBe(at(registered, acc));
    // the invoice reads as before; the note stays, marked
    expect(await get(accrual, `/supplier-invoices/${si.id}`)).toMatchObject({
      status: "registered",
      credited_amount: 0,
    });
    expect((await get(accrual, `/supplier-invoices/${noteId}`)).credit_reversed_at).toBeTruthy();

    const events = await uncreditedEvents(accrual);
    expect(events).toHaveLength(1);
    expect(events[0].object.original).toMatchObject({ id: si.id, status: "registered" });
    expect(events[0].object.credit_note.id).toBe(noteId);
    expect(events[0].previous).toMatchObject({ status: "credited", credited_amount: 1500 });

    // it can be credited again, and the pay path sees no credit any more
    const again = await post(accrual, `/supplier-invoices/${si.id}/credit`, {});
    expect(again.status).toBe(201);
    expect(at(await balances(accrual), "2440")).toBe(0);
  });

  it("reverses one of two partial credits: the invoice is partly credited again, and the item can be credited anew", async () => {
    const si = await register(accrual);
    const first = await post(accrual, `/supplier-invoices/${si.id}/credit`, { items: [{ item_id: si.items[0].id }] });
    const second = await post(accrual, `/supplier-invoices/${si.id}/credit`, { items: [{ item_id: si.items[1].id }] });
    expect([first.status, second.status]).toEqual([201, 201]);
    const res = await post(accrual, `/supplier-invoices/${si.id}/credits/${first.body.data.credit_note_id}/reverse`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // 400 + 100 VAT of the second credit still counts
    expect(res.body.data).toMatchObject({ status: "registered", credited_amount: 500, remaining_amount: 1000 });
    const again = await post(accrual, `/supplier-invoices/${si.id}/credit`, { items: [{ item_id: si.items[0].id }] });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body.data.original.status).toBe("credited");
  });

  it("refuses a second reverse, another invoice's credit note and a date before the note, changing nothing", async () => {
    const si = await register(accrual);
    const other = await register(accrual);
    const noteId = (await post(accrual, `/supplier-invoices/${si.id}/credit`, { credit_date: day(-5) })).body.data
      .credit_note_id;
    const before = await balances(accrual);
    const wrongInvoice = await post(accrual, `/supplier-invoices/${other.id}/credits/${noteId}/reverse`);
    expect([wrongInvoice.status, wrongInvoice.body.error.code]).toEqual([404, "NOT_FOUND"]);
    const early = await post(accrual, `/supplier-invoices/${si.id}/credits/${noteId}/reverse`, {
      reversal_date: day(-7),
    });
    expect([early.status, early.body.error.code]).toEqual([400, "VALIDATION_ERROR"]);
    expect(await balances(accrual)).toEqual(before);
    expect((await post(accrual, `/supplier-invoices/${si.id}/credits/${noteId}/reverse`)).status).toBe(200);
    const twice = await post(accrual, `/supplier-invoices/${si.id}/credits/${noteId}/reverse`);
    expect([twice.status, twice.body.error.code]).toEqual([409, "ENTRY_ALREADY_REVERSED"]);
  });
});

describe("reversing a supplier credit note (cash method)", () => {
  it("books nothing (the credit note booked nothing) and the payment then books the whole purchase", async () => {
    const si = await register(cash);
    const noteId = (await post(cash, `/supplier-invoices/${si.id}/credit`, {})).body.data.credit_note_id;
    const res = await post(cash, `/supplier-invoices/${si.id}/credits/${noteId}/reverse`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: "registered", credited_amount: 0, reversal_journal_entry_id: null });
    expect(await uncreditedEvents(cash)).toHaveLength(1);
    const paid = await post(cash, `/supplier-invoices/${si.id}/mark-paid`, { payment_date: day(-1) });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const b = await balances(cash);
    expect([at(b, "4010"), at(b, "5410"), at(b, "2641"), at(b, "1930")]).toEqual([800, 400, 300, -1500]);
  });
});
