// Issue #40, a year as a regression test: a sole trader (enskild firma) on the cash method
// (kontantmetoden, BFL 5 kap 2 § tredje stycket) declaring VAT per quarter, over two years.
// At the end of 2024 a customer invoice partly paid, another unpaid and a supplier invoice
// unpaid are booked with their VAT by bokslutsmetoden ("vid räkenskapsårets utgång ska dock
// samtliga då obetalda fordringar och skulder bokföras", BFNAR 2013:2 kapitel 3), and that
// VAT is declared in 2024's last VAT period (Skatteverket on bokslutsmetoden); they are paid in
// 2025's second quarter, which then declares nothing of them. Every quarter of both years is
// filed and checked box by box (SKV 4700: 05 sales, 10 output VAT 25 %, 48 input VAT,
// 49 to pay), and the books and the next year's opening against a shadow ledger built here.
import { describe, expect, it } from "vitest";
import { booksDb } from "../books";
import { call, companyFixture, entryLines, settleOperation, write } from "../helpers";

const f = companyFixture({
  name: "Kontant Kajsa",
  entity_type: "enskild_firma",
  org_number: "19811218-9876",
  first_fiscal_year: { start_date: "2024-01-01", end_date: "2024-12-31" },
  fiscal_year_start_month: 1,
});
const url = (p: string) => `/api/v1/companies/${f.companyId}${p}`;
const get = async (p: string) => {
  const res = await call("GET", url(p), { key: f.actor.key });
  expect(res.status).toBe(200);
  return res.body.data;
};

/** ML 2023:200 9 kap 1 §: 25 % on the taxable amount; every figure here divides exactly. */
const RATE = 0.25;
const vatOf = (net: number) => net * RATE;
/** Under the cash method a payment books its share of the sale: net and VAT in the sale's proportions. */
const shareOf = (net: number, paid: number) => {
  const gross = net + vatOf(net);
  return { net: (net * paid) / gross, vat: (vatOf(net) * paid) / gross };
};

// The documents (kronor, net of VAT, all at 25 %)
const A = { net: 8000, date: "2024-02-10", paid: "2024-03-01" }; // Q1 2024, paid in Q1
const S1 = { net: 2000, date: "2024-05-05", paid: "2024-05-25" }; // Q2 2024 purchase, paid in Q2
const B = { net: 10000, date: "2024-11-15", part: 5000, partDate: "2024-12-10", rest: "2025-04-15" };
const C = { net: 10000, date: "2024-12-01", paid: "2025-05-10" }; // unpaid at the year's end
const D = { net: 4000, date: "2024-12-05", paid: "2025-05-20" }; // supplier invoice unpaid at the year's end
const E = { net: 2000, date: "2025-01-10", paid: "2025-01-20" }; // Q1 2025, an ordinary cash sale

const gross = (net: number) => net + vatOf(net);
const bPart = shareOf(B.net, B.part);
const bUnpaid = { net: B.net - bPart.net, vat: vatOf(B.net) - bPart.vat };

// Q4 2024 declares B's part payment, the rest of B, the whole of C (the year-end entry) and D's input VAT
const Q4_2024 = {
  "05": bPart.net + bUnpaid.net + C.net,
  "10": bPart.vat + bUnpaid.vat + vatOf(C.net),
  "48": vatOf(D.net),
};
const boxesOf = (b: { "05": number; "10": number; "48": number }) => ({ ...b, "49": b["10"] - b["48"] });
const ZERO = boxesOf({ "05": 0, "10": 0, "48": 0 });
const EXPECTED: Record<string, ReturnType<typeof boxesOf>> = {
  "2024-Q1": boxesOf({ "05": A.net, "10": vatOf(A.net), "48": 0 }),
  "2024-Q2": boxesOf({ "05": 0, "10": 0, "48": vatOf(S1.net) }),
  "2024-Q3": ZERO,
  "2024-Q4": boxesOf(Q4_2024),
  "2025-Q1": boxesOf({ "05": E.net, "10": vatOf(E.net), "48": 0 }),
  // the payments of B, C and D settle 1510 and 2440: nothing to declare again
  "2025-Q2": ZERO,
  "2025-Q3": ZERO,
  "2025-Q4": ZERO,
};

