// Issue 29 item 12: a payment registered by mistake is reversed (makulerad) through its
// invoice or supplier invoice: a storno of the payment's entry, the invoice back to its
// earlier status and amounts, a matched bank row unmatched; checked against the books
// (1510 / 2440 / 1930), the ledgers and the refusals.
import { describe, expect, it } from "vitest";
import { call, companyFixture, day, entryLines, write, yearAroundToday } from "../helpers";

const accrual = companyFixture({ name: "Makulera AB", ...yearAroundToday() });
const cash = companyFixture({ name: "Kontant Makulera AB", accounting_method: "cash", ...yearAroundToday() });
const locked = companyFixture({ name: "Låst AB", ...yearAroundToday() });
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
const arTotal = async (c: Co, asOf = day(0)) => (await get(c, `/reports/ar-ledger?as_of_date=${asOf}`)).totals.total;
const apTotal = async (c: Co, asOf = day(0)) =>
  (await get(c, `/reports/supplier-ledger?as_of_date=${asOf}`)).totals.total;

let seq = 0;
/** A sent invoice of 1 000 + 25 % VAT = 1 250, due in 30 days from day(-10). */
async function sentInvoice(c: Co, invoiceDate = day(-10)) {
  const customer = await post(c, "/customers", {
    name: `Kund ${++seq} AB`,
    customer_type: "swedish_business",
    default_payment_terms: 30,
  });
  const created = await post(c, "/invoices", {
    customer_id: customer.body.data.id,
    invoice_date: invoiceDate,
    items: [{ description: "Konsult", quantity: 1, unit_price: 1000, vat_rate: 0.25 }],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const sent = await post(c, `/invoices/${created.body.data.id}/mark-sent`);
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return sent.body.data;
}

/** A registered supplier invoice of 800 + 25 % VAT = 1 000. */
async function supplierInvoice(c: Co) {
  const sup = await post(c, "/suppliers", {
    name: `Lev ${++seq} AB`,
    supplier_type: "swedish_business",
    default_expense_account: "4010",
  });
  const res = await post(c, "/supplier-invoices", {
    supplier_id: sup.body.data.id,
    supplier_invoice_number: `S-${seq}`,
    invoice_date: day(-10),
    items: [{ amount: 800, vat_rate: 0.25 }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

describe("reversing a customer invoice's payment (accrual)", () => {
  it("books the storno, returns the invoice to sent, reopens it in the ar-ledger, and refuses a second reverse", async () => {
    const inv = await sentInvoice(accrual);
    const before = await balances(accrual);
    const arBefore = await arTotal(accrual);

    const paid = await post(accrual, `/invoices/${inv.id}/mark-paid`, { payment_date: day(-3) });
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ status: "paid", remaining_amount: 0, payment_id: expect.any(String) });
    expect(at(await balances(accrual), "1930") - at(before, "1930")).toBe(1250);
    expect(await arTotal(accrual)).toBe(arBefore - 1250);

    // the journal-entry route names the remedy: reverse the payment, not credit the invoice
    const viaEntry = await post(accrual, `/journal-entries/${paid.body.data.journal_entry_id}/reverse`, {});
    expect(viaEntry.status).toBe(409);
    expect(viaEntry.body.error.details.remedy).toBe(`POST .../invoices/${inv.id}/payments/{payment_id}/reverse`);

    const paymentId = paid.body.data.payment_id;
    const res = await post(accrual, `/invoices/${inv.id}/payments/${paymentId}/reverse`, {
      reversal_date: day(-1),
      reason: "Fel faktura",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      status: "sent",
      paid_amount: 0,
      remaining_amount: 1250,
      paid_at: null,
      bank_transaction_id: null,
      reversed_payment: { id: paymentId, reversed: true, reversal_date: day(-1), amount: 1250 },
    });
    const reversal = await get(accrual, `/journal-entries/${res.body.data.reversal_journal_entry_id}`);
    expect(reversal).toMatchObject({ entry_date: day(-1), reverses_id: paid.body.data.journal_entry_id });
    expect(await entryLines(accrual.actor.key, accrual.companyId, reversal.id)).toEqual({
      "1510": [1250, 0],
      "1930": [0, 1250],
    });
    // the books and the ledger are back where they were before the payment
    const after = await balances(accrual);
    expect(at(after, "1510")).toBe(at(before, "1510"));
    expect(at(after, "1930")).toBe(at(before, "1930"));
    expect(await arTotal(accrual)).toBe(arBefore);
    // between the payment and its storno the ledger showed it paid, as the books did
    expect(await arTotal(accrual, day(-2))).toBe(arBefore - 1250);

    const shown = await get(accrual, `/invoices/${inv.id}?expand=payments`);
    expect(shown).toMatchObject({ status: "sent", paid_amount: 0, remaining_amount: 1250 });
    expect(shown.payments).toEqual([
      expect.objectContaining({ id: paymentId, reversed: true, reversal_journal_entry_id: reversal.id }),
    ]);

    // a second reverse, and an unknown payment, are refused and change nothing
    const again = await post(accrual, `/invoices/${inv.id}/payments/${paymentId}/reverse`, {});
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: "ENTRY_ALREADY_REVERSED", details: { payment_id: paymentId } });
    const unknown = await post(accrual, `/invoices/${inv.id}/payments/nope/reverse`, {});
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe("NOT_FOUND");
    const early = await post(accrual, `/invoices/${inv.id}/mark-paid`, { payment_date: day(-2) });
    const tooEarly = await post(accrual, `/invoices/${inv.id}/payments/${early.body.data.payment_id}/reverse`, {
      reversal_date: day(-3),
    });
    expect(tooEarly.status).toBe(400);
    expect(tooEarly.body.error.details.fields[0].path).toBe("reversal_date");
    expect((await get(accrual, `/invoices/${inv.id}`)).status).toBe("paid");
    expect(at(await balances(accrual), "1510")).toBe(at(before, "1510") - 1250);
  });

  it("takes one of two payments back: partially paid, the other payment still counts", async () => {
    const inv = await sentInvoice(accrual);
    const first = await post(accrual, `/invoices/${inv.id}/mark-paid`, { payment_date: day(-4), amount: 500 });
    const second = await post(accrual, `/invoices/${inv.id}/mark-paid`, { payment_date: day(-3), amount: 750 });
    expect(second.body.data.status).toBe("paid");
    const res = await post(accrual, `/invoices/${inv.id}/payments/${first.body.data.payment_id}/reverse`, {});
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: "partially_paid", paid_amount: 750, remaining_amount: 500 });
    expect(res.body.data.reversed_payment).toMatchObject({ reversal_date: day(0) });
    // the rest can be paid again
    const rest = await post(accrual, `/invoices/${inv.id}/mark-paid`, {});
    expect(rest.body.data).toMatchObject({ status: "paid", paid_amount: 1250 });
  });

  it("returns an invoice past its due date to overdue", async () => {
    const inv = await sentInvoice(accrual, day(-60));
    expect(inv.status).toBe("overdue");
    const paid = await post(accrual, `/invoices/${inv.id}/mark-paid`, { payment_date: day(-1) });
    const res = await post(accrual, `/invoices/${inv.id}/payments/${paid.body.data.payment_id}/reverse`, {});
    expect(res.body.data).toMatchObject({ status: "overdue", remaining_amount: 1250 });
  });

  it("unmatches the bank row the payment was matched to, and reverses the over-payment its match booked", async () => {
    const inv = await sentInvoice(accrual);
    const before = await balances(accrual);
    const ingested = await post(accrual, "/transactions/ingest", {
      transactions: [{ external_id: `rev-${Date.now()}`, date: day(-2), description: "Inbetalning", amount: 1300 }],
    });
    const txId = ingested.body.data.transaction_ids[0];
    const matched = await post(accrual, `/transactions/${txId}/match-invoice`, { invoice_id: inv.id });
    expect(matched.status, JSON.stringify(matched.body)).toBe(200);
    expect(matched.body.data.overpayment).toBe(50);
    expect(at(await balances(accrual), "2420") - at(before, "2420")).toBe(-50);
    const payment = (await get(accrual, `/invoices/${inv.id}?expand=payments`)).payments[0];

    const res = await post(accrual, `/invoices/${inv.id}/payments/${payment.id}/reverse`, { reversal_date: day(-1) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      status: "sent",
      bank_transaction_id: txId,
      reversed_overpayment_entry_id: matched.body.data.overpayment_journal_entry_id,
    });
    const tx = await get(accrual, `/transactions/${txId}`);
    expect(tx).toMatchObject({ invoice_id: null, journal_entry_id: null });
    const after = await balances(accrual);
    for (const account of ["1510", "1930", "2420"]) expect(at(after, account)).toBe(at(before, account));
    // the row can be matched again
    const again = await post(accrual, `/transactions/${txId}/match-invoice`, { invoice_id: inv.id });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect((await get(accrual, `/invoices/${inv.id}`)).status).toBe("paid");
  });
});

