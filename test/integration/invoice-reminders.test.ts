// Payment reminders (issue #32): an overdue invoice gets a reminder with the company's fee
// (booked 1680 / 3990 without VAT) and the late-payment interest so far, as a PDF by email;
// the invoice lists its reminders; a dry-run writes nothing; an invoice not overdue is refused.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, companyFixture, countOf, day, entryLines, runJob, uniqueKey, write, yearAroundToday } from "../helpers";
import { pdfText } from "../pdf-text";

const f = companyFixture({ name: "Påminna AB", ...yearAroundToday() });
const url = (p: string) => `/api/v1/companies/${f.companyId}${p}`;
const mailbox = async (to: string) =>
  ((await fetch("https://mail.test/__messages").then((r) => r.json())) as any[]).filter((m) => m.to[0].email === to);

// Consulting 10 h x 1 000 at 25 %: total 12 500 kr
const ITEMS = [{ description: "Konsulttimmar", quantity: 10, unit: "h", unit_price: 1000, vat_rate: 0.25 }];

async function sentInvoice(email: string, invoiceDate: string, dueDate: string, x = f) {
  const url = (p: string) => `/api/v1/companies/${x.companyId}${p}`;
  const customer = await write(x.actor.key, "POST", url("/customers"), {
    name: `Sen Betalare ${email}`,
    customer_type: "swedish_business",
    email,
  });
  expect(customer.status).toBe(201);
  const inv = await write(x.actor.key, "POST", url("/invoices"), {
    customer_id: customer.body.data.id,
    invoice_date: invoiceDate,
    due_date: dueDate,
    items: ITEMS,
  });
  expect(inv.status).toBe(201);
  const sent = await write(x.actor.key, "POST", url(`/invoices/${inv.body.data.id}/send`));
  expect(sent.status).toBe(200);
  return sent.body.data;
}

const remind = (id: string, headers: Record<string, string> = {}) =>
  write(f.actor.key, "POST", url(`/invoices/${id}/reminder`), undefined, headers);

