// The payment loop through the Worker (issue #44, docs/payment-loop.md): supplier invoices ->
// proposal -> batch and its pain.001 -> the bank's pain.002 with one rejection (the invoice is
// freed) -> the camt.054 that books the others -> the same payments in the camt.053 book nothing
// twice -> customers' payments by OCR and by RF close their invoices -> the month's close status
// goes from blocked to ready, and the sweep announces it once. Every figure against the books.
import { describe, expect, it } from "vitest";
import { invoiceOcr } from "../../src/sweden/bank-categories";
import { rfReference } from "../../src/sweden/payments/rf";
import { booksDb } from "../books";
import { call, companyFixture, runJob, write, yearAroundToday } from "../helpers";
import { type Entry, parsePain001 as parse } from "../iso20022-files";
import { lastMonth, monthBooks, ore } from "../month-books";

const f = companyFixture({ name: "Betalslingan AB", ...yearAroundToday(), moms_period: "yearly" });
// The month before the current one: every date of the test is in it, so it has ended.
const { M, d, pain002, camt054, camt053 } = lastMonth();
const { url, get, supplier, customerInvoice, balances } = monthBooks(f, M);

async function supplierInvoice(supplierId: string, number: string, body: Record<string, unknown>, approve = true) {
  const res = await write(f.actor.key, "POST", url("/supplier-invoices"), {
    supplier_id: supplierId,
    supplier_invoice_number: number,
    invoice_date: d(1),
    due_date: d(15),
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  if (approve) await approveInvoice(res.body.data.id);
  return res.body.data as { id: string; total: number; total_sek: number };
}

async function approveInvoice(id: string) {
  const res = await write(f.actor.key, "POST", url(`/supplier-invoices/${id}/approve`));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function outboxTypes(type: string) {
  const rows = await booksDb
    .prepare("SELECT object FROM outbox_events WHERE company_id = ? AND type = ? ORDER BY rowid")
    .bind(f.companyId, type)
    .all<{ object: string }>();
  return rows.results.map((r) => JSON.parse(r.object));
}

describe("the payment loop, a month of a company", () => {
  it("proposes, pays, hears back from the bank, books once, and closes the month", async () => {
    expect(
      (
        await write(f.actor.key, "PATCH", url("/settings"), {
          bank_clearing_number: "5000",
          bank_account_number: "58398257466",
        })
      ).status,
    ).toBe(200);
    const bg = await supplier({ name: "Bankgiro Leverantör AB", bankgiro: "5555-5556" });
    const pg = await supplier({ name: "Plusgiro Leverantör AB", plusgiro: "47890-3" });
    const eu = await supplier({
      name: "Lieferant GmbH",
      supplier_type: "eu_business",
      country: "DE",
      vat_number: "DE123456789",
      iban: "DE89370400440532013000",
      bic: "COBADEFFXXX",
      default_currency: "EUR",
    });
    const a = await supplierInvoice(bg, "A-1", {
      items: [{ amount: 10000, vat_rate: 0.25 }],
      payment_reference: "1234567897",
    });
    const b = await supplierInvoice(pg, "PG-1", { items: [{ amount: 999, vat_rate: 0 }] });
    const c = await supplierInvoice(eu, "DE-1", {
      items: [{ amount: 1000, vat_rate: 0 }],
      currency: "EUR",
      exchange_rate: 11.5,
    });
    const dd = await supplierInvoice(bg, "A-2", { items: [{ amount: 1000, vat_rate: 0.25 }] });
    const later = await supplierInvoice(bg, "A-3", { items: [{ amount: 400, vat_rate: 0 }], due_date: d(27) });
    const waiting = await supplierInvoice(pg, "PG-2", { items: [{ amount: 200, vat_rate: 0 }] }, false);
    expect([a.total, b.total, c.total, c.total_sek, dd.total]).toEqual([12500, 999, 1000, 11500, 1250]);
    const before = await balances();

    // ---- the proposal: approved, open, due by the 20th; not the one waiting for approval, not the later one
    const proposal = await get(`/payment-batches/proposal?due_by=${d(20)}`);
    expect(proposal.data.lines.map((l: any) => l.supplier_invoice_id)).toEqual([a.id, b.id, c.id, dd.id]);
    expect(proposal.data.totals).toEqual([
      { currency: "SEK", amount: 12500 + 999 + 1250 },
      { currency: "EUR", amount: 1000 },
    ]);

    // salary runs are listed on asking (none approved here); they are paid by their own file
    expect((await get(`/payment-batches/proposal?due_by=${d(20)}&include_salaries=true`)).data.salary_runs).toEqual([]);
    expect(proposal.data.salary_runs).toBeUndefined();

    // dry run writes nothing
    const dry = await write(
      f.actor.key,
      "POST",
      url("/payment-batches"),
      { execution_date: d(18), due_by: d(20) },
      { "X-Dry-Run": "true" },
    );
    expect([dry.status, dry.body.meta.dry_run]).toEqual([201, true]);
    expect((await get(`/payment-batches/proposal?due_by=${d(20)}`)).data.count).toBe(4);

    // ---- the batch and its pain.001
    const created = await write(f.actor.key, "POST", url("/payment-batches"), { execution_date: d(18), due_by: d(20) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const batch = created.body.data;
    expect([batch.status, batch.number_of_transactions, batch.control_sum]).toEqual(["created", 4, 15749]);
    const lineOf = (id: string) => batch.lines.find((l: any) => l.supplier_invoice_id === id);
    const file = await call("GET", url(`/payment-batches/${batch.id}/file`), { key: f.actor.key });
    expect(file.status).toBe(200);
    const doc = parse(file.body);
    expect(doc.GrpHdr.MsgId).toBe(batch.message_id);
    expect([doc.GrpHdr.NbOfTxs, doc.GrpHdr.CtrlSum]).toEqual(["4", "15749.00"]);
    const pmt = doc.PmtInf[0];
    expect([pmt.PmtInfId, pmt.NbOfTxs, pmt.CtrlSum, pmt.ReqdExctnDt]).toEqual([
      batch.payment_information_id,
      "4",
      "15749.00",
      d(18),
    ]);
    expect(
      pmt.CdtTrfTxInf.map((t: any) => [t.PmtId.EndToEndId, t.Amt.InstdAmt["@_Ccy"], t.Amt.InstdAmt["#text"]]),
    ).toEqual([
      [lineOf(a.id).end_to_end_id, "SEK", "12500.00"],
      [lineOf(b.id).end_to_end_id, "SEK", "999.00"],
      [lineOf(c.id).end_to_end_id, "EUR", "1000.00"],
      [lineOf(dd.id).end_to_end_id, "SEK", "1250.00"],
    ]);
    expect(pmt.CdtTrfTxInf[0].RmtInf.Strd.CdtrRefInf.Ref).toBe("1234567897");
    expect(await outboxTypes("payment_batch.created")).toHaveLength(1);

    // an invoice in an active batch is not proposed again, nor taken by another batch
    expect((await get(`/payment-batches/proposal?due_by=${d(20)}`)).data.count).toBe(0);
    const again = await write(f.actor.key, "POST", url("/payment-batches"), {
      execution_date: d(18),
      payments: [{ supplier_invoice_id: a.id }],
    });
    expect([again.status, again.body.error.code]).toEqual([409, "PAYMENT_BATCH_INVOICE_IN_BATCH"]);
    expect(again.body.error.details.invoices).toEqual([{ supplier_invoice_id: a.id, batch_id: batch.id }]);
    const empty = await write(f.actor.key, "POST", url("/payment-batches"), { execution_date: d(18), due_by: d(20) });
    expect([empty.status, empty.body.error.code]).toEqual([422, "PAYMENT_BATCH_EMPTY"]);

    // ---- pain.002: the bank rejects D (AC01), accepts the rest
    const e2e = (id: string) => lineOf(id).end_to_end_id as string;
    const report = pain002(batch, [
      [e2e(a.id), "ACSC"],
      [e2e(b.id), "ACSC"],
      [e2e(c.id), "ACCP"],
      [e2e(dd.id), "RJCT", "AC01"],
    ]);
    const bad = await write(f.actor.key, "POST", url(`/payment-batches/${batch.id}/status-report`), {
      xml_text: "<x/>",
    });
    expect([bad.status, bad.body.error.code]).toEqual([422, "PAYMENT_FILE_INVALID"]);
    const reported = await write(f.actor.key, "POST", url(`/payment-batches/${batch.id}/status-report`), {
      xml_text: report,
    });
    expect(reported.status, JSON.stringify(reported.body)).toBe(200);
    expect([reported.body.data.status, reported.body.data.report.accepted, reported.body.data.report.rejected]).toEqual(
      ["reported", 3, 1],
    );
    const rejected = reported.body.data.lines.find((l: any) => l.supplier_invoice_id === dd.id);
    expect([rejected.status, rejected.bank_status, rejected.reason_code]).toEqual(["rejected", "RJCT", "AC01"]);
    // shown on the invoice's payments, and the invoice is freed: proposed again
    const dLines = await get(`/payment-batches/lines?supplier_invoice_id=${dd.id}`);
    expect(dLines.data.map((l: any) => [l.status, l.reason_code])).toEqual([["rejected", "AC01"]]);
    expect(
      (await get(`/payment-batches/proposal?due_by=${d(20)}`)).data.lines.map((l: any) => l.supplier_invoice_id),
    ).toEqual([dd.id]);
    expect((await outboxTypes("payment.accepted")).length).toBe(3);
    expect((await outboxTypes("payment.rejected")).map((e) => e.supplier_invoice_id)).toEqual([dd.id]);

    // ---- camt.054: the three payments leave the account; the EUR one at 11.60 (1 000 EUR = 11 600 SEK)
    const debits: Entry[] = [
      { ref: "N-A", amountOre: 1250000, debit: true, date: d(20), e2e: e2e(a.id), party: "Bankgiro Leverantör AB" },
      { ref: "N-B", amountOre: 99900, debit: true, date: d(20), e2e: e2e(b.id), party: "Plusgiro Leverantör AB" },
      {
        ref: "N-C",
        amountOre: 1160000,
        debit: true,
        date: d(20),
        e2e: e2e(c.id),
        instructed: { ccy: "EUR", ore: 100000 },
        party: "Lieferant GmbH",
      },
    ];
    const booked = await write(f.actor.key, "POST", url("/bank-notifications"), { xml_text: camt054(debits) });
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    expect([booked.body.data.format, booked.body.data.rows_stored, booked.body.data.supplier_payments_booked]).toEqual([
      "camt054",
      3,
      3,
    ]);
    const afterDebits = await balances();
    const delta = (acc: string, from = before) => (afterDebits[acc] ?? 0) - (from[acc] ?? 0);
    // 2440 (a credit balance) loses what the three invoices booked: 12 500 + 999 + 11 500 SEK
    expect(delta("2440")).toBe(ore(12500 + 999 + 11500));
    expect(delta("1930")).toBe(-ore(12500 + 999 + 11600));
    expect(delta("7960")).toBe(ore(100));
    expect((afterDebits["2440"] ?? 0) + ore(dd.total + later.total + 200)).toBe(0);
    const afterBatch = await get(`/payment-batches/${batch.id}`);
    expect(afterBatch.data.status).toBe("settled");
    expect(afterBatch.data.lines.map((l: any) => l.status)).toEqual(["booked", "booked", "booked", "rejected"]);
    for (const id of [a.id, b.id, c.id]) expect((await get(`/supplier-invoices/${id}`)).data.status).toBe("paid");
    expect((await outboxTypes("payment.booked")).length).toBe(3);

    // ---- camt.053: the same three payments (the statement's own references) and the customers'
    const x = await customerInvoice(1000);
    const y = await customerInvoice(2000);
    const xOcr = x.ocr_number ?? invoiceOcr(x.invoice_number)!;
    const yRf = rfReference(y.ocr_number ?? invoiceOcr(y.invoice_number)!);
    const before053 = await balances();
    const statement = camt053([
      ...debits.map((e) => ({ ...e, ref: e.ref.replace("N-", "S-") })),
      { ref: "S-X", amountOre: ore(x.total), debit: false, date: d(22), party: "Kund 1000 AB", scor: xOcr },
      { ref: "S-Y", amountOre: ore(y.total), debit: false, date: d(23), party: "Kund 2000 AB", scor: yRf },
      { ref: "S-Z", amountOre: 50000, debit: false, date: d(24), party: "Okänd", ustrd: "Gåva" },
    ]);
    const stmt = await write(f.actor.key, "POST", url("/bank-notifications"), { xml_text: statement });
    expect(stmt.status, JSON.stringify(stmt.body)).toBe(200);
    expect(stmt.body.data).toMatchObject({
      format: "camt053",
      rows_read: 6,
      rows_stored: 3,
      rows_skipped_duplicate: 3,
      supplier_payments_booked: 0,
      customer_payments_booked: 2,
      rows_unbooked: 1,
    });
    const byOutcome = stmt.body.data.results.map((r: any) => [
      r.outcome,
      r.invoice_id ?? r.reason,
      r.matched_by ?? null,
    ]);
    expect(byOutcome).toEqual([
      ["customer_payment", x.id, "ocr"],
      ["customer_payment", y.id, "rf"],
      ["unbooked", "no_reference", null],
    ]);
    const unmatchedId = stmt.body.data.results[2].transaction_id;
    const after053 = await balances();
    expect((after053["1930"] ?? 0) - (before053["1930"] ?? 0)).toBe(ore(x.total + y.total));
    expect(after053["1510"] ?? 0).toBe(0);
    expect(after053["2440"]).toBe(afterDebits["2440"]);
    for (const id of [x.id, y.id]) expect((await get(`/invoices/${id}`)).data.status).toBe("paid");

    // the same camt.053 again books nothing and stores nothing
    const twice = await write(f.actor.key, "POST", url("/bank-notifications"), { xml_text: statement });
    expect([twice.body.data.rows_stored, twice.body.data.rows_skipped_duplicate]).toEqual([0, 6]);
    expect(await balances()).toEqual(after053);

    // ---- the month's close: blocked, then ready
    const blocked = await get(`/close-status?month=${M}`);
    expect(blocked.data.ready).toBe(false);
    const codes = Object.fromEntries(blocked.data.blockers.map((b: any) => [b.code, b]));
    expect(codes.unbooked_bank_rows.count).toBe(1);
    expect(codes.unbooked_bank_rows.links).toEqual([url(`/transactions/${unmatchedId}`)]);
    expect(codes.supplier_invoices_awaiting_approval.links).toEqual([url(`/supplier-invoices/${waiting.id}`)]);
    expect(codes.account_not_signed_off.count).toBeGreaterThan(0);
    expect(codes.payments_not_booked).toBeUndefined();
    expect(codes.draft_entries).toBeUndefined();

    expect((await write(f.actor.key, "POST", url(`/transactions/${unmatchedId}/ignore`))).status).toBe(200);
    await approveInvoice(waiting.id);
    const still = await get(`/close-status?month=${M}`);
    expect(still.data.blockers.map((b: any) => b.code)).toEqual(["account_not_signed_off"]);
    for (const link of still.data.blockers[0].links as string[]) {
      const signed = await write(f.actor.key, "POST", link, { through_date: still.data.date_to });
      expect(signed.status, JSON.stringify(signed.body)).toBe(201);
    }
    const ready = await get(`/close-status?month=${M}`);
    expect([ready.data.ready, ready.data.blockers, ready.data.announced_ready_at]).toEqual([true, [], null]);

    // the sweep announces the month once. Another test file's sweep (the files share the books
    // database) may have checked this company's month while it was blocked, and a month is
    // checked again only an hour later: that check is made an hour old here.
    await booksDb
      .prepare(
        "UPDATE month_close_states SET checked_at = '2000-01-01T00:00:00.000Z' WHERE company_id = ? AND month = ?",
      )
      .bind(f.companyId, M)
      .run();
    await runJob({ type: "month_close.sweep" });
    await runJob({ type: "month_close.sweep" });
    const announced = await outboxTypes("month.ready_to_close");
    expect(announced).toEqual([{ company_id: f.companyId, month: M, fiscal_period_id: f.periodId }]);
    expect((await get(`/close-status?month=${M}`)).data.announced_ready_at).not.toBeNull();
  });

  it("books a payment the camt.054 left unbooked when the camt.053 brings it again", async () => {
    const sup = await supplier({ name: "Tvistig Leverantör AB", bankgiro: "5555-5556" });
    const g = await supplierInvoice(sup, "T-1", { items: [{ amount: 700, vat_rate: 0 }] });
    const created = await write(f.actor.key, "POST", url("/payment-batches"), {
      execution_date: d(18),
      payments: [{ supplier_invoice_id: g.id }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const line = created.body.data.lines[0];
    // disputed when the money left: the camt.054 row is stored, not booked
    expect(
      (await write(f.actor.key, "POST", url(`/supplier-invoices/${g.id}/dispute`), { reason: "Fel antal" })).status,
    ).toBe(200);
    const debit: Entry = { ref: "N-G", amountOre: 70000, debit: true, date: d(21), e2e: line.end_to_end_id };
    const first = await write(f.actor.key, "POST", url("/bank-notifications"), { xml_text: camt054([debit]) });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.results.map((r: any) => [r.outcome, r.reason])).toEqual([["unbooked", "CONFLICT"]]);
    const rowId = first.body.data.results[0].transaction_id;
    const before = await balances();
    // the dispute resolved, the statement brings the payment again (another AcctSvcrRef): the earlier row is booked
    expect((await write(f.actor.key, "POST", url(`/supplier-invoices/${g.id}/resolve-dispute`))).status).toBe(200);
    const second = await write(f.actor.key, "POST", url("/bank-notifications"), {
      xml_text: camt053([{ ...debit, ref: "S-G" }]),
    });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect([second.body.data.rows_stored, second.body.data.supplier_payments_booked]).toEqual([0, 1]);
    expect(second.body.data.results.map((r: any) => [r.transaction_id, r.outcome])).toEqual([
      [rowId, "supplier_payment"],
    ]);
    const after = await balances();
    expect((after["2440"] ?? 0) - (before["2440"] ?? 0)).toBe(70000);
    expect((after["1930"] ?? 0) - (before["1930"] ?? 0)).toBe(-70000);
    const batch = await get(`/payment-batches/${created.body.data.id}`);
    expect([batch.data.status, batch.data.lines[0].status, batch.data.lines[0].bank_transaction_id]).toEqual([
      "settled",
      "booked",
      rowId,
    ]);
    // and a third time: nothing
    const third = await write(f.actor.key, "POST", url("/bank-notifications"), {
      xml_text: camt053([{ ...debit, ref: "S-G2" }]),
    });
    expect([third.body.data.rows_stored, third.body.data.supplier_payments_booked]).toEqual([0, 0]);
    expect(await balances()).toEqual(after);
  });
});

describe("the payment loop's refusals and the close status's questions", () => {
  it("refuses what is not the batch's or not a bank file, and asks month or fiscal_year", async () => {
    const sup = await supplier({ name: "Refuserad Leverantör AB", bankgiro: "5555-5556" });
    const inv = await supplierInvoice(sup, "R-1", { items: [{ amount: 300, vat_rate: 0 }] });
    const batch = (
      await write(f.actor.key, "POST", url("/payment-batches"), {
        execution_date: d(18),
        payments: [{ supplier_invoice_id: inv.id }],
      })
    ).body.data;
    const other = pain002({ message_id: "PBOTHER", payment_information_id: "POTHER" }, [["NOSUCHID", "RJCT", "AC01"]]);
    const refused = await write(f.actor.key, "POST", url(`/payment-batches/${batch.id}/status-report`), {
      xml_text: other,
    });
    expect([refused.status, refused.body.error.code]).toEqual([409, "PAYMENT_STATUS_REPORT_OTHER_BATCH"]);
    expect((await get(`/payment-batches/${batch.id}`)).data.lines[0].status).toBe("pending");
    const missing = await write(
      f.actor.key,
      "POST",
      url("/payment-batches/00000000-0000-7000-8000-000000000000/status-report"),
      {
        xml_text: other,
      },
    );
    expect([missing.status, missing.body.error.code]).toEqual([404, "NOT_FOUND"]);
    const notCamt = await write(f.actor.key, "POST", url("/bank-notifications"), { xml_text: other });
    expect([notCamt.status, notCamt.body.error.code]).toEqual([422, "PAYMENT_FILE_INVALID"]);
    const neither = await call("GET", url("/close-status"), { key: f.actor.key });
    expect([neither.status, neither.body.error.code]).toEqual([400, "VALIDATION_ERROR"]);
    const both = await call("GET", url(`/close-status?month=${M}&fiscal_year=${f.periodId}`), { key: f.actor.key });
    expect(both.status).toBe(400);
    const year = await get(`/close-status?fiscal_year=${f.periodId}`);
    expect([year.data.scope, year.data.fiscal_period_id, year.data.blockers[0].code]).toEqual([
      "fiscal_year",
      f.periodId,
      "fiscal_year_not_ended",
    ]);
    // two credits naming one invoice in one file: the first pays it, the second waits in the bank rows
    const z = await customerInvoice(300);
    const ocr = z.ocr_number ?? invoiceOcr(z.invoice_number)!;
    const twice = await write(f.actor.key, "POST", url("/bank-notifications"), {
      xml_text: camt054([
        { ref: "N-Z1", amountOre: ore(z.total), debit: false, date: d(25), scor: ocr },
        { ref: "N-Z2", amountOre: ore(z.total), debit: false, date: d(25), scor: ocr },
      ]),
    });
    expect(twice.body.data.results.map((r: any) => [r.outcome, r.invoice_id ?? r.reason])).toEqual([
      ["customer_payment", z.id],
      ["unbooked", "paid_by_an_earlier_row_of_the_file"],
    ]);
    expect((await get(`/invoices/${z.id}`)).data.status).toBe("paid");
    const outside = await call("GET", url("/close-status?month=1999-01"), { key: f.actor.key });
    expect(outside.body.error.code).toBe("PERIOD_NOT_FOUND");
  });
});
