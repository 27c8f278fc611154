// Issue #32, the last piece of "Out": send hands an e-invoice to the company's Peppol access
// point (docs/peppol.md, "Sending through an access point"). The access point is the fake at
// https://ap.test (test/fakes/access-point.ts), reached through the same egress as webhooks.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { deliverPeppol, sweepPeppolDeliveries } from "../../src/domains/invoices/peppol-delivery";
import { MAX_ATTEMPTS, RETRY_DELAYS_MS } from "../../src/domains/webhooks/delivery";
import { validatePeppol } from "../../src/formats/peppol";
import { call, companyFixture, countOf, day, entryLines, uniqueKey, write, yearAroundToday } from "../helpers";
import { booksDb, homeEnv } from "../books";

const f = companyFixture({ name: "Peppol Avsändare AB", ...yearAroundToday() });
const url = (p: string) => `/api/v1/companies/${f.companyId}${p}`;
const TOKEN = "ap-secret-token-123";

async function setAccessPoint(path: string | null, extra: Record<string, unknown> = {}) {
  const res = await write(f.actor.key, "PATCH", url("/settings"), {
    peppol_access_point: path === null ? null : { url: `https://ap.test${path}`, token: TOKEN, ...extra },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function customer(body: Record<string, unknown>) {
  const res = await write(f.actor.key, "POST", url("/customers"), {
    customer_type: "swedish_business",
    peppol_endpoint_id: { scheme: "0007", value: "2120000142" },
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string };
}

async function draft(customerId: string, extra: Record<string, unknown> = {}) {
  const res = await write(f.actor.key, "POST", url("/invoices"), {
    customer_id: customerId,
    invoice_date: day(-1),
    your_reference: "Ref 42",
    items: [{ description: "Konsulttimmar", quantity: 2, unit: "tim", unit_price: 1000, vat_rate: 0.25 }],
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string };
}

const deliveryRow = async (invoiceId: string) =>
  booksDb.prepare("SELECT * FROM peppol_deliveries WHERE invoice_id = ?").bind(invoiceId).first<any>();

/** The first attempt: by the local queue consumer if it got there first, else by us. */
async function firstAttempt(invoiceId: string) {
  const row = await deliveryRow(invoiceId);
  await deliverPeppol(await homeEnv(f.companyId), row.id, Date.now());
  for (let i = 0; i < 100; i++) {
    const now = await deliveryRow(invoiceId);
    if (now.status !== "pending" && now.status !== "in_flight") return now;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("delivery never settled");
}

async function received(path: string) {
  return (await (await fetch(`https://ap.test/__received?path=${encodeURIComponent(path)}`)).json()) as {
    headers: Record<string, string>;
    body: string;
  }[];
}

const mailsTo = async (to: string) =>
  ((await fetch("https://mail.test/__messages").then((r) => r.json())) as any[]).filter((m) => m.to[0].email === to);

async function shown(invoiceId: string) {
  const res = await call("GET", url(`/invoices/${invoiceId}?expand=peppol_delivery`), { key: f.actor.key });
  expect(res.status).toBe(200);
  return res.body.data;
}

describe("the access point setting", () => {
  it("refuses a URL that is not https or not public, and a bad sender id, changing nothing", async () => {
    for (const [bad, reason] of [
      ["http://ap.test/ok", "not_https"],
      ["https://private.example/ap", "private_address"],
      ["https://10.0.0.1/ap", "private_address"],
      ["https://nowhere.example/", "unresolvable"],
    ]) {
      const res = await write(f.actor.key, "PATCH", url("/settings"), {
        peppol_access_point: { url: bad, token: TOKEN },
      });
      expect(res.status, bad).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION_ERROR");
      expect(res.body.error.details.fields[0].path).toBe("peppol_access_point.url");
      expect(res.body.error.details.reason, bad).toBe(reason);
    }
    const sender = await write(f.actor.key, "PATCH", url("/settings"), {
      peppol_access_point: { url: "https://ap.test/ok", token: TOKEN, sender_id: "0088:7359999000015" },
    });
    expect(sender.status).toBe(400);
    expect(sender.body.error.details.fields[0].path).toBe("peppol_access_point.sender_id");
    const noToken = await write(f.actor.key, "PATCH", url("/settings"), {
      peppol_access_point: { url: "https://ap.test/ok" },
    });
    expect(noToken.status).toBe(400);
    const company = await call("GET", url(""), { key: f.actor.key });
    expect(company.body.data.settings.peppol_access_point).toBeNull();
  });

  it("stores the token encrypted and never shows it", async () => {
    const data = await setAccessPoint("/ok/1");
    expect(data.peppol_access_point).toEqual({ url: "https://ap.test/ok/1", token_set: true, sender_id: null });
    const read = await call("GET", url(""), { key: f.actor.key });
    expect(read.body.data.settings.peppol_access_point).toEqual({
      url: "https://ap.test/ok/1",
      token_set: true,
      sender_id: null,
    });
    expect(JSON.stringify(read.body)).not.toContain(TOKEN);
    const stored = await booksDb
      .prepare("SELECT * FROM company_settings WHERE company_id = ?")
      .bind(f.companyId)
      .first<any>();
    expect(stored.peppol_access_point_token_enc).toMatch(/^v1\./);
    expect(JSON.stringify(stored)).not.toContain(TOKEN);
    expect((await setAccessPoint(null)).peppol_access_point).toBeNull();
  });
});

describe("send by Peppol", () => {
  it("issues the invoice and queues its validated document in one write; the queue posts it, delivered with the message id", async () => {
    await setAccessPoint("/ok/send");
    const c = await customer({ name: "Kommunen", e_invoice: true, email: "kommunen@example.se" });
    const inv = await draft(c.id);
    const res = await write(f.actor.key, "POST", url(`/invoices/${inv.id}/send`));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: "sent", channel: "peppol" });
    expect(res.body.data.peppol_delivery).toMatchObject({
      status: "pending",
      attempts: 0,
      receiver_id: "0007:2120000142",
      sender_id: "0007:5560160680",
    });
    // the books: the sale is booked as by any send
    const entry = await entryLines(f.actor.key, f.companyId, res.body.data.journal_entry_id);
    expect(entry["1510"]).toEqual([2500, 0]);
    expect(entry["2611"]).toEqual([0, 500]);
    // one delivery row, no email
    expect(await countOf("SELECT COUNT(*) AS n FROM peppol_deliveries WHERE invoice_id = ?", inv.id)).toBe(1);
    expect(await mailsTo("kommunen@example.se")).toHaveLength(0);

    const settled = await firstAttempt(inv.id);
    expect(settled).toMatchObject({ status: "delivered", attempts: 1, response_status: 200, error: null });
    expect(settled.message_id).toMatch(/^ap-\d+$/);
    const [got] = await received("/ok/send");
    expect(got.headers).toMatchObject({
      "content-type": "application/xml",
      authorization: `Bearer ${TOKEN}`,
      "x-service-document-id": settled.id,
      "x-service-invoice-number": res.body.data.invoice_number,
      "x-peppol-sender": "0007:5560160680",
      "x-peppol-receiver": "0007:2120000142",
      "x-peppol-document-type":
        "busdox-docid-qns::urn:oasis:names:specification:ubl:schema:xsd:Invoice-2::Invoice##urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0::2.1",
      "x-peppol-process": "cenbii-procid-ubl::urn:fdc:peppol.eu:2017:poacc:billing:01:1.0",
    });
    // the body is the UBL of the issued invoice, valid, the one stored, and the one GET .../peppol answers
    expect(validatePeppol(got.body).fatal).toEqual([]);
    expect(got.body).toContain(`<cbc:ID>${res.body.data.invoice_number}</cbc:ID>`);
    expect(await (await env.DOCUMENTS.get(settled.r2_key))!.text()).toBe(got.body);
    const download = await call("GET", url(`/invoices/${inv.id}/peppol`), { key: f.actor.key });
    expect(download.body).toBe(got.body);

    const inv2 = await shown(inv.id);
    expect(inv2.peppol_delivery).toMatchObject({
      id: settled.id,
      status: "delivered",
      attempts: 1,
      last_error: null,
      message_id: settled.message_id,
    });
    expect(inv2.peppol_delivery.delivered_at).toBeTruthy();
    // an invoice not sent by Peppol shows null
    const other = await draft(c.id);
    expect((await shown(other.id)).peppol_delivery).toBeNull();
  });

  it("replays the send under its key with one delivery, and a dry run stores nothing", async () => {
    await setAccessPoint("/ok/replay");
    const c = await customer({ name: "Regionen", e_invoice: true });
    const inv = await draft(c.id);
    const dry = await write(f.actor.key, "POST", url(`/invoices/${inv.id}/send`), undefined, { "X-Dry-Run": "true" });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.data.channel).toBe("peppol");
    expect(await deliveryRow(inv.id)).toBeNull();
    expect((await shown(inv.id)).status).toBe("draft");
    const key = uniqueKey();
    const first = await call("POST", url(`/invoices/${inv.id}/send`), {
      key: f.actor.key,
      headers: { "Idempotency-Key": key },
    });
    expect(first.status).toBe(200);
    const again = await call("POST", url(`/invoices/${inv.id}/send`), {
      key: f.actor.key,
      headers: { "Idempotency-Key": key },
    });
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.body.data.peppol_delivery.id).toBe(first.body.data.peppol_delivery.id);
    expect(await countOf("SELECT COUNT(*) AS n FROM peppol_deliveries WHERE invoice_id = ?", inv.id)).toBe(1);
    // settled here, so that no attempt of it reaches the access point the next test sets
    expect(await firstAttempt(inv.id)).toMatchObject({ status: "delivered" });
    expect(await received("/ok/replay")).toHaveLength(1);
  });

  it("retries a 500 on the webhook schedule, then delivers", async () => {
    await setAccessPoint("/flaky/1");
    const c = await customer({ name: "Landstinget", e_invoice: true });
    const inv = await draft(c.id);
    expect((await write(f.actor.key, "POST", url(`/invoices/${inv.id}/send`))).status).toBe(200);
    const failed = await firstAttempt(inv.id);
    expect(failed).toMatchObject({ status: "failed", attempts: 1, response_status: 500, error: "http_500" });
    const due = Date.parse(failed.next_attempt_at);
    // the first wait of the schedule, from the attempt
    expect(due - Date.parse(failed.updated_at)).toBe(RETRY_DELAYS_MS[0]);
    expect((await shown(inv.id)).peppol_delivery).toMatchObject({ status: "failed", last_error: "http_500" });
    expect(await deliverPeppol(await homeEnv(f.companyId), failed.id, due - 1000)).toBeNull(); // not yet due
    // the minute sweep hands it to the queue once due
    expect(await sweepPeppolDeliveries(await homeEnv(f.companyId), due - 1000)).not.toContainEqual({
      type: "peppol.deliver",
      deliveryId: failed.id,
    });
    expect(await sweepPeppolDeliveries(await homeEnv(f.companyId), due)).toContainEqual({
      type: "peppol.deliver",
      deliveryId: failed.id,
    });
    expect(await deliverPeppol(await homeEnv(f.companyId), failed.id, due)).toBe("delivered");
    expect(await deliveryRow(inv.id)).toMatchObject({ status: "delivered", attempts: 2, error: null });
    expect(await received("/flaky/1")).toHaveLength(2);
  });

  it("gives up after the last attempt of the schedule", async () => {
    await setAccessPoint("/down/1");
    const c = await customer({ name: "Statskontoret", e_invoice: true });
    const inv = await draft(c.id);
    expect((await write(f.actor.key, "POST", url(`/invoices/${inv.id}/send`))).status).toBe(200);
    let row = await firstAttempt(inv.id);
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      const status = await deliverPeppol(await homeEnv(f.companyId), row.id, Date.parse(row.next_attempt_at));
      expect(status).toBe(attempt === MAX_ATTEMPTS ? "dead" : "failed");
      row = await deliveryRow(inv.id);
    }
    expect(row).toMatchObject({ status: "dead", attempts: MAX_ATTEMPTS, next_attempt_at: null });
  });

  it("a 400 is final (dead, with the access point's reason); resend queues it again, once", async () => {
    await setAccessPoint("/bad/1");
    const c = await customer({ name: "Myndigheten", e_invoice: true });
    const inv = await draft(c.id);
    expect((await write(f.actor.key, "POST", url(`/invoices/${inv.id}/send`))).status).toBe(200);
    const dead = await firstAttempt(inv.id);
    expect(dead).toMatchObject({ status: "dead", attempts: 1, response_status: 400, next_attempt_at: null });
    expect(dead.error).toBe("http_400: receiver 0007:2120000142 is not registered");
    expect(await deliverPeppol(await homeEnv(f.companyId), dead.id, Date.now() + 10 * 86_400_000)).toBeNull();

    // fixed at the access point's end: resend
    await setAccessPoint("/header/1");
    const key = uniqueKey();
    const resend = await call("POST", url(`/invoices/${inv.id}/peppol/resend`), {
      key: f.actor.key,
      headers: { "Idempotency-Key": key },
    });
    expect(resend.status, JSON.stringify(resend.body)).toBe(202);
    expect(resend.body.data).toMatchObject({ id: dead.id, status: "pending", attempts: 0 });
    const replay = await call("POST", url(`/invoices/${inv.id}/peppol/resend`), {
      key: f.actor.key,
      headers: { "Idempotency-Key": key },
    });
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    const delivered = await firstAttempt(inv.id);
    expect(delivered).toMatchObject({ id: dead.id, status: "delivered", attempts: 1, response_status: 202 });
    expect(delivered.message_id).toMatch(/^ap-\d+$/);
    const [got] = await received("/header/1");
    expect(got.headers["x-service-document-id"]).toBe(dead.id);
    expect(got.body).toBe(await (await env.DOCUMENTS.get(dead.r2_key))!.text());

    // only a dead delivery is resent
    const again = await write(f.actor.key, "POST", url(`/invoices/${inv.id}/peppol/resend`));
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("INVOICE_PEPPOL_RESEND_NOT_DEAD");
    expect(again.body.error.details.status).toBe("delivered");
    const none = await write(f.actor.key, "POST", url(`/invoices/${(await draft(c.id)).id}/peppol/resend`));
    expect(none.status).toBe(404);
  });

  it("names the seller by sender_id in the document and the header when set", async () => {
    const data = await setAccessPoint("/ok/gln", { sender_id: "0088:7359999000014" });
    expect(data.peppol_access_point.sender_id).toBe("0088:7359999000014");
    const c = await customer({ name: "Kommunförbundet", e_invoice: true });
    const inv = await draft(c.id);
    const res = await write(f.actor.key, "POST", url(`/invoices/${inv.id}/send`));
    expect(res.body.data.peppol_delivery.sender_id).toBe("0088:7359999000014");
    await firstAttempt(inv.id);
    const [got] = await received("/ok/gln");
    expect(got.headers["x-peppol-sender"]).toBe("0088:7359999000014");
    const seller = /<cac:AccountingSupplierParty>([\s\S]*?)<\/cac:AccountingSupplierParty>/.exec(got.body)![1];
    expect(seller).toContain('<cbc:EndpointID schemeID="0088">7359999000014</cbc:EndpointID>');
    expect(validatePeppol(got.body).fatal).toEqual([]);
    await setAccessPoint("/ok/after-gln");
  });

  it("refuses a document with a fatal finding (INVOICE_PEPPOL_DOCUMENT_INVALID), issuing and storing nothing", async () => {
    // 0192 (Norwegian organisation number) is on the EAS list, so the setting takes it, but
    // 123456789 fails its mod 11 check: PEPPOL-COMMON-R041 is fatal on the seller's EndpointID
    await setAccessPoint("/ok/invalid", { sender_id: "0192:123456789" });
    const c = await customer({ name: "Norska kunden", e_invoice: true });
    const inv = await draft(c.id);
    const res = await write(f.actor.key, "POST", url(`/invoices/${inv.id}/send`));
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.error.code).toBe("INVOICE_PEPPOL_DOCUMENT_INVALID");
    expect(res.body.error.details.fatal.map((x: { id: string }) => x.id)).toContain("PEPPOL-COMMON-R041");
    expect(await shown(inv.id)).toMatchObject({ status: "draft", invoice_number: null, journal_entry_id: null });
    expect(await deliveryRow(inv.id)).toBeNull();
    expect(await received("/ok/invalid")).toHaveLength(0);
    await setAccessPoint("/ok/after-invalid");
  });

  it("refuses a document Peppol would refuse before anything is issued", async () => {
    await setAccessPoint("/ok/refused");
    const c = await customer({ name: "Utan referens", e_invoice: true });
    const inv = await draft(c.id, { your_reference: null });
    const res = await write(f.actor.key, "POST", url(`/invoices/${inv.id}/send`));
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe("INVOICE_PEPPOL_BUYER_REFERENCE_MISSING");
    const after = await shown(inv.id);
    expect(after).toMatchObject({
      status: "draft",
      invoice_number: null,
      journal_entry_id: null,
      peppol_delivery: null,
    });
  });
});

