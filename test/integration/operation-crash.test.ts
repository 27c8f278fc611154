// Issue #41 item 5: a process killed mid-import left vouchers and bank rows written and the
// operation `running` for good. A test cannot kill workerd, so the kill is made as it looks from
// the books: a run whose writer call for the third chunk never returns (nothing more happens in
// that run, as after kill -9), or chunk messages that are never delivered (lost with the
// process). The heartbeat then stops; the test moves the one clock (src/clock.ts) past the
// heartbeat timeout and runs the minute sweep. Either the operation is run again and finishes
// with the books equal to a clean import of the same file, or, once it has been claimed
// MAX_OPERATION_ATTEMPTS times, it is failed OPERATION_STALLED with nothing of it left and the
// same file imports again.
import { type env, SELF } from "cloudflare:test";
import { afterAll, describe, expect, it } from "vitest";
import { OPERATION_HANDLERS, OPERATION_ROLLBACKS } from "../../src/app/operations";
import { nowIso, shiftClock } from "../../src/clock";
import { MAX_OPERATION_ATTEMPTS, sweepOperations } from "../../src/domains/operations";
import { runOperation } from "../../src/domains/operations/commands";
import type { Job } from "../../src/queue";
import { BASE, call, companyFixture, countOf, runJob, settleOperation } from "../helpers";
import { booksDb, homeEnv, operationEnv } from "../books";

let shifted = 0;
afterAll(() => shiftClock(-shifted));
/** Past the heartbeat timeout (2 minutes): the run that wrote the last heartbeat is taken for dead. */
function laterByMinutes(minutes: number) {
  shiftClock(minutes * 60_000);
  shifted += minutes * 60_000;
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const YEAR_2026 = {
  first_fiscal_year: { start_date: "2026-01-01", end_date: "2026-12-31" },
  fiscal_year_start_month: 1,
};

// ---- SIE ----

/** A SIE 4 file of `n` sales vouchers A1..An: voucher i is (100 + i) kronor net, 25 % VAT. */
function sieFile(n: number, prior: string[] = []): Uint8Array {
  const lines = ["#FLAGGA 0", "#FORMAT PC8", "#SIETYP 4", '#FNAMN "Krasch AB"', "#RAR 0 20260101 20261231", ...prior];
  lines.push('#KONTO 1930 "Företagskonto"', '#KONTO 3001 "Försäljning 25 %"', '#KONTO 2611 "Utgående moms 25 %"');
  lines.push('#DIM 1 "Kostnadsställe"', '#OBJEKT 1 "K1" "Butiken"');
  for (let i = 1; i <= n; i++) {
    const net = 100 + i;
    const vat = net / 4;
    const date = `202603${String(1 + (i % 28)).padStart(2, "0")}`;
    lines.push(`#VER A ${i} ${date} "Försäljning ${i}"`, "{");
    lines.push(`#TRANS 1930 {} ${(net + vat).toFixed(2)}`, `#TRANS 3001 {1 "K1"} -${net.toFixed(2)}`);
    lines.push(`#TRANS 2611 {} -${vat.toFixed(2)}`, "}");
  }
  return new TextEncoder().encode(`${lines.join("\r\n")}\r\n`);
}
const VOUCHERS = 12;
const b64 = (bytes: Uint8Array) => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(""));

