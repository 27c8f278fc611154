// Attest of supplier invoices and staged writes (issue #44, docs/approvals.md), through the
// Worker: a company with its owner (who registers) and two approvers who are members.
import { describe, expect, it } from "vitest";
import { booksDb } from "../books";
import {
  admin,
  call,
  commit,
  companyFixture,
  createDraft,
  day,
  entryLines,
  newActor,
  saleLines,
  uniqueKey,
  write,
  yearAroundToday,
  type Actor,
} from "../helpers";

const f = companyFixture({ name: "Attest AB", ...yearAroundToday() });
const url = (p: string) => `/api/v1/companies/${f.companyId}${p}`;

let approvers: [Actor, Actor] | null = null;
/** Two approvers, members of the company, made once. */
async function twoApprovers(): Promise<[Actor, Actor]> {
  if (approvers) return approvers;
  const a = await newActor();
  const b = await newActor();
  for (const u of [a, b]) {
    const added = await admin("POST", `/admin/v1/companies/${f.companyId}/members`, {
      user_id: u.userId,
      role: "member",
    });
    expect(added.status).toBe(201);
  }
  approvers = [a, b];
  return approvers;
}

let supplierSeq = 0;
async function newSupplier() {
  const res = await write(f.actor.key, "POST", url("/suppliers"), {
    name: `Leverantör ${++supplierSeq} AB`,
    supplier_type: "swedish_business",
    default_expense_account: "4010",
    default_payment_terms: 30,
  });
  expect(res.status).toBe(201);
  return res.body.data.id as string;
}

let invoiceSeq = 0;
async function register(supplierId: string, amount: number, extra: Record<string, unknown> = {}) {
  const res = await write(f.actor.key, "POST", url("/supplier-invoices"), {
    supplier_id: supplierId,
    supplier_invoice_number: `F-${++invoiceSeq}`,
    invoice_date: day(-5),
    items: [{ description: "Varor", amount, vat_rate: 0.25 }],
    ...extra,
  });
  expect(res.status).toBe(201);
  return res.body.data;
}

const approve = (key: string, id: string) => write(key, "POST", url(`/supplier-invoices/${id}/approve`));
const reject = (key: string, id: string, reason?: string) =>
  write(key, "POST", url(`/supplier-invoices/${id}/reject`), reason === undefined ? {} : { reason });
const inbox = (key: string, query = "") => call("GET", url(`/approvals/inbox${query}`), { key });

