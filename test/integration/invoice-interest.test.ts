// Interest invoices (issue #32): late-payment interest (räntelagen 6 §) of an invoice claimed as an
// invoice of its own, numbered in the F series with an OCR reference, one line without VAT, booked
// Debit 1510 / Credit 8313 when issued (accrual) or when paid (cash), its PDF archived. A second one
// charges only the days after the first; refusals change nothing; a dry-run writes nothing.
// The service's clock is pinned (shiftClock) so the half-years' reference rates are known ones.
import { SELF } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { nowMs, shiftClock } from "../../src/clock";
import { REFERENCE_RATES } from "../../src/sweden/late-payment";
import { call, companyFixture, countOf, entryLines, uniqueKey, write } from "../helpers";
import { pdfText } from "../pdf-text";

const YEAR_2026 = {
  fiscal_year_start_month: 1,
  first_fiscal_year: { start_date: "2026-01-01", end_date: "2026-12-31" },
};
const f = companyFixture({ name: "Räntesson AB", ...YEAR_2026 });
const cash = companyFixture({ name: "Kontantränta AB", accounting_method: "cash", ...YEAR_2026 });
type Fixture = typeof f;
const url = (x: Fixture, p: string) => `/api/v1/companies/${x.companyId}${p}`;
const mailbox = async (to: string) =>
  ((await fetch("https://mail.test/__messages").then((r) => r.json())) as any[]).filter((m) => m.to[0].email === to);

let shifted = 0;
/** Sets the service's clock to noon UTC of `date`. */
function today(date: string) {
  const by = Date.parse(`${date}T12:00:00Z`) - nowMs();
  shiftClock(by);
  shifted += by;
}
afterEach(() => {
  shiftClock(-shifted);
  shifted = 0;
});

/**
 * Räntelagen 6 § with the reference rate 2.00 % of the half-year from 2026-01-01 (9 §): 10 % a year,
 * simple, actual/365, on öre, the exact sum rounded half up to öre once; in kronor.
 */
function interestKr(stretches: [ore: number, days: number][], ratePercent = 10): number {
  const numerator = stretches.reduce((s, [ore, days]) => s + BigInt(ore) * BigInt(ratePercent) * BigInt(days), 0n);
  const denominator = 100n * 365n;
  return Number((numerator * 2n + denominator) / (2n * denominator)) / 100;
}

// 8 000 kr + 25 % VAT: 10 000 kr to pay
const ITEMS = [{ description: "Konsultuppdrag", quantity: 1, unit_price: 8000, vat_rate: 0.25 }];

async function customer(x: Fixture, email: string): Promise<string> {
  const res = await write(x.actor.key, "POST", url(x, "/customers"), {
    name: `Sen Kund ${email}`,
    customer_type: "swedish_business",
    email,
    default_payment_terms: 30,
  });
  expect(res.status).toBe(201);
  return res.body.data.id;
}

/** An issued invoice of 10 000 kr dated 2026-01-01, due 2026-01-31. */
async function issued(x: Fixture, email: string) {
  const inv = await write(x.actor.key, "POST", url(x, "/invoices"), {
    customer_id: await customer(x, email),
    invoice_date: "2026-01-01",
    due_date: "2026-01-31",
    items: ITEMS,
  });
  expect(inv.status).toBe(201);
  const sent = await write(x.actor.key, "POST", url(x, `/invoices/${inv.body.data.id}/mark-sent`));
  expect(sent.status).toBe(200);
  expect(sent.body.data.total).toBe(10000);
  return sent.body.data;
}

async function pay(x: Fixture, id: string, date: string, amount?: number) {
  const res = await write(x.actor.key, "POST", url(x, `/invoices/${id}/mark-paid`), {
    payment_date: date,
    ...(amount !== undefined && { amount }),
  });
  expect(res.status).toBe(200);
  return res.body.data;
}

const interestInvoice = (x: Fixture, id: string, body?: object, headers: Record<string, string> = {}) =>
  write(x.actor.key, "POST", url(x, `/invoices/${id}/interest-invoice`), body, headers);

const invoiceCount = (x: Fixture) => countOf("SELECT COUNT(*) AS n FROM invoices WHERE company_id = ?", x.companyId);
const entryCount = (x: Fixture) =>
  countOf("SELECT COUNT(*) AS n FROM journal_entries WHERE company_id = ?", x.companyId);

