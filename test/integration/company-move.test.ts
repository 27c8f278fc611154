// Moving a company's books to another database (issue #33, issue #41 item 13): through the
// operators' API, step by step (vitest.config.ts makes the steps small: pages of 25 rows, 40
// queries a step, so every move here takes many invocations), failed at each step and crashed
// mid-copy, with the books, the reports and the voucher numbers checked after.
import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { bindingOf, directory, homeOf, ledgerNames } from "../../src/db/homes";
import { companyTables, countCompanyRows, ledgerFingerprint } from "../../src/db/company-rows";
import { newId } from "../../src/ids";
import { type MoveFaults, type MoveRow, type MoveStep, recordMove } from "../../src/writer/move";
import { admin, call, commit, newActor, newCompany, postedEntry, runJob, saleLines, uniqueKey } from "../helpers";

type Writer = { runMove(id: string, faults?: MoveFaults): Promise<MoveRow | null> };

const writerOf = (companyId: string) => env.COMPANY_WRITER.get(env.COMPANY_WRITER.idFromName(companyId));

/** One step of the move, in the company's writer, as its alarm would run it. */
const step = (companyId: string, moveId: string, faults?: MoveFaults) =>
  runInDurableObject(writerOf(companyId), (w: unknown) => (w as Writer).runMove(moveId, faults));

/** Steps until `until` holds of the move (default: it has ended); the move as the last step left it. */
async function stepUntil(
  companyId: string,
  moveId: string,
  faults: MoveFaults = {},
  until: (m: MoveRow) => boolean | Promise<boolean> = (m) => m.status === "succeeded" || m.status === "failed",
): Promise<MoveRow> {
  for (let i = 0; i < 500; i++) {
    const m = await step(companyId, moveId, faults);
    if (!m) throw new Error("no such move");
    if (await until(m)) return m;
  }
  throw new Error("the move never got there");
}

/** A company with a year's few vouchers, a customer and a webhook. */
async function companyWithBooks() {
  const actor = await newActor();
  const c = await newCompany(actor.key);
  for (let i = 0; i < 3; i++) await postedEntry(actor.key, c.id, c.fiscal_period.id);
  const customer = await call("POST", `/api/v1/companies/${c.id}/customers`, {
    key: actor.key,
    headers: { "Idempotency-Key": uniqueKey() },
    body: { name: "Kund Ett AB", customer_type: "swedish_business", org_number: "556036-0793" },
  });
  expect(customer.status, JSON.stringify(customer.body)).toBe(201);
  return { actor, id: c.id, periodId: c.fiscal_period.id };
}

async function trialBalance(key: string, companyId: string, periodId: string) {
  const res = await call("GET", `/api/v1/companies/${companyId}/reports/trial-balance?period_id=${periodId}`, { key });
  expect(res.status).toBe(200);
  return res.body.data;
}

/** The company's rows per table in one database, and its books by figures. */
async function rowsIn(database: string, companyId: string) {
  const d1 = env[database as "LEDGER_1"];
  const tables = await companyTables(d1);
  const counts = await countCompanyRows(d1, companyId, tables);
  return {
    rows: counts.reduce((n, c) => n + c.rows, 0),
    byTable: Object.fromEntries(counts.filter((c) => c.rows > 0).map((c) => [c.table, c.rows])),
    books: await ledgerFingerprint(d1, companyId),
  };
}

const otherLedger = (home: string) => ledgerNames(env).find((n) => n !== home)!;

