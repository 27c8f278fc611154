// Recurring invoices (issue #43, docs/invoice-contracts.md) through the Worker: a contract makes
// each period's invoice exactly once on the minute schedule (a rerun, a POST .../run and two
// overlapping sweeps make no second), late days are caught up in the contract's own periods,
// the action books and sends them, pauses skip, changes apply from a period, an end stops it.
//
// The service's clock is moved (shiftClock) as in the planned salary payments' test. Companies
// keep the calendar year 2027. The rent: 8 000 kr + 2 parking places x 450.50 kr a month, all
// at 25 %: net 8 901.00, VAT 2 225.25 (ML 17 kap 24 §: once on the sum at the rate), total 11 126.25.
import { afterEach, describe, expect, it } from "vitest";
import { nowMs, shiftClock } from "../../src/clock";
import { type ApiResponse, call, companyFixture, countOf, runJob, uniqueKey, write } from "../helpers";

const YEAR_2027 = { first_fiscal_year: { start_date: "2027-01-01", end_date: "2027-12-31" } };
const rent = companyFixture({ name: "Hyresvärden AB", ...YEAR_2027 });
const quarterly = companyFixture({ name: "Servicebolaget AB", ...YEAR_2027 });
const pausing = companyFixture({ name: "Pausbolaget AB", ...YEAR_2027 });
const checks = companyFixture({ name: "Kontrollbolaget AB", ...YEAR_2027 });
const locked = companyFixture({ name: "Låsta perioder AB", ...YEAR_2027 });
type Co = typeof rent;

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

const url = (c: Co, p: string) => `/api/v1/companies/${c.companyId}${p}`;
const get = (c: Co, p: string) => call("GET", url(c, p), { key: c.actor.key });
const post = (c: Co, p: string, body?: unknown, headers: Record<string, string> = {}) =>
  write(c.actor.key, "POST", url(c, p), body, headers);
const expectOk = (res: ApiResponse, status = 200) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body.data;
};
const sweep = () => runJob({ type: "invoice_contracts.sweep" });

async function customer(c: Co, name: string, extra: Record<string, unknown> = {}) {
  return expectOk(await post(c, "/customers", { name, customer_type: "swedish_business", ...extra }), 201).id as string;
}
const RENT_ITEMS = [
  { description: "Hyra {period}", quantity: 1, unit_price: 8000, vat_rate: 0.25 },
  { description: "Parkering {period_short}", quantity: 2, unit_price: 450.5, vat_rate: 0.25 },
];
const madeInvoices = async (c: Co, id: string) => expectOk(await get(c, `/invoice-contracts/${id}/invoices`)) as any[];
const events = (c: Co, type: string) =>
  countOf("SELECT COUNT(*) AS n FROM outbox_events WHERE company_id = ? AND type = ?", c.companyId, type);
async function balances(c: Co) {
  const tb = await get(c, `/reports/trial-balance?period_id=${c.periodId}`);
  expect(tb.status).toBe(200);
  return Object.fromEntries(tb.body.data.accounts.map((a: any) => [a.account_number, a.closing_balance])) as Record<
    string,
    number
  >;
}

