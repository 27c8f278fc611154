// The Worker isolate's memory of the company writers' access answers (src/http/writer-access.ts):
// only answers that let a write through, for a minute, at most WRITER_ACCESS_MAX of them.
import { describe, expect, it } from "vitest";
import type { Access } from "../../src/http/access";
import { accessRefusal } from "../../src/http/access";
import {
  dropAccess,
  heldAccess,
  keepAccess,
  WRITER_ACCESS_MAX,
  WRITER_ACCESS_TTL_MS,
} from "../../src/http/writer-access";

const company = "0b8f7a0e-7a51-4c57-9a43-2f0c3c3f2a10";
const access = (role: "owner" | "member" | "viewer", mode: "live" | "test" = "live", scopes = ["*"]): Access => ({
  key: {
    keyHash: "h",
    apiKeyId: "k1",
    userId: "u1",
    scopes,
    mode,
    unattendedCommitLimitOre: null,
    kind: "key",
    companyIds: null,
    expiresAtMs: null,
    apiVersion: "2026-05-12",
  },
  membership: { role, isSandbox: false, home: "LEDGER_1" },
});
const hash = () => crypto.randomUUID();

describe("the isolate's held access answers", () => {
  it("holds a member's answer for a minute, then asks again", () => {
    const h = hash();
    keepAccess(h, company, access("member"), 1_000);
    expect(heldAccess(h, company, 1_000 + WRITER_ACCESS_TTL_MS - 1)?.membership?.role).toBe("member");
    expect(heldAccess(h, company, 1_000 + WRITER_ACCESS_TTL_MS)).toBeNull();
    expect(heldAccess(h, company, 1_000)).toBeNull();
  });

  it("never holds a refusal or a viewer, and a refusal replaces what was held", () => {
    const h = hash();
    keepAccess(h, company, access("viewer"));
    expect(heldAccess(h, company)).toBeNull();
    keepAccess(h, company, { key: null, membership: null });
    expect(heldAccess(h, company)).toBeNull();
    keepAccess(h, company, access("owner"));
    expect(heldAccess(h, company)).not.toBeNull();
    keepAccess(h, company, { key: access("owner").key, membership: null });
    expect(heldAccess(h, company)).toBeNull();
    keepAccess(h, company, access("owner"));
    dropAccess(h, company);
    expect(heldAccess(h, company)).toBeNull();
  });

  it("holds at most WRITER_ACCESS_MAX answers, dropping the oldest", () => {
    const first = hash();
    keepAccess(first, company, access("member"));
    const rest = Array.from({ length: WRITER_ACCESS_MAX }, () => hash());
    for (const h of rest) keepAccess(h, company, access("member"));
    expect(heldAccess(first, company)).toBeNull();
    expect(heldAccess(rest[0], company)).not.toBeNull();
    expect(heldAccess(rest[rest.length - 1], company)).not.toBeNull();
  });
});

describe("accessRefusal: the Worker's order of access checks, applied by the writer too", () => {
  const write = { scope: "bookkeeping:write", company: true, write: true };
  it("answers 401, 403 scope, 404, 403 viewer in that order", () => {
    expect(accessRefusal({ key: null, membership: null }, company, write)?.code).toBe("UNAUTHORIZED");
    expect(
      accessRefusal({ ...access("viewer", "live", ["bookkeeping:read"]), membership: null }, company, write),
    ).toMatchObject({ code: "INSUFFICIENT_SCOPE", details: { required_scope: "bookkeeping:write" } });
    expect(accessRefusal({ ...access("viewer"), membership: null }, company, write)).toMatchObject({
      code: "NOT_FOUND",
      details: { resource: "company", id: company },
    });
    // a test key sees only sandbox companies
    expect(accessRefusal(access("owner", "test"), company, write)?.code).toBe("NOT_FOUND");
    expect(accessRefusal(access("viewer"), company, write)).toMatchObject({
      code: "FORBIDDEN",
      details: { role: "viewer" },
    });
    expect(accessRefusal(access("viewer"), company, { ...write, write: false })).toBeNull();
    expect(accessRefusal(access("member", "live", ["bookkeeping:write"]), company, write)).toBeNull();
  });
});
