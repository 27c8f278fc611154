import { describe, expect, it } from "vitest";
import { nowMs, shiftClock } from "../../src/clock";
import { MFA_FAILURE_WINDOW_MS, MFA_LOCK_MS, MFA_MAX_FAILURES } from "../../src/http/mfa";
import { base32Decode, totp } from "../../src/http/totp";
import {
  ADMIN_TOKEN,
  admin,
  call,
  enrolMfa,
  line,
  mfaCode,
  newActor,
  newCompany,
  newUser,
  postedEntry,
  settleOperation,
  uniqueKey,
  withFreshCode,
} from "../helpers";
import { booksDb } from "../books";

const YEAR = { first_fiscal_year: { start_date: "2026-01-01", end_date: "2026-12-31" }, fiscal_year_start_month: 1 };
const adminAuth = { Authorization: `Bearer ${ADMIN_TOKEN}` };

const createKey = (userId: string, mode: "live" | "test", headers: Record<string, string> = {}) =>
  call("POST", "/admin/v1/api-keys", {
    headers: { ...adminAuth, ...headers },
    body: { user_id: userId, name: "k", scopes: ["*"], mode },
  });

const keysOf = async (userId: string) =>
  (await booksDb.prepare("SELECT COUNT(*) AS n FROM api_keys WHERE user_id = ?").bind(userId).first<{ n: number }>())!
    .n;

function expectMfaRequired(res: { status: number; body: any }, reason: string, action: string) {
  expect(res.status).toBe(403);
  expect(res.body.error).toMatchObject({
    code: "MFA_REQUIRED",
    details: { header: "X-Service-MFA", reason, action },
    docs_url: "/api/v1/errors/MFA_REQUIRED",
  });
}

describe("enrolling an authenticator", () => {
  it("shows the secret once, stores it encrypted, and replaces it only with the current code", async () => {
    const userId = await newUser();
    const first = await enrolMfa(userId);
    expect(first.status).toBe(201);
    const secret = first.body.data.secret as string;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(first.body.data).toMatchObject({ user_id: userId, algorithm: "SHA1", digits: 6, period: 30 });
    expect(first.body.data.otpauth_uri).toMatch(
      new RegExp(`^otpauth://totp/Bokf%C3%B6ring%20API%3A.+\\?secret=${secret}&issuer=`),
    );
    const stored = await booksDb
      .prepare("SELECT mfa_secret_enc, mfa_enrolled_at FROM users WHERE id = ?")
      .bind(userId)
      .first<{ mfa_secret_enc: string; mfa_enrolled_at: string }>();
    expect(stored!.mfa_secret_enc).toMatch(/^v1\./);
    expect(stored!.mfa_secret_enc).not.toContain(secret);
    expect(stored!.mfa_enrolled_at).toBe(first.body.data.enrolled_at);

    // re-enrolling (a new phone) needs the current code of the old secret
    const bare = await call("POST", `/admin/v1/users/${userId}/mfa`, { headers: adminAuth });
    expectMfaRequired(bare, "code_missing", "users.mfa_reenrol");
    const after = await booksDb
      .prepare("SELECT mfa_secret_enc FROM users WHERE id = ?")
      .bind(userId)
      .first<{ mfa_secret_enc: string }>();
    expect(after!.mfa_secret_enc).toBe(stored!.mfa_secret_enc);
    const oldCode = await mfaCode(userId);
    const second = await enrolMfa(userId, { "X-Service-MFA": oldCode });
    expect(second.status).toBe(201);
    expect(second.body.data.secret).not.toBe(secret);
    // the old secret's codes no longer prove anything
    const oldSecret = base32Decode(secret)!;
    const withOld = await createKey(userId, "live", { "X-Service-MFA": await totp(oldSecret, nowMs()) });
    if ((await totp(oldSecret, nowMs())) !== (await mfaCode(userId)))
      expectMfaRequired(withOld, "code_invalid", "api_keys.create_live");
  });

  it("answers 404 for an unknown user", async () => {
    const res = await call("POST", "/admin/v1/users/00000000-0000-4000-8000-000000000000/mfa", { headers: adminAuth });
    expect(res.status).toBe(404);
  });
});

