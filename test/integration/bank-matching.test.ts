import { describe, expect, it } from "vitest";
import { invoiceOcr } from "../../src/sweden/bank-categories";
import { call, companyFixture, day, entryLines, uniqueKey, write, yearAroundToday } from "../helpers";
import { booksDb } from "../books";

const accrual = companyFixture({ name: "Matcha AB", ...yearAroundToday() });
const cash = companyFixture({ name: "Kontant AB", accounting_method: "cash", ...yearAroundToday() });
type Co = typeof accrual;
const url = (c: { companyId: string }, p: string) => `/api/v1/companies/${c.companyId}${p}`;

let seq = 0;
async function ingest(c: Co, amount: number, extra: Record<string, unknown> = {}) {
  const res = await write(c.actor.key, "POST", url(c, "/transactions/ingest"), {
    transactions: [
      { external_id: `m-${Date.now()}-${++seq}`, date: day(-2), description: `Inbetalning ${seq}`, amount, ...extra },
    ],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.transaction_ids[0] as string;
}
const act = (c: Co, id: string, action: string, body?: unknown, headers: Record<string, string> = {}) =>
  write(c.actor.key, "POST", url(c, `/transactions/${id}/${action}`), body, headers);
const getTx = async (c: Co, id: string) =>
  (await call("GET", url(c, `/transactions/${id}`), { key: c.actor.key })).body.data;
async function balances(c: Co) {
  const tb = await call("GET", url(c, `/reports/trial-balance?period_id=${c.periodId}`), { key: c.actor.key });
  return Object.fromEntries(tb.body.data.accounts.map((a: any) => [a.account_number, a.closing_balance])) as Record<
    string,
    number
  >;
}

async function customer(c: Co, body: Record<string, unknown> = {}) {
  const res = await write(c.actor.key, "POST", url(c, "/customers"), {
    name: "Kunden AB",
    customer_type: "swedish_business",
    default_payment_terms: 30,
    ...body,
  });
  expect(res.status).toBe(201);
  return res.body.data.id as string;
}

/** A sent invoice of 1 000 + 25 % VAT = 1 250 (or as given). */
async function sentInvoice(c: Co, body: Record<string, unknown> = {}, unitPrice = 1000) {
  const created = await write(c.actor.key, "POST", url(c, "/invoices"), {
    customer_id: await customer(c),
    invoice_date: day(-20),
    items: [{ description: "Konsult", quantity: 1, unit_price: unitPrice, vat_rate: 0.25 }],
    ...body,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const sent = await write(c.actor.key, "POST", url(c, `/invoices/${created.body.data.id}/mark-sent`));
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return sent.body.data;
}

async function supplierInvoice(c: Co, body: Record<string, unknown> = {}) {
  const sup = await write(c.actor.key, "POST", url(c, "/suppliers"), {
    name: `Lev ${++seq}`,
    supplier_type: "swedish_business",
    default_expense_account: "4010",
  });
  const res = await write(c.actor.key, "POST", url(c, "/supplier-invoices"), {
    supplier_id: sup.body.data.id,
    supplier_invoice_number: `S-${seq}`,
    invoice_date: day(-15),
    items: [{ amount: 1000, vat_rate: 0.25 }],
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

describe("match-invoice under the accrual method", () => {
  it("settles a full payment: Debit 1930 / Credit 1510, invoice paid, transaction linked", async () => {
    const inv = await sentInvoice(accrual);
    const tx = await ingest(accrual, 1250, { description: `Betalning ${inv.invoice_number}` });
    const res = await act(accrual, tx, "match-invoice", { invoice_id: inv.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      success: true,
      invoice_status: "paid",
      paid_amount: 1250,
      remaining_amount: 0,
      overpayment: 0,
      category: "invoice_payment",
    });
    expect(await entryLines(accrual.actor.key, accrual.companyId, res.body.data.journal_entry_id)).toEqual({
      "1930": [1250, 0],
      "1510": [0, 1250],
    });
    expect(await getTx(accrual, tx)).toMatchObject({
      status: "booked",
      invoice_id: inv.id,
      journal_entry_id: res.body.data.journal_entry_id,
      reconciliation_method: "manual",
    });
    const types = await booksDb
      .prepare(
        "SELECT type, object FROM outbox_events WHERE company_id = ? AND request_id = (SELECT request_id FROM outbox_events WHERE company_id = ? AND type = 'transaction.reconciled' ORDER BY rowid DESC LIMIT 1) ORDER BY rowid",
      )
      .bind(accrual.companyId, accrual.companyId)
      .all<{ type: string; object: string }>();
    expect(types.results.map((r) => r.type)).toEqual([
      "journal_entry.committed",
      "invoice.paid",
      "transaction.reconciled",
    ]);
    expect(JSON.parse(types.results[2].object)).toMatchObject({ id: tx, invoice_id: inv.id });
    const invoice = (await call("GET", url(accrual, `/invoices/${inv.id}?expand=payments`), { key: accrual.actor.key }))
      .body.data;
    expect(invoice).toMatchObject({ status: "paid", remaining_amount: 0 });
    expect(invoice.payments).toHaveLength(1);
    // matched rows: no second match, no ignore, no uncategorize
    expect((await act(accrual, tx, "match-invoice", { invoice_id: inv.id })).body.error.code).toBe("CONFLICT");
    expect((await act(accrual, tx, "ignore")).body.error.code).toBe("TX_IGNORE_ALREADY_BOOKED");
    expect((await act(accrual, tx, "uncategorize")).status).toBe(501);
  });

  it("takes a partial payment, then an over-payment whose excess goes to 2420", async () => {
    const inv = await sentInvoice(accrual);
    const part = await act(accrual, await ingest(accrual, 500), "match-invoice", { invoice_id: inv.id });
    expect(part.body.data).toMatchObject({ invoice_status: "partially_paid", paid_amount: 500, remaining_amount: 750 });
    const over = await act(accrual, await ingest(accrual, 800), "match-invoice", { invoice_id: inv.id });
    expect(over.body.data).toMatchObject({
      invoice_status: "paid",
      paid_amount: 1250,
      remaining_amount: 0,
      overpayment: 50,
    });
    expect(await entryLines(accrual.actor.key, accrual.companyId, over.body.data.journal_entry_id)).toEqual({
      "1930": [750, 0],
      "1510": [0, 750],
    });
    expect(await entryLines(accrual.actor.key, accrual.companyId, over.body.data.overpayment_journal_entry_id)).toEqual(
      { "1930": [50, 0], "2420": [0, 50] },
    );
  });

  it("books a currency difference to 3960 / 7960 from the SEK received", async () => {
    const eu = await customer(accrual, {
      name: "Kunde GmbH",
      customer_type: "eu_business",
      country: "DE",
      vat_number: "DE123456789",
    });
    const make = async () => {
      const created = await write(accrual.actor.key, "POST", url(accrual, "/invoices"), {
        customer_id: eu,
        invoice_date: day(-20),
        currency: "EUR",
        exchange_rate: 11,
        items: [{ description: "Tjänst", quantity: 1, unit_price: 100 }],
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return (await write(accrual.actor.key, "POST", url(accrual, `/invoices/${created.body.data.id}/mark-sent`))).body
        .data;
    };
    const gain = await make();
    // 100 EUR booked at 11 = 1 100 SEK; 1 150 SEK received
    const g = await act(
      accrual,
      await ingest(accrual, 1150, { amount_foreign: 100, currency_foreign: "EUR" }),
      "match-invoice",
      { invoice_id: gain.id },
    );
    expect(g.status, JSON.stringify(g.body)).toBe(200);
    expect(g.body.data).toMatchObject({ invoice_status: "paid", exchange_rate_difference: 50 });
    expect(await entryLines(accrual.actor.key, accrual.companyId, g.body.data.journal_entry_id)).toEqual({
      "1930": [1150, 0],
      "1510": [0, 1100],
      "3960": [0, 50],
    });
    const loss = await make();
    const l = await act(accrual, await ingest(accrual, 1080), "match-invoice", { invoice_id: loss.id });
    expect(l.body.data).toMatchObject({ invoice_status: "paid", exchange_rate_difference: -20 });
    expect(await entryLines(accrual.actor.key, accrual.companyId, l.body.data.journal_entry_id)).toEqual({
      "1930": [1080, 0],
      "1510": [0, 1100],
      "7960": [20, 0],
    });
  });

  it("reverses a conflicting categorisation first", async () => {
    const inv = await sentInvoice(accrual);
    const tx = await ingest(accrual, 1250);
    const cat = await act(accrual, tx, "categorize", { category: "tax_account" });
    const before = (await balances(accrual))["1630"] ?? 0;
    const res = await act(accrual, tx, "match-invoice", { invoice_id: inv.id });
    expect(res.status).toBe(200);
    expect(res.body.data.reversed_journal_entry_id).toBe(cat.body.data.journal_entry_id);
    const original = await call("GET", url(accrual, `/journal-entries/${cat.body.data.journal_entry_id}`), {
      key: accrual.actor.key,
    });
    expect(original.body.data.reversed_by_id).toBeTruthy();
    expect((await balances(accrual))["1630"]).toBe(before + 1250);
    expect((await getTx(accrual, tx)).category).toBe("invoice_payment");
  });

  it("matches a payment by its OCR reference without invoice_id", async () => {
    const inv = await sentInvoice(accrual);
    const ocr = inv.ocr_number ?? invoiceOcr(inv.invoice_number)!;
    const tx = await ingest(accrual, 1250, { reference: ocr, reference_type: "ocr", description: "BG INBETALNING" });
    expect((await getTx(accrual, tx)).potential_invoice_id).toBe(inv.id);
    const s = await call("POST", url(accrual, `/transactions/${tx}/suggest-categories`), { key: accrual.actor.key });
    expect(s.body.data.suggestions[0]).toMatchObject({
      category: "invoice_payment",
      account_number: "1510",
      invoice_id: inv.id,
      confidence: 0.99,
    });
    const res = await act(accrual, tx, "match-invoice", {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ invoice_id: inv.id, invoice_status: "paid" });
    expect((await getTx(accrual, tx)).reconciliation_method).toBe("ocr");
  });

  it("refuses with the MATCH_INVOICE_* codes and writes nothing", async () => {
    const inv = await sentInvoice(accrual);
    const out = await ingest(accrual, -1250);
    expect((await act(accrual, out, "match-invoice", { invoice_id: inv.id })).body.error.code).toBe(
      "MATCH_INVOICE_NOT_INCOME",
    );
    const inn = await ingest(accrual, 1250);
    const draft = await write(accrual.actor.key, "POST", url(accrual, "/invoices"), {
      customer_id: await customer(accrual),
      items: [{ description: "x", quantity: 1, unit_price: 1000 }],
    });
    expect((await act(accrual, inn, "match-invoice", { invoice_id: draft.body.data.id })).body.error.code).toBe(
      "MATCH_INVOICE_NOT_OPEN",
    );
    const proforma = await write(accrual.actor.key, "POST", url(accrual, "/invoices"), {
      customer_id: await customer(accrual),
      document_type: "proforma",
      items: [{ description: "x", quantity: 1, unit_price: 1000 }],
    });
    expect((await act(accrual, inn, "match-invoice", { invoice_id: proforma.body.data.id })).body.error.code).toBe(
      "MATCH_INVOICE_NOT_INVOICE_TYPE",
    );
    expect((await act(accrual, inn, "match-invoice", { invoice_id: "nope" })).status).toBe(404);
    expect((await act(accrual, inn, "match-invoice", {})).body.error.code).toBe("VALIDATION_ERROR");
    expect(
      (await act(accrual, inn, "match-invoice", { invoice_id: inv.id }, { "X-Dry-Run": "true" })).body.error.code,
    ).toBe("VALIDATION_ERROR");
    expect(await getTx(accrual, inn)).toMatchObject({ status: "unbooked", invoice_id: null });
    expect((await call("GET", url(accrual, `/invoices/${inv.id}`), { key: accrual.actor.key })).body.data.status).toBe(
      "sent",
    );
  });
});

describe("match-invoice under the cash method", () => {
  it("books the sale at payment, and refuses a partial payment", async () => {
    const inv = await sentInvoice(cash);
    expect(inv.journal_entry_id).toBeNull();
    const part = await act(cash, await ingest(cash, 600), "match-invoice", { invoice_id: inv.id });
    expect(part.status).toBe(400);
    expect(part.body.error.code).toBe("VALIDATION_ERROR");
    const res = await act(cash, await ingest(cash, 1250), "match-invoice", { invoice_id: inv.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await entryLines(cash.actor.key, cash.companyId, res.body.data.journal_entry_id)).toEqual({
      "1930": [1250, 0],
      "3001": [0, 1000],
      "2611": [0, 250],
    });
  });
});

describe("match-supplier-invoice", () => {
  it("accrual: Debit 2440 / Credit 1930; then MATCH_SI_ALREADY_PAID; a positive row is MATCH_SI_NOT_EXPENSE", async () => {
    const si = await supplierInvoice(accrual);
    const tx = await ingest(accrual, -1250, { description: "Betalning leverantör" });
    const res = await act(accrual, tx, "match-supplier-invoice", { supplier_invoice_id: si.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ supplier_invoice_status: "paid", paid_amount: 1250, remaining_amount: 0 });
    expect(await entryLines(accrual.actor.key, accrual.companyId, res.body.data.journal_entry_id)).toEqual({
      "2440": [1250, 0],
      "1930": [0, 1250],
    });
    expect(await getTx(accrual, tx)).toMatchObject({ supplier_invoice_id: si.id, status: "booked" });
    const again = await act(accrual, await ingest(accrual, -1250), "match-supplier-invoice", {
      supplier_invoice_id: si.id,
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("MATCH_SI_ALREADY_PAID");
    const positive = await act(accrual, await ingest(accrual, 1250), "match-supplier-invoice", {
      supplier_invoice_id: si.id,
    });
    expect(positive.body.error.code).toBe("MATCH_SI_NOT_EXPENSE");
  });

  it("accrual, foreign currency: the difference goes to 7960 (paid more SEK than booked)", async () => {
    const si = await supplierInvoice(accrual, {
      currency: "EUR",
      exchange_rate: 11,
      items: [{ amount: 100, vat_rate: 0 }],
    });
    const res = await act(
      accrual,
      await ingest(accrual, -1130, { amount_foreign: -100, currency_foreign: "EUR" }),
      "match-supplier-invoice",
      { supplier_invoice_id: si.id },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await entryLines(accrual.actor.key, accrual.companyId, res.body.data.journal_entry_id)).toEqual({
      "2440": [1100, 0],
      "7960": [30, 0],
      "1930": [0, 1130],
    });
  });

  it("cash: expense and input VAT booked at payment; a partial foreign payment is MATCH_SI_CASH_FX_UNSUPPORTED", async () => {
    const si = await supplierInvoice(cash);
    const res = await act(cash, await ingest(cash, -1250), "match-supplier-invoice", { supplier_invoice_id: si.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await entryLines(cash.actor.key, cash.companyId, res.body.data.journal_entry_id)).toEqual({
      "4010": [1000, 0],
      "2641": [250, 0],
      "1930": [0, 1250],
    });
    const eur = await supplierInvoice(cash, {
      currency: "EUR",
      exchange_rate: 11,
      items: [{ amount: 100, vat_rate: 0 }],
    });
    const part = await act(
      cash,
      await ingest(cash, -440, { amount_foreign: -40, currency_foreign: "EUR" }),
      "match-supplier-invoice",
      { supplier_invoice_id: eur.id },
    );
    expect(part.status).toBe(400);
    expect(part.body.error.code).toBe("MATCH_SI_CASH_FX_UNSUPPORTED");
  });
});

describe("invoice mark-paid: the likely-duplicate guard", () => {
  it("refuses while an unlinked inbound transaction looks like the payment, also under dry-run; force with a new key pays", async () => {
    const inv = await sentInvoice(accrual, {}, 7777);
    const total = inv.total;
    const tx = await ingest(accrual, total, { description: "Inbetalning kund" });
    const key = uniqueKey();
    const body = { payment_date: day(-1) };
    const refused = await call("POST", url(accrual, `/invoices/${inv.id}/mark-paid`), {
      key: accrual.actor.key,
      body,
      headers: { "Idempotency-Key": key },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("INVOICE_PAID_LIKELY_DUPLICATE");
    expect(refused.body.error.details.candidates).toEqual([
      expect.objectContaining({ transaction_id: tx, amount: total, reason: "amount" }),
    ]);
    const dry = await write(
      accrual.actor.key,
      "POST",
      url(accrual, `/invoices/${inv.id}/mark-paid?dry_run=true`),
      body,
    );
    expect(dry.body.error.code).toBe("INVOICE_PAID_LIKELY_DUPLICATE");
    const reused = await call("POST", url(accrual, `/invoices/${inv.id}/mark-paid`), {
      key: accrual.actor.key,
      body: { ...body, force: true },
      headers: { "Idempotency-Key": key },
    });
    expect(reused.status).toBe(409);
    expect(reused.body.error.code).toBe("IDEMPOTENCY_KEY_REUSE");
    const forced = await write(accrual.actor.key, "POST", url(accrual, `/invoices/${inv.id}/mark-paid`), {
      ...body,
      force: true,
    });
    expect(forced.status).toBe(200);
    expect(forced.body.data.status).toBe("paid");
  });

  it("names a transaction that carries the invoice number, and lets mark-paid through when none looks like it", async () => {
    const inv = await sentInvoice(accrual, {}, 4321);
    await ingest(accrual, 100, { description: `Delbetalning ${inv.invoice_number}` });
    const refused = await write(accrual.actor.key, "POST", url(accrual, `/invoices/${inv.id}/mark-paid`), {
      amount: 100,
    });
    expect(refused.body.error.details.candidates[0].reason).toBe("reference");
    const other = await sentInvoice(accrual, {}, 3333);
    const ok = await write(accrual.actor.key, "POST", url(accrual, `/invoices/${other.id}/mark-paid`), {});
    expect(ok.status).toBe(200);
  });
});
