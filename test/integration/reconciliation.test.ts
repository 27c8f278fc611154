import { describe, expect, it } from "vitest";
import { call, companyFixture, line, newKey, postedEntry, write, yearAroundToday } from "../helpers";
import { booksDb } from "../books";

const co = companyFixture({ name: "Avstämning AB", ...yearAroundToday() });
const url = (p: string) => `/api/v1/companies/${co.companyId}${p}`;
const get = async (p: string, key = co.actor.key) => call("GET", url(p), { key });

/** The last day of the previous month (UTC): the month end reconciled. */
const now = new Date();
const T = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0)).toISOString().slice(0, 10);
const d = (days: number) => {
  const x = new Date(`${T}T00:00:00Z`);
  x.setUTCDate(x.getUTCDate() + days);
  return x.toISOString().slice(0, 10);
};

let seq = 0;
async function ingest(account: string, date: string, amount: number, description: string) {
  const res = await write(co.actor.key, "POST", url("/transactions/ingest"), {
    settlement_account: account,
    transactions: [{ external_id: `r-${++seq}-${Date.now()}`, date, description, amount }],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.transaction_ids[0] as string;
}
const entry = (date: string, description: string, lines: unknown[]) =>
  postedEntry(co.actor.key, co.companyId, co.periodId, { entry_date: date, description, lines });
const detail = async (key: string, to = T) => {
  const res = await get(`/reconciliation/accounts/${key}?date_to=${to}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const items = async (key: string, bucket: string, to = T) =>
  (await get(`/reconciliation/accounts/${key}/items?date_to=${to}&bucket=${bucket}`)).body.data.items as any[];
const bridgeOf = (acc: any) => Object.fromEntries(acc.bridge.map((b: any) => [b.key, [b.amount, b.count]]));
const linkCount = async () =>
  (await booksDb
    .prepare("SELECT COUNT(*) AS n FROM reconciliation_links WHERE company_id = ?")
    .bind(co.companyId)
    .first<{ n: number }>())!.n;

describe("the bank account 1930 with three known differences", () => {
  let dupEntryId = "";
  it("explains the difference exactly by the unbooked fee, the double booking and the month-end timing", async () => {
    const capital = await ingest("1930", d(-10), 10000, "Insättning aktiekapital");
    expect(
      (await write(co.actor.key, "POST", url(`/transactions/${capital}/categorize`), { account_override: "2081" }))
        .status,
    ).toBe(200);
    const supplier = await ingest("1930", d(-5), -500, "Kontorsvaruhuset");
    const booked = await write(co.actor.key, "POST", url(`/transactions/${supplier}/categorize`), {
      category: "office_supplies",
      confirm_no_match: true,
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    // the same purchase booked again by hand: booked twice
    dupEntryId = (
      await entry(d(-5), "Kontorsvaruhuset (manuellt)", [
        line("6110", 400, 0),
        line("2641", 100, 0),
        line("1930", 0, 500),
      ])
    ).id;
    // a bank fee nobody booked
    await ingest("1930", d(-3), -75, "Bankavgift");
    // a customer payment booked on the month end, on the bank the day after
    await entry(T, "Kundinbetalning", [line("1930", 2000, 0), line("3001", 0, 1600), line("2611", 0, 400)]);
    await ingest("1930", d(1), 2000, "Inbetalning kund");

    const acc = await detail("bank:1930");
    expect(acc).toMatchObject({
      account_key: "bank:1930",
      kind: "bank",
      account_number: "1930",
      external_balance: 9425,
      ledger_balance: 11000,
      difference: -1575,
      unexplained_difference: 0,
      is_reconciled: false,
      stale: false,
    });
    expect(bridgeOf(acc)).toEqual({
      unbooked_transactions: [-75, 1],
      entries_without_transaction: [500, 1],
      in_transit_ledger: [-2000, 1],
    });
    expect(acc.counts).toEqual({ proposed: 0, unmatched_external: 1, unmatched_ledger: 1, matched: 4, ignored: 0 });
    expect(acc.status).toMatchObject({
      state: "open",
      unexplained_difference: 0,
      open_counts: { proposed: 0, unmatched_external: 1, unmatched_ledger: 1 },
    });
    expect(acc.bank).toMatchObject({
      transactions_sum: 9425,
      external_balance_from: "transactions_sum",
      transaction_count: 3,
    });

    const ext = await items("bank:1930", "unmatched_external");
    expect(ext.map((i) => [i.description, i.amount, i.side, i.item_type])).toEqual([
      ["Bankavgift", -75, "external", "transaction"],
    ]);
    const led = await items("bank:1930", "unmatched_ledger");
    expect(led.map((i) => [i.amount, i.journal_entry_id])).toEqual([[-500, dupEntryId]]);
    const upcoming = await items("bank:1930", "upcoming");
    expect(upcoming).toHaveLength(1);
    expect(upcoming[0]).toMatchObject({ amount: 2000, awaiting_external: true, side: "ledger" });

    // the next day the timing difference is gone: both sides hold the 2 000, proposed as a pair
    const later = await detail("bank:1930", d(1));
    expect(later).toMatchObject({
      external_balance: 11425,
      ledger_balance: 11000,
      difference: 425,
      unexplained_difference: 0,
    });
    expect(bridgeOf(later)).toEqual({
      unbooked_transactions: [-75, 1],
      entries_without_transaction: [500, 1],
      proposed: [0, 2],
    });
  });

  it("refuses a sign-off while items are open, and leaves nothing", async () => {
    const res = await write(co.actor.key, "POST", url("/reconciliation/accounts/bank:1930/signoff"), {
      through_date: T,
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({
      code: "CONFLICT",
      details: { reason: "not_reconciled", open_counts: { unmatched_external: 1, unmatched_ledger: 1 } },
    });
    expect(
      (await booksDb
        .prepare("SELECT COUNT(*) AS n FROM reconciliation_signoffs WHERE company_id = ?")
        .bind(co.companyId)
        .first<{ n: number }>())!.n,
    ).toBe(0);
  });

  it("signs off once the fee is booked and the double booking reversed; a later change reopens it", async () => {
    const fee = (await items("bank:1930", "unmatched_external"))[0];
    expect(
      (await write(co.actor.key, "POST", url(`/transactions/${fee.item_id}/categorize`), { category: "bank_fees" }))
        .status,
    ).toBe(200);
    const rev = await write(co.actor.key, "POST", url(`/journal-entries/${dupEntryId}/reverse`), {
      reversal_date: d(-4),
    });
    expect(rev.status, JSON.stringify(rev.body)).toBe(201);

    const acc = await detail("bank:1930");
    expect(acc).toMatchObject({
      external_balance: 9425,
      ledger_balance: 11425,
      difference: -2000,
      unexplained_difference: 0,
      is_reconciled: true,
    });
    expect(bridgeOf(acc)).toEqual({ in_transit_ledger: [-2000, 1] });
    expect(acc.status.state).toBe("reconciled");

    const signed = await write(co.actor.key, "POST", url("/reconciliation/accounts/bank:1930/signoff"), {
      through_date: T,
      note: "Månadsavstämning",
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(201);
    expect(signed.body.data).toMatchObject({
      through_date: T,
      external_balance: 9425,
      ledger_balance: 11425,
      unexplained_difference: 0,
      reopened: false,
      note: "Månadsavstämning",
    });
    const again = await write(co.actor.key, "POST", url("/reconciliation/accounts/bank:1930/signoff"), {
      through_date: T,
    });
    expect(again.status).toBe(409);
    expect(again.body.error.details.reason).toBe("already_signed_off");
    expect((await get("/reconciliation/accounts/bank:1930/signoff")).body.data.signoffs.map((s: any) => s.id)).toEqual([
      signed.body.data.id,
    ]);

    // a change after the sign-off to the period's books on 1930
    await entry(d(-2), "Sen rättelse", [line("1930", 100, 0), line("3001", 0, 100)]);
    expect((await get("/reconciliation/accounts/bank:1930/signoff")).body.data.signoffs).toEqual([]);
    const all = (await get("/reconciliation/accounts/bank:1930/signoff?include_reopened=true")).body.data.signoffs;
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({
      id: signed.body.data.id,
      reopened: true,
      reopen_reason: "ledger_changed",
      ledger_balance: 11425,
      current: { ledger_balance: 11525 },
    });
    expect(all[0].reopened_at).not.toBeNull();
    // a change after the signed date does not reopen: the next month's books
    const fresh = await write(co.actor.key, "POST", url("/reconciliation/accounts/bank:1930/signoff"), {
      through_date: d(-11),
    });
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(201);
    await entry(d(2), "Nästa månad", [line("1930", 50, 0), line("3001", 0, 50)]);
    const standing = (await get("/reconciliation/accounts/bank:1930/signoff")).body.data.signoffs;
    expect(standing.map((s: any) => s.id)).toEqual([fresh.body.data.id]);
  });
});

describe("links on 1940", () => {
  it("links many-to-one with equal sums, refuses unequal sums, many-to-many and a second link; unlinks", async () => {
    const e1 = await ingest("1940", d(-4), 300, "Swish A");
    const e2 = await ingest("1940", d(-4), 200, "Swish B");
    await entry(d(-4), "Swish-försäljning", [line("1940", 500, 0), line("3001", 0, 400), line("2611", 0, 100)]);
    const ledger = await items("bank:1940", "unmatched_ledger");
    expect(ledger.map((i) => i.amount)).toEqual([500]);
    const lineId = ledger[0].item_id;
    const before = await linkCount();

    const unequal = await write(co.actor.key, "POST", url("/reconciliation/accounts/bank:1940/links"), {
      pairs: [{ external_item_ids: [e1], ledger_item_ids: [lineId] }],
    });
    expect(unequal.status).toBe(400);
    expect(unequal.body.error).toMatchObject({
      code: "VALIDATION_ERROR",
      details: { external_sum: 300, ledger_sum: 500 },
    });
    const manyToMany = await write(co.actor.key, "POST", url("/reconciliation/accounts/bank:1940/links"), {
      pairs: [{ external_item_ids: [e1, e2], ledger_item_ids: [lineId, `${lineId}x`] }],
    });
    expect(manyToMany.status).toBe(400);
    const foreign = await write(co.actor.key, "POST", url("/reconciliation/accounts/bank:1940/links"), {
      pairs: [{ external_item_ids: [e1], ledger_item_ids: ["no-such-line"] }],
    });
    expect(foreign.status).toBe(404);
    expect(await linkCount()).toBe(before);

    const dry = await write(
      co.actor.key,
      "POST",
      url("/reconciliation/accounts/bank:1940/links"),
      { pairs: [{ external_item_ids: [e1, e2], ledger_item_ids: [lineId] }] },
      { "X-Dry-Run": "true" },
    );
    expect(dry.status).toBe(201);
    expect(await linkCount()).toBe(before);
    const ok = await write(co.actor.key, "POST", url("/reconciliation/accounts/bank:1940/links"), {
      pairs: [{ external_item_ids: [e1, e2], ledger_item_ids: [lineId] }],
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.data.links[0]).toMatchObject({
      external_item_ids: [e1, e2],
      ledger_item_ids: [lineId],
      amount: 500,
      method: "manual",
    });
    expect(await linkCount()).toBe(before + 3);
    const matched = await items("bank:1940", "matched");
    expect(matched.map((i) => [i.item_id, i.matched_by, i.link_id])).toEqual(
      expect.arrayContaining([
        [e1, "link", ok.body.data.links[0].link_id],
        [lineId, "link", ok.body.data.links[0].link_id],
      ]),
    );
    expect(await detail("bank:1940")).toMatchObject({
      difference: 0,
      unexplained_difference: 0,
      is_reconciled: true,
      counts: { matched: 3 },
    });

    const twice = await write(co.actor.key, "POST", url("/reconciliation/accounts/bank:1940/links"), {
      pairs: [{ external_item_ids: [e1], ledger_item_ids: [lineId] }],
    });
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe("CONFLICT");
    expect(twice.body.error.details.item_ids.sort()).toEqual([e1, lineId].sort());

    const un = await call("DELETE", url(`/reconciliation/accounts/bank:1940/links/${ok.body.data.links[0].link_id}`), {
      key: co.actor.key,
      headers: { "Idempotency-Key": `u-${Date.now()}` },
    });
    expect(un.status, JSON.stringify(un.body)).toBe(200);
    expect(un.body.data.item_ids.sort()).toEqual([e1, e2, lineId].sort());
    expect(await linkCount()).toBe(before);
    expect((await detail("bank:1940")).counts).toMatchObject({
      unmatched_external: 2,
      unmatched_ledger: 1,
      matched: 0,
    });
    const gone = await call(
      "DELETE",
      url(`/reconciliation/accounts/bank:1940/links/${ok.body.data.links[0].link_id}`),
      { key: co.actor.key, headers: { "Idempotency-Key": `u2-${Date.now()}` } },
    );
    expect(gone.status).toBe(404);
  });

  it("proposes a unique pair of equal amount within the window, and links it with use_proposals; never an ambiguous one", async () => {
    const p = await ingest("1950", d(-3), 700, "Inbetalning Ek AB");
    await entry(d(-2), "Inbetalning Ek AB", [line("1950", 700, 0), line("3001", 0, 700)]);
    // two rows of 40 against one line of 40: ambiguous, not proposed
    await ingest("1950", d(-6), 40, "Ränta");
    await ingest("1950", d(-6), 40, "Ränta igen");
    await entry(d(-6), "Ränta", [line("1950", 40, 0), line("8311", 0, 40)]);
    const acc = await detail("bank:1950");
    expect(acc.counts).toEqual({ proposed: 2, unmatched_external: 2, unmatched_ledger: 1, matched: 0, ignored: 0 });
    expect(bridgeOf(acc)).toEqual({
      proposed: [0, 2],
      unbooked_transactions: [80, 2],
      entries_without_transaction: [-40, 1],
    });
    const proposed = await items("bank:1950", "proposed");
    const ext = proposed.find((i) => i.side === "external");
    expect(ext).toMatchObject({ item_id: p, amount: 700 });
    expect(ext.proposal).toMatchObject({
      entry_status: "posted",
      reasons: expect.arrayContaining(["same_amount", "date_within_1_days"]),
    });
    expect(ext.proposal.confidence).toBeGreaterThan(0.6);

    const res = await write(co.actor.key, "POST", url("/reconciliation/accounts/bank:1950/links"), {
      use_proposals: true,
      date_to: T,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.linked_count).toBe(1);
    expect(res.body.data.links[0]).toMatchObject({ external_item_ids: [p], amount: 700, method: "proposal" });
    expect((await detail("bank:1950")).counts).toEqual({
      proposed: 0,
      unmatched_external: 2,
      unmatched_ledger: 1,
      matched: 2,
      ignored: 0,
    });
  });
});

describe("the account list, receivables and scopes", () => {
  it("lists the bank accounts with rows, receivables and payables; receivables agree with the open invoices", async () => {
    const cust = await write(co.actor.key, "POST", url("/customers"), {
      name: "Kund AB",
      customer_type: "swedish_business",
      default_payment_terms: 30,
    });
    const inv = await write(co.actor.key, "POST", url("/invoices"), {
      customer_id: cust.body.data.id,
      invoice_date: d(-8),
      items: [{ description: "Konsult", quantity: 1, unit_price: 1000, vat_rate: 0.25 }],
    });
    expect((await write(co.actor.key, "POST", url(`/invoices/${inv.body.data.id}/mark-sent`))).status).toBe(200);
    const list = await get(`/reconciliation/accounts?date_to=${T}`);
    expect(list.status).toBe(200);
    // a VAT-registered company (quarterly) with closed VAT periods: vat too; no skattekonto rows or payroll: not listed
    expect(list.body.data.accounts.map((a: any) => a.account_key)).toEqual([
      "bank:1930",
      "bank:1940",
      "bank:1950",
      "receivables",
      "payables",
      "vat",
    ]);
    const bare = await get(`/reconciliation/accounts?with_status=false`);
    expect(bare.body.data.accounts.every((a: any) => a.status === null)).toBe(true);
    const rec = await detail("receivables");
    // mark-sent books on the day it is sent, so at the month end the ledger may not hold it yet
    const today = new Date().toISOString().slice(0, 10);
    const now = await detail("receivables", today);
    expect(now).toMatchObject({
      account_number: "1510",
      external_balance: 1250,
      ledger_balance: 1250,
      difference: 0,
      is_reconciled: true,
    });
    expect(now.receivables).toMatchObject({ open_items: 1 });
    expect(rec.external_balance).toBe(1250);
    const pay = await detail("payables", today);
    expect(pay).toMatchObject({ account_number: "2440", external_balance: 0, ledger_balance: 0, is_reconciled: true });
    expect((await get("/reconciliation/accounts/bank:3010")).status).toBe(404);
  });

  it("reads need reconciliation:read, writes reconciliation:write", async () => {
    const reader = await newKey(co.actor.userId, { scopes: ["reconciliation:read"] });
    expect((await get("/reconciliation/accounts", reader.key)).status).toBe(200);
    const w = await write(reader.key, "POST", url("/reconciliation/accounts/bank:1930/signoff"), { through_date: T });
    expect(w.status).toBe(403);
    expect(w.body.error.code).toBe("INSUFFICIENT_SCOPE");
    const other = await newKey(co.actor.userId, { scopes: ["transactions:read"] });
    expect((await get("/reconciliation/accounts", other.key)).status).toBe(403);
  });
});
