import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { call, newActor, newCompany, newKey, uniqueKey, type Actor } from "../helpers";
import { booksDb } from "../books";

let actor: Actor;
let companyId: string;
const path = (s = "") => `/api/v1/companies/${companyId}/customers${s}`;
const post = (body: unknown, query = "") =>
  call("POST", path(query), { key: actor.key, headers: { "Idempotency-Key": uniqueKey() }, body });
const patch = (id: string, body: unknown) =>
  call("PATCH", path(`/${id}`), { key: actor.key, headers: { "Idempotency-Key": uniqueKey() }, body });
const viesCalls = async () => ((await (await fetch("https://vies.test/__calls")).json()) as { calls: number }).calls;

beforeAll(async () => {
  actor = await newActor();
  companyId = (await newCompany(actor.key)).id;
});
beforeEach(async () => {
  actor = { ...actor, ...(await newKey(actor.userId)) };
});

describe("creating customers", () => {
  it("creates a Swedish business with a normalised org number and default terms 30", async () => {
    const res = await post({
      name: "Kund AB",
      customer_type: "swedish_business",
      org_number: "5561034249",
      email: "ekonomi@kund.se",
      city: "Umeå",
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      name: "Kund AB",
      customer_type: "swedish_business",
      org_number: "556103-4249",
      personal_number: null,
      country: "SE",
      default_payment_terms: 30,
      vat_number_validated: false,
      archived_at: null,
      city: "Umeå",
    });
    expect(res.body.meta.audit.audit_trail_url).toBeTruthy();
  });

  it("takes default_payment_terms from the company's invoice_default_days", async () => {
    const c = await newCompany(actor.key, { name: "Villkor AB" });
    await call("PATCH", `/api/v1/companies/${c.id}/settings`, { key: actor.key, body: { invoice_default_days: 14 } });
    const res = await call("POST", `/api/v1/companies/${c.id}/customers`, {
      key: actor.key,
      headers: { "Idempotency-Key": uniqueKey() },
      body: { name: "A", customer_type: "individual" },
    });
    expect(res.body.data.default_payment_terms).toBe(14);
  });

  it("encrypts a personal number at rest and only ever returns it masked", async () => {
    const res = await post({ name: "Sven Svensson", customer_type: "individual", personal_number: "811218-9876" });
    expect(res.status).toBe(201);
    expect(res.body.data.personal_number).toBe("********-9876");
    const row = await booksDb.prepare("SELECT * FROM customers WHERE id = ?").bind(res.body.data.id).first<any>();
    expect(JSON.stringify(row)).not.toContain("8112189876");
    expect(JSON.stringify(row)).not.toContain("198112189876");
    expect(row.personal_number_enc).toMatch(/^v1\./);
    const read = await call("GET", path(`/${res.body.data.id}`), { key: actor.key });
    expect(read.body.data.personal_number).toBe("********-9876");
    const list = await call("GET", path("?search=Sven"), { key: actor.key });
    expect(list.body.data[0].personal_number).toBe("********-9876");
  });

  it("moves a personnummer given as org_number of an individual into personal_number", async () => {
    const res = await post({ name: "Anna", customer_type: "individual", org_number: "19811218-9876" });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ org_number: null, personal_number: "********-9876" });
    const same = await post({
      name: "Anna",
      customer_type: "individual",
      org_number: "8112189876",
      personal_number: "19811218-9876",
    });
    expect(same.status).toBe(201);
  });

  it.each([
    [
      "a personnummer as org_number next to a different personal_number",
      { customer_type: "individual", org_number: "811218-9876", personal_number: "19090527-1474" },
      400,
      "CUSTOMER_PERSONAL_NUMBER_CONFLICT",
    ],
    [
      "a personnummer as a business's org_number",
      { customer_type: "swedish_business", org_number: "811218-9876" },
      400,
      "CUSTOMER_ORG_NUMBER_IS_PERSONAL",
    ],
    [
      "a personal_number on a business",
      { customer_type: "swedish_business", personal_number: "811218-9876" },
      400,
      "CUSTOMER_PERSONAL_NUMBER_NOT_ALLOWED",
    ],
    [
      "a personnummer failing Luhn",
      { customer_type: "individual", personal_number: "811218-9875" },
      400,
      "VALIDATION_ERROR",
    ],
    [
      "an org number failing Luhn",
      { customer_type: "swedish_business", org_number: "556103-4248" },
      400,
      "VALIDATION_ERROR",
    ],
    ["an unknown type", { customer_type: "company" }, 400, "VALIDATION_ERROR"],
    ["an EU business without a country", { customer_type: "eu_business" }, 400, "VALIDATION_ERROR"],
  ])("refuses %s", async (_n, body, status, code) => {
    const before = await booksDb
      .prepare("SELECT COUNT(*) AS n FROM customers WHERE company_id = ?")
      .bind(companyId)
      .first<{ n: number }>();
    const res = await post({ name: "X", ...body });
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
    const after = await booksDb
      .prepare("SELECT COUNT(*) AS n FROM customers WHERE company_id = ?")
      .bind(companyId)
      .first<{ n: number }>();
    expect(after!.n).toBe(before!.n);
  });

  it("accepts a samordningsnummer", async () => {
    const res = await post({ name: "Samordnad", customer_type: "individual", personal_number: "190910799824" });
    expect(res.status).toBe(201);
    expect(res.body.data.personal_number).toBe("********-9824");
  });

  it("refuses a duplicate org number with 409, also when written differently", async () => {
    const c = await newCompany(actor.key, { name: "Dubbel AB" });
    const url = `/api/v1/companies/${c.id}/customers`;
    const first = await call("POST", url, {
      key: actor.key,
      headers: { "Idempotency-Key": uniqueKey() },
      body: { name: "A", customer_type: "swedish_business", org_number: "556016-0680" },
    });
    expect(first.status).toBe(201);
    const dup = await call("POST", url, {
      key: actor.key,
      headers: { "Idempotency-Key": uniqueKey() },
      body: { name: "B", customer_type: "swedish_business", org_number: "16 5560160680".replace(" ", "") },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toMatchObject({
      code: "CUSTOMER_DUPLICATE_ORG_NUMBER",
      details: { org_number: "556016-0680" },
    });
  });

  it("records customer.created in the outbox with the write, and none for a dry-run", async () => {
    const before = await booksDb
      .prepare("SELECT COUNT(*) AS n FROM outbox_events WHERE company_id = ? AND type = 'customer.created'")
      .bind(companyId)
      .first<{ n: number }>();
    const dry = await post({ name: "Provkund", customer_type: "individual" }, "?dry_run=true");
    expect(dry.headers.get("X-Dry-Run")).toBe("true");
    const res = await post({ name: "Händelsekund", customer_type: "individual" });
    const rows = await booksDb
      .prepare("SELECT object FROM outbox_events WHERE company_id = ? AND type = 'customer.created'")
      .bind(companyId)
      .all<any>();
    expect(rows.results.length).toBe(before!.n + 1);
    expect(JSON.parse(rows.results.at(-1).object)).toMatchObject({ id: res.body.data.id, name: "Händelsekund" });
    expect((await call("GET", path(`/${dry.body.data.id}`), { key: actor.key })).status).toBe(404);
  });
});