async function sale(customerId: string, net: number, date: string) {
  const draft = await write(f.actor.key, "POST", url("/invoices"), {
    customer_id: customerId,
    invoice_date: date,
    due_date: date,
    items: [{ description: "Arbete", quantity: 1, unit: "st", unit_price: net, vat_rate: RATE }],
  });
  expect(draft.status).toBe(201);
  const sent = await write(f.actor.key, "POST", url(`/invoices/${draft.body.data.id}/mark-sent`));
  expect(sent.status).toBe(200);
  expect(sent.body.data.total).toBe(gross(net));
  return draft.body.data.id as string;
}

async function purchase(supplierId: string, net: number, date: string, number: string) {
  const si = await write(f.actor.key, "POST", url("/supplier-invoices"), {
    supplier_id: supplierId,
    supplier_invoice_number: number,
    invoice_date: date,
    due_date: date,
    items: [{ amount: net, vat_rate: RATE }],
  });
  expect(si.status).toBe(201);
  return si.body.data.id as string;
}

async function pay(kind: "invoices" | "supplier-invoices", id: string, date: string, amount?: number) {
  const res = await write(f.actor.key, "POST", url(`/${kind}/${id}/mark-paid`), {
    payment_date: date,
    ...(amount === undefined ? {} : { amount }),
  });
  expect(res.status).toBe(200);
  return res.body.data.journal_entry_id as string;
}

async function fileReturn(period: string) {
  const res = await write(f.actor.key, "POST", url("/vat-returns"), { period });
  expect(res.status).toBe(201);
  const b = res.body.data.boxes;
  expect({ period, boxes: { "05": b["05"], "10": b["10"], "48": b["48"], "49": b["49"] } }).toEqual({
    period,
    boxes: EXPECTED[period],
  });
  return res.body.data;
}

async function closingBalances(periodId: string) {
  const tb = await get(`/reports/trial-balance?period_id=${periodId}`);
  return Object.fromEntries(
    tb.accounts.filter((a: any) => a.closing_balance !== 0).map((a: any) => [a.account_number, a.closing_balance]),
  );
}

const readiness = async (periodId: string) =>
  (await get(`/compliance/check?type=year_end_readiness&fiscal_period_id=${periodId}`)).findings.map(
    (x: any) => x.code,
  );

