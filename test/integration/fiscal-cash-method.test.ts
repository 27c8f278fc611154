import { describe, expect, it } from "vitest";
import { call, companyFixture, entryLines, write, settleOperation } from "../helpers";
import { booksDb } from "../books";

type Fixture = ReturnType<typeof companyFixture>;
const url = (f: Fixture, p: string) => `/api/v1/companies/${f.companyId}${p}`;
const YEAR = { first_fiscal_year: { start_date: "2026-01-01", end_date: "2026-12-31" }, fiscal_year_start_month: 1 };

const settle = (f: Fixture, operationId: string) => settleOperation(f.actor.key, operationId);

const act = (f: Fixture, action: string, body?: unknown, periodId = f.periodId) =>
  write(f.actor.key, "POST", url(f, `/fiscal-periods/${periodId}/${action}`), body);

/** closing balance per account (debit positive) of a period's trial balance */
async function closingBalances(f: Fixture, periodId: string) {
  const res = await call("GET", url(f, `/reports/trial-balance?period_id=${periodId}`), { key: f.actor.key });
  expect(res.status).toBe(200);
  return Object.fromEntries(
    res.body.data.accounts
      .filter((a: any) => a.closing_balance !== 0)
      .map((a: any) => [a.account_number, a.closing_balance]),
  );
}

async function entriesOfSource(f: Fixture, sourceType: string) {
  return booksDb
    .prepare(
      "SELECT id, entry_date, fiscal_period_id, reverses_id, reversed_by_id FROM journal_entries WHERE company_id = ? AND source_type = ? ORDER BY created_at",
    )
    .bind(f.companyId, sourceType)
    .all<{
      id: string;
      entry_date: string;
      fiscal_period_id: string;
      reverses_id: string | null;
      reversed_by_id: string | null;
    }>()
    .then((r) => r.results);
}

/** A customer invoice of 10 000 + 25 % VAT = 12 500, issued; and a supplier invoice of 4 000 + 25 % = 5 000 on 5410. */
async function openInvoices(f: Fixture) {
  const customer = await write(f.actor.key, "POST", url(f, "/customers"), {
    name: "Kund AB",
    customer_type: "swedish_business",
    email: "ekonomi@kund.se",
    default_payment_terms: 30,
  });
  expect(customer.status).toBe(201);
  const draft = await write(f.actor.key, "POST", url(f, "/invoices"), {
    customer_id: customer.body.data.id,
    invoice_date: "2026-11-10",
    due_date: "2026-12-10",
    items: [{ description: "Konsulttimmar", quantity: 10, unit: "h", unit_price: 1000, vat_rate: 0.25 }],
  });
  expect(draft.status).toBe(201);
  const sent = await write(f.actor.key, "POST", url(f, `/invoices/${draft.body.data.id}/mark-sent`));
  expect(sent.status).toBe(200);
  expect(sent.body.data.total).toBe(12500);
  const supplier = await write(f.actor.key, "POST", url(f, "/suppliers"), {
    name: "Grossisten AB",
    supplier_type: "swedish_business",
    default_expense_account: "5410",
    default_payment_terms: 30,
  });
  expect(supplier.status).toBe(201);
  const si = await write(f.actor.key, "POST", url(f, "/supplier-invoices"), {
    supplier_id: supplier.body.data.id,
    supplier_invoice_number: "L-77",
    invoice_date: "2026-12-05",
    due_date: "2027-01-20",
    items: [{ amount: 4000, vat_rate: 0.25 }],
  });
  expect(si.status).toBe(201);
  expect(si.body.data.total).toBe(5000);
  return { invoiceId: draft.body.data.id as string, supplierInvoiceId: si.body.data.id as string };
}