describe("a monthly rent contract over a year", () => {
  it("makes twelve invoices with their periods' texts, books them once, and a rerun makes none", async () => {
    today("2026-12-15");
    const tenant = await customer(rent, "Hyresgästen AB");
    const body = {
      customer_id: tenant,
      name: "Lokal 12",
      interval: "month",
      start_date: "2027-01-01",
      end_date: "2027-12-31",
      invoice_day: 1,
      days_in_advance: 10,
      action: "mark_sent",
      payment_terms_days: 30,
      items: RENT_ITEMS,
      your_reference: "Eva Hyresgäst",
    };
    // a dry run answers the contract and writes nothing
    const dry = await post(rent, "/invoice-contracts", body, { "X-Dry-Run": "true" });
    expect(dry.status, JSON.stringify(dry.body)).toBe(201);
    expect(dry.headers.get("X-Dry-Run")).toBe("true");
    expect(await countOf("SELECT COUNT(*) AS n FROM invoice_contracts WHERE company_id = ?", rent.companyId)).toBe(0);

    const key = uniqueKey();
    const created = expectOk(await post(rent, "/invoice-contracts", body, { "Idempotency-Key": key }), 201);
    expect(created).toMatchObject({ status: "active", next_run_on: "2026-12-22", invoice_day: 1, action: "mark_sent" });
    expect(created.versions).toEqual([
      expect.objectContaining({ effective_from: "2027-01-01", subtotal: 8901, vat: 2225.25, total: 11126.25 }),
    ]);
    // the same key and body: the same contract, not a second
    const replay = await post(rent, "/invoice-contracts", body, { "Idempotency-Key": key });
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(replay.body.data.id).toBe(created.id);
    const C = (p = "") => `/invoice-contracts/${created.id}${p}`;

    // the next invoices before they exist
    const upcoming = expectOk(await get(rent, C("/upcoming?count=3"))).invoices;
    expect(upcoming.map((u: any) => [u.period, u.invoice_date, u.create_on, u.items[0].description, u.total])).toEqual([
      ["januari 2027", "2027-01-01", "2026-12-22", "Hyra januari 2027", 11126.25],
      ["februari 2027", "2027-02-01", "2027-01-22", "Hyra februari 2027", 11126.25],
      ["mars 2027", "2027-03-01", "2027-02-19", "Hyra mars 2027", 11126.25],
    ]);
    expect(upcoming[1].items[1].description).toBe("Parkering 2027-02");

    // before its day: nothing
    await sweep();
    expect(await madeInvoices(rent, created.id)).toEqual([]);

    // its day: January's invoice, dated the period's invoice day, numbered and booked
    today("2026-12-22");
    await sweep();
    const january = await madeInvoices(rent, created.id);
    expect(january).toHaveLength(1);
    expect(january[0]).toMatchObject({
      period_start: "2027-01-01",
      period: "januari 2027",
      invoice_date: "2027-01-01",
      action: "mark_sent",
      action_status: "done",
    });

    // the sweep does not run for months; at the year's end it catches up every period, each dated its own day
    today("2027-12-31");
    await sweep();
    const all = await madeInvoices(rent, created.id);
    expect(all.map((i: any) => i.invoice_date)).toEqual(
      Array.from({ length: 12 }, (_, m) => `2027-${String(m + 1).padStart(2, "0")}-01`),
    );
    expect(all.every((i: any) => i.action_status === "done")).toBe(true);

    // a rerun, a second sweep and POST .../run make none
    await sweep();
    const run = expectOk(await post(rent, C("/run"), {}));
    expect(run.created).toEqual([]);
    expect(run.contract.next_run_on).toBeNull();
    expect(await madeInvoices(rent, created.id)).toHaveLength(12);
    expect(await countOf("SELECT COUNT(*) AS n FROM invoices WHERE company_id = ?", rent.companyId)).toBe(12);

    // each invoice: its texts, its totals, sent with a number, its due date 30 days on
    const months = ["januari", "februari", "mars", "april", "maj", "juni", "juli", "augusti", "september"];
    for (const [m, made] of all.entries()) {
      const inv = expectOk(await get(rent, `/invoices/${made.invoice_id}?expand=items`));
      expect(inv).toMatchObject({
        subtotal: 8901,
        vat_amount: 2225.25,
        total: 11126.25,
        your_reference: "Eva Hyresgäst",
      });
      expect(inv.invoice_number).toMatch(/^F\d+$/);
      expect(["sent", "overdue"]).toContain(inv.status);
      const mm = String(m + 1).padStart(2, "0");
      expect(inv.items.map((i: any) => i.description)).toEqual([
        `Hyra ${[...months, "oktober", "november", "december"][m]} 2027`,
        `Parkering 2027-${mm}`,
      ]);
      const due = new Date(Date.parse(`2027-${mm}-01T00:00:00Z`) + 30 * 86_400_000).toISOString().slice(0, 10);
      expect(inv.due_date).toBe(due);
    }

    // the books: twelve sales, figures computed here in öre
    const netOre = 800_000 + 2 * 45_050;
    const vatOre = netOre / 4;
    const tb = await balances(rent);
    expect(tb["1510"]).toBe((12 * (netOre + vatOre)) / 100);
    expect(tb["3001"]).toBe((-12 * netOre) / 100);
    expect(tb["2611"]).toBe((-12 * vatOre) / 100);
    expect(tb["1510"]).toBe(133_515);

    // events: one per invoice made, and the invoice's own
    expect(await events(rent, "invoice_contract.created")).toBe(1);
    expect(await events(rent, "invoice_contract.invoice_created")).toBe(12);
    expect(await events(rent, "invoice.created")).toBe(12);
    expect(await events(rent, "invoice.sent")).toBe(12);
  });
});

