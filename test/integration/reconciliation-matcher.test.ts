import { describe, expect, it } from "vitest";
import { call, companyFixture, line, newKey, postedEntry, settleOperation, write, yearAroundToday } from "../helpers";
import { booksDb } from "../books";

const co = companyFixture({ name: "Matchning AB", ...yearAroundToday() });
const url = (p: string) => `/api/v1/companies/${co.companyId}${p}`;
const get = async (p: string, key = co.actor.key) => call("GET", url(p), { key });

/** The last day of the previous month (UTC). */
const now = new Date();
const T = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0)).toISOString().slice(0, 10);
const d = (days: number) => {
  const x = new Date(`${T}T00:00:00Z`);
  x.setUTCDate(x.getUTCDate() + days);
  return x.toISOString().slice(0, 10);
};

let seq = 0;
async function ingest(
  account: string,
  rows: { date: string; amount: number; description: string; reference?: string; merchant_name?: string }[],
) {
  const res = await write(co.actor.key, "POST", url("/transactions/ingest"), {
    settlement_account: account,
    transactions: rows.map((r) => ({ external_id: `m-${++seq}-${Date.now()}`, ...r })),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.transaction_ids as string[];
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
const count = async (sql: string) => (await booksDb.prepare(sql).bind(co.companyId).first<{ n: number }>())!.n;
const links = () => count("SELECT COUNT(*) AS n FROM reconciliation_links WHERE company_id = ?");
const operations = () => count("SELECT COUNT(*) AS n FROM operations WHERE company_id = ?");

async function run(body: Record<string, unknown>) {
  const res = await write(co.actor.key, "POST", url("/reconciliation/bank/run"), body);
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  expect(res.body.data).toMatchObject({ type: "reconciliation.bank_run", status: "queued" });
  const op = await settleOperation(co.actor.key, res.body.data.operation_id);
  expect(op.status, JSON.stringify(op)).toBe("succeeded");
  return op.result;
}

describe("POST .../reconciliation/bank/run on 1930", () => {
  const ids: Record<string, string> = {};
  it("links the sure pair on its own, proposes the unsure one, leaves the ambiguous pair and the fee alone", async () => {
    // a customer payment with its OCR, booked by hand two days earlier with the invoice number in the text: sure (0.5 + 0.15 + 0.25)
    [ids.ocr] = await ingest("1930", [
      { date: d(-10), amount: 12500, description: "BG inbetalning", reference: "55501234" },
    ]);
    ids.ocrEntry = (
      await entry(d(-12), "Kundbetalning faktura 55501234", [line("1930", 12500, 0), line("1510", 0, 12500)])
    ).id;
    // the same amount on the same day, no words in common: proposed (0.70), not linked
    [ids.plain] = await ingest("1930", [{ date: d(-8), amount: -830, description: "Kortköp 4411" }]);
    await entry(d(-8), "Kontorsmaterial", [line("6110", 664, 0), line("2641", 166, 0), line("1930", 0, 830)]);
    // two card purchases of 250 on one day against two entries of 250 that day, the same text: ambiguous
    const twins = await ingest("1930", [
      { date: d(-6), amount: -250, description: "Parkering" },
      { date: d(-6), amount: -250, description: "Parkering" },
    ]);
    ids.twin0 = twins[0];
    ids.twin1 = twins[1];
    await entry(d(-6), "Parkering", [line("5611", 250, 0), line("1930", 0, 250)]);
    await entry(d(-6), "Parkering", [line("5611", 250, 0), line("1930", 0, 250)]);
    // a bank fee nobody booked
    [ids.fee] = await ingest("1930", [{ date: d(-3), amount: -45, description: "Avgift" }]);

    const before = await detail("bank:1930");
    expect(before.counts).toEqual({ proposed: 4, unmatched_external: 3, unmatched_ledger: 2, matched: 0, ignored: 0 });
    const proposed = await items("bank:1930", "proposed");
    expect(proposed.find((i) => i.item_id === ids.ocr).proposal).toMatchObject({
      journal_entry_id: ids.ocrEntry,
      confidence: 0.9,
      reasons: ["same_amount", "date_within_2_days", "reference_in_text"],
      auto_link: true,
    });
    expect(proposed.find((i) => i.item_id === ids.plain).proposal).toMatchObject({
      confidence: 0.7,
      reasons: ["same_amount", "same_date"],
      auto_link: false,
    });
    const open = await items("bank:1930", "unmatched_external");
    expect(
      open
        .filter((i) => i.link_problem === "ambiguous_candidates")
        .map((i) => i.item_id)
        .sort(),
    ).toEqual([ids.twin0, ids.twin1].sort());
    expect(open.find((i) => i.item_id === ids.fee).link_problem).toBeNull();

    const result = await run({ date_to: T });
    expect(result).toMatchObject({
      date_from: `${T.slice(0, 4)}-01-01`,
      date_to: T,
      auto_link: true,
      auto_link_min_confidence: 0.8,
    });
    expect(result.accounts).toHaveLength(1);
    expect(result.accounts[0]).toMatchObject({
      account_key: "bank:1930",
      transactions: 5,
      ledger_lines: 4,
      matched: 2,
      auto_linked: 1,
      proposed: 2,
      ambiguous: 2,
      unmatched_external: 3,
      unmatched_ledger: 2,
      ignored: 0,
    });
    expect(result.totals).toMatchObject({ auto_linked: 1, ambiguous: 2 });

    // the books of reconciliation: one link of method auto, the transaction marked
    const rows = await booksDb
      .prepare("SELECT side, item_id, method, amount_ore FROM reconciliation_links WHERE company_id = ? ORDER BY side")
      .bind(co.companyId)
      .all();
    expect(rows.results.map((r: any) => [r.side, r.method, r.amount_ore])).toEqual([
      ["external", "auto", 1250000],
      ["ledger", "auto", 1250000],
    ]);
    expect(rows.results[0]).toMatchObject({ item_id: ids.ocr });
    const tx = await get(`/transactions/${ids.ocr}`);
    expect(tx.body.data).toMatchObject({ reconciliation_method: "auto", journal_entry_id: null });
    const after = await detail("bank:1930");
    expect(after.counts).toEqual({ proposed: 2, unmatched_external: 3, unmatched_ledger: 2, matched: 2, ignored: 0 });
    const matched = await items("bank:1930", "matched");
    expect(matched.map((i) => i.matched_by)).toEqual(["link", "link"]);
    // the twins are never linked, the fee stays unmatched
    const unmatched = (await items("bank:1930", "unmatched_external")).map((i) => i.item_id).sort();
    expect(unmatched).toEqual([ids.twin0, ids.twin1, ids.fee].sort());
    expect(after.bridge.find((b: any) => b.key === "unbooked_transactions")).toMatchObject({ amount: -545, count: 3 });

    // a second run finds nothing new to link
    const again = await run({ date_to: T });
    expect(again.totals).toMatchObject({ auto_linked: 0, matched: 2, proposed: 2 });
    expect(await links()).toBe(2);
  });

  it("answers the bank status: matched and unmatched counts and the balance delta, per account and in total", async () => {
    const res = await get(`/reconciliation/bank/status?date_to=${T}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const s = res.body.data;
    expect(s.accounts).toHaveLength(1);
    // bank: 12 500 - 830 - 250 - 250 - 45 = 11 125; ledger: 12 500 - 830 - 250 - 250 = 11 170
    expect(s.accounts[0]).toMatchObject({
      account_key: "bank:1930",
      transactions: 5,
      ledger_lines: 4,
      matched: 2,
      proposed: 2,
      unmatched_external: 3,
      unmatched_ledger: 2,
      external_balance: 11125,
      ledger_balance: 11170,
      balance_delta: -45,
      unexplained_difference: 0,
      is_reconciled: false,
    });
    expect(s.totals).toMatchObject({ transactions: 5, matched: 2, unmatched_external: 3, balance_delta: -45 });
    // a narrower range counts only its items; the balances are those at date_to
    const narrow = (await get(`/reconciliation/bank/status?date_from=${d(-4)}&date_to=${T}`)).body.data;
    expect(narrow.accounts[0]).toMatchObject({
      transactions: 1,
      ledger_lines: 0,
      unmatched_external: 1,
      matched: 0,
      balance_delta: -45,
    });
    // scope transactions:read, as the spec says
    const reader = await newKey(co.actor.userId, { scopes: ["transactions:read"] });
    expect((await get("/reconciliation/bank/status", reader.key)).status).toBe(200);
    const recon = await newKey(co.actor.userId, { scopes: ["reconciliation:read"] });
    expect((await get("/reconciliation/bank/status", recon.key)).status).toBe(403);
  });

  it("with auto_link false only proposes; unlinking an auto link clears the transaction's mark", async () => {
    const [t] = await ingest("1940", [
      { date: d(-5), amount: 3000, description: "Swish Ek AB", reference: "77001122" },
    ]);
    await entry(d(-5), "Swish faktura 77001122", [line("1940", 3000, 0), line("3001", 0, 3000)]);
    const before = await links();
    const proposedOnly = await run({ date_to: T, account_key: "bank:1940", auto_link: false });
    expect(proposedOnly.accounts.map((a: any) => a.account_key)).toEqual(["bank:1940"]);
    expect(proposedOnly.accounts[0]).toMatchObject({ auto_linked: 0, proposed: 2, matched: 0 });
    expect(await links()).toBe(before);
    const linked = await run({ date_to: T, account_key: "bank:1940" });
    expect(linked.accounts[0]).toMatchObject({ auto_linked: 1, matched: 2, proposed: 0 });
    expect((await get(`/transactions/${t}`)).body.data.reconciliation_method).toBe("auto");
    const link = (await items("bank:1940", "matched"))[0];
    const un = await call("DELETE", url(`/reconciliation/accounts/bank:1940/links/${link.link_id}`), {
      key: co.actor.key,
      headers: { "Idempotency-Key": `un-${Date.now()}` },
    });
    expect(un.status, JSON.stringify(un.body)).toBe(200);
    expect((await get(`/transactions/${t}`)).body.data.reconciliation_method).toBeNull();
    expect(await links()).toBe(before);
  });

  it("refuses a bad run at once and queues nothing", async () => {
    const ops = await operations();
    const links0 = await links();
    const backwards = await write(co.actor.key, "POST", url("/reconciliation/bank/run"), {
      date_from: T,
      date_to: d(-1),
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.code).toBe("VALIDATION_ERROR");
    const notBank = await write(co.actor.key, "POST", url("/reconciliation/bank/run"), { account_key: "payables" });
    expect(notBank.status).toBe(400);
    const noRows = await write(co.actor.key, "POST", url("/reconciliation/bank/run"), { account_key: "bank:1960" });
    expect(noRows.status).toBe(404);
    const unknown = await write(co.actor.key, "POST", url("/reconciliation/bank/run"), { auto: true });
    expect(unknown.status).toBe(400);
    const future = await write(co.actor.key, "POST", url("/reconciliation/bank/run"), { date_to: "2999-01-01" });
    expect(future.status).toBe(400);
    const reader = await newKey(co.actor.userId, { scopes: ["reconciliation:read"] });
    const denied = await write(reader.key, "POST", url("/reconciliation/bank/run"), {});
    expect(denied.status).toBe(403);
    expect(await operations()).toBe(ops);
    expect(await links()).toBe(links0);
  });
});

// ---------------------------------------------------------------- skattekonto and VAT (2650)

const vat = companyFixture({ name: "Momsen AB", moms_period: "monthly" });
const vurl = (p: string) => `/api/v1/companies/${vat.companyId}${p}`;
const vpost = (date: string, description: string, lines: unknown[]) =>
  postedEntry(vat.actor.key, vat.companyId, vat.periodId, { entry_date: date, description, lines });
const vdetail = async (key: string, to: string) => {
  const res = await call("GET", vurl(`/reconciliation/accounts/${key}?date_to=${to}`), { key: vat.actor.key });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const bridge = (acc: any) => Object.fromEntries(acc.bridge.map((b: any) => [b.key, [b.amount, b.count]]));

describe("VAT settlement 2650 against the declarations of the closed VAT periods (monthly)", () => {
  it("shows a period not transferred to 2650 in the bridge and a settlement booked at another amount as unexplained", async () => {
    // January: output 250, input 100: declared 150; settled on the 31st exactly
    await vpost("2026-01-15", "Försäljning januari", [
      line("1930", 1250, 0),
      line("3001", 0, 1000),
      line("2611", 0, 250),
    ]);
    await vpost("2026-01-20", "Inköp januari", [line("6110", 400, 0), line("2641", 100, 0), line("1930", 0, 500)]);
    await vpost("2026-01-31", "Momsomföring januari", [
      line("2611", 250, 0),
      line("2641", 0, 100),
      line("2650", 0, 150),
    ]);
    // paid on the skattekonto in February (2650 against 1630: a payment, outside the declaration)
    await vpost("2026-02-12", "Moms januari dragen från skattekontot", [line("2650", 150, 0), line("1630", 0, 150)]);
    // February: output 500 declared, never transferred to 2650
    await vpost("2026-02-10", "Försäljning februari", [
      line("1930", 2500, 0),
      line("3001", 0, 2000),
      line("2611", 0, 500),
    ]);
    // March: output 100 declared, transferred as 90 (10 wrongly to 3740)
    await vpost("2026-03-10", "Försäljning mars", [line("1930", 500, 0), line("3001", 0, 400), line("2611", 0, 100)]);
    await vpost("2026-03-31", "Momsomföring mars", [line("2611", 100, 0), line("2650", 0, 90), line("3740", 0, 10)]);

    const acc = await vdetail("vat", "2026-03-31");
    // ledger: -150 + 150 - 90 = -90; external: 150 paid - (150 + 500 + 100) declared = -600
    expect(acc).toMatchObject({
      account_key: "vat",
      kind: "vat",
      account_number: "2650",
      external_balance: -600,
      ledger_balance: -90,
      difference: -510,
      unexplained_difference: -10,
      is_reconciled: false,
    });
    expect(acc.source).toMatchObject({ type: "vat_declaration" });
    expect(bridge(acc)).toEqual({ not_booked: [-500, 1] });
    expect(acc.bridge[0].label_sv).toBe("Momsdeklaration inte omförd till 2650");
    expect(acc.vat.moms_period).toBe("monthly");
    expect(acc.vat.periods).toEqual([
      {
        period_start: "2026-01-01",
        period_end: "2026-01-31",
        declared_to_pay: 150,
        booked: true,
        booked_amount: 150,
        difference: 0,
      },
      {
        period_start: "2026-02-01",
        period_end: "2026-02-28",
        declared_to_pay: 500,
        booked: false,
        booked_amount: 0,
        difference: 0,
      },
      {
        period_start: "2026-03-01",
        period_end: "2026-03-31",
        declared_to_pay: 100,
        booked: true,
        booked_amount: 90,
        difference: -10,
      },
    ]);
    expect(acc.vat.other_lines).toEqual([]);
    expect(acc.counts).toMatchObject({ unmatched_external: 2, unmatched_ledger: 0, matched: 2 });

    // through January only the first period is closed: everything agrees
    const jan = await vdetail("vat", "2026-02-05");
    expect(jan).toMatchObject({
      external_balance: -150,
      ledger_balance: -150,
      difference: 0,
      unexplained_difference: 0,
      is_reconciled: true,
    });
    expect(jan.vat.periods).toHaveLength(1);
  });
});

describe("the skattekonto (1630) against the registered statement", () => {
  it("registers the statement, shows the unbooked interest in the bridge, links the proposals; a second registration adds nothing", async () => {
    await vpost("2026-02-10", "Inbetalning till skattekontot", [line("1630", 150, 0), line("1930", 0, 150)]);
    const rows = [
      { date: "2026-02-10", description: "Inbetalning bokförd 260210", amount: 150, balance_after: 150 },
      { date: "2026-02-12", description: "Moms jan 2026", amount: -150, balance_after: 0 },
      { date: "2026-03-01", description: "Kostnadsränta", amount: -12, balance_after: -12 },
    ];
    const reg = await write(vat.actor.key, "POST", vurl("/reconciliation/skattekonto/transactions"), {
      transactions: rows,
    });
    expect(reg.status, JSON.stringify(reg.body)).toBe(201);
    expect(reg.body.data).toMatchObject({ account_key: "skattekonto", created: 3, duplicates: 0 });
    const again = await write(vat.actor.key, "POST", vurl("/reconciliation/skattekonto/transactions"), {
      transactions: rows,
    });
    expect(again.body.data).toMatchObject({ created: 0, duplicates: 3, transaction_ids: [] });
    const n = (await booksDb
      .prepare("SELECT COUNT(*) AS n FROM reconciliation_tax_account_rows WHERE company_id = ?")
      .bind(vat.companyId)
      .first<{ n: number }>())!.n;
    expect(n).toBe(3);

    const acc = await vdetail("skattekonto", "2026-03-31");
    // statement saldo -12; ledger 150 - 150 = 0
    expect(acc).toMatchObject({
      account_key: "skattekonto",
      kind: "skattekonto",
      account_number: "1630",
      external_balance: -12,
      ledger_balance: 0,
      difference: -12,
      unexplained_difference: 0,
      is_reconciled: false,
    });
    expect(acc.source).toMatchObject({ type: "manual", stale: false });
    expect(acc.skattekonto).toMatchObject({
      external_balance_from: "statement_balance",
      statement_balance: -12,
      transaction_count: 3,
    });
    expect(bridge(acc)).toEqual({ proposed: [0, 4], unbooked_transactions: [-12, 1] });
    expect(acc.bridge.find((b: any) => b.key === "unbooked_transactions").label_sv).toBe(
      "Skattekontohändelser som inte är bokförda",
    );
    const items = (
      await call(
        "GET",
        vurl("/reconciliation/accounts/skattekonto/items?date_to=2026-03-31&bucket=unmatched_external"),
        { key: vat.actor.key },
      )
    ).body.data.items;
    expect(items.map((i: any) => [i.item_type, i.description, i.amount, i.actions])).toEqual([
      ["skattekonto_transaction", "Kostnadsränta", -12, ["link", "delete"]],
    ]);

    const linked = await write(vat.actor.key, "POST", vurl("/reconciliation/accounts/skattekonto/links"), {
      use_proposals: true,
      date_to: "2026-03-31",
    });
    expect(linked.status, JSON.stringify(linked.body)).toBe(201);
    expect(linked.body.data.linked_count).toBe(2);
    const after = await vdetail("skattekonto", "2026-03-31");
    expect(after.counts).toEqual({ proposed: 0, unmatched_external: 1, unmatched_ledger: 0, matched: 4, ignored: 0 });
    // a linked row cannot be deleted; the interest row can, and then the account agrees
    const linkedRow = reg.body.data.transaction_ids[0];
    const refused = await call("DELETE", vurl(`/reconciliation/skattekonto/transactions/${linkedRow}`), {
      key: vat.actor.key,
      headers: { "Idempotency-Key": `d-${Date.now()}` },
    });
    expect([refused.status, refused.body.error.code]).toEqual([409, "CONFLICT"]);
    // book the interest instead of deleting it: the account reconciles and can be signed off
    await vpost("2026-03-01", "Kostnadsränta skattekonto", [line("8423", 12, 0), line("1630", 0, 12)]);
    const booked = await vdetail("skattekonto", "2026-03-31");
    expect(booked).toMatchObject({ external_balance: -12, ledger_balance: -12, difference: 0 });
    expect(booked.counts).toMatchObject({ proposed: 2, unmatched_external: 0 });
    await write(vat.actor.key, "POST", vurl("/reconciliation/accounts/skattekonto/links"), {
      use_proposals: true,
      date_to: "2026-03-31",
    });
    const signed = await write(vat.actor.key, "POST", vurl("/reconciliation/accounts/skattekonto/signoff"), {
      through_date: "2026-03-31",
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(201);
    expect(signed.body.data).toMatchObject({
      account_key: "skattekonto",
      external_balance: -12,
      ledger_balance: -12,
      unexplained_difference: 0,
    });
    // a new statement row through the date reopens it (the outside data changed)
    await write(vat.actor.key, "POST", vurl("/reconciliation/skattekonto/transactions"), {
      transactions: [{ date: "2026-03-20", description: "Felaktig rad", amount: -1, balance_after: -13 }],
    });
    const reopened = (
      await call("GET", vurl("/reconciliation/accounts/skattekonto/signoff?include_reopened=true"), {
        key: vat.actor.key,
      })
    ).body.data.signoffs;
    expect(reopened[0]).toMatchObject({ reopened: true, reopen_reason: "external_changed" });
    const wrong = (
      await call(
        "GET",
        vurl("/reconciliation/accounts/skattekonto/items?date_to=2026-03-31&bucket=unmatched_external"),
        { key: vat.actor.key },
      )
    ).body.data.items[0];
    const del = await call("DELETE", vurl(`/reconciliation/skattekonto/transactions/${wrong.item_id}`), {
      key: vat.actor.key,
      headers: { "Idempotency-Key": `d2-${Date.now()}` },
    });
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    expect(
      (await call("GET", vurl("/reconciliation/accounts/skattekonto/signoff"), { key: vat.actor.key })).body.data
        .signoffs,
    ).toHaveLength(1);

    const bad = await write(vat.actor.key, "POST", vurl("/reconciliation/skattekonto/transactions"), {
      transactions: [{ date: "2999-01-01", description: "x", amount: 1 }],
    });
    expect(bad.status).toBe(400);
    const zero = await write(vat.actor.key, "POST", vurl("/reconciliation/skattekonto/transactions"), {
      transactions: [{ date: "2026-01-01", description: "x", amount: 0 }],
    });
    expect(zero.status).toBe(400);
    const list = (
      await call("GET", vurl("/reconciliation/accounts?date_to=2026-03-31"), { key: vat.actor.key })
    ).body.data.accounts.map((a: any) => a.account_key);
    expect(list).toEqual(["receivables", "payables", "skattekonto", "vat"]);
  });
});

// ---------------------------------------------------------------- payroll liabilities 2710 / 2731

const pay = companyFixture({ name: "Lönen AB" });
const purl = (p: string) => `/api/v1/companies/${pay.companyId}${p}`;
const ppost = (date: string, description: string, lines: unknown[]) =>
  postedEntry(pay.actor.key, pay.companyId, pay.periodId, { entry_date: date, description, lines });
const pdetail = async (key: string, to = "2026-04-30") => {
  const res = await call("GET", purl(`/reconciliation/accounts/${key}?date_to=${to}`), { key: pay.actor.key });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

describe("payroll liabilities 2710 and 2731 against the booked salary run", () => {
  it("agree after booking and paying; a stray entry on 2710 is unexplained and reopens the sign-off", async () => {
    const before = (
      await call("GET", purl("/reconciliation/accounts?date_to=2026-04-30"), { key: pay.actor.key })
    ).body.data.accounts.map((a: any) => a.account_key);
    expect(before).not.toContain("preliminary_tax");
    const emp = await write(pay.actor.key, "POST", purl("/employees"), {
      first_name: "Bo",
      last_name: "Lön",
      personnummer: "197511116787",
      employment_start: "2020-01-01",
      salary_type: "monthly",
      monthly_salary: 30000,
      tax_table_number: 33,
      clearing_number: "6000",
      bank_account_number: "123456789",
    });
    expect(emp.status, JSON.stringify(emp.body)).toBe(201);
    const run = await write(pay.actor.key, "POST", purl("/salary-runs"), {
      period_year: 2026,
      period_month: 3,
      payment_date: "2026-03-25",
    });
    const R = (p = "") => purl(`/salary-runs/${run.body.data.id}${p}`);
    expect((await write(pay.actor.key, "POST", R("/employees"), { all_active: true })).status).toBe(200);
    expect((await write(pay.actor.key, "POST", R("/calculate"))).status).toBe(200);
    expect((await write(pay.actor.key, "POST", R("/approve"))).status).toBe(200);
    expect((await write(pay.actor.key, "POST", R("/mark-paid"), { settlement_account: "1930" })).status).toBe(200);
    const booked = await write(pay.actor.key, "POST", R("/book"));
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    const tax = booked.body.data.total_tax as number;
    const avg = booked.body.data.total_avgifter as number;
    expect(tax).toBeGreaterThan(0);
    expect(avg).toBeGreaterThan(0);

    const list = (
      await call("GET", purl("/reconciliation/accounts?date_to=2026-04-30"), { key: pay.actor.key })
    ).body.data.accounts.map((a: any) => a.account_key);
    expect(list).toEqual(expect.arrayContaining(["preliminary_tax", "employer_contributions"]));
    const t = await pdetail("preliminary_tax");
    expect(t).toMatchObject({
      account_number: "2710",
      external_balance: -tax,
      ledger_balance: -tax,
      difference: 0,
      unexplained_difference: 0,
      is_reconciled: true,
    });
    expect(t.preliminary_tax.salary_runs).toEqual([
      {
        salary_run_id: run.body.data.id,
        period: "2026-03",
        payment_date: "2026-03-25",
        tax_withheld: tax,
        agi_amount: null,
        agi_submitted: null,
        agi_differs: null,
        booked: true,
        booked_amount: tax,
        difference: 0,
      },
    ]);
    const a = await pdetail("employer_contributions");
    expect(a).toMatchObject({
      account_number: "2731",
      external_balance: -avg,
      ledger_balance: -avg,
      difference: 0,
      is_reconciled: true,
    });
    expect(a.employer_contributions.salary_runs[0]).toMatchObject({ employer_contributions: avg, booked_amount: avg });

    // Skatteverket draws both from the skattekonto in April: a payment, still reconciled, both balances zero
    await ppost("2026-04-12", "Skatter mars", [
      line("2710", tax, 0),
      line("2731", avg, 0),
      line("1630", 0, Number((tax + avg).toFixed(2))),
    ]);
    expect(await pdetail("preliminary_tax")).toMatchObject({
      external_balance: 0,
      ledger_balance: 0,
      is_reconciled: true,
    });
    const signed = await write(pay.actor.key, "POST", purl("/reconciliation/accounts/preliminary_tax/signoff"), {
      through_date: "2026-04-30",
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(201);

    // a stray entry on 2710 against a salary account: not the run, not a payment
    const stray = await ppost("2026-04-20", "Rättelse lön", [line("7010", 100, 0), line("2710", 0, 100)]);
    const after = await pdetail("preliminary_tax");
    expect(after).toMatchObject({
      external_balance: 0,
      ledger_balance: -100,
      difference: 100,
      unexplained_difference: 100,
      is_reconciled: false,
    });
    expect(after.counts).toMatchObject({ unmatched_ledger: 1 });
    expect(after.preliminary_tax.other_lines).toEqual([
      expect.objectContaining({ journal_entry_id: stray.id, amount: -100, date: "2026-04-20" }),
    ]);
    const signoffs = (
      await call("GET", purl("/reconciliation/accounts/preliminary_tax/signoff?include_reopened=true"), {
        key: pay.actor.key,
      })
    ).body.data.signoffs;
    expect(signoffs[0]).toMatchObject({ reopened: true, reopen_reason: "ledger_changed" });
    // these kinds have no items and no links
    const items = (
      await call("GET", purl("/reconciliation/accounts/preliminary_tax/items?date_to=2026-04-30"), {
        key: pay.actor.key,
      })
    ).body.data;
    expect(items).toMatchObject({ items: [], total_count: 0 });
    const link = await write(pay.actor.key, "POST", purl("/reconciliation/accounts/preliminary_tax/links"), {
      use_proposals: true,
    });
    expect(link.status).toBe(400);
  });
});

describe("the OpenAPI document", () => {
  it("carries the new routes, their bodies and the run's result", async () => {
    const doc = (await call("GET", "/api/v1/openapi.json")).body;
    const base = "/api/v1/companies/{companyId}/reconciliation";
    expect(doc.paths[`${base}/bank/run`].post.requestBody.content["application/json"].schema.$ref).toBe(
      "#/components/schemas/ReconciliationBankRun",
    );
    expect(doc.paths[`${base}/bank/run`].post.responses["202"]).toBeDefined();
    expect(doc.paths[`${base}/bank/status`].get.parameters.map((p: any) => p.name)).toEqual(
      expect.arrayContaining(["date_from", "date_to"]),
    );
    expect(doc.paths[`${base}/skattekonto/transactions`].post.requestBody.content["application/json"].schema.$ref).toBe(
      "#/components/schemas/SkattekontoTransactionsCreate",
    );
    expect(doc.paths[`${base}/skattekonto/transactions/{id}`].delete).toBeDefined();
    expect(Object.keys(doc.components.schemas.ReconciliationBankRunResult.properties)).toEqual([
      "date_from",
      "date_to",
      "auto_link",
      "auto_link_min_confidence",
      "accounts",
      "totals",
    ]);
    expect(doc.components.schemas.ReconciliationAccount.properties.kind.enum).toEqual([
      "bank",
      "receivables",
      "payables",
      "skattekonto",
      "vat",
      "preliminary_tax",
      "employer_contributions",
    ]);
  });
});