describe("reversing under the cash method", () => {
  it("reverses the sale booked with the payment, latest payment first", async () => {
    const inv = await sentInvoice(cash);
    const before = await balances(cash);
    const first = await post(cash, `/invoices/${inv.id}/mark-paid`, { payment_date: day(-4), amount: 500 });
    const second = await post(cash, `/invoices/${inv.id}/mark-paid`, { payment_date: day(-3), amount: 750 });
    const refused = await post(cash, `/invoices/${inv.id}/payments/${first.body.data.payment_id}/reverse`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: "CONFLICT",
      details: { later_payment_ids: [second.body.data.payment_id] },
    });
    const res = await post(cash, `/invoices/${inv.id}/payments/${second.body.data.payment_id}/reverse`, {});
    expect(res.body.data).toMatchObject({ status: "partially_paid", paid_amount: 500 });
    expect(await entryLines(cash.actor.key, cash.companyId, res.body.data.reversal_journal_entry_id)).toEqual({
      "3001": [600, 0],
      "2611": [150, 0],
      "1930": [0, 750],
    });
    expect((await post(cash, `/invoices/${inv.id}/payments/${first.body.data.payment_id}/reverse`, {})).status).toBe(
      200,
    );
    const after = await balances(cash);
    for (const account of ["1930", "3001", "2611"]) expect(at(after, account)).toBe(at(before, account));
  });
});