describe("EU VAT registry (VIES)", () => {
  const eu = (vat: string) => ({ name: "GmbH", customer_type: "eu_business", vat_number: vat });

  it("marks a number the registry confirms as validated, and derives the country", async () => {
    const res = await post(eu("DE123456789"));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ vat_number_validated: true, country: "DE" });
  });

  it("keeps false for a number the registry rejects", async () => {
    expect((await post(eu("DE923456789"))).body.data.vat_number_validated).toBe(false);
  });

  it("succeeds with false on an outage or a timeout (best effort)", async () => {
    const outage = await post(eu("FR50312345678"));
    expect(outage.status).toBe(201);
    expect(outage.body.data.vat_number_validated).toBe(false);
    const slow = await post(eu("DE111111111"));
    expect(slow.status).toBe(201);
    expect(slow.body.data.vat_number_validated).toBe(false);
  });

  it("never calls the registry on a dry-run", async () => {
    const before = await viesCalls();
    const dry = await post(eu("DE123456789"), "?dry_run=true");
    expect(dry.status).toBe(201);
    expect(dry.body.data.vat_number_validated).toBe(false);
    expect(await viesCalls()).toBe(before);
    await post(eu("DE123456789"));
    expect(await viesCalls()).toBe(before + 1);
  });

  it("checks again when PATCH changes the number", async () => {
    const created = await post(eu("DE923456789"));
    const res = await patch(created.body.data.id, { vat_number: "DE123456780" });
    expect(res.body.data.vat_number_validated).toBe(true);
    const before = await viesCalls();
    await patch(created.body.data.id, { notes: "ingen ändring av momsnummer" });
    expect(await viesCalls()).toBe(before);
  });
});

