// A company's members through the API and the operators' API (issue #41 item 12,
// docs/platform.md "Members and roles"): who may change or remove whom, the last owner
// staying, the change seen by the user's very next request, dry run and idempotency, and
// the audit row and event of each change; every refusal changes nothing.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { admin, call, newActor, newCompany, newKey, uniqueKey, type Actor } from "../helpers";
import { booksDb } from "../books";

type Role = "owner" | "admin" | "member" | "viewer";

/** An owner's company with one user of each other role given (through the operators' API). */
async function team(roles: Role[] = ["admin", "member", "viewer"]) {
  const owner = await newActor();
  const company = await newCompany(owner.key);
  const users: Actor[] = [];
  for (const role of roles) {
    const user = await newActor();
    const added = await admin("POST", `/admin/v1/companies/${company.id}/members`, { user_id: user.userId, role });
    expect(added.status).toBe(201);
    users.push(user);
  }
  return { owner, companyId: company.id, users };
}

const membersUrl = (companyId: string, userId?: string) =>
  `/api/v1/companies/${companyId}/members${userId ? `/${userId}` : ""}`;

/** The directory's memberships of the company: user id to role. */
async function roles(companyId: string): Promise<Record<string, string>> {
  const { results } = await env.DIRECTORY.prepare("SELECT user_id, role FROM memberships WHERE company_id = ?")
    .bind(companyId)
    .all<{ user_id: string; role: string }>();
  return Object.fromEntries(results.map((r) => [r.user_id, r.role]));
}

/** The company's audit rows and events about members, oldest first. */
async function trail(companyId: string) {
  const audit = (
    await booksDb
      .prepare(
        "SELECT action, resource_type, resource_id, user_id, api_key_id FROM audit_log WHERE company_id = ? AND resource_type = 'member' ORDER BY rowid",
      )
      .bind(companyId)
      .all<any>()
  ).results;
  const events = (
    await booksDb
      .prepare(
        "SELECT type, object, previous_attributes FROM outbox_events WHERE company_id = ? AND type LIKE 'member.%' ORDER BY rowid",
      )
      .bind(companyId)
      .all<any>()
  ).results.map((e) => ({
    type: e.type,
    object: JSON.parse(e.object),
    previous: e.previous_attributes ? JSON.parse(e.previous_attributes) : null,
  }));
  return { audit, events };
}

/** A cheap company write as `key` (it also makes the company's writer hold the key and its role). */
const write = (key: string, companyId: string) =>
  call("PATCH", `/api/v1/companies/${companyId}/settings`, { key, body: { invoice_default_days: 20 } });
const read = (key: string, companyId: string) => call("GET", `/api/v1/companies/${companyId}`, { key });

const patchRole = (key: string, companyId: string, userId: string, role: string, headers = {}) =>
  call("PATCH", membersUrl(companyId, userId), { key, body: { role }, headers });
const remove = (key: string, companyId: string, userId: string, headers = {}) =>
  call("DELETE", membersUrl(companyId, userId), { key, headers });

/** Runs `refused`, expects its status and code, and that neither the memberships nor the trail changed. */
async function refusesAndKeeps(companyId: string, refused: () => Promise<any>, status: number, code: string) {
  const before = { roles: await roles(companyId), trail: await trail(companyId) };
  const res = await refused();
  expect(res.status).toBe(status);
  expect(res.body.error.code).toBe(code);
  expect(await roles(companyId)).toEqual(before.roles);
  expect(await trail(companyId)).toEqual(before.trail);
  return res;
}