describe("a quarterly contract changed from a period and ended", () => {
  it("invoices quarters, keeps the old price for earlier quarters, stops after the end date", async () => {
    today("2027-01-10");
    const client = await customer(quarterly, "Fastighetsägaren AB");
    const created = expectOk(
      await post(quarterly, "/invoice-contracts", {
        customer_id: client,
        interval: "quarter",
        start_date: "2027-01-01",
        invoice_day: 15,
        items: [{ description: "Service {period}", quantity: 1, unit_price: 3000, vat_rate: 0.25 }],
      }),
      201,
    );
    const C = (p = "") => `/invoice-contracts/${created.id}${p}`;
    expect(expectOk(await post(quarterly, C("/run"), {})).created).toEqual([]);

    // late: Q1 and Q2 caught up by a run, drafts (the action), each in its own quarter
    today("2027-04-20");
    // a dry run shows what a run would make, and makes nothing
    const preview = await post(quarterly, C("/run"), {}, { "X-Dry-Run": "true" });
    expect(preview.headers.get("X-Dry-Run")).toBe("true");
    expect(expectOk(preview).created.map((i: any) => i.period)).toEqual(["Q1 2027", "Q2 2027"]);
    expect(await madeInvoices(quarterly, created.id)).toEqual([]);
    const runKey = uniqueKey();
    const run = expectOk(await post(quarterly, C("/run"), {}, { "Idempotency-Key": runKey }));
    // the same key again: the same answer, replayed, nothing made
    const again = await post(quarterly, C("/run"), {}, { "Idempotency-Key": runKey });
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.body.data.created.map((i: any) => i.invoice_id)).toEqual(run.created.map((i: any) => i.invoice_id));
    expect(run.created.map((i: any) => [i.period, i.invoice_date, i.total, i.action_status])).toEqual([
      ["Q1 2027", "2027-01-15", 3750, "none"],
      ["Q2 2027", "2027-04-15", 3750, "none"],
    ]);
    const q1 = expectOk(await get(quarterly, `/invoices/${run.created[0].invoice_id}?expand=items`));
    expect(q1).toMatchObject({ status: "draft", invoice_number: null });
    expect(q1.items[0].description).toBe("Service Q1 2027");

    // a change from a day that starts no quarter; from a quarter already invoiced
    const mid = await post(quarterly, C("/changes"), {
      effective_from: "2027-05-01",
      items: [{ description: "Service {period}", quantity: 1, unit_price: 3600, vat_rate: 0.25 }],
    });
    expect([mid.status, mid.body.error?.code, mid.body.error?.details?.next_period_start]).toEqual([
      400,
      "INVOICE_CONTRACT_NOT_PERIOD_START",
      "2027-07-01",
    ]);
    const late = await post(quarterly, C("/changes"), {
      effective_from: "2027-04-01",
      items: [{ description: "Service {period}", quantity: 1, unit_price: 3600, vat_rate: 0.25 }],
    });
    expect([late.status, late.body.error?.code]).toEqual([409, "INVOICE_CONTRACT_PERIOD_INVOICED"]);
    const changed = expectOk(
      await post(quarterly, C("/changes"), {
        effective_from: "2027-07-01",
        items: [{ description: "Service och tillsyn {period}", quantity: 1, unit_price: 3600, vat_rate: 0.25 }],
      }),
    );
    expect(changed.versions.map((v: any) => [v.effective_from, v.total])).toEqual([
      ["2027-01-01", 3750],
      ["2027-07-01", 4500],
    ]);

    // end: not before the start, not before a quarter invoiced; then from the end of September
    const early = await post(quarterly, C("/end"), { end_date: "2026-12-31" });
    expect([early.status, early.body.error?.code]).toEqual([400, "INVOICE_CONTRACT_END_BEFORE_START"]);
    const invoiced = await post(quarterly, C("/end"), { end_date: "2027-03-31" });
    expect([invoiced.status, invoiced.body.error?.code]).toEqual([409, "INVOICE_CONTRACT_PERIOD_INVOICED"]);
    const ended = expectOk(await post(quarterly, C("/end"), { end_date: "2027-09-30" }));
    expect(ended).toMatchObject({ status: "active", end_date: "2027-09-30" });
    const next = expectOk(await get(quarterly, C("/upcoming"))).invoices;
    expect(next.map((u: any) => [u.period, u.items[0].description, u.total])).toEqual([
      ["Q3 2027", "Service och tillsyn Q3 2027", 4500],
    ]);

    today("2028-01-31");
    await sweep();
    const all = await madeInvoices(quarterly, created.id);
    expect(all.map((i: any) => [i.period, i.invoice_date])).toEqual([
      ["Q1 2027", "2027-01-15"],
      ["Q2 2027", "2027-04-15"],
      ["Q3 2027", "2027-07-15"],
    ]);
    const q3 = expectOk(await get(quarterly, `/invoices/${all[2].invoice_id}`));
    expect(q3).toMatchObject({ total: 4500, status: "draft" });
    expect(expectOk(await get(quarterly, C()))).toMatchObject({ status: "ended", next_run_on: null });
    expect(await events(quarterly, "invoice_contract.ended")).toBe(1);
    expect(await events(quarterly, "invoice_contract.updated")).toBe(1);
  });
});

