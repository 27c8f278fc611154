import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { nowMs, shiftClock } from "../../src/clock";
import { type ApiVersion, useVersionTable } from "../../src/http/versions";
import { ADMIN_TOKEN, call, newActor, newCompany, uniqueKey, withFreshCode } from "../helpers";
import { booksDb } from "../books";

const OLD = "2025-11-01";
const CURRENT = "2026-05-12";
const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

let shifted = 0;
let previousTable: readonly ApiVersion[] = [];
let retiresOn = "";

beforeEach(() => {
  retiresOn = isoDay(nowMs() + 120 * DAY);
  previousTable = useVersionTable([
    { version: OLD, retiresOn },
    { version: CURRENT, retiresOn: null },
  ]);
});
afterEach(() => {
  shiftClock(-shifted);
  shifted = 0;
  useVersionTable(previousTable);
});

/** Moves the service's clock to noon UTC of `date`. */
function today(date: string) {
  const by = Date.parse(`${date}T12:00:00Z`) - nowMs();
  shiftClock(by);
  shifted += by;
}

/** A live key of an actor's user (enrolled by newActor), its second step proved. */
async function keyOf(userId: string, apiVersion?: string) {
  return withFreshCode(userId, (mfa) =>
    call("POST", "/admin/v1/api-keys", {
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, ...mfa },
      body: {
        user_id: userId,
        name: "versioned",
        scopes: ["*"],
        mode: "live",
        ...(apiVersion ? { api_version: apiVersion } : {}),
      },
    }),
  );
}

const customerCount = async (companyId: string) =>
  (await booksDb
    .prepare("SELECT COUNT(*) AS n FROM customers WHERE company_id = ?")
    .bind(companyId)
    .first<{ n: number }>())!.n;