describe("an interest invoice for an invoice paid late", () => {
  it("charges 10 000 kr x 10 % x 30/365, books 1510/8313, numbers it, prints it and is paid as any invoice", async () => {
    today("2026-05-15");
    const inv = await issued(f, "sen@ranta.se");
    await pay(f, inv.id, "2026-03-02");
    // 2026-02-01 to 2026-03-02: 28 + 2 = 30 days at 2.00 + 8 = 10 %: 82.19 kr
    const expected = interestKr([[1_000_000, 30]]);
    expect(expected).toBe(82.19);

    // a dry-run answers the interest invoice and writes nothing: no invoice, no number, no entry
    const [invoicesBefore, entriesBefore] = [await invoiceCount(f), await entryCount(f)];
    const dry = await interestInvoice(f, inv.id, undefined, { "X-Dry-Run": "true" });
    expect(dry.status).toBe(201);
    expect(dry.headers.get("X-Dry-Run")).toBe("true");
    expect(dry.body.data).toMatchObject({ kind: "interest", total: expected });
    expect([await invoiceCount(f), await entryCount(f)]).toEqual([invoicesBefore, entriesBefore]);

    const key = uniqueKey();
    const res = await interestInvoice(f, inv.id, undefined, { "Idempotency-Key": key });
    expect(res.status).toBe(201);
    const ri = res.body.data;
    const number = Number(inv.invoice_number.slice(1));
    expect(ri).toMatchObject({
      kind: "interest",
      invoice_number: `F${number + 1}`,
      document_type: "invoice",
      is_credit_note: false,
      status: "sent",
      customer_id: inv.customer_id,
      invoice_date: "2026-05-15",
      due_date: "2026-06-14",
      currency: "SEK",
      subtotal: expected,
      vat_amount: 0,
      total: expected,
      remaining_amount: expected,
      vat_breakdown: [{ vat_rate: 0, net: expected, vat: 0 }],
      interest: {
        invoice_id: inv.id,
        invoice_number: inv.invoice_number,
        from: "2026-02-01",
        to: "2026-03-02",
        days: 30,
        agreed_rate_percent: null,
        stretches: [
          {
            outstanding: 10000,
            from: "2026-02-01",
            to: "2026-03-02",
            days: 30,
            periods: [{ from: "2026-02-01", to: "2026-03-02", days: 30, rate_percent: "10" }],
          },
        ],
      },
    });
    expect(ri.ocr_number).toMatch(/^\d+$/);
    expect(ri.items).toEqual([
      expect.objectContaining({
        description: `Dröjsmålsränta enligt räntelagen på faktura ${inv.invoice_number}, 2026-02-01–2026-03-02, 10 %`,
        quantity: 1,
        unit_price: expected,
        vat_rate: 0,
        net_amount: expected,
        revenue_account: "8313",
        vat_treatment: "outside_scope",
      }),
    ]);
    // booked when issued: Debit 1510 Kundfordringar / Credit 8313 Ränteintäkter från kortfristiga fordringar, no VAT
    expect(await entryLines(f.actor.key, f.companyId, ri.journal_entry_id)).toEqual({
      "1510": [expected, 0],
      "8313": [0, expected],
    });
    expect(res.body.meta.audit.voucher_number).toMatch(/^A\d+$/);

    // the same key replays the answer: one interest invoice, one entry
    const replay = await interestInvoice(f, inv.id, undefined, { "Idempotency-Key": key });
    expect(replay.status).toBe(201);
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(replay.body.data.id).toBe(ri.id);
    expect(await invoiceCount(f)).toBe(invoicesBefore + 1);
    expect(await entryCount(f)).toBe(entriesBefore + 1);

    // the archived PDF: a Räntefaktura with its number, the line, the amount, no VAT and the OCR
    const pdf = await SELF.fetch(`http://localhost${url(f, `/invoices/${ri.id}/pdf`)}`, {
      headers: { Authorization: `Bearer ${f.actor.key}` },
    });
    expect(pdf.status).toBe(200);
    // a long line description wraps over lines in its column: compared with the whitespace folded
    const text = (await pdfText(new Uint8Array(await pdf.arrayBuffer()))).replace(/\s+/g, " ");
    for (const s of [
      "RÄNTEFAKTURA",
      `F${number + 1}`,
      // the line wraps in its column; the extracted text puts its second line after the amounts
      `Dröjsmålsränta enligt räntelagen på faktura ${inv.invoice_number},`,
      "2026-02-01–2026-03-02, 10 %",
      "82,19",
      "utan moms",
      ri.ocr_number,
    ])
      expect(text).toContain(s);

    // the customer ledger and its aging list it as any open invoice
    const ar = await call("GET", url(f, "/reports/ar-ledger?as_of_date=2026-05-15"), { key: f.actor.key });
    expect(ar.status).toBe(200);
    expect(ar.body.data.totals.total).toBe(expected);
    expect(JSON.stringify(ar.body.data)).toContain(`F${number + 1}`);

    // paid through the usual path: Debit 1930 / Credit 1510
    const paid = await pay(f, ri.id, "2026-05-20");
    expect(paid.status).toBe("paid");
    expect(await entryLines(f.actor.key, f.companyId, paid.journal_entry_id)).toEqual({
      "1930": [expected, 0],
      "1510": [0, expected],
    });

    // a second interest invoice would charge the same days again: none is due
    const again = await interestInvoice(f, inv.id);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: "INVOICE_INTEREST_NONE_DUE",
      details: { interest_invoiced_through: "2026-03-02" },
    });
  });

  it("charges part payments on what was owed over each stretch, rounded once", async () => {
    today("2026-05-15");
    const inv = await issued(f, "delvis@ranta.se");
    await pay(f, inv.id, "2026-02-15", 4000);
    await pay(f, inv.id, "2026-03-17", 6000);
    // 15 days (1-15 February) on 10 000 kr and 30 days (16 February-17 March) on 6 000 kr, at 10 %:
    // 3 300 000 / 365 = 9 041.10 öre -> 90.41 kr (each stretch rounded alone would give 90.42)
    const expected = interestKr([
      [1_000_000, 15],
      [600_000, 30],
    ]);
    expect(expected).toBe(90.41);
    const res = await interestInvoice(f, inv.id);
    expect(res.status).toBe(201);
    expect(res.body.data.total).toBe(expected);
    expect(res.body.data.interest).toMatchObject({
      from: "2026-02-01",
      to: "2026-03-17",
      days: 45,
      stretches: [
        { outstanding: 10000, from: "2026-02-01", to: "2026-02-15", days: 15 },
        { outstanding: 6000, from: "2026-02-16", to: "2026-03-17", days: 30 },
      ],
    });
    expect(res.body.data.items[0].description).toBe(
      `Dröjsmålsränta enligt räntelagen på faktura ${inv.invoice_number}, 2026-02-01–2026-03-17, 10 %`,
    );
    expect(await entryLines(f.actor.key, f.companyId, res.body.data.journal_entry_id)).toEqual({
      "1510": [expected, 0],
      "8313": [0, expected],
    });
  });
});

