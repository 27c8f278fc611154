import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import {
  BASE,
  call,
  companyFixture,
  day,
  entryLines,
  newActor,
  newCompany,
  newKey,
  runJob,
  uniqueKey,
  write,
  yearAroundToday,
} from "../helpers";
import { SELF } from "cloudflare:test";
import { booksDb, homeEnv } from "../books";

const f = companyFixture({ name: "Fakturera AB", ...yearAroundToday() });
const url = (x: { companyId: string }, p: string) => `/api/v1/companies/${x.companyId}${p}`;

async function newCustomer(x: typeof f, body: Record<string, unknown> = {}) {
  const res = await write(x.actor.key, "POST", url(x, "/customers"), {
    name: "Kund AB",
    customer_type: "swedish_business",
    email: "ekonomi@kund.se",
    default_payment_terms: 30,
    ...body,
  });
  expect(res.status).toBe(201);
  return res.body.data.id as string;
}

const create = (x: typeof f, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  write(x.actor.key, "POST", url(x, "/invoices"), body, headers);
const act = (x: typeof f, id: string, action: string, body?: unknown) =>
  write(x.actor.key, "POST", url(x, `/invoices/${id}/${action}`), body);
const get = (x: typeof f, id: string, q = "") => call("GET", url(x, `/invoices/${id}${q}`), { key: x.actor.key });

// Consulting 10 h x 1 000 at 25 %, two books x 150 at 6 %:
//   net 10 000 + 300 = 10 300; VAT 2 500 + 18 = 2 518; total 12 818
const ITEMS = [
  { description: "Konsulttimmar", quantity: 10, unit: "h", unit_price: 1000, vat_rate: 0.25 },
  { description: "Bok", quantity: 2, unit_price: 150, vat_rate: 0.06 },
];

describe("a draft", () => {
  it("is created with computed totals, no number and no entry", async () => {
    const customerId = await newCustomer(f);
    const res = await create(f, { customer_id: customerId, invoice_date: day(0), items: ITEMS });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      status: "draft",
      invoice_number: null,
      journal_entry_id: null,
      subtotal: 10300,
      vat_amount: 2518,
      total: 12818,
      total_sek: 12818,
      remaining_amount: 12818,
      due_date: day(30),
      vat_breakdown: [
        { vat_rate: 0.25, net: 10000, vat: 2500 },
        { vat_rate: 0.06, net: 300, vat: 18 },
      ],
    });
    expect(res.body.meta.audit.voucher_number).toBeNull();
    const items = (await get(f, res.body.data.id, "?expand=items")).body.data.items;
    expect(items.map((i: any) => [i.revenue_account, i.net_amount])).toEqual([
      ["3001", 10000],
      ["3003", 300],
    ]);
  });

  it("applies the customer's VAT rules: EU businesses pay no Swedish VAT", async () => {
    const eu = await newCustomer(f, {
      name: "Kunde GmbH",
      customer_type: "eu_business",
      country: "DE",
      vat_number: "DE123456789",
      email: null,
    });
    const bad = await create(f, {
      customer_id: eu,
      items: [{ description: "Tjänst", unit_price: 100, vat_rate: 0.25 }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({
      code: "INVOICE_CREATE_VAT_RULE_VIOLATION",
      details: { item: 0, allowed_vat_rates: [0] },
    });
    const ok = await create(f, { customer_id: eu, items: [{ description: "Tjänst", unit_price: 100 }] });
    expect(ok.body.data).toMatchObject({ vat_amount: 0, total: 100 });
    expect((await get(f, ok.body.data.id, "?expand=items")).body.data.items[0].revenue_account).toBe("3308");
    const delivery = await create(f, {
      customer_id: eu,
      document_type: "delivery_note",
      items: [{ description: "Leverans", unit_price: 0 }],
    });
    expect(delivery.body.data).toMatchObject({ document_type: "delivery_note", total: 0 });
  });

  it("is refused for an unknown customer or an unknown account, changing nothing", async () => {
    const missing = await create(f, { customer_id: "00000000-0000-4000-8000-000000000000", items: ITEMS });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe("INVOICE_CUSTOMER_NOT_FOUND");
    const customerId = await newCustomer(f, { name: "Kontolös AB" });
    const noAccount = await create(f, {
      customer_id: customerId,
      items: [{ description: "x", unit_price: 1, revenue_account: "3009" }],
    });
    expect(noAccount.body.error.code).toBe("ACCOUNTS_NOT_IN_CHART");
    const classFour = await create(f, {
      customer_id: customerId,
      items: [{ description: "x", unit_price: 1, revenue_account: "4010" }],
    });
    expect(classFour.body.error.code).toBe("VALIDATION_ERROR");
    const list = await call("GET", url(f, `/invoices?customer_id=${customerId}`), { key: f.actor.key });
    expect(list.body.data).toEqual([]);
  });

  it("can be patched and cancelled; a dry-run creates nothing", async () => {
    const customerId = await newCustomer(f, { name: "Utkast AB" });
    const dry = await create(f, { customer_id: customerId, items: ITEMS }, { "X-Dry-Run": "true" });
    expect(dry.headers.get("X-Dry-Run")).toBe("true");
    expect(dry.body.data.total).toBe(12818);
    expect(dry.body.data.items.map((i: any) => [i.description, i.net_amount])).toEqual([
      ["Konsulttimmar", 10000],
      ["Bok", 300],
    ]);
    expect(
      (await create(f, { customer_id: customerId, due_date: day(-1), items: ITEMS })).body.error.details.fields[0].path,
    ).toBe("due_date");
    expect((await call("GET", url(f, `/invoices?customer_id=${customerId}`), { key: f.actor.key })).body.data).toEqual(
      [],
    );
    const draft = (await create(f, { customer_id: customerId, items: ITEMS })).body.data;
    const patched = await write(f.actor.key, "PATCH", url(f, `/invoices/${draft.id}`), {
      due_date: day(45),
      your_reference: "Anna",
    });
    expect(patched.body.data).toMatchObject({ due_date: day(45), your_reference: "Anna", status: "draft" });
    expect((await write(f.actor.key, "PATCH", url(f, `/invoices/${draft.id}`), { items: [] })).body.error.code).toBe(
      "VALIDATION_ERROR",
    );
    const del = await write(f.actor.key, "DELETE", url(f, `/invoices/${draft.id}`));
    expect(del.status).toBe(204);
    expect((await get(f, draft.id)).body.data.status).toBe("cancelled");
    expect((await act(f, draft.id, "mark-sent")).body.error.code).toBe("INVOICE_SEND_CANCELLED");
  });
});

describe("issuing and paying under the accrual method", () => {
  it("numbers F1, F2 in order and books the sale on invoice_date", async () => {
    const customerId = await newCustomer(f, { name: "Serie AB" });
    const first = (await create(f, { customer_id: customerId, invoice_date: day(-1), items: ITEMS })).body.data;
    const second = (await create(f, { customer_id: customerId, invoice_date: day(-1), items: ITEMS })).body.data;
    const sent2 = await act(f, second.id, "mark-sent");
    const sent1 = await act(f, first.id, "mark-sent");
    expect(sent2.status).toBe(200);
    const numbers = [sent2.body.data.invoice_number, sent1.body.data.invoice_number];
    expect(numbers[1]).toBe(`F${Number(numbers[0].slice(1)) + 1}`);
    expect(sent1.body.data).toMatchObject({ status: "sent", sent_at: expect.any(String) });
    expect(sent1.body.meta.audit.voucher_number).toMatch(/^A\d+$/);
    expect(await entryLines(f.actor.key, f.companyId, sent1.body.data.journal_entry_id)).toEqual({
      "1510": [12818, 0],
      "3001": [0, 10000],
      "3003": [0, 300],
      "2611": [0, 2500],
      "2631": [0, 18],
    });
    const entry = (
      await call("GET", url(f, `/journal-entries/${sent1.body.data.journal_entry_id}`), { key: f.actor.key })
    ).body.data;
    expect(entry).toMatchObject({ entry_date: day(-1), source_type: "invoice_sent", status: "posted" });
    expect((await act(f, first.id, "mark-sent")).body.error.code).toBe("INVOICE_ALREADY_SENT");
    expect((await write(f.actor.key, "PATCH", url(f, `/invoices/${first.id}`), { notes: "x" })).body.error.code).toBe(
      "INVOICE_UPDATE_NOT_DRAFT",
    );
    expect((await write(f.actor.key, "DELETE", url(f, `/invoices/${first.id}`))).body.error.code).toBe(
      "INVOICE_DELETE_NOT_DRAFT",
    );
  });

  it("is paid in parts, then in full, emitting invoice.paid", async () => {
    const customerId = await newCustomer(f, { name: "Betalar AB" });
    const inv = (await create(f, { customer_id: customerId, items: ITEMS })).body.data;
    await act(f, inv.id, "mark-sent");
    const part = await act(f, inv.id, "mark-paid", { payment_date: day(0), amount: 2818 });
    expect(part.body.data).toMatchObject({
      status: "partially_paid",
      paid_amount: 2818,
      remaining_amount: 10000,
      paid_at: null,
    });
    expect(await entryLines(f.actor.key, f.companyId, part.body.data.journal_entry_id)).toEqual({
      "1930": [2818, 0],
      "1510": [0, 2818],
    });
    expect((await act(f, inv.id, "mark-paid", { amount: 10000.01 })).body.error.code).toBe("VALIDATION_ERROR");
    const rest = await act(f, inv.id, "mark-paid", { payment_date: day(0) });
    expect(rest.body.data).toMatchObject({ status: "paid", paid_amount: 12818, remaining_amount: 0 });
    expect(rest.body.data.paid_at).toBeTruthy();
    expect((await act(f, inv.id, "mark-paid", {})).body.error.code).toBe("INVOICE_PAID_NOT_PAYABLE");
    const payments = (await get(f, inv.id, "?expand=payments")).body.data.payments;
    expect(payments.map((p: any) => p.amount)).toEqual([2818, 10000]);
    const ev = await booksDb
      .prepare(
        "SELECT object FROM outbox_events WHERE company_id = ? AND type = 'invoice.paid' ORDER BY created, rowid",
      )
      .bind(f.companyId)
      .all<{ object: string }>();
    const last = JSON.parse(ev.results[ev.results.length - 1].object);
    expect(last).toMatchObject({
      paymentAmount: 10000,
      paymentDate: day(0),
      companyId: f.companyId,
      invoice: { id: inv.id, status: "paid" },
    });
    expect((await act(f, "00000000-0000-4000-8000-000000000000", "mark-paid", {})).body.error.code).toBe(
      "INVOICE_PAID_NOT_FOUND",
    );
  });

  it("takes custom payment lines that balance and clear 1510, and refuses others", async () => {
    const customerId = await newCustomer(f, { name: "Avgift AB" });
    const inv = (await create(f, { customer_id: customerId, items: [{ description: "Vara", unit_price: 800 }] })).body
      .data;
    await act(f, inv.id, "mark-sent");
    const line = (a: string, d: number, c: number) => ({ account_number: a, debit_amount: d, credit_amount: c });
    const unbalanced = await act(f, inv.id, "mark-paid", { lines: [line("1930", 990, 0), line("1510", 0, 1000)] });
    expect(unbalanced.body.error.code).toBe("INVOICE_PAID_LINES_UNBALANCED");
    const wrong = await act(f, inv.id, "mark-paid", { lines: [line("1930", 500, 0), line("1510", 0, 500)] });
    expect(wrong.body.error.code).toBe("VALIDATION_ERROR");
    const ok = await act(f, inv.id, "mark-paid", {
      payment_date: day(0),
      lines: [line("1930", 990, 0), line("6570", 10, 0), line("1510", 0, 1000)],
    });
    expect(ok.body.data.status).toBe("paid");
    expect(await entryLines(f.actor.key, f.companyId, ok.body.data.journal_entry_id)).toEqual({
      "1930": [990, 0],
      "6570": [10, 0],
      "1510": [0, 1000],
    });
  });

  it("credits a sent invoice with KR-<number> and a mirrored entry, once", async () => {
    const customerId = await newCustomer(f, { name: "Kredit Kund AB" });
    const inv = (await create(f, { customer_id: customerId, items: ITEMS })).body.data;
    const sent = (await act(f, inv.id, "mark-sent")).body.data;
    const res = await act(f, inv.id, "credit", { reason: "Felaktigt antal" });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      invoice_number: `KR-${sent.invoice_number}`,
      credited_invoice_id: inv.id,
      is_credit_note: true,
      total: -12818,
      remaining_amount: 0,
      original_status: "credited",
      invoice_date: day(0),
    });
    expect(await entryLines(f.actor.key, f.companyId, res.body.data.journal_entry_id)).toEqual({
      "1510": [0, 12818],
      "3001": [10000, 0],
      "3003": [300, 0],
      "2611": [2500, 0],
      "2631": [18, 0],
    });
    expect((await get(f, inv.id)).body.data).toMatchObject({ status: "credited", remaining_amount: 0 });
    expect((await act(f, inv.id, "credit", { reason: "igen" })).body.error.code).toBe(
      "INVOICE_CREDIT_ALREADY_CREDITED",
    );
    expect((await act(f, res.body.data.id, "credit", { reason: "x" })).body.error.code).toBe(
      "INVOICE_CREDIT_NOT_INVOICE",
    );
    expect((await act(f, "00000000-0000-4000-8000-000000000000", "credit", { reason: "x" })).body.error.code).toBe(
      "INVOICE_CREDIT_ORIGINAL_NOT_FOUND",
    );
    const types = await booksDb
      .prepare(
        "SELECT type FROM outbox_events WHERE company_id = ? AND type IN ('invoice.credited', 'credit_note.created')",
      )
      .bind(f.companyId)
      .all<{ type: string }>();
    expect(types.results.map((r) => r.type).sort()).toEqual(["credit_note.created", "invoice.credited"]);
  });

  it("books a foreign-currency invoice in SEK and its payment's currency difference", async () => {
    const customerId = await newCustomer(f, { name: "Export AB" });
    const inv = (
      await create(f, {
        customer_id: customerId,
        currency: "EUR",
        invoice_date: day(-2),
        items: [{ description: "Licens", unit_price: 100, vat_rate: 0.25 }],
      })
    ).body.data;
    // EUR at the fake Riksbank's 11.2345: 125 EUR = 1 404.3125 SEK, rounded 1 404.31
    expect(inv).toMatchObject({ currency: "EUR", exchange_rate: 11.2345, total: 125, total_sek: 1404.31 });
    const sent = (await act(f, inv.id, "mark-sent")).body.data;
    // 100 EUR -> 1 123.45 and 25 EUR -> 280.86 (the parts add up to the SEK total)
    expect(await entryLines(f.actor.key, f.companyId, sent.journal_entry_id)).toEqual({
      "1510": [1404.31, 0],
      "3001": [0, 1123.45],
      "2611": [0, 280.86],
    });
    expect((await act(f, inv.id, "mark-paid", { payment_date: day(0) })).body.error.details.fields[0].path).toBe(
      "exchange_rate_difference",
    );
    const paid = await act(f, inv.id, "mark-paid", { payment_date: day(0), exchange_rate_difference: 20.69 });
    expect(await entryLines(f.actor.key, f.companyId, paid.body.data.journal_entry_id)).toEqual({
      "1930": [1425, 0],
      "1510": [0, 1404.31],
      "3960": [0, 20.69],
    });
  });

  it("takes exchange_rate as a decimal string on create and PATCH, and refuses a malformed one changing nothing", async () => {
    const customerId = await newCustomer(f, { name: "Export i sträng AB" });
    const res = await create(f, {
      customer_id: customerId,
      currency: "EUR",
      exchange_rate: "11.50",
      invoice_date: day(-2),
      items: [{ description: "Licens", unit_price: 100, vat_rate: 0.25 }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // 125 EUR x 11.50 = 1 437.50 SEK
    expect(res.body.data).toMatchObject({ exchange_rate: 11.5, total: 125, total_sek: 1437.5 });
    const id = res.body.data.id;
    const patched = await write(f.actor.key, "PATCH", url(f, `/invoices/${id}`), { exchange_rate: "10.123456" });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    // 125 x 10.123456 = 1 265.432 -> 1 265.43
    expect(patched.body.data).toMatchObject({ exchange_rate: 10.123456, total_sek: 1265.43 });
    for (const bad of ["11,5", "1.1234567", "0", "0.000000", "100000", "-1", "", "1e2", " 11.5"]) {
      const r = await write(f.actor.key, "PATCH", url(f, `/invoices/${id}`), { exchange_rate: bad });
      expect(r.status, bad).toBe(400);
      expect(r.body.error.code).toBe("VALIDATION_ERROR");
      expect(r.body.error.details.fields[0].path).toBe("exchange_rate");
    }
    expect((await get(f, id)).body.data).toMatchObject({ exchange_rate: 10.123456, total_sek: 1265.43 });
    // booked at the patched rate: 1 265.43 split 100 : 25 over revenue and VAT (1 012.344 and 253.086, the öre to the larger remainder)
    const sent = (await act(f, id, "mark-sent")).body.data;
    expect(await entryLines(f.actor.key, f.companyId, sent.journal_entry_id)).toEqual({
      "1510": [1265.43, 0],
      "3001": [0, 1012.34],
      "2611": [0, 253.09],
    });
    // an invoice in SEK takes "1" as it takes 1
    const sek = await create(f, {
      customer_id: customerId,
      exchange_rate: "1.0",
      items: [{ description: "Tjänst", unit_price: 100, vat_rate: 0.25 }],
    });
    expect(sek.status, JSON.stringify(sek.body)).toBe(201);
  });

  it("books a self-billed invoice at once under the buyer's number", async () => {
    const customerId = await newCustomer(f, { name: "Självfakturerare AB" });
    const body = {
      customer_id: customerId,
      is_self_billed: true,
      external_invoice_number: "SB-77",
      received_date: day(0),
      invoice_date: day(-3),
      items: [{ description: "Leverans", unit_price: 2000 }],
    };
    const res = await create(f, body);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ status: "sent", invoice_number: "SB-77", is_self_billed: true, total: 2500 });
    expect(await entryLines(f.actor.key, f.companyId, res.body.data.journal_entry_id)).toEqual({
      "1510": [2500, 0],
      "3001": [0, 2000],
      "2611": [0, 500],
    });
    expect((await create(f, body)).body.error.code).toBe("CONFLICT");
    expect((await create(f, { ...body, external_invoice_number: undefined })).body.error.code).toBe("VALIDATION_ERROR");
  });

  it("bulk-creates with partial success", async () => {
    const customerId = await newCustomer(f, { name: "Bulk AB" });
    const res = await write(f.actor.key, "POST", url(f, "/invoices/bulk-create"), {
      invoices: [
        { customer_id: customerId, items: ITEMS },
        { customer_id: "nope", items: ITEMS },
        { customer_id: customerId, items: [] },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.data.summary).toEqual({ total: 3, succeeded: 1, failed: 2 });
    expect(res.body.data.results.map((r: any) => r.error?.code ?? "ok")).toEqual([
      "ok",
      "INVOICE_CUSTOMER_NOT_FOUND",
      "VALIDATION_ERROR",
    ]);
    expect(
      (await write(f.actor.key, "POST", url(f, "/invoices/bulk-create"), { invoices: [{}], all_or_nothing: true }))
        .status,
    ).toBe(501);
  });

  it("books a bulk of self-billed invoices in one batch with consecutive voucher numbers; a failing item takes none", async () => {
    const customerId = await newCustomer(f, { name: "Bulk Självfaktura AB" });
    const sb = (n: string, date: string) => ({
      customer_id: customerId,
      is_self_billed: true,
      external_invoice_number: n,
      received_date: day(0),
      invoice_date: date,
      items: [{ description: "Vara", unit_price: 100 }],
    });
    const res = await write(f.actor.key, "POST", url(f, "/invoices/bulk-create"), {
      invoices: [sb("B-1", day(-1)), sb("B-2", day(-400)), sb("B-3", day(-1)), sb("B-1", day(-1))],
    });
    expect(res.status).toBe(200);
    expect(res.body.data.results.map((r: any) => r.error?.code ?? r.data.status)).toEqual([
      "sent",
      "ENTRY_DATE_OUTSIDE_FISCAL_PERIOD",
      "sent",
      "CONFLICT",
    ]);
    const vouchers = await Promise.all(
      [0, 2].map(
        async (i) =>
          (
            await call("GET", url(f, `/journal-entries/${res.body.data.results[i].data.journal_entry_id}`), {
              key: f.actor.key,
            })
          ).body.data.voucher_number,
      ),
    );
    expect(vouchers[1]).toBe(vouchers[0] + 1);
  });

  it("keeps a customer with open invoices from being archived, and lists them on expand", async () => {
    const customerId = await newCustomer(f, { name: "Skuld AB" });
    const inv = (await create(f, { customer_id: customerId, items: ITEMS })).body.data;
    await act(f, inv.id, "mark-sent");
    const archive = await write(f.actor.key, "DELETE", url(f, `/customers/${customerId}`));
    expect(archive.status).toBe(409);
    expect(archive.body.error.code).toBe("CUSTOMER_HAS_INVOICES");
    const expanded = await call("GET", url(f, `/customers/${customerId}?expand=invoices`), { key: f.actor.key });
    expect(expanded.body.data.invoices.map((i: any) => i.id)).toEqual([inv.id]);
    await act(f, inv.id, "mark-paid", { payment_date: day(0) });
    expect((await write(f.actor.key, "DELETE", url(f, `/customers/${customerId}`))).status).toBe(204);
  });

  it("becomes overdue on the sweep after its due date", async () => {
    const customerId = await newCustomer(f, { name: "Sen Kund AB" });
    const inv = (await create(f, { customer_id: customerId, invoice_date: day(-40), due_date: day(5), items: ITEMS }))
      .body.data;
    await act(f, inv.id, "mark-sent");
    await booksDb.prepare("UPDATE invoices SET due_date = ? WHERE id = ?").bind(day(-10), inv.id).run();
    await runJob({ type: "invoices.overdue_sweep" });
    expect((await get(f, inv.id)).body.data.status).toBe("overdue");
    const backDated = (
      await create(f, { customer_id: customerId, invoice_date: day(-40), due_date: day(-10), items: ITEMS })
    ).body.data;
    expect((await act(f, backDated.id, "mark-sent")).body.data.status).toBe("overdue");
  });
});

describe("the invoice PDF", () => {
  it("renders a sent invoice and a draft, marked as such", async () => {
    const customerId = await newCustomer(f, {
      name: "Pdf Kund AB",
      address_line1: "Storgatan 1",
      postal_code: "111 22",
      city: "Stockholm",
    });
    const inv = (await create(f, { customer_id: customerId, items: ITEMS, our_reference: "Åsa Öberg" })).body.data;
    const draft = await SELF.fetch(`${BASE}${url(f, `/invoices/${inv.id}/pdf`)}`, {
      headers: { Authorization: `Bearer ${f.actor.key}` },
    });
    expect(draft.status).toBe(200);
    expect(draft.headers.get("Content-Type")).toBe("application/pdf");
    expect(draft.headers.get("Content-Disposition")).toContain("utkast");
    const draftDoc = await PDFDocument.load(new Uint8Array(await draft.arrayBuffer()));
    expect(draftDoc.getTitle()).toBe("Faktura utkast Fakturera AB");
    const sent = (await act(f, inv.id, "mark-sent")).body.data;
    const res = await SELF.fetch(`${BASE}${url(f, `/invoices/${inv.id}/pdf`)}`, {
      headers: { Authorization: `Bearer ${f.actor.key}` },
    });
    expect(res.headers.get("Content-Disposition")).toContain(`faktura-${sent.invoice_number}.pdf`);
    const doc = await PDFDocument.load(new Uint8Array(await res.arrayBuffer()));
    expect(doc.getTitle()).toBe(`Faktura ${sent.invoice_number} Fakturera AB`);
    expect(doc.getPageCount()).toBe(1);
    const other = await call(
      "GET",
      `/api/v1/companies/${f.companyId}/invoices/00000000-0000-4000-8000-000000000000/pdf`,
      { key: f.actor.key },
    );
    expect(other.status).toBe(404);
  });

  it("runs a long invoice onto further pages", async () => {
    const customerId = await newCustomer(f, { name: "Lång Faktura AB" });
    const items = Array.from({ length: 70 }, (_, i) => ({ description: `Rad ${i + 1}`, unit_price: 10 }));
    const inv = (await create(f, { customer_id: customerId, items })).body.data;
    expect(inv.total).toBe(875);
    const res = await SELF.fetch(`${BASE}${url(f, `/invoices/${inv.id}/pdf`)}`, {
      headers: { Authorization: `Bearer ${f.actor.key}` },
    });
    expect((await PDFDocument.load(new Uint8Array(await res.arrayBuffer()))).getPageCount()).toBe(2);
  });
});

describe("the cash method", () => {
  const cash = companyFixture({ name: "Kontantfaktura AB", accounting_method: "cash", ...yearAroundToday() });

  it("books nothing when issued and the sale when paid", async () => {
    const customerId = await newCustomer(cash);
    const inv = (await create(cash, { customer_id: customerId, items: ITEMS })).body.data;
    const sent = await act(cash, inv.id, "mark-sent");
    expect(sent.body.data).toMatchObject({ status: "sent", journal_entry_id: null });
    expect(sent.body.meta.audit.voucher_number).toBeNull();
    const paid = await act(cash, inv.id, "mark-paid", { payment_date: day(0) });
    expect(await entryLines(cash.actor.key, cash.companyId, paid.body.data.journal_entry_id)).toEqual({
      "1930": [12818, 0],
      "3001": [0, 10000],
      "3003": [0, 300],
      "2611": [0, 2500],
      "2631": [0, 18],
    });
  });
});

describe("the accounts-receivable ledger", () => {
  const books = companyFixture({ name: "Kundreskontra AB", ...yearAroundToday() });

  it("ages what customers owe at a date, and equals 1510 in the trial balance", async () => {
    const a = await newCustomer(books, { name: "Alfa Kund AB" });
    const b = await newCustomer(books, { name: "Beta Kund AB" });
    const issue = async (customer: string, due: number, price: number) => {
      const inv = (
        await create(books, {
          customer_id: customer,
          invoice_date: day(Math.min(due, 0) - 5),
          due_date: day(due),
          items: [{ description: "Vara", unit_price: price }],
        })
      ).body.data;
      return (await act(books, inv.id, "mark-sent")).body.data;
    };
    await issue(a, 10, 100); // not yet due: 0-30, 125
    await issue(a, -20, 200); // 20 days: 0-30, 250
    const b1 = await issue(b, -35, 400); // 31-60, 500 less 200 paid
    await issue(b, -95, 800); // 90+, 1 000
    const credited = await issue(b, -5, 1000);
    await (await create(books, { customer_id: b, items: [{ description: "Utkast", unit_price: 5 }] })).body.data; // a draft owes nothing
    await act(books, b1.id, "mark-paid", { payment_date: day(-1), amount: 200 });
    await act(books, credited.id, "credit", { reason: "Returnerat" });

    const res = await call("GET", url(books, `/reports/ar-ledger?as_of_date=${day(0)}`), { key: books.actor.key });
    expect(res.status).toBe(200);
    const d = res.body.data;
    const { ArLedgerSchema } = await import("../../src/domains/reports/schemas");
    expect(ArLedgerSchema.safeParse(d).success).toBe(true);
    expect(d.customers.map((c: any) => [c.customer_name, c.buckets, c.not_yet_due, c.total])).toEqual([
      ["Alfa Kund AB", { "0-30": 375, "31-60": 0, "61-90": 0, "90+": 0 }, 125, 375],
      ["Beta Kund AB", { "0-30": 0, "31-60": 300, "61-90": 0, "90+": 1000 }, 0, 1300],
    ]);
    expect(d.totals).toEqual({
      buckets: { "0-30": 375, "31-60": 300, "61-90": 0, "90+": 1000 },
      not_yet_due: 125,
      total: 1675,
      invoice_count: 4,
    });
    const tb = await call("GET", url(books, `/reports/trial-balance?period_id=${books.periodId}`), {
      key: books.actor.key,
    });
    expect(tb.body.data.accounts.find((x: any) => x.account_number === "1510").closing_balance).toBe(1675);
    // the default as_of_date is today
    expect((await call("GET", url(books, "/reports/ar-ledger"), { key: books.actor.key })).body.data.totals.total).toBe(
      1675,
    );
    // two days ago the payment and the credit note had not happened
    expect(
      (await call("GET", url(books, `/reports/ar-ledger?as_of_date=${day(-2)}`), { key: books.actor.key })).body.data
        .totals.total,
    ).toBe(1675 + 200 + 1250);
    expect(
      (await call("GET", url(books, "/reports/ar-ledger?as_of_date=2026-02-30"), { key: books.actor.key })).body.error
        .code,
    ).toBe("VALIDATION_ERROR");
  });
});

describe("sending by email", () => {
  const mailbox = async (to: string) =>
    ((await fetch("https://mail.test/__messages").then((r) => r.json())) as any[]).filter((m) => m.to[0].email === to);

  it("numbers, books and archives the PDF in one write, then emails it; a dry-run sends nothing", async () => {
    const customerId = await newCustomer(f, { name: "Mottagare AB", email: "ekonomi@mottagare.se" });
    const inv = (await create(f, { customer_id: customerId, items: ITEMS })).body.data;
    const dry = await write(f.actor.key, "POST", url(f, `/invoices/${inv.id}/send`), undefined, {
      "X-Dry-Run": "true",
    });
    expect(dry.headers.get("X-Dry-Run")).toBe("true");
    expect(dry.body.data.status).toBe("sent");
    expect(await mailbox("ekonomi@mottagare.se")).toHaveLength(0);
    expect((await get(f, inv.id)).body.data).toMatchObject({ status: "draft", invoice_number: null });
    const res = await act(f, inv.id, "send");
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: "sent",
      invoice_number: expect.stringMatching(/^F\d+$/),
      document_id: expect.any(String),
    });
    expect(await entryLines(f.actor.key, f.companyId, res.body.data.journal_entry_id)).toEqual({
      "1510": [12818, 0],
      "3001": [0, 10000],
      "3003": [0, 300],
      "2611": [0, 2500],
      "2631": [0, 18],
    });
    const sent = await mailbox("ekonomi@mottagare.se");
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      subject: `Faktura ${res.body.data.invoice_number} från Fakturera AB`,
      from: { email: "faktura@bokforing.test" },
      authorization: "Bearer test-mail-token",
    });
    const pdf = Uint8Array.from(atob(sent[0].attachments[0].content), (ch) => ch.charCodeAt(0));
    expect((await PDFDocument.load(pdf)).getTitle()).toBe(`Faktura ${res.body.data.invoice_number} Fakturera AB`);
    const doc = await call("GET", url(f, `/documents/${res.body.data.document_id}`), { key: f.actor.key });
    expect(doc.body.data).toMatchObject({
      mime_type: "application/pdf",
      journal_entry_id: res.body.data.journal_entry_id,
      immutable: true,
      upload_source: "invoice_send",
    });
    // the archived copy is the invoice's PDF from now on: the same bytes the customer was emailed
    expect(res.body.data.pdf_document_id).toBe(res.body.data.document_id);
    const served = await SELF.fetch(`http://localhost${url(f, `/invoices/${inv.id}/pdf`)}`, {
      headers: { Authorization: `Bearer ${f.actor.key}` },
    });
    const servedBytes = new Uint8Array(await served.arrayBuffer());
    expect(servedBytes.length === pdf.length && servedBytes.every((b, i) => b === pdf[i])).toBe(true);
    expect((await act(f, inv.id, "send")).body.error.code).toBe("INVOICE_ALREADY_SENT");
  });

  it("refuses a customer without email, changing nothing", async () => {
    const customerId = await newCustomer(f, { name: "Utan Epost AB", email: null });
    const inv = (await create(f, { customer_id: customerId, items: ITEMS })).body.data;
    const res = await act(f, inv.id, "send");
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("INVOICE_SEND_NO_CUSTOMER_EMAIL");
    expect((await get(f, inv.id)).body.data).toMatchObject({ status: "draft", invoice_number: null });
  });

  it("reverses the booking and keeps the number when the provider fails, and sends under it on retry", async () => {
    const customerId = await newCustomer(f, { name: "Strul AB", email: "fail@strul.se" });
    const inv = (await create(f, { customer_id: customerId, items: ITEMS })).body.data;
    const key = `send-${inv.id}`;
    const failed = await call("POST", url(f, `/invoices/${inv.id}/send`), {
      key: f.actor.key,
      headers: { "Idempotency-Key": key },
    });
    expect(failed.status).toBe(502);
    expect(failed.body.error).toMatchObject({ code: "INVOICE_SEND_PROVIDER_FAILED", details: { step: "email" } });
    const number = failed.body.error.details.invoice_number;
    const draft = (await get(f, inv.id)).body.data;
    expect(draft).toMatchObject({
      status: "draft",
      invoice_number: number,
      journal_entry_id: null,
      pdf_document_id: null,
    });
    // the sale and its storno: 1510 nets to zero
    const reversal = (
      await call("GET", url(f, `/journal-entries/${failed.body.error.details.reversal_entry_id}`), { key: f.actor.key })
    ).body.data;
    expect(reversal.reverses_id).toBeTruthy();
    const original = await entryLines(f.actor.key, f.companyId, reversal.reverses_id);
    expect(original["1510"]).toEqual([12818, 0]);
    expect((await entryLines(f.actor.key, f.companyId, reversal.id))["1510"]).toEqual([0, 12818]);

    await write(f.actor.key, "PATCH", url(f, `/customers/${customerId}`), { email: "ekonomi@strul.se" });
    // nothing was stored under the key: the same key runs the send again
    const retry = await call("POST", url(f, `/invoices/${inv.id}/send`), {
      key: f.actor.key,
      headers: { "Idempotency-Key": key },
    });
    expect(retry.status).toBe(200);
    expect(retry.headers.get("Idempotent-Replayed")).toBeNull();
    expect(retry.body.data).toMatchObject({ status: "sent", invoice_number: number });
    expect(retry.body.data.pdf_document_id).toBe(retry.body.data.document_id);
    expect(await mailbox("ekonomi@strul.se")).toHaveLength(1);
    // the sale, its storno (chained by the compensation's batch) and the new sale: the chain is whole (issue #45)
    const verified = await call("GET", url(f, "/ledger/verify?limit=5000"), { key: f.actor.key });
    expect(verified.body.data).toMatchObject({ complete: true, first_mismatch: null });
  });

  it("answers 503 INVOICE_SEND_EMAIL_NOT_CONFIGURED without a mail provider", async () => {
    const { runCommand } = await import("../../src/commands/runner");
    const { WIRING } = await import("../../src/app/commands");
    const customerId = await newCustomer(f, { name: "Okonfigurerad AB" });
    const inv = (await create(f, { customer_id: customerId, items: ITEMS })).body.data;
    const result = await runCommand(WIRING, { ...(await homeEnv(f.companyId)), EMAIL_API_URL: undefined } as any, {
      name: "invoices.send",
      input: { id: inv.id },
      idempotency: null,
      ctx: {
        companyId: f.companyId,
        requestId: "r",
        apiKeyId: f.actor.keyId,
        userId: f.actor.userId,
        role: "owner",
        unattendedCommitLimitOre: null,
        dryRun: false,
        now: new Date().toISOString(),
        apiVersion: "2026-05-12",
      },
    });
    expect(result).toMatchObject({ ok: false, status: 503, error: { code: "INVOICE_SEND_EMAIL_NOT_CONFIGURED" } });
    expect((await get(f, inv.id)).body.data.status).toBe("draft");
  });
});