describe("approval rules", () => {
  it("are kept by owners and admins, with approvers who are members", async () => {
    const [a] = await twoApprovers();
    const stranger = await newActor();
    const refused = await write(f.actor.key, "POST", url("/approval-rules"), {
      name: "Främling",
      steps: [{ approvers: [stranger.userId] }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe("APPROVAL_RULE_APPROVER_NOT_MEMBER");
    expect(refused.body.error.details.user_ids).toEqual([stranger.userId]);

    const byMember = await write(a.key, "POST", url("/approval-rules"), {
      name: "X",
      steps: [{ approvers: [a.userId] }],
    });
    expect(byMember.status).toBe(403);

    const twice = await write(f.actor.key, "POST", url("/approval-rules"), {
      name: "Dubbel",
      steps: [{ approvers: [a.userId] }, { approvers: [a.userId] }],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.error.code).toBe("VALIDATION_ERROR");

    const dry = await write(
      f.actor.key,
      "POST",
      url("/approval-rules"),
      { name: "Förhandsvisning", steps: [{ approvers: [a.userId] }] },
      { "X-Dry-Run": "true" },
    );
    expect(dry.status).toBe(201);
    expect((await call("GET", url("/approval-rules"), { key: f.actor.key })).body.data).toEqual([]);
  });
});

describe("the attest of supplier invoices", () => {
  let small = "";
  let large = "";
  let foureyes = "";
  let fourEyesSupplier = "";

  it("sets the rules: by amount one step or two in order, and four eyes for one supplier", async () => {
    const [a, b] = await twoApprovers();
    fourEyesSupplier = await newSupplier();
    const fe = await write(f.actor.key, "POST", url("/approval-rules"), {
      name: "Konsulten",
      position: 0,
      conditions: { supplier_ids: [fourEyesSupplier] },
      steps: [{ approvers: [f.actor.userId, a.userId] }],
    });
    expect(fe.status).toBe(201);
    foureyes = fe.body.data.id;
    const s = await write(f.actor.key, "POST", url("/approval-rules"), {
      name: "Upp till 10 000 kr",
      position: 1,
      conditions: { max_amount: 10000 },
      steps: [{ approvers: [a.userId] }],
    });
    expect(s.status).toBe(201);
    small = s.body.data.id;
    const l = await write(f.actor.key, "POST", url("/approval-rules"), {
      name: "Över 10 000 kr",
      position: 2,
      conditions: { min_amount: 10000.01 },
      steps: [{ approvers: [a.userId] }, { approvers: [b.userId] }],
      in_order: true,
    });
    expect(l.status).toBe(201);
    large = l.body.data.id;
    expect(l.body.data).toMatchObject({
      conditions: { min_amount: 10000.01, max_amount: null },
      steps: [
        { approvers: [a.userId], min_approvals: 1 },
        { approvers: [b.userId], min_approvals: 1 },
      ],
      in_order: true,
      allow_registrant: false,
    });
    const list = await call("GET", url("/approval-rules"), { key: f.actor.key });
    expect(list.body.data.map((r: { id: string }) => r.id)).toEqual([foureyes, small, large]);
  });

  it("puts a small invoice under the one-step rule and a large one under the two steps", async () => {
    const [a, b] = await twoApprovers();
    const supplier = await newSupplier();
    const cheap = await register(supplier, 4000); // 5 000 kr with VAT
    expect(cheap).toMatchObject({
      approval_status: "pending",
      approval_rule: { id: small },
      approval_waiting_for: [a.userId],
      registered_by: f.actor.userId,
      approvals: [],
    });
    const dear = await register(supplier, 20000); // 25 000 kr with VAT
    expect(dear).toMatchObject({
      approval_status: "pending",
      approval_rule: { id: large },
      approval_steps: [
        { approvers: [a.userId], approvals: 0 },
        { approvers: [b.userId], approvals: 0 },
      ],
      approval_waiting_for: [a.userId],
    });

    const one = await approve(a.key, cheap.id);
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ status: "approved", approval_status: "approved" });
    expect(one.body.data.approvals).toMatchObject([{ user_id: a.userId, decision: "approved", step: 0, round: 1 }]);
    expect(one.body.data.approved_at).not.toBeNull();

    // the second step before the first: refused, and nothing changed
    const early = await approve(b.key, dear.id);
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe("APPROVAL_OUT_OF_ORDER");
    expect(early.body.error.details.approvers).toEqual([a.userId]);
    const first = await approve(a.key, dear.id);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      status: "registered",
      approval_status: "pending",
      approval_waiting_for: [b.userId],
    });
    const again = await approve(a.key, dear.id);
    expect(again.body.error.code).toBe("APPROVAL_ALREADY_GIVEN");
    const stranger = await approve(f.actor.key, dear.id);
    expect(stranger.status).toBe(403);
    expect(stranger.body.error.code).toBe("APPROVAL_NOT_APPROVER");
    const second = await approve(b.key, dear.id);
    expect(second.status).toBe(200);
    expect(second.body.data).toMatchObject({
      status: "approved",
      approval_status: "approved",
      approval_waiting_for: [],
    });
    expect(second.body.data.approvals.map((x: { user_id: string }) => x.user_id)).toEqual([a.userId, b.userId]);

    // the trail: one audit row and one event per approval
    const got = await call("GET", url(`/supplier-invoices/${dear.id}`), { key: f.actor.key });
    expect(got.body.data.approvals).toHaveLength(2);
    const { results } = await booksDb
      .prepare(
        "SELECT type FROM outbox_events WHERE company_id = ? AND json_extract(object, '$.id') = ? ORDER BY rowid",
      )
      .bind(f.companyId, dear.id)
      .all<{ type: string }>();
    expect(results.map((r) => r.type)).toEqual([
      "supplier_invoice.registered",
      "supplier_invoice.approval_step",
      "supplier_invoice.approval_step",
      "supplier_invoice.approved",
    ]);
  });

  it("refuses the registrant's own approval under four eyes", async () => {
    const [a] = await twoApprovers();
    const inv = await register(fourEyesSupplier, 100);
    expect(inv.approval_rule.id).toBe(foureyes);
    expect(inv.approval_waiting_for).toEqual([a.userId]);
    const own = await approve(f.actor.key, inv.id);
    expect(own.status).toBe(403);
    expect(own.body.error.code).toBe("APPROVAL_FOUR_EYES");
    expect((await approve(a.key, inv.id)).body.data.approval_status).toBe("approved");
  });

  it("sends a rejected invoice back to its registrant, who resubmits it", async () => {
    const [a, b] = await twoApprovers();
    const supplier = await newSupplier();
    const inv = await register(supplier, 30000);
    expect((await approve(a.key, inv.id)).status).toBe(200);
    const noReason = await reject(b.key, inv.id);
    expect(noReason.status).toBe(400);
    const rejected = await reject(b.key, inv.id, "Fel kostnadsställe");
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toMatchObject({ status: "registered", approval_status: "rejected" });
    expect(rejected.body.data.approvals.at(-1)).toMatchObject({
      user_id: b.userId,
      decision: "rejected",
      reason: "Fel kostnadsställe",
    });
    expect((await approve(b.key, inv.id)).body.error.code).toBe("APPROVAL_NOT_PENDING");

    const mine = await inbox(f.actor.key);
    expect(mine.status).toBe(200);
    expect(mine.body.data.items).toContainEqual(
      expect.objectContaining({
        type: "supplier_invoice",
        id: inv.id,
        action: "correct_and_resubmit",
        reason: "Fel kostnadsställe",
      }),
    );

    const byOther = await write(b.key, "POST", url(`/supplier-invoices/${inv.id}/resubmit`), {});
    expect(byOther.status).toBe(403);
    const again = await write(f.actor.key, "POST", url(`/supplier-invoices/${inv.id}/resubmit`), { note: "Rättat" });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({
      approval_status: "pending",
      approval_round: 2,
      approval_waiting_for: [a.userId],
      approval_steps: [{ approvals: 0 }, { approvals: 0 }],
    });
    expect((await approve(a.key, inv.id)).status).toBe(200);
    const done = await approve(b.key, inv.id);
    expect(done.body.data).toMatchObject({ status: "approved", approval_status: "approved", approval_round: 2 });
    expect(done.body.data.approvals.map((x: { decision: string }) => x.decision)).toEqual([
      "approved",
      "rejected",
      "resubmitted",
      "approved",
      "approved",
    ]);
  });

  it("without a matching rule an invoice needs no attest, and one approval approves it as before", async () => {
    const supplier = await newSupplier();
    // 30 000 kr under the large rule would match: switch the rules off for this one
    for (const id of [small, large])
      expect((await write(f.actor.key, "PATCH", url(`/approval-rules/${id}`), { active: false })).status).toBe(200);
    const inv = await register(supplier, 30000);
    expect(inv).toMatchObject({ approval_status: "not_required", approval_rule: null, approval_waiting_for: [] });
    const ok = await approve(f.actor.key, inv.id);
    expect(ok.body.data).toMatchObject({ status: "approved", approval_status: "not_required" });
    expect((await reject(f.actor.key, inv.id, "x")).body.error.code).toBe("APPROVAL_NOT_PENDING");
    for (const id of [small, large])
      expect((await write(f.actor.key, "PATCH", url(`/approval-rules/${id}`), { active: true })).status).toBe(200);
  });

  it("takes a rule by account before the amount rules when it comes first", async () => {
    const [, b] = await twoApprovers();
    const byAccount = await write(f.actor.key, "POST", url("/approval-rules"), {
      name: "Förbrukningsinventarier",
      position: 0,
      conditions: { account_numbers: ["54"] },
      steps: [{ approvers: [b.userId] }],
    });
    expect(byAccount.status).toBe(201);
    const supplier = await newSupplier();
    const tools = await register(supplier, 2000, {
      items: [
        { description: "Varor", amount: 1000, vat_rate: 0.25 },
        { description: "Verktyg", amount: 1000, vat_rate: 0.25, account_number: "5410" },
      ],
    });
    expect(tools).toMatchObject({ approval_rule: { id: byAccount.body.data.id }, approval_waiting_for: [b.userId] });
    const goods = await register(supplier, 2000);
    expect(goods.approval_rule.id).toBe(small);
    expect((await write(f.actor.key, "DELETE", url(`/approval-rules/${byAccount.body.data.id}`))).status).toBe(204);
    // the invoice keeps the rule it was registered under
    const kept = await call("GET", url(`/supplier-invoices/${tools.id}`), { key: f.actor.key });
    expect(kept.body.data.approval_rule.name).toBe("Förbrukningsinventarier");
    expect((await approve(b.key, tools.id)).body.data.approval_status).toBe("approved");
  });

  it("shows each approver what waits for them, oldest due first", async () => {
    const [a, b] = await twoApprovers();
    const supplier = await newSupplier();
    const later = await register(supplier, 500, { due_date: day(40) });
    const sooner = await register(supplier, 600, { due_date: day(10) });
    const bigOne = await register(supplier, 50000, { due_date: day(20) });
    const ofA = await inbox(a.key);
    const ids = ofA.body.data.items
      .filter((i: { type: string }) => i.type === "supplier_invoice")
      .map((i: { id: string }) => i.id);
    expect(ids.indexOf(sooner.id)).toBeLessThan(ids.indexOf(bigOne.id));
    expect(ids.indexOf(bigOne.id)).toBeLessThan(ids.indexOf(later.id));
    // b's turn comes after a's
    const ofB = await inbox(b.key);
    expect(ofB.body.data.items.map((i: { id: string }) => i.id)).not.toContain(bigOne.id);
    // an owner reads another user's inbox; a member does not
    const asOwner = await inbox(f.actor.key, `?user_id=${a.userId}`);
    expect(asOwner.body.data.items.map((i: { id: string }) => i.id)).toEqual(
      ofA.body.data.items.map((i: { id: string }) => i.id),
    );
    expect((await inbox(b.key, `?user_id=${a.userId}`)).status).toBe(403);
    expect((await approve(a.key, bigOne.id)).status).toBe(200);
    expect((await inbox(b.key)).body.data.items.map((i: { id: string }) => i.id)).toContain(bigOne.id);
  });
});