describe("the Service-Version request header", () => {
  it("answers in the version asked for, in the header and in meta", async () => {
    const actor = await newActor();
    const old = await call("GET", "/api/v1/companies", { key: actor.key, headers: { "Service-Version": OLD } });
    expect(old.status).toBe(200);
    expect(old.headers.get("Service-Version")).toBe(OLD);
    expect(old.body.meta.api_version).toBe(OLD);
    const plain = await call("GET", "/api/v1/companies", { key: actor.key });
    expect(plain.headers.get("Service-Version")).toBe(CURRENT);
    expect(plain.body.meta.api_version).toBe(CURRENT);
    // health has no key: the header alone decides, else the current version
    const health = await call("GET", "/api/v1/health", { headers: { "Service-Version": OLD } });
    expect(health.body.data.api_version).toBe(OLD);
  });

  it("refuses an unknown or malformed version with VALIDATION_ERROR naming the header, and writes nothing", async () => {
    const actor = await newActor();
    const company = await newCompany(actor.key);
    for (const asked of ["2020-01-01", "latest", "2026-05-12x"]) {
      const res = await call("POST", `/api/v1/companies/${company.id}/customers`, {
        key: actor.key,
        headers: { "Service-Version": asked, "Idempotency-Key": uniqueKey() },
        body: { name: "Kund AB", customer_type: "swedish_business" },
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({
        code: "VALIDATION_ERROR",
        details: { header: "Service-Version", received: asked, known_versions: [OLD, CURRENT] },
      });
      // the error itself is answered in the current version
      expect(res.headers.get("Service-Version")).toBe(CURRENT);
    }
    expect(await customerCount(company.id)).toBe(0);
  });

  it("leaves a request without a valid key at 401, whatever version it names", async () => {
    const res = await call("GET", "/api/v1/companies", { headers: { "Service-Version": "1999-01-01" } });
    expect(res.status).toBe(401);
  });
});

describe("keys and webhooks keep the version they were created under", () => {
  it("pins a new key to the current version, or to the one named; refuses an unknown one", async () => {
    const actor = await newActor();
    const current = await keyOf(actor.userId);
    expect(current.body.data.api_version).toBe(CURRENT);
    const old = await keyOf(actor.userId, OLD);
    expect(old.status).toBe(201);
    expect(old.body.data.api_version).toBe(OLD);
    const stored = await booksDb
      .prepare("SELECT api_version FROM api_keys WHERE id = ?")
      .bind(old.body.data.id)
      .first<{ api_version: string }>();
    expect(stored!.api_version).toBe(OLD);
    const unknown = await keyOf(actor.userId, "2019-01-01");
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details.fields[0].path).toBe("api_version");

    // the old key's requests are answered in its version; the header overrides it
    const read = await call("GET", "/api/v1/companies", { key: old.body.data.key });
    expect(read.headers.get("Service-Version")).toBe(OLD);
    const upgraded = await call("GET", "/api/v1/companies", {
      key: old.body.data.key,
      headers: { "Service-Version": CURRENT },
    });
    expect(upgraded.headers.get("Service-Version")).toBe(CURRENT);
  });

  it("pins a webhook to the version of the request that created it", async () => {
    const actor = await newActor();
    const company = await newCompany(actor.key);
    const old = (await keyOf(actor.userId, OLD)).body.data.key as string;
    const hook = (key: string, headers: Record<string, string> = {}) =>
      call("POST", `/api/v1/companies/${company.id}/webhooks`, {
        key,
        headers: { "Idempotency-Key": uniqueKey(), ...headers },
        body: { event_type: "customer.created", webhook_url: "https://hooks.test/ok/v", name: "v" },
      });
    expect((await hook(old)).body.data.api_version_pinned).toBe(OLD);
    expect((await hook(actor.key)).body.data.api_version_pinned).toBe(CURRENT);
    expect((await hook(actor.key, { "Service-Version": OLD })).body.data.api_version_pinned).toBe(OLD);
  });
});

describe("deprecation and retirement", () => {
  it("stamps Service-Deprecation from three months before retirement, and answers 410 from the retirement date", async () => {
    const actor = await newActor();
    const company = await newCompany(actor.key);
    const oldKey = (await keyOf(actor.userId, OLD)).body.data.key as string;
    const ask = (key: string, headers: Record<string, string> = {}) =>
      call("GET", `/api/v1/companies/${company.id}`, { key, headers });

    // 120 days before retirement: no notice yet
    const early = await ask(oldKey);
    expect(early.status).toBe(200);
    expect(early.headers.get("Service-Deprecation")).toBeNull();

    // the notice begins three calendar months before the retirement date
    const [y, m, d] = retiresOn.split("-").map(Number);
    const noticeStart = new Date(Date.UTC(y, m - 4, 1));
    noticeStart.setUTCDate(Math.min(d, new Date(Date.UTC(y, m - 3, 0)).getUTCDate()));
    today(isoDay(noticeStart.getTime() - DAY));
    expect((await ask(oldKey)).headers.get("Service-Deprecation")).toBeNull();
    today(isoDay(noticeStart.getTime()));
    const noticed = await ask(oldKey);
    expect(noticed.status).toBe(200);
    expect(noticed.headers.get("Service-Deprecation")).toBe(retiresOn);
    // a key on the current version, and the header asking for it, get no notice
    expect((await ask(actor.key)).headers.get("Service-Deprecation")).toBeNull();
    expect((await ask(oldKey, { "Service-Version": CURRENT })).headers.get("Service-Deprecation")).toBeNull();
    expect((await ask(actor.key, { "Service-Version": OLD })).headers.get("Service-Deprecation")).toBe(retiresOn);

    // the day before retirement still answers; on the day, 410 with the standard envelope
    today(isoDay(Date.parse(retiresOn) - DAY));
    expect((await ask(oldKey)).status).toBe(200);
    today(retiresOn);
    const retired = await ask(actor.key, { "Service-Version": OLD });
    expect(retired.status).toBe(410);
    expect(retired.body).toEqual({
      error: {
        code: "API_VERSION_RETIRED",
        message: `API-versionen ${OLD} avvecklades ${retiresOn}.`,
        message_en: `API version ${OLD} was retired on ${retiresOn}.`,
        details: { version: OLD, retired_on: retiresOn, current_version: CURRENT, source: "Service-Version header" },
        docs_url: "/api/v1/errors/API_VERSION_RETIRED",
        request_id: retired.headers.get("X-Request-Id"),
        recovery_hint: expect.stringContaining(`Service-Version: ${CURRENT}`),
      },
    });
    // a key pinned to the retired version is refused too, unless it asks for a live version
    const pinned = await ask(oldKey);
    expect(pinned.status).toBe(410);
    expect(pinned.body.error.details.source).toBe("api_key");
    expect((await ask(oldKey, { "Service-Version": CURRENT })).status).toBe(200);
    // no new key may be pinned to a retired version
    expect((await keyOf(actor.userId, OLD)).body.error.code).toBe("API_VERSION_RETIRED");
  });

  it("writes nothing for a request in a retired version", async () => {
    const actor = await newActor();
    const company = await newCompany(actor.key);
    today(retiresOn);
    const res = await call("POST", `/api/v1/companies/${company.id}/customers`, {
      key: actor.key,
      headers: { "Service-Version": OLD, "Idempotency-Key": uniqueKey() },
      body: { name: "Kund AB", customer_type: "swedish_business" },
    });
    expect(res.status).toBe(410);
    expect(await customerCount(company.id)).toBe(0);
  });
});