// The same events in an accrual and a cash company, and what each report says of them:
//   A: ITEMS (10 000 at 25 %, 300 at 6 %; total 12 818) sent and paid in full
//   B: 2 000 at 25 % (total 2 500) sent, unpaid
//   C: 1 000 to an EU business at 0 % (3308) sent, unpaid
//   S: supplier invoice 800 + 200 VAT (total 1 000) registered, unpaid
// Accrual books everything when invoiced; cash only A (when paid).
describe.each([
  [
    "accrual",
    {
      box05: 12300,
      box10: 3000,
      box12: 18,
      box39: 1000,
      box48: 200,
      box49: 2818,
      net: 12500,
      r1510: 3500,
      r2440: -1000,
    },
  ],
  ["cash", { box05: 10300, box10: 2500, box12: 18, box39: 0, box48: 0, box49: 2518, net: 10300, r1510: 0, r2440: 0 }],
] as const)("the reports of a company using the %s method", (method, want) => {
  const co = companyFixture({ name: `Metod ${method} AB`, accounting_method: method, ...yearAroundToday() });

  it("follow the books that the method makes, while the ledgers list what is owed either way", async () => {
    const swedish = await newCustomer(co, { name: "Svensk Kund AB" });
    const eu = await newCustomer(co, {
      name: "Kunde GmbH",
      customer_type: "eu_business",
      country: "DE",
      vat_number: "DE123456789",
      email: null,
    });
    const issue = async (customer: string, items: unknown[]) => {
      const inv = (await create(co, { customer_id: customer, invoice_date: day(-3), due_date: day(27), items })).body
        .data;
      return (await act(co, inv.id, "mark-sent")).body.data;
    };
    const a = await issue(swedish, ITEMS);
    await issue(swedish, [{ description: "Tjänst", unit_price: 2000 }]);
    await issue(eu, [{ description: "Konsulttjänst", unit_price: 1000 }]);
    expect((await act(co, a.id, "mark-paid", { payment_date: day(-1) })).status).toBe(200);
    const supplier = (
      await write(co.actor.key, "POST", url(co, "/suppliers"), {
        name: "Leverantör AB",
        supplier_type: "swedish_business",
        default_expense_account: "4010",
      })
    ).body.data.id;
    expect(
      (
        await write(co.actor.key, "POST", url(co, "/supplier-invoices"), {
          supplier_id: supplier,
          supplier_invoice_number: "S-1",
          invoice_date: day(-3),
          items: [{ amount: 800 }],
        })
      ).status,
    ).toBe(201);

    const rep = async (name: string, q: string) =>
      (await call("GET", url(co, `/reports/${name}?${q}`), { key: co.actor.key })).body.data;
    const vat = await rep("vat-declaration", `period_id=${co.periodId}`);
    expect(["05", "10", "12", "39", "48", "49"].map((b) => vat.boxes[b].amount)).toEqual([
      want.box05,
      want.box10,
      want.box12,
      want.box39,
      want.box48,
      want.box49,
    ]);
    expect((await rep("income-statement", `period_id=${co.periodId}`)).netResult).toBe(want.net);
    const tb = await rep("trial-balance", `period_id=${co.periodId}`);
    const closing = (acc: string) => tb.accounts.find((x: any) => x.account_number === acc)?.closing_balance ?? 0;
    expect([closing("1930"), closing("1510"), closing("2440")]).toEqual([12818, want.r1510, want.r2440]);
    expect(tb.balanced).toBe(true);
    // owed either way: B and C by customers, S to the supplier
    expect((await rep("ar-ledger", "")).totals.total).toBe(3500);
    expect((await rep("supplier-ledger", "")).totals.total).toBe(1000);
  });
});

