// Issue #42: a compensation after a failed external step that cannot be written at once is not
// left to the log. The invoice's email fails and the batch of its compensation (storno, invoice
// back to draft) is refused once by the database: the answer stays INVOICE_SEND_PROVIDER_FAILED
// saying the compensation is queued, the sale's entry announces itself meanwhile, and the job
// runs the compensation's command through the company's writer, planned again on fresh state:
// its storno takes the voucher number free then (another invoice took the next one meanwhile)
// and its place in the chain, exactly once; a replay after it landed changes nothing.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { WIRING } from "../../src/app/commands";
import { COMPENSATIONS_PREFIX, DEAD_COMPENSATIONS_PREFIX } from "../../src/commands/compensation";
import { runCompensation } from "../../src/commands/compensation-replay";
import { type ExternalHooks, runExternal } from "../../src/commands/publish";
import { runCommand } from "../../src/commands/runner";
import type { Statement } from "../../src/db/statement";
import { ApiError } from "../../src/errors/api-error";
import type { Job, ParkedCompensation } from "../../src/queue";
import { homeD1, homeEnv } from "../books";
import { call, companyFixture, runJob, write, yearAroundToday } from "../helpers";

const f = companyFixture({ name: "Kompensera AB", ...yearAroundToday() });
const url = (p: string) => `/api/v1/companies/${f.companyId}${p}`;
const ITEMS = [{ description: "Konsulttimmar", quantity: 10, unit: "h", unit_price: 1000, vat_rate: 0.25 }];

/** A JOBS queue that keeps what is sent, so the test runs the jobs itself. */
function jobsQueue() {
  const sent: Job[] = [];
  return {
    sent,
    queue: { send: async (body: Job) => void sent.push(body), sendBatch: async () => undefined },
  };
}

/**
 * The company's D1 refusing, once, the batch whose statements match (the statements' SQL and
 * parameters as drizzle binds them), as D1 does when overloaded; everything else as D1 does.
 */
function refusingOnce(d1: D1Database, matches: (sql: string, params: unknown[]) => boolean) {
  const bound = new WeakMap<object, { sql: string; params: unknown[] }>();
  let armed = true;
  const refused = { count: 0 };
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(t, prop) {
        if (prop === "prepare")
          return (sql: string) => {
            const stmt = (t as unknown as D1Database).prepare(sql);
            return new Proxy(stmt, {
              get(s, p) {
                if (p === "bind")
                  return (...params: unknown[]) => {
                    const b = s.bind(...params);
                    bound.set(b, { sql, params });
                    return b;
                  };
                const v = Reflect.get(s, p);
                return typeof v === "function" ? v.bind(s) : v;
              },
            });
          };
        if (prop === "batch")
          return async (statements: D1PreparedStatement[]) => {
            const hit = statements.some((s) => {
              const q = bound.get(s);
              return q && matches(q.sql, q.params);
            });
            if (armed && hit) {
              armed = false;
              refused.count++;
              throw new Error("D1_ERROR: overloaded (test)");
            }
            return (t as unknown as D1Database).batch(statements);
          };
        if (prop === "withSession") return (start: string) => wrap((t as unknown as D1Database).withSession(start));
        const v = Reflect.get(t, prop);
        return typeof v === "function" ? v.bind(t) : v;
      },
    });
  return { d1: wrap(d1), refused };
}

const compensationBatch = (sql: string, params: unknown[]) =>
  sql.startsWith('insert into "audit_log"') && params.includes("invoice.send_failed");

async function newCustomer(email: string) {
  const res = await write(f.actor.key, "POST", url("/customers"), {
    name: `Kund ${email}`,
    customer_type: "swedish_business",
    email,
    default_payment_terms: 30,
  });
  expect(res.status).toBe(201);
  return res.body.data.id as string;
}

async function newInvoice(email: string) {
  const res = await write(f.actor.key, "POST", url("/invoices"), {
    customer_id: await newCustomer(email),
    items: ITEMS,
  });
  expect(res.status).toBe(201);
  return res.body.data.id as string;
}

