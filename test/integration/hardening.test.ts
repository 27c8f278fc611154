// Issue 11, items 2-7: each refusal through the API, with its code, its status and
// proof that nothing was written; each of these failed (500, a stray audit row, the
// caller's Host in a link, a stored NUL) before the fix.
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BASE, call, companyFixture, day, entryLines, line, uniqueKey, write, yearAroundToday } from "../helpers";
import { booksDb } from "../books";

const f = companyFixture({ name: "Härdning AB", ...yearAroundToday() });
const url = (p: string) => `/api/v1/companies/${f.companyId}${p}`;

/** Rows of a company in a table (the tables every write here could touch). */
async function count(table: string): Promise<number> {
  const row = await booksDb
    .prepare(`SELECT count(*) AS n FROM ${table} WHERE company_id = ?`)
    .bind(f.companyId)
    .first<{ n: number }>();
  return row!.n;
}
// (idempotency_records is left out: a command's refusal is stored under its key by design)
const TABLES = [
  "audit_log",
  "journal_entries",
  "journal_lines",
  "customers",
  "suppliers",
  "invoices",
  "supplier_invoices",
  "outbox_events",
  "documents",
];
async function snapshot() {
  return Object.fromEntries(await Promise.all(TABLES.map(async (t) => [t, await count(t)] as const)));
}

/** A request with a raw body and the given Content-Type (undefined: no header at all). */
async function raw(
  method: string,
  path: string,
  body: BodyInit | null,
  contentType?: string,
  headers: Record<string, string> = {},
) {
  const h: Record<string, string> = {
    Authorization: `Bearer ${f.actor.key}`,
    "Idempotency-Key": uniqueKey(),
    ...headers,
  };
  if (contentType !== undefined) h["Content-Type"] = contentType;
  const res = await SELF.fetch(BASE + path, { method, headers: h, body });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

async function newSupplier() {
  const res = await write(f.actor.key, "POST", url("/suppliers"), {
    name: `Leverantör ${uniqueKey()}`,
    supplier_type: "swedish_business",
    default_expense_account: "4010",
    default_payment_terms: 30,
  });
  expect(res.status).toBe(201);
  return res.body.data.id as string;
}

async function newCustomer() {
  const res = await write(f.actor.key, "POST", url("/customers"), {
    name: `Kund ${uniqueKey()}`,
    customer_type: "swedish_business",
    email: "ekonomi@kund.se",
    default_payment_terms: 30,
  });
  expect(res.status).toBe(201);
  return res.body.data.id as string;
}

const CUSTOMER = JSON.stringify({ name: "Kund via curl AB", customer_type: "swedish_business" });

describe("item 2: a JSON write without Content-Type application/json", () => {
  it("answers 400 VALIDATION_ERROR naming the header, for every other type and for none, and writes nothing", async () => {
    const before = await snapshot();
    const form = new FormData();
    form.append("name", "Kund AB");
    const cases: [BodyInit, string | undefined][] = [
      [CUSTOMER, "text/plain"],
      [CUSTOMER, "application/x-www-form-urlencoded"], // what plain `curl -d` sends
      ["<customer><name>Kund AB</name></customer>", "application/xml"],
      [CUSTOMER, undefined],
      ["name=Kund+AB", "application/x-www-form-urlencoded"],
    ];
    for (const [body, type] of cases) {
      const res = await raw("POST", url("/customers"), body, type);
      expect(res.status, `${type}`).toBe(400);
      expect(res.body.error).toMatchObject({
        code: "VALIDATION_ERROR",
        details: { header: "Content-Type", expected: "application/json" },
      });
      expect(res.body.error.request_id).toMatch(/^req_/);
    }
    // multipart: the runtime sets the boundary itself
    const multi = await SELF.fetch(BASE + url("/customers"), {
      method: "POST",
      headers: { Authorization: `Bearer ${f.actor.key}`, "Idempotency-Key": uniqueKey() },
      body: form,
    });
    expect(multi.status).toBe(400);
    expect(((await multi.json()) as any).error).toMatchObject({
      code: "VALIDATION_ERROR",
      details: { header: "Content-Type" },
    });
    expect(await snapshot()).toEqual(before);
  });

  it("on an optional-body write too (mark-paid with a text/plain body), and on a form route sent JSON", async () => {
    const res = await raw(
      "POST",
      url("/supplier-invoices/00000000-0000-4000-8000-000000000000/mark-paid"),
      JSON.stringify({ payment_date: day(0) }),
      "text/plain",
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "VALIDATION_ERROR", details: { header: "Content-Type" } });
    // the document upload takes multipart only: its media-type gate answered 500 before
    const doc = await raw("POST", url("/documents"), JSON.stringify({ file: "x" }), "application/json");
    expect(doc.status).toBe(400);
    expect(doc.body.error).toMatchObject({
      code: "VALIDATION_ERROR",
      details: { header: "Content-Type", received: "application/json" },
    });
  });

  it("still reads application/json with a charset, and refuses bytes that are not UTF-8", async () => {
    const ok = await raw(
      "POST",
      url("/customers"),
      JSON.stringify({ name: "Charset AB", customer_type: "swedish_business" }),
      "application/json; charset=utf-8",
    );
    expect(ok.status).toBe(201);
    const latin1 = new Uint8Array([
      ...new TextEncoder().encode('{"name":"K'),
      0xe5,
      ...new TextEncoder().encode('nd AB","customer_type":"swedish_business"}'),
    ]);
    const bad = await raw("POST", url("/customers"), latin1, "application/json");
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: "VALIDATION_ERROR", details: { body: "not_utf8" } });
  });
});