describe("the members of a company", () => {
  it("lists the members with their roles to any member, and is 404 to a stranger", async () => {
    const { owner, companyId, users } = await team();
    const [adm, member, viewer] = users;
    const list = await call("GET", membersUrl(companyId), { key: viewer.key });
    expect(list.status).toBe(200);
    expect(Object.fromEntries(list.body.data.map((m: any) => [m.user_id, m.role]))).toEqual({
      [owner.userId]: "owner",
      [adm.userId]: "admin",
      [member.userId]: "member",
      [viewer.userId]: "viewer",
    });
    expect(list.body.data[0]).toMatchObject({ user_id: owner.userId, name: "Test Person", role: "owner" });
    expect(list.body.data[0].email).toMatch(/@example\.se$/);
    const one = await call("GET", membersUrl(companyId, member.userId), { key: member.key });
    expect(one.body.data).toMatchObject({ user_id: member.userId, role: "member" });
    const stranger = await newActor();
    expect((await call("GET", membersUrl(companyId), { key: stranger.key })).status).toBe(404);
    expect((await call("GET", membersUrl(companyId, stranger.userId), { key: owner.key })).status).toBe(404);
  });
});

describe("an owner's changes", () => {
  it("lowers an admin to viewer: audited, announced, and the user's next write is refused", async () => {
    const { owner, companyId, users } = await team(["admin"]);
    const [adm] = users;
    // the writer and this isolate now hold the admin's key and role
    expect((await write(adm.key, companyId)).status).toBe(200);
    const res = await patchRole(owner.key, companyId, adm.userId, "viewer");
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ user_id: adm.userId, role: "viewer" });
    expect(res.body.meta.audit.audit_trail_url).toMatch(new RegExp(`/api/v1/companies/${companyId}/audit-trail/`));
    expect((await roles(companyId))[adm.userId]).toBe("viewer");
    const refused = await write(adm.key, companyId);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("FORBIDDEN");
    expect((await read(adm.key, companyId)).status).toBe(200);
    const { audit, events } = await trail(companyId);
    expect(audit.slice(-1)).toEqual([
      {
        action: "member.role_changed",
        resource_type: "member",
        resource_id: adm.userId,
        user_id: owner.userId,
        api_key_id: owner.keyId,
      },
    ]);
    expect(events.slice(-1)).toEqual([
      {
        type: "member.role_changed",
        object: { company_id: companyId, user_id: adm.userId, role: "viewer" },
        previous: { role: "admin" },
      },
    ]);
    // the audit trail's own route shows the row the answer named
    const row = await call("GET", new URL(res.body.meta.audit.audit_trail_url, "http://x").pathname, {
      key: owner.key,
    });
    expect(row.body.data).toMatchObject({
      action: "member.role_changed",
      resource_id: adm.userId,
      user_id: owner.userId,
    });
  });

  it("removes a member: their keys answer 404 for the company at once, their other companies untouched", async () => {
    const { owner, companyId, users } = await team(["member"]);
    const [member] = users;
    const own = await newCompany(member.key);
    const hook = await call("POST", `/api/v1/companies/${companyId}/webhooks`, {
      key: owner.key,
      headers: { "Idempotency-Key": uniqueKey() },
      body: { event_type: "member.removed", webhook_url: "https://hooks.test/members", name: "members" },
    });
    expect(hook.status).toBe(201);
    const second = await newKey(member.userId);
    expect((await write(member.key, companyId)).status).toBe(200);
    expect((await read(second.key, companyId)).status).toBe(200);
    const res = await remove(owner.key, companyId, member.userId);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ user_id: member.userId, role: "member", removed_at: expect.any(String) });
    expect((await roles(companyId))[member.userId]).toBeUndefined();
    for (const key of [member.key, second.key]) {
      expect((await write(key, companyId)).status).toBe(404);
      expect((await read(key, companyId)).status).toBe(404);
      expect((await call("GET", membersUrl(companyId), { key })).status).toBe(404);
    }
    // no key was revoked: the user's own company answers as before
    expect((await write(member.key, own.id)).status).toBe(200);
    const companies = await call("GET", "/api/v1/companies", { key: second.key });
    expect(companies.body.data.map((c: any) => c.id)).toEqual([own.id]);
    const { audit, events } = await trail(companyId);
    expect(audit.slice(-1)[0]).toMatchObject({
      action: "member.removed",
      resource_id: member.userId,
      user_id: owner.userId,
    });
    const removed = events.slice(-1)[0];
    expect(removed).toMatchObject({
      type: "member.removed",
      object: { company_id: companyId, user_id: member.userId, role: "member" },
    });
    const deliveries = await booksDb
      .prepare("SELECT event_type FROM webhook_deliveries WHERE webhook_id = ?")
      .bind(hook.body.data.id)
      .all<any>();
    expect(deliveries.results.map((d) => d.event_type)).toEqual(["member.removed"]);
  });

  it("makes another member an owner, then steps down and may leave while another owner stays", async () => {
    const { owner, companyId, users } = await team(["member"]);
    const [next] = users;
    expect((await patchRole(owner.key, companyId, next.userId, "owner")).status).toBe(200);
    expect((await patchRole(owner.key, companyId, owner.userId, "admin")).status).toBe(200);
    expect(await roles(companyId)).toEqual({ [owner.userId]: "admin", [next.userId]: "owner" });
    // now an admin: the owner's membership is out of reach
    await refusesAndKeeps(companyId, () => remove(owner.key, companyId, next.userId), 403, "FORBIDDEN");
    expect((await remove(owner.key, companyId, owner.userId)).status).toBe(200);
    expect(await roles(companyId)).toEqual({ [next.userId]: "owner" });
  });

  it("asking for the role a member has changes nothing: no audit row, no event", async () => {
    const { owner, companyId, users } = await team(["member"]);
    const before = await trail(companyId);
    const res = await patchRole(owner.key, companyId, users[0].userId, "member");
    expect(res.status).toBe(200);
    expect(res.body.data.role).toBe("member");
    expect(await trail(companyId)).toEqual(before);
  });
});

