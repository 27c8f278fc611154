import { describe, expect, it } from "vitest";
import { call, companyFixture, countOf, entryLines, uniqueKey, write } from "../helpers";
import { booksDb } from "../books";

const f = companyFixture({ name: "Periodiseringar AB" });
const url = (path = "") => `/api/v1/companies/${f.companyId}${path}`;
const entriesCount = () => countOf("SELECT COUNT(*) AS n FROM journal_entries WHERE company_id = ?", f.companyId);
const accrualsCount = () => countOf("SELECT COUNT(*) AS n FROM accruals WHERE company_id = ?", f.companyId);
const openList = async (asOf: string) => {
  const res = await call("GET", url(`/accruals?as_of=${asOf}`), { key: f.actor.key });
  expect(res.status).toBe(200);
  return res.body.data;
};
const accountRow = (list: any, account: string) => list.accounts.find((a: any) => a.account_number === account);

/** The account's balance through a date over every posted entry of the company (debit minus credit, öre), read apart from the API. */
async function ledgerOre(account: string, through: string): Promise<number> {
  const row = await booksDb
    .prepare(
      `SELECT COALESCE(SUM(l.debit_ore) - SUM(l.credit_ore), 0) AS b FROM journal_entries e
     JOIN journal_lines l ON l.journal_entry_id = e.id
     WHERE e.company_id = ? AND e.status = 'posted' AND e.entry_date <= ? AND l.account_number = ?`,
    )
    .bind(f.companyId, through, account)
    .first<{ b: number }>();
  return Number(row?.b ?? 0);
}

async function entry(id: string) {
  const res = await call("GET", url(`/journal-entries/${id}`), { key: f.actor.key });
  expect(res.status).toBe(200);
  return res.body.data;
}

