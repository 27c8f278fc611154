// The company's writer holds the company's slow-changing state (src/writer/company-state.ts)
// and drops what a batch writes. A stale copy would book against a deleted account or a
// locked period without anyone noticing, so this writes through the commands that change
// that state, and then compares what the writer holds with a fresh read of D1.
import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { database } from "../../src/db/client";
import { CompanyState } from "../../src/writer/company-state";
import { call, commit, createDraft, line, newActor, newCompany, uniqueKey, write } from "../helpers";
import { booksDb, homeEnv } from "../books";

type Held = ReturnType<CompanyState["held"]>;

/** What the company's writer holds now (its private state, read inside the object). */
async function heldByWriter(companyId: string): Promise<Held> {
  const stub = env.COMPANY_WRITER.get(env.COMPANY_WRITER.idFromName(companyId));
  // the object's private state, read by the test alone
  const read = (writer: unknown) => (writer as { state: CompanyState }).state.held();
  return (await runInDurableObject(stub as DurableObjectStub, read)) as Held;
}

/** Each held section read afresh from D1 by a cold state, and each series' next number from the entries. */
async function freshOf(companyId: string, held: Held) {
  const session = new CompanyState(companyId).session(database(await homeEnv(companyId)), true);
  const sections = new Map<string, unknown>();
  for (const section of held.sections.keys()) sections.set(section.name, await session.get(section));
  const numbers = new Map<string, number>();
  for (const key of held.numbers.keys()) {
    const [periodId, series] = key.split("/");
    const row = await booksDb
      .prepare(
        "SELECT max(voucher_number) AS top FROM journal_entries WHERE company_id = ? AND fiscal_period_id = ? AND voucher_series = ? AND voucher_number > 0",
      )
      .bind(companyId, periodId, series)
      .first<{ top: number | null }>();
    numbers.set(key, (row?.top ?? 0) + 1);
  }
  return { sections, numbers };
}

async function expectWriterFresh(companyId: string) {
  const held = await heldByWriter(companyId);
  const fresh = await freshOf(companyId, held);
  const heldByName = new Map([...held.sections].map(([s, v]) => [s.name, v]));
  expect(heldByName).toEqual(fresh.sections);
  expect(held.numbers).toEqual(fresh.numbers);
  return held;
}

describe("the company's writer after every kind of write", () => {
  it("holds exactly what D1 says: periods and lock dates, settings, chart, dimensions, webhooks, voucher numbers", async () => {
    const actor = await newActor();
    const company = await newCompany(actor.key);
    const base = `/api/v1/companies/${company.id}`;
    const post = async (path: string, body?: unknown) => {
      const res = await write(actor.key, "POST", `${base}${path}`, body);
      expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
      return res;
    };
    const patch = async (path: string, body: unknown) => {
      const res = await call("PATCH", `${base}${path}`, {
        key: actor.key,
        headers: { "Idempotency-Key": uniqueKey() },
        body,
      });
      expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    };
    const book = async (date: string, lines = [line("1930", 500, 0), line("3001", 0, 400), line("2611", 0, 100)]) => {
      const draft = await createDraft(actor.key, company.id, company.fiscal_period.id, { entry_date: date, lines });
      expect(draft.status).toBe(201);
      expect((await commit(actor.key, company.id, draft.body.data.id)).status).toBe(200);
    };

    // every section is used once, so the writer holds each of them
    await book("2026-01-10");
    const hook = await post("/webhooks", {
      event_type: "journal_entry.committed",
      webhook_url: "https://hooks.test/state",
      name: "s",
    });
    await book("2026-01-11");
    let held = await expectWriterFresh(company.id);
    const names = (h: Held) => [...h.sections.keys()].map((s) => s.name).sort();
    expect(names(held)).toEqual(["ledger.chain_head", "ledger.chart", "ledger.periods", "webhooks.active"]);

    // the chart: a new account, then booked on
    await post("/accounts", { account_number: "3011", name: "Försäljning tjänster" });
    await book("2026-02-01", [line("1930", 100, 0), line("3011", 0, 100)]);
    await expectWriterFresh(company.id);

    // dimensions and their codes, then an entry that names one
    await post("/dimensions", { id: 1, name: "Kostnadsställe" });
    await post("/dimensions/1/codes", { code: "100", name: "Sälj" });
    await book("2026-02-02", [
      { ...line("6110", 80, 0), dimensions: { "1": "100" } } as ReturnType<typeof line>,
      line("2640", 20, 0),
      line("1930", 0, 100),
    ]);
    await expectWriterFresh(company.id);

    // settings (the default series) and the numbers of the new series
    await patch("/settings", { default_voucher_series: "V" });
    await book("2026-02-03");
    held = await expectWriterFresh(company.id);
    expect([...held.numbers.keys()].some((k) => k.endsWith("/V"))).toBe(true);

    // a lock date, then the entry it refuses; the next year
    await post(`/fiscal-periods/${company.fiscal_period.id}/lock`, { lock_date: "2026-01-31" });
    const refused = await createDraft(actor.key, company.id, company.fiscal_period.id, { entry_date: "2026-01-20" });
    expect(refused.body.error?.code).toBe("PERIOD_LOCKED");
    await post("/fiscal-periods");
    await book("2026-03-01");
    await expectWriterFresh(company.id);

    // a webhook removed, a reversal that takes a number
    expect((await call("DELETE", `${base}/webhooks/${hook.body.data.id}`, { key: actor.key })).status).toBe(200);
    const entries = await call("GET", `${base}/journal-entries?status=posted`, { key: actor.key });
    await post(`/journal-entries/${entries.body.data[0].id}/reverse`, { reversal_date: "2026-03-02" });
    held = await expectWriterFresh(company.id);
    expect(names(held)).toEqual([
      "ledger.chain_head",
      "ledger.chart",
      "ledger.dimensions",
      "ledger.periods",
      "webhooks.active",
    ]);
  });
});
