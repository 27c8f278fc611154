// The one access gate, as a table: the key's state, the user's role in the company, the
// key's scopes and the body, against the answer's status and code. The spec's order
// (Authentication): 401 no or revoked key, 403 a missing scope, 404 a company the user
// is not a member of (or of the other mode), 403 a viewer writing, then 400 the body.
// Each row is asked twice, so that a write is checked both on a fresh answer and on one
// this isolate already holds (src/http/writer-access.ts).
import { describe, expect, it } from "vitest";
import { admin, call, newActor, newCompany, newKey, newUser, uniqueKey } from "../helpers";

type KeyState = "none" | "malformed" | "revoked" | "valid" | "test-mode";
type Role = "owner" | "member" | "viewer" | "stranger";
type Scope = "all" | "read-only" | "other";

const SCOPES: Record<Scope, string[]> = {
  all: ["*"],
  "read-only": ["customers:read"],
  other: ["invoices:read"],
};

interface Row {
  method: "GET" | "POST";
  key: KeyState;
  role: Role;
  scope: Scope;
  body: "valid" | "invalid";
  status: number;
  code?: string;
}

const GOOD = { name: "Grind Andersson", customer_type: "individual" };
const BAD = { name: "", customer_type: "individual" };

function expected(r: Omit<Row, "status" | "code">): Pick<Row, "status" | "code"> {
  if (r.key !== "valid" && r.key !== "test-mode") return { status: 401, code: "UNAUTHORIZED" };
  const needed = r.method === "POST" ? ["*"] : ["*", "customers:read"];
  if (!SCOPES[r.scope].some((s) => needed.includes(s))) return { status: 403, code: "INSUFFICIENT_SCOPE" };
  if (r.role === "stranger" || r.key === "test-mode") return { status: 404, code: "NOT_FOUND" };
  if (r.method === "POST" && r.role === "viewer") return { status: 403, code: "FORBIDDEN" };
  if (r.method === "POST" && r.body === "invalid") return { status: 400, code: "VALIDATION_ERROR" };
  return { status: r.method === "POST" ? 201 : 200 };
}

const rows: Row[] = [];
for (const method of ["GET", "POST"] as const)
  for (const key of ["none", "malformed", "revoked", "valid", "test-mode"] as const)
    for (const role of ["owner", "member", "viewer", "stranger"] as const)
      for (const scope of ["all", "read-only", "other"] as const)
        for (const body of method === "POST" ? (["valid", "invalid"] as const) : (["valid"] as const)) {
          const r = { method, key, role, scope, body };
          rows.push({ ...r, ...expected(r) });
        }

describe("the access gate", () => {
  it(`answers each of ${rows.length} combinations of key, role, scope and body with the spec's code, twice`, async () => {
    const owner = await newActor();
    const company = await newCompany(owner.key);
    const users: Record<Role, string> = {
      owner: owner.userId,
      member: await newUser(),
      viewer: await newUser(),
      stranger: await newUser(),
    };
    for (const role of ["member", "viewer"] as const)
      expect(
        (await admin("POST", `/admin/v1/companies/${company.id}/members`, { user_id: users[role], role })).status,
      ).toBe(201);
    const keys = new Map<string, string | undefined>();
    const keyOf = async (state: KeyState, role: Role, scope: Scope) => {
      const name = `${state}/${role}/${scope}`;
      if (!keys.has(name)) {
        if (state === "none") keys.set(name, undefined);
        else if (state === "malformed") keys.set(name, "service_sk_live_short");
        else {
          const made = await newKey(users[role], {
            scopes: SCOPES[scope],
            mode: state === "test-mode" ? "test" : "live",
          });
          if (state === "revoked") expect((await admin("DELETE", `/admin/v1/api-keys/${made.keyId}`)).status).toBe(200);
          keys.set(name, made.key);
        }
      }
      return keys.get(name);
    };
    const mismatches: string[] = [];
    for (const round of [1, 2]) {
      for (const r of rows) {
        const key = await keyOf(r.key, r.role, r.scope);
        const res = await call(r.method, `/api/v1/companies/${company.id}/customers`, {
          key,
          headers: r.method === "POST" ? { "Idempotency-Key": uniqueKey() } : {},
          body: r.method === "POST" ? (r.body === "valid" ? GOOD : BAD) : undefined,
        });
        const code = res.status >= 400 ? res.body?.error?.code : undefined;
        if (res.status !== r.status || code !== r.code)
          mismatches.push(`round ${round} ${JSON.stringify(r)}: got ${res.status} ${code ?? ""}`);
      }
    }
    expect(mismatches).toEqual([]);
    // nothing refused was written: only the owner's and the member's valid POSTs, twice each per scope "all"
    const list = await call("GET", `/api/v1/companies/${company.id}/customers?limit=100`, { key: owner.key });
    expect(list.body.data.length).toBe(rows.filter((r) => r.status === 201).length * 2);
  }, 240_000);
});