describe("access", () => {
  it("needs the invoices and suppliers scopes, and hides another company's invoices", async () => {
    const customerId = await newCustomer(f, { name: "Åtkomst AB" });
    const inv = (await create(f, { customer_id: customerId, items: ITEMS })).body.data;
    const reader = await newKey(f.actor.userId, { scopes: ["invoices:read"] });
    expect((await call("GET", url(f, `/invoices/${inv.id}`), { key: reader.key })).status).toBe(200);
    const refused = await call("POST", url(f, `/invoices/${inv.id}/mark-sent`), {
      key: reader.key,
      headers: { "Idempotency-Key": uniqueKey() },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("INSUFFICIENT_SCOPE");
    expect((await call("GET", url(f, "/supplier-invoices"), { key: reader.key })).body.error.code).toBe(
      "INSUFFICIENT_SCOPE",
    );
    expect((await call("GET", url(f, "/reports/ar-ledger"), { key: reader.key })).body.error.code).toBe(
      "INSUFFICIENT_SCOPE",
    );
    expect((await get(f, inv.id)).body.data.status).toBe("draft");

    // another user's company: its invoice and its company are both unknown here
    const other = await newActor();
    const otherCompany = await newCompany(other.key, { name: "Annat AB", ...yearAroundToday() });
    const theirCustomer = (
      await write(other.key, "POST", `/api/v1/companies/${otherCompany.id}/customers`, {
        name: "Deras kund",
        customer_type: "swedish_business",
      })
    ).body.data.id;
    const theirs = (
      await write(other.key, "POST", `/api/v1/companies/${otherCompany.id}/invoices`, {
        customer_id: theirCustomer,
        items: ITEMS,
      })
    ).body.data;
    expect((await get(f, theirs.id)).status).toBe(404);
    expect((await act(f, theirs.id, "mark-sent")).status).toBe(404);
    expect(
      (await call("GET", `/api/v1/companies/${otherCompany.id}/invoices/${theirs.id}`, { key: f.actor.key })).status,
    ).toBe(404);
    // an invoice of this company cannot be made for another company's customer
    expect((await create(f, { customer_id: theirCustomer, items: ITEMS })).body.error.code).toBe(
      "INVOICE_CUSTOMER_NOT_FOUND",
    );
  });
});