describe("creating a live API key", () => {
  it("is refused for a user who has not enrolled, with a hint to enrol, and creates nothing", async () => {
    const userId = await newUser();
    const res = await createKey(userId, "live");
    expectMfaRequired(res, "not_enrolled", "api_keys.create_live");
    expect(res.body.error.recovery_hint).toContain(`/admin/v1/users/${userId}/mfa`);
    expect(await keysOf(userId)).toBe(0);
  });

  it("needs the user's current code: missing, wrong or stale codes are refused, the current one accepted", async () => {
    const userId = await newUser();
    await enrolMfa(userId);
    expectMfaRequired(await createKey(userId, "live"), "code_missing", "api_keys.create_live");
    const current = await mfaCode(userId);
    const wrong = String((Number(current) + 1) % 1_000_000).padStart(6, "0");
    expectMfaRequired(
      await createKey(userId, "live", { "X-Service-MFA": wrong }),
      "code_invalid",
      "api_keys.create_live",
    );
    const stale = await mfaCode(userId, nowMs() - 120_000);
    if (stale !== current)
      expectMfaRequired(
        await createKey(userId, "live", { "X-Service-MFA": stale }),
        "code_invalid",
        "api_keys.create_live",
      );
    expectMfaRequired(
      await createKey(userId, "live", { "X-Service-MFA": "12 345" }),
      "code_invalid",
      "api_keys.create_live",
    );
    expect(await keysOf(userId)).toBe(0);
    // a code from one step ago is still accepted (a phone's clock a little behind)
    const ok = await createKey(userId, "live", { "X-Service-MFA": await mfaCode(userId, nowMs() - 30_000) });
    expect(ok.status).toBe(201);
    expect(ok.body.data.mode).toBe("live");
    expect(await keysOf(userId)).toBe(1);
  });

  it("does not ask a test key's user for a second step", async () => {
    const userId = await newUser();
    const res = await admin("POST", "/admin/v1/api-keys", { user_id: userId, name: "t", scopes: ["*"], mode: "test" });
    expect(res.status).toBe(201);
    expect(res.body.data.key).toMatch(/^service_sk_test_/);
  });
});

/** A company with a year of a sale, locked and its year-end run: ready to close. */
async function yearReadyToClose(key: string) {
  const company = await newCompany(key, YEAR);
  const url = (p: string) => `/api/v1/companies/${company.id}/fiscal-periods/${company.fiscal_period.id}${p}`;
  await postedEntry(key, company.id, company.fiscal_period.id, {
    entry_date: "2026-03-15",
    lines: [line("1930", 1250, 0), line("3001", 0, 1000), line("2611", 0, 250)],
  });
  const write = (p: string) => call("POST", url(p), { key, headers: { "Idempotency-Key": uniqueKey() } });
  expect((await write("/lock")).status).toBe(200);
  const started = await write("/year-end");
  expect(started.status).toBe(202);
  expect((await settleOperation(key, started.body.data.operation_id)).status).toBe("succeeded");
  return { company, url };
}

const periodRow = (id: string) =>
  booksDb.prepare("SELECT is_closed FROM fiscal_periods WHERE id = ?").bind(id).first<{ is_closed: number }>();
const closedEvents = async (companyId: string) =>
  (await booksDb
    .prepare("SELECT COUNT(*) AS n FROM outbox_events WHERE company_id = ? AND type = 'period.year_closed'")
    .bind(companyId)
    .first<{ n: number }>())!.n;

