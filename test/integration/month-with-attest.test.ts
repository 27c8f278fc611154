// A month of a company with two approvers, through the Worker (issue #44's "Done when";
// docs/approvals.md and docs/payment-loop.md together): an approval rule of two steps in order,
// supplier invoices registered and approved in order, one rejected with a reason (not proposed for
// payment, blocking the close until it is resubmitted and approved), a payment batch and its
// pain.001 (the approved invoices only), a pain.002 with one rejection (the invoice freed and
// proposed again), the camt.054 that books the rest, customers' payments by OCR and by RF from a
// camt.053, and the month's close status going from blocked to ready. Every figure against the
// trial balance.
import { describe, expect, it } from "vitest";
import { invoiceOcr } from "../../src/sweden/bank-categories";
import { rfReference } from "../../src/sweden/payments/rf";
import { admin, call, companyFixture, newActor, write, yearAroundToday, type Actor } from "../helpers";
import { type Entry, parsePain001 } from "../iso20022-files";
import { lastMonth, monthBooks, ore } from "../month-books";

const f = companyFixture({ name: "Attestmånaden AB", ...yearAroundToday(), moms_period: "yearly" });
// The month before the current one: every date of the test is in it, so it has ended.
const { M, d, pain002, camt054, camt053 } = lastMonth();
const { url, get, supplier, customerInvoice, balances } = monthBooks(f, M);
const change = (after: Record<string, number>, before: Record<string, number>, acc: string) =>
  (after[acc] ?? 0) - (before[acc] ?? 0);

async function member(): Promise<Actor> {
  const u = await newActor();
  const added = await admin("POST", `/admin/v1/companies/${f.companyId}/members`, {
    user_id: u.userId,
    role: "member",
  });
  expect(added.status).toBe(201);
  return u;
}