describe("a sole trader's cash year with unpaid items at the year's end, paid in the next year's second quarter", () => {
  it("declares each item's VAT once, in the right quarter, and carries 1510 and 2440 into the next year", async () => {
    const customer = await write(f.actor.key, "POST", url("/customers"), {
      name: "Kund AB",
      customer_type: "swedish_business",
      email: "ekonomi@kund.se",
    });
    const supplier = await write(f.actor.key, "POST", url("/suppliers"), {
      name: "Grossisten AB",
      supplier_type: "swedish_business",
      default_expense_account: "5410",
    });
    const customerId = customer.body.data.id as string;
    const supplierId = supplier.body.data.id as string;

    // 2024, Q1-Q3: ordinary cash-method events, each quarter filed
    const a = await sale(customerId, A.net, A.date);
    await pay("invoices", a, A.paid);
    await fileReturn("2024-Q1");
    const s1 = await purchase(supplierId, S1.net, S1.date, "L-1");
    await pay("supplier-invoices", s1, S1.paid);
    await fileReturn("2024-Q2");
    await fileReturn("2024-Q3");

    // Q4: B partly paid in December, C and D unpaid at the year's end
    const b = await sale(customerId, B.net, B.date);
    expect(await entryLines(f.actor.key, f.companyId, await pay("invoices", b, B.partDate, B.part))).toEqual({
      "1930": [B.part, 0],
      "3001": [0, bPart.net],
      "2611": [0, bPart.vat],
    });
    const c = await sale(customerId, C.net, C.date);
    const d = await purchase(supplierId, D.net, D.date, "L-2");

    // the year has ended: readiness warns that the unpaid items are not booked yet
    expect(await readiness(f.periodId)).toContain("CASH_METHOD_ENTRY_MISSING");
    // preview: the dry run shows the entry and writes nothing
    const entryUrl = url(`/fiscal-periods/${f.periodId}/cash-method-entry`);
    const preview = await write(f.actor.key, "POST", entryUrl, undefined, { "X-Dry-Run": "true" });
    expect(preview.status).toBe(201);
    const expectedEntry = {
      "1510": [gross(B.net) - B.part + gross(C.net), 0],
      "3001": [0, bUnpaid.net + C.net],
      "2611": [0, bUnpaid.vat + vatOf(C.net)],
      "5410": [D.net, 0],
      "2641": [vatOf(D.net), 0],
      "2440": [0, gross(D.net)],
    };
    expect(preview.body.data).toMatchObject({
      journal_entry_id: expect.any(String),
      entry_date: "2024-12-31",
      output_vat: bUnpaid.vat + vatOf(C.net),
      input_vat: vatOf(D.net),
    });
    expect(await readiness(f.periodId)).toContain("CASH_METHOD_ENTRY_MISSING");
    // booked before the lock and before Q4's return, which then declares its VAT
    const booked = await write(f.actor.key, "POST", entryUrl);
    expect(booked.status).toBe(201);
    expect(await entryLines(f.actor.key, f.companyId, booked.body.data.journal_entry_id)).toEqual(expectedEntry);
    expect((await write(f.actor.key, "POST", entryUrl)).body.error).toMatchObject({
      code: "CONFLICT",
      details: { reason: "already_booked" },
    });
    expect(await readiness(f.periodId)).not.toContain("CASH_METHOD_ENTRY_MISSING");
    const q4 = await fileReturn("2024-Q4");
    expect(q4.warnings).toEqual([]);

    // the return locked the whole year: locking it again for the year-end answers success
    const lock = await write(f.actor.key, "POST", url(`/fiscal-periods/${f.periodId}/lock`));
    expect(lock.status).toBe(200);
    expect(lock.body.data.lock_date).toBe("2024-12-31");
    const next = await write(f.actor.key, "POST", url("/fiscal-periods"));
    expect(next.status).toBe(201);
    const nextId = next.body.data.id as string;
    const started = await write(f.actor.key, "POST", url(`/fiscal-periods/${f.periodId}/year-end`));
    expect(started.status).toBe(202);
    const op = await settleOperation(f.actor.key, started.body.data.operation_id);
    expect(op.status).toBe("succeeded");
    // the entry made before the lock is the year's; the year-end made no second one
    expect(op.result.cash_method_entry_id).toBe(booked.body.data.journal_entry_id);

    // 2024's books: every sale and purchase once, the VAT moved to 2650 by the four returns
    const revenue2024 = A.net + B.net + C.net;
    const cost2024 = S1.net + D.net;
    const bank2024 = gross(A.net) - gross(S1.net) + B.part;
    const vat2024 = Object.entries(EXPECTED)
      .filter(([p]) => p.startsWith("2024"))
      .reduce((s, [, v]) => s + v["49"], 0);
    const receivable = gross(B.net) - B.part + gross(C.net);
    const payable = gross(D.net);
    expect(op.result.year_result).toBe(revenue2024 - cost2024);
    expect(await closingBalances(f.periodId)).toEqual({
      "1930": bank2024,
      "1510": receivable,
      "2440": -payable,
      "2650": -vat2024,
      "3001": -revenue2024,
      "5410": cost2024,
      "8999": revenue2024 - cost2024,
      "2019": -(revenue2024 - cost2024),
    });

    // 2025 opens with 1510 and 2440 open and no reversal of the year-end entry
    const opened = await write(f.actor.key, "POST", url(`/fiscal-periods/${f.periodId}/opening-balances`), {
      next_period_id: nextId,
    });
    expect(opened.status).toBe(201);
    expect(opened.body.data.cash_method_reversal_entry_id).toBeNull();
    const opening = {
      "1930": bank2024,
      "1510": receivable,
      "2440": -payable,
      "2650": -vat2024,
      "2010": -(revenue2024 - cost2024),
    };
    expect(await closingBalances(nextId)).toEqual(opening);

    // Q1 2025: a sale of the new year, and no reclaim of 2024's VAT
    const e = await sale(customerId, E.net, E.date);
    await pay("invoices", e, E.paid);
    await fileReturn("2025-Q1");

    // Q2 2025: B's rest, C and D paid: each settles the control account, no revenue, cost or VAT
    expect(await entryLines(f.actor.key, f.companyId, await pay("invoices", b, B.rest))).toEqual({
      "1930": [gross(B.net) - B.part, 0],
      "1510": [0, gross(B.net) - B.part],
    });
    expect(await entryLines(f.actor.key, f.companyId, await pay("invoices", c, C.paid))).toEqual({
      "1930": [gross(C.net), 0],
      "1510": [0, gross(C.net)],
    });
    expect(await entryLines(f.actor.key, f.companyId, await pay("supplier-invoices", d, D.paid))).toEqual({
      "2440": [payable, 0],
      "1930": [0, payable],
    });
    await fileReturn("2025-Q2");
    await fileReturn("2025-Q3");
    // 2025's last return: nothing unpaid at its end, so no entry is missing and no warning
    expect(
      (await write(f.actor.key, "POST", url(`/fiscal-periods/${nextId}/cash-method-entry`))).body.data,
    ).toMatchObject({ journal_entry_id: null, lines: [] });
    expect((await fileReturn("2025-Q4")).warnings).toEqual([]);

    // 2025's books: only E's sale is revenue; 1510 and 2440 are settled
    expect(await closingBalances(nextId)).toEqual({
      "1930": bank2024 + gross(E.net) + receivable - payable,
      "2650": -vat2024 - EXPECTED["2025-Q1"]["49"],
      "3001": -E.net,
      "2010": opening["2010"],
    });
    const income = await get(`/reports/income-statement?period_id=${nextId}`);
    expect(income.netResult).toBe(E.net);
  });
});