describe("item 3: an optional body takes its defaults whether absent, empty or {}", () => {
  it("pays a supplier invoice in full with no body, with an empty body, and with {}", async () => {
    const supplierId = await newSupplier();
    const ids: string[] = [];
    for (const n of [1, 2, 3]) {
      const si = await write(f.actor.key, "POST", url("/supplier-invoices"), {
        supplier_id: supplierId,
        supplier_invoice_number: `H-${n}`,
        invoice_date: day(-3),
        items: [{ amount: 100 * n, vat_rate: 0.25 }],
      });
      expect(si.status).toBe(201);
      ids.push(si.body.data.id);
    }
    const absent = await raw("POST", url(`/supplier-invoices/${ids[0]}/mark-paid`), null);
    const empty = await raw("POST", url(`/supplier-invoices/${ids[1]}/mark-paid`), "", "application/json");
    const braces = await raw("POST", url(`/supplier-invoices/${ids[2]}/mark-paid`), "{}", "application/json");
    for (const [i, res] of [absent, empty, braces].entries()) {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      // the whole invoice (amount x 1.25) is paid today from 1930, the defaults
      const total = 125 * (i + 1);
      expect(res.body.data).toMatchObject({ status: "paid", remaining_amount: 0 });
      expect(await entryLines(f.actor.key, f.companyId, res.body.data.payment_journal_entry_id)).toEqual({
        "2440": [total, 0],
        "1930": [0, total],
      });
    }
  });

  it("pays an invoice with no body, and reverses an entry with an empty JSON body", async () => {
    const customerId = await newCustomer();
    const inv = await write(f.actor.key, "POST", url("/invoices"), {
      customer_id: customerId,
      items: [{ description: "Tjänst", quantity: 2, unit_price: 500, vat_rate: 0.25 }],
    });
    expect(inv.status).toBe(201);
    // a route without a body, called as many clients do: Content-Type: application/json and nothing
    const sent = await raw("POST", url(`/invoices/${inv.body.data.id}/mark-sent`), "", "application/json");
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data.status).toBe("sent");
    const paid = await raw("POST", url(`/invoices/${inv.body.data.id}/mark-paid`), null);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data).toMatchObject({ status: "paid", paid_amount: 1250, remaining_amount: 0 });
    expect(await entryLines(f.actor.key, f.companyId, paid.body.data.journal_entry_id)).toEqual({
      "1930": [1250, 0],
      "1510": [0, 1250],
    });

    const draft = await write(f.actor.key, "POST", url("/journal-entries"), {
      fiscal_period_id: f.periodId,
      entry_date: day(0),
      description: "Att vända",
      lines: [line("1930", 100, 0), line("3001", 0, 100)],
    });
    expect((await write(f.actor.key, "POST", url(`/journal-entries/${draft.body.data.id}/commit`))).status).toBe(200);
    const reversed = await raw("POST", url(`/journal-entries/${draft.body.data.id}/reverse`), "", "application/json");
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(201);
    // the default reversal_date is today
    expect(reversed.body.data).toMatchObject({ original_id: draft.body.data.id, entry_date: day(0), status: "posted" });
    expect(await entryLines(f.actor.key, f.companyId, reversed.body.data.reversal_id)).toEqual({
      "1930": [0, 100],
      "3001": [100, 0],
    });
  });
});