describe("closing a fiscal year", () => {
  it("with a live key needs the key's user's current code; without it the year stays open and nothing is announced", async () => {
    const actor = await newActor();
    const { company, url } = await yearReadyToClose(actor.key);
    const close = (headers: Record<string, string>) =>
      call("POST", url("/close"), {
        key: actor.key,
        headers: { "Idempotency-Key": uniqueKey(), ...headers },
        mfa: false,
      });

    expectMfaRequired(await close({}), "code_missing", "fiscal_periods.close");
    const current = await mfaCode(actor.userId);
    const wrong = String((Number(current) + 1) % 1_000_000).padStart(6, "0");
    expectMfaRequired(await close({ "X-Service-MFA": wrong }), "code_invalid", "fiscal_periods.close");
    expect((await periodRow(company.fiscal_period.id))!.is_closed).toBe(0);
    expect(await closedEvents(company.id)).toBe(0);

    // before the body: a malformed body with no code is MFA_REQUIRED, not VALIDATION_ERROR
    const malformed = await call("POST", url("/close"), {
      key: actor.key,
      headers: { "Idempotency-Key": uniqueKey() },
      body: { closed_externally: "yes" },
      mfa: false,
    });
    expect(malformed.body.error.code).toBe("MFA_REQUIRED");

    const closed = await withFreshCode(actor.userId, close);
    expect(closed.status).toBe(200);
    expect(closed.body.data).toMatchObject({ id: company.fiscal_period.id, is_closed: true });
    expect((await periodRow(company.fiscal_period.id))!.is_closed).toBe(1);
    expect(await closedEvents(company.id)).toBe(1);
  });

  it("answers a viewer FORBIDDEN before asking for a second step", async () => {
    const owner = await newActor();
    const { company, url } = await yearReadyToClose(owner.key);
    const viewer = await newActor();
    await admin("POST", `/admin/v1/companies/${company.id}/members`, { user_id: viewer.userId, role: "viewer" });
    const res = await call("POST", url("/close"), {
      key: viewer.key,
      headers: { "Idempotency-Key": uniqueKey() },
      mfa: false,
    });
    expect(res.body.error.code).toBe("FORBIDDEN");
  });

  it("with a test key on a sandbox company needs no second step, even for a user who never enrolled", async () => {
    const userId = await newUser();
    const key = (await admin("POST", "/admin/v1/api-keys", { user_id: userId, name: "t", scopes: ["*"], mode: "test" }))
      .body.data.key as string;
    const { company, url } = await yearReadyToClose(key);
    expect((await call("GET", `/api/v1/companies/${company.id}`, { key })).body.data.sandbox).toBe(true);
    const closed = await call("POST", url("/close"), { key, headers: { "Idempotency-Key": uniqueKey() } });
    expect(closed.status).toBe(200);
    expect(closed.body.data.is_closed).toBe(true);
  });
});

/** A six-digit code that is none of the user's codes of the three steps the service accepts now. */
async function wrongCode(userId: string, n = 0): Promise<string> {
  const valid = new Set(await Promise.all([-30_000, 0, 30_000].map((d) => mfaCode(userId, nowMs() + d))));
  for (let i = n; ; i++) {
    const code = String((Number(valid.values().next().value) + 1 + i * 7919) % 1_000_000).padStart(6, "0");
    if (!valid.has(code)) return code;
  }
}

const mfaRow = (userId: string) =>
  booksDb
    .prepare(
      "SELECT last_step AS mfa_last_step, failures AS mfa_failures, locked_until AS mfa_locked_until FROM mfa_checks WHERE user_id = ?",
    )
    .bind(userId)
    .first<{ mfa_last_step: number | null; mfa_failures: number; mfa_locked_until: number | null }>();

describe("a code proves one action (RFC 6238 §5.2)", () => {
  it("refuses a code already accepted, for the same action or another, and remembers the step", async () => {
    const userId = await newUser();
    await enrolMfa(userId);
    const code = await mfaCode(userId);
    expect((await createKey(userId, "live", { "X-Service-MFA": code })).status).toBe(201);
    const again = await createKey(userId, "live", { "X-Service-MFA": code });
    expectMfaRequired(again, "code_used", "api_keys.create_live");
    expect(await keysOf(userId)).toBe(1);
    // the step stored is the step of the code accepted (30 s steps since the epoch, RFC 6238 §4)
    const step = (await mfaRow(userId))!.mfa_last_step!;
    expect((await mfaCode(userId, step * 30_000)) === code).toBe(true);
    // an earlier step's code, still inside the window, is refused too once a later one was used
    const next = await mfaCode(userId, (step + 1) * 30_000);
    expect((await createKey(userId, "live", { "X-Service-MFA": next })).status).toBe(201);
    const earlier = await mfaCode(userId, (step - 1) * 30_000);
    if (earlier !== next)
      expectMfaRequired(
        await createKey(userId, "live", { "X-Service-MFA": earlier }),
        "code_used",
        "api_keys.create_live",
      );
    expect(await keysOf(userId)).toBe(2);
    // a refused replay is not a guess: it does not count towards the lock
    expect((await mfaRow(userId))!.mfa_failures).toBe(0);
  });

  it("lets two parallel requests with one code prove one action between them", async () => {
    const userId = await newUser();
    await enrolMfa(userId);
    const code = await mfaCode(userId);
    const both = await Promise.all([1, 2].map(() => createKey(userId, "live", { "X-Service-MFA": code })));
    expect(both.map((r) => r.status).sort()).toEqual([201, 403]);
    expect(await keysOf(userId)).toBe(1);
  });
});