describe("updating, archiving, listing", () => {
  it("PATCH: masked means unchanged, plaintext replaces, null clears, leaving individual clears", async () => {
    const created = await post({ name: "Per", customer_type: "individual", personal_number: "811218-9876" });
    const id = created.body.data.id;
    const unchanged = await patch(id, { personal_number: "********-9876", name: "Per Persson" });
    expect(unchanged.body.data).toMatchObject({ name: "Per Persson", personal_number: "********-9876" });
    const replaced = await patch(id, { personal_number: "190910799824" });
    expect(replaced.body.data.personal_number).toBe("********-9824");
    const cleared = await patch(id, { personal_number: null });
    expect(cleared.body.data.personal_number).toBeNull();
    await patch(id, { personal_number: "811218-9876" });
    const business = await patch(id, { customer_type: "swedish_business", org_number: "556016-0680" });
    expect(business.body.data).toMatchObject({
      customer_type: "swedish_business",
      personal_number: null,
      org_number: "556016-0680",
    });
    const row = await booksDb.prepare("SELECT personal_number_enc FROM customers WHERE id = ?").bind(id).first<any>();
    expect(row.personal_number_enc).toBeNull();
  });

  it("PATCH refuses unknown fields and a duplicate org number", async () => {
    const a = await post({ name: "Ett", customer_type: "swedish_business", org_number: "556036-0793" });
    const b = await post({ name: "Två", customer_type: "swedish_business" });
    expect((await patch(b.body.data.id, { org_number: "556036-0793" })).body.error.code).toBe(
      "CUSTOMER_DUPLICATE_ORG_NUMBER",
    );
    expect((await patch(a.body.data.id, { org_number: "556036-0793" })).status).toBe(200); // its own number
    expect((await patch(a.body.data.id, { colour: "blå" })).body.error.code).toBe("VALIDATION_ERROR");
  });

  it("archives with 204 and no body, again is a no-op, PATCH archived_at null restores", async () => {
    const c = await post({ name: "Arkiv AB", customer_type: "swedish_business" });
    const id = c.body.data.id;
    const del = await call("DELETE", path(`/${id}`), { key: actor.key, headers: { "Idempotency-Key": uniqueKey() } });
    expect(del.status).toBe(204);
    expect(del.body).toBeNull();
    const again = await call("DELETE", path(`/${id}`), { key: actor.key, headers: { "Idempotency-Key": uniqueKey() } });
    expect(again.status).toBe(204);
    const archived = await call("GET", path(`/${id}`), { key: actor.key });
    expect(archived.body.data.archived_at).not.toBeNull();
    expect((await call("GET", path("?search=Arkiv"), { key: actor.key })).body.data).toHaveLength(0);
    expect((await call("GET", path("?search=Arkiv&include_archived=true"), { key: actor.key })).body.data).toHaveLength(
      1,
    );
    const restored = await patch(id, { archived_at: null });
    expect(restored.body.data.archived_at).toBeNull();
    expect((await call("GET", path("?search=Arkiv"), { key: actor.key })).body.data).toHaveLength(1);
  });

  it("searches by name and by org number with or without hyphen, and pages", async () => {
    const c = await newCompany(actor.key, { name: "Sök AB" });
    const url = `/api/v1/companies/${c.id}/customers`;
    for (const [name, org] of [
      ["Alfa AB", "556016-0680"],
      ["Beta AB", "556103-4249"],
      ["Gamma HB", null],
    ] as const) {
      await call("POST", url, {
        key: actor.key,
        headers: { "Idempotency-Key": uniqueKey() },
        body: { name, customer_type: "swedish_business", ...(org ? { org_number: org } : {}) },
      });
    }
    const byName = await call("GET", `${url}?search=gamma`, { key: actor.key });
    expect(byName.body.data.map((x: any) => x.name)).toEqual(["Gamma HB"]);
    expect(
      (await call("GET", `${url}?search=5561034249`, { key: actor.key })).body.data.map((x: any) => x.name),
    ).toEqual(["Beta AB"]);
    expect(
      (await call("GET", `${url}?search=556016-0680`, { key: actor.key })).body.data.map((x: any) => x.name),
    ).toEqual(["Alfa AB"]);
    const p1 = await call("GET", `${url}?limit=2`, { key: actor.key });
    const p2 = await call("GET", `${url}?limit=2&cursor=${encodeURIComponent(p1.body.meta.next_cursor)}`, {
      key: actor.key,
    });
    expect([...p1.body.data, ...p2.body.data].map((x: any) => x.name).sort()).toEqual([
      "Alfa AB",
      "Beta AB",
      "Gamma HB",
    ]);
  });

  it("expands to the open invoices, and refuses unknown expansions", async () => {
    const c = await post({ name: "Utökad", customer_type: "individual" });
    const res = await call("GET", path(`/${c.body.data.id}?expand=invoices`), { key: actor.key });
    expect(res.body.data.invoices).toEqual([]);
    expect((await call("GET", path(`/${c.body.data.id}?expand=everything`), { key: actor.key })).body.error.code).toBe(
      "VALIDATION_ERROR",
    );
  });

  it("answers CUSTOMER_NOT_FOUND for an unknown id and for another company's customer", async () => {
    const other = await newActor();
    const theirs = await newCompany(other.key, { name: "Främmande AB" });
    const cust = await call("POST", `/api/v1/companies/${theirs.id}/customers`, {
      key: other.key,
      headers: { "Idempotency-Key": uniqueKey() },
      body: { name: "Deras", customer_type: "individual" },
    });
    const res = await call("GET", path(`/${cust.body.data.id}`), { key: actor.key });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("CUSTOMER_NOT_FOUND");
    expect((await call("GET", `/api/v1/companies/${theirs.id}/customers`, { key: actor.key })).body.error.code).toBe(
      "NOT_FOUND",
    );
  });

  it("answers 422 CUSTOMER_PERSONAL_NUMBER_UNREADABLE when a stored number cannot be decrypted", async () => {
    const c = await post({ name: "Trasig", customer_type: "individual", personal_number: "811218-9876" });
    await booksDb
      .prepare("UPDATE customers SET personal_number_enc = 'v1.AAAAAAAAAAAAAAAA.AAAA' WHERE id = ?")
      .bind(c.body.data.id)
      .run();
    const res = await call("GET", path(`/${c.body.data.id}`), { key: actor.key });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe("CUSTOMER_PERSONAL_NUMBER_UNREADABLE");
  });
});

