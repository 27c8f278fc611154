// Bank rules through the Worker (docs/bank-rules.md): rules book arriving rows with the right
// entries (lines and VAT computed here), the first match wins, an invoice the row pays is
// matched before any rule, a locked period is skipped, a rerun books nothing twice, a preview
// writes nothing, a bank file's import runs the rules, and three hand bookings of one merchant
// propose a rule. Each scenario has its own company: rows that arrive run the company's rules
// in the queue (bank_rules.run), so one company's rules never meet another scenario's rows.
import { describe, expect, it } from "vitest";
import { camt053, importBankFile } from "../bank-helpers";
import { call, companyFixture, day, entryLines, write, yearAroundToday } from "../helpers";
import { invoiceOcr } from "../../src/sweden/bank-categories";

const books = companyFixture({ name: "Regelbok AB", ...yearAroundToday() });
const inv = companyFixture({ name: "Regelfaktura AB", ...yearAroundToday() });
const locked = companyFixture({ name: "Regellås AB", ...yearAroundToday() });
const manual = companyFixture({ name: "Regelhand AB", ...yearAroundToday() });
const crud = companyFixture({ name: "Regelcrud AB", ...yearAroundToday() });
const acts = companyFixture({ name: "Regelgör AB", ...yearAroundToday() });
type Co = typeof books;
const url = (c: { companyId: string }, p: string) => `/api/v1/companies/${c.companyId}${p}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let seq = 0;
async function ingest(c: Co, rows: Record<string, unknown>[]) {
  const res = await write(c.actor.key, "POST", url(c, "/transactions/ingest"), {
    transactions: rows.map((r) => ({ external_id: `r-${Date.now()}-${++seq}`, date: day(-5), ...r })),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.transaction_ids as string[];
}
const getTx = async (c: Co, id: string) =>
  (await call("GET", url(c, `/transactions/${id}`), { key: c.actor.key })).body.data;
/** The row once the queue's rules run has left its mark (or the time is up). */
async function settled(c: Co, id: string, done = (t: any) => t.bank_rule !== null || t.status !== "unbooked") {
  for (let i = 0; i < 100; i++) {
    const t = await getTx(c, id);
    if (done(t)) return t;
    await sleep(100);
  }
  return getTx(c, id);
}
async function rule(c: Co, body: Record<string, unknown>) {
  const res = await write(c.actor.key, "POST", url(c, "/bank-rules"), body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}
async function entry(c: Co, id: string) {
  return (await call("GET", url(c, `/journal-entries/${id}`), { key: c.actor.key })).body.data;
}
async function entryCount(c: Co) {
  return (await call("GET", url(c, "/journal-entries?limit=100"), { key: c.actor.key })).body.data.length as number;
}
/** Gross öre at a VAT rate in basis points: the VAT in it, rounded to the öre (ML: VAT is rate/(1+rate) of a gross price). */
const vatIn = (grossOre: number, rateBp: number) => Math.round((grossOre * rateBp) / (10000 + rateBp));

describe("rules book the rows that arrive", () => {
  it("books by the first rule that matches, with its account, VAT and source", async () => {
    const telia = await rule(books, {
      name: "Telefoni",
      mode: "book",
      conditions: { direction: "out", merchant: { op: "contains", value: "telia" } },
      action: { type: "book", account_number: "6212", vat_treatment: "standard_25" },
    });
    const anyOut = await rule(books, {
      name: "Allt annat ut",
      mode: "book",
      conditions: { direction: "out", amount_max: 1000 },
      action: { type: "book", account_number: "6991", vat_treatment: "none" },
    });
    const food = await rule(books, {
      name: "Livsmedel",
      mode: "book",
      position: 2,
      conditions: { description: { op: "glob", value: "*ica*" } },
      action: { type: "book", account_number: "5460", vat_treatment: "reduced_12" },
    });
    const list = (await call("GET", url(books, "/bank-rules"), { key: books.actor.key })).body.data;
    expect(list.map((r: any) => [r.id, r.position])).toEqual([
      [telia.id, 1],
      [food.id, 2],
      [anyOut.id, 3],
    ]);

    const [a, b, c, d] = await ingest(books, [
      { description: "KORTKÖP TELIA", merchant_name: "Telia Sverige AB", amount: -499 },
      { description: "Kortköp ICA Nära", amount: -336 },
      { description: "Swish diverse", amount: -87.5 },
      { description: "Stor utbetalning", amount: -5000 },
    ]);
    const ta = await settled(books, a);
    expect(ta).toMatchObject({ status: "booked", bank_rule: { rule_id: telia.id, outcome: "booked" } });
    // 499.00 at 25 %: VAT 99.80, net 399.20
    const vatA = vatIn(49900, 2500);
    expect(vatA).toBe(9980);
    expect(await entryLines(books.actor.key, books.companyId, ta.journal_entry_id)).toEqual({
      "1930": [0, 499],
      "6212": [(49900 - vatA) / 100, 0],
      "2641": [vatA / 100, 0],
    });
    expect(await entry(books, ta.journal_entry_id)).toMatchObject({ source_type: "bank_rule", source_id: telia.id });

    const tb = await settled(books, b);
    // 336.00 at 12 %: VAT 36.00, net 300.00 (the glob rule at position 2 wins over the catch-all at 3)
    expect(vatIn(33600, 1200)).toBe(3600);
    expect(tb.bank_rule).toMatchObject({ rule_id: food.id, outcome: "booked" });
    expect(await entryLines(books.actor.key, books.companyId, tb.journal_entry_id)).toEqual({
      "1930": [0, 336],
      "5460": [300, 0],
      "2641": [36, 0],
    });

    const tc = await settled(books, c);
    expect(tc.bank_rule).toMatchObject({ rule_id: anyOut.id, outcome: "booked" });
    expect(await entryLines(books.actor.key, books.companyId, tc.journal_entry_id)).toEqual({
      "1930": [0, 87.5],
      "6991": [87.5, 0],
    });
    // above every rule's amount: no rule takes it
    await sleep(300);
    expect(await getTx(books, d)).toMatchObject({ status: "unbooked", bank_rule: null });
  });

  it("a rerun books nothing twice and its replay answers the same", async () => {
    const before = await entryCount(books);
    const key = `rerun-${Date.now()}`;
    const run = await call("POST", url(books, "/bank-rules/run"), {
      key: books.actor.key,
      body: {},
      headers: { "Idempotency-Key": key },
    });
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(run.body.data.summary.booked ?? 0).toBe(0);
    expect(run.body.data.rows.every((r: any) => r.outcome === "no_rule")).toBe(true);
    const again = await call("POST", url(books, "/bank-rules/run"), {
      key: books.actor.key,
      body: {},
      headers: { "Idempotency-Key": key },
    });
    expect(again.body.data).toEqual(run.body.data);
    expect(await entryCount(books)).toBe(before);
  });

  it("a bank file's import runs the rules once the import has succeeded", async () => {
    const fee = await rule(books, {
      name: "Bankavgifter",
      mode: "book",
      position: 1,
      conditions: { description: { op: "starts_with", value: "bankavgift" } },
      action: { type: "book", account_number: "6570", vat_treatment: "none" },
    });
    const bytes = camt053({
      iban: "SE4550000000058398257466",
      currency: "SEK",
      opening: 0,
      entries: [{ ref: `FEE-${Date.now()}`, date: day(-3), amount: -125, text: "Bankavgift mars" }],
    });
    const op = await importBankFile(books.actor.key, books.companyId, bytes, "1930");
    expect(op.status).toBe("succeeded");
    const rows = (await call("GET", url(books, "/transactions?search=Bankavgift%20mars"), { key: books.actor.key }))
      .body.data;
    expect(rows).toHaveLength(1);
    const t = await settled(books, rows[0].id);
    expect(t.bank_rule).toMatchObject({ rule_id: fee.id, outcome: "booked" });
    expect(await entryLines(books.actor.key, books.companyId, t.journal_entry_id)).toEqual({
      "1930": [0, 125],
      "6570": [125, 0],
    });
  });
});

describe("an open invoice the row pays comes before any rule", () => {
  it("matches the invoice by OCR; the next payment of the same amount goes to the rule", async () => {
    const catchAll = await rule(inv, {
      name: "Övrig försäljning",
      mode: "book",
      conditions: { direction: "in" },
      action: { type: "book", account_number: "3001", vat_treatment: "standard_25" },
    });
    const cust = await write(inv.actor.key, "POST", url(inv, "/customers"), {
      name: "Kunden AB",
      customer_type: "swedish_business",
      default_payment_terms: 30,
    });
    const created = await write(inv.actor.key, "POST", url(inv, "/invoices"), {
      customer_id: cust.body.data.id,
      invoice_date: day(-20),
      items: [{ description: "Konsult", quantity: 1, unit_price: 1000, vat_rate: 0.25 }],
    });
    const sent = (await write(inv.actor.key, "POST", url(inv, `/invoices/${created.body.data.id}/mark-sent`))).body
      .data;
    const ocr = sent.ocr_number ?? invoiceOcr(sent.invoice_number);
    const [paid] = await ingest(inv, [
      { description: "BG INBETALNING", amount: 1250, reference: ocr, reference_type: "ocr" },
    ]);
    const t = await settled(inv, paid);
    expect(t).toMatchObject({
      status: "booked",
      invoice_id: sent.id,
      bank_rule: { rule_id: null, outcome: "matched_invoice" },
    });
    expect(await entryLines(inv.actor.key, inv.companyId, t.journal_entry_id)).toEqual({
      "1930": [1250, 0],
      "1510": [0, 1250],
    });
    const invoice = (await call("GET", url(inv, `/invoices/${sent.id}`), { key: inv.actor.key })).body.data;
    expect(invoice.status).toBe("paid");

    // the invoice is paid: a second 1 250 from the same customer is the rule's
    const [other] = await ingest(inv, [{ description: "Swish Kunden AB", merchant_name: "Kunden AB", amount: 1250 }]);
    const t2 = await settled(inv, other);
    expect(t2.bank_rule).toMatchObject({ rule_id: catchAll.id, outcome: "booked" });
    expect(t2.invoice_id).toBeNull();
    // 1 250 in at 25 % on a revenue account: output VAT 250 on 2611
    expect(await entryLines(inv.actor.key, inv.companyId, t2.journal_entry_id)).toEqual({
      "1930": [1250, 0],
      "3001": [0, 1000],
      "2611": [0, 250],
    });
  });
});

describe("a locked period", () => {
  it("is skipped with PERIOD_LOCKED: the row stays unbooked, marked with the rule and the code", async () => {
    const lockDate = day(-40);
    const lock = await write(locked.actor.key, "POST", url(locked, `/fiscal-periods/${locked.periodId}/lock`), {
      lock_date: lockDate,
    });
    expect(lock.status, JSON.stringify(lock.body)).toBe(200);
    const r = await rule(locked, {
      name: "Allt ut",
      mode: "book",
      conditions: { direction: "out" },
      action: { type: "book", account_number: "6991", vat_treatment: "none" },
    });
    const before = await entryCount(locked);
    const [old, fresh] = await ingest(locked, [
      { description: "Gammal rad", amount: -100, date: day(-45) },
      { description: "Ny rad", amount: -100, date: day(-5) },
    ]);
    const t = await settled(locked, old);
    expect(t).toMatchObject({ status: "unbooked", journal_entry_id: null });
    expect(t.bank_rule).toMatchObject({ rule_id: r.id, outcome: "skipped" });
    expect(t.bank_rule.proposal.error.code).toBe("PERIOD_LOCKED");
    expect((await settled(locked, fresh)).bank_rule).toMatchObject({ rule_id: r.id, outcome: "booked" });
    expect(await entryCount(locked)).toBe(before + 1);
    // a rerun leaves the skipped row as it was: no second mark, no entry
    const run = await write(locked.actor.key, "POST", url(locked, "/bank-rules/run"), {});
    expect(run.body.data.rows).toEqual([expect.objectContaining({ transaction_id: old, outcome: "skipped" })]);
    expect(await entryCount(locked)).toBe(before + 1);
  });
});

describe("preview, propose, run on demand, suggestions", () => {
  it("previews without writing, proposes without booking, then books on demand", async () => {
    // an inactive rule: the rows' arrival runs nothing (no active rule)
    const r = await rule(manual, {
      name: "Kontorsvaror",
      mode: "book",
      is_active: false,
      conditions: { merchant: { op: "equals", value: "kontorsbolaget ab" } },
      action: { type: "book", account_number: "6110", vat_treatment: "standard_25" },
    });
    const [x, y] = await ingest(manual, [
      { description: "Kortköp", merchant_name: "Kontorsbolaget AB", amount: -625 },
      { description: "Kortköp", merchant_name: "Annat AB", amount: -625 },
    ]);
    await sleep(1500);
    const before = await entryCount(manual);
    const preview = await call("POST", url(manual, `/bank-rules/${r.id}/preview`), { key: manual.actor.key, body: {} });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.data.rows).toEqual([
      expect.objectContaining({
        transaction_id: x,
        outcome: "booked",
        by: "rule",
        rule_id: r.id,
        // 625 at 25 %: VAT 125, net 500
        lines: [
          { account_number: "1930", debit_amount: 0, credit_amount: 625 },
          { account_number: "6110", debit_amount: 500, credit_amount: 0 },
          { account_number: "2641", debit_amount: 125, credit_amount: 0 },
        ],
      }),
    ]);
    const draft = await call("POST", url(manual, "/bank-rules/preview-draft"), {
      key: manual.actor.key,
      body: {
        rule: {
          name: "Allt ut",
          mode: "propose",
          conditions: { direction: "out" },
          action: { type: "ignore" },
        },
      },
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    expect(draft.body.data.rows.map((row: any) => [row.transaction_id, row.outcome])).toEqual([
      [x, "proposed"],
      [y, "proposed"],
    ]);
    expect(await entryCount(manual)).toBe(before);
    expect(await getTx(manual, x)).toMatchObject({ status: "unbooked", bank_rule: null });

    // propose: the row records what the rule would do, and nothing is booked
    const patch = await write(manual.actor.key, "PATCH", url(manual, `/bank-rules/${r.id}`), {
      is_active: true,
      mode: "propose",
    });
    expect(patch.status, JSON.stringify(patch.body)).toBe(200);
    const proposed = await write(manual.actor.key, "POST", url(manual, "/bank-rules/run"), { transaction_ids: [x, y] });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
    expect(proposed.body.data.summary).toEqual({ proposed: 1, no_rule: 1 });
    expect(await getTx(manual, x)).toMatchObject({
      status: "unbooked",
      bank_rule: {
        rule_id: r.id,
        outcome: "proposed",
        proposal: { rule_id: r.id, action: { account_number: "6110" } },
      },
    });
    expect(await entryCount(manual)).toBe(before);

    // dry run of the booking run: the answer, nothing written
    await write(manual.actor.key, "PATCH", url(manual, `/bank-rules/${r.id}`), { mode: "book" });
    const dry = await write(manual.actor.key, "POST", url(manual, "/bank-rules/run?dry_run=true"), {});
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.data.summary.booked).toBe(1);
    expect(await entryCount(manual)).toBe(before);
    const booked = await write(manual.actor.key, "POST", url(manual, "/bank-rules/run"), {});
    expect(booked.body.data.summary.booked).toBe(1);
    const t = await getTx(manual, x);
    expect(t.bank_rule).toMatchObject({ rule_id: r.id, outcome: "booked" });
    expect(await entryLines(manual.actor.key, manual.companyId, t.journal_entry_id)).toEqual({
      "1930": [0, 625],
      "6110": [500, 0],
      "2641": [125, 0],
    });
  });

  it("proposes a rule after three hand bookings of one merchant", async () => {
    const ids = await ingest(
      manual,
      [1, 2, 3].map((i) => ({ description: `Kaffe ${i}`, merchant_name: "Kafferosteriet", amount: -112 })),
    );
    const empty = await call("GET", url(manual, "/bank-rules/suggestions"), { key: manual.actor.key });
    expect(empty.body.data.find((s: any) => s.merchant === "kafferosteriet")).toBeUndefined();
    for (const id of ids) {
      const res = await write(manual.actor.key, "POST", url(manual, `/transactions/${id}/categorize`), {
        account_override: "5460",
        vat_treatment: "reduced_12",
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const s = await call("GET", url(manual, "/bank-rules/suggestions"), { key: manual.actor.key });
    expect(s.status).toBe(200);
    const suggestion = s.body.data.find((x: any) => x.merchant === "kafferosteriet");
    expect(suggestion).toMatchObject({
      times_booked: 3,
      rule: {
        conditions: { merchant: { op: "equals", value: "kafferosteriet" } },
        action: { type: "book", account_number: "5460", vat_treatment: "reduced_12" },
      },
    });
    // made as proposed, the suggestion is gone
    await rule(manual, suggestion.rule);
    const after = await call("GET", url(manual, "/bank-rules/suggestions"), { key: manual.actor.key });
    expect(after.body.data.find((x: any) => x.merchant === "kafferosteriet")).toBeUndefined();
  });
});

describe("the other actions: match a named supplier, dimensions, private, ignore", () => {
  it("pays the supplier's open item, books with dimensions, books private and ignores", async () => {
    const send = (method: string, p: string, body?: unknown) => write(acts.actor.key, method, url(acts, p), body);
    expect((await send("POST", "/dimensions", { id: 1, name: "Kostnadsställe" })).status).toBe(201);
    expect((await send("POST", "/dimensions/1/codes", { code: "100", name: "Butik" })).status).toBe(201);
    const sup = await send("POST", "/suppliers", {
      name: "Hyresvärden AB",
      supplier_type: "swedish_business",
      default_expense_account: "5010",
    });
    const si = await send("POST", "/supplier-invoices", {
      supplier_id: sup.body.data.id,
      supplier_invoice_number: `H-${Date.now()}`,
      invoice_date: day(-15),
      items: [{ amount: 8000, vat_rate: 0.25 }],
    });
    expect(si.status, JSON.stringify(si.body)).toBe(201);
    const rent = await rule(acts, {
      name: "Hyra",
      mode: "book",
      conditions: { direction: "out", description: { op: "contains", value: "hyra" } },
      action: { type: "match", party: "supplier", party_id: sup.body.data.id },
    });
    const shop = await rule(acts, {
      name: "Butiksmaterial",
      mode: "book",
      conditions: { merchant: { op: "equals", value: "Butiksgrossisten" } },
      action: { type: "book", account_number: "5460", vat_treatment: "standard_25", dimensions: { "1": "100" } },
    });
    const priv = await rule(acts, {
      name: "Privat",
      mode: "book",
      conditions: { merchant: { op: "equals", value: "systembolaget" } },
      action: { type: "private" },
    });
    const round = await rule(acts, {
      name: "Avrundning",
      mode: "book",
      conditions: { description: { op: "contains", value: "avrundning" }, amount_max: 10 },
      action: { type: "ignore" },
    });
    const [a, b, c, d] = await ingest(acts, [
      { description: "Hyra december", amount: -10000 },
      { description: "Kortköp", merchant_name: "Butiksgrossisten", amount: -250 },
      { description: "Kortköp", merchant_name: "Systembolaget", amount: -300 },
      { description: "Avrundning", amount: -0.5 },
    ]);
    const ta = await settled(acts, a);
    expect(ta).toMatchObject({
      status: "booked",
      supplier_invoice_id: si.body.data.id,
      bank_rule: { rule_id: rent.id, outcome: "matched_supplier_invoice" },
    });
    expect(await entryLines(acts.actor.key, acts.companyId, ta.journal_entry_id)).toEqual({
      "2440": [10000, 0],
      "1930": [0, 10000],
    });
    const tb = await settled(acts, b);
    expect(tb.bank_rule).toMatchObject({ rule_id: shop.id, outcome: "booked" });
    const lines = (await entry(acts, tb.journal_entry_id)).lines;
    expect(lines.find((l: any) => l.account_number === "5460")).toMatchObject({
      debit_amount: 200,
      dimensions: { "1": "100" },
    });
    expect(lines.find((l: any) => l.account_number === "2641")).toMatchObject({ debit_amount: 50 });
    const tc = await settled(acts, c);
    expect(tc).toMatchObject({ is_business: false, bank_rule: { rule_id: priv.id, outcome: "private" } });
    // a limited company's private purchase is a receivable on the owner (1685)
    expect(await entryLines(acts.actor.key, acts.companyId, tc.journal_entry_id)).toEqual({
      "1930": [0, 300],
      "1685": [300, 0],
    });
    const td = await settled(acts, d);
    expect(td).toMatchObject({ status: "ignored", bank_rule: { rule_id: round.id, outcome: "ignored" } });
    const { booksDb } = await import("../books");
    const applied = await booksDb
      .prepare("SELECT COUNT(*) AS n FROM outbox_events WHERE company_id = ? AND type = 'transaction.rule_applied'")
      .bind(acts.companyId)
      .first<{ n: number }>();
    expect(applied?.n).toBe(4);
  });
});

describe("the rules themselves", () => {
  it("refuses bad bodies with their codes and writes nothing", async () => {
    const bad: [Record<string, unknown>, number, string][] = [
      [{ name: "x", conditions: {}, action: { type: "ignore" } }, 400, "VALIDATION_ERROR"],
      [
        { name: "x", conditions: { direction: "out" }, action: { type: "book", account_number: "1930" } },
        400,
        "BANK_RULE_INVALID_ACCOUNT",
      ],
      [
        { name: "x", conditions: { direction: "out" }, action: { type: "book", account_number: "4999" } },
        400,
        "BANK_RULE_INVALID_ACCOUNT",
      ],
      [
        { name: "x", conditions: { direction: "out" }, action: { type: "match", party: "supplier", party_id: "nope" } },
        400,
        "BANK_RULE_PARTY_NOT_FOUND",
      ],
      [
        { name: "x", conditions: { description: { op: "regex", value: "(a+)+b" } }, action: { type: "ignore" } },
        400,
        "VALIDATION_ERROR",
      ],
    ];
    for (const [body, status, code] of bad) {
      const res = await write(crud.actor.key, "POST", url(crud, "/bank-rules"), body);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body.error.code).toBe(code);
    }
    const dry = await write(crud.actor.key, "POST", url(crud, "/bank-rules?dry_run=true"), {
      name: "Torr",
      conditions: { direction: "in" },
      action: { type: "ignore" },
    });
    expect(dry.status).toBe(201);
    expect((await call("GET", url(crud, "/bank-rules"), { key: crud.actor.key })).body.data).toEqual([]);
  });

  it("reorders, changes and deletes, announcing each", async () => {
    const a = await rule(crud, { name: "A", conditions: { direction: "in" }, action: { type: "ignore" } });
    const b = await rule(crud, { name: "B", conditions: { direction: "out" }, action: { type: "private" } });
    const mismatch = await write(crud.actor.key, "POST", url(crud, "/bank-rules/reorder"), { order: [b.id] });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error.code).toBe("BANK_RULE_ORDER_MISMATCH");
    const re = await write(crud.actor.key, "POST", url(crud, "/bank-rules/reorder"), { order: [b.id, a.id] });
    expect(re.status, JSON.stringify(re.body)).toBe(200);
    expect(re.body.data.map((r: any) => [r.name, r.position])).toEqual([
      ["B", 1],
      ["A", 2],
    ]);
    const del = await write(crud.actor.key, "DELETE", url(crud, `/bank-rules/${b.id}`));
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    const list = (await call("GET", url(crud, "/bank-rules"), { key: crud.actor.key })).body.data;
    expect(list.map((r: any) => [r.name, r.position])).toEqual([["A", 1]]);
    expect((await call("GET", url(crud, `/bank-rules/${b.id}`), { key: crud.actor.key })).status).toBe(404);
    const { booksDb } = await import("../books");
    const events = await booksDb
      .prepare(
        "SELECT type AS event_type FROM outbox_events WHERE company_id = ? AND type LIKE 'bank_rule.%' ORDER BY created, rowid",
      )
      .bind(crud.companyId)
      .all<{ event_type: string }>();
    expect(events.results.map((e) => e.event_type)).toEqual([
      "bank_rule.created",
      "bank_rule.created",
      "bank_rule.updated",
      "bank_rule.updated",
      "bank_rule.deleted",
    ]);
  });
});
