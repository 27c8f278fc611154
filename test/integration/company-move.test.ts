// Moving a company's books to another database (issue #33): through the operators' API, and
// failed at each step, with the books, the reports and the voucher numbers checked after.
import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { directory, homeOf, ledgerNames } from "../../src/db/homes";
import { companyTables, countCompanyRows, ledgerFingerprint } from "../../src/db/company-rows";
import { newId } from "../../src/ids";
import { type MoveFaults, type MoveRow, type MoveStep, recordMove } from "../../src/writer/move";
import { admin, call, newActor, newCompany, postedEntry, saleLines, uniqueKey } from "../helpers";

type Writer = { runMove(id: string, faults?: MoveFaults): Promise<MoveRow | null>; moving: MoveRow | null };

const writerOf = (companyId: string) => env.COMPANY_WRITER.get(env.COMPANY_WRITER.idFromName(companyId));

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

  for (const step of ["copy", "verify", "switch"] as MoveStep[])
    it(`a move failing at ${step} is undone: the home, the books and the writes stay as they were`, async () => {
      const a = await companyWithBooks();
      const from = (await homeOf(directory(env), a.id))!;
      const to = otherLedger(from);
      const before = await rowsIn(from, a.id);
      const move = await recordMove(directory(env), a.id, from, to, newId(), new Date().toISOString());
      const ended = await runInDurableObject(writerOf(a.id), (w: unknown) =>
        (w as Writer).runMove(move.id, { failAt: step }),
      );
      expect(ended).toMatchObject({ status: "failed", error: { step } });
      const stored = (await admin("GET", `/admin/v1/company-moves/${move.id}`)).body.data;
      expect(stored).toMatchObject({ status: "failed", error: { step, message: `fault asked at ${step}` } });
      expect(await homeOf(directory(env), a.id)).toBe(from);
      expect(await rowsIn(from, a.id)).toEqual(before);
      expect((await rowsIn(to, a.id)).rows).toBe(0);
      expect((await postedEntry(a.actor.key, a.id, a.periodId)).voucher_number).toBe(4);
    });

  it("a cleanup that fails leaves the books whole in the new home, and is finished by the next try", async () => {
    const a = await companyWithBooks();
    const from = (await homeOf(directory(env), a.id))!;
    const to = otherLedger(from);
    const before = await rowsIn(from, a.id);
    const report = await trialBalance(a.actor.key, a.id, a.periodId);
    const move = await recordMove(directory(env), a.id, from, to, newId(), new Date().toISOString());
    const run = (faults?: MoveFaults) =>
      runInDurableObject(writerOf(a.id), (w: unknown) => (w as Writer).runMove(move.id, faults));
    expect((await run({ failAt: "cleanup" }))?.status).toBe("cleaning");
    const failed = await run({ failAt: "cleanup" });
    expect(failed).toMatchObject({ status: "cleaning", error: { step: "cleanup" } });
    expect(await homeOf(directory(env), a.id)).toBe(to);
    expect(await rowsIn(to, a.id)).toEqual(before);
    // some of the old rows are gone, not all; reads and writes are answered from the new home
    const left = await rowsIn(from, a.id);
    expect(left.rows).toBeGreaterThan(0);
    expect(left.rows).toBeLessThan(before.rows);
    expect(await trialBalance(a.actor.key, a.id, a.periodId)).toEqual(report);
    expect((await postedEntry(a.actor.key, a.id, a.periodId)).voucher_number).toBe(4);

    expect((await run())?.status).toBe("succeeded");
    expect((await rowsIn(from, a.id)).rows).toBe(0);
    expect((await rowsIn(to, a.id)).books.entries).toBe(4);
  });

  it("answers writes 503 COMPANY_MOVING with Retry-After while the books move, and reads meanwhile", async () => {
    const a = await companyWithBooks();
    const from = (await homeOf(directory(env), a.id))!;
    const report = await trialBalance(a.actor.key, a.id, a.periodId);
    const move = await recordMove(directory(env), a.id, from, otherLedger(from), newId(), new Date().toISOString());
    const stub = writerOf(a.id);
    await runInDurableObject(stub, (w: unknown) => {
      (w as Writer).moving = move;
    });
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
    expect(await trialBalance(a.actor.key, a.id, a.periodId)).toEqual(report);
    await runInDurableObject(stub, (w: unknown) => {
      (w as Writer).moving = null;
    });
    expect((await postedEntry(a.actor.key, a.id, a.periodId)).voucher_number).toBe(4);
  });
});