describe("an interest invoice for an invoice still unpaid", () => {
  it("charges up to to_date, then a second one only the later days, never a day twice", async () => {
    today("2026-05-15");
    const inv = await issued(f, "obetald@ranta.se");

    // a to_date ahead of today is refused
    const ahead = await interestInvoice(f, inv.id, { to_date: "2026-05-16" });
    expect(ahead.status).toBe(400);
    expect(ahead.body.error).toMatchObject({ code: "VALIDATION_ERROR", details: { fields: [{ path: "to_date" }] } });

    const first = await interestInvoice(f, inv.id, { to_date: "2026-03-02" });
    expect(first.status).toBe(201);
    expect(first.body.data.total).toBe(interestKr([[1_000_000, 30]]));
    expect(first.body.data.interest).toMatchObject({ from: "2026-02-01", to: "2026-03-02", days: 30 });

    // an earlier or the same to_date has nothing left to charge
    const covered = await interestInvoice(f, inv.id, { to_date: "2026-03-02" });
    expect(covered.status).toBe(409);
    expect(covered.body.error.code).toBe("INVOICE_INTEREST_NONE_DUE");

    // up to today: 3-31 March, April, 1-15 May = 29 + 30 + 15 = 74 days on 10 000 kr
    const second = await interestInvoice(f, inv.id);
    expect(second.status).toBe(201);
    expect(second.body.data.total).toBe(interestKr([[1_000_000, 74]]));
    expect(second.body.data.total).toBe(202.74);
    expect(second.body.data.interest).toMatchObject({ from: "2026-03-03", to: "2026-05-15", days: 74 });
    expect(Number(second.body.data.invoice_number.slice(1))).toBe(Number(first.body.data.invoice_number.slice(1)) + 1);
    expect(
      await countOf(
        "SELECT COUNT(*) AS n FROM invoices WHERE interest_of_invoice_id = ? AND kind = 'interest'",
        inv.id,
      ),
    ).toBe(2);

    // credited in full, the second frees its days (its credit note reverses 1510/8313); a new one charges them
    const credit = await write(f.actor.key, "POST", url(f, `/invoices/${second.body.data.id}/credit`), {
      reason: "Fel räntesats",
    });
    expect(credit.status).toBe(201);
    expect(await entryLines(f.actor.key, f.companyId, credit.body.data.journal_entry_id)).toEqual({
      "1510": [0, 202.74],
      "8313": [202.74, 0],
    });
    const third = await interestInvoice(f, inv.id);
    expect(third.status).toBe(201);
    expect(third.body.data.interest).toMatchObject({ from: "2026-03-03", to: "2026-05-15", days: 74 });
  });

  it("is sent by email with send: true, as send sends an invoice", async () => {
    today("2026-05-15");
    const inv = await issued(f, "mejl@ranta.se");
    await pay(f, inv.id, "2026-03-02");
    const res = await interestInvoice(f, inv.id, { send: true, due_date: "2026-05-25" });
    expect(res.status).toBe(201);
    expect(res.body.data.due_date).toBe("2026-05-25");
    const mails = await mailbox("mejl@ranta.se");
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`Faktura ${res.body.data.invoice_number} från Räntesson AB`);
    const pdf = Uint8Array.from(atob(mails[0].attachments[0].content), (ch) => ch.charCodeAt(0));
    expect(await pdfText(pdf)).toContain("82,19");
  });
});