describe("the last owner", () => {
  it("is never removed nor lowered, by themself, through the API or by the operators' API", async () => {
    const { owner, companyId } = await team(["admin"]);
    const last = (res: any) => expect(res.body.error.details).toMatchObject({ user_id: owner.userId });
    last(
      await refusesAndKeeps(companyId, () => remove(owner.key, companyId, owner.userId), 409, "MEMBERSHIP_LAST_OWNER"),
    );
    for (const role of ["admin", "member", "viewer"])
      await refusesAndKeeps(
        companyId,
        () => patchRole(owner.key, companyId, owner.userId, role),
        409,
        "MEMBERSHIP_LAST_OWNER",
      );
    await refusesAndKeeps(
      companyId,
      () => admin("POST", `/admin/v1/companies/${companyId}/members`, { user_id: owner.userId, role: "viewer" }),
      409,
      "MEMBERSHIP_LAST_OWNER",
    );
    await refusesAndKeeps(
      companyId,
      () => admin("DELETE", `/admin/v1/companies/${companyId}/members/${owner.userId}`),
      409,
      "MEMBERSHIP_LAST_OWNER",
    );
    // the owner still acts as one
    expect((await write(owner.key, companyId)).status).toBe(200);
  });

  it("stays when two owners step down at the same moment: one is refused", async () => {
    const { owner, companyId, users } = await team(["owner"]);
    const [other] = users;
    const answers = await Promise.all([
      patchRole(owner.key, companyId, owner.userId, "member"),
      patchRole(other.key, companyId, other.userId, "member"),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.error.code).toBe("MEMBERSHIP_LAST_OWNER");
    expect(Object.values(await roles(companyId)).sort()).toEqual(["member", "owner"]);
  });

  it("stays when two owners remove each other at the same moment: the second is no member any more", async () => {
    const { owner, companyId, users } = await team(["owner"]);
    const [other] = users;
    const answers = await Promise.all([
      remove(owner.key, companyId, other.userId),
      remove(other.key, companyId, owner.userId),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404]);
    expect(Object.values(await roles(companyId))).toEqual(["owner"]);
  });
});

describe("an admin's changes", () => {
  it("manages admins, members and viewers", async () => {
    const { companyId, users } = await team(["admin", "admin", "member", "viewer"]);
    const [adm, other, member, viewer] = users;
    expect((await patchRole(adm.key, companyId, member.userId, "viewer")).status).toBe(200);
    expect((await patchRole(adm.key, companyId, viewer.userId, "admin")).status).toBe(200);
    expect((await patchRole(adm.key, companyId, other.userId, "member")).status).toBe(200);
    expect((await remove(adm.key, companyId, member.userId)).status).toBe(200);
    const now = await roles(companyId);
    expect([now[adm.userId], now[other.userId], now[member.userId], now[viewer.userId]]).toEqual([
      "admin",
      "member",
      undefined,
      "admin",
    ]);
    const { audit } = await trail(companyId);
    expect(audit.slice(-4).map((a: any) => [a.action, a.user_id])).toEqual([
      ["member.role_changed", adm.userId],
      ["member.role_changed", adm.userId],
      ["member.role_changed", adm.userId],
      ["member.removed", adm.userId],
    ]);
  });

  it("never touches an owner's membership nor makes an owner", async () => {
    const { owner, companyId, users } = await team(["admin", "member"]);
    const [adm, member] = users;
    const ownerChange = await refusesAndKeeps(
      companyId,
      () => patchRole(adm.key, companyId, owner.userId, "admin"),
      403,
      "FORBIDDEN",
    );
    expect(ownerChange.body.error.details).toMatchObject({ role: "admin", reason: "owner_membership" });
    await refusesAndKeeps(companyId, () => remove(adm.key, companyId, owner.userId), 403, "FORBIDDEN");
    const grant = await refusesAndKeeps(
      companyId,
      () => patchRole(adm.key, companyId, member.userId, "owner"),
      403,
      "FORBIDDEN",
    );
    expect(grant.body.error.details.reason).toBe("grant_owner");
    await refusesAndKeeps(companyId, () => patchRole(adm.key, companyId, adm.userId, "owner"), 403, "FORBIDDEN");
  });
});

describe("members and viewers", () => {
  it("change no one's membership", async () => {
    const { owner, companyId, users } = await team(["member", "viewer"]);
    const [member, viewer] = users;
    const res = await refusesAndKeeps(
      companyId,
      () => patchRole(member.key, companyId, viewer.userId, "member"),
      403,
      "FORBIDDEN",
    );
    expect(res.body.error.details).toMatchObject({ role: "member", required_role: ["owner", "admin"] });
    await refusesAndKeeps(companyId, () => remove(member.key, companyId, member.userId), 403, "FORBIDDEN");
    await refusesAndKeeps(companyId, () => remove(viewer.key, companyId, owner.userId), 403, "FORBIDDEN");
    await refusesAndKeeps(companyId, () => patchRole(viewer.key, companyId, viewer.userId, "admin"), 403, "FORBIDDEN");
  });

  it("refuses a user who is no member (404) and a role that does not exist (400), changing nothing", async () => {
    const { owner, companyId } = await team(["member"]);
    const stranger = await newActor();
    await refusesAndKeeps(
      companyId,
      () => patchRole(owner.key, companyId, stranger.userId, "viewer"),
      404,
      "NOT_FOUND",
    );
    await refusesAndKeeps(companyId, () => remove(owner.key, companyId, stranger.userId), 404, "NOT_FOUND");
    await refusesAndKeeps(
      companyId,
      () => patchRole(owner.key, companyId, owner.userId, "king"),
      400,
      "VALIDATION_ERROR",
    );
  });
});

describe("dry run and idempotency", () => {
  it("previews a change and a removal without making them", async () => {
    const { owner, companyId, users } = await team(["member"]);
    const [member] = users;
    const before = { roles: await roles(companyId), trail: await trail(companyId) };
    const preview = await patchRole(owner.key, companyId, member.userId, "admin", { "X-Dry-Run": "true" });
    expect(preview.status).toBe(200);
    expect(preview.headers.get("X-Dry-Run")).toBe("true");
    expect(preview.body.meta.dry_run).toBe(true);
    expect(preview.body.data.role).toBe("admin");
    const gone = await remove(owner.key, companyId, member.userId, { "X-Dry-Run": "true" });
    expect(gone.body.data).toMatchObject({ user_id: member.userId, removed_at: expect.any(String) });
    // a dry run of a refusal is the refusal
    expect((await remove(owner.key, companyId, owner.userId, { "X-Dry-Run": "true" })).body.error.code).toBe(
      "MEMBERSHIP_LAST_OWNER",
    );
    expect(await roles(companyId)).toEqual(before.roles);
    expect(await trail(companyId)).toEqual(before.trail);
    expect((await write(member.key, companyId)).status).toBe(200);
  });

  it("replays a removal sent twice with one key: one removal, one audit row, one event", async () => {
    const { owner, companyId, users } = await team(["member"]);
    const [member] = users;
    const headers = { "Idempotency-Key": uniqueKey() };
    const first = await remove(owner.key, companyId, member.userId, headers);
    const again = await remove(owner.key, companyId, member.userId, headers);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.body.data).toEqual(first.body.data);
    const { audit, events } = await trail(companyId);
    expect(audit.filter((a: any) => a.action === "member.removed")).toHaveLength(1);
    expect(events.filter((e) => e.type === "member.removed")).toHaveLength(1);
    // without the key, a second removal finds no member
    expect((await remove(owner.key, companyId, member.userId)).status).toBe(404);
  });
});