describe("item 4: very large but valid amounts are VALIDATION_ERROR naming the field and the limit", () => {
  const BIG = 999_999_999_999;

  it("refuses an entry of 200 lines of 999 999 999 999 kr, and writes nothing", async () => {
    const before = await snapshot();
    const lines = Array.from({ length: 200 }, (_, i) => (i % 2 ? line("3001", 0, BIG) : line("1930", BIG, 0)));
    const res = await write(f.actor.key, "POST", url("/journal-entries"), {
      fiscal_period_id: f.periodId,
      entry_date: day(0),
      description: "Stort",
      lines,
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("VALIDATION_ERROR");
    expect(res.body.error.details.fields[0]).toMatchObject({ path: "lines" });
    expect(res.body.error.details.fields[0].message).toContain("999 999 999 999 kr");
    expect(await snapshot()).toEqual(before);
  });

  it("refuses quantity 1e9 x a huge price, and a supplier invoice whose items exceed the limit together", async () => {
    const customerId = await newCustomer();
    const supplierId = await newSupplier();
    const before = await snapshot();
    const inv = await write(f.actor.key, "POST", url("/invoices"), {
      customer_id: customerId,
      items: [{ description: "Allt", quantity: 1_000_000_000, unit_price: 999_999_999 }],
    });
    expect(inv.status).toBe(400);
    expect(inv.body.error.code).toBe("VALIDATION_ERROR");
    expect(inv.body.error.details.fields[0]).toMatchObject({ path: "items.0.unit_price" });
    expect(inv.body.error.details.fields[0].message).toContain("999 999 999 999 kr");
    const items = Array.from({ length: 200 }, () => ({ amount: BIG, vat_rate: 0.25 }));
    const si = await write(f.actor.key, "POST", url("/supplier-invoices"), {
      supplier_id: supplierId,
      supplier_invoice_number: "STOR-1",
      invoice_date: day(-1),
      items,
    });
    expect(si.status).toBe(400);
    expect(si.body.error.details.fields[0]).toMatchObject({ path: "items" });
    const over = await write(f.actor.key, "POST", url("/customers"), {
      name: "X",
      customer_type: "swedish_business",
      default_payment_terms: 1e300,
    });
    expect(over.status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it("answers VALIDATION_ERROR with the limit when valid inputs multiply past it (a total at an extreme exchange rate)", async () => {
    const supplierId = await newSupplier();
    const before = await snapshot();
    // 999 999 999 999 EUR at 99 999 SEK/EUR is 10^17 kr: each value is within its own limit
    const si = await write(f.actor.key, "POST", url("/supplier-invoices"), {
      supplier_id: supplierId,
      supplier_invoice_number: "FX-1",
      invoice_date: day(-1),
      currency: "EUR",
      exchange_rate: 99_999,
      items: [{ amount: BIG, vat_rate: 0 }],
    });
    expect(si.status).toBe(400);
    expect(si.body.error).toMatchObject({ code: "VALIDATION_ERROR", details: { limit: { max_amount_kr: BIG } } });
    expect(await snapshot()).toEqual(before);
  });

  it("states the limits in the OpenAPI document", async () => {
    const doc = (await call("GET", "/api/v1/openapi.json")).body;
    const text = JSON.stringify(doc);
    expect(text).toContain("at most 999 999 999 999 kr");
    const entry = doc.components.schemas.JournalEntryCreate.properties.lines;
    expect(entry).toMatchObject({ maxItems: 1000 });
    expect(entry.description).toContain("999 999 999 999 kr");
    const line = doc.components.schemas.JournalLineInput.properties.debit_amount;
    expect(line.maximum).toBe(BIG);
    const create = doc.paths["/api/v1/companies/{companyId}/journal-entries"].post.description;
    expect(create).toContain("Input rules");
  });
});

describe("item 5: a batch-create in which every item is refused", () => {
  it("answers every refusal and writes no audit row; a batch with one success writes one", async () => {
    const before = await snapshot();
    const refused = await write(f.actor.key, "POST", url("/journal-entries/batch-create"), {
      entries: [
        {
          fiscal_period_id: f.periodId,
          entry_date: day(0),
          description: "Obalans",
          lines: [line("1930", 100, 0), line("3001", 0, 90)],
        },
        { fiscal_period_id: f.periodId, entry_date: day(0), description: "", lines: [] },
      ],
    });
    expect(refused.status).toBe(200);
    expect(refused.body.data.summary).toEqual({ total: 2, succeeded: 0, failed: 2 });
    expect(refused.body.data.results.map((r: any) => r.error.code)).toEqual([
      "JOURNAL_ENTRY_NOT_BALANCED",
      "VALIDATION_ERROR",
    ]);
    expect(refused.body.meta.audit).toBeUndefined();
    const after = await snapshot();
    expect(after.audit_log).toBe(before.audit_log);
    expect(after.journal_entries).toBe(before.journal_entries);
    expect(after.outbox_events).toBe(before.outbox_events);

    const customers = await write(f.actor.key, "POST", url("/customers/bulk-create"), {
      customers: [{ name: "" }, { customer_type: "nope" }],
    });
    expect(customers.status).toBe(200);
    expect(customers.body.data.summary.succeeded).toBe(0);
    expect(await count("audit_log")).toBe(before.audit_log);

    const mixed = await write(f.actor.key, "POST", url("/journal-entries/batch-create"), {
      entries: [
        {
          fiscal_period_id: f.periodId,
          entry_date: day(0),
          description: "Bra",
          lines: [line("1930", 100, 0), line("3001", 0, 100)],
        },
        {
          fiscal_period_id: f.periodId,
          entry_date: day(0),
          description: "Obalans",
          lines: [line("1930", 100, 0), line("3001", 0, 90)],
        },
      ],
    });
    expect(mixed.body.data.summary).toEqual({ total: 2, succeeded: 1, failed: 1 });
    expect(mixed.body.meta.audit.audit_trail_url).toBeTruthy();
    expect(await count("audit_log")).toBe(before.audit_log + 1);
  });

  it("replays the all-refused answer under the same key without writing", async () => {
    const key = uniqueKey();
    const body = {
      entries: [
        {
          fiscal_period_id: f.periodId,
          entry_date: day(0),
          description: "Obalans",
          lines: [line("1930", 1, 0), line("3001", 0, 2)],
        },
      ],
    };
    const first = await write(f.actor.key, "POST", url("/journal-entries/batch-create"), body, {
      "Idempotency-Key": key,
    });
    const audits = await count("audit_log");
    const again = await write(f.actor.key, "POST", url("/journal-entries/batch-create"), body, {
      "Idempotency-Key": key,
    });
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.body.data).toEqual(first.body.data);
    expect(await count("audit_log")).toBe(audits);
  });
});

describe("item 6: signed download URLs come from configuration", () => {
  it("ignores the request's Host header", async () => {
    const form = new FormData();
    form.append(
      "file",
      new File([new TextEncoder().encode("%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n")], "kvitto.pdf", {
        type: "application/pdf",
      }),
    );
    const up = await SELF.fetch(`${BASE}${url("/documents")}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${f.actor.key}`, "Idempotency-Key": uniqueKey() },
      body: form,
    });
    expect(up.status).toBe(201);
    const id = ((await up.json()) as any).data.id;
    for (const host of ["evil.example", "localhost"]) {
      const res = await SELF.fetch(`http://${host}${url(`/documents/${id}/download`)}`, {
        headers: { Authorization: `Bearer ${f.actor.key}`, Host: host, "X-Forwarded-Host": "evil.example" },
      });
      expect(res.status).toBe(200);
      const link = new URL(((await res.json()) as any).data.download_url);
      expect(link.origin).toBe(env.PUBLIC_BASE_URL);
      expect(link.pathname).toBe(`/api/v1/document-files/${f.companyId}/${id}`);
    }
  });
});

describe("item 7: control, bidirectional-override and unpaired-surrogate characters", () => {
  it("are refused in names, descriptions, references and addresses with VALIDATION_ERROR naming the field", async () => {
    const customerId = await newCustomer();
    const before = await snapshot();
    const cases: [string, string, string, string][] = [
      // [path, JSON body text, expected field path, expected message fragment]
      ["/customers", '{"name":"Kund\\u0000AB","customer_type":"swedish_business"}', "name", "U+0000"],
      ["/customers", '{"name":"Kund \\u202Egnillaf AB","customer_type":"swedish_business"}', "name", "U+202E"],
      ["/customers", '{"name":"Kund \\ud800 AB","customer_type":"swedish_business"}', "name", "unpaired surrogate"],
      ["/customers", '{"name":"Kund \\udc00 AB","customer_type":"swedish_business"}', "name", "unpaired surrogate"],
      ["/customers", '{"name":"Kund\\nAB","customer_type":"swedish_business"}', "name", "single-line"],
      [
        "/customers",
        '{"name":"Kund AB","customer_type":"swedish_business","address_line1":"Gatan 1\\u2066"}',
        "address_line1",
        "U+2066",
      ],
      ["/customers", '{"name":"Kund AB","customer_type":"swedish_business","notes":"rad\\u0007"}', "notes", "U+0007"],
      ["/customers", '{"name":"Kund AB","customer_type":"swedish_business","city":"Stad\\u0085"}', "city", "U+0085"],
      [
        "/invoices",
        `{"customer_id":"${customerId}","items":[{"description":"Pris 100 kr\\u202E 0001","quantity":1,"unit_price":100}]}`,
        "items.0.description",
        "U+202E",
      ],
      [
        "/invoices",
        `{"customer_id":"${customerId}","our_reference":"ref\\u001b[31m","items":[{"description":"x","unit_price":1}]}`,
        "our_reference",
        "U+001B",
      ],
      [
        "/journal-entries",
        `{"fiscal_period_id":"${f.periodId}","entry_date":"${day(0)}","description":"ok","lines":[{"account_number":"1930","debit_amount":1,"line_description":"\\u2067x"},{"account_number":"3001","credit_amount":1}]}`,
        "lines.0.line_description",
        "U+2067",
      ],
      [
        "/journal-entries",
        `{"fiscal_period_id":"${f.periodId}","entry_date":"${day(0)}","description":"ok","lines":[{"account_number":"1930","debit_amount":1,"dimensions":{"1\\u0000":"x"}},{"account_number":"3001","credit_amount":1}]}`,
        "lines.0.dimensions.1\u0000",
        "field name",
      ],
    ];
    for (const [path, body, field, fragment] of cases) {
      const res = await raw("POST", url(path), body, "application/json");
      expect(res.status, body).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION_ERROR");
      expect(res.body.error.details.fields[0].path, body).toBe(field);
      expect(res.body.error.details.fields[0].message, body).toContain(fragment);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("are refused in the bodies routes declare themselves: a document's file name, the SIE import's JSON", async () => {
    const before = await snapshot();
    const objects = (await env.DOCUMENTS.list({ prefix: `companies/${f.companyId}/` })).objects.length;
    const form = new FormData();
    form.append(
      "file",
      new File([new TextEncoder().encode("%PDF-1.7\n%%EOF\n")], "faktura\u202Efdp.exe", { type: "application/pdf" }),
    );
    const up = await SELF.fetch(`${BASE}${url("/documents")}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${f.actor.key}`, "Idempotency-Key": uniqueKey() },
      body: form,
    });
    const upBody = (await up.json()) as any;
    expect(up.status).toBe(400);
    expect(upBody.error).toMatchObject({ code: "VALIDATION_ERROR", details: { fields: [{ path: "file.name" }] } });
    const sie = await raw(
      "POST",
      url("/imports/sie"),
      JSON.stringify({ file_base64: btoa("#FLAGGA 0\n"), file_name: "bok\u0000.se" }),
      "application/json",
    );
    expect(sie.status).toBe(400);
    expect(sie.body.error).toMatchObject({ code: "VALIDATION_ERROR", details: { fields: [{ path: "file_name" }] } });
    expect(await snapshot()).toEqual(before);
    expect((await env.DOCUMENTS.list({ prefix: `companies/${f.companyId}/` })).objects.length).toBe(objects);
  });

  it("keep \\n and \\t in multi-line fields, and other scripts and emoji everywhere", async () => {
    const res = await write(f.actor.key, "POST", url("/customers"), {
      name: "Åsa Öberg – مرحبا שלום 😀",
      customer_type: "swedish_business",
      notes: "rad ett\nrad två\tindrag",
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ name: "Åsa Öberg – مرحبا שלום 😀", notes: "rad ett\nrad två\tindrag" });
  });
});