describe("a sole trader on the cash method at the year's end", () => {
  const ef = companyFixture({
    name: "Kontant Karin",
    entity_type: "enskild_firma",
    org_number: "19811218-9876",
    ...YEAR,
  });

  it("books the unpaid invoices at the year's end, carries them into the next year, and the payments settle 1510 and 2440", async () => {
    const { invoiceId, supplierInvoiceId } = await openInvoices(ef);
    // issuing and registering book nothing under the cash method
    expect(await closingBalances(ef, ef.periodId)).toEqual({});

    // 5 000 of the 12 500 paid in December: the payment's share of the sale, 4 000 revenue and 1 000 VAT
    const part = await write(ef.actor.key, "POST", url(ef, `/invoices/${invoiceId}/mark-paid`), {
      payment_date: "2026-12-10",
      amount: 5000,
    });
    expect(part.status).toBe(200);
    expect(part.body.data.status).toBe("partially_paid");
    expect(await entryLines(ef.actor.key, ef.companyId, part.body.data.journal_entry_id)).toEqual({
      "1930": [5000, 0],
      "3001": [0, 4000],
      "2611": [0, 1000],
    });

    const next = await write(ef.actor.key, "POST", url(ef, "/fiscal-periods"));
    expect(next.status).toBe(201);
    const nextId = next.body.data.id as string;
    expect((await act(ef, "lock")).status).toBe(200);
    const started = await act(ef, "year-end");
    expect(started.status).toBe(202);
    const op = await settle(ef, started.body.data.operation_id);
    expect(op.status).toBe("succeeded");

    // unpaid 7 500 of the sale: 6 000 revenue and 1 500 VAT (the invoice's 4:1 proportions);
    // the supplier invoice whole: 4 000 cost and 1 000 input VAT
    const cashEntryId = op.result.cash_method_entry_id as string;
    expect(cashEntryId).toEqual(expect.any(String));
    expect(await entryLines(ef.actor.key, ef.companyId, cashEntryId)).toEqual({
      "1510": [7500, 0],
      "3001": [0, 6000],
      "2611": [0, 1500],
      "5410": [4000, 0],
      "2641": [1000, 0],
      "2440": [0, 5000],
    });
    const cashEntry = (await call("GET", url(ef, `/journal-entries/${cashEntryId}`), { key: ef.actor.key })).body.data;
    expect(cashEntry).toMatchObject({
      entry_date: "2026-12-31",
      description: "Bokslutsmetoden: obetalda fakturor",
      status: "posted",
    });
    const [source] = await entriesOfSource(ef, "cash_method_year_end");
    expect(source).toMatchObject({ id: cashEntryId, fiscal_period_id: ef.periodId });
    // the entry is the year-end's, not the user's to undo
    const undo = await write(ef.actor.key, "POST", url(ef, `/journal-entries/${cashEntryId}/reverse`), {
      reversal_date: "2027-01-02",
    });
    expect(undo.body.error.code).toBe("JOURNAL_ENTRY_OWNED_BY_DOCUMENT");

    // the year's result counts the unpaid items: revenue 4 000 + 6 000, cost 4 000 = 6 000, to 2019
    expect(op.result).toMatchObject({ year_result: 6000, result_account: "2019" });
    expect(await entryLines(ef.actor.key, ef.companyId, op.result.closing_entry_id)).toEqual({
      "8999": [6000, 0],
      "2019": [0, 6000],
    });
    expect(await closingBalances(ef, ef.periodId)).toEqual({
      "1930": 5000,
      "1510": 7500,
      "2641": 1000,
      "2440": -5000,
      "2611": -2500,
      "3001": -10000,
      "5410": 4000,
      "8999": 6000,
      "2019": -6000,
    });
    const income = (
      await call("GET", url(ef, `/reports/income-statement?period_id=${ef.periodId}`), { key: ef.actor.key })
    ).body.data;
    expect(income.netResult).toBe(6000);

    // next year: the opening entry carries 1510 and 2440 with the rest
    const opened = await act(ef, "opening-balances", { next_period_id: nextId });
    expect(opened.status).toBe(201);
    expect(await entryLines(ef.actor.key, ef.companyId, opened.body.data.opening_entry_id)).toEqual({
      "1930": [5000, 0],
      "1510": [7500, 0],
      "2641": [1000, 0],
      "2019": [0, 6000],
      "2440": [0, 5000],
      "2611": [0, 2500],
    });
    // no storno (issue #40): the new year starts with the receivable and the payable open
    expect(opened.body.data.cash_method_reversal_entry_id).toBeNull();
    expect(await entriesOfSource(ef, "reversal")).toEqual([]);
    expect(await closingBalances(ef, nextId)).toEqual({
      "1930": 5000,
      "1510": 7500,
      "2641": 1000,
      "2010": -6000,
      "2440": -5000,
      "2611": -2500,
    });

    // the payments in the new year settle 1510 and 2440, as the accrual method would: no revenue, cost or VAT again
    const rest = await write(ef.actor.key, "POST", url(ef, `/invoices/${invoiceId}/mark-paid`), {
      payment_date: "2027-01-15",
    });
    expect(rest.status).toBe(200);
    expect(rest.body.data.status).toBe("paid");
    expect(await entryLines(ef.actor.key, ef.companyId, rest.body.data.journal_entry_id)).toEqual({
      "1930": [7500, 0],
      "1510": [0, 7500],
    });
    const paidOut = await write(ef.actor.key, "POST", url(ef, `/supplier-invoices/${supplierInvoiceId}/mark-paid`), {
      payment_date: "2027-01-20",
    });
    expect(paidOut.status).toBe(200);
    expect(await entryLines(ef.actor.key, ef.companyId, paidOut.body.data.journal_entry_id)).toEqual({
      "2440": [5000, 0],
      "1930": [0, 5000],
    });

    // the sale and the purchase count once, in 2026: the new year's revenue and cost are zero, 1510 and 2440 too
    const after = await closingBalances(ef, nextId);
    expect(after).toEqual({ "1930": 7500, "2010": -6000, "2611": -2500, "2641": 1000 });
    expect(after["1510"]).toBeUndefined();
    const nextIncome = (
      await call("GET", url(ef, `/reports/income-statement?period_id=${nextId}`), { key: ef.actor.key })
    ).body.data;
    expect(nextIncome.netResult).toBe(0);
  });
});