describe("accruals (periodiseringar)", () => {
  it("spreads a yearly insurance premium over twelve months, öre exact with the remainder on December", async () => {
    // 10 000.05 kr = 1 000 005 öre; 1 000 005 / 12 = 83 333 rest 9: eleven months of 833.33, December 833.42
    const res = await write(f.actor.key, "POST", url("/accruals"), {
      kind: "spread",
      description: "Företagsförsäkring 2026",
      balance_account: "1730",
      result_account: "6310",
      amount: 10000.05,
      start_month: "2026-01",
      months: 12,
    });
    expect(res.status).toBe(201);
    const a = res.body.data;
    expect(a).toMatchObject({ kind: "spread", side: "asset", status: "active", amount: 10000.05, months: 12 });
    expect(a.movements).toHaveLength(13);
    expect(a.movements[0]).toMatchObject({ date: "2026-01-01", role: "accrual", amount: 10000.05 });
    const releases = a.movements.slice(1);
    expect(releases.map((m: any) => m.date)).toEqual([
      "2026-01-31",
      "2026-02-28",
      "2026-03-31",
      "2026-04-30",
      "2026-05-31",
      "2026-06-30",
      "2026-07-31",
      "2026-08-31",
      "2026-09-30",
      "2026-10-31",
      "2026-11-30",
      "2026-12-31",
    ]);
    expect(releases.map((m: any) => m.amount)).toEqual([...Array(11).fill(-833.33), -833.42]);
    // the books: the accrual entry and a release, as posted
    expect(await entryLines(f.actor.key, f.companyId, a.movements[0].journal_entry_id)).toEqual({
      "1730": [10000.05, 0],
      "6310": [0, 10000.05],
    });
    expect(await entryLines(f.actor.key, f.companyId, releases[11].journal_entry_id)).toEqual({
      "1730": [0, 833.42],
      "6310": [833.42, 0],
    });
    const first = await entry(a.movements[0].journal_entry_id);
    expect(first).toMatchObject({ entry_date: "2026-01-01", status: "posted" });
    expect(res.body.meta.audit.voucher_number).toBe(releases[11].voucher_number);
    // open at several dates: the register, the ledger restricted to accrual entries, the whole ledger
    for (const [date, open] of [
      ["2025-12-31", 0],
      ["2026-01-01", 1000005],
      ["2026-01-31", 1000005 - 83333],
      ["2026-06-30", 1000005 - 6 * 83333],
      ["2026-12-30", 83342],
      ["2026-12-31", 0],
    ] as const) {
      const list = await openList(date);
      expect(await ledgerOre("1730", date)).toBe(open);
      const row = accountRow(list, "1730");
      expect(row).toMatchObject({ open_amount: open / 100, ledger_balance: open / 100, matches_ledger: true });
      expect(list.accruals.some((x: any) => x.id === a.id)).toBe(open !== 0);
    }
  });

  it("refuses an accrued expense at a year end until the next year exists, then books it with its reversal on 1 January", async () => {
    const body = {
      kind: "period_end",
      description: "El december, faktura i januari",
      balance_account: "2990",
      result_account: "5310",
      amount: 2500,
      period_end: "2026-12-31",
    };
    const [entriesBefore, accrualsBefore] = [await entriesCount(), await accrualsCount()];
    const refused = await write(f.actor.key, "POST", url("/accruals"), body);
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe("ENTRY_DATE_OUTSIDE_FISCAL_PERIOD");
    expect(refused.body.error.details).toMatchObject({ entry_date: "2027-01-01", reason: "reversal_date" });
    expect([await entriesCount(), await accrualsCount()]).toEqual([entriesBefore, accrualsBefore]);

    const next = await write(f.actor.key, "POST", url("/fiscal-periods"));
    expect(next.status).toBe(201);
    expect(next.body.data).toMatchObject({ period_start: "2027-01-01" });

    const res = await write(f.actor.key, "POST", url("/accruals"), body);
    expect(res.status).toBe(201);
    const a = res.body.data;
    expect(a).toMatchObject({ kind: "period_end", side: "liability", period_end: "2026-12-31", start_month: null });
    const [made, reversal] = a.movements;
    expect(made).toMatchObject({ date: "2026-12-31", role: "accrual", amount: 2500 });
    expect(reversal).toMatchObject({ date: "2027-01-01", role: "reversal", amount: -2500 });
    expect(await entryLines(f.actor.key, f.companyId, made.journal_entry_id)).toEqual({
      "2990": [0, 2500],
      "5310": [2500, 0],
    });
    expect(await entryLines(f.actor.key, f.companyId, reversal.journal_entry_id)).toEqual({
      "2990": [2500, 0],
      "5310": [0, 2500],
    });
    // the reversal is the ledger's storno, in the next year's period, linked both ways
    const [orig, storno] = [await entry(made.journal_entry_id), await entry(reversal.journal_entry_id)];
    expect(storno.fiscal_period_id).toBe(next.body.data.id);
    expect(orig.fiscal_period_id).toBe(f.periodId);
    expect(orig.reversed_by_id).toBe(storno.id);
    expect(storno.reverses_id).toBe(orig.id);

    // 2990 is credited: the ledger shows -2 500 debit-minus-credit on 31 December, nothing on 1 January
    expect(await ledgerOre("2990", "2026-12-31")).toBe(-250000);
    expect(await ledgerOre("2990", "2027-01-01")).toBe(0);
    expect(accountRow(await openList("2026-12-31"), "2990")).toMatchObject({
      side: "liability",
      open_amount: 2500,
      ledger_balance: 2500,
      matches_ledger: true,
    });
    expect(accountRow(await openList("2027-01-01"), "2990")).toMatchObject({ open_amount: 0, matches_ledger: true });

    // a period-end accrual settles itself: it cannot be cancelled
    const cancel = await write(f.actor.key, "POST", url(`/accruals/${a.id}/cancel`), { date: "2026-12-31" });
    expect(cancel.status).toBe(409);
    expect(cancel.body.error.code).toBe("ACCRUAL_NOT_CANCELLABLE");
  });

  it("spreads a prepaid income (2970) over a quarter", async () => {
    const res = await write(f.actor.key, "POST", url("/accruals"), {
      kind: "spread",
      description: "Serviceavtal Q4 fakturerat i förskott",
      balance_account: "2970",
      result_account: "3001",
      amount: 9000,
      start_month: "2026-10",
      months: 3,
    });
    expect(res.status).toBe(201);
    const a = res.body.data;
    expect(a.side).toBe("liability");
    expect(await entryLines(f.actor.key, f.companyId, a.movements[0].journal_entry_id)).toEqual({
      "2970": [0, 9000],
      "3001": [9000, 0],
    });
    expect(await entryLines(f.actor.key, f.companyId, a.movements[1].journal_entry_id)).toEqual({
      "2970": [3000, 0],
      "3001": [0, 3000],
    });
    for (const [date, open] of [
      ["2026-09-30", 0],
      ["2026-10-01", 9000],
      ["2026-10-31", 6000],
      ["2026-11-15", 6000],
      ["2026-11-30", 3000],
      ["2026-12-31", 0],
    ] as const) {
      const list = await openList(date);
      expect(await ledgerOre("2970", date)).toBe(-open * 100 || 0);
      expect(accountRow(list, "2970")).toMatchObject({ open_amount: open, ledger_balance: open, matches_ledger: true });
    }
    // on 15 November the premium (1730), the prepaid income and nothing else are open; the open total sums them
    const mid = await openList("2026-11-15");
    expect(mid.accounts.every((x: any) => x.matches_ledger)).toBe(true);
    // 1730: 1 000 005 - 10 x 83 333 = 166 675 öre; 2970: 600 000 öre
    expect(mid.open_total).toBe(7666.75);
  });

  it("cancels a spread: the later releases are reversed on their dates, the rest released on the cancel date", async () => {
    const made = await write(f.actor.key, "POST", url("/accruals"), {
      kind: "spread",
      description: "Förskottshyra 2026",
      balance_account: "1710",
      result_account: "5010",
      amount: 1200,
      start_month: "2026-01",
      months: 12,
    });
    expect(made.status).toBe(201);
    const id = made.body.data.id;
    const before = await entriesCount();

    const dry = await write(
      f.actor.key,
      "POST",
      url(`/accruals/${id}/cancel`),
      { date: "2026-06-15" },
      { "X-Dry-Run": "true" },
    );
    expect(dry.status).toBe(200);
    expect(dry.body.meta.dry_run).toBe(true);
    expect(await entriesCount()).toBe(before);

    const res = await write(f.actor.key, "POST", url(`/accruals/${id}/cancel`), { date: "2026-06-15" });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: "cancelled", cancelled_on: "2026-06-15", open_amount: 0 });
    // June-December: seven reversals, and one release of the 700 still open on 15 June
    expect(await entriesCount()).toBe(before + 8);
    const moves = res.body.data.movements;
    expect(moves.filter((m: any) => m.role === "release_reversal").map((m: any) => m.date)).toEqual([
      "2026-06-30",
      "2026-07-31",
      "2026-08-31",
      "2026-09-30",
      "2026-10-31",
      "2026-11-30",
      "2026-12-31",
    ]);
    const rest = moves.find((m: any) => m.role === "cancel_release");
    expect(rest).toMatchObject({ date: "2026-06-15", amount: -700 });
    expect(await entryLines(f.actor.key, f.companyId, rest.journal_entry_id)).toEqual({
      "1710": [0, 700],
      "5010": [700, 0],
    });
    for (const [date, open] of [
      ["2026-05-31", 70000],
      ["2026-06-15", 0],
      ["2026-06-30", 0],
      ["2026-12-31", 0],
    ] as const) {
      expect(await ledgerOre("1710", date)).toBe(open);
      expect(accountRow(await openList(date), "1710")).toMatchObject({ open_amount: open / 100, matches_ledger: true });
    }
    // the accrual's entries net to nothing on 5010 over the year: the whole 1 200 stays the year's cost
    expect(await ledgerOre("5010", "2026-12-31")).toBe(0);

    const again = await write(f.actor.key, "POST", url(`/accruals/${id}/cancel`), { date: "2026-07-01" });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("ACCRUAL_ALREADY_CANCELLED");
    const missing = await write(f.actor.key, "POST", url(`/accruals/${uniqueKey("x")}/cancel`), {});
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe("ACCRUAL_NOT_FOUND");
  });

  it("writes nothing on a dry run, replays one Idempotency-Key with one effect, and refuses bad input", async () => {
    const body = {
      kind: "spread",
      description: "Licens",
      balance_account: "1790",
      result_account: "5420",
      amount: 600,
      start_month: "2026-07",
      months: 6,
    };
    const counts = async () => [await entriesCount(), await accrualsCount()];
    const before = await counts();
    const dry = await write(f.actor.key, "POST", url("/accruals"), body, { "X-Dry-Run": "true" });
    expect(dry.status).toBe(201);
    expect(dry.headers.get("X-Dry-Run")).toBe("true");
    expect(dry.body.data.movements).toHaveLength(7);
    expect(await counts()).toEqual(before);

    const key = uniqueKey();
    const first = await call("POST", url("/accruals"), { key: f.actor.key, body, headers: { "Idempotency-Key": key } });
    const replay = await call("POST", url("/accruals"), {
      key: f.actor.key,
      body,
      headers: { "Idempotency-Key": key },
    });
    expect(first.status).toBe(201);
    expect(replay.status).toBe(201);
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(replay.body.data.id).toBe(first.body.data.id);
    expect(await counts()).toEqual([before[0] + 7, before[1] + 1]);

    // an accrual's entries belong to it: reversing one by hand is refused, so register and ledger cannot drift apart
    const july = first.body.data.movements.find((m: any) => m.date === "2026-07-31");
    const byHand = await write(f.actor.key, "POST", url(`/journal-entries/${july.journal_entry_id}/reverse`), {
      reversal_date: "2026-07-31",
    });
    expect(byHand.status).toBe(409);
    expect(byHand.body.error).toMatchObject({
      code: "JOURNAL_ENTRY_OWNED_BY_DOCUMENT",
      details: { source_type: "accrual", source_id: first.body.data.id },
    });
    expect(accountRow(await openList("2026-08-31"), "1790")).toMatchObject({
      open_amount: 400,
      ledger_balance: 400,
      matches_ledger: true,
    });

    const afterGood = await counts();
    for (const [bad, field] of [
      [{ ...body, balance_account: "2920" }, "balance_account"],
      [{ ...body, balance_account: "1930" }, "balance_account"],
      [{ ...body, result_account: "2440" }, "result_account"],
      [{ ...body, months: undefined }, "months"],
      [
        { ...body, kind: "period_end", start_month: undefined, months: undefined, period_end: "2026-12-30" },
        "period_end",
      ],
    ] as const) {
      const res = await write(f.actor.key, "POST", url("/accruals"), bad);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("VALIDATION_ERROR");
      expect(res.body.error.details.fields.map((x: any) => x.field ?? x.path)).toContain(field);
    }
    // a spread running past the last fiscal year (2027) is refused by the ledger, whole
    const tooLong = await write(f.actor.key, "POST", url("/accruals"), { ...body, start_month: "2027-07", months: 12 });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.code).toBe("ENTRY_DATE_OUTSIDE_FISCAL_PERIOD");
    expect(await counts()).toEqual(afterGood);
  });
});