describe("staged writes", () => {
  /** An agent: a member whose key has an unattended limit of 1 000 kr and, unless `staging` is null, stages over it. */
  async function agent(staging: Record<string, unknown> | null) {
    const actor = await newActor({ limit: 1000 });
    const added = await admin("POST", `/admin/v1/companies/${f.companyId}/members`, {
      user_id: actor.userId,
      role: "member",
    });
    expect(added.status).toBe(201);
    if (staging) {
      const set = await admin("PATCH", `/admin/v1/api-keys/${actor.keyId}/staging`, { staging });
      expect(set.status).toBe(200);
    }
    return actor;
  }
  const draft = async (key: string, net = 2000) => {
    const res = await createDraft(key, f.companyId, f.periodId, {
      entry_date: day(-1),
      lines: saleLines(net, net / 4),
    });
    expect(res.status).toBe(201);
    return res.body.data.id as string;
  };
  const requestUrl = (id: string, action = "") => url(`/approval-requests/${id}${action}`);
  const entryStatus = async (id: string) =>
    (await call("GET", url(`/journal-entries/${id}`), { key: f.actor.key })).body.data.status;

  it("a key that does not stage is still refused over its limit", async () => {
    const plain = await agent(null);
    const id = await draft(plain.key);
    const res = await commit(plain.key, f.companyId, id);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("UNATTENDED_COMMIT_LIMIT_EXCEEDED");
    expect(await entryStatus(id)).toBe("draft");
  });

  it("stages a commit over the limit; the approver commits it as the preview showed", async () => {
    const [a, b] = await twoApprovers();
    const bot = await agent({ stage_over_limit: true, approvers: [a.userId] });
    const under = await draft(bot.key, 400); // 500 kr: under the limit, committed at once
    expect((await commit(bot.key, f.companyId, under)).status).toBe(200);

    const id = await draft(bot.key);
    const ik = uniqueKey();
    const staged = await commit(bot.key, f.companyId, id, { "Idempotency-Key": ik });
    expect(staged.status).toBe(202);
    const req = staged.body.data;
    expect(req).toMatchObject({
      status: "pending",
      command: "journal_entries.commit",
      trigger: "over_limit",
      input: { id },
      approvers: [a.userId],
      requested_by: bot.userId,
      preview: { status: 200, data: { id, status: "posted", voucher_series: "A" } },
    });
    // a replay under the same key gives the same request, and makes no second one
    const replay = await commit(bot.key, f.companyId, id, { "Idempotency-Key": ik });
    expect(replay.status).toBe(202);
    expect(replay.body.data.id).toBe(req.id);
    expect(await entryStatus(id)).toBe("draft");

    const inA = await inbox(a.key);
    expect(inA.body.data.items).toContainEqual(
      expect.objectContaining({ type: "approval_request", id: req.id, action: "approve" }),
    );
    expect((await inbox(b.key)).body.data.items.map((i: { id: string }) => i.id)).not.toContain(req.id);

    const notMine = await write(b.key, "POST", requestUrl(req.id, "/approve"));
    expect(notMine.status).toBe(403);
    expect(notMine.body.error.code).toBe("APPROVAL_REQUEST_NOT_APPROVER");
    const dry = await write(a.key, "POST", requestUrl(req.id, "/approve"), undefined, { "X-Dry-Run": "true" });
    expect(dry.status).toBe(200);
    expect(await entryStatus(id)).toBe("draft");

    const ok = await write(a.key, "POST", requestUrl(req.id, "/approve"));
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ status: "committed", decided_by: a.userId, result: { id, status: "posted" } });
    expect(ok.body.meta.audit.voucher_number).toMatch(/^A\d+$/);
    expect(await entryStatus(id)).toBe("posted");
    expect(await entryLines(f.actor.key, f.companyId, id)).toEqual({
      "1930": [2500, 0],
      "3001": [0, 2000],
      "2611": [0, 500],
    });
    const again = await write(a.key, "POST", requestUrl(req.id, "/approve"));
    expect(again.body.error.code).toBe("APPROVAL_REQUEST_NOT_PENDING");

    // the requester hears: the events its webhooks are fanned out from
    const { results } = await booksDb
      .prepare(
        "SELECT type FROM outbox_events WHERE company_id = ? AND json_extract(object, '$.id') = ? ORDER BY rowid",
      )
      .bind(f.companyId, req.id)
      .all<{ type: string }>();
    expect(results.map((r) => r.type)).toEqual([
      "approval_request.created",
      "approval_request.approved",
      "approval_request.committed",
    ]);
    // the commit's audit row names the approver
    const audit = await booksDb
      .prepare(
        "SELECT user_id FROM audit_log WHERE company_id = ? AND action = 'journal_entry.committed' AND resource_id = ?",
      )
      .bind(f.companyId, id)
      .first<{ user_id: string }>();
    expect(audit?.user_id).toBe(a.userId);
  });

  it("a rejected request writes nothing", async () => {
    const [a] = await twoApprovers();
    const bot = await agent({ stage_over_limit: true, approvers: [a.userId] });
    const id = await draft(bot.key);
    const req = (await commit(bot.key, f.companyId, id)).body.data;
    expect((await write(a.key, "POST", requestUrl(req.id, "/reject"), {})).status).toBe(400);
    const no = await write(a.key, "POST", requestUrl(req.id, "/reject"), { reason: "Fel konto" });
    expect(no.status).toBe(200);
    expect(no.body.data).toMatchObject({ status: "rejected", reason: "Fel konto", decided_by: a.userId, result: null });
    expect(await entryStatus(id)).toBe("draft");
    const got = await call("GET", requestUrl(req.id), { key: bot.key });
    expect(got.body.data.status).toBe("rejected");
    expect((await write(a.key, "POST", requestUrl(req.id, "/approve"))).body.error.code).toBe(
      "APPROVAL_REQUEST_NOT_PENDING",
    );
  });

  it("fails cleanly when the books changed since the request", async () => {
    const [a] = await twoApprovers();
    const bot = await agent({ stage_over_limit: true, approvers: [a.userId] });
    const id = await draft(bot.key);
    const req = (await commit(bot.key, f.companyId, id)).body.data;
    // a person commits the draft meanwhile
    expect((await commit(f.actor.key, f.companyId, id)).status).toBe(200);
    const late = await write(a.key, "POST", requestUrl(req.id, "/approve"));
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe("APPROVAL_REQUEST_NO_LONGER_APPLIES");
    expect(late.body.error.details.cause.code).toBeTruthy();
    expect((await call("GET", requestUrl(req.id), { key: a.key })).body.data.status).toBe("pending");
  });

  it("stages every write of a named command, and asks the approver's code where the company wants it", async () => {
    const [a] = await twoApprovers();
    const bot = await agent({ stage_writes: ["journal_entries.commit"], approvers: [a.userId] });
    const small = await draft(bot.key, 100); // under the limit, staged all the same
    const req = (await commit(bot.key, f.companyId, small)).body.data;
    expect(req).toMatchObject({ status: "pending", trigger: "staged_command" });

    const set = await write(f.actor.key, "PATCH", url("/approval-settings"), { require_mfa: true });
    expect(set.status).toBe(200);
    const noCode = await call("POST", requestUrl(req.id, "/approve"), {
      key: a.key,
      mfa: false,
      headers: { "Idempotency-Key": uniqueKey() },
    });
    expect(noCode.status).toBe(403);
    expect(noCode.body.error.code).toBe("MFA_REQUIRED");
    expect(await entryStatus(small)).toBe("draft");
    const withCode = await write(a.key, "POST", requestUrl(req.id, "/approve"));
    expect(withCode.status).toBe(200);
    expect(await entryStatus(small)).toBe("posted");
    expect((await write(f.actor.key, "PATCH", url("/approval-settings"), { require_mfa: false })).status).toBe(200);
  });
});