describe("pause and resume", () => {
  it("skips the invoices whose day fell in the pause, and makes the next ones", async () => {
    today("2027-02-10");
    const tenant = await customer(pausing, "Säsongshyresgästen AB");
    const created = expectOk(
      await post(pausing, "/invoice-contracts", {
        customer_id: tenant,
        interval: "month",
        start_date: "2027-01-01",
        invoice_day: "last",
        invoice_month_offset: -1,
        items: [{ description: "Hyra {period}", quantity: 1, unit_price: 5000, vat_rate: 0.25 }],
        end_date: "2027-12-31",
      }),
      201,
    );
    const C = (p = "") => `/invoice-contracts/${created.id}${p}`;
    // January's day (31 December 2026, in no fiscal year: a draft may be dated there) has passed:
    // caught up now with February's (31 January); March's (28 February) is still to come
    await sweep();
    expect((await madeInvoices(pausing, created.id)).map((i: any) => [i.period, i.invoice_date])).toEqual([
      ["januari 2027", "2026-12-31"],
      ["februari 2027", "2027-01-31"],
    ]);

    const paused = expectOk(await post(pausing, C("/pause"), {}));
    expect(paused).toMatchObject({ status: "paused", next_run_on: null, pauses: [{ from: "2027-02-10", to: null }] });
    expect((await post(pausing, C("/pause"), {})).body.error?.code).toBe("INVOICE_CONTRACT_NOT_ACTIVE");
    const run = await post(pausing, C("/run"), {});
    expect([run.status, run.body.error?.code]).toEqual([409, "INVOICE_CONTRACT_NOT_ACTIVE"]);

    today("2027-05-15");
    await sweep();
    expect(await madeInvoices(pausing, created.id)).toHaveLength(2);
    const resumed = expectOk(await post(pausing, C("/resume"), {}));
    expect(resumed).toMatchObject({ status: "active", pauses: [{ from: "2027-02-10", to: "2027-05-15" }] });
    expect(resumed.next_run_on).toBe("2027-05-31");
    expect((await post(pausing, C("/resume"), {})).body.error?.code).toBe("INVOICE_CONTRACT_NOT_ACTIVE");
    // March, April and May's days (28 Feb, 31 Mar, 30 Apr) fell in the pause: skipped, not caught up
    await sweep();
    expect(await madeInvoices(pausing, created.id)).toHaveLength(2);
    const next = expectOk(await get(pausing, C("/upcoming?count=2"))).invoices;
    expect(next.map((u: any) => [u.period, u.invoice_date])).toEqual([
      ["juni 2027", "2027-05-31"],
      ["juli 2027", "2027-06-30"],
    ]);
    today("2027-05-31");
    await sweep();
    expect((await madeInvoices(pausing, created.id)).map((i: any) => i.period)).toEqual([
      "januari 2027",
      "februari 2027",
      "juni 2027",
    ]);
    expect(await events(pausing, "invoice_contract.paused")).toBe(1);
    expect(await events(pausing, "invoice_contract.resumed")).toBe(1);
  });
});