describe("an accrual company at the year's end", () => {
  const ab = companyFixture({ name: "Fakturerings AB", ...YEAR });

  it("gets no cash-method entry and no reversal", async () => {
    await openInvoices(ab);
    const next = await write(ab.actor.key, "POST", url(ab, "/fiscal-periods"));
    expect((await act(ab, "lock")).status).toBe(200);
    const op = await settle(ab, (await act(ab, "year-end")).body.data.operation_id);
    expect(op.status).toBe("succeeded");
    // booked when issued and registered: 10 000 revenue - 4 000 cost
    expect(op.result).toMatchObject({ year_result: 6000, result_account: "2099", cash_method_entry_id: null });
    expect(await closingBalances(ab, ab.periodId)).toMatchObject({ "1510": 12500, "2440": -5000 });
    const opened = await act(ab, "opening-balances", { next_period_id: next.body.data.id });
    expect(opened.status).toBe(201);
    expect(opened.body.data.cash_method_reversal_entry_id).toBeNull();
    expect(await entriesOfSource(ab, "cash_method_year_end")).toEqual([]);
    expect(await entriesOfSource(ab, "reversal")).toEqual([]);
  });
});

describe("a cash-method company with nothing unpaid", () => {
  const ef = companyFixture({
    name: "Betald Bengt",
    entity_type: "enskild_firma",
    org_number: "19811218-9876",
    ...YEAR,
  });

  it("gets no cash-method entry", async () => {
    const { invoiceId, supplierInvoiceId } = await openInvoices(ef);
    expect(
      (await write(ef.actor.key, "POST", url(ef, `/invoices/${invoiceId}/mark-paid`), { payment_date: "2026-12-20" }))
        .status,
    ).toBe(200);
    expect(
      (
        await write(ef.actor.key, "POST", url(ef, `/supplier-invoices/${supplierInvoiceId}/mark-paid`), {
          payment_date: "2026-12-21",
        })
      ).status,
    ).toBe(200);
    expect((await act(ef, "lock")).status).toBe(200);
    const op = await settle(ef, (await act(ef, "year-end")).body.data.operation_id);
    expect(op.status).toBe("succeeded");
    expect(op.result).toMatchObject({ year_result: 6000, cash_method_entry_id: null });
    expect(await entriesOfSource(ef, "cash_method_year_end")).toEqual([]);
  });
});