describe("a payment reminder after part payments and an interest invoice", () => {
  it("states the interest on what was owed over each stretch, and only the days no interest invoice charged", async () => {
    today("2026-03-02");
    const inv = await issued(f, "paminn@ranta.se");
    await pay(f, inv.id, "2026-02-15", 4000);
    const remind = () => write(f.actor.key, "POST", url(f, `/invoices/${inv.id}/reminder`));
    // 15 days on 10 000 kr and 15 days (16 February-2 March) on the 6 000 kr left, at 10 %: 65.75 kr
    // (not 6 000 kr for all 30 days, 49.32 kr)
    const first = await remind();
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({
      remaining_amount: 6000,
      interest: interestKr([
        [1_000_000, 15],
        [600_000, 15],
      ]),
      interest_days: 30,
      interest_detail: {
        periods: [
          { from: "2026-02-01", to: "2026-02-15", days: 15, rate_percent: "10" },
          { from: "2026-02-16", to: "2026-03-02", days: 15, rate_percent: "10" },
        ],
        interest_invoiced_through: null,
      },
    });
    expect(first.body.data.interest).toBe(65.75);

    const ri = await interestInvoice(f, inv.id, { due_date: "2026-03-10" });
    expect(ri.status).toBe(201);
    expect(ri.body.data.total).toBe(65.75);

    // a month later the reminder states only the interest after the interest invoice: 3-31 March on 6 000 kr
    today("2026-03-31");
    const second = await remind();
    expect(second.status).toBe(201);
    expect(second.body.data).toMatchObject({
      interest: interestKr([[600_000, 29]]),
      interest_days: 29,
      interest_detail: { interest_invoiced_through: "2026-03-02" },
    });
    // the interest invoice itself, overdue since 10 March, is reminded without interest (none on interest)
    const ofInterest = await write(f.actor.key, "POST", url(f, `/invoices/${ri.body.data.id}/reminder`));
    expect(ofInterest.status).toBe(201);
    expect(ofInterest.body.data).toMatchObject({ remaining_amount: 65.75, interest: 0, interest_days: 0 });
  });
});