/** invoices.send run as the company's writer runs it, with the refusing D1 and the kept queue. */
async function sendWithRefusals(invoiceId: string, jobs: ReturnType<typeof jobsQueue>) {
  const home = refusingOnce(await homeD1(f.companyId), compensationBatch);
  const result = await runCommand(WIRING, { ...(await homeEnv(f.companyId)), DB: home.d1, JOBS: jobs.queue } as never, {
    name: "invoices.send",
    input: { id: invoiceId },
    idempotency: null,
    ctx: {
      companyId: f.companyId,
      requestId: `req-${invoiceId}`,
      apiKeyId: f.actor.keyId,
      userId: f.actor.userId,
      role: "owner",
      unattendedCommitLimitOre: null,
      dryRun: false,
      now: new Date().toISOString(),
      apiVersion: "2026-05-12",
    },
  });
  return { result, refused: home.refused.count };
}

async function rows<T>(sql: string, ...binds: unknown[]): Promise<T[]> {
  const home = await homeD1(f.companyId);
  return (
    await home
      .prepare(sql)
      .bind(...binds)
      .all<T>()
  ).results;
}

/** What the books say of the invoice: its row, its entries, their events and the send's audit rows. */
async function booksOf(invoiceId: string, saleId: string) {
  const invoice = (await call("GET", url(`/invoices/${invoiceId}`), { key: f.actor.key })).body.data;
  const entries = await rows<{
    id: string;
    voucher_series: string;
    voucher_number: number;
    reverses_id: string | null;
  }>(
    "SELECT id, voucher_series, voucher_number, reverses_id FROM journal_entries WHERE company_id = ? AND (id = ? OR reverses_id = ?) ORDER BY voucher_number",
    f.companyId,
    saleId,
    saleId,
  );
  const events = await rows<{ type: string; entry: string }>(
    "SELECT type, json_extract(object, '$.id') AS entry FROM outbox_events WHERE company_id = ? AND type = 'journal_entry.committed' AND json_extract(object, '$.id') IN (?, ?)",
    f.companyId,
    saleId,
    entries.find((e) => e.reverses_id)?.id ?? "",
  );
  const audits = await rows<{ id: string }>(
    "SELECT id FROM audit_log WHERE company_id = ? AND action = 'invoice.send_failed' AND resource_id = ?",
    f.companyId,
    invoiceId,
  );
  return { invoice, entries, events, audits };
}