describe("send without an access point", () => {
  it("emails as before; a customer wanting e-invoices without an email address is refused with nothing written", async () => {
    await setAccessPoint(null);
    const c = await customer({ name: "E-faktura med e-post", e_invoice: true, email: "efaktura@example.se" });
    const inv = await draft(c.id);
    const res = await write(f.actor.key, "POST", url(`/invoices/${inv.id}/send`));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.channel).toBe("email");
    expect(res.body.data.peppol_delivery).toBeUndefined();
    expect(await mailsTo("efaktura@example.se")).toHaveLength(1);
    expect(await deliveryRow(inv.id)).toBeNull();

    // a customer who does not want e-invoices gets email even with an access point
    await setAccessPoint("/ok/email");
    const plain = await customer({ name: "Vanlig kund", email: "vanlig@example.se" });
    const inv2 = await draft(plain.id);
    const res2 = await write(f.actor.key, "POST", url(`/invoices/${inv2.id}/send`));
    expect(res2.body.data.channel).toBe("email");
    expect(await mailsTo("vanlig@example.se")).toHaveLength(1);

    await setAccessPoint(null);
    const noMail = await customer({ name: "Bara Peppol", e_invoice: true });
    const inv3 = await draft(noMail.id);
    const refused = await write(f.actor.key, "POST", url(`/invoices/${inv3.id}/send`));
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe("INVOICE_SEND_NO_CHANNEL");
    expect(refused.body.error.details).toMatchObject({ customer_id: noMail.id, e_invoice: true, access_point: false });
    expect(await shown(inv3.id)).toMatchObject({ status: "draft", invoice_number: null, journal_entry_id: null });
    const resend = await write(f.actor.key, "POST", url(`/invoices/${inv.id}/peppol/resend`));
    expect(resend.status).toBe(404);
  });
});