describe("a cash-method year's last VAT return filed before the bokslutsmetoden entry", () => {
  const g = companyFixture({
    name: "Brådskande Bo",
    entity_type: "enskild_firma",
    org_number: "19811218-9876",
    first_fiscal_year: { start_date: "2024-01-01", end_date: "2024-12-31" },
    fiscal_year_start_month: 1,
  });
  const gurl = (p: string) => `/api/v1/companies/${g.companyId}${p}`;

  it("warns in the return and in readiness that a correction return is due", async () => {
    const customer = await write(g.actor.key, "POST", gurl("/customers"), {
      name: "Kund AB",
      customer_type: "swedish_business",
      email: "ekonomi@kund.se",
    });
    const draft = await write(g.actor.key, "POST", gurl("/invoices"), {
      customer_id: customer.body.data.id,
      invoice_date: C.date,
      due_date: C.date,
      items: [{ description: "Arbete", quantity: 1, unit: "st", unit_price: C.net, vat_rate: RATE }],
    });
    expect((await write(g.actor.key, "POST", gurl(`/invoices/${draft.body.data.id}/mark-sent`))).status).toBe(200);
    for (const q of ["2024-Q1", "2024-Q2", "2024-Q3"])
      expect((await write(g.actor.key, "POST", gurl("/vat-returns"), { period: q })).status).toBe(201);
    const q4 = await write(g.actor.key, "POST", gurl("/vat-returns"), { period: "2024-Q4" });
    expect(q4.status).toBe(201);
    // the unpaid sale's VAT is not in it, and the return says so
    expect(q4.body.data.boxes["10"]).toBe(0);
    expect(q4.body.data.warnings).toEqual([
      expect.objectContaining({
        code: "CASH_METHOD_ENTRY_MISSING",
        details: expect.objectContaining({ output_vat: vatOf(C.net), input_vat: 0 }),
      }),
    ]);
    const check = await call("GET", gurl(`/compliance/check?type=year_end_readiness&fiscal_period_id=${g.periodId}`), {
      key: g.actor.key,
    });
    const codes = check.body.data.findings.map((x: any) => x.code);
    expect(codes).toEqual(expect.arrayContaining(["CASH_METHOD_ENTRY_MISSING", "VAT_RETURN_LACKS_CASH_METHOD_ENTRY"]));
    const lacks = check.body.data.findings.find((x: any) => x.code === "VAT_RETURN_LACKS_CASH_METHOD_ENTRY");
    expect(lacks.details).toMatchObject({ vat_return_id: q4.body.data.id, period: "2024-Q4" });
  });
});

