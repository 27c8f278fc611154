import { describe, expect, it } from "vitest";
import { call, companyFixture, entryLines, line, postedEntry, write, settleOperation } from "../helpers";
import { booksDb } from "../books";

type Fixture = ReturnType<typeof companyFixture>;
const url = (f: Fixture, p: string) => `/api/v1/companies/${f.companyId}${p}`;
const YEAR = { first_fiscal_year: { start_date: "2026-01-01", end_date: "2026-12-31" }, fiscal_year_start_month: 1 };

const settle = (f: Fixture, operationId: string) => settleOperation(f.actor.key, operationId);

const revalue = (f: Fixture, body?: unknown) =>
  write(f.actor.key, "POST", url(f, `/fiscal-periods/${f.periodId}/currency-revaluation`), body);
const count = (f: Fixture, table: string) =>
  booksDb
    .prepare(`SELECT count(*) AS n FROM ${table} WHERE company_id = ?`)
    .bind(f.companyId)
    .first<{ n: number }>()
    .then((r) => r!.n);

describe("currency revaluation", () => {
  const f = companyFixture({ name: "Valuta AB", ...YEAR });
  const empty = companyFixture({ name: "Inrikes AB", ...YEAR });
  const nok = companyFixture({ name: "Norge AB", ...YEAR });
  const preview = companyFixture({ name: "Förhandsvisning AB", ...YEAR });

  it("re-rates open EUR items at the closing rate in one entry, and a later payment settles the revalued amount", async () => {
    const customer = await write(f.actor.key, "POST", url(f, "/customers"), {
      name: "Export Kund AB",
      customer_type: "swedish_business",
      email: "a@kund.se",
      default_payment_terms: 30,
    });
    // 800 EUR + 25 % VAT = 1 000 EUR at 11.00: booked 11 000.00 SEK on 1510
    const inv = await write(f.actor.key, "POST", url(f, "/invoices"), {
      customer_id: customer.body.data.id,
      currency: "EUR",
      exchange_rate: 11,
      invoice_date: "2026-11-20",
      items: [{ description: "Licens", unit_price: 800, vat_rate: 0.25 }],
    });
    expect(inv.status).toBe(201);
    const sent = await write(f.actor.key, "POST", url(f, `/invoices/${inv.body.data.id}/mark-sent`));
    expect(sent.status).toBe(200);
    const supplier = await write(f.actor.key, "POST", url(f, "/suppliers"), {
      name: "Lieferant GmbH",
      supplier_type: "eu_business",
      country: "DE",
      default_currency: "EUR",
      default_expense_account: "4010",
      default_payment_terms: 30,
    });
    // 400 EUR at 11.50: booked 4 600.00 SEK on 2440
    const si = await write(f.actor.key, "POST", url(f, "/supplier-invoices"), {
      supplier_id: supplier.body.data.id,
      supplier_invoice_number: "DE-1",
      invoice_date: "2026-11-25",
      exchange_rate: 11.5,
      items: [{ amount: 400, vat_rate: 0 }],
    });
    expect(si.status).toBe(201);
    // a SEK invoice is left alone
    await postedEntry(f.actor.key, f.companyId, f.periodId, {
      entry_date: "2026-11-26",
      lines: [line("1510", 500, 0), line("3001", 0, 500)],
    });

    const started = await revalue(f, { as_of_date: "2026-11-30" });
    expect(started.status).toBe(202);
    expect(started.body.data.type).toBe("fiscal_periods.currency_revaluation");
    const op = await settle(f, started.body.data.operation_id);
    expect(op.status).toBe("succeeded");
    // receivable: 1 000 x 11.2345 = 11 234.50, a gain of 234.50; payable: 400 x 11.2345 = 4 493.80, owing 106.20 less: a gain
    expect(op.result).toMatchObject({ as_of_date: "2026-11-30", gain: 340.7, loss: 0, net: 340.7 });
    expect(op.result.items).toEqual([
      expect.objectContaining({
        kind: "receivable",
        id: inv.body.data.id,
        currency: "EUR",
        open_amount: 1000,
        closing_rate: 11.2345,
        booked_sek: 11000,
        revalued_sek: 11234.5,
        difference: 234.5,
      }),
      expect.objectContaining({
        kind: "payable",
        id: si.body.data.id,
        currency: "EUR",
        open_amount: 400,
        closing_rate: 11.2345,
        booked_sek: 4600,
        revalued_sek: 4493.8,
        difference: 106.2,
      }),
    ]);
    expect(await entryLines(f.actor.key, f.companyId, op.result.revaluation_entry_id)).toEqual({
      "1510": [234.5, 0],
      "2440": [106.2, 0],
      "3960": [0, 340.7],
    });
    const entry = (
      await call("GET", url(f, `/journal-entries/${op.result.revaluation_entry_id}`), { key: f.actor.key })
    ).body.data;
    expect(entry).toMatchObject({ entry_date: "2026-11-30", source_type: "currency_revaluation" });

    // the items' book values follow
    expect((await call("GET", url(f, `/invoices/${inv.body.data.id}`), { key: f.actor.key })).body.data).toMatchObject({
      exchange_rate: 11.2345,
      total_sek: 11234.5,
    });
    expect(
      (await call("GET", url(f, `/supplier-invoices/${si.body.data.id}`), { key: f.actor.key })).body.data,
    ).toMatchObject({ exchange_rate: 11.2345, total_sek: 4493.8 });

    // paid in December: 11 300 SEK received for the revalued 11 234.50, a difference of 65.50
    const paid = await write(f.actor.key, "POST", url(f, `/invoices/${inv.body.data.id}/mark-paid`), {
      payment_date: "2026-12-10",
      exchange_rate_difference: 65.5,
    });
    expect(paid.status).toBe(200);
    expect(await entryLines(f.actor.key, f.companyId, paid.body.data.journal_entry_id)).toEqual({
      "1930": [11300, 0],
      "1510": [0, 11234.5],
      "3960": [0, 65.5],
    });
    const siPaid = await write(f.actor.key, "POST", url(f, `/supplier-invoices/${si.body.data.id}/mark-paid`), {
      payment_date: "2026-12-11",
      exchange_rate_difference: 0,
    });
    expect(await entryLines(f.actor.key, f.companyId, siPaid.body.data.journal_entry_id)).toEqual({
      "2440": [4493.8, 0],
      "1930": [0, 4493.8],
    });
    // 1510 holds only the SEK invoice; 2440 is settled
    const tb = (await call("GET", url(f, `/reports/trial-balance?period_id=${f.periodId}`), { key: f.actor.key })).body
      .data;
    const bal = (a: string) => tb.accounts.find((x: any) => x.account_number === a)?.closing_balance ?? 0;
    expect(bal("1510")).toBe(500);
    expect(bal("2440")).toBe(0);

    // once per period; the refusal leaves nothing
    const before = [await count(f, "operations"), await count(f, "journal_entries")];
    const again = await revalue(f);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: "CURRENCY_REVALUATION_ALREADY_EXISTS",
      details: { revaluation_entry_id: op.result.revaluation_entry_id },
    });
    expect([await count(f, "operations"), await count(f, "journal_entries")]).toEqual(before);
  });

  it("gives revaluation_entry_id null when nothing is open, and refuses a date outside the period", async () => {
    const outside = await revalue(empty, { as_of_date: "2027-01-31" });
    expect(outside.status).toBe(400);
    expect(outside.body.error.code).toBe("VALIDATION_ERROR");
    const missing = await write(empty.actor.key, "POST", url(empty, "/fiscal-periods/nope/currency-revaluation"));
    expect(missing.body.error.code).toBe("FX_PERIOD_NOT_FOUND");
    expect(await count(empty, "operations")).toBe(0);
    const op = await settle(empty, (await revalue(empty)).body.data.operation_id);
    expect(op.status).toBe("succeeded");
    expect(op.result).toMatchObject({
      as_of_date: "2026-12-31",
      revaluation_entry_id: null,
      items: [],
      gain: 0,
      loss: 0,
    });
    expect(await count(empty, "journal_entries")).toBe(0);
  });

  it("fails the operation, posting nothing, when the closing rate cannot be had", async () => {
    const supplier = await write(nok.actor.key, "POST", url(nok, "/suppliers"), {
      name: "Leverandør AS",
      supplier_type: "eu_business",
      country: "NO",
      default_currency: "NOK",
      default_expense_account: "4010",
      default_payment_terms: 30,
    });
    // the fake Riksbank knows no NOK; the invoice states its own rate
    const si = await write(nok.actor.key, "POST", url(nok, "/supplier-invoices"), {
      supplier_id: supplier.body.data.id,
      supplier_invoice_number: "NO-1",
      invoice_date: "2026-12-01",
      currency: "NOK",
      exchange_rate: 1,
      items: [{ amount: 100, vat_rate: 0 }],
    });
    expect(si.status).toBe(201);
    const entries = await count(nok, "journal_entries");
    const op = await settle(nok, (await revalue(nok)).body.data.operation_id);
    expect(op.status).toBe("failed");
    expect(op.error).toMatchObject({
      code: "FX_CLOSING_RATE_UNAVAILABLE",
      details: { missingRates: [{ currency: "NOK", date: "2026-12-31" }] },
    });
    expect(await count(nok, "journal_entries")).toBe(entries);
    expect(await count(nok, "currency_revaluations")).toBe(0);
    expect(
      (await call("GET", url(nok, `/supplier-invoices/${si.body.data.id}`), { key: nok.actor.key })).body.data,
    ).toMatchObject({ exchange_rate: 1, total_sek: 100 });

    // the closing rate stated in the request instead: 100 NOK at 0.95 = 95 SEK, owing 5 less
    const stated = await settle(nok, (await revalue(nok, { closing_rates: { NOK: "0.95" } })).body.data.operation_id);
    expect(stated.status).toBe("succeeded");
    expect(stated.result).toMatchObject({ gain: 5, loss: 0 });
    expect(stated.result.items).toEqual([
      expect.objectContaining({ currency: "NOK", closing_rate: 0.95, rate_date: "2026-12-31", rate_source: "request" }),
    ]);
    expect(await entryLines(nok.actor.key, nok.companyId, stated.result.revaluation_entry_id)).toEqual({
      "2440": [5, 0],
      "3960": [0, 5],
    });
  });
  it("a dry run answers what would be booked, writes nothing, and the real run then books exactly that", async () => {
    const f = preview;
    const customer = await write(f.actor.key, "POST", url(f, "/customers"), {
      name: "Kund AB",
      customer_type: "swedish_business",
      email: "a@kund.se",
      default_payment_terms: 30,
    });
    // 800 EUR + 25 % VAT = 1 000 EUR booked at 11.00 SEK per EUR
    const inv = await write(f.actor.key, "POST", url(f, "/invoices"), {
      customer_id: customer.body.data.id,
      currency: "EUR",
      exchange_rate: 11,
      invoice_date: "2026-12-01",
      items: [{ description: "Licens", unit_price: 800, vat_rate: 0.25 }],
    });
    expect((await write(f.actor.key, "POST", url(f, `/invoices/${inv.body.data.id}/mark-sent`))).status).toBe(200);
    const supplier = await write(f.actor.key, "POST", url(f, "/suppliers"), {
      name: "Vendor GmbH",
      supplier_type: "eu_business",
      country: "DE",
      default_currency: "USD",
      default_expense_account: "4010",
      default_payment_terms: 30,
    });
    // 200 USD booked at 10.00 SEK per USD
    const si = await write(f.actor.key, "POST", url(f, "/supplier-invoices"), {
      supplier_id: supplier.body.data.id,
      supplier_invoice_number: "US-1",
      invoice_date: "2026-12-02",
      currency: "USD",
      exchange_rate: 10,
      items: [{ amount: 200, vat_rate: 0 }],
    });
    expect(si.status).toBe(201);

    // the fake Riksbank's closing rates (test/fakes/fx-rates.ts): EUR 11.2345, USD 10.5
    const receivableGainOre = 1000 * 1123.45 - 1000 * 1100; // 1 000 EUR re-rated: 23 450 öre more
    const payableLossOre = 200 * 1050 - 200 * 1000; // 200 USD owed at 10.50: 10 000 öre more
    const expected = {
      gain: receivableGainOre / 100,
      loss: payableLossOre / 100,
      net: (receivableGainOre - payableLossOre) / 100,
    };
    const before = await Promise.all(
      ["operations", "journal_entries", "currency_revaluations", "audit_log"].map((t) => count(f, t)),
    );
    const viaQuery = await write(
      f.actor.key,
      "POST",
      url(f, `/fiscal-periods/${f.periodId}/currency-revaluation?dry_run=true`),
    );
    const viaHeader = await write(
      f.actor.key,
      "POST",
      url(f, `/fiscal-periods/${f.periodId}/currency-revaluation`),
      {},
      {
        "X-Dry-Run": "true",
      },
    );
    for (const dry of [viaQuery, viaHeader]) {
      expect(dry.status).toBe(200);
      expect(dry.headers.get("X-Dry-Run")).toBe("true");
      expect(dry.body.meta.dry_run).toBe(true);
      expect(dry.body.data).toMatchObject({ as_of_date: "2026-12-31", ...expected });
      expect(dry.body.data.items).toEqual([
        expect.objectContaining({ kind: "receivable", id: inv.body.data.id, booked_sek: 11000, revalued_sek: 11234.5 }),
        expect.objectContaining({ kind: "payable", id: si.body.data.id, booked_sek: 2000, revalued_sek: 2100 }),
      ]);
      const lines = Object.fromEntries(dry.body.data.lines.map((l: any) => [l.account, [l.debit, l.credit]]));
      expect(lines).toEqual({
        "1510": [receivableGainOre / 100, 0],
        "2440": [0, payableLossOre / 100],
        "3960": [0, receivableGainOre / 100],
        "7960": [payableLossOre / 100, 0],
      });
    }
    // nothing queued, posted, stored or audited; the invoices keep their book values
    const after = await Promise.all(
      ["operations", "journal_entries", "currency_revaluations", "audit_log"].map((t) => count(f, t)),
    );
    expect(after).toEqual(before);
    expect((await call("GET", url(f, `/invoices/${inv.body.data.id}`), { key: f.actor.key })).body.data).toMatchObject({
      exchange_rate: 11,
      total_sek: 11000,
    });
    // a dry run has the same refusals
    const outside = await write(
      f.actor.key,
      "POST",
      url(f, `/fiscal-periods/${f.periodId}/currency-revaluation?dry_run=true`),
      {
        as_of_date: "2027-01-01",
      },
    );
    expect(outside.body.error.code).toBe("VALIDATION_ERROR");

    // the real run books what the preview showed, under the voucher number it named
    const op = await settle(f, (await revalue(f)).body.data.operation_id);
    expect(op.status).toBe("succeeded");
    expect(op.result).toMatchObject({ ...expected, voucher_number: viaQuery.body.data.voucher_number });
    expect(await entryLines(f.actor.key, f.companyId, op.result.revaluation_entry_id)).toEqual(
      Object.fromEntries(viaQuery.body.data.lines.map((l: any) => [l.account, [l.debit, l.credit]])),
    );
    // once booked, a dry run is refused as the real one is
    const again = await write(
      f.actor.key,
      "POST",
      url(f, `/fiscal-periods/${f.periodId}/currency-revaluation?dry_run=true`),
    );
    expect(again.body.error.code).toBe("CURRENCY_REVALUATION_ALREADY_EXISTS");
  });
});