async function startSie(key: string, companyId: string, bytes: Uint8Array) {
  const res = await call("POST", `/api/v1/companies/${companyId}/imports/sie`, {
    key,
    body: { file_base64: b64(bytes), file_name: "krasch.se" },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return res.body.data.operation_id as string;
}

/**
 * Starts the operation in a run that dies at its `dieAt`-th chunk of vouchers (3 a chunk): the
 * writer call never returns, so nothing after it happens in that run. Resolves once the chunks
 * before it are in the books.
 */
async function sieRunThatDies(companyId: string, opId: string, dieAt: number, before = 0) {
  const home = await operationEnv(opId);
  let posts = 0;
  const real = home.COMPANY_WRITER;
  const COMPANY_WRITER = {
    idFromName: (name: string) => real.idFromName(name),
    get: (id: DurableObjectId) => {
      const stub = real.get(id) as any;
      return {
        execute: (req: { name: string }) =>
          req.name === "imports.sie_post" && ++posts >= dieAt ? new Promise(() => {}) : stub.execute(req),
        forget: (what: unknown) => stub.forget(what),
      };
    },
  };
  const crashing = { ...home, SIE_IMPORT_CHUNK_VOUCHERS: "3", COMPANY_WRITER } as unknown as typeof env;
  let outcome: string | null | undefined;
  void runOperation(crashing, opId, OPERATION_HANDLERS, nowIso).then((s) => {
    outcome = s;
  });
  const written = (dieAt - 1) * 3 + before;
  for (let i = 0; i < 400 && (await entries(companyId)) < written; i++) await sleep(50);
  await sleep(200);
  // the local queue consumer did not get there first, and the run has not ended
  expect(outcome).toBeUndefined();
  expect(await entries(companyId)).toBe(written);
}

const entries = (companyId: string) =>
  countOf("SELECT COUNT(*) AS n FROM journal_entries WHERE company_id = ?", companyId);

/** Each account's debit and credit in the books: from the lines, and as account_balances keeps them. */
async function books(companyId: string) {
  const lines = await booksDb
    .prepare(
      "SELECT account_number AS a, SUM(debit_ore) AS d, SUM(credit_ore) AS c FROM journal_lines WHERE company_id = ? GROUP BY 1 ORDER BY 1",
    )
    .bind(companyId)
    .all();
  const balances = await booksDb
    .prepare(
      "SELECT account_number AS a, SUM(debit_ore) AS d, SUM(credit_ore) AS c FROM account_balances WHERE company_id = ? GROUP BY 1 ORDER BY 1",
    )
    .bind(companyId)
    .all();
  const days = await booksDb
    .prepare(
      "SELECT account_number AS a, SUM(debit_ore) AS d, SUM(credit_ore) AS c FROM account_day_balances WHERE company_id = ? GROUP BY 1 ORDER BY 1",
    )
    .bind(companyId)
    .all();
  // the per-object day sums (object_day_balances) go and come with the lines as the others do
  const objects = await booksDb
    .prepare(
      "SELECT account_number AS a, object_code AS o, SUM(debit_ore) AS d, SUM(credit_ore) AS c FROM object_day_balances WHERE company_id = ? GROUP BY 1, 2 ORDER BY 1, 2",
    )
    .bind(companyId)
    .all();
  // and each line's places under its objects (journal_line_objects)
  const places = await booksDb
    .prepare("SELECT COUNT(*) AS n FROM journal_line_objects WHERE company_id = ?")
    .bind(companyId)
    .first<{ n: number }>();
  const vouchers = await booksDb
    .prepare(
      "SELECT voucher_series || voucher_number AS v FROM journal_entries WHERE company_id = ? ORDER BY voucher_number",
    )
    .bind(companyId)
    .all<{ v: string }>();
  return {
    lines: lines.results,
    balances: balances.results,
    days: days.results,
    objects: objects.results,
    places: places?.n,
    vouchers: vouchers.results.map((r) => r.v),
  };
}

/** The books the file gives: 1930 debited gross, 3001 and 2611 credited, per the file's own figures. */
function expectedSieBooks() {
  let net = 0;
  for (let i = 1; i <= VOUCHERS; i++) net += (100 + i) * 100;
  const vat = net / 4;
  return [
    { a: "1930", d: net + vat, c: 0 },
    { a: "2611", d: 0, c: vat },
    { a: "3001", d: 0, c: net },
  ];
}

async function waitTerminal(key: string, opId: string) {
  for (let i = 0; i < 400; i++) {
    const res = await call("GET", `/api/v1/operations/${opId}`, { key });
    const op = res.body.data;
    if (!op) throw new Error(`GET operation: ${res.status} ${JSON.stringify(res.body)}`);
    if (op.status === "succeeded" || op.status === "failed") return op;
    await sleep(50);
  }
  throw new Error("operation never finished");
}

describe("a SIE import whose process died mid-write (issue #41 item 5)", () => {
  const clean = companyFixture({ name: "Ren Import AB", ...YEAR_2026 });
  const resumed = companyFixture({ name: "Återupptagen AB", ...YEAR_2026 });
  const undone = companyFixture({ name: "Tillbakarullad AB", ...YEAR_2026 });
  const fresh = companyFixture({ name: "Övertagen AB", ...YEAR_2026 });
  const file = sieFile(VOUCHERS);

  it("is run again by the minute sweep and finishes with the books of a clean import", async () => {
    const reference = await settleOperation(clean.actor.key, await startSie(clean.actor.key, clean.companyId, file));
    expect(reference.status, JSON.stringify(reference.error)).toBe("succeeded");
    const want = await books(clean.companyId);
    expect(want.lines).toEqual(expectedSieBooks());
    expect(want.balances).toEqual(want.lines);
    expect(want.objects).toEqual([expect.objectContaining({ a: "3001", o: "K1", d: 0 })]);
    expect(want.places, "a place per voucher's 3001 line on K1").toBe(VOUCHERS);
    expect(want.vouchers).toEqual(Array.from({ length: VOUCHERS }, (_, i) => `A${i + 1}`));

    const opId = await startSie(resumed.actor.key, resumed.companyId, file);
    await sieRunThatDies(resumed.companyId, opId, 3);
    const stuck = (await call("GET", `/api/v1/operations/${opId}`, { key: resumed.actor.key })).body.data;
    expect(stuck).toMatchObject({ status: "running", progress: { phase: "writing", current: 6 } });

    // a sweep before the heartbeat is stale leaves it alone
    const early = await sweepOperations(await homeEnv(resumed.companyId), nowIso, OPERATION_ROLLBACKS, async () => {});
    expect(early.redriven).not.toContain(opId);

    laterByMinutes(3);
    const swept = await runJob({ type: "operations.sweep" });
    expect(swept.retryMessages).toEqual([]);
    // the sweep's operation.run message: the local consumer may run it first, else this does
    await runJob({ type: "operation.run", operationId: opId } as Job);
    const op = await waitTerminal(resumed.actor.key, opId);
    expect(op.status, JSON.stringify(op.error)).toBe("succeeded");
    expect(op.result).toMatchObject({ entries_imported: VOUCHERS });
    expect(await books(resumed.companyId)).toEqual(want);
    expect(
      await countOf("SELECT attempts AS n FROM operations WHERE id = ?", opId),
      "the dead run and the sweep's",
    ).toBe(2);
  });

  it("after MAX_OPERATION_ATTEMPTS runs is rolled back whole and failed; the same file imports again", async () => {
    const opId = await startSie(undone.actor.key, undone.companyId, file);
    await sieRunThatDies(undone.companyId, opId, 3);
    expect(await entries(undone.companyId)).toBe(6);
    // the runs the sweep started died as this one did (each a claim)
    await booksDb.prepare("UPDATE operations SET attempts = ? WHERE id = ?").bind(MAX_OPERATION_ATTEMPTS, opId).run();
    laterByMinutes(3);
    await runJob({ type: "operations.sweep" });
    const op = await waitTerminal(undone.actor.key, opId);
    expect(op).toMatchObject({
      status: "failed",
      error: { code: "OPERATION_STALLED", details: { rolled_back: true, attempts: MAX_OPERATION_ATTEMPTS } },
    });
    const left = await books(undone.companyId);
    expect(left).toEqual({ lines: [], balances: [], days: [], objects: [], places: 0, vouchers: [] });
    expect(
      await countOf("SELECT COUNT(*) AS n FROM sie_imports WHERE operation_id = ? AND status = 'failed'", opId),
    ).toBe(1);

    // the same file again: not SIE_IMPORT_DUPLICATE, and the books of a clean import
    const again = await settleOperation(undone.actor.key, await startSie(undone.actor.key, undone.companyId, file));
    expect(again.status, JSON.stringify(again.error)).toBe("succeeded");
    expect(await books(undone.companyId)).toEqual(await books(clean.companyId));
  });

  it("a rolled-back takeover leaves its previous year empty, and the next import of the file fills it again", async () => {
    // the other program's last year (#RAR -1): 5 000 kr of sales, undisposed (#IB 0 on 2098)
    const prior = [
      "#RAR -1 20250101 20251231",
      "#IB 0 1930 5000.00",
      "#IB 0 2098 -5000.00",
      "#UB -1 1930 5000.00",
      "#RES -1 3001 -5000.00",
    ];
    const takeover = sieFile(VOUCHERS, prior);
    const opId = await startSie(fresh.actor.key, fresh.companyId, takeover);
    // the previous year's one entry is the first post, then two chunks of three: 7 entries,
    // and the run dies at its fourth post
    await sieRunThatDies(fresh.companyId, opId, 4, 1 - 3);
    await booksDb.prepare("UPDATE operations SET attempts = ? WHERE id = ?").bind(MAX_OPERATION_ATTEMPTS, opId).run();
    laterByMinutes(3);
    await runJob({ type: "operations.sweep" });
    expect((await waitTerminal(fresh.actor.key, opId)).status).toBe("failed");
    const priorYear = () =>
      booksDb
        .prepare(
          "SELECT id, is_closed AS closed, (SELECT COUNT(*) FROM journal_entries e WHERE e.fiscal_period_id = p.id) AS n FROM fiscal_periods p WHERE company_id = ? AND period_start = '2025-01-01'",
        )
        .bind(fresh.companyId)
        .first<{ id: string; closed: number; n: number }>();
    expect(await priorYear()).toMatchObject({ closed: 1, n: 0 });

    const again = await settleOperation(fresh.actor.key, await startSie(fresh.actor.key, fresh.companyId, takeover));
    expect(again.status, JSON.stringify(again.error)).toBe("succeeded");
    const kept = await priorYear();
    expect(kept).toMatchObject({ closed: 1, n: 1 });
    // the year holds the file's #UB -1 and #RES -1: 1930 5 000 debit, 3001 5 000 credit
    const lines = await booksDb
      .prepare(
        "SELECT l.account_number AS a, SUM(l.debit_ore) AS d, SUM(l.credit_ore) AS c FROM journal_lines l JOIN journal_entries e ON e.id = l.journal_entry_id WHERE e.fiscal_period_id = ? GROUP BY 1 ORDER BY 1",
      )
      .bind(kept!.id)
      .all<{ a: string; d: number; c: number }>();
    expect(lines.results).toEqual([
      { a: "1930", d: 500_000, c: 0 },
      { a: "3001", d: 0, c: 500_000 },
    ]);
  });
});

// ---- bank ----

const MAPPING = { date: "Datum", amount: "Belopp", description: "Text", external_id: "Referens" };
const ROWS = 23;

/** Rows R-0..R-22, -(100 + i),(i) kronor each. */
function csvFile() {
  const lines = ["Datum;Belopp;Text;Referens"];
  for (let i = 0; i < ROWS; i++)
    lines.push(
      `2026-03-${String(1 + (i % 28)).padStart(2, "0")};-${100 + i},${String(i).padStart(2, "0")};Kortköp ${i};R-${i}`,
    );
  return new TextEncoder().encode(`${lines.join("\n")}\n`);
}
const fileSumOre = Array.from({ length: ROWS }, (_, i) => -((100 + i) * 100 + i)).reduce((s, x) => s + x, 0);

async function startBank(key: string, companyId: string) {
  const form = new FormData();
  form.append("file", new File([csvFile()], "kontoutdrag.csv"));
  form.append("settlement_account", "1930");
  form.append("format", "generic_csv");
  form.append("mapping", JSON.stringify(MAPPING));
  const res = await SELF.fetch(`${BASE}/api/v1/companies/${companyId}/imports/bank`, {
    method: "POST",
    headers: { Authorization: `Bearer ${key}` },
    body: form,
  });
  const body = (await res.json()) as any;
  expect(res.status, JSON.stringify(body)).toBe(202);
  return body.data.operation_id as string;
}

/** The operation's env with chunks of 5 rows and its queue messages kept here (lost unless the test runs them). */
async function chunkEnv(companyId: string) {
  const sent: Job[] = [];
  const JOBS = {
    send: async (body: Job) => {
      sent.push(body);
    },
    sendBatch: async (messages: { body: Job }[]) => {
      sent.push(...messages.map((m) => m.body));
    },
  };
  return { env: { ...(await homeEnv(companyId)), BANK_IMPORT_CHUNK_ROWS: "5", JOBS } as unknown as typeof env, sent };
}

const bankRows = async (companyId: string) => ({
  n: await countOf("SELECT COUNT(*) AS n FROM bank_transactions WHERE company_id = ?", companyId),
  distinct: await countOf(
    "SELECT COUNT(DISTINCT external_id) AS n FROM bank_transactions WHERE company_id = ?",
    companyId,
  ),
  sum: await countOf("SELECT COALESCE(SUM(amount_ore), 0) AS n FROM bank_transactions WHERE company_id = ?", companyId),
});

/** Starts the import and stores 2 of its 5 chunks; the other 3 messages are lost with the process. */
async function bankImportThatLosesChunks(companyId: string, key: string) {
  const opId = await startBank(key, companyId);
  const first = await chunkEnv(companyId);
  expect(await runOperation(first.env, opId, OPERATION_HANDLERS, nowIso)).toBe("running");
  expect(first.sent.map((j) => (j as any).chunk)).toEqual([0, 1, 2, 3, 4]);
  for (const job of first.sent.slice(0, 2)) expect((await runJob(job)).explicitAcks).toHaveLength(1);
  expect(await bankRows(companyId)).toMatchObject({ n: 10 });
  return opId;
}

describe("a chunked bank import whose process died mid-write (issue #41 item 5)", () => {
  const resumed = companyFixture({ name: "Bank Återupptagen AB", ...YEAR_2026 });
  const undone = companyFixture({ name: "Bank Tillbakarullad AB", ...YEAR_2026 });

  it("is run again by the sweep: every row once, the operation succeeded", async () => {
    const opId = await bankImportThatLosesChunks(resumed.companyId, resumed.actor.key);
    laterByMinutes(3);
    const redrive: Job[] = [];
    const swept = await sweepOperations(await homeEnv(resumed.companyId), nowIso, OPERATION_ROLLBACKS, async (j) => {
      redrive.push(...j);
    });
    expect(swept.redriven).toContain(opId);
    expect(redrive).toContainEqual({ type: "operation.run", operationId: opId });
    const again = await chunkEnv(resumed.companyId);
    const status = await runOperation(again.env, opId, OPERATION_HANDLERS, nowIso);
    // the first run's own message, retried by the local queue consumer, may have claimed it first
    if (status === "running") for (const job of again.sent) await runJob(job);
    const op = await waitTerminal(resumed.actor.key, opId);
    expect(op.status, JSON.stringify(op.error)).toBe("succeeded");
    expect(op.result).toMatchObject({ rows_inserted: ROWS, rows_skipped_duplicate: 0 });
    expect(await bankRows(resumed.companyId)).toEqual({ n: ROWS, distinct: ROWS, sum: fileSumOre });
  });

  it("after MAX_OPERATION_ATTEMPTS runs is failed with no row left; the same file imports again", async () => {
    const opId = await bankImportThatLosesChunks(undone.companyId, undone.actor.key);
    await booksDb.prepare("UPDATE operations SET attempts = ? WHERE id = ?").bind(MAX_OPERATION_ATTEMPTS, opId).run();
    laterByMinutes(3);
    const swept = await sweepOperations(await homeEnv(undone.companyId), nowIso, OPERATION_ROLLBACKS, async () => {});
    expect(swept.rolledBack).toContain(opId);
    const op = (await call("GET", `/api/v1/operations/${opId}`, { key: undone.actor.key })).body.data;
    expect(op).toMatchObject({
      status: "failed",
      error: { code: "OPERATION_STALLED", details: { rolled_back: true } },
    });
    expect(await bankRows(undone.companyId)).toEqual({ n: 0, distinct: 0, sum: 0 });
    expect(
      await countOf(
        "SELECT COUNT(*) AS n FROM bank_import_chunks c JOIN bank_imports i ON i.id = c.import_id WHERE i.operation_id = ?",
        opId,
      ),
    ).toBe(0);
    expect(
      await countOf("SELECT COUNT(*) AS n FROM bank_imports WHERE operation_id = ? AND status = 'failed'", opId),
    ).toBe(1);

    const again = await settleOperation(undone.actor.key, await startBank(undone.actor.key, undone.companyId));
    expect(again.status, JSON.stringify(again.error)).toBe("succeeded");
    expect(again.result).toMatchObject({ rows_inserted: ROWS, rows_skipped_duplicate: 0 });
    expect(await bankRows(undone.companyId)).toEqual({ n: ROWS, distinct: ROWS, sum: fileSumOre });
  });
});