describe("refusals, the email action, and overlapping sweeps", () => {
  it("refuses bad contracts with their codes, never a 500", async () => {
    today("2027-01-05");
    const ok = await customer(checks, "Kund utan e-post AB");
    const archived = await customer(checks, "Arkiverad AB");
    expect(
      (
        await call("DELETE", url(checks, `/customers/${archived}`), {
          key: checks.actor.key,
          headers: { "Idempotency-Key": uniqueKey() },
        })
      ).status,
    ).toBeLessThan(300);
    const base = {
      customer_id: ok,
      interval: "month",
      start_date: "2027-01-01",
      items: [{ description: "Licens {period}", quantity: 1, unit_price: 100 }],
    };
    const cases: [Record<string, unknown>, number, string][] = [
      [{ end_date: "2026-12-31" }, 400, "INVOICE_CONTRACT_END_BEFORE_START"],
      [{ customer_id: "nope" }, 404, "INVOICE_CONTRACT_CUSTOMER_NOT_FOUND"],
      [{ customer_id: archived }, 404, "INVOICE_CONTRACT_CUSTOMER_NOT_FOUND"],
      [{ invoice_day: 32 }, 400, "VALIDATION_ERROR"],
      [{ invoice_day: 0 }, 400, "VALIDATION_ERROR"],
      [{ start_date: "2027-01-15" }, 400, "VALIDATION_ERROR"],
      [{ interval: "week" }, 400, "VALIDATION_ERROR"],
      [{ action: "email" }, 400, "INVOICE_CONTRACT_CHANNEL_UNAVAILABLE"],
      [{ action: "peppol" }, 400, "INVOICE_CONTRACT_CHANNEL_UNAVAILABLE"],
      [{ items: [] }, 400, "VALIDATION_ERROR"],
      [{ items: [{ description: "x", unit_price: 100, article_id: "nope" }] }, 404, "NOT_FOUND"],
    ];
    for (const [patch, status, code] of cases) {
      const res = await post(checks, "/invoice-contracts", { ...base, ...patch });
      expect([res.status, res.body.error?.code], JSON.stringify(patch)).toEqual([status, code]);
    }
    expect(await countOf("SELECT COUNT(*) AS n FROM invoice_contracts WHERE company_id = ?", checks.companyId)).toBe(0);

    // invoice day 31: February's invoice is dated its last day
    const c31 = expectOk(await post(checks, "/invoice-contracts", { ...base, invoice_day: 31 }), 201);
    const next = expectOk(await get(checks, `/invoice-contracts/${c31.id}/upcoming?count=2`)).invoices;
    expect(next.map((u: any) => u.invoice_date)).toEqual(["2027-01-31", "2027-02-28"]);
    // PATCH: the schedule's settings move its next day; an action the customer cannot receive is refused
    const patched = expectOk(
      await write(checks.actor.key, "PATCH", url(checks, `/invoice-contracts/${c31.id}`), { days_in_advance: 5 }),
    );
    expect(patched).toMatchObject({ days_in_advance: 5, next_run_on: "2027-01-26" });
    const mail = await write(checks.actor.key, "PATCH", url(checks, `/invoice-contracts/${c31.id}`), {
      action: "email",
    });
    expect([mail.status, mail.body.error?.code]).toEqual([400, "INVOICE_CONTRACT_CHANNEL_UNAVAILABLE"]);
    // a contract that made nothing may be deleted; an unknown one is 404
    expect((await write(checks.actor.key, "DELETE", url(checks, `/invoice-contracts/${c31.id}`))).status).toBe(204);
    const gone = await get(checks, `/invoice-contracts/${c31.id}`);
    expect([gone.status, gone.body.error?.code]).toEqual([404, "INVOICE_CONTRACT_NOT_FOUND"]);
  });

  it("sends by email once however many sweeps overlap, and refuses deleting a contract that invoiced", async () => {
    today("2027-03-01");
    const mailed = await customer(checks, "Mejlkund AB", { email: "ekonomi@mejlkund.se" });
    const created = expectOk(
      await post(checks, "/invoice-contracts", {
        customer_id: mailed,
        interval: "month",
        start_date: "2027-01-01",
        action: "email",
        items: [{ description: "Support {period}", quantity: 1, unit_price: 1000, vat_rate: 0.25 }],
      }),
      201,
    );
    await Promise.all([sweep(), sweep(), post(checks, `/invoice-contracts/${created.id}/run`, {})]);
    await sweep();
    const made = await madeInvoices(checks, created.id);
    expect(made.map((i: any) => [i.period, i.action_status])).toEqual([
      ["januari 2027", "done"],
      ["februari 2027", "done"],
      ["mars 2027", "done"],
    ]);
    for (const m of made) expect(expectOk(await get(checks, `/invoices/${m.invoice_id}`)).status).not.toBe("draft");
    const mails = ((await fetch("https://mail.test/__messages").then((r) => r.json())) as any[]).filter(
      (m) => m.to[0].email === "ekonomi@mejlkund.se",
    );
    expect(mails).toHaveLength(3);
    const del = await write(checks.actor.key, "DELETE", url(checks, `/invoice-contracts/${created.id}`));
    expect([del.status, del.body.error?.code]).toEqual([409, "INVOICE_CONTRACT_HAS_INVOICES"]);
  });
});