describe("staging any write", () => {
  it("a key created with staging shows it", async () => {
    const [a] = await twoApprovers();
    const user = await newActor();
    const res = await admin("POST", "/admin/v1/api-keys", {
      user_id: user.userId,
      name: "agent",
      scopes: ["*"],
      mode: "test",
      unattended_commit_limit: 500,
      staging: { stage_over_limit: true, approvers: [a.userId] },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.staging).toEqual({ stage_over_limit: true, stage_writes: [], approvers: [a.userId] });
    const bad = await admin("POST", "/admin/v1/api-keys", {
      user_id: user.userId,
      name: "agent",
      scopes: ["*"],
      mode: "test",
      staging: { approvers: [a.userId] },
    });
    expect(bad.status).toBe(400);
  });

  it("stages a supplier invoice's registration; the approver registers it as the preview showed", async () => {
    const [a] = await twoApprovers();
    const bot = await newActor();
    expect(
      (await admin("POST", `/admin/v1/companies/${f.companyId}/members`, { user_id: bot.userId, role: "member" }))
        .status,
    ).toBe(201);
    const set = await admin("PATCH", `/admin/v1/api-keys/${bot.keyId}/staging`, {
      staging: { stage_writes: ["supplier_invoices.create"], approvers: [a.userId] },
    });
    expect(set.status).toBe(200);
    const supplier = await newSupplier();
    const staged = await write(bot.key, "POST", url("/supplier-invoices"), {
      supplier_id: supplier,
      supplier_invoice_number: "AGENT-1",
      invoice_date: day(-3),
      items: [{ description: "Tjänst", amount: 800, vat_rate: 0.25 }],
    });
    expect(staged.status).toBe(202);
    expect(staged.body.data).toMatchObject({
      command: "supplier_invoices.create",
      trigger: "staged_command",
      preview: { status: 201, data: { supplier_invoice_number: "AGENT-1", total: 1000 } },
    });
    const none = await call("GET", url(`/supplier-invoices?supplier_id=${supplier}`), { key: f.actor.key });
    expect(none.body.data).toEqual([]);
    const ok = await write(a.key, "POST", url(`/approval-requests/${staged.body.data.id}/approve`));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.result).toMatchObject({
      supplier_invoice_number: "AGENT-1",
      total: 1000,
      status: "registered",
    });
    const one = await call("GET", url(`/supplier-invoices?supplier_id=${supplier}`), { key: f.actor.key });
    expect(one.body.data.map((i: { id: string }) => i.id)).toEqual([ok.body.data.result.id]);
    expect(await entryLines(f.actor.key, f.companyId, ok.body.data.result.registration_journal_entry_id)).toEqual({
      "4010": [800, 0],
      "2641": [200, 0],
      "2440": [0, 1000],
    });
  });
});
