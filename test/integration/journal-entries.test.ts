import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  call,
  commit,
  createDraft,
  line,
  newActor,
  newCompany,
  newKey,
  postedEntry,
  saleLines,
  uniqueKey,
  type Actor,
} from "../helpers";
import { booksDb } from "../books";

let actor: Actor;
let companyId: string;
let periodId: string;
const je = (suffix = "") => `/api/v1/companies/${companyId}/journal-entries${suffix}`;
const ik = () => ({ "Idempotency-Key": uniqueKey() });

async function balance(account: string, cid = companyId, pid = periodId) {
  const row = await booksDb
    .prepare(
      "SELECT debit_ore, credit_ore FROM account_balances WHERE company_id = ? AND fiscal_period_id = ? AND account_number = ?",
    )
    .bind(cid, pid, account)
    .first<{ debit_ore: number; credit_ore: number }>();
  return row ? row.debit_ore - row.credit_ore : 0;
}

async function countRows(table: string, cid = companyId) {
  const row = await booksDb
    .prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE company_id = ?`)
    .bind(cid)
    .first<{ n: number }>();
  return row!.n;
}

beforeAll(async () => {
  actor = await newActor();
  const company = await newCompany(actor.key);
  companyId = company.id;
  periodId = company.fiscal_period.id;
});

// A fresh key of the same user for every test keeps each under the 100-per-minute limit.
beforeEach(async () => {
  actor = { ...actor, ...(await newKey(actor.userId)) };
});

describe("drafts", () => {
  it("creates a draft with voucher number 0 that touches no balance", async () => {
    const res = await createDraft(actor.key, companyId, periodId, {
      lines: [line("1930", 1234.5, 0, "kassa"), line("3001", 0, 987.6), line("2611", 0, 246.9)],
    });
    expect(res.status).toBe(201);
    const d = res.body.data;
    expect(d).toMatchObject({
      status: "draft",
      voucher_number: 0,
      voucher_series: "A",
      total_amount: 1234.5,
      source_type: "manual",
    });
    expect(d.lines).toEqual([
      {
        account_number: "1930",
        debit_amount: 1234.5,
        credit_amount: 0,
        line_description: "kassa",
        sort_order: 1,
        dimensions: {},
      },
      {
        account_number: "3001",
        debit_amount: 0,
        credit_amount: 987.6,
        line_description: null,
        sort_order: 2,
        dimensions: {},
      },
      {
        account_number: "2611",
        debit_amount: 0,
        credit_amount: 246.9,
        line_description: null,
        sort_order: 3,
        dimensions: {},
      },
    ]);
    expect(res.body.meta.audit).toMatchObject({ voucher_number: null, voucher_url: null, immutable_at: null });
    expect(await balance("1930")).toBe(0);
  });

  it("sums in öre: 0.1 + 0.2 balances against 0.3", async () => {
    const res = await createDraft(actor.key, companyId, periodId, {
      lines: [line("6110", 0.1, 0), line("6110", 0.2, 0), line("1930", 0, 0.3)],
    });
    expect(res.status).toBe(201);
    expect(res.body.data.total_amount).toBe(0.3);
  });

  it.each([
    ["unbalanced", { lines: [line("1930", 100, 0), line("3001", 0, 99.99)] }, 400, "JOURNAL_ENTRY_NOT_BALANCED"],
    ["three decimals", { lines: [line("1930", 100.001, 0), line("3001", 0, 100.001)] }, 400, "VALIDATION_ERROR"],
    ["both sides on one line", { lines: [line("1930", 100, 100), line("3001", 0, 0)] }, 400, "VALIDATION_ERROR"],
    ["one line", { lines: [line("1930", 100, 0)] }, 400, "VALIDATION_ERROR"],
    ["negative", { lines: [line("1930", -100, 0), line("3001", 0, -100)] }, 400, "VALIDATION_ERROR"],
    ["date outside period", { entry_date: "2027-01-01" }, 400, "ENTRY_DATE_OUTSIDE_FISCAL_PERIOD"],
    ["unknown period", { fiscal_period_id: "00000000-0000-4000-8000-000000000000" }, 404, "PERIOD_NOT_FOUND"],
    ["account not in chart", { lines: [line("1930", 100, 0), line("3899", 0, 100)] }, 400, "ACCOUNTS_NOT_IN_CHART"],
    ["lower-case series", { voucher_series: "a" }, 400, "VALIDATION_ERROR"],
  ])("refuses %s", async (_name, body, status, code) => {
    const before = await countRows("journal_entries");
    const res = await createDraft(actor.key, companyId, periodId, body);
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
    expect(await countRows("journal_entries")).toBe(before);
  });

  it("names the missing accounts and the imbalance in details", async () => {
    const missing = await createDraft(actor.key, companyId, periodId, {
      lines: [line("1930", 100, 0), line("3899", 0, 50), line("3979", 0, 50)],
    });
    expect(missing.body.error.details.accounts).toEqual(["3899", "3979"]);
    const unbalanced = await createDraft(actor.key, companyId, periodId, {
      lines: [line("1930", 100, 0), line("3001", 0, 80)],
    });
    expect(unbalanced.body.error.details).toEqual({ debit_total: 100, credit_total: 80, difference: 20 });
  });

  it("applies rule precedence: an unbalanced entry on an unknown account is NOT_BALANCED", async () => {
    const res = await createDraft(actor.key, companyId, periodId, {
      entry_date: "2030-01-01",
      lines: [line("1930", 100, 0), line("3899", 0, 1)],
    });
    expect(res.body.error.code).toBe("JOURNAL_ENTRY_NOT_BALANCED");
    const res2 = await createDraft(actor.key, companyId, periodId, {
      entry_date: "2030-01-01",
      lines: [line("1930", 100, 0), line("3899", 0, 100)],
    });
    expect(res2.body.error.code).toBe("ENTRY_DATE_OUTSIDE_FISCAL_PERIOD");
  });

  it("cancels a draft without consuming a number, hides it from lists unless asked", async () => {
    const draft = await createDraft(actor.key, companyId, periodId);
    const cancelled = await call("POST", je(`/${draft.body.data.id}/cancel`), { key: actor.key, headers: ik() });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: "cancelled", voucher_number: 0 });
    const again = await call("POST", je(`/${draft.body.data.id}/cancel`), { key: actor.key, headers: ik() });
    expect(again.status).toBe(409);
    expect((await commit(actor.key, companyId, draft.body.data.id)).status).toBe(409);

    const listed = await call("GET", je("?limit=100"), { key: actor.key });
    expect(listed.body.data.map((e: any) => e.id)).not.toContain(draft.body.data.id);
    const cancelledList = await call("GET", je("?status=cancelled"), { key: actor.key });
    expect(cancelledList.body.data.map((e: any) => e.id)).toContain(draft.body.data.id);
    expect((await call("GET", je(`/${draft.body.data.id}`), { key: actor.key })).body.data.status).toBe("cancelled");
  });
});

describe("commit and voucher numbers", () => {
  let company2: string;
  let period2: string;
  beforeAll(async () => {
    const c = await newCompany(actor.key, { name: "Numrering AB" });
    company2 = c.id;
    period2 = c.fiscal_period.id;
  });

  it("numbers posted entries 1, 2, 3 per series and keeps balances", async () => {
    const a1 = await postedEntry(actor.key, company2, period2);
    const a2 = await postedEntry(actor.key, company2, period2);
    const b1 = await postedEntry(actor.key, company2, period2, { voucher_series: "B" });
    expect([a1.voucher_number, a2.voucher_number, b1.voucher_number]).toEqual([1, 2, 1]);
    expect(b1.voucher_series).toBe("B");
    expect(await balance("1930", company2, period2)).toBe(3 * 125000);
    expect(await balance("3001", company2, period2)).toBe(-3 * 100000);
    expect(await balance("2611", company2, period2)).toBe(-3 * 25000);
  });

  it("answers a commit with the audit block and records it", async () => {
    const draft = await createDraft(actor.key, company2, period2, { voucher_series: "C" });
    const res = await commit(actor.key, company2, draft.body.data.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: draft.body.data.id,
      voucher_series: "C",
      voucher_number: 1,
      status: "posted",
      entry_date: "2026-03-15",
    });
    const audit = res.body.meta.audit;
    expect(audit.voucher_number).toBe("C1");
    expect(audit.voucher_url).toBe(`/api/v1/companies/${company2}/journal-entries/${draft.body.data.id}`);
    expect(audit.immutable_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const trail = await call("GET", audit.audit_trail_url, { key: actor.key });
    expect(trail.status).toBe(200);
    expect(trail.body.data).toMatchObject({
      action: "journal_entry.committed",
      voucher_number: "C1",
      resource_id: draft.body.data.id,
    });
    const voucher = await call("GET", audit.voucher_url, { key: actor.key });
    expect(voucher.body.data.status).toBe("posted");
  });

  it("refuses a second commit with 409 and consumes nothing", async () => {
    const e = await postedEntry(actor.key, company2, period2, { voucher_series: "D" });
    const again = await commit(actor.key, company2, e.id);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("CONFLICT");
    const next = await postedEntry(actor.key, company2, period2, { voucher_series: "D" });
    expect(next.voucher_number).toBe(2);
  });

  it("does not consume a number when a commit fails", async () => {
    const draft = await createDraft(actor.key, company2, period2, { voucher_series: "E" });
    await call("PATCH", `/api/v1/companies/${company2}/accounts/3001`, { key: actor.key, body: { is_active: false } });
    const refused = await commit(actor.key, company2, draft.body.data.id);
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe("ACCOUNTS_NOT_IN_CHART");
    await call("PATCH", `/api/v1/companies/${company2}/accounts/3001`, { key: actor.key, body: { is_active: true } });
    const ok = await commit(actor.key, company2, draft.body.data.id);
    expect(ok.body.data.voucher_number).toBe(1);
  });

  it("fills the smallest unused number (a gap left by an import)", async () => {
    // A gap can only arise from outside the engine (an imported series); simulate one.
    const first = await postedEntry(actor.key, company2, period2, { voucher_series: "G" });
    await booksDb
      .prepare(
        "INSERT INTO journal_entries (id, company_id, fiscal_period_id, voucher_series, voucher_number, entry_date, description, status, source_type, total_ore, created_at) VALUES (?, ?, ?, 'G', 3, '2026-03-01', 'imported', 'posted', 'sie_import', 0, ?)",
      )
      .bind(crypto.randomUUID(), company2, period2, new Date().toISOString())
      .run();
    expect(first.voucher_number).toBe(1);
    expect((await postedEntry(actor.key, company2, period2, { voucher_series: "G" })).voucher_number).toBe(2);
    expect((await postedEntry(actor.key, company2, period2, { voucher_series: "G" })).voucher_number).toBe(4);
  });

  it("gives 100 concurrent commits in one company distinct numbers with no gap", async () => {
    const c = await newCompany(actor.key, { name: "Samtidigt AB" });
    const drafts: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await call("POST", `/api/v1/companies/${c.id}/journal-entries/batch-create`, {
        key: actor.key,
        headers: ik(),
        body: {
          entries: Array.from({ length: 50 }, () => ({
            fiscal_period_id: c.fiscal_period.id,
            entry_date: "2026-05-05",
            description: "parallell",
            lines: saleLines(10, 2.5),
          })),
        },
      });
      expect(res.body.data.summary).toEqual({ total: 50, succeeded: 50, failed: 0 });
      drafts.push(...res.body.data.results.map((r: any) => r.data.id));
    }
    // Two more keys of the same user keep each under the 100-per-minute limit.
    const k1 = await newKey(actor.userId);
    const k2 = await newKey(actor.userId);
    const results = await Promise.all(drafts.map((id, i) => commit(i % 2 ? k1.key : k2.key, c.id, id)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const numbers = results.map((r) => r.body.data.voucher_number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(await balance("1930", c.id, c.fiscal_period.id)).toBe(100 * 1250);
  });
});

describe("reverse and correct", () => {
  it("reverses with a storno entry linked both ways and nets the balances", async () => {
    const e = await postedEntry(actor.key, companyId, periodId, { voucher_series: "R" });
    const before1930 = await balance("1930");
    const res = await call("POST", je(`/${e.id}/reverse`), {
      key: actor.key,
      headers: ik(),
      body: { reversal_date: "2026-04-01" },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      original_id: e.id,
      voucher_series: "R",
      voucher_number: 2,
      entry_date: "2026-04-01",
      status: "posted",
    });
    expect(res.body.meta.audit.voucher_number).toBe("R2");
    expect(await balance("1930")).toBe(before1930 - 125000);

    const original = await call("GET", je(`/${e.id}`), { key: actor.key });
    expect(original.body.data.reversed_by_id).toBe(res.body.data.reversal_id);
    expect(original.body.data.storno_chain.reversed_by).toMatchObject({
      id: res.body.data.reversal_id,
      voucher_number: 2,
    });
    const reversal = await call("GET", je(`/${res.body.data.reversal_id}`), { key: actor.key });
    expect(reversal.body.data.reverses_id).toBe(e.id);
    expect(reversal.body.data.source_type).toBe("reversal");
    expect(reversal.body.data.lines.map((l: any) => [l.account_number, l.debit_amount, l.credit_amount])).toEqual([
      ["1930", 0, 1250],
      ["3001", 1000, 0],
      ["2611", 250, 0],
    ]);

    const twice = await call("POST", je(`/${e.id}/reverse`), {
      key: actor.key,
      headers: ik(),
      body: { reversal_date: "2026-04-01" },
    });
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe("ENTRY_ALREADY_REVERSED");
  });

  it("reverses without a body (date defaults to today) and refuses drafts", async () => {
    const draft = await createDraft(actor.key, companyId, periodId);
    const refused = await call("POST", je(`/${draft.body.data.id}/reverse`), { key: actor.key, headers: ik() });
    expect(refused.status).toBe(409);
    const e = await postedEntry(actor.key, companyId, periodId);
    const res = await call("POST", je(`/${e.id}/reverse`), { key: actor.key, headers: ik() });
    const today = new Date().toISOString().slice(0, 10);
    if (today >= "2026-01-01" && today <= "2026-12-31") {
      expect(res.status).toBe(201);
      expect(res.body.data.entry_date).toBe(today);
    } else {
      expect(res.body.error.code).toBe("ENTRY_DATE_OUTSIDE_FISCAL_PERIOD");
    }
  });

  it("corrects: storno plus a corrected entry in the original's date and period", async () => {
    const e = await postedEntry(actor.key, companyId, periodId, { voucher_series: "K", entry_date: "2026-02-10" });
    const res = await call("POST", je(`/${e.id}/correct`), {
      key: actor.key,
      headers: ik(),
      body: { lines: [line("1930", 1500, 0), line("3001", 0, 1200), line("2611", 0, 300)] },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      original_id: e.id,
      voucher_series: "K",
      reversal_voucher_number: 2,
      corrected_voucher_number: 3,
    });
    const corrected = await call("GET", je(`/${res.body.data.corrected_id}`), { key: actor.key });
    expect(corrected.body.data).toMatchObject({
      correction_of_id: e.id,
      entry_date: "2026-02-10",
      fiscal_period_id: periodId,
      status: "posted",
    });
    const original = await call("GET", je(`/${e.id}`), { key: actor.key });
    expect(original.body.data.storno_chain.corrected_by.map((x: any) => x.id)).toEqual([res.body.data.corrected_id]);
    expect(original.body.data.reversed_by_id).toBe(res.body.data.reversal_id);
  });

  it("refuses the third correction in a chain unless allow_deep_chain", async () => {
    let current = (await postedEntry(actor.key, companyId, periodId, { voucher_series: "X" })).id;
    const correct = (id: string, extra = {}) =>
      call("POST", je(`/${id}/correct`), {
        key: actor.key,
        headers: ik(),
        body: { lines: saleLines(800, 200), ...extra },
      });
    for (let i = 0; i < 2; i++) {
      const res = await correct(current);
      expect(res.status).toBe(201);
      current = res.body.data.corrected_id;
    }
    const third = await correct(current);
    expect(third.status).toBe(409);
    expect(third.body.error.code).toBe("CORRECTION_CHAIN_TOO_DEEP");
    const forced = await correct(current, { allow_deep_chain: true });
    expect(forced.status).toBe(201);
  });

  it("refuses an unbalanced correction and leaves the books untouched", async () => {
    const e = await postedEntry(actor.key, companyId, periodId);
    const before = await countRows("journal_entries");
    const res = await call("POST", je(`/${e.id}/correct`), {
      key: actor.key,
      headers: ik(),
      body: { lines: [line("1930", 10, 0), line("3001", 0, 9)] },
    });
    expect(res.body.error.code).toBe("JOURNAL_ENTRY_NOT_BALANCED");
    expect(await countRows("journal_entries")).toBe(before);
  });
});

describe("locked periods", () => {
  it("refuses entries, commits and corrections in a locked period, and lock refuses drafts", async () => {
    const c = await newCompany(actor.key, { name: "Låst AB" });
    const base = `/api/v1/companies/${c.id}`;
    const posted = await postedEntry(actor.key, c.id, c.fiscal_period.id);
    const draft = await createDraft(actor.key, c.id, c.fiscal_period.id);
    const lockWithDraft = await call("POST", `${base}/fiscal-periods/${c.fiscal_period.id}/lock`, {
      key: actor.key,
      headers: ik(),
    });
    expect(lockWithDraft.status).toBe(400);
    expect(lockWithDraft.body.error).toMatchObject({ code: "PERIOD_LOCK_HAS_DRAFTS", details: { draft_count: 1 } });
    await call("POST", `${base}/journal-entries/${draft.body.data.id}/cancel`, { key: actor.key, headers: ik() });

    const lock = await call("POST", `${base}/fiscal-periods/${c.fiscal_period.id}/lock`, {
      key: actor.key,
      headers: ik(),
    });
    expect(lock.status).toBe(200);
    expect(lock.body.data.locked_at).toBeTruthy();
    const relock = await call("POST", `${base}/fiscal-periods/${c.fiscal_period.id}/lock`, {
      key: actor.key,
      headers: ik(),
    });
    // the lock asked for holds already: success, nothing changed (issue #40)
    expect(relock.status).toBe(200);
    expect(relock.body.data).toMatchObject({ locked_at: lock.body.data.locked_at, lock_date: "2026-12-31" });

    const newDraft = await createDraft(actor.key, c.id, c.fiscal_period.id);
    expect(newDraft.body.error).toMatchObject({
      code: "PERIOD_LOCKED",
      details: { fiscal_period_id: c.fiscal_period.id },
    });
    const correction = await call("POST", `${base}/journal-entries/${posted.id}/correct`, {
      key: actor.key,
      headers: ik(),
      body: { lines: saleLines(1, 0.25) },
    });
    expect(correction.body.error.code).toBe("PERIOD_LOCKED");
    const reversal = await call("POST", `${base}/journal-entries/${posted.id}/reverse`, {
      key: actor.key,
      headers: ik(),
      body: { reversal_date: "2026-06-01" },
    });
    expect(reversal.body.error.code).toBe("PERIOD_LOCKED");

    const unlock = await call("POST", `${base}/fiscal-periods/${c.fiscal_period.id}/unlock`, {
      key: actor.key,
      headers: ik(),
    });
    expect(unlock.body.data.locked_at).toBeNull();
    expect((await createDraft(actor.key, c.id, c.fiscal_period.id)).status).toBe(201);
    const unlockAgain = await call("POST", `${base}/fiscal-periods/${c.fiscal_period.id}/unlock`, {
      key: actor.key,
      headers: ik(),
    });
    expect(unlockAgain.body.error.code).toBe("PERIOD_UNLOCK_NOT_LOCKED");
  });

  it("opens the next fiscal year chained to the previous", async () => {
    const c = await newCompany(actor.key, { name: "Nästa år AB" });
    const res = await call("POST", `/api/v1/companies/${c.id}/fiscal-periods`, { key: actor.key, headers: ik() });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      name: "2027",
      period_start: "2027-01-01",
      period_end: "2027-12-31",
      previous_period_id: c.fiscal_period.id,
    });
    const list = await call("GET", `/api/v1/companies/${c.id}/fiscal-periods`, { key: actor.key });
    expect(list.body.data.fiscal_periods.map((p: any) => p.name)).toEqual(["2027", "2026"]);
    // an entry dated 2027 now has a period; numbering restarts per period
    const e = await postedEntry(actor.key, c.id, res.body.data.id, { entry_date: "2027-01-10" });
    expect(e.voucher_number).toBe(1);
  });
});

describe("unattended commit limit", () => {
  it("refuses a larger commit with 403, keeps the draft, and allows one within the limit", async () => {
    const limited = await newKey(actor.userId, { limit: 1000 });
    const big = await createDraft(limited.key, companyId, periodId, { voucher_series: "L" });
    const refused = await commit(limited.key, companyId, big.body.data.id);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({
      code: "UNATTENDED_COMMIT_LIMIT_EXCEEDED",
      details: { attempted: 1250, limit: 1000 },
    });
    const still = await call("GET", je(`/${big.body.data.id}`), { key: actor.key });
    expect(still.body.data.status).toBe("draft");
    const small = await createDraft(limited.key, companyId, periodId, {
      voucher_series: "L",
      lines: saleLines(800, 200),
    });
    expect((await commit(limited.key, companyId, small.body.data.id)).body.data.voucher_number).toBe(1);
    // a person's key without a limit commits the big one
    expect((await commit(actor.key, companyId, big.body.data.id)).body.data.voucher_number).toBe(2);
  });
});

describe("batch-create", () => {
  it("creates what it can and reports each item", async () => {
    const res = await call("POST", je("/batch-create"), {
      key: actor.key,
      headers: ik(),
      body: {
        entries: [
          { fiscal_period_id: periodId, entry_date: "2026-07-01", description: "ok", lines: saleLines() },
          {
            fiscal_period_id: periodId,
            entry_date: "2026-07-01",
            description: "obalans",
            lines: [line("1930", 1, 0), line("3001", 0, 2)],
          },
          { entry_date: "2026-07-01" },
          {
            fiscal_period_id: periodId,
            entry_date: "2026-07-01",
            description: "ok 2",
            lines: saleLines(),
            voucher_series: "B",
          },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.summary).toEqual({ total: 4, succeeded: 2, failed: 2 });
    const [a, b, c, d] = res.body.data.results;
    expect(a).toMatchObject({ ok: true, request_index: 0, data: { status: "draft", voucher_number: 0 } });
    expect(b).toMatchObject({ ok: false, request_index: 1, error: { code: "JOURNAL_ENTRY_NOT_BALANCED" } });
    expect(c).toMatchObject({ ok: false, request_index: 2, error: { code: "VALIDATION_ERROR" } });
    expect(d).toMatchObject({ ok: true, request_index: 3, data: { voucher_series: "B" } });
    expect((await call("GET", je(`/${a.data.id}`), { key: actor.key })).status).toBe(200);
  });

  it("refuses more than 50 entries and all_or_nothing", async () => {
    const tooMany = await call("POST", je("/batch-create"), {
      key: actor.key,
      headers: ik(),
      body: { entries: Array.from({ length: 51 }, () => ({})) },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.code).toBe("VALIDATION_ERROR");
    const aon = await call("POST", je("/batch-create"), {
      key: actor.key,
      headers: ik(),
      body: { entries: [{}], all_or_nothing: true },
    });
    expect(aon.status).toBe(501);
    expect(aon.body.error.code).toBe("NOT_IMPLEMENTED");
  });

  it("replays the whole batch response for the same key", async () => {
    const headers = ik();
    const body = {
      entries: [{ fiscal_period_id: periodId, entry_date: "2026-07-02", description: "en gång", lines: saleLines() }],
    };
    const first = await call("POST", je("/batch-create"), { key: actor.key, headers, body });
    const again = await call("POST", je("/batch-create"), { key: actor.key, headers, body });
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.body.data).toEqual(first.body.data);
  });
});

describe("idempotency", () => {
  it("requires the key on IK routes and names the header", async () => {
    const res = await call("POST", je(), {
      key: actor.key,
      body: { fiscal_period_id: periodId, entry_date: "2026-03-01", description: "x", lines: saleLines() },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "VALIDATION_ERROR", details: { header: "Idempotency-Key" } });
  });

  it("replays the first response, refuses another body, and has one effect", async () => {
    const headers = ik();
    const body = {
      fiscal_period_id: periodId,
      entry_date: "2026-03-01",
      description: "idempotent",
      lines: saleLines(),
    };
    const before = await countRows("journal_entries");
    const first = await call("POST", je(), { key: actor.key, headers, body });
    const replay = await call("POST", je(), { key: actor.key, headers, body });
    expect(first.status).toBe(201);
    expect(replay.status).toBe(201);
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(first.headers.get("Idempotent-Replayed")).toBeNull();
    expect(replay.body.data).toEqual(first.body.data);
    expect(await countRows("journal_entries")).toBe(before + 1);

    const reuse = await call("POST", je(), { key: actor.key, headers, body: { ...body, description: "annat" } });
    expect(reuse.status).toBe(409);
    expect(reuse.body.error.code).toBe("IDEMPOTENCY_KEY_REUSE");
  });

  it("gives parallel replays of one key exactly one effect", async () => {
    const draft = await createDraft(actor.key, companyId, periodId, { voucher_series: "P" });
    const headers = ik();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => commit(actor.key, companyId, draft.body.data.id, headers)),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(new Set(results.map((r) => r.body.data.voucher_number))).toEqual(new Set([1]));
    expect(results.filter((r) => r.headers.get("Idempotent-Replayed") === "true")).toHaveLength(7);
  });

  it("replays a refusal as the same refusal", async () => {
    const headers = ik();
    const body = {
      fiscal_period_id: periodId,
      entry_date: "2026-03-01",
      description: "obalans",
      lines: [line("1930", 1, 0), line("3001", 0, 2)],
    };
    const first = await call("POST", je(), { key: actor.key, headers, body });
    const again = await call("POST", je(), { key: actor.key, headers, body });
    expect(first.body.error.code).toBe("JOURNAL_ENTRY_NOT_BALANCED");
    expect(again.body.error.code).toBe("JOURNAL_ENTRY_NOT_BALANCED");
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
  });

  it("keys records by API key: another key with the same Idempotency-Key is a new request", async () => {
    const other = await newKey(actor.userId);
    const headers = ik();
    const body = {
      fiscal_period_id: periodId,
      entry_date: "2026-03-01",
      description: "två nycklar",
      lines: saleLines(),
    };
    const a = await call("POST", je(), { key: actor.key, headers, body });
    const b = await call("POST", je(), { key: other.key, headers, body });
    expect(b.headers.get("Idempotent-Replayed")).toBeNull();
    expect(b.body.data.id).not.toBe(a.body.data.id);
  });

  it("forgets a key after 24 hours", async () => {
    const headers = ik();
    const body = { fiscal_period_id: periodId, entry_date: "2026-03-01", description: "gammal", lines: saleLines() };
    const first = await call("POST", je(), { key: actor.key, headers, body });
    await booksDb
      .prepare("UPDATE idempotency_records SET expires_at = '2000-01-01T00:00:00.000Z' WHERE idempotency_key = ?")
      .bind(headers["Idempotency-Key"])
      .run();
    const later = await call("POST", je(), { key: actor.key, headers, body });
    expect(later.status).toBe(201);
    expect(later.headers.get("Idempotent-Replayed")).toBeNull();
    expect(later.body.data.id).not.toBe(first.body.data.id);
  });
});

describe("dry-run", () => {
  it("runs the whole command and leaves no trace: no row, no number, no event, no audit", async () => {
    const c = await newCompany(actor.key, { name: "Provkörning AB" });
    const base = `/api/v1/companies/${c.id}/journal-entries`;
    const draft = await createDraft(actor.key, c.id, c.fiscal_period.id);
    const counts = async () => ({
      entries: await countRows("journal_entries", c.id),
      audit: await countRows("audit_log", c.id),
      outbox: await countRows("outbox_events", c.id),
      idem: await countRows("idempotency_records", c.id),
    });
    const before = await counts();

    const preview = await call("POST", `${base}/${draft.body.data.id}/commit?dry_run=true`, {
      key: actor.key,
      headers: ik(),
    });
    expect(preview.status).toBe(200);
    expect(preview.headers.get("X-Dry-Run")).toBe("true");
    expect(preview.body.data.voucher_number).toBe(1);
    expect(preview.body.meta.dry_run).toBe(true);
    const headerPreview = await call("POST", base, {
      key: actor.key,
      headers: { ...ik(), "X-Dry-Run": "true" },
      body: {
        fiscal_period_id: c.fiscal_period.id,
        entry_date: "2026-03-01",
        description: "förhandsvisning",
        lines: saleLines(),
      },
    });
    expect(headerPreview.status).toBe(201);
    expect(headerPreview.headers.get("X-Dry-Run")).toBe("true");
    const failing = await call("POST", `${base}?dry_run=true`, {
      key: actor.key,
      headers: ik(),
      body: {
        fiscal_period_id: c.fiscal_period.id,
        entry_date: "2026-03-01",
        description: "x",
        lines: [line("1930", 1, 0), line("3001", 0, 2)],
      },
    });
    expect(failing.body.error.code).toBe("JOURNAL_ENTRY_NOT_BALANCED");
    expect(failing.headers.get("X-Dry-Run")).toBe("true");

    expect(await counts()).toEqual(before);
    const real = await commit(actor.key, c.id, draft.body.data.id);
    expect(real.body.data.voucher_number).toBe(1);
  });

  it("refuses dry-run where it is not supported rather than committing", async () => {
    const res = await call("POST", `/api/v1/companies/${companyId}/fiscal-periods/${periodId}/lock?dry_run=true`, {
      key: actor.key,
      headers: ik(),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("VALIDATION_ERROR");
    const period = await call("GET", `/api/v1/companies/${companyId}/fiscal-periods`, { key: actor.key });
    expect(period.body.data.fiscal_periods[0].locked_at).toBeNull();
  });
});

describe("events and immutability", () => {
  it("records journal_entry.committed in the outbox with the write, never for a failure", async () => {
    const c = await newCompany(actor.key, { name: "Händelser AB" });
    const e = await postedEntry(actor.key, c.id, c.fiscal_period.id);
    await commit(actor.key, c.id, e.id); // 409: no event
    const rows = await booksDb
      .prepare("SELECT type, api_version, object FROM outbox_events WHERE company_id = ?")
      .bind(c.id)
      .all<any>();
    expect(rows.results.map((r) => r.type)).toEqual(["journal_entry.committed"]);
    expect(JSON.parse(rows.results[0].object)).toMatchObject({ id: e.id, voucher_number: 1, status: "posted" });
    expect(rows.results[0].api_version).toBe("2026-05-12");
  });

  it("makes the database itself refuse changes to posted entries and lines", async () => {
    const e = await postedEntry(actor.key, companyId, periodId);
    await expect(
      booksDb.prepare("UPDATE journal_entries SET description = 'ändrad' WHERE id = ?").bind(e.id).run(),
    ).rejects.toThrow(/immutable/);
    await expect(
      booksDb.prepare("UPDATE journal_lines SET debit_ore = 1 WHERE journal_entry_id = ?").bind(e.id).run(),
    ).rejects.toThrow(/immutable/);
    await expect(booksDb.prepare("DELETE FROM journal_entries WHERE id = ?").bind(e.id).run()).rejects.toThrow(
      /never deleted/,
    );
  });
});

describe("list and pagination", () => {
  it("pages newest first with a signed cursor; a tampered cursor gives the first page", async () => {
    const c = await newCompany(actor.key, { name: "Sidor AB" });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await createDraft(actor.key, c.id, c.fiscal_period.id, { description: `nr ${i}` })).body.data.id);
    const base = `/api/v1/companies/${c.id}/journal-entries`;
    const p1 = await call("GET", `${base}?limit=2`, { key: actor.key });
    expect(p1.body.data).toHaveLength(2);
    const p2 = await call("GET", `${base}?limit=2&cursor=${encodeURIComponent(p1.body.meta.next_cursor)}`, {
      key: actor.key,
    });
    const p3 = await call("GET", `${base}?limit=2&cursor=${encodeURIComponent(p2.body.meta.next_cursor)}`, {
      key: actor.key,
    });
    expect(p3.body.meta.next_cursor).toBeNull();
    const seen = [...p1.body.data, ...p2.body.data, ...p3.body.data].map((e: any) => e.id);
    expect(new Set(seen)).toEqual(new Set(ids));
    expect(seen).toHaveLength(5);

    const tampered = p1.body.meta.next_cursor.replace(/.$/, (ch: string) => (ch === "a" ? "b" : "a"));
    const again = await call("GET", `${base}?limit=2&cursor=${encodeURIComponent(tampered)}`, { key: actor.key });
    expect(again.body.data.map((e: any) => e.id)).toEqual(p1.body.data.map((e: any) => e.id));
  });

  it("filters by status, period and date", async () => {
    const c = await newCompany(actor.key, { name: "Filter AB" });
    await postedEntry(actor.key, c.id, c.fiscal_period.id, { entry_date: "2026-02-01" });
    await createDraft(actor.key, c.id, c.fiscal_period.id, { entry_date: "2026-08-01" });
    const base = `/api/v1/companies/${c.id}/journal-entries`;
    expect((await call("GET", `${base}?status=posted`, { key: actor.key })).body.data).toHaveLength(1);
    expect(
      (await call("GET", `${base}?date_from=2026-06-01`, { key: actor.key })).body.data.map((e: any) => e.entry_date),
    ).toEqual(["2026-08-01"]);
    expect(
      (await call("GET", `${base}?date_to=2026-06-01&fiscal_period_id=${c.fiscal_period.id}`, { key: actor.key })).body
        .data,
    ).toHaveLength(1);
    const bad = await call("GET", `${base}?status=bogus`, { key: actor.key });
    expect(bad.body.error.code).toBe("VALIDATION_ERROR");
  });

  it("answers an unknown or foreign entry with JOURNAL_ENTRY_NOT_FOUND", async () => {
    const other = await newActor();
    const theirs = await newCompany(other.key, { name: "Annat AB" });
    const e = await postedEntry(other.key, theirs.id, theirs.fiscal_period.id);
    const res = await call("GET", je(`/${e.id}`), { key: actor.key });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe("JOURNAL_ENTRY_NOT_FOUND");
  });
});
