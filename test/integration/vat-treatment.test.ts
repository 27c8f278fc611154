// Issue 12 items 1 and 2: the VAT treatment of a sale follows from the customer and the
// kind of supply (not from the article's account), and a purchase from abroad or under
// domestic reverse charge books the buyer's VAT; both checked on the books and on the
// momsdeklaration. Each scenario is dated on its own day so its boxes stand alone.
import { describe, expect, it } from "vitest";
import { call, companyFixture, day, entryLines, write, yearAroundToday } from "../helpers";

const f = companyFixture({ name: "Moms AB", ...yearAroundToday() });
const url = (p: string) => `/api/v1/companies/${f.companyId}${p}`;

async function customer(body: Record<string, unknown>) {
  const res = await write(f.actor.key, "POST", url("/customers"), { default_payment_terms: 30, ...body });
  expect(res.status).toBe(201);
  return res.body.data.id as string;
}

async function article(body: Record<string, unknown>) {
  return write(f.actor.key, "POST", url("/articles"), {
    number: `A-${Math.random().toString(36).slice(2, 8)}`,
    name: "Vara",
    default_price: 100,
    ...body,
  });
}

/** Creates and issues an invoice; returns it with its items. */
async function issued(customerId: string, invoiceDate: string, items: Record<string, unknown>[]) {
  const created = await write(f.actor.key, "POST", url("/invoices"), {
    customer_id: customerId,
    invoice_date: invoiceDate,
    items,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const sent = await write(f.actor.key, "POST", url(`/invoices/${created.body.data.id}/mark-sent`));
  expect(sent.status).toBe(200);
  return { ...sent.body.data, items: created.body.data.items };
}

async function boxes(date: string): Promise<Record<string, number>> {
  const res = await call("GET", url(`/reports/vat-declaration?from_date=${date}&to_date=${date}`), {
    key: f.actor.key,
  });
  expect(res.status).toBe(200);
  return Object.fromEntries(
    Object.entries(res.body.data.boxes as Record<string, { amount: number }>).map(([b, v]) => [b, v.amount]),
  );
}

const nonZero = (b: Record<string, number>) => Object.fromEntries(Object.entries(b).filter(([, v]) => v !== 0));

describe("sales: treatment from the customer and the kind of supply", () => {
  it("books goods to an EU business on 3108 (box 35), not on the article's domestic 3002 (box 05)", async () => {
    const a = await article({ vat_rate: 0.12, revenue_account: "3002", supply_type: "goods" });
    expect(a.status).toBe(201);
    expect(a.body.data.supply_type).toBe("goods");
    const de = await customer({
      name: "Kunde GmbH",
      customer_type: "eu_business",
      country: "DE",
      vat_number: "DE123456789",
    });
    const date = day(-40);
    const inv = await issued(de, date, [
      { description: "Kaffe", quantity: 10, unit_price: 200, article_id: a.body.data.id },
    ]);
    expect(inv).toMatchObject({ subtotal: 2000, vat_amount: 0, total: 2000 });
    expect(inv.items[0]).toMatchObject({
      revenue_account: "3108",
      vat_rate: 0,
      supply_type: "goods",
      vat_treatment: "eu_goods",
    });
    expect(await entryLines(f.actor.key, f.companyId, inv.journal_entry_id)).toEqual({
      "1510": [2000, 0],
      "3108": [0, 2000],
    });
    expect(nonZero(await boxes(date))).toEqual({ "35": 2000 });
  });

  it("books services to an EU business on 3308 (box 39) and goods named on the line without an article on 3108", async () => {
    const fr = await customer({
      name: "Client SARL",
      customer_type: "eu_business",
      country: "FR",
      vat_number: "FR12345678901",
    });
    const date = day(-39);
    const inv = await issued(fr, date, [
      { description: "Konsulttimmar", quantity: 4, unit_price: 1000 },
      { description: "Reservdel", unit_price: 500, supply_type: "goods" },
    ]);
    expect(inv.items.map((i: any) => [i.revenue_account, i.vat_treatment])).toEqual([
      ["3308", "eu_services_reverse_charge"],
      ["3108", "eu_goods"],
    ]);
    expect(await entryLines(f.actor.key, f.companyId, inv.journal_entry_id)).toEqual({
      "1510": [4500, 0],
      "3308": [0, 4000],
      "3108": [0, 500],
    });
    expect(nonZero(await boxes(date))).toEqual({ "35": 500, "39": 4000 });
  });

  it("refuses Swedish VAT, and a domestic revenue account, on a sale to an EU business", async () => {
    const dk = await customer({
      name: "Kunde ApS",
      customer_type: "eu_business",
      country: "DK",
      vat_number: "DK12345678",
    });
    const withVat = await write(f.actor.key, "POST", url("/invoices"), {
      customer_id: dk,
      items: [{ description: "Tjänst", unit_price: 100, vat_rate: 0.25 }],
    });
    expect(withVat.status).toBe(400);
    expect(withVat.body.error.code).toBe("INVOICE_CREATE_VAT_RULE_VIOLATION");
    const domestic = await write(f.actor.key, "POST", url("/invoices"), {
      customer_id: dk,
      items: [{ description: "Tjänst", unit_price: 100, revenue_account: "3001" }],
    });
    expect(domestic.status).toBe(400);
    expect(domestic.body.error).toMatchObject({
      code: "INVOICE_CREATE_VAT_RULE_VIOLATION",
      details: { revenue_account: "3001", vat_treatment: "eu_services_reverse_charge" },
    });
  });

  it("charges Swedish VAT to an EU consumer: goods on 3106 and services on 3001, both in box 05", async () => {
    const consumer = await customer({ name: "Hans Müller", customer_type: "individual", country: "DE" });
    const date = day(-38);
    const inv = await issued(consumer, date, [
      { description: "Bok", unit_price: 400, vat_rate: 0.06, supply_type: "goods" },
      { description: "Kurs", unit_price: 1000 },
    ]);
    expect(inv.items.map((i: any) => [i.revenue_account, i.vat_rate, i.vat_treatment])).toEqual([
      ["3106", 0.06, "eu_consumer_goods"],
      ["3001", 0.25, "eu_consumer_services"],
    ]);
    expect(await entryLines(f.actor.key, f.companyId, inv.journal_entry_id)).toEqual({
      "1510": [1674, 0],
      "3106": [0, 400],
      "3001": [0, 1000],
      "2611": [0, 250],
      "2631": [0, 24],
    });
    expect(nonZero(await boxes(date))).toEqual({ "05": 1400, "10": 250, "12": 24, "49": 274 });
  });

  it("exports outside the EU without VAT: goods on 3105 (box 36), services to a business on 3305 (box 40)", async () => {
    const us = await customer({ name: "Client Inc", customer_type: "swedish_business", country: "US" });
    const date = day(-37);
    const inv = await issued(us, date, [
      { description: "Maskin", unit_price: 7000, supply_type: "goods" },
      { description: "Installation", unit_price: 3000 },
    ]);
    expect(inv.vat_amount).toBe(0);
    expect(await entryLines(f.actor.key, f.companyId, inv.journal_entry_id)).toEqual({
      "1510": [10000, 0],
      "3105": [0, 7000],
      "3305": [0, 3000],
    });
    expect(nonZero(await boxes(date))).toEqual({ "36": 7000, "40": 3000 });
  });

  it("keeps a domestic sale on the article's account and rate", async () => {
    const a = await article({ vat_rate: 0.12, revenue_account: "3002", supply_type: "goods" });
    const se = await customer({ name: "Kund AB", customer_type: "swedish_business" });
    const date = day(-36);
    const inv = await issued(se, date, [{ description: "Livsmedel", unit_price: 1000, article_id: a.body.data.id }]);
    expect(inv.items[0]).toMatchObject({ revenue_account: "3002", vat_rate: 0.12, vat_treatment: "domestic" });
    expect(nonZero(await boxes(date))).toEqual({ "05": 1000, "11": 120, "49": 120 });
  });

  it("cross-checks an article's VAT rate with its revenue account", async () => {
    const bad = await article({ vat_rate: 0.25, revenue_account: "3002" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("VALIDATION_ERROR");
    expect(bad.body.error.details.fields[0].path).toBe("vat_rate");
    const ok = await article({ vat_rate: 0.06, revenue_account: "3003" });
    expect(ok.status).toBe(201);
    const patch = await write(f.actor.key, "PATCH", url(`/articles/${ok.body.data.id}`), { vat_rate: 0.12 });
    expect(patch.status).toBe(400);
    expect((await call("GET", url(`/articles/${ok.body.data.id}`), { key: f.actor.key })).body.data.vat_rate).toBe(
      0.06,
    );
  });
});

describe("purchases: reverse charge", () => {
  async function supplier(body: Record<string, unknown>) {
    const res = await write(f.actor.key, "POST", url("/suppliers"), {
      default_expense_account: "6550",
      default_payment_terms: 30,
      ...body,
    });
    expect(res.status).toBe(201);
    return res.body.data.id as string;
  }
  const register = (body: Record<string, unknown>) =>
    write(f.actor.key, "POST", url("/supplier-invoices"), {
      supplier_invoice_number: `N-${Math.random().toString(36).slice(2, 9)}`,
      ...body,
    });

  it("books services from an EU supplier on 4535 with 2614 / 2645 (boxes 21, 30, 48)", async () => {
    const s = await supplier({
      name: "Berater GmbH",
      supplier_type: "eu_business",
      country: "DE",
      vat_number: "DE999999999",
    });
    const date = day(-30);
    const res = await register({
      supplier_id: s,
      invoice_date: date,
      items: [{ description: "Rådgivning", amount: 10000, vat_rate: 0.25 }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // the supplier charged no VAT: 2440 is the net
    expect(res.body.data).toMatchObject({ subtotal: 10000, vat_amount: 0, total: 10000 });
    expect(await entryLines(f.actor.key, f.companyId, res.body.data.registration_journal_entry_id)).toEqual({
      "4535": [10000, 0],
      "2645": [2500, 0],
      "2614": [0, 2500],
      "2440": [0, 10000],
    });
    expect(nonZero(await boxes(date))).toEqual({ "21": 10000, "30": 2500, "48": 2500 });
    const items = (await call("GET", url(`/supplier-invoices/${res.body.data.id}?expand=items`), { key: f.actor.key }))
      .body.data.items;
    expect(items[0]).toMatchObject({
      account_number: "4535",
      vat_treatment: "eu_services",
      supply_type: "services",
      vat_amount: 0,
    });
  });

  it("books goods from an EU supplier on 4516 at 12 % (boxes 20, 31, 48), in SEK at the invoice's rate", async () => {
    const s = await supplier({
      name: "Dostawca Sp. z o.o.",
      supplier_type: "eu_business",
      country: "PL",
      default_currency: "EUR",
    });
    const date = day(-29);
    const res = await register({
      supplier_id: s,
      invoice_date: date,
      exchange_rate: 11.5,
      items: [{ amount: 100, vat_rate: 0.12, supply_type: "goods" }],
    });
    expect(res.status).toBe(201);
    expect(await entryLines(f.actor.key, f.companyId, res.body.data.registration_journal_entry_id)).toEqual({
      "4516": [1150, 0],
      "2645": [138, 0],
      "2624": [0, 138],
      "2440": [0, 1150],
    });
    expect(nonZero(await boxes(date))).toEqual({ "20": 1150, "31": 138, "48": 138 });
  });

  it("books domestic construction services under reverse charge on 4425 with 2614 / 2647 (boxes 24, 30, 48)", async () => {
    const s = await supplier({ name: "Bygg & Montage AB", supplier_type: "swedish_business" });
    const date = day(-28);
    const res = await register({
      supplier_id: s,
      invoice_date: date,
      items: [{ description: "Ombyggnad", amount: 8000, vat_rate: 0.25, reverse_charge: true }],
    });
    expect(res.status).toBe(201);
    expect(await entryLines(f.actor.key, f.companyId, res.body.data.registration_journal_entry_id)).toEqual({
      "4425": [8000, 0],
      "2647": [2000, 0],
      "2614": [0, 2000],
      "2440": [0, 8000],
    });
    expect(nonZero(await boxes(date))).toEqual({ "24": 8000, "30": 2000, "48": 2000 });
  });

  it("books services from outside the EU on 4531 (box 22); the credit note mirrors it", async () => {
    const s = await supplier({ name: "Cloud Inc", supplier_type: "non_eu_business", country: "US" });
    const date = day(-27);
    const res = await register({ supplier_id: s, invoice_date: date, items: [{ amount: 5000 }] });
    expect(res.status).toBe(201);
    expect(await entryLines(f.actor.key, f.companyId, res.body.data.registration_journal_entry_id)).toEqual({
      "4531": [5000, 0],
      "2645": [1250, 0],
      "2614": [0, 1250],
      "2440": [0, 5000],
    });
    expect(nonZero(await boxes(date))).toEqual({ "22": 5000, "30": 1250, "48": 1250 });
    const credit = await write(f.actor.key, "POST", url(`/supplier-invoices/${res.body.data.id}/credit`));
    expect(credit.status).toBe(201);
    expect(await entryLines(f.actor.key, f.companyId, credit.body.data.registration_journal_entry_id)).toEqual({
      "4531": [0, 5000],
      "2645": [0, 1250],
      "2614": [1250, 0],
      "2440": [5000, 0],
    });
  });

  it("registers a supplier outside the EU as such: its goods are an import booked as invoiced (VAT through customs, box 50), never EU acquisitions", async () => {
    const created = await write(f.actor.key, "POST", url("/suppliers"), {
      name: "Widget Ltd",
      supplier_type: "non_eu_business",
      country: "GB",
      default_expense_account: "4010",
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ supplier_type: "non_eu_business", country: "GB" });
    const date = day(-25);
    const res = await register({
      supplier_id: created.body.data.id,
      invoice_date: date,
      items: [{ amount: 3000, vat_rate: 0, supply_type: "goods" }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // ML 2023:200: import VAT is charged on the customs value the customs declaration states,
    // not on the seller's invoice, so the invoice carries no VAT and fills no box
    expect(await entryLines(f.actor.key, f.companyId, res.body.data.registration_journal_entry_id)).toEqual({
      "4010": [3000, 0],
      "2440": [0, 3000],
    });
    expect(nonZero(await boxes(date))).toEqual({});
    const items = (await call("GET", url(`/supplier-invoices/${res.body.data.id}?expand=items`), { key: f.actor.key }))
      .body.data.items;
    expect(items[0]).toMatchObject({ vat_treatment: "import_goods", supply_type: "goods" });

    // the type and the country cannot contradict each other; a refusal stores nothing
    const before = (await call("GET", url("/suppliers"), { key: f.actor.key })).body.data.length;
    for (const body of [
      { name: "Lieferant GmbH", supplier_type: "non_eu_business", country: "DE" },
      { name: "Leverantör AB", supplier_type: "non_eu_business", country: "SE" },
      { name: "Nowhere Inc", supplier_type: "non_eu_business" },
    ]) {
      const refused = await write(f.actor.key, "POST", url("/suppliers"), body);
      expect(refused.status).toBe(400);
      expect(refused.body.error.details.fields[0].path).toBe("country");
    }
    const moved = await write(f.actor.key, "PATCH", url(`/suppliers/${created.body.data.id}`), { country: "FR" });
    expect(moved.status).toBe(400);
    expect((await call("GET", url("/suppliers"), { key: f.actor.key })).body.data.length).toBe(before);
    expect((await call("GET", url(`/suppliers/${created.body.data.id}`), { key: f.actor.key })).body.data.country).toBe(
      "GB",
    );
  });

  it("refuses VAT charged on a reverse-charged line and reverse_charge on a supplier abroad, writing nothing", async () => {
    const s = await supplier({ name: "Andere GmbH", supplier_type: "eu_business", country: "AT" });
    const charged = await register({
      supplier_id: s,
      invoice_date: day(-26),
      items: [{ amount: 100, vat_amount: 25 }],
    });
    expect(charged.status).toBe(400);
    expect(charged.body.error.details.fields[0].path).toBe("items.0.vat_amount");
    const flagged = await register({
      supplier_id: s,
      invoice_date: day(-26),
      items: [{ amount: 100, reverse_charge: true }],
    });
    expect(flagged.status).toBe(400);
    expect(nonZero(await boxes(day(-26)))).toEqual({});
    const list = await call("GET", url(`/supplier-invoices?supplier_id=${s}`), { key: f.actor.key });
    expect(list.body.data).toEqual([]);
  });
});
