import { describe, expect, it } from "vitest";
import { runOperation } from "../../src/domains/operations/commands";
import { OPERATION_HANDLERS } from "../../src/app/operations";
import { encodeCp437 } from "../../src/sweden/sie/encoding";
import {
  call,
  companyFixture,
  createDraft,
  commit,
  day,
  newActor,
  newCompany,
  runJob,
  write,
  yearAroundToday,
} from "../helpers";
import { booksDb, operationEnv } from "../books";

const f = companyFixture({ name: "Gränser AB", ...yearAroundToday() });
const url = (p: string, companyId = f.companyId) => `/api/v1/companies/${companyId}${p}`;

async function committedEvents(companyId: string) {
  const rows = await booksDb
    .prepare(
      "SELECT object FROM outbox_events WHERE company_id = ? AND type = 'journal_entry.committed' ORDER BY rowid",
    )
    .bind(companyId)
    .all<{ object: string }>();
  return rows.results.map((r) => JSON.parse(r.object));
}

async function customer(companyId = f.companyId, key = f.actor.key) {
  const res = await write(key, "POST", url("/customers", companyId), {
    name: "Kund AB",
    customer_type: "swedish_business",
  });
  expect(res.status).toBe(201);
  return res.body.data.id as string;
}

describe("journal_entry.committed for every posted entry", () => {
  it("is emitted by a manual commit once, with the entry and its lines", async () => {
    const draft = await createDraft(f.actor.key, f.companyId, f.periodId, { entry_date: day(0) });
    const before = (await committedEvents(f.companyId)).length;
    const res = await commit(f.actor.key, f.companyId, draft.body.data.id);
    expect(res.status).toBe(200);
    const events = (await committedEvents(f.companyId)).slice(before);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      id: draft.body.data.id,
      status: "posted",
      source_type: "manual",
      voucher_number: res.body.data.voucher_number,
    });
    expect(events[0].lines).toHaveLength(3);
  });

  it("is emitted by an invoice's sale entry and its payment", async () => {
    const inv = await write(f.actor.key, "POST", url("/invoices"), {
      customer_id: await customer(),
      invoice_date: day(0),
      items: [{ description: "Tjänst", unit_price: 1000, vat_rate: 0.25 }],
    });
    const before = (await committedEvents(f.companyId)).length;
    const sent = await write(f.actor.key, "POST", url(`/invoices/${inv.body.data.id}/mark-sent`));
    const paid = await write(f.actor.key, "POST", url(`/invoices/${inv.body.data.id}/mark-paid`), {});
    expect([sent.status, paid.status]).toEqual([200, 200]);
    const events = (await committedEvents(f.companyId)).slice(before);
    expect(events.map((e) => [e.source_type, e.source_id, e.total_amount])).toEqual([
      ["invoice_sent", inv.body.data.id, 1250],
      ["invoice_paid", inv.body.data.id, 1250],
    ]);
    expect(events[0].id).toBe(sent.body.data.journal_entry_id);
  });

  it("is emitted by a supplier invoice's registration", async () => {
    const supplier = await write(f.actor.key, "POST", url("/suppliers"), {
      name: "Leverantör AB",
      supplier_type: "swedish_business",
    });
    const before = (await committedEvents(f.companyId)).length;
    const si = await write(f.actor.key, "POST", url("/supplier-invoices"), {
      supplier_id: supplier.body.data.id,
      supplier_invoice_number: "L-1",
      invoice_date: day(0),
      due_date: day(30),
      items: [{ description: "Papper", amount: 400, account_number: "6110", vat_rate: 0.25 }],
    });
    expect(si.status).toBe(201);
    const events = (await committedEvents(f.companyId)).slice(before);
    expect(events.map((e) => [e.source_type, e.id])).toEqual([
      ["supplier_invoice_registered", si.body.data.registration_journal_entry_id],
    ]);
  });

  it("is emitted for the sale and its storno when sending by email fails after the commit", async () => {
    const c = await write(f.actor.key, "POST", url("/customers"), {
      name: "Strul AB",
      customer_type: "swedish_business",
      email: "fail@strul.se",
    });
    const inv = await write(f.actor.key, "POST", url("/invoices"), {
      customer_id: c.body.data.id,
      invoice_date: day(0),
      items: [{ description: "Tjänst", unit_price: 100, vat_rate: 0.25 }],
    });
    const before = (await committedEvents(f.companyId)).length;
    const failed = await write(f.actor.key, "POST", url(`/invoices/${inv.body.data.id}/send`));
    expect(failed.status).toBe(502);
    const events = (await committedEvents(f.companyId)).slice(before);
    expect(events.map((e) => [e.source_type, e.total_amount])).toEqual([
      ["invoice_sent", 125],
      ["reversal", 125],
    ]);
    expect(events[1].id).toBe(failed.body.error.details.reversal_entry_id);
  });

  it("is not emitted by a dry run", async () => {
    const draft = await createDraft(f.actor.key, f.companyId, f.periodId, { entry_date: day(0) });
    const before = (await committedEvents(f.companyId)).length;
    const res = await commit(f.actor.key, f.companyId, draft.body.data.id, { "X-Dry-Run": "true" });
    expect(res.status).toBe(200);
    expect((await committedEvents(f.companyId)).length).toBe(before);
  });

  it("is emitted for each voucher of a SIE import, audited as the importer's chunks", async () => {
    const actor = await newActor();
    const c = await newCompany(actor.key, { name: "Import AB" });
    const sie = [
      "#FLAGGA 0",
      "#SIETYP 4",
      '#FNAMN "Import AB"',
      "#RAR 0 20260101 20261231",
      '#KONTO 1930 "Bank"',
      '#KONTO 3001 "Försäljning"',
      '#VER A 1 20260105 "Första"',
      "{",
      "#TRANS 1930 {} 100.00",
      "#TRANS 3001 {} -100.00",
      "}",
      '#VER A 2 20260106 "Andra"',
      "{",
      "#TRANS 1930 {} 50.00",
      "#TRANS 3001 {} -50.00",
      "}",
    ].join("\r\n");
    const b64 = btoa(Array.from(encodeCp437(sie), (b) => String.fromCharCode(b)).join(""));
    const started = await call("POST", url("/imports/sie", c.id), {
      key: actor.key,
      body: { file_base64: b64, file_name: "import.se" },
    });
    expect(started.status).toBe(202);
    await runOperation(
      await operationEnv(started.body.data.operation_id),
      started.body.data.operation_id,
      OPERATION_HANDLERS,
      () => new Date().toISOString(),
    );
    const op = await call("GET", `/api/v1/operations/${started.body.data.operation_id}`, { key: actor.key });
    expect(op.body.data.status).toBe("succeeded");
    const events = await committedEvents(c.id);
    expect(events.map((e) => [e.voucher_series, e.voucher_number, e.source_type, e.total_amount])).toEqual([
      ["A", 1, "sie_import", 100],
      ["A", 2, "sie_import", 50],
    ]);
    const audit = await booksDb
      .prepare(
        "SELECT action, api_key_id FROM audit_log WHERE company_id = ? AND action LIKE 'import.sie%' ORDER BY rowid",
      )
      .bind(c.id)
      .all<{ action: string; api_key_id: string }>();
    expect(audit.results.map((a) => a.action)).toEqual([
      "import.sie_started",
      "import.sie_prepared",
      "import.sie_vouchers_posted",
      "import.sie_succeeded",
    ]);
    expect(new Set(audit.results.map((a) => a.api_key_id))).toEqual(new Set([actor.keyId]));
  });
});

