import { describe, expect, it } from "vitest";
import {
  admin,
  call,
  commit,
  createDraft,
  newActor,
  newCompany,
  newKey,
  postedEntry,
  saleLines,
  uniqueKey,
  write,
} from "../helpers";
import { booksDb } from "../books";

const trips = (res: { headers: Headers }) => Number(res.headers.get("X-D1-Round-Trips"));

async function warmCompany() {
  const owner = await newActor();
  const company = await newCompany(owner.key);
  // warm the writer: the key, the role, the books
  await postedEntry(owner.key, company.id, company.fiscal_period.id);
  return { owner, companyId: company.id, periodId: company.fiscal_period.id };
}

describe("the rate limit on a write whose access the Worker held", () => {
  // The count is awaited only when the write is about to go to the writer: a request
  // beyond the window must still never reach it, and must carry the 429's headers.
  it("refuses the 101st write of the minute with 429 and writes nothing for it", async () => {
    const { owner, companyId, periodId } = await warmCompany();
    const k = await newKey(owner.userId);
    const entries = async () =>
      (await booksDb
        .prepare("SELECT COUNT(*) AS n FROM journal_entries WHERE company_id = ?")
        .bind(companyId)
        .first<{ n: number }>())!.n;
    const before = await entries();
    const answers = [];
    for (let i = 0; i < 100; i++) answers.push((await createDraft(k.key, companyId, periodId)).status);
    const created = answers.filter((s) => s === 201).length;
    const limited = answers.filter((s) => s === 429).length;
    expect(created + limited).toBe(100);
    const over = await createDraft(k.key, companyId, periodId);
    if (limited === 0 && over.status === 201) return; // the minute rolled over mid-test
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe("RATE_LIMITED");
    expect(Number(over.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect(await entries()).toBe(before + created);
  });
});

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
    expect(
      (await admin("POST", `/admin/v1/companies/${companyId}/members`, { user_id: member.userId, role: "member" }))
        .status,
    ).toBe(201);
    const draft = await createDraft(member.key, companyId, periodId);
    expect(draft.status).toBe(201);
    expect(
      (await admin("POST", `/admin/v1/companies/${companyId}/members`, { user_id: member.userId, role: "viewer" }))
        .status,
    ).toBe(201);
    const refused = await commit(member.key, companyId, draft.body.data.id);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("FORBIDDEN");
    // nothing was numbered: the owner's commit takes number 2 (the warm-up took 1)
    expect((await commit(owner.key, companyId, draft.body.data.id)).body.data.voucher_number).toBe(2);
    expect(
      (await admin("POST", `/admin/v1/companies/${companyId}/members`, { user_id: member.userId, role: "member" }))
        .status,
    ).toBe(201);
    expect((await createDraft(member.key, companyId, periodId)).status).toBe(201);
  });

  it("answers a revoked key 401 even where the Worker would refuse its body, and gives it no replay", async () => {
    const { owner, companyId, periodId } = await warmCompany();
    const second = await newKey(owner.userId);
    const url = `/api/v1/companies/${companyId}/journal-entries`;
    const key = uniqueKey();
    const body = {
      fiscal_period_id: periodId,
      entry_date: "2026-03-15",
      description: "Kontantförsäljning",
      lines: saleLines(),
    };
    const first = await write(second.key, "POST", url, body, { "Idempotency-Key": key });
    expect(first.status).toBe(201);
    // a body the Worker refuses, while the key is good: 400
    expect((await write(second.key, "POST", url, { ...body, lines: "inga" })).status).toBe(400);
    expect((await admin("DELETE", `/admin/v1/api-keys/${second.keyId}`)).status).toBe(200);
    const badBody = await write(second.key, "POST", url, { ...body, lines: "inga" });
    expect(badBody.status).toBe(401);
    expect(badBody.body.error.code).toBe("UNAUTHORIZED");
    const replay = await write(second.key, "POST", url, body, { "Idempotency-Key": key });
    expect(replay.status).toBe(401);
    expect(replay.headers.get("Idempotent-Replayed")).toBeNull();
    const missingKey = await call("POST", url, { key: second.key, body });
    expect(missingKey.status).toBe(401);
  });

  it("answers a company the key's user does not belong to with 404, before and after it has been used there", async () => {
    const { companyId, periodId } = await warmCompany();
    const stranger = await newActor();
    expect((await createDraft(stranger.key, companyId, periodId)).status).toBe(404);
    expect((await createDraft(stranger.key, companyId, periodId)).status).toBe(404);
  });
});