describe("a late run into a locked period", () => {
  it("dates the invoices whose day is locked today, the others their own day, and books them", async () => {
    today("2027-04-10");
    const client = await customer(locked, "Sen kund AB");
    expectOk(await post(locked, `/fiscal-periods/${locked.periodId}/lock`, { lock_date: "2027-03-31" }));
    const created = expectOk(
      await post(locked, "/invoice-contracts", {
        customer_id: client,
        interval: "month",
        start_date: "2027-02-01",
        action: "mark_sent",
        items: [{ description: "Abonnemang {period}", quantity: 3, unit_price: 199, vat_rate: 0.25 }],
      }),
      201,
    );
    await sweep();
    const made = await madeInvoices(locked, created.id);
    expect(made.map((i: any) => [i.period, i.scheduled_date, i.invoice_date, i.action_status])).toEqual([
      ["februari 2027", "2027-02-01", "2027-04-10", "done"],
      ["mars 2027", "2027-03-01", "2027-04-10", "done"],
      ["april 2027", "2027-04-01", "2027-04-01", "done"],
    ]);
    // 3 x 199 = 597.00 net, 149.25 VAT a month, three months
    const tb = await balances(locked);
    expect([tb["1510"], tb["3001"], tb["2611"]]).toEqual([3 * 746.25, -3 * 597, -3 * 149.25]);
  });
});