/** Registered by the owner: under the rule, waiting for the first approver. */
async function register(supplierId: string, number: string, body: Record<string, unknown>) {
  const res = await write(f.actor.key, "POST", url("/supplier-invoices"), {
    supplier_id: supplierId,
    supplier_invoice_number: number,
    invoice_date: d(1),
    due_date: d(15),
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: string; total: number; approval_status: string; approval_waiting_for: string[] };
}

const approve = (who: Actor, id: string) => write(who.key, "POST", url(`/supplier-invoices/${id}/approve`));

const proposed = async () =>
  (await get(`/payment-batches/proposal?due_by=${d(20)}`)).data.lines.map((l: any) => l.supplier_invoice_id);

describe("a month of a company with two approvers", () => {
  it("attests, pays the approved, hears back from the bank, books, and closes the month", async () => {
    const settings = await write(f.actor.key, "PATCH", url("/settings"), {
      bank_clearing_number: "5000",
      bank_account_number: "58398257466",
    });
    expect(settings.status).toBe(200);
    const [first, second] = [await member(), await member()];
    const rule = await write(f.actor.key, "POST", url("/approval-rules"), {
      name: "Från 500 kr",
      conditions: { min_amount: 500 },
      steps: [{ approvers: [first.userId] }, { approvers: [second.userId] }],
      in_order: true,
    });
    expect(rule.status, JSON.stringify(rule.body)).toBe(201);
    const start = await balances();

    // ---- registered by the owner: each waits for the first approver
    const bg = await supplier({ name: "Bankgiro Leverantör AB", bankgiro: "5555-5556" });
    const pg = await supplier({ name: "Plusgiro Leverantör AB", plusgiro: "47890-3" });
    const a = await register(bg, "A-1", {
      items: [{ amount: 10000, vat_rate: 0.25 }],
      payment_reference: "1234567897",
    });
    const b = await register(pg, "PG-1", { items: [{ amount: 999, vat_rate: 0 }] });
    const c = await register(bg, "A-2", { items: [{ amount: 1000, vat_rate: 0.25 }] });
    const r = await register(pg, "PG-2", { items: [{ amount: 3000, vat_rate: 0.25 }] });
    // under 500 kr: no attest, one approval as before; its due date moved into the past it is overdue, not approved
    const s = await register(pg, "PG-3", { items: [{ amount: 200, vat_rate: 0 }], due_date: d(25) });
    expect(s.approval_status).toBe("not_required");
    const moved = await write(f.actor.key, "PATCH", url(`/supplier-invoices/${s.id}`), { due_date: d(16) });
    expect([moved.status, moved.body.data.status, moved.body.data.approved_at]).toEqual([200, "overdue", null]);
    expect([a.total, b.total, c.total, r.total]).toEqual([12500, 999, 1250, 3750]);
    for (const inv of [a, b, c, r])
      expect([inv.approval_status, inv.approval_waiting_for]).toEqual(["pending", [first.userId]]);
    const registered = await balances();
    expect(change(registered, start, "2440")).toBe(-ore(12500 + 999 + 1250 + 3750 + 200));
    expect(change(registered, start, "4010")).toBe(ore(10000 + 999 + 1000 + 3000 + 200));
    expect(change(registered, start, "2641")).toBe(ore(2500 + 250 + 750));
    // nothing is proposed while the attest waits
    expect(await proposed()).toEqual([]);

    // ---- approved in order: the second approver's turn comes after the first's
    const early = await approve(second, a.id);
    expect([early.status, early.body.error.code]).toEqual([409, "APPROVAL_OUT_OF_ORDER"]);
    for (const inv of [a, b, c, r]) {
      const one = await approve(first, inv.id);
      expect(one.status, JSON.stringify(one.body)).toBe(200);
      expect([one.body.data.approval_status, one.body.data.approval_waiting_for]).toEqual(["pending", [second.userId]]);
    }
    // half-way through the attest is not enough to be paid
    expect(await proposed()).toEqual([]);
    for (const inv of [a, b, c]) {
      const two = await approve(second, inv.id);
      expect(two.status, JSON.stringify(two.body)).toBe(200);
      expect(two.body.data.approval_status).toBe("approved");
    }
    // ---- one rejected, with its reason: back to the one who registered it
    expect((await write(second.key, "POST", url(`/supplier-invoices/${r.id}/reject`), {})).status).toBe(400);
    const rejected = await write(second.key, "POST", url(`/supplier-invoices/${r.id}/reject`), {
      reason: "Fel kostnadsställe",
    });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(rejected.body.data).toMatchObject({ status: "registered", approval_status: "rejected" });
    expect(rejected.body.data.approvals.at(-1)).toMatchObject({
      user_id: second.userId,
      decision: "rejected",
      reason: "Fel kostnadsställe",
    });
    const back = await call("GET", url("/approvals/inbox"), { key: f.actor.key });
    expect(back.body.data.items).toContainEqual(
      expect.objectContaining({ id: r.id, action: "correct_and_resubmit", reason: "Fel kostnadsställe" }),
    );
    // the approval changes nothing in the books
    expect(await balances()).toEqual(registered);

    // ---- the proposal: the three approved, not the rejected one, which no batch takes either
    expect(await proposed()).toEqual([a.id, b.id, c.id]);
    const byHand = await write(f.actor.key, "POST", url("/payment-batches"), {
      execution_date: d(18),
      payments: [{ supplier_invoice_id: r.id }],
    });
    expect(byHand.status).toBe(409);
    expect(byHand.body.error.details.invoices).toEqual([
      { index: 0, supplier_invoice_id: r.id, problem: "not_approved" },
    ]);

    // ---- the batch and its pain.001: the approved invoices only
    const created = await write(f.actor.key, "POST", url("/payment-batches"), { execution_date: d(18), due_by: d(20) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const batch = created.body.data;
    const approvedSum = 12500 + 999 + 1250;
    expect([batch.number_of_transactions, batch.control_sum]).toEqual([3, approvedSum]);
    expect(batch.lines.map((l: any) => l.supplier_invoice_id)).toEqual([a.id, b.id, c.id]);
    const e2e = (id: string) => batch.lines.find((l: any) => l.supplier_invoice_id === id).end_to_end_id as string;
    const file = await call("GET", url(`/payment-batches/${batch.id}/file`), { key: f.actor.key });
    expect(file.status).toBe(200);
    const doc = parsePain001(file.body);
    expect([doc.GrpHdr.MsgId, doc.GrpHdr.NbOfTxs, doc.GrpHdr.CtrlSum]).toEqual([batch.message_id, "3", "14749.00"]);
    const pmt = doc.PmtInf[0];
    expect([pmt.NbOfTxs, pmt.CtrlSum, pmt.ReqdExctnDt]).toEqual(["3", "14749.00", d(18)]);
    const txs = pmt.CdtTrfTxInf.map((t: any) => [t.PmtId.EndToEndId, t.Amt.InstdAmt["#text"]]);
    expect(txs).toEqual([
      [e2e(a.id), "12500.00"],
      [e2e(b.id), "999.00"],
      [e2e(c.id), "1250.00"],
    ]);
    expect(file.body).not.toContain("PG-2");
    expect(await proposed()).toEqual([]);

    // ---- pain.002: the bank rejects C (AC01); C is freed and proposed again, R still not
    const reported = await write(f.actor.key, "POST", url(`/payment-batches/${batch.id}/status-report`), {
      xml_text: pain002(batch, [
        [e2e(a.id), "ACSC"],
        [e2e(b.id), "ACSC"],
        [e2e(c.id), "RJCT", "AC01"],
      ]),
    });
    expect(reported.status, JSON.stringify(reported.body)).toBe(200);
    expect([reported.body.data.report.accepted, reported.body.data.report.rejected]).toEqual([2, 1]);
    const cLines = await get(`/payment-batches/lines?supplier_invoice_id=${c.id}`);
    expect(cLines.data.map((l: any) => [l.status, l.reason_code])).toEqual([["rejected", "AC01"]]);
    expect(await proposed()).toEqual([c.id]);

    // ---- camt.054: A and B leave the account; 2440 and 1930 move by what they booked
    const debits: Entry[] = [
      { ref: "N-A", amountOre: ore(12500), debit: true, date: d(20), e2e: e2e(a.id), party: "Bankgiro Leverantör AB" },
      { ref: "N-B", amountOre: ore(999), debit: true, date: d(20), e2e: e2e(b.id), party: "Plusgiro Leverantör AB" },
    ];
    const booked = await write(f.actor.key, "POST", url("/bank-notifications"), { xml_text: camt054(debits) });
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    expect([booked.body.data.rows_stored, booked.body.data.supplier_payments_booked]).toEqual([2, 2]);
    const paid = await balances();
    const paidOut = debits.reduce((s, e) => s + e.amountOre, 0);
    expect(change(paid, registered, "2440")).toBe(paidOut);
    expect(change(paid, registered, "1930")).toBe(-paidOut);
    // what is left on 2440 is C (freed) and R (rejected)
    expect(change(paid, start, "2440")).toBe(-ore(c.total + r.total + s.total));
    expect((await get(`/payment-batches/${batch.id}`)).data.lines.map((l: any) => l.status)).toEqual([
      "booked",
      "booked",
      "rejected",
    ]);
    for (const [inv, status] of [
      [a, "paid"],
      [b, "paid"],
      [c, "overdue"],
      [r, "registered"],
      [s, "overdue"],
    ] as const)
      expect((await get(`/supplier-invoices/${inv.id}`)).data.status).toBe(status);

    // ---- camt.053: the same two payments again (booked nothing twice), customers by OCR and RF, one unknown
    const x = await customerInvoice(1000, "Kund OCR AB");
    const y = await customerInvoice(2000, "Kund RF AB");
    expect([x.total, y.total]).toEqual([1250, 2500]);
    const invoiced = await balances();
    const statement = camt053([
      ...debits.map((e) => ({ ...e, ref: e.ref.replace("N-", "S-") })),
      {
        ref: "S-X",
        amountOre: ore(x.total),
        debit: false,
        date: d(22),
        scor: x.ocr_number ?? invoiceOcr(x.invoice_number)!,
      },
      {
        ref: "S-Y",
        amountOre: ore(y.total),
        debit: false,
        date: d(23),
        scor: rfReference(y.ocr_number ?? invoiceOcr(y.invoice_number)!),
      },
      { ref: "S-Z", amountOre: 50000, debit: false, date: d(24), party: "Okänd", ustrd: "Gåva" },
    ]);
    const stmt = await write(f.actor.key, "POST", url("/bank-notifications"), { xml_text: statement });
    expect(stmt.status, JSON.stringify(stmt.body)).toBe(200);
    expect(stmt.body.data).toMatchObject({
      rows_read: 5,
      rows_stored: 3,
      rows_skipped_duplicate: 2,
      supplier_payments_booked: 0,
      customer_payments_booked: 2,
      rows_unbooked: 1,
    });
    expect(
      stmt.body.data.results.map((res: any) => [res.outcome, res.invoice_id ?? res.reason, res.matched_by ?? null]),
    ).toEqual([
      ["customer_payment", x.id, "ocr"],
      ["customer_payment", y.id, "rf"],
      ["unbooked", "no_reference", null],
    ]);
    const unknownRow = stmt.body.data.results[2].transaction_id as string;
    const received = await balances();
    expect(change(received, invoiced, "1930")).toBe(ore(x.total + y.total));
    expect(change(received, invoiced, "1510")).toBe(-ore(x.total + y.total));
    expect(received["1510"] ?? 0).toBe(0);
    expect(received["2440"]).toBe(paid["2440"]);
    for (const id of [x.id, y.id]) expect((await get(`/invoices/${id}`)).data.status).toBe("paid");

    // ---- the close: blocked by the rejected invoice's attest and the unapproved overdue one, the unknown row,
    // the accounts not signed off
    const blocked = await get(`/close-status?month=${M}`);
    expect(blocked.data.ready).toBe(false);
    const codes = Object.fromEntries(blocked.data.blockers.map((bl: any) => [bl.code, bl]));
    expect(codes.supplier_invoices_awaiting_approval).toMatchObject({
      count: 2,
    });
    expect(codes.supplier_invoices_awaiting_approval.links.sort()).toEqual(
      [url(`/supplier-invoices/${r.id}`), url(`/supplier-invoices/${s.id}`)].sort(),
    );
    expect(codes.unbooked_bank_rows.links).toEqual([url(`/transactions/${unknownRow}`)]);
    expect(codes.account_not_signed_off.count).toBeGreaterThan(0);
    expect(codes.payments_not_booked).toBeUndefined();
    expect(codes.draft_entries).toBeUndefined();

    // ---- the rejected invoice: corrected and resubmitted, approved in order; then it may be paid
    const again = await write(f.actor.key, "POST", url(`/supplier-invoices/${r.id}/resubmit`), { note: "Rättat" });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data).toMatchObject({ approval_status: "pending", approval_round: 2 });
    expect((await get(`/close-status?month=${M}`)).data.blockers.map((bl: any) => bl.code)).toContain(
      "supplier_invoices_awaiting_approval",
    );
    expect(await proposed()).toEqual([c.id]);
    expect((await approve(first, r.id)).status).toBe(200);
    const done = await approve(second, r.id);
    expect(done.body.data).toMatchObject({ approval_status: "approved", approval_round: 2 });
    expect(await proposed()).toEqual([c.id, r.id]);
    expect((await approve(f.actor, s.id)).body.data).toMatchObject({
      status: "overdue",
      approval_status: "not_required",
    });
    expect(await proposed()).toEqual([c.id, r.id, s.id]);

    expect((await write(f.actor.key, "POST", url(`/transactions/${unknownRow}/ignore`))).status).toBe(200);
    const still = await get(`/close-status?month=${M}`);
    expect(still.data.blockers.map((bl: any) => bl.code)).toEqual(["account_not_signed_off"]);
    for (const link of still.data.blockers[0].links as string[]) {
      const signed = await write(f.actor.key, "POST", link, { through_date: still.data.date_to });
      expect(signed.status, JSON.stringify(signed.body)).toBe(201);
    }
    const ready = await get(`/close-status?month=${M}`);
    expect([ready.data.ready, ready.data.blockers]).toEqual([true, []]);

    // ---- the month's books, from the start: every figure
    const end = await balances();
    expect(change(end, start, "2440")).toBe(-ore(c.total + r.total + s.total));
    expect(change(end, start, "1930")).toBe(-ore(12500 + 999) + ore(x.total + y.total));
    expect(change(end, start, "1510")).toBe(0);
    expect(change(end, start, "4010")).toBe(ore(14999 + 200));
    expect(change(end, start, "2641")).toBe(ore(3500));
    expect(change(end, start, "2611")).toBe(-ore(250 + 500));
    expect(Object.values(end).reduce((s, v) => s + v, 0)).toBe(0);
  });
});