describe("guessing codes", () => {
  it(`locks the user's checks after ${MFA_MAX_FAILURES} wrong codes: the right code is refused 429 with Retry-After, until the lock ends`, async () => {
    const userId = await newUser();
    await enrolMfa(userId);
    for (let i = 0; i < MFA_MAX_FAILURES - 1; i++)
      expectMfaRequired(
        await createKey(userId, "live", { "X-Service-MFA": await wrongCode(userId, i) }),
        "code_invalid",
        "api_keys.create_live",
      );
    expect((await mfaRow(userId))!.mfa_failures).toBe(MFA_MAX_FAILURES - 1);
    const last = await createKey(userId, "live", { "X-Service-MFA": await wrongCode(userId, 99) });
    expect(last.status).toBe(429);
    expect(last.body.error).toMatchObject({
      code: "MFA_TOO_MANY_ATTEMPTS",
      details: {
        header: "X-Service-MFA",
        action: "api_keys.create_live",
        user_id: userId,
        max_failures: MFA_MAX_FAILURES,
      },
      docs_url: "/api/v1/errors/MFA_TOO_MANY_ATTEMPTS",
    });
    expect(Number(last.headers.get("Retry-After"))).toBe(MFA_LOCK_MS / 1000);
    // the right code is refused while locked, and so is every other action of the user
    const right = await createKey(userId, "live", { "X-Service-MFA": await mfaCode(userId) });
    expect(right.status).toBe(429);
    expect(right.body.error.code).toBe("MFA_TOO_MANY_ATTEMPTS");
    const retryAfter = Number(right.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(MFA_LOCK_MS / 1000);
    expect(Date.parse(right.body.error.details.locked_until)).toBe((await mfaRow(userId))!.mfa_locked_until);
    expect(await keysOf(userId)).toBe(0);

    // once the lock has ended, the current code proves the action again and the count restarts
    shiftClock(MFA_LOCK_MS + 1_000);
    try {
      const ok = await createKey(userId, "live", { "X-Service-MFA": await mfaCode(userId) });
      expect(ok.status).toBe(201);
      expect((await mfaRow(userId))!.mfa_failures).toBe(0);
    } finally {
      shiftClock(-(MFA_LOCK_MS + 1_000));
    }
    expect(await keysOf(userId)).toBe(1);
  });

  it("counts parallel guesses each: 30 wrong codes at once, then the right one, prove nothing", async () => {
    const userId = await newUser();
    await enrolMfa(userId);
    const guesses = await Promise.all(
      Array.from({ length: 30 }, async (_, i) =>
        createKey(userId, "live", { "X-Service-MFA": await wrongCode(userId, i) }),
      ),
    );
    expect(guesses.every((g) => g.status === 403 || g.status === 429)).toBe(true);
    const right = await createKey(userId, "live", { "X-Service-MFA": await mfaCode(userId) });
    expect(right.status).toBe(429);
    expect(await keysOf(userId)).toBe(0);
  });

  it("forgets wrong codes older than the window", async () => {
    const userId = await newUser();
    await enrolMfa(userId);
    for (let i = 0; i < MFA_MAX_FAILURES - 1; i++)
      await createKey(userId, "live", { "X-Service-MFA": await wrongCode(userId, i) });
    shiftClock(MFA_FAILURE_WINDOW_MS + 1_000);
    try {
      expectMfaRequired(
        await createKey(userId, "live", { "X-Service-MFA": await wrongCode(userId) }),
        "code_invalid",
        "api_keys.create_live",
      );
      expect((await mfaRow(userId))!.mfa_failures).toBe(1);
      expect((await createKey(userId, "live", { "X-Service-MFA": await mfaCode(userId) })).status).toBe(201);
    } finally {
      shiftClock(-(MFA_FAILURE_WINDOW_MS + 1_000));
    }
  });

  it("locks the checks of one user only", async () => {
    const guesser = await newUser();
    const other = await newUser();
    await enrolMfa(guesser);
    await enrolMfa(other);
    for (let i = 0; i < MFA_MAX_FAILURES; i++)
      await createKey(guesser, "live", { "X-Service-MFA": await wrongCode(guesser, i) });
    expect((await createKey(guesser, "live", { "X-Service-MFA": await mfaCode(guesser) })).status).toBe(429);
    expect((await createKey(other, "live", { "X-Service-MFA": await mfaCode(other) })).status).toBe(201);
  });
});