describe("the overdue sweep", () => {
  it("runs as a command per company: audit row and an invoice.overdue event", async () => {
    const actor = await newActor();
    const c = await newCompany(actor.key, { name: "Sen AB", ...yearAroundToday() });
    const inv = await write(actor.key, "POST", url("/invoices", c.id), {
      customer_id: await customer(c.id, actor.key),
      invoice_date: day(-20),
      due_date: day(-10),
      items: [{ description: "Tjänst", unit_price: 100 }],
    });
    await write(actor.key, "POST", url(`/invoices/${inv.body.data.id}/mark-sent`, c.id));
    // sent after its due date: overdue at once; set it back to sent to see the sweep's work
    await booksDb.prepare("UPDATE invoices SET status = 'sent' WHERE id = ?").bind(inv.body.data.id).run();
    await runJob({ type: "invoices.overdue_sweep" });
    expect((await call("GET", url(`/invoices/${inv.body.data.id}`, c.id), { key: actor.key })).body.data.status).toBe(
      "overdue",
    );
    const audit = await booksDb
      .prepare("SELECT action, api_key_id FROM audit_log WHERE company_id = ? AND action = 'invoice.overdue_sweep'")
      .bind(c.id)
      .all<{ action: string; api_key_id: string }>();
    expect(audit.results).toEqual([{ action: "invoice.overdue_sweep", api_key_id: "system" }]);
    const ev = await booksDb
      .prepare(
        "SELECT object, previous_attributes FROM outbox_events WHERE company_id = ? AND type = 'invoice.overdue'",
      )
      .bind(c.id)
      .all<{ object: string; previous_attributes: string }>();
    expect(
      ev.results.map((r) => [
        JSON.parse(r.object).id,
        JSON.parse(r.object).status,
        JSON.parse(r.previous_attributes).status,
      ]),
    ).toEqual([[inv.body.data.id, "overdue", "sent"]]);
    // a second sweep finds nothing and writes nothing
    await runJob({ type: "invoices.overdue_sweep" });
    const again = await booksDb
      .prepare("SELECT COUNT(*) AS n FROM audit_log WHERE company_id = ? AND action = 'invoice.overdue_sweep'")
      .bind(c.id)
      .first<{ n: number }>();
    expect(again!.n).toBe(1);
  });
});

describe("a unique index that refuses a write", () => {
  it("is read from D1's own error into the catalogue code, and anything else is not a constraint", async () => {
    const { constraintError } = await import("../../src/commands/constraints");
    const insert = () =>
      booksDb
        .prepare(
          "INSERT INTO dimensions (company_id, dimension_id, name, created_at, updated_at) VALUES (?, 99, 'X', '', '')",
        )
        .bind(f.companyId)
        .run();
    await insert();
    const clash = await insert().then(
      () => null,
      (err: unknown) => err,
    );
    expect(constraintError(clash)).toMatchObject({
      code: "CONFLICT",
      status: 409,
      details: { constraint: "dimensions.company_id, dimensions.dimension_id" },
    });
    // the same shape of message for a table with its own code
    expect(
      constraintError(
        new Error("D1_ERROR: UNIQUE constraint failed: customers.company_id, customers.org_number: SQLITE_CONSTRAINT"),
      ),
    ).toMatchObject({ code: "CUSTOMER_DUPLICATE_ORG_NUMBER", status: 409 });
    const other = await booksDb
      .prepare("INSERT INTO articles (id) VALUES ('x')")
      .run()
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(constraintError(other)).toBeNull();
    await booksDb.prepare("DELETE FROM dimensions WHERE company_id = ? AND dimension_id = 99").bind(f.companyId).run();
  });
});