describe("a December payment entered after the bokslutsmetoden entry", () => {
  const h = companyFixture({
    name: "Sena Sigrid",
    entity_type: "enskild_firma",
    org_number: "19811218-9876",
    first_fiscal_year: { start_date: "2024-01-01", end_date: "2024-12-31" },
    fiscal_year_start_month: 1,
  });
  const hurl = (p: string) => `/api/v1/companies/${h.companyId}${p}`;

  it("settles 1510, which the entry booked, so the year's last return declares the sale once", async () => {
    const customer = await write(h.actor.key, "POST", hurl("/customers"), {
      name: "Kund AB",
      customer_type: "swedish_business",
      email: "ekonomi@kund.se",
    });
    const draft = await write(h.actor.key, "POST", hurl("/invoices"), {
      customer_id: customer.body.data.id,
      invoice_date: C.date,
      due_date: C.date,
      items: [{ description: "Arbete", quantity: 1, unit: "st", unit_price: C.net, vat_rate: RATE }],
    });
    const id = draft.body.data.id as string;
    expect((await write(h.actor.key, "POST", hurl(`/invoices/${id}/mark-sent`))).status).toBe(200);
    const made = await write(h.actor.key, "POST", hurl(`/fiscal-periods/${h.periodId}/cash-method-entry`));
    expect(made.status).toBe(201);
    expect(made.body.data.output_vat).toBe(vatOf(C.net));
    // a move to the accrual method cannot book the sale again: the entry has it on 1510
    const method = (m: string) =>
      booksDb.prepare("UPDATE companies SET accounting_method = ? WHERE id = ?").bind(m, h.companyId).run();
    await method("accrual");
    const book = await write(h.actor.key, "POST", hurl(`/invoices/${id}/book`));
    expect(book.body.error).toMatchObject({
      code: "INVOICE_BOOK_INVALID_STATUS",
      details: { reason: "booked_by_cash_method_year_end", year_end: "2024-12-31" },
    });
    await method("cash");
    // the bank statement shows 5 000 received on 20 December, entered only now
    const late = await write(h.actor.key, "POST", hurl(`/invoices/${id}/mark-paid`), {
      payment_date: "2024-12-20",
      amount: 5000,
    });
    expect(late.status).toBe(200);
    expect(await entryLines(h.actor.key, h.companyId, late.body.data.journal_entry_id)).toEqual({
      "1930": [5000, 0],
      "1510": [0, 5000],
    });
    for (const q of ["2024-Q1", "2024-Q2", "2024-Q3"])
      expect((await write(h.actor.key, "POST", hurl("/vat-returns"), { period: q })).status).toBe(201);
    const q4 = await write(h.actor.key, "POST", hurl("/vat-returns"), { period: "2024-Q4" });
    expect(q4.status).toBe(201);
    expect({ "05": q4.body.data.boxes["05"], "10": q4.body.data.boxes["10"] }).toEqual({
      "05": C.net,
      "10": vatOf(C.net),
    });
    expect(q4.body.data.warnings).toEqual([]);
  });
});