describe("bulk-create", () => {
  it("creates what it can, reports each item, and replays the whole response", async () => {
    const c = await newCompany(actor.key, { name: "Bulk AB" });
    const url = `/api/v1/companies/${c.id}/customers/bulk-create`;
    const headers = { "Idempotency-Key": uniqueKey() };
    const body = {
      customers: [
        { name: "Ett AB", customer_type: "swedish_business", org_number: "556016-0680" },
        { name: "Dubblett AB", customer_type: "swedish_business", org_number: "5560160680" },
        { name: "Fel", customer_type: "individual", personal_number: "811218-9875" },
        { customer_type: "individual" },
        { name: "Privat", customer_type: "individual", personal_number: "811218-9876" },
      ],
    };
    const res = await call("POST", url, { key: actor.key, headers, body });
    expect(res.status).toBe(200);
    expect(res.body.data.summary).toEqual({ total: 5, succeeded: 2, failed: 3 });
    expect(res.body.data.results.map((r: any) => (r.ok ? "ok" : r.error.code))).toEqual([
      "ok",
      "CUSTOMER_DUPLICATE_ORG_NUMBER",
      "VALIDATION_ERROR",
      "VALIDATION_ERROR",
      "ok",
    ]);
    expect(res.body.data.results[4].data.personal_number).toBe("********-9876");
    expect(res.body.data.results[1]).toMatchObject({
      ok: false,
      request_index: 1,
      error: { message: expect.any(String) },
    });

    const replay = await call("POST", url, { key: actor.key, headers, body });
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(replay.body.data).toEqual(res.body.data);
    const count = await booksDb
      .prepare("SELECT COUNT(*) AS n FROM customers WHERE company_id = ?")
      .bind(c.id)
      .first<{ n: number }>();
    expect(count!.n).toBe(2);
  });

  it("refuses more than 50 and all_or_nothing", async () => {
    const many = await call("POST", path("/bulk-create"), {
      key: actor.key,
      headers: { "Idempotency-Key": uniqueKey() },
      body: { customers: Array.from({ length: 51 }, () => ({})) },
    });
    expect(many.body.error.code).toBe("VALIDATION_ERROR");
    const aon = await call("POST", path("/bulk-create"), {
      key: actor.key,
      headers: { "Idempotency-Key": uniqueKey() },
      body: { customers: [{}], all_or_nothing: true },
    });
    expect(aon.status).toBe(501);
  });
});
