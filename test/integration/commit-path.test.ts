// The commit path's held state (issue 19): the company's writer answers keys, roles and
// the books' reference data from what it holds, and must stay exact: a revoked key or a
// downgraded role is refused on the very next write, a change of the chart or of a
// period is seen by the next write, a dry run or a refused batch leaves nothing behind.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { admin, commit, createDraft, newActor, newCompany, newKey, postedEntry, saleLines, uniqueKey, write } from "../helpers";

const trips = (res: { headers: Headers }) => Number(res.headers.get("X-D1-Round-Trips"));

async function warmCompany() {
  const owner = await newActor();
  const company = await newCompany(owner.key);
  // warm the writer: the key, the role, the books
  await postedEntry(owner.key, company.id, company.fiscal_period.id);
  return { owner, companyId: company.id, periodId: company.fiscal_period.id };
}

describe("access held by the company's writer", () => {
  it("refuses a revoked key on the very next write to a company where it was held", async () => {
    const { owner, companyId, periodId } = await warmCompany();
    const second = await newKey(owner.userId);
    expect((await createDraft(second.key, companyId, periodId)).status).toBe(201);
    expect((await createDraft(second.key, companyId, periodId)).status).toBe(201);
    expect((await admin("DELETE", `/admin/v1/api-keys/${second.keyId}`)).status).toBe(200);
    const refused = await createDraft(second.key, companyId, periodId);
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe("UNAUTHORIZED");
    // the user's other key still writes
    expect((await createDraft(owner.key, companyId, periodId)).status).toBe(201);
  });

  it("refuses a member downgraded to viewer on the next write, and lets a member upgraded write at once", async () => {
    const { owner, companyId, periodId } = await warmCompany();
    const member = await newActor();
    expect((await admin("POST", `/admin/v1/companies/${companyId}/members`, { user_id: member.userId, role: "member" })).status).toBe(201);
    const draft = await createDraft(member.key, companyId, periodId);
    expect(draft.status).toBe(201);
    expect((await admin("POST", `/admin/v1/companies/${companyId}/members`, { user_id: member.userId, role: "viewer" })).status).toBe(201);
    const refused = await commit(member.key, companyId, draft.body.data.id);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("FORBIDDEN");
    // nothing was numbered: the owner's commit takes number 2 (the warm-up took 1)
    expect((await commit(owner.key, companyId, draft.body.data.id)).body.data.voucher_number).toBe(2);
    expect((await admin("POST", `/admin/v1/companies/${companyId}/members`, { user_id: member.userId, role: "member" })).status).toBe(201);
    expect((await createDraft(member.key, companyId, periodId)).status).toBe(201);
  });

  it("answers a company the key's user does not belong to with 404, before and after it has been used there", async () => {
    const { companyId, periodId } = await warmCompany();
    const stranger = await newActor();
    expect((await createDraft(stranger.key, companyId, periodId)).status).toBe(404);
    expect((await createDraft(stranger.key, companyId, periodId)).status).toBe(404);
  });
});

describe("the books held by the company's writer", () => {
  it("makes a warm draft and commit with 2 round trips each", async () => {
    const { owner, companyId, periodId } = await warmCompany();
    const draft = await createDraft(owner.key, companyId, periodId);
    const posted = await commit(owner.key, companyId, draft.body.data.id);
    expect(posted.body.data.voucher_number).toBe(2);
    // draft: idempotency lookup, batch; commit: idempotency lookup with the draft (readAhead), batch
    expect([trips(draft), trips(posted)]).toEqual([2, 2]);
  });

  it("sees a deactivated account, a locked period and a new dimension on the next write", async () => {
    const { owner, companyId, periodId } = await warmCompany();
    const url = (p: string) => `/api/v1/companies/${companyId}${p}`;
    expect((await write(owner.key, "PATCH", url("/accounts/3001"), { is_active: false })).status).toBe(200);
    const refused = await createDraft(owner.key, companyId, periodId);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: "ACCOUNTS_NOT_IN_CHART", details: { accounts: ["3001"] } });
    expect((await write(owner.key, "PATCH", url("/accounts/3001"), { is_active: true })).status).toBe(200);
    expect((await createDraft(owner.key, companyId, periodId)).status).toBe(201);

    const dim = await write(owner.key, "POST", url("/dimensions"), { id: 6, name: "Projekt" });
    expect(dim.status).toBe(201);
    const code = await write(owner.key, "POST", url("/dimensions/6/codes"), { code: "P1", name: "Bygget" });
    expect(code.body).toMatchObject({ data: { code: "P1" } });
    const lines = saleLines().map((l, i) => (i === 1 ? { ...l, dimensions: { "6": "P1" } } : l));
    expect((await createDraft(owner.key, companyId, periodId, { lines })).status).toBe(201);

    // drafts exist on 2026-03-15, so the period is locked up to a date before them
    expect((await createDraft(owner.key, companyId, periodId, { entry_date: "2026-02-10" })).status).toBe(201);
    expect((await write(owner.key, "POST", url(`/fiscal-periods/${periodId}/lock`), { lock_date: "2026-01-31" })).status).toBe(200);
    const locked = await createDraft(owner.key, companyId, periodId, { entry_date: "2026-01-20" });
    expect(locked.body.error).toMatchObject({ code: "PERIOD_LOCKED", details: { lock_date: "2026-01-31" } });
    expect((await createDraft(owner.key, companyId, periodId, { entry_date: "2026-02-10" })).status).toBe(201);
  });

  it("leaves no number behind after a dry run, and fills a number a failed batch did not take", async () => {
    const { owner, companyId, periodId } = await warmCompany();
    const dry = await write(owner.key, "POST", `/api/v1/companies/${companyId}/journal-entries/${(await createDraft(owner.key, companyId, periodId)).body.data.id}/commit?dry_run=true`);
    expect(dry.status).toBe(200);
    expect(dry.body.data.voucher_number).toBe(2);
    expect((await postedEntry(owner.key, companyId, periodId)).voucher_number).toBe(2);
    // a number taken behind the writer's back (a restore, a hand-made row): the batch that
    // collides is refused by the unique index, the writer drops what it holds and runs
    // the command again on what D1 says
    await env.DB.prepare(
      "INSERT INTO journal_entries (id, company_id, fiscal_period_id, voucher_series, voucher_number, entry_date, description, status, source_type, total_ore, created_at) VALUES (?, ?, ?, 'A', 3, '2026-03-01', 'by hand', 'posted', 'sie_import', 0, ?)",
    )
      .bind(crypto.randomUUID(), companyId, periodId, new Date().toISOString())
      .run();
    expect((await postedEntry(owner.key, companyId, periodId)).voucher_number).toBe(4);
    expect((await postedEntry(owner.key, companyId, periodId)).voucher_number).toBe(5);
  });

  it("replays an idempotent commit with the same number and takes the next one after it", async () => {
    const { owner, companyId, periodId } = await warmCompany();
    const draft = await createDraft(owner.key, companyId, periodId);
    const key = uniqueKey();
    const first = await commit(owner.key, companyId, draft.body.data.id, { "Idempotency-Key": key });
    const again = await commit(owner.key, companyId, draft.body.data.id, { "Idempotency-Key": key });
    expect([first.body.data.voucher_number, again.body.data.voucher_number]).toEqual([2, 2]);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect((await postedEntry(owner.key, companyId, periodId)).voucher_number).toBe(3);
  });
});