describe("a payment reminder", () => {
  it("charges the agreed fee, states the interest so far, books the fee and emails the PDF", async () => {
    const settings = await call("PATCH", url("/settings"), {
      key: f.actor.key,
      body: { reminder_fee: 60, late_payment_interest_rate: 0.12 },
    });
    expect(settings.status).toBe(200);
    expect(settings.body.data).toMatchObject({ reminder_fee: 60, auto_reminder_days: null });

    const inv = await sentInvoice("sen@betalare.se", day(-40), day(-10));
    expect(inv.status).toBe("overdue");

    // a dry-run answers the reminder and writes nothing: no row, no entry, no mail
    const entriesBefore = await countOf("SELECT COUNT(*) AS n FROM journal_entries WHERE company_id = ?", f.companyId);
    const dry = await remind(inv.id, { "X-Dry-Run": "true" });
    expect(dry.status).toBe(201);
    expect(dry.headers.get("X-Dry-Run")).toBe("true");
    expect(await countOf("SELECT COUNT(*) AS n FROM invoice_reminders WHERE invoice_id = ?", inv.id)).toBe(0);
    expect(await countOf("SELECT COUNT(*) AS n FROM journal_entries WHERE company_id = ?", f.companyId)).toBe(
      entriesBefore,
    );
    expect(await mailbox("sen@betalare.se")).toHaveLength(1); // the invoice itself

    const res = await remind(inv.id);
    expect(res.status).toBe(201);
    // the agreed rate 12 % on 12 500 kr for the 10 days since the due date, actual/365, to the öre:
    // 1 250 000 öre x 12 x 10 / (100 x 365) = 4 109.59 öre -> 41.10 kr
    const interestOre = Math.round((1_250_000 * 12 * 10) / (100 * 365));
    expect(interestOre).toBe(4110);
    expect(res.body.data).toMatchObject({
      invoice_number: inv.invoice_number,
      reminder_number: 1,
      reminder_date: day(0),
      remaining_amount: 12500,
      fee: 60,
      interest: 41.1,
      interest_days: 10,
      to_pay: 12601.1,
      pay_by: day(10),
      automatic: false,
      sent_to: "sen@betalare.se",
      interest_detail: { periods: [{ from: day(-9), to: day(0), days: 10, rate_percent: "12" }] },
    });
    // the fee: Debit 1680 / Credit 3990, no VAT (1510 stays the open invoices); the interest is not booked
    expect(await entryLines(f.actor.key, f.companyId, res.body.data.journal_entry_id)).toEqual({
      "1680": [60, 0],
      "3990": [0, 60],
    });
    expect(res.body.meta.audit.voucher_number).toMatch(/^A\d+$/);

    // the email carries the reminder PDF: Swedish, the invoice's number and dates, what to pay now
    const mails = await mailbox("sen@betalare.se");
    expect(mails).toHaveLength(2);
    expect(mails[1].subject).toBe(`Påminnelse: faktura ${inv.invoice_number} från Påminna AB`);
    const pdf = Uint8Array.from(atob(mails[1].attachments[0].content), (ch) => ch.charCodeAt(0));
    const text = await pdfText(pdf);
    for (const s of [
      "Betalningspåminnelse",
      `${inv.invoice_number}-P1`,
      `faktura ${inv.invoice_number}`,
      `förfallodatum ${day(-10)}`,
      "Påminnelseavgift",
      "60,00",
      "Dröjsmålsränta 10 dagar",
      "41,10",
      "Att betala nu",
      "12 601,10",
      `senast ${day(10)}`,
    ])
      expect(text).toContain(s);

    // the invoice shows its reminders; the PDF route serves the same figures
    const got = await call("GET", url(`/invoices/${inv.id}?expand=reminders`), { key: f.actor.key });
    expect(got.body.data.reminders).toEqual([
      expect.objectContaining({ id: res.body.data.id, reminder_number: 1, fee: 60, interest: 41.1, to_pay: 12601.1 }),
    ]);
    const served = await SELF.fetch(`http://localhost${url(`/invoices/${inv.id}/reminders/${res.body.data.id}/pdf`)}`, {
      headers: { Authorization: `Bearer ${f.actor.key}` },
    });
    expect(served.status).toBe(200);
    expect(await pdfText(new Uint8Array(await served.arrayBuffer()))).toContain("12 601,10");

    // a second reminder is number 2, and the receivable grows by a second fee
    const second = await remind(inv.id);
    expect(second.status).toBe(201);
    expect(second.body.data.reminder_number).toBe(2);
  });

  it("reverses the fee and keeps no reminder when the mail provider fails", async () => {
    // reminder_fee 60 is set by the first test of this file
    const inv = await sentInvoice("strul@betalare.se", day(-30), day(-2));
    await write(f.actor.key, "PATCH", url(`/customers/${inv.customer_id}`), { email: "fail@betalare.se" });
    const res = await remind(inv.id);
    expect(res.status).toBe(502);
    expect(res.body.error).toMatchObject({ code: "INVOICE_SEND_PROVIDER_FAILED", details: { step: "email" } });
    expect(await countOf("SELECT COUNT(*) AS n FROM invoice_reminders WHERE invoice_id = ?", inv.id)).toBe(0);
    const reversal = (
      await call("GET", url(`/journal-entries/${res.body.error.details.reversal_entry_id}`), { key: f.actor.key })
    ).body.data;
    expect(await entryLines(f.actor.key, f.companyId, reversal.reverses_id)).toEqual({
      "1680": [60, 0],
      "3990": [0, 60],
    });
    expect(await entryLines(f.actor.key, f.companyId, reversal.id)).toEqual({ "1680": [0, 60], "3990": [60, 0] });
  });

  it("is refused for an invoice not yet due, and changes nothing", async () => {
    const inv = await sentInvoice("i-tid@betalare.se", day(0), day(30));
    const res = await remind(inv.id);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("INVOICE_REMINDER_NOT_OVERDUE");
    expect(res.body.error.details).toMatchObject({ status: "sent", due_date: day(30) });
    expect(await countOf("SELECT COUNT(*) AS n FROM invoice_reminders WHERE invoice_id = ?", inv.id)).toBe(0);
  });

  it("refuses a fee above the 60 kr the law allows", async () => {
    const res = await call("PATCH", url("/settings"), { key: f.actor.key, body: { reminder_fee: 60.01 } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("VALIDATION_ERROR");
  });

  it("replays under its Idempotency-Key: one reminder, one fee", async () => {
    const inv = await sentInvoice("igen@betalare.se", day(-20), day(-5));
    const key = uniqueKey("remind");
    const a = await remind(inv.id, { "Idempotency-Key": key });
    const b = await remind(inv.id, { "Idempotency-Key": key });
    expect(a.status).toBe(201);
    expect(b.body.data.id).toBe(a.body.data.id);
    expect(await countOf("SELECT COUNT(*) AS n FROM invoice_reminders WHERE invoice_id = ?", inv.id)).toBe(1);
  });
});

// a company of its own, so the sweep sees only these invoices of it
const g = companyFixture({ name: "Automatisk AB", ...yearAroundToday() });

describe("automatic reminders (auto_reminder_days)", () => {
  it("the overdue sweep sends one reminder per interval, and not a second within it", async () => {
    const gurl = (p: string) => `/api/v1/companies/${g.companyId}${p}`;
    const set = await call("PATCH", gurl("/settings"), { key: g.actor.key, body: { auto_reminder_days: 7 } });
    expect(set.body.data.auto_reminder_days).toBe(7);
    const late = await sentInvoice("auto@sen.se", day(-40), day(-10), g); // due 10 days ago: reminded
    const fresh = await sentInvoice("auto@nyss.se", day(-20), day(-3), g); // due 3 days ago: not yet
    expect([late.status, fresh.status]).toEqual(["overdue", "overdue"]);
    const count = (id: string) => countOf("SELECT COUNT(*) AS n FROM invoice_reminders WHERE invoice_id = ?", id);

    await runJob({ type: "invoices.overdue_sweep" });
    expect(await count(late.id)).toBe(1);
    expect(await count(fresh.id)).toBe(0);
    const got = await call("GET", gurl(`/invoices/${late.id}?expand=reminders`), { key: g.actor.key });
    expect(got.body.data.reminders).toEqual([
      expect.objectContaining({ reminder_number: 1, automatic: true, fee: 0, sent_to: "auto@sen.se" }),
    ]);
    expect(await mailbox("auto@sen.se")).toHaveLength(2); // the invoice and the reminder

    // the next minutes' sweeps, within the 7 days: nothing more
    await runJob({ type: "invoices.overdue_sweep" });
    await runJob({ type: "invoices.overdue_sweep" });
    expect(await count(late.id)).toBe(1);
    expect(await mailbox("auto@sen.se")).toHaveLength(2);
  });
});