describe("reversing a supplier invoice's payment", () => {
  it("puts 2440 and 1930 back, the invoice back to registered, the supplier ledger open again", async () => {
    const si = await supplierInvoice(accrual);
    const before = await balances(accrual);
    const apBefore = await apTotal(accrual);
    const paid = await post(accrual, `/supplier-invoices/${si.id}/mark-paid`, { payment_date: day(-3) });
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ status: "paid", payment_id: expect.any(String) });
    expect(await apTotal(accrual)).toBe(apBefore - 1000);

    const paymentId = paid.body.data.payment_id;
    const res = await post(accrual, `/supplier-invoices/${si.id}/payments/${paymentId}/reverse`, {
      reversal_date: day(-2),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      status: "registered",
      paid_amount: 0,
      remaining_amount: 1000,
      reversed_payment: { id: paymentId, reversed: true, reversal_date: day(-2) },
    });
    expect(await entryLines(accrual.actor.key, accrual.companyId, res.body.data.reversal_journal_entry_id)).toEqual({
      "1930": [1000, 0],
      "2440": [0, 1000],
    });
    const after = await balances(accrual);
    expect(at(after, "2440")).toBe(at(before, "2440"));
    expect(at(after, "1930")).toBe(at(before, "1930"));
    expect(await apTotal(accrual)).toBe(apBefore);

    const again = await post(accrual, `/supplier-invoices/${si.id}/payments/${paymentId}/reverse`, {});
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("ENTRY_ALREADY_REVERSED");
    // paid again, in full
    const repaid = await post(accrual, `/supplier-invoices/${si.id}/mark-paid`, { payment_date: day(0) });
    expect(repaid.body.data).toMatchObject({ status: "paid", paid_amount: 1000 });
  });
});