describe("refusals", () => {
  it("refuses an invoice paid on time, a draft, a credit note and an interest invoice, and changes nothing", async () => {
    today("2026-05-15");
    const onTime = await issued(f, "itid@ranta.se");
    await pay(f, onTime.id, "2026-01-31");
    const ri = await (async () => {
      const late = await issued(f, "sen2@ranta.se");
      await pay(f, late.id, "2026-02-10");
      return (await interestInvoice(f, late.id)).body.data;
    })();
    const draft = await write(f.actor.key, "POST", url(f, "/invoices"), {
      customer_id: onTime.customer_id,
      invoice_date: "2026-01-01",
      due_date: "2026-01-31",
      items: ITEMS,
    });
    const credited = await issued(f, "kredit@ranta.se");
    const note = await write(f.actor.key, "POST", url(f, `/invoices/${credited.id}/credit`), { reason: "Fel pris" });
    expect(note.status).toBe(201);

    const [invoicesBefore, entriesBefore] = [await invoiceCount(f), await entryCount(f)];
    const onTimeRes = await interestInvoice(f, onTime.id);
    expect(onTimeRes.status).toBe(409);
    expect(onTimeRes.body.error).toMatchObject({
      code: "INVOICE_INTEREST_NONE_DUE",
      details: { due_date: "2026-01-31", to_date: "2026-05-15", interest_invoiced_through: null },
    });
    for (const [id, detail] of [
      [draft.body.data.id, { status: "draft" }],
      [note.body.data.id, { is_credit_note: true }],
      [ri.id, { kind: "interest" }],
    ] as const) {
      const res = await interestInvoice(f, id);
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({ code: "INVOICE_INTEREST_NOT_INVOICEABLE", details: detail });
    }
    const missing = await interestInvoice(f, "no-such-invoice");
    expect(missing.status).toBe(404);
    expect([await invoiceCount(f), await entryCount(f)]).toEqual([invoicesBefore, entriesBefore]);
  });

  it("refuses a period over a half-year whose reference rate is not in the table, naming it", async () => {
    // the first half-year after the table's last row: its rate is not known, and it is never guessed
    const last = REFERENCE_RATES[REFERENCE_RATES.length - 1].from;
    const unknown = last.slice(5) === "01-01" ? `${last.slice(0, 4)}-07-01` : `${Number(last.slice(0, 4)) + 1}-01-01`;
    today("2026-05-15");
    const inv = await issued(f, "okand@ranta.se");
    today(`${unknown.slice(0, 8)}20`);
    const invoicesBefore = await invoiceCount(f);
    const res = await interestInvoice(f, inv.id);
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({
      code: "INVOICE_INTEREST_REFERENCE_RATE_UNKNOWN",
      details: { half_year: unknown, due_date: "2026-01-31" },
    });
    expect(await invoiceCount(f)).toBe(invoicesBefore);
  });
});

describe("under the cash method", () => {
  it("books nothing when issued and the interest income 8313 when paid", async () => {
    today("2026-05-15");
    const inv = await issued(cash, "kontant@ranta.se");
    await pay(cash, inv.id, "2026-03-02");
    const entriesBefore = await entryCount(cash);
    const res = await interestInvoice(cash, inv.id);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ kind: "interest", total: 82.19, journal_entry_id: null, status: "sent" });
    expect(await entryCount(cash)).toBe(entriesBefore);
    const paid = await pay(cash, res.body.data.id, "2026-05-20");
    expect(await entryLines(cash.actor.key, cash.companyId, paid.journal_entry_id)).toEqual({
      "1930": [82.19, 0],
      "8313": [0, 82.19],
    });
  });

  it("charges the agreed late_payment_interest_rate, also over a half-year whose reference rate is unknown", async () => {
    today("2026-05-15");
    const set = await call("PATCH", url(cash, "/settings"), {
      key: cash.actor.key,
      body: { late_payment_interest_rate: 0.12 },
    });
    expect(set.status).toBe(200);
    const inv = await issued(cash, "avtalad@ranta.se");
    // unpaid until 2026-08-15: 28 + 31 + 30 + 31 + 30 + 31 + 15 = 196 days at the agreed 12 %, past 2026-07-01
    today("2026-08-15");
    const res = await interestInvoice(cash, inv.id);
    expect(res.status).toBe(201);
    expect(res.body.data.total).toBe(interestKr([[1_000_000, 196]], 12));
    expect(res.body.data.total).toBe(644.38);
    expect(res.body.data.interest).toMatchObject({ agreed_rate_percent: "12", from: "2026-02-01", to: "2026-08-15" });
    expect(res.body.data.items[0].description).toBe(
      `Dröjsmålsränta enligt räntelagen på faktura ${inv.invoice_number}, 2026-02-01–2026-08-15, 12 %`,
    );
  });
});