describe("a compensation the database refuses", () => {
  it("is queued, answered as a structured error, and lands once by its job on fresh state", async () => {
    const invoiceId = await newInvoice("fail@kompensera.se");
    const jobs = jobsQueue();
    const { result, refused } = await sendWithRefusals(invoiceId, jobs);
    expect(refused).toBe(1);
    expect(result).toMatchObject({
      ok: false,
      status: 502,
      error: {
        code: "INVOICE_SEND_PROVIDER_FAILED",
        details: { step: "email", compensated: false, compensation: "queued", reversal_entry_id: null },
      },
    });
    const number = (result as unknown as { error: { details: { invoice_number: string } } }).error.details
      .invoice_number;

    // meanwhile the sale stands, announced; the invoice is not yet back to draft
    const sent = (await call("GET", url(`/invoices/${invoiceId}`), { key: f.actor.key })).body.data;
    expect(sent).toMatchObject({ status: "sent", invoice_number: number });
    const saleId = sent.journal_entry_id as string;
    const before = await booksOf(invoiceId, saleId);
    expect(before.entries).toHaveLength(1);
    expect(before.events.map((e) => e.entry)).toEqual([saleId]);
    expect(before.audits).toHaveLength(0);
    const job = jobs.sent.find((j) => j.type === "compensation.replay") as Extract<
      Job,
      { type: "compensation.replay" }
    >;
    expect(job).toBeTruthy();
    expect((await env.DOCUMENTS.list({ prefix: COMPENSATIONS_PREFIX })).objects.map((o) => o.key)).toContain(job.key);

    // another invoice takes the series' next voucher number before the job runs
    const other = await newInvoice("ekonomi@kompensera.se");
    const otherSent = await write(f.actor.key, "POST", url(`/invoices/${other}/send`));
    expect(otherSent.status).toBe(200);
    const otherEntry = (
      await rows<{ voucher_number: number }>(
        "SELECT voucher_number FROM journal_entries WHERE id = ?",
        otherSent.body.data.journal_entry_id,
      )
    )[0]!;

    // the job runs the compensation through the company's writer
    const run = await runJob(job);
    expect(run.explicitAcks).toHaveLength(1);
    const after = await booksOf(invoiceId, saleId);
    expect(after.invoice).toMatchObject({
      status: "draft",
      invoice_number: number,
      journal_entry_id: null,
      pdf_document_id: null,
    });
    expect(after.entries).toHaveLength(2);
    const [sale, storno] = after.entries;
    expect(storno).toMatchObject({ reverses_id: saleId, voucher_series: sale!.voucher_series });
    expect(storno!.voucher_number).toBeGreaterThan(otherEntry.voucher_number);
    expect(after.events.map((e) => e.entry).sort()).toEqual([saleId, storno!.id].sort());
    expect(after.audits).toHaveLength(1);
    expect((await env.DOCUMENTS.list({ prefix: COMPENSATIONS_PREFIX })).objects.map((o) => o.key)).not.toContain(
      job.key,
    );
    // the storno is chained after what was chained meanwhile: the chain is whole
    const verified = await call("GET", url("/ledger/verify?limit=5000"), { key: f.actor.key });
    expect(verified.body.data).toMatchObject({ complete: true, first_mismatch: null });

    // a replay after it landed changes nothing: the job again (its record is gone), the same
    // compensation under its key (the stored answer), and under another request (found undone)
    expect((await runJob(job)).explicitAcks).toHaveLength(1);
    const parked: ParkedCompensation = {
      companyId: f.companyId,
      command: "invoices.compensate_send",
      input: { id: invoiceId, journal_entry_id: saleId, provider_error: "x" },
      requestId: `req-${invoiceId}`,
      parkedAt: new Date().toISOString(),
    };
    expect(await runCompensation(env as never, parked)).toBe("already");
    expect(await runCompensation(env as never, { ...parked, requestId: "another" })).toBe("already");
    expect(await booksOf(invoiceId, saleId)).toEqual(after);
  });

  it("goes to the dead letters when the invoice has moved on (another entry), and changes nothing", async () => {
    const invoiceId = await newInvoice("fail@flyttad.se");
    const jobs = jobsQueue();
    const { result } = await sendWithRefusals(invoiceId, jobs);
    expect(result).toMatchObject({ status: 502, error: { details: { compensation: "queued" } } });
    const saleId = (await call("GET", url(`/invoices/${invoiceId}`), { key: f.actor.key })).body.data.journal_entry_id;
    const job = jobs.sent.find((j) => j.type === "compensation.replay") as Extract<
      Job,
      { type: "compensation.replay" }
    >;
    // the invoice has moved on before the job runs: it names another entry
    const home = await homeD1(f.companyId);
    await home.prepare("UPDATE invoices SET journal_entry_id = 'other' WHERE id = ?").bind(invoiceId).run();
    const before = await booksOf(invoiceId, saleId);
    expect((await runJob(job)).explicitAcks).toHaveLength(1);
    expect(await booksOf(invoiceId, saleId)).toEqual(before);
    const dead = await env.DOCUMENTS.list({ prefix: DEAD_COMPENSATIONS_PREFIX });
    const letter = dead.objects.find((o) => o.key.endsWith(job.key.split("/").pop()!));
    expect(letter).toBeTruthy();
    const kept = (await (await env.DOCUMENTS.get(letter!.key))!.json()) as { refused: { code: string } };
    expect(kept.refused.code).toBe("INVOICE_SEND_COMPENSATION_SUPERSEDED");
  });
});

describe("a compensation that cannot be planned", () => {
  it("is queued as its command, and the answer is EXTERNAL_STEP_FAILED, not a 500", async () => {
    const parkedReplays: unknown[] = [];
    const none = async () => ({ statements: [] as Statement[], jobs: [] });
    const hooks: ExternalHooks = {
      audit: () => {
        throw new Error("no audit row: nothing was planned");
      },
      announce: none,
      announceWrite: none,
      park: async () => false,
      parkCompensation: async (replay) => parkedReplays.push(replay) > 0,
    };
    const outcome = await runExternal(
      {} as never,
      {
        run: async () => {
          throw new Error("mail provider answered 500");
        },
        compensate: async () => {
          throw new ApiError("BOOKKEEPING_DATABASE_ERROR", null);
        },
        replay: (cause) => ({ command: "invoices.compensate_send", input: { cause: String(cause) } }),
      },
      [],
      hooks,
    );
    expect(outcome?.result).toMatchObject({
      ok: false,
      status: 502,
      error: {
        code: "EXTERNAL_STEP_FAILED",
        details: { step_error: "mail provider answered 500", compensated: false, compensation: "queued" },
      },
    });
    expect(parkedReplays).toEqual([
      { command: "invoices.compensate_send", input: { cause: "Error: mail provider answered 500" } },
    ]);
  });
});