describe("reversing what other events left", () => {
  it("a paid invoice credited in part stays paid only while the credit covers it", async () => {
    const inv = await sentInvoice(accrual);
    const paid = await post(accrual, `/invoices/${inv.id}/mark-paid`, { payment_date: day(-3) });
    const credit = await post(accrual, `/invoices/${inv.id}/credit`, {
      reason: "Rabatt",
      credit_date: day(-2),
      items: [{ item_id: (await get(accrual, `/invoices/${inv.id}?expand=items`)).items[0].id, amount: 200 }],
    });
    expect(credit.status, JSON.stringify(credit.body)).toBe(201);
    // 200 + 25 % credited after full payment: a refund of 250 owed
    expect(await get(accrual, `/invoices/${inv.id}`)).toMatchObject({ status: "paid", remaining_amount: -250 });
    const res = await post(accrual, `/invoices/${inv.id}/payments/${paid.body.data.payment_id}/reverse`, {});
    expect(res.body.data).toMatchObject({
      status: "sent",
      paid_amount: 0,
      credited_amount: 250,
      remaining_amount: 1000,
    });
  });

  it("unmatches the bank row a supplier invoice's payment was matched to", async () => {
    const si = await supplierInvoice(accrual);
    const before = await balances(accrual);
    const ingested = await post(accrual, "/transactions/ingest", {
      transactions: [
        { external_id: `si-rev-${Date.now()}`, date: day(-2), description: "Betalning lev", amount: -1000 },
      ],
    });
    const txId = ingested.body.data.transaction_ids[0];
    const matched = await post(accrual, `/transactions/${txId}/match-supplier-invoice`, { supplier_invoice_id: si.id });
    expect(matched.status, JSON.stringify(matched.body)).toBe(200);
    const payment = (await get(accrual, `/supplier-invoices/${si.id}?expand=payments`)).payments[0];
    const res = await post(accrual, `/supplier-invoices/${si.id}/payments/${payment.id}/reverse`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      status: "registered",
      bank_transaction_id: txId,
      payment_journal_entry_id: null,
    });
    expect(await get(accrual, `/transactions/${txId}`)).toMatchObject({
      supplier_invoice_id: null,
      journal_entry_id: null,
    });
    const after = await balances(accrual);
    for (const account of ["2440", "1930"]) expect(at(after, account)).toBe(at(before, account));
  });
});

describe("refusals that change nothing", () => {
  it("a payment a ROT/RUT claim rests on is not reversed", async () => {
    const customer = await post(accrual, "/customers", { name: "Anna Andersson", customer_type: "individual" });
    const created = await post(accrual, "/invoices", {
      customer_id: customer.body.data.id,
      invoice_date: day(-10),
      items: [
        {
          description: "Städning",
          quantity: 4,
          unit_price: 500,
          vat_rate: 0.25,
          deduction_type: "rut",
          work_type: "Stadning",
          labor_hours: 4,
        },
      ],
      deduction_personnummer: [{ personnummer: "19840601-2388" }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id;
    await post(accrual, `/invoices/${id}/mark-sent`);
    const paid = await post(accrual, `/invoices/${id}/mark-paid`, { payment_date: day(-5) });
    const claim = await post(accrual, "/rot-rut/claims", { invoice_ids: [id] });
    expect(claim.status).toBe(201);
    const before = await balances(accrual);
    const res = await post(accrual, `/invoices/${id}/payments/${paid.body.data.payment_id}/reverse`, {});
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({
      code: "CONFLICT",
      details: { reason: "deduction_claimed", claim_ids: [claim.body.data[0].id] },
    });
    expect(await balances(accrual)).toEqual(before);
    expect((await get(accrual, `/invoices/${id}`)).status).toBe("paid");
  });

  it("a reversal dated in a locked part of the period is PERIOD_LOCKED", async () => {
    const inv = await sentInvoice(locked, day(-20));
    const paid = await post(locked, `/invoices/${inv.id}/mark-paid`, { payment_date: day(-15) });
    const si = await supplierInvoice(locked);
    const siPaid = await post(locked, `/supplier-invoices/${si.id}/mark-paid`, { payment_date: day(-9) });
    const lock = await post(locked, `/fiscal-periods/${locked.periodId}/lock`, { lock_date: day(-5) });
    expect(lock.status, JSON.stringify(lock.body)).toBe(200);
    const before = await balances(locked);
    const res = await post(locked, `/invoices/${inv.id}/payments/${paid.body.data.payment_id}/reverse`, {
      reversal_date: day(-10),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("PERIOD_LOCKED");
    const siRes = await post(locked, `/supplier-invoices/${si.id}/payments/${siPaid.body.data.payment_id}/reverse`, {
      reversal_date: day(-6),
    });
    expect(siRes.body.error.code).toBe("PERIOD_LOCKED");
    expect(await balances(locked)).toEqual(before);
    expect((await get(locked, `/invoices/${inv.id}`)).status).toBe("paid");
    expect((await get(locked, `/supplier-invoices/${si.id}`)).status).toBe("paid");
    // after the lock date it goes through
    const ok = await post(locked, `/invoices/${inv.id}/payments/${paid.body.data.payment_id}/reverse`, {});
    expect(ok.status).toBe(200);
  });
});
