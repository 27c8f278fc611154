// Issue 30, the EU sales list (periodisk sammanställning, SKV 5740): per buyer VAT number from the
// invoices and credit notes of a month or quarter, in SEK as booked, its totals equal to boxes 35,
// 38 and 39 of the momsdeklaration for the same dates, and Skatteverket's upload file (SKV 574008).
// The company's year is 2026; each scenario has months of its own so their boxes stand apart.
import { describe, expect, it } from "vitest";
import { SELF } from "cloudflare:test";
import { BASE, call, companyFixture, entryLines, line, newCompany, postedEntry, write } from "../helpers";

const f = companyFixture({ name: "Export AB" });
const url = (p: string) => `/api/v1/companies/${f.companyId}${p}`;

async function customer(body: Record<string, unknown>) {
  const res = await write(f.actor.key, "POST", url("/customers"), {
    customer_type: "eu_business",
    default_payment_terms: 30,
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as string;
}

/** Creates and issues an invoice dated `date`; returns it with its items. */
async function issued(customerId: string, date: string, items: Record<string, unknown>[], extra = {}) {
  const created = await write(f.actor.key, "POST", url("/invoices"), {
    customer_id: customerId,
    invoice_date: date,
    items,
    ...extra,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const sent = await write(f.actor.key, "POST", url(`/invoices/${created.body.data.id}/mark-sent`));
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return { ...sent.body.data, items: created.body.data.items };
}

async function credit(invoiceId: string, body: Record<string, unknown>) {
  const res = await write(f.actor.key, "POST", url(`/invoices/${invoiceId}/credit`), body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

async function boxes(from: string, to: string) {
  const res = await call("GET", url(`/reports/vat-declaration?from_date=${from}&to_date=${to}`), { key: f.actor.key });
  expect(res.status).toBe(200);
  const b = res.body.data.boxes as Record<string, { amount: number }>;
  return { "35": b["35"].amount, "38": b["38"].amount, "39": b["39"].amount };
}

const list = (period: string) => call("GET", url(`/eu-sales-lists?period=${period}`), { key: f.actor.key });
/** The file route; a file's body is read as ISO 8859-1, an error's as JSON. */
async function file(query: string) {
  const res = await SELF.fetch(`${BASE}${url(`/eu-sales-lists/file?${query}`)}`, {
    headers: { Authorization: `Bearer ${f.actor.key}` },
  });
  const bytes = new Uint8Array(await res.arrayBuffer());
  const body = res.ok ? new TextDecoder("latin1").decode(bytes) : JSON.parse(new TextDecoder().decode(bytes));
  return { status: res.status, headers: res.headers, body, bytes };
}
const goods = (description: string, unit_price: number, quantity = 1) => ({
  description,
  quantity,
  unit_price,
  supply_type: "goods",
});
const services = (description: string, unit_price: number) => ({ description, unit_price, supply_type: "services" });

describe("the EU sales list of a month and its quarter", () => {
  const ids: Record<string, string> = {};

  it("lists goods, services, a credit note and a EUR invoice per buyer, its totals equal to boxes 35/38/39", async () => {
    const de = await customer({ name: "Kunde GmbH", country: "DE", vat_number: "DE123456789" });
    const fr = await customer({ name: "Client SARL", country: "FR", vat_number: "FR 12 345678901" });
    const at = await customer({ name: "Kunde Wien GmbH", country: "AT", vat_number: "ATU12345678" });

    const feb = await issued(de, "2026-02-20", [services("Konsultation februari", 1500)]);
    const deGoods = await issued(de, "2026-03-05", [goods("Maskindelar", 2000, 10)]);
    const frServices = await issued(fr, "2026-03-10", [services("Konsultation", 5000)]);
    const atEur = await issued(at, "2026-03-12", [goods("Verktyg", 1000)], { currency: "EUR", exchange_rate: 11.2345 });
    // the EUR invoice is booked in SEK at its rate: 1 000 EUR = 11 234.50 kr on 3108
    expect(await entryLines(f.actor.key, f.companyId, atEur.journal_entry_id)).toEqual({
      "1510": [11234.5, 0],
      "3108": [0, 11234.5],
    });
    const frCredit = await credit(frServices.id, {
      reason: "Rabatt",
      credit_date: "2026-03-20",
      items: [{ item_id: frServices.items[0].id, amount: 2000 }],
    });
    // February's sale credited in March: the buyer's March services go below zero
    const febCredit = await credit(feb.id, { reason: "Felaktig", credit_date: "2026-03-25" });
    expect(await entryLines(f.actor.key, f.companyId, febCredit.journal_entry_id)).toEqual({
      "1510": [0, 1500],
      "3308": [1500, 0],
    });
    Object.assign(ids, { feb: feb.id, febCredit: febCredit.id });

    const res = await list("2026-03");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({
      period: "2026-03",
      period_kind: "month",
      period_code: "2603",
      from_date: "2026-03-01",
      to_date: "2026-03-31",
      reporter_vat_number: "SE556016068001",
      rows: [
        {
          buyer_vat_number: "ATU12345678",
          country: "AT",
          goods_amount: 11234,
          triangulation_amount: null,
          services_amount: null,
          invoice_ids: [atEur.id],
        },
        {
          buyer_vat_number: "DE123456789",
          country: "DE",
          goods_amount: 20000,
          triangulation_amount: null,
          services_amount: -1500,
          invoice_ids: [deGoods.id, febCredit.id].sort(),
        },
        {
          buyer_vat_number: "FR12345678901",
          country: "FR",
          goods_amount: null,
          triangulation_amount: null,
          services_amount: 3000,
          invoice_ids: [frServices.id, frCredit.id].sort(),
        },
      ],
      totals: { goods_amount: 31234, triangulation_amount: 0, services_amount: 1500 },
      declaration_boxes: { "35": 31234, "38": 0, "39": 1500 },
      matches_declaration: true,
      unattributed: [],
    });
    // the momsdeklaration report of the same dates says the same
    expect(await boxes("2026-03-01", "2026-03-31")).toEqual({ "35": 31234, "38": 0, "39": 1500 });
  });

  it("writes the month's SKV 574008 file, ISO 8859-1, credits negative", async () => {
    const res = await file("period=2026-03&contact_name=Åsa%20Ek&contact_phone=08-123456&contact_email=asa@export.se");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=iso-8859-1");
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="periodisk-sammanstallning-2603.csv"');
    expect(res.body).toBe(
      "SKV574008;\r\n" +
        "SE556016068001;2603;Åsa Ek;08-123456;asa@export.se\r\n" +
        "ATU12345678;11234;;;\r\n" +
        "DE123456789;20000;;-1500;\r\n" +
        "FR12345678901;;;3000;\r\n",
    );
    // Å is the one byte 0xC5 of ISO 8859-1, not UTF-8's two
    expect(res.bytes[res.body.indexOf("Å")]).toBe(0xc5);
    expect(res.bytes.length).toBe(res.body.length);
  });

  it("gives the quarter: the February sale and its March credit net to 0 for the buyer", async () => {
    const res = await list("2026-Q1");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(
      res.body.data.rows.map((r: Record<string, unknown>) => [r.buyer_vat_number, r.goods_amount, r.services_amount]),
    ).toEqual([
      ["ATU12345678", 11234, null],
      ["DE123456789", 20000, 0],
      ["FR12345678901", null, 3000],
    ]);
    expect(res.body.data.rows[1].invoice_ids).toEqual(expect.arrayContaining([ids.feb, ids.febCredit]));
    expect(res.body.data.totals).toEqual({ goods_amount: 31234, triangulation_amount: 0, services_amount: 3000 });
    expect(await boxes("2026-01-01", "2026-03-31")).toEqual({ "35": 31234, "38": 0, "39": 3000 });
    expect(res.body.data).toMatchObject({ period_code: "26-1", matches_declaration: true });

    const txt = await file("period=2026-Q1&contact_name=Per%20Persson&contact_phone=0123-45690");
    expect(txt.status).toBe(200);
    expect(txt.body).toBe(
      "SKV574008;\r\nSE556016068001;26-1;Per Persson;0123-45690;\r\nATU12345678;11234;;;\r\nDE123456789;20000;;0;\r\nFR12345678901;;;3000;\r\n",
    );
  });
});

describe("refusals", () => {
  it("stops the list when a buyer has no valid VAT number, naming the invoices", async () => {
    const noVat = await customer({ name: "Ohne Nummer GmbH", country: "DE" });
    const badVat = await customer({ name: "Falsch GmbH", country: "DE", vat_number: "DK31283522" });
    const ok = await customer({ name: "Richtig GmbH", country: "DE", vat_number: "DE262875793" });
    const a = await issued(noVat, "2026-04-07", [goods("Delar", 700)]);
    const b = await issued(badVat, "2026-04-08", [services("Tjänst", 800)]);
    await issued(ok, "2026-04-09", [goods("Delar", 900)]);

    const res = await list("2026-04");
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("CONFLICT");
    expect(res.body.error.message_en).toContain(a.invoice_number);
    expect(res.body.error.message).toContain(b.invoice_number);
    expect(res.body.error.details).toEqual({
      reason: "buyer_vat_number_invalid",
      invoices: [
        {
          invoice_id: a.id,
          invoice_number: a.invoice_number,
          customer_id: noVat,
          customer_name: "Ohne Nummer GmbH",
          vat_number: null,
          problem: "the buyer has no VAT number",
        },
        {
          invoice_id: b.id,
          invoice_number: b.invoice_number,
          customer_id: badVat,
          customer_name: "Falsch GmbH",
          vat_number: "DK31283522",
          problem: "DK31283522 is not a VAT number of the buyer's country DE",
        },
      ],
    });
    const txt = await file("period=2026-04&contact_name=Per%20Persson&contact_phone=0123-45690");
    expect(txt.status).toBe(409);
    expect(txt.body.error.details.reason).toBe("buyer_vat_number_invalid");
    // the books are as they were: the sales stay in box 35 and 39
    expect(await boxes("2026-04-01", "2026-04-30")).toEqual({ "35": 1600, "38": 0, "39": 800 });
  });

  it("refuses a quarter whose goods exceed 500 000 kr (35 kap. 4 § SFL), the months stay available", async () => {
    const big = await customer({ name: "Gross GmbH", country: "DE", vat_number: "DE811128135" });
    await issued(big, "2026-07-15", [goods("Anläggning", 600000)]);
    const res = await list("2026-Q3");
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("VALIDATION_ERROR");
    expect(res.body.error.details.fields[0].path).toBe("period");
    expect(res.body.error.details.fields[0].message).toContain("the quarter itself had 600000 kr");
    const july = await list("2026-07");
    expect(july.status).toBe(200);
    expect(july.body.data.totals.goods_amount).toBe(600000);
  });

  it("shows a posting no invoice booked beside the rows, and refuses the file that would not equal the box", async () => {
    const entry = await postedEntry(f.actor.key, f.companyId, f.periodId, {
      entry_date: "2026-08-14",
      description: "Manuell EU-försäljning",
      lines: [line("1930", 1000, 0), line("3308", 0, 1000)],
    });
    const res = await list("2026-08");
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      rows: [],
      totals: { goods_amount: 0, triangulation_amount: 0, services_amount: 0 },
      declaration_boxes: { "35": 0, "38": 0, "39": 1000 },
      matches_declaration: false,
      unattributed: [{ journal_entry_id: entry.id, box: "39", amount: 1000 }],
    });
    const txt = await file("period=2026-08&contact_name=Per%20Persson&contact_phone=0123-45690");
    expect(txt.status).toBe(409);
    expect(txt.body.error.details).toEqual({ reason: "unattributed_postings", journal_entry_ids: [entry.id] });
  });

  it("refuses a file without a contact, and a period that is neither a month nor a quarter", async () => {
    const noContact = await file("period=2026-03");
    expect(noContact.status).toBe(400);
    expect(noContact.body.error.details.fields.map((x: { path: string }) => x.path)).toEqual([
      "contact_name",
      "contact_phone",
    ]);
    const badPhone = await file("period=2026-03&contact_name=Per&contact_phone=08%20123");
    expect(badPhone.status).toBe(200); // spaces are dropped: 08123
    for (const period of ["2026-13", "2026-Q5", "2026"]) {
      const bad = await list(period);
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toBe("VALIDATION_ERROR");
    }
  });

  it("takes the file's contact from the company's payroll contact when the query names none", async () => {
    const patch = await write(f.actor.key, "PATCH", url("/settings"), {
      payroll_contact: { name: "Lön Ansvarig", phone: "031-7654321", email: "lon@export.se" },
    });
    expect(patch.status, JSON.stringify(patch.body)).toBe(200);
    const txt = await file("period=2026-03");
    expect(txt.status).toBe(200);
    expect(txt.body.split("\r\n")[1]).toBe("SE556016068001;2603;Lön Ansvarig;031-7654321;lon@export.se");
  });

  it("refuses the file of a company that is not VAT registered", async () => {
    const other = await newCompany(f.actor.key, { name: "Ej moms AB", vat_registered: false, moms_period: undefined });
    const res = await SELF.fetch(
      `${BASE}/api/v1/companies/${other.id}/eu-sales-lists/file?period=2026-03&contact_name=Per&contact_phone=08-1`,
      { headers: { Authorization: `Bearer ${f.actor.key}` } },
    );
    expect(res.status).toBe(409);
    expect(((await res.json()) as any).error.details).toEqual({ reason: "reporter_vat_number_missing" });
    const json = await call("GET", `/api/v1/companies/${other.id}/eu-sales-lists?period=2026-03`, { key: f.actor.key });
    expect(json.status).toBe(200);
    expect(json.body.data).toMatchObject({ reporter_vat_number: null, rows: [], matches_declaration: true });
  });
});

describe("under the cash method", () => {
  it("lists a sale in the month its payment books it, on the buyer of the paid invoice", async () => {
    const c = await newCompany(f.actor.key, { name: "Kontant Export AB", accounting_method: "cash" });
    const at = (p: string) => `/api/v1/companies/${c.id}${p}`;
    const cust = await write(f.actor.key, "POST", at("/customers"), {
      name: "Kunde GmbH",
      customer_type: "eu_business",
      country: "DE",
      vat_number: "DE123456789",
      default_payment_terms: 30,
    });
    expect(cust.status).toBe(201);
    const created = await write(f.actor.key, "POST", at("/invoices"), {
      customer_id: cust.body.data.id,
      invoice_date: "2026-05-10",
      items: [goods("Delar", 4000)],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const invoiceId = created.body.data.id as string;
    expect((await write(f.actor.key, "POST", at(`/invoices/${invoiceId}/mark-sent`))).status).toBe(200);
    const paid = await write(f.actor.key, "POST", at(`/invoices/${invoiceId}/mark-paid`), {
      payment_date: "2026-06-05",
      amount: 4000,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(await entryLines(f.actor.key, c.id, paid.body.data.journal_entry_id)).toEqual({
      "1930": [4000, 0],
      "3108": [0, 4000],
    });

    const may = await call("GET", at("/eu-sales-lists?period=2026-05"), { key: f.actor.key });
    expect(may.body.data).toMatchObject({ rows: [], declaration_boxes: { "35": 0 } });
    const june = await call("GET", at("/eu-sales-lists?period=2026-06"), { key: f.actor.key });
    expect(june.status).toBe(200);
    expect(june.body.data).toMatchObject({
      rows: [{ buyer_vat_number: "DE123456789", goods_amount: 4000, services_amount: null, invoice_ids: [invoiceId] }],
      declaration_boxes: { "35": 4000, "38": 0, "39": 0 },
      matches_declaration: true,
    });
  });
});