describe("the books held by the company's writer", () => {
  it("makes a warm draft and a warm commit in 1 round trip each", async () => {
    const { owner, companyId, periodId } = await warmCompany();
    const draft = await createDraft(owner.key, companyId, periodId);
    const posted = await commit(owner.key, companyId, draft.body.data.id);
    expect(posted.body.data.voucher_number).toBe(2);
    // draft: the batch (the idempotency record in it); commit: the batch (the writer holds the draft it created)
    expect([trips(draft), trips(posted)]).toEqual([1, 1]);
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
    expect(
      (await write(owner.key, "POST", url(`/fiscal-periods/${periodId}/lock`), { lock_date: "2026-01-31" })).status,
    ).toBe(200);
    const locked = await createDraft(owner.key, companyId, periodId, { entry_date: "2026-01-20" });
    expect(locked.body.error).toMatchObject({ code: "PERIOD_LOCKED", details: { lock_date: "2026-01-31" } });
    expect((await createDraft(owner.key, companyId, periodId, { entry_date: "2026-02-10" })).status).toBe(201);
  });

  it("leaves no number behind after a dry run, and fills a number a failed batch did not take", async () => {
    const { owner, companyId, periodId } = await warmCompany();
    const dry = await write(
      owner.key,
      "POST",
      `/api/v1/companies/${companyId}/journal-entries/${(await createDraft(owner.key, companyId, periodId)).body.data.id}/commit?dry_run=true`,
    );
    expect(dry.status).toBe(200);
    expect(dry.body.data.voucher_number).toBe(2);
    expect((await postedEntry(owner.key, companyId, periodId)).voucher_number).toBe(2);
    // a number taken behind the writer's back (a restore, a hand-made row): the batch that
    // collides is refused by the unique index, the writer drops what it holds and runs
    // the command again on what D1 says
    await booksDb
      .prepare(
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

describe("drafts held by the company's writer", () => {
  const url = (companyId: string, p: string) => `/api/v1/companies/${companyId}${p}`;

  it("forgets a draft once committed or cancelled, and holds none from a dry run", async () => {
    const { owner, companyId, periodId } = await warmCompany();
    const draft = await createDraft(owner.key, companyId, periodId);
    const posted = await commit(owner.key, companyId, draft.body.data.id);
    expect([posted.status, trips(posted)]).toEqual([200, 1]);
    const twice = await commit(owner.key, companyId, draft.body.data.id);
    expect(twice.status).toBe(409);
    expect(twice.body.error.details).toMatchObject({ status: "posted", voucher_number: 2 });

    const other = await createDraft(owner.key, companyId, periodId);
    const cancelled = await write(owner.key, "POST", url(companyId, `/journal-entries/${other.body.data.id}/cancel`));
    expect([cancelled.status, cancelled.body.data.status]).toEqual([200, "cancelled"]);
    const afterCancel = await commit(owner.key, companyId, other.body.data.id);
    expect(afterCancel.status).toBe(409);
    expect(afterCancel.body.error.details).toMatchObject({ status: "cancelled" });

    const dry = await write(owner.key, "POST", url(companyId, "/journal-entries?dry_run=true"), {
      fiscal_period_id: periodId,
      entry_date: "2026-03-15",
      description: "Förhandsvisning",
      lines: saleLines(),
    });
    expect(dry.status).toBe(201);
    const notThere = await commit(owner.key, companyId, dry.body.data.id);
    expect(notThere.status).toBe(404);
    expect(notThere.body.error.code).toBe("JOURNAL_ENTRY_NOT_FOUND");
    expect((await postedEntry(owner.key, companyId, periodId)).voucher_number).toBe(3);
  });

  it("reads a held draft again after a failed batch dropped what the writer holds", async () => {
    const { owner, companyId, periodId } = await warmCompany();
    const draft = await createDraft(owner.key, companyId, periodId);
    await booksDb
      .prepare(
        "INSERT INTO journal_entries (id, company_id, fiscal_period_id, voucher_series, voucher_number, entry_date, description, status, source_type, total_ore, created_at) VALUES (?, ?, ?, 'A', 2, '2026-03-01', 'by hand', 'posted', 'sie_import', 0, ?)",
      )
      .bind(crypto.randomUUID(), companyId, periodId, new Date().toISOString())
      .run();
    // number 2 is taken behind the writer's back: the first batch is refused, everything
    // held is dropped, and the command runs again reading the draft from D1
    const posted = await commit(owner.key, companyId, draft.body.data.id);
    expect(posted.status).toBe(200);
    expect(posted.body.data.voucher_number).toBe(3);
    expect(trips(posted)).toBeGreaterThan(2);
    const lines = await booksDb
      .prepare(
        "SELECT account_number, debit_ore, credit_ore FROM journal_lines WHERE journal_entry_id = ? ORDER BY sort_order",
      )
      .bind(draft.body.data.id)
      .all();
    expect(lines.results).toEqual([
      { account_number: "1930", debit_ore: 125000, credit_ore: 0 },
      { account_number: "3001", debit_ore: 0, credit_ore: 100000 },
      { account_number: "2611", debit_ore: 0, credit_ore: 25000 },
    ]);
  });
});

describe("idempotency inside the write's batch", () => {
  const count = async (table: "journal_entries" | "audit_log" | "idempotency_records", companyId: string) =>
    (await booksDb
      .prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE company_id = ?`)
      .bind(companyId)
      .first<{ n: number }>())!.n;
  const draftBody = (periodId: string, description = "Kontantförsäljning") => ({
    fiscal_period_id: periodId,
    entry_date: "2026-03-15",
    description,
    lines: saleLines(),
  });

  it("replays a commit after its success with the stored answer and writes nothing more", async () => {
    const { owner, companyId, periodId } = await warmCompany();
    const draft = await createDraft(owner.key, companyId, periodId);
    const key = uniqueKey();
    const first = await commit(owner.key, companyId, draft.body.data.id, { "Idempotency-Key": key });
    expect(first.status).toBe(200);
    const [entries, audits] = [await count("journal_entries", companyId), await count("audit_log", companyId)];
    // the draft is posted now, so the plan refuses; the key's record answers instead
    const again = await commit(owner.key, companyId, draft.body.data.id, { "Idempotency-Key": key });
    expect(again.status).toBe(200);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.body.data).toEqual(first.body.data);
    expect([await count("journal_entries", companyId), await count("audit_log", companyId)]).toEqual([entries, audits]);
    // the same key on another body (another draft) is a reuse, whatever that draft's state
    const other = await createDraft(owner.key, companyId, periodId);
    const reuse = await commit(owner.key, companyId, other.body.data.id, { "Idempotency-Key": key });
    expect(reuse.status).toBe(409);
    expect(reuse.body.error.code).toBe("IDEMPOTENCY_KEY_REUSE");
    expect((await commit(owner.key, companyId, other.body.data.id)).body.data.voucher_number).toBe(
      first.body.data.voucher_number + 1,
    );
  });

  it("refuses a create replayed with another body as IDEMPOTENCY_KEY_REUSE and writes nothing, then still writes", async () => {
    const { owner, companyId, periodId } = await warmCompany();
    const url = `/api/v1/companies/${companyId}/journal-entries`;
    const key = uniqueKey();
    const first = await write(owner.key, "POST", url, draftBody(periodId), { "Idempotency-Key": key });
    expect(first.status).toBe(201);
    const same = await write(owner.key, "POST", url, draftBody(periodId), { "Idempotency-Key": key });
    expect(same.status).toBe(201);
    expect(same.headers.get("Idempotent-Replayed")).toBe("true");
    expect(same.body.data.id).toBe(first.body.data.id);
    const counts = [
      await count("journal_entries", companyId),
      await count("audit_log", companyId),
      await count("idempotency_records", companyId),
    ];
    const reuse = await write(owner.key, "POST", url, draftBody(periodId, "Annan text"), { "Idempotency-Key": key });
    expect(reuse.status).toBe(409);
    expect(reuse.body.error.code).toBe("IDEMPOTENCY_KEY_REUSE");
    expect([
      await count("journal_entries", companyId),
      await count("audit_log", companyId),
      await count("idempotency_records", companyId),
    ]).toEqual(counts);
    // the writer kept what it holds: the next draft is one round trip, its commit numbers on
    expect(trips(await createDraft(owner.key, companyId, periodId))).toBe(1);
    expect((await postedEntry(owner.key, companyId, periodId)).voucher_number).toBe(2);
  });

  it("lets a key whose record has expired write again", async () => {
    const { owner, companyId, periodId } = await warmCompany();
    const url = `/api/v1/companies/${companyId}/journal-entries`;
    const key = uniqueKey();
    const first = await write(owner.key, "POST", url, draftBody(periodId), { "Idempotency-Key": key });
    expect(first.status).toBe(201);
    await booksDb
      .prepare("UPDATE idempotency_records SET expires_at = ? WHERE company_id = ? AND idempotency_key = ?")
      .bind("2000-01-01T00:00:00.000Z", companyId, key)
      .run();
    const entries = await count("journal_entries", companyId);
    const again = await write(owner.key, "POST", url, draftBody(periodId), { "Idempotency-Key": key });
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBeNull();
    expect(again.body.data.id).not.toBe(first.body.data.id);
    expect(await count("journal_entries", companyId)).toBe(entries + 1);
    const record = await booksDb
      .prepare("SELECT expires_at FROM idempotency_records WHERE company_id = ? AND idempotency_key = ?")
      .bind(companyId, key)
      .first<{ expires_at: string }>();
    expect(record!.expires_at > new Date().toISOString()).toBe(true);
    // and the new record replays
    const third = await write(owner.key, "POST", url, draftBody(periodId), { "Idempotency-Key": key });
    expect(third.headers.get("Idempotent-Replayed")).toBe("true");
    expect(third.body.data.id).toBe(again.body.data.id);
  });

  it("replays a refusal as the same refusal", async () => {
    const { owner, companyId, periodId } = await warmCompany();
    const url = `/api/v1/companies/${companyId}/journal-entries`;
    const key = uniqueKey();
    const body = {
      ...draftBody(periodId),
      lines: saleLines().map((l) => ({
        ...l,
        account_number: l.account_number === "1930" ? "1931" : l.account_number,
      })),
    };
    const first = await write(owner.key, "POST", url, body, { "Idempotency-Key": key });
    expect(first.status).toBe(400);
    expect(first.body.error.code).toBe("ACCOUNTS_NOT_IN_CHART");
    const entries = await count("journal_entries", companyId);
    const again = await write(owner.key, "POST", url, body, { "Idempotency-Key": key });
    expect(again.status).toBe(400);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    const { request_id: _a, ...replayed } = again.body.error;
    const { request_id: _b, ...original } = first.body.error;
    expect(replayed).toEqual(original);
    expect(await count("journal_entries", companyId)).toBe(entries);
  });
});