describe("the operators' API", () => {
  it("adds, changes, lists and removes members, audited as the operator", async () => {
    const { owner, companyId } = await team([]);
    const user = await newActor();
    const url = `/admin/v1/companies/${companyId}/members`;
    const added = await admin("POST", url, { user_id: user.userId, role: "admin" });
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ user_id: user.userId, role: "admin" });
    expect((await write(user.key, companyId)).status).toBe(200);
    expect((await admin("POST", url, { user_id: user.userId, role: "viewer" })).status).toBe(201);
    expect((await write(user.key, companyId)).status).toBe(403);
    const list = await admin("GET", url);
    expect(list.body.data.map((m: any) => [m.user_id, m.role])).toEqual([
      [owner.userId, "owner"],
      [user.userId, "viewer"],
    ]);
    const preview = await call("DELETE", `${url}/${user.userId}`, {
      headers: { Authorization: "Bearer test-admin-token", "X-Dry-Run": "true" },
    });
    expect(preview.body.meta.dry_run).toBe(true);
    expect((await roles(companyId))[user.userId]).toBe("viewer");
    const removed = await admin("DELETE", `${url}/${user.userId}`);
    expect(removed.status).toBe(200);
    expect((await read(user.key, companyId)).status).toBe(404);
    const { audit, events } = await trail(companyId);
    expect(audit.map((a: any) => [a.action, a.user_id, a.api_key_id])).toEqual([
      ["member.added", "operator", "admin_token"],
      ["member.role_changed", "operator", "admin_token"],
      ["member.removed", "operator", "admin_token"],
    ]);
    expect(events.map((e) => [e.type, e.object.role, e.previous?.role ?? null])).toEqual([
      ["member.added", "admin", null],
      ["member.role_changed", "viewer", "admin"],
      ["member.removed", "viewer", null],
    ]);
  });

  it("makes a member an owner and lowers the old owner, and refuses an unknown user, company or member", async () => {
    const { owner, companyId, users } = await team(["member"]);
    const url = `/admin/v1/companies/${companyId}/members`;
    expect((await admin("POST", url, { user_id: users[0].userId, role: "owner" })).status).toBe(201);
    expect((await admin("POST", url, { user_id: owner.userId, role: "member" })).status).toBe(201);
    expect(await roles(companyId)).toEqual({ [owner.userId]: "member", [users[0].userId]: "owner" });
    const unknown = crypto.randomUUID();
    await refusesAndKeeps(companyId, () => admin("POST", url, { user_id: unknown, role: "member" }), 404, "NOT_FOUND");
    await refusesAndKeeps(companyId, () => admin("DELETE", `${url}/${unknown}`), 404, "NOT_FOUND");
    expect((await admin("GET", `/admin/v1/companies/${unknown}/members`)).status).toBe(404);
    expect((await admin("DELETE", `/admin/v1/companies/${unknown}/members/${owner.userId}`)).status).toBe(404);
    expect((await call("GET", url, { key: owner.key })).status).toBe(401);
  });
});
