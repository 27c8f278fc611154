import { describe, expect, it } from "vitest";
import { call, companyFixture, day, entryLines, runJob, write, yearAroundToday } from "../helpers";
import { booksDb } from "../books";

const accrual = companyFixture({ name: "Inköp AB", ...yearAroundToday() });
const url = (f: { companyId: string }, p: string) => `/api/v1/companies/${f.companyId}${p}`;

async function newSupplier(f: typeof accrual, body: Record<string, unknown> = {}) {
  const res = await write(f.actor.key, "POST", url(f, "/suppliers"), {
    name: "Grossisten AB",
    supplier_type: "swedish_business",
    default_expense_account: "4010",
    default_payment_terms: 30,
    ...body,
  });
  expect(res.status).toBe(201);
  return res.body.data.id as string;
}

const register = (f: typeof accrual, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  write(f.actor.key, "POST", url(f, "/supplier-invoices"), body, headers);

describe("registering under the accrual method", () => {
  it("posts expense and input VAT against 2440 at once, with the next arrival number", async () => {
    const supplierId = await newSupplier(accrual);
    const res = await register(accrual, {
      supplier_id: supplierId,
      supplier_invoice_number: "INV-1001",
      invoice_date: day(-10),
      items: [
        { description: "Varor", amount: 1000, vat_rate: 0.25 },
        { description: "Livsmedel", amount: 400, vat_rate: 0.12, account_number: "4010" },
      ],
    });
    expect(res.status).toBe(201);
    const si = res.body.data;
    // 1000 + 400 net, 250 + 48 VAT
    expect(si).toMatchObject({
      status: "registered",
      arrival_number: 1,
      subtotal: 1400,
      vat_amount: 298,
      total: 1698,
      total_sek: 1698,
      remaining_amount: 1698,
      currency: "SEK",
      due_date: day(20),
    });
    expect(res.body.meta.audit.voucher_number).toMatch(/^A\d+$/);
    expect(await entryLines(accrual.actor.key, accrual.companyId, si.registration_journal_entry_id)).toEqual({
      "4010": [1400, 0],
      "2641": [298, 0],
      "2440": [0, 1698],
    });

    const dup = await register(accrual, {
      supplier_id: supplierId,
      supplier_invoice_number: "INV-1001",
      invoice_date: day(-9),
      items: [{ amount: 10 }],
    });
    expect(dup.status).toBe(409);
    expect(dup.body.error.code).toBe("SI_CREATE_DUPLICATE_INVOICE_NUMBER");
  });

  it("books special payroll tax on a pension premium, and refuses apply_slp elsewhere", async () => {
    const supplierId = await newSupplier(accrual, { name: "Pensionsbolaget" });
    const res = await register(accrual, {
      supplier_id: supplierId,
      supplier_invoice_number: "P-1",
      invoice_date: day(-5),
      items: [{ amount: 10000, vat_rate: 0, account_number: "7412", apply_slp: true }],
    });
    expect(res.status).toBe(201);
    // 10 000 x 24.26 % = 2 426 on 7533 / 2514; 2440 stays at the invoice total
    expect(await entryLines(accrual.actor.key, accrual.companyId, res.body.data.registration_journal_entry_id)).toEqual(
      { "7412": [10000, 0], "7533": [2426, 0], "2514": [0, 2426], "2440": [0, 10000] },
    );
    const bad = await register(accrual, {
      supplier_id: supplierId,
      supplier_invoice_number: "P-2",
      invoice_date: day(-5),
      items: [{ amount: 100, account_number: "4010", apply_slp: true }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("SI_CREATE_SLP_INVALID_ACCOUNT");
  });

  it("converts a foreign currency at the central-bank rate when none is given, and refuses when there is none", async () => {
    const supplierId = await newSupplier(accrual, {
      name: "Lieferant GmbH",
      supplier_type: "eu_business",
      country: "DE",
      default_currency: "EUR",
    });
    const res = await register(accrual, {
      supplier_id: supplierId,
      supplier_invoice_number: "DE-7",
      invoice_date: day(-3),
      items: [{ amount: 100, vat_rate: 0 }],
    });
    expect(res.status).toBe(201);
    // the fake Riksbank fixes EUR at 11.2345 on every banking day
    expect(res.body.data).toMatchObject({ currency: "EUR", exchange_rate: 11.2345, total: 100, total_sek: 1123.45 });
    expect(await entryLines(accrual.actor.key, accrual.companyId, res.body.data.registration_journal_entry_id)).toEqual(
      { "4010": [1123.45, 0], "2440": [0, 1123.45] },
    );

    const missing = await register(accrual, {
      supplier_id: supplierId,
      supplier_invoice_number: "DE-8",
      invoice_date: day(-3),
      currency: "NOK",
      items: [{ amount: 100, vat_rate: 0 }],
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe("SI_FX_RATE_MISSING");
    const given = await register(accrual, {
      supplier_id: supplierId,
      supplier_invoice_number: "DE-9",
      invoice_date: day(-3),
      currency: "NOK",
      exchange_rate: 0.95,
      items: [{ amount: 1000, vat_rate: 0 }],
    });
    expect(given.body.data.total_sek).toBe(950);
    // a decimal string, as rates are kept (docs/invoices.md)
    const asString = await register(accrual, {
      supplier_id: supplierId,
      supplier_invoice_number: "DE-10",
      invoice_date: day(-3),
      currency: "NOK",
      exchange_rate: "0.9512",
      items: [{ amount: 1000, vat_rate: 0 }],
    });
    expect(asString.status, JSON.stringify(asString.body)).toBe(201);
    expect(asString.body.data).toMatchObject({ exchange_rate: 0.9512, total_sek: 951.2 });
    expect(
      await entryLines(accrual.actor.key, accrual.companyId, asString.body.data.registration_journal_entry_id),
    ).toEqual({ "4010": [951.2, 0], "2440": [0, 951.2] });
    for (const rate of [0, 100000, -1, "0", "100000", "0,95", "0.9512345", "abc"]) {
      const r = await register(accrual, {
        supplier_id: supplierId,
        supplier_invoice_number: `R${rate}`,
        invoice_date: day(-3),
        currency: "NOK",
        exchange_rate: rate,
        items: [{ amount: 1 }],
      });
      expect(r.body.error.code).toBe("VALIDATION_ERROR");
    }
  });

  it("refuses an unknown or archived supplier, and an account-less line, changing nothing", async () => {
    const before = await call("GET", url(accrual, "/supplier-invoices?limit=100"), { key: accrual.actor.key });
    expect(
      (
        await register(accrual, {
          supplier_id: "00000000-0000-4000-8000-000000000000",
          supplier_invoice_number: "X",
          invoice_date: day(0),
          items: [{ amount: 1 }],
        })
      ).body.error.code,
    ).toBe("SUPPLIER_NOT_FOUND");
    const bare = await newSupplier(accrual, { name: "Utan konto", default_expense_account: null });
    const noAccount = await register(accrual, {
      supplier_id: bare,
      supplier_invoice_number: "X",
      invoice_date: day(0),
      items: [{ amount: 1 }],
    });
    expect(noAccount.body.error).toMatchObject({
      code: "VALIDATION_ERROR",
      details: { fields: [{ path: "items.0.account_number" }] },
    });
    const notInChart = await register(accrual, {
      supplier_id: bare,
      supplier_invoice_number: "X",
      invoice_date: day(0),
      items: [{ amount: 1, account_number: "4999" }],
    });
    expect(notInChart.body.error.code).toBe("ACCOUNTS_NOT_IN_CHART");
    const after = await call("GET", url(accrual, "/supplier-invoices?limit=100"), { key: accrual.actor.key });
    expect(after.body.data.length).toBe(before.body.data.length);
  });

  it("previews under dry-run without a row or a voucher number, and replays under the same key", async () => {
    const supplierId = await newSupplier(accrual, { name: "Förhandsvisning AB" });
    const body = {
      supplier_id: supplierId,
      supplier_invoice_number: "DRY-1",
      invoice_date: day(-1),
      items: [{ amount: 80 }],
    };
    const dry = await register(accrual, body, { "X-Dry-Run": "true" });
    expect(dry.status).toBe(201);
    expect(dry.headers.get("X-Dry-Run")).toBe("true");
    expect(
      (await call("GET", url(accrual, `/supplier-invoices?supplier_id=${supplierId}`), { key: accrual.actor.key })).body
        .data,
    ).toEqual([]);
    const headers = { "Idempotency-Key": `si-${supplierId}` };
    const first = await call("POST", url(accrual, "/supplier-invoices"), { key: accrual.actor.key, body, headers });
    const replay = await call("POST", url(accrual, "/supplier-invoices"), { key: accrual.actor.key, body, headers });
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(replay.body.data.id).toBe(first.body.data.id);
    expect(
      (await call("GET", url(accrual, `/supplier-invoices?supplier_id=${supplierId}`), { key: accrual.actor.key })).body
        .data,
    ).toHaveLength(1);
  });
});

describe("the supplier invoice's life", () => {
  it("approves, pays in parts, and refuses what its state does not allow", async () => {
    const supplierId = await newSupplier(accrual, { name: "Livscykel AB" });
    const si = (
      await register(accrual, {
        supplier_id: supplierId,
        supplier_invoice_number: "L-1",
        invoice_date: day(-2),
        due_date: day(28),
        items: [{ amount: 800, vat_rate: 0.25 }],
      })
    ).body.data;
    const path = (p: string) => url(accrual, `/supplier-invoices/${si.id}${p}`);

    const approved = await write(accrual.actor.key, "POST", path("/approve"));
    expect(approved.body.data).toMatchObject({ status: "approved" });
    expect(approved.body.data.approved_at).toBeTruthy();
    expect((await write(accrual.actor.key, "POST", path("/approve"))).body.error.code).toBe(
      "SI_APPROVE_NOT_REGISTERED",
    );

    const over = await write(accrual.actor.key, "POST", path("/mark-paid"), { payment_date: day(-1), amount: 1000.01 });
    expect(over.body.error.code).toBe("VALIDATION_ERROR");
    const part = await write(accrual.actor.key, "POST", path("/mark-paid"), { payment_date: day(-1), amount: 400 });
    expect(part.status).toBe(200);
    expect(part.body.data).toMatchObject({ status: "partially_paid", paid_amount: 400, remaining_amount: 600 });
    expect(await entryLines(accrual.actor.key, accrual.companyId, part.body.data.journal_entry_id)).toEqual({
      "2440": [400, 0],
      "1930": [0, 400],
    });
    const rest = await write(accrual.actor.key, "POST", path("/mark-paid"), { payment_date: day(0) });
    expect(rest.body.data).toMatchObject({ status: "paid", paid_amount: 1000, remaining_amount: 0 });
    expect(rest.body.data.paid_at).toBeTruthy();
    expect((await write(accrual.actor.key, "POST", path("/mark-paid"), {})).body.error.code).toBe("SI_PAID_ALREADY");

    const full = await call("GET", path("?expand=items,payments,supplier"), { key: accrual.actor.key });
    expect(full.body.data.payments.map((p: any) => p.amount)).toEqual([400, 600]);
    expect(full.body.data.items).toEqual([
      expect.objectContaining({ amount: 800, vat_rate: 0.25, vat_amount: 200, account_number: "4010" }),
    ]);
    expect(full.body.data.supplier.name).toBe("Livscykel AB");
    expect((await call("GET", path("?expand=everything"), { key: accrual.actor.key })).body.error.code).toBe(
      "VALIDATION_ERROR",
    );
    const ev = await booksDb
      .prepare("SELECT count(*) AS n FROM outbox_events WHERE company_id = ? AND type = 'supplier_invoice.paid'")
      .bind(accrual.companyId)
      .first<{ n: number }>();
    expect(ev!.n).toBe(2);
  });

  it("books the currency difference of a foreign payment to 7960 or 3960", async () => {
    const supplierId = await newSupplier(accrual, {
      name: "Valuta GmbH",
      supplier_type: "eu_business",
      country: "DE",
      default_currency: "EUR",
    });
    const si = (
      await register(accrual, {
        supplier_id: supplierId,
        supplier_invoice_number: "FX-1",
        invoice_date: day(-2),
        exchange_rate: 11,
        items: [{ amount: 100, vat_rate: 0 }],
      })
    ).body.data;
    const pay = (body: unknown) =>
      write(accrual.actor.key, "POST", url(accrual, `/supplier-invoices/${si.id}/mark-paid`), body);
    expect((await pay({ payment_date: day(0) })).body.error.details.fields[0].path).toBe("exchange_rate_difference");
    // booked 1 100 SEK; paid 1 150 SEK: a loss of 50
    const res = await pay({ payment_date: day(0), exchange_rate_difference: 50 });
    expect(await entryLines(accrual.actor.key, accrual.companyId, res.body.data.journal_entry_id)).toEqual({
      "2440": [1100, 0],
      "7960": [50, 0],
      "1930": [0, 1150],
    });
  });

  it("credits with a mirrored entry dated today, once", async () => {
    const supplierId = await newSupplier(accrual, { name: "Kredit AB" });
    const si = (
      await register(accrual, {
        supplier_id: supplierId,
        supplier_invoice_number: "K-1",
        invoice_date: day(-2),
        items: [{ amount: 200, vat_rate: 0.25 }],
      })
    ).body.data;
    const res = await write(accrual.actor.key, "POST", url(accrual, `/supplier-invoices/${si.id}/credit`));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ original_id: si.id, supplier_invoice_number: "K-1", total: -250 });
    expect(res.body.data.arrival_number).toBeGreaterThan(si.arrival_number);
    expect(await entryLines(accrual.actor.key, accrual.companyId, res.body.data.registration_journal_entry_id)).toEqual(
      { "2440": [250, 0], "4010": [0, 200], "2641": [0, 50] },
    );
    const note = (
      await call("GET", url(accrual, `/supplier-invoices/${res.body.data.credit_note_id}`), { key: accrual.actor.key })
    ).body.data;
    expect(note).toMatchObject({
      is_credit_note: true,
      credited_invoice_id: si.id,
      invoice_date: day(0),
      total: -250,
      remaining_amount: 0,
    });
    const original = (await call("GET", url(accrual, `/supplier-invoices/${si.id}`), { key: accrual.actor.key })).body
      .data;
    expect(original).toMatchObject({ status: "credited", remaining_amount: 0 });
    expect(
      (await write(accrual.actor.key, "POST", url(accrual, `/supplier-invoices/${si.id}/credit`))).body.error.code,
    ).toBe("SI_CREDIT_ALREADY_CREDITED");
    expect(
      (await write(accrual.actor.key, "POST", url(accrual, `/supplier-invoices/${si.id}/mark-paid`), {})).body.error
        .code,
    ).toBe("SI_PAID_ALREADY");
  });

  it("disputes and resolves; a disputed invoice cannot be paid", async () => {
    const supplierId = await newSupplier(accrual, { name: "Tvist AB" });
    const si = (
      await register(accrual, {
        supplier_id: supplierId,
        supplier_invoice_number: "T-1",
        invoice_date: day(-2),
        due_date: day(10),
        items: [{ amount: 100 }],
      })
    ).body.data;
    const p = (s: string) => url(accrual, `/supplier-invoices/${si.id}${s}`);
    expect((await write(accrual.actor.key, "POST", p("/dispute"), { reason: "Fel antal" })).body.data).toMatchObject({
      status: "disputed",
      dispute_reason: "Fel antal",
    });
    expect((await write(accrual.actor.key, "POST", p("/mark-paid"), {})).body.error.code).toBe("CONFLICT");
    expect((await write(accrual.actor.key, "POST", p("/resolve-dispute"))).body.data).toMatchObject({
      status: "registered",
      dispute_reason: null,
    });
    const patched = await write(accrual.actor.key, "PATCH", p(""), {
      supplier_invoice_number: "T-1b",
      due_date: day(40),
      payment_reference: "OCR 123",
    });
    expect(patched.body.data).toMatchObject({
      supplier_invoice_number: "T-1b",
      due_date: day(40),
      payment_reference: "OCR 123",
      total: 125,
    });
    expect((await write(accrual.actor.key, "PATCH", p(""), { total: 5 })).body.error.code).toBe("VALIDATION_ERROR");
  });

  it("keeps a supplier with open invoices from being archived, and lists them on expand", async () => {
    const supplierId = await newSupplier(accrual, { name: "Öppen AB" });
    const si = (
      await register(accrual, {
        supplier_id: supplierId,
        supplier_invoice_number: "Ö-1",
        invoice_date: day(-2),
        items: [{ amount: 100 }],
      })
    ).body.data;
    const archive = await write(accrual.actor.key, "DELETE", url(accrual, `/suppliers/${supplierId}`));
    expect(archive.status).toBe(409);
    expect(archive.body.error).toMatchObject({ code: "SUPPLIER_HAS_INVOICES", details: { open_supplier_invoices: 1 } });
    const expanded = await call("GET", url(accrual, `/suppliers/${supplierId}?expand=supplier_invoices`), {
      key: accrual.actor.key,
    });
    expect(expanded.body.data.supplier_invoices.map((x: any) => x.id)).toEqual([si.id]);
    await write(accrual.actor.key, "POST", url(accrual, `/supplier-invoices/${si.id}/mark-paid`), {
      payment_date: day(0),
    });
    expect((await write(accrual.actor.key, "DELETE", url(accrual, `/suppliers/${supplierId}`))).status).toBe(204);
  });

  it("becomes overdue on the sweep after its due date", async () => {
    const supplierId = await newSupplier(accrual, { name: "Sen AB" });
    const si = (
      await register(accrual, {
        supplier_id: supplierId,
        supplier_invoice_number: "S-1",
        invoice_date: day(-40),
        due_date: day(-10),
        items: [{ amount: 100 }],
      })
    ).body.data;
    expect(si.status).toBe("registered");
    // the sweep runs once in each database (three ledger databases and the directory), each acknowledged
    expect((await runJob({ type: "invoices.overdue_sweep" })).explicitAcks).toHaveLength(4);
    expect(
      (await call("GET", url(accrual, `/supplier-invoices/${si.id}`), { key: accrual.actor.key })).body.data.status,
    ).toBe("overdue");
    // approving an overdue invoice keeps it overdue (spec: approved, or overdue if still past due)
    const approved = await write(accrual.actor.key, "POST", url(accrual, `/supplier-invoices/${si.id}/approve`));
    expect(approved.body.data.status).toBe("overdue");
    expect(approved.body.data.approved_at).toBeTruthy();
  });
});

describe("the cash method", () => {
  const cash = companyFixture({ name: "Kontant AB", accounting_method: "cash", ...yearAroundToday() });

  it("posts nothing at registration and everything at payment", async () => {
    const supplierId = await newSupplier(cash);
    const res = await register(cash, {
      supplier_id: supplierId,
      supplier_invoice_number: "C-1",
      invoice_date: day(-3),
      items: [{ amount: 1000, vat_rate: 0.25 }],
    });
    expect(res.status).toBe(201);
    expect(res.body.data.registration_journal_entry_id).toBeNull();
    expect(res.body.meta.audit.voucher_number).toBeNull();
    const pay = (body: unknown) =>
      write(cash.actor.key, "POST", url(cash, `/supplier-invoices/${res.body.data.id}/mark-paid`), body);
    const paid = await pay({ payment_date: day(0) });
    expect(paid.body.data).toMatchObject({ status: "paid", payment_journal_entry_id: paid.body.data.journal_entry_id });
    expect(await entryLines(cash.actor.key, cash.companyId, paid.body.data.journal_entry_id)).toEqual({
      "4010": [1000, 0],
      "2641": [250, 0],
      "1930": [0, 1250],
    });
    const credit = await write(cash.actor.key, "POST", url(cash, `/supplier-invoices/${res.body.data.id}/credit`));
    expect(credit.body.data.registration_journal_entry_id).toBeNull();
  });
});

describe("the supplier ledger", () => {
  const books = companyFixture({ name: "Reskontra AB", ...yearAroundToday() });

  it("ages what is owed at a date per supplier, and equals 2440 in the trial balance", async () => {
    const a = await newSupplier(books, { name: "Alfa AB" });
    const b = await newSupplier(books, { name: "Beta AB" });
    const asOf = day(0);
    const reg = async (supplier: string, n: string, due: number, amount: number) =>
      (
        await register(books, {
          supplier_id: supplier,
          supplier_invoice_number: n,
          invoice_date: day(Math.min(due, 0) - 5),
          due_date: day(due),
          items: [{ amount, vat_rate: 0.25 }],
        })
      ).body.data;
    await reg(a, "A-1", 5, 100); // not yet due: 0-30, 125
    await reg(a, "A-2", -45, 200); // 45 days past due: 31-60, 250
    const b1 = await reg(b, "B-1", -75, 400); // 61-90, 500, of which 100 paid
    await reg(b, "B-2", -120, 800); // 90+, 1 000
    const credited = await reg(b, "B-3", -10, 1000); // credited: not owed
    await write(books.actor.key, "POST", url(books, `/supplier-invoices/${b1.id}/mark-paid`), {
      payment_date: day(-1),
      amount: 100,
    });
    await write(books.actor.key, "POST", url(books, `/supplier-invoices/${credited.id}/credit`));

    const res = await call("GET", url(books, `/reports/supplier-ledger?as_of_date=${asOf}`), { key: books.actor.key });
    expect(res.status).toBe(200);
    const d = res.body.data;
    const { SupplierLedgerSchema } = await import("../../src/domains/reports/schemas");
    expect(SupplierLedgerSchema.safeParse(d).success).toBe(true);
    expect(d.suppliers.map((s: any) => [s.supplier_name, s.buckets, s.total])).toEqual([
      ["Alfa AB", { "0-30": 125, "31-60": 250, "61-90": 0, "90+": 0 }, 375],
      ["Beta AB", { "0-30": 0, "31-60": 0, "61-90": 400, "90+": 1000 }, 1400],
    ]);
    expect(d.totals).toEqual({
      buckets: { "0-30": 125, "31-60": 250, "61-90": 400, "90+": 1000 },
      not_yet_due: 125,
      total: 1775,
      invoice_count: 4,
    });
    // oldest due date first
    expect(d.suppliers[1].invoices.map((i: any) => i.number)).toEqual(["B-2", "B-1"]);
    expect(d.suppliers[1].invoices[1]).toMatchObject({
      number: "B-1",
      days_past_due: 75,
      bucket: "61-90",
      remaining_amount: 400,
      remaining_sek: 400,
    });

    const tb = await call("GET", url(books, `/reports/trial-balance?period_id=${books.periodId}`), {
      key: books.actor.key,
    });
    expect(tb.body.data.accounts.find((x: any) => x.account_number === "2440").closing_balance).toBe(-1775);

    // before the payment and the credit note, they were owed too
    const earlier = await call("GET", url(books, `/reports/supplier-ledger?as_of_date=${day(-2)}`), {
      key: books.actor.key,
    });
    expect(earlier.body.data.totals.total).toBe(1775 + 100 + 1250);
    expect(
      (
        await call("GET", url(books, `/reports/supplier-ledger?as_of_date=${asOf}&colour=blue`), {
          key: books.actor.key,
        })
      ).body.error.code,
    ).toBe("VALIDATION_ERROR");
  });

  it("refuses a supplier invoice dated in a locked period with PERIOD_LOCKED", async () => {
    const s = await newSupplier(books, { name: "Låst AB" });
    const lock = await write(books.actor.key, "POST", url(books, `/fiscal-periods/${books.periodId}/lock`));
    expect(lock.status).toBe(200);
    const res = await register(books, {
      supplier_id: s,
      supplier_invoice_number: "L-1",
      invoice_date: day(0),
      items: [{ amount: 1 }],
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("PERIOD_LOCKED");
    expect(
      (await call("GET", url(books, `/supplier-invoices?supplier_id=${s}`), { key: books.actor.key })).body.data,
    ).toEqual([]);
  });
});

describe("the exchange-rate lookup", () => {
  it("gives the Riksbank rate of a day, crosses through SEK, and says what is missing", async () => {
    const rate = (q: string) => call("GET", url(accrual, `/currency/rate?${q}`), { key: accrual.actor.key });
    // 2026-03-07 is a Saturday: Friday's fixing is used
    expect((await rate("from=EUR&date=2026-03-07")).body.data).toEqual({
      from: "EUR",
      to: "SEK",
      date: "2026-03-07",
      rate: 11.2345,
      rate_date: "2026-03-06",
      source: "riksbank",
    });
    expect((await rate("from=EUR&to=USD&date=2026-03-09")).body.data.rate).toBe(1.069952); // 11.2345 / 10.5
    const none = await rate("from=NOK&date=2026-03-09");
    expect(none.status).toBe(502);
    expect(none.body.error).toMatchObject({
      code: "FX_CLOSING_RATE_UNAVAILABLE",
      details: { missingRates: [{ currency: "NOK", date: "2026-03-09" }] },
    });
    expect((await rate("from=eur")).body.error.code).toBe("VALIDATION_ERROR");
  });
});