async function settledMove(id: string) {
  for (let i = 0; i < 200; i++) {
    const res = await admin("GET", `/admin/v1/company-moves/${id}`);
    expect(res.status).toBe(200);
    if (res.body.data.status === "succeeded" || res.body.data.status === "failed") return res.body.data;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("the move never ended");
}

describe("moving a company's books to another database", () => {
  it("copies, verifies, switches and cleans up: the books, reports and numbering go on in the new home", async () => {
    const a = await companyWithBooks();
    const bystander = await companyWithBooks();
    const from = (await homeOf(directory(env), a.id))!;
    const to = otherLedger(from);
    const before = await rowsIn(from, a.id);
    const reportBefore = await trialBalance(a.actor.key, a.id, a.periodId);
    const bystanderBefore = await rowsIn((await homeOf(directory(env), bystander.id))!, bystander.id);
    expect(before.books.entries).toBe(3);

    const started = await admin("POST", `/admin/v1/companies/${a.id}/move`, { to });
    expect(started.status).toBe(202);
    expect(started.body.data).toMatchObject({ company_id: a.id, from, to, status: "queued" });
    const move = await settledMove(started.body.data.id);
    expect(move.status).toBe("succeeded");
    expect(move.error).toBeNull();
    // every table: as many rows copied and deleted as the source had
    for (const t of move.tables) expect([t.copied, t.deleted]).toEqual([t.source, t.source]);
    expect(move.tables.find((t: { table: string }) => t.table === "journal_lines").source).toBe(9);

    expect(await homeOf(directory(env), a.id)).toBe(to);
    const after = await rowsIn(to, a.id);
    expect(after).toEqual(before);
    expect((await rowsIn(from, a.id)).rows).toBe(0);
    expect(await trialBalance(a.actor.key, a.id, a.periodId)).toEqual(reportBefore);
    // the next voucher takes the next number, in the new home
    const next = await postedEntry(a.actor.key, a.id, a.periodId);
    expect(next.voucher_number).toBe(4);
    expect((await rowsIn(to, a.id)).books.entries).toBe(4);
    expect((await rowsIn(from, a.id)).rows).toBe(0);
    // the other company was not touched
    expect(await rowsIn((await homeOf(directory(env), bystander.id))!, bystander.id)).toEqual(bystanderBefore);

    const dbs = await admin("GET", "/admin/v1/databases");
    expect(dbs.status).toBe(200);
    expect(dbs.body.data.map((d: { name: string }) => d.name)).toEqual([
      "LEDGER_1",
      "LEDGER_2",
      "LEDGER_3",
      "DIRECTORY",
    ]);
    expect(dbs.body.data.every((d: { migrated: boolean }) => d.migrated)).toBe(true);
  });

  it("refuses a move to an unknown database, to the home itself, of an unknown company, and a second at once", async () => {
    const a = await companyWithBooks();
    const from = (await homeOf(directory(env), a.id))!;
    const unknown = await admin("POST", `/admin/v1/companies/${a.id}/move`, { to: "LEDGER_9" });
    expect([unknown.status, unknown.body.error.code]).toEqual([400, "VALIDATION_ERROR"]);
    const same = await admin("POST", `/admin/v1/companies/${a.id}/move`, { to: from });
    expect([same.status, same.body.error.code]).toEqual([400, "VALIDATION_ERROR"]);
    const nobody = await admin("POST", `/admin/v1/companies/${newId()}/move`, { to: from });
    expect([nobody.status, nobody.body.error.code]).toEqual([404, "NOT_FOUND"]);
    // a move recorded and not yet run: a second is refused
    await recordMove(directory(env), a.id, from, otherLedger(from), newId(), new Date().toISOString());
    const second = await admin("POST", `/admin/v1/companies/${a.id}/move`, { to: otherLedger(from) });
    expect([second.status, second.body.error.code]).toEqual([409, "CONFLICT"]);
  });

  for (const failAt of ["copy", "verify", "switch"] as MoveStep[])
    it(`a move failing at ${failAt} is undone: the home, the books and the writes stay as they were`, async () => {
      const a = await companyWithBooks();
      const from = (await homeOf(directory(env), a.id))!;
      const to = otherLedger(from);
      const before = await rowsIn(from, a.id);
      const move = await recordMove(directory(env), a.id, from, to, newId(), new Date().toISOString());
      const undoing = await stepUntil(a.id, move.id, { failAt }, (m) => m.status === "undoing");
      expect(undoing).toMatchObject({ status: "undoing", error: { step: failAt } });
      // the writes are open again at once: the home never changed; what was copied goes meanwhile
      const ended = await stepUntil(a.id, move.id);
      expect(ended).toMatchObject({ status: "failed", error: { step: failAt } });
      const stored = (await admin("GET", `/admin/v1/company-moves/${move.id}`)).body.data;
      expect(stored).toMatchObject({ status: "failed", error: { step: failAt, message: `fault asked at ${failAt}` } });
      expect(await homeOf(directory(env), a.id)).toBe(from);
      expect(await rowsIn(from, a.id)).toEqual(before);
      expect((await rowsIn(to, a.id)).rows).toBe(0);
      expect((await postedEntry(a.actor.key, a.id, a.periodId)).voucher_number).toBe(4);
    });

  it("a switch that happened though its answer was lost is not undone: the writer serves the new home", async () => {
    const a = await companyWithBooks();
    const from = (await homeOf(directory(env), a.id))!;
    const to = otherLedger(from);
    const before = await rowsIn(from, a.id);
    const move = await recordMove(directory(env), a.id, from, to, newId(), new Date().toISOString());
    const switched = await stepUntil(
      a.id,
      move.id,
      { loseSwitch: true },
      (m) => m.status !== "switching" && m.status !== "copying" && m.status !== "verifying" && m.status !== "queued",
    );
    expect(switched).toMatchObject({ status: "cleaning", error: null });
    expect(await homeOf(directory(env), a.id)).toBe(to);
    // the writes open, in the new home (the writer dropped the old one it held)
    expect((await postedEntry(a.actor.key, a.id, a.periodId)).voucher_number).toBe(4);
    expect((await rowsIn(to, a.id)).books.entries).toBe(4);
    expect((await stepUntil(a.id, move.id)).status).toBe("succeeded");
    expect((await rowsIn(from, a.id)).rows).toBe(0);
    const after = await rowsIn(to, a.id);
    expect([after.books.entries, after.books.lines]).toEqual([before.books.entries + 1, before.books.lines + 3]);
  });

  it("a cleanup that fails leaves the books whole in the new home, and is finished by the next try", async () => {
    const a = await companyWithBooks();
    const from = (await homeOf(directory(env), a.id))!;
    const to = otherLedger(from);
    const before = await rowsIn(from, a.id);
    const report = await trialBalance(a.actor.key, a.id, a.periodId);
    const move = await recordMove(directory(env), a.id, from, to, newId(), new Date().toISOString());
    expect((await stepUntil(a.id, move.id, {}, (m) => m.status === "cleaning")).status).toBe("cleaning");
    const failed = await stepUntil(a.id, move.id, { failAt: "cleanup" }, (m) => m.error !== null);
    expect(failed).toMatchObject({ status: "cleaning", error: { step: "cleanup" } });
    expect(await homeOf(directory(env), a.id)).toBe(to);
    expect(await rowsIn(to, a.id)).toEqual(before);
    // some of the old rows are gone, not all; reads and writes are answered from the new home
    const left = await rowsIn(from, a.id);
    expect(left.rows).toBeGreaterThan(0);
    expect(left.rows).toBeLessThan(before.rows);
    expect(await trialBalance(a.actor.key, a.id, a.periodId)).toEqual(report);
    expect((await postedEntry(a.actor.key, a.id, a.periodId)).voucher_number).toBe(4);

    expect((await stepUntil(a.id, move.id)).status).toBe("succeeded");
    expect((await rowsIn(from, a.id)).rows).toBe(0);
    expect((await rowsIn(to, a.id)).books.entries).toBe(4);
  });

  it("answers writes 503 COMPANY_MOVING with Retry-After between the steps of a move, writes nothing, and moves every row", async () => {
    const a = await companyWithBooks();
    // 12 vouchers more: 45 journal lines, two pages and more of 25 rows
    for (let i = 0; i < 12; i++) await postedEntry(a.actor.key, a.id, a.periodId);
    const from = (await homeOf(directory(env), a.id))!;
    const to = otherLedger(from);
    const before = await rowsIn(from, a.id);
    expect([before.books.entries, before.books.lines]).toEqual([15, 45]);
    const report = await trialBalance(a.actor.key, a.id, a.periodId);
    const move = await recordMove(directory(env), a.id, from, to, newId(), new Date().toISOString());

    // steps until the journal's lines are partly copied: the move is half-way, in its own invocations
    // (a budget of 20 queries: one page a step)
    const half = await stepUntil(
      a.id,
      move.id,
      { stepQueries: 20 },
      async (m) => m.status !== "copying" || (await target(to).linesOf(m.id)).rows > 0,
    );
    expect(half.status).toBe("copying");
    const partial = await target(to).linesOf(move.id);
    expect(partial.done, "the lines' copy is under way, not over").toBe(0);
    expect(partial.rows).toBeGreaterThan(0);

    const key = uniqueKey();
    const draft = () =>
      call("POST", `/api/v1/companies/${a.id}/journal-entries`, {
        key: a.actor.key,
        headers: { "Idempotency-Key": key },
        body: {
          fiscal_period_id: a.periodId,
          entry_date: "2026-03-15",
          description: "Under flytt",
          lines: saleLines(),
        },
      });
    const refused = await draft();
    expect([refused.status, refused.body.error.code, refused.headers.get("Retry-After")]).toEqual([
      503,
      "COMPANY_MOVING",
      "5",
    ]);
    const dryRun = await call("POST", `/api/v1/companies/${a.id}/journal-entries`, {
      key: a.actor.key,
      headers: { "Idempotency-Key": uniqueKey(), "X-Dry-Run": "true" },
      body: { fiscal_period_id: a.periodId, entry_date: "2026-03-15", description: "Under flytt", lines: saleLines() },
    });
    expect([dryRun.status, dryRun.body.error?.code]).toEqual([503, "COMPANY_MOVING"]);
    // reads are answered from the old home; nothing was written in either database
    expect(await trialBalance(a.actor.key, a.id, a.periodId)).toEqual(report);
    expect(await rowsIn(from, a.id)).toEqual(before);
    expect((await target(to).linesOf(move.id)).rows).toBe(partial.rows);

    const ended = await stepUntil(a.id, move.id);
    expect(ended.status).toBe("succeeded");
    const stored = (await admin("GET", `/admin/v1/company-moves/${move.id}`)).body.data;
    // many invocations, each under D1's 1 000 queries (here a budget of 40 a step; begin and verify cost more)
    expect(stored.steps).toBeGreaterThan(5);
    expect(stored.max_step_queries).toBeGreaterThan(0);
    expect(stored.max_step_queries).toBeLessThan(1000);
    console.log("move steps", stored.steps, "max queries a step", stored.max_step_queries);
    for (const t of stored.tables) expect([t.table, t.copied, t.deleted]).toEqual([t.table, t.source, t.source]);
    // every row arrived: per table, and the books by figures
    expect(await rowsIn(to, a.id)).toEqual(before);
    expect((await rowsIn(from, a.id)).rows).toBe(0);
    expect(await trialBalance(a.actor.key, a.id, a.periodId)).toEqual(report);
    // the cursors are gone from both databases
    expect(await target(to).cursors(move.id)).toBe(0);
    expect(await target(from).cursors(move.id)).toBe(0);
    // the refused write, sent again with its key, is written now, in the new home, and numbered next
    const again = await draft();
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    const committed = await commit(a.actor.key, a.id, again.body.data.id);
    expect(committed.body.data.voucher_number).toBe(16);
    expect((await rowsIn(to, a.id)).books.entries).toBe(16);
  });

  it("a step that dies mid-copy is run again and resumes after the last page it wrote", async () => {
    const a = await companyWithBooks();
    for (let i = 0; i < 10; i++) await postedEntry(a.actor.key, a.id, a.periodId);
    const from = (await homeOf(directory(env), a.id))!;
    const to = otherLedger(from);
    const before = await rowsIn(from, a.id);
    const move = await recordMove(directory(env), a.id, from, to, newId(), new Date().toISOString());
    await stepUntil(a.id, move.id, {}, (m) => m.status === "copying" && m.progress?.phase === "copy");
    // the step writes a table's last page and its cursor, then dies before the move's row says so
    await expect(step(a.id, move.id, { crashAt: "copy" })).rejects.toThrow("crash asked in the copy");
    expect((await admin("GET", `/admin/v1/company-moves/${move.id}`)).body.data.status).toBe("copying");
    // writes stay closed across the crash
    const write = await call("POST", `/api/v1/companies/${a.id}/journal-entries`, {
      key: a.actor.key,
      headers: { "Idempotency-Key": uniqueKey() },
      body: { fiscal_period_id: a.periodId, entry_date: "2026-03-15", description: "Under flytt", lines: saleLines() },
    });
    expect([write.status, write.body.error.code]).toEqual([503, "COMPANY_MOVING"]);
    // a page copied twice would be refused by its primary keys and fail the move: it succeeds
    expect((await stepUntil(a.id, move.id)).status).toBe("succeeded");
    expect(await rowsIn(to, a.id)).toEqual(before);
    expect((await rowsIn(from, a.id)).rows).toBe(0);
  });

  it("a move whose steps stopped (its alarm gave up) is set going again by the minute sweep", async () => {
    const a = await companyWithBooks();
    const from = (await homeOf(directory(env), a.id))!;
    const to = otherLedger(from);
    const before = await rowsIn(from, a.id);
    const move = await recordMove(directory(env), a.id, from, to, newId(), new Date().toISOString());
    await stepUntil(a.id, move.id, {}, (m) => m.status === "copying");
    // no alarm is set (the test ran the step), and the last step is ten minutes old
    const old = new Date(Date.now() - 10 * 60_000).toISOString();
    await env.DIRECTORY.prepare("UPDATE company_moves SET updated_at = ? WHERE id = ?").bind(old, move.id).run();
    const write = () => postedEntry(a.actor.key, a.id, a.periodId);
    await expect(write()).rejects.toThrow("COMPANY_MOVING");
    const swept = await runJob({ type: "moves.sweep", home: "DIRECTORY" });
    expect(swept.retryMessages).toEqual([]);
    expect((await settledMove(move.id)).status).toBe("succeeded");
    expect(await rowsIn(to, a.id)).toEqual(before);
    expect((await write()).voucher_number).toBe(4);
  });

  it("the minute sweeps leave a moving company's rows alone: its expired idempotency record waits for the switch", async () => {
    const a = await companyWithBooks();
    const other = await companyWithBooks();
    const from = (await homeOf(directory(env), a.id))!;
    const expired = (companyId: string, key: string) =>
      bindingOf(env, companyId === a.id ? from : otherHome)
        .prepare(
          "INSERT INTO idempotency_records (api_key_id, company_id, idempotency_key, body_hash, status_code, result, created_at, expires_at) VALUES ('k', ?, ?, 'h', 200, '{}', '2000-01-01', '2000-01-02T00:00:00.000Z')",
        )
        .bind(companyId, key)
        .run();
    const otherHome = (await homeOf(directory(env), other.id))!;
    await expired(a.id, `moving-${a.id}`);
    await expired(other.id, `staying-${other.id}`);
    const before = await rowsIn(from, a.id);
    const move = await recordMove(directory(env), a.id, from, otherLedger(from), newId(), new Date().toISOString());
    await stepUntil(a.id, move.id, {}, (m) => m.status === "verifying");
    await runJob({ type: "idempotency.sweep" });
    const left = async (home: string, key: string) =>
      (await bindingOf(env, home)
        .prepare("SELECT 1 FROM idempotency_records WHERE idempotency_key = ?")
        .bind(key)
        .first()) !== null;
    expect(await left(from, `moving-${a.id}`)).toBe(true);
    expect(await left(otherHome, `staying-${other.id}`)).toBe(false);
    // the copy verifies: the source has every row it had
    expect((await stepUntil(a.id, move.id)).status).toBe("succeeded");
    expect(await rowsIn(otherLedger(from), a.id)).toEqual(before);
  });

  it("through the API: the write sent right after the move's request is refused at once, while the alarm moves the books", async () => {
    const a = await companyWithBooks();
    const from = (await homeOf(directory(env), a.id))!;
    const to = otherLedger(from);
    const before = await rowsIn(from, a.id);
    const started = await admin("POST", `/admin/v1/companies/${a.id}/move`, { to });
    expect(started.status).toBe(202);
    const write = await call("POST", `/api/v1/companies/${a.id}/journal-entries`, {
      key: a.actor.key,
      headers: { "Idempotency-Key": uniqueKey() },
      body: { fiscal_period_id: a.periodId, entry_date: "2026-03-15", description: "Under flytt", lines: saleLines() },
    });
    expect([write.status, write.body.error.code, write.headers.get("Retry-After")]).toEqual([
      503,
      "COMPANY_MOVING",
      "5",
    ]);
    // answered before the move ended: the write did not wait for it
    const meanwhile = (await admin("GET", `/admin/v1/company-moves/${started.body.data.id}`)).body.data;
    expect(["queued", "copying", "verifying", "switching"]).toContain(meanwhile.status);
    const move = await settledMove(started.body.data.id);
    expect(move.status).toBe("succeeded");
    expect(await rowsIn(to, a.id)).toEqual(before);
    expect((await postedEntry(a.actor.key, a.id, a.periodId)).voucher_number).toBe(4);
  });
});

/** A move's cursors in one database (src/db/company-row-steps.ts). */
function target(database: string) {
  const d1 = env[database as "LEDGER_1"];
  return {
    async linesOf(moveId: string) {
      const row = await d1
        .prepare(
          "SELECT rows, done FROM move_cursors WHERE move_id = ? AND phase = 'copy' AND table_name = 'journal_lines'",
        )
        .bind(moveId)
        .first<{ rows: number; done: number }>();
      return row ?? { rows: 0, done: 0 };
    },
    async cursors(moveId: string) {
      const row = await d1
        .prepare("SELECT count(*) AS n FROM move_cursors WHERE move_id = ?")
        .bind(moveId)
        .first<{ n: number }>();
      return row!.n;
    },
  };
}
