// Test helpers: every call goes through the Worker's fetch, as a client's would.
import { env, SELF } from "cloudflare:test";
import { beforeAll, beforeEach } from "vitest";
import { nowMs } from "../src/clock";
import { base32Decode, totp } from "../src/http/totp";
import { booksDb } from "./books";

export const ADMIN_TOKEN = "test-admin-token";
export const BASE = "http://localhost";

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * Two-step verification (docs/platform.md): the TOTP secret of every user a helper enrolled,
 * and the user of every key a helper made, so that a POST with a live key carries its user's
 * current code in X-Service-MFA, as a client whose user confirms the action would. A test
 * that is about the second step itself sends the header, or passes `mfa: false`.
 */
const mfaSecrets = new Map<string, Uint8Array>();
const userOfKey = new Map<string, string>();

/** The user's current TOTP code, on the service's clock (src/clock.ts, shifted by tests). */
export async function mfaCode(userId: string, atMs = nowMs()): Promise<string> {
  const secret = mfaSecrets.get(userId);
  if (!secret) throw new Error(`user ${userId} has not enrolled`);
  return totp(secret, atMs);
}

/** Enrols the user's authenticator (POST /admin/v1/users/{id}/mfa) and keeps the secret. */
export async function enrolMfa(userId: string, headers: Record<string, string> = {}) {
  const res = await call("POST", `/admin/v1/users/${userId}/mfa`, {
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, ...headers },
  });
  if (res.status === 201) mfaSecrets.set(userId, base32Decode(res.body.data.secret)!);
  return res;
}

/**
 * Sends a request that carries the user's code and, when the service refuses it as already used
 * (RFC 6238 §5.2: one code proves one action), sends it again as a client whose user waits for
 * the next code would: first with the next step's code (accepted one step early), then, past
 * that, after forgetting the user's last used step in the directory (as a re-enrolment does),
 * instead of moving the service's clock: a clock moved for one test would move it for every
 * other test file its worker runs (vitest.config.ts, "shared"), and a webhook's signed
 * timestamp or a year-end's order of writes would then be judged against the wrong time.
 * A refused request changed nothing, so sending it again is safe.
 */
export async function withFreshCode(
  userId: string,
  send: (headers: Record<string, string>) => Promise<ApiResponse>,
): Promise<ApiResponse> {
  let res = await send({ "X-Service-MFA": await mfaCode(userId) });
  for (const forget of [false, true]) {
    if (res.status !== 403 || res.body?.error?.details?.reason !== "code_used") return res;
    if (forget)
      await env.DIRECTORY.prepare("UPDATE mfa_checks SET last_step = NULL WHERE user_id = ?").bind(userId).run();
    res = await send({ "X-Service-MFA": await mfaCode(userId, forget ? nowMs() : nowMs() + 30_000) });
  }
  return res;
}

/** The user whose code the helpers add to a live key's POST (none when the caller sends its own or `mfa: false`). */
function autoMfaUser(
  key: string | undefined,
  method: string,
  opts: { headers?: Record<string, string>; mfa?: boolean },
) {
  if (!key || method !== "POST" || opts.mfa === false || !key.startsWith("service_sk_live_")) return undefined;
  if (Object.keys(opts.headers ?? {}).some((h) => h.toLowerCase() === "x-service-mfa")) return undefined;
  const userId = userOfKey.get(key);
  return userId && mfaSecrets.has(userId) ? userId : undefined;
}

type CallOptions = { key?: string; body?: unknown; headers?: Record<string, string>; raw?: string; mfa?: boolean };

export async function call<T = any>(method: string, path: string, opts: CallOptions = {}): Promise<ApiResponse<T>> {
  const userId = autoMfaUser(opts.key, method, opts);
  if (!userId) return send<T>(method, path, opts, {});
  return withFreshCode(userId, (mfa) => send(method, path, opts, mfa));
}

async function send<T = any>(
  method: string,
  path: string,
  opts: CallOptions,
  mfa: Record<string, string>,
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...mfa, ...(opts.headers ?? {}) };
  if (opts.key) headers.Authorization = `Bearer ${opts.key}`;
  let body: string | undefined;
  if (opts.raw !== undefined) {
    body = opts.raw;
    headers["Content-Type"] ??= "application/json";
  } else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers["Content-Type"] = "application/json";
  }
  const res = await SELF.fetch(BASE + path, { method, headers, body });
  const text = await res.text();
  let parsed: any = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON: keep the text */
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

export const admin = (method: string, path: string, body?: unknown) =>
  call(method, path, { body, headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } });

let seq = 0;
export function uniqueKey(prefix = "ik"): string {
  return `${prefix}-${Date.now()}-${++seq}-${Math.random().toString(36).slice(2)}`;
}

export interface Actor {
  userId: string;
  key: string;
  keyId: string;
}

export async function newUser(): Promise<string> {
  const res = await admin("POST", "/admin/v1/users", { email: `${uniqueKey("u")}@example.se`, name: "Test Person" });
  if (res.status !== 201) throw new Error(`user: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}

export async function newKey(
  userId: string,
  opts: { scopes?: string[]; mode?: "live" | "test"; limit?: number } = {},
): Promise<{ key: string; keyId: string }> {
  const mode = opts.mode ?? "live";
  // a live key needs its user's second step: the helpers enrol the user once
  if (mode === "live" && !mfaSecrets.has(userId)) {
    const enrolled = await enrolMfa(userId);
    if (enrolled.status !== 201) throw new Error(`mfa: ${enrolled.status} ${JSON.stringify(enrolled.body)}`);
  }
  const create = (mfa: Record<string, string>) =>
    call("POST", "/admin/v1/api-keys", {
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, ...mfa },
      body: {
        user_id: userId,
        name: "test key",
        scopes: opts.scopes ?? ["*"],
        mode,
        ...(opts.limit !== undefined ? { unattended_commit_limit: opts.limit } : {}),
      },
    });
  const res = mode === "live" ? await withFreshCode(userId, create) : await create({});
  if (res.status !== 201) throw new Error(`key: ${res.status} ${JSON.stringify(res.body)}`);
  userOfKey.set(res.body.data.key, userId);
  return { key: res.body.data.key, keyId: res.body.data.id };
}

export async function newActor(
  opts: { scopes?: string[]; mode?: "live" | "test"; limit?: number } = {},
): Promise<Actor> {
  const userId = await newUser();
  return { userId, ...(await newKey(userId, opts)) };
}

export const AB = {
  name: "Testbolaget AB",
  entity_type: "aktiebolag",
  org_number: "556016-0680",
  vat_registered: true,
  moms_period: "quarterly",
  f_skatt: true,
  first_fiscal_year: { start_date: "2026-01-01", end_date: "2026-12-31" },
};

export async function newCompany(key: string, overrides: Record<string, unknown> = {}) {
  // The payroll tests were written for the calendar vacation year; a new company's default is the
  // Act's April–March year (issue #29 item 19), so the fixture names the calendar year unless overridden.
  const res = await call("POST", "/api/v1/companies", {
    key,
    body: { ...AB, vacation_year: "calendar", ...overrides },
  });
  if (res.status !== 201) throw new Error(`company: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: string; fiscal_period: { id: string; start_date: string; end_date: string } };
}

export function line(account: string, debit: number, credit: number, text?: string) {
  return {
    account_number: account,
    debit_amount: debit,
    credit_amount: credit,
    ...(text ? { line_description: text } : {}),
  };
}

/** A simple cash sale: 1930 debit, 3001 credit, 2611 output VAT. */
export function saleLines(net = 1000, vat = 250) {
  return [line("1930", net + vat, 0), line("3001", 0, net), line("2611", 0, vat)];
}

export async function createDraft(
  key: string,
  companyId: string,
  periodId: string,
  body: Record<string, unknown> = {},
) {
  const res = await call("POST", `/api/v1/companies/${companyId}/journal-entries`, {
    key,
    headers: { "Idempotency-Key": uniqueKey() },
    body: {
      fiscal_period_id: periodId,
      entry_date: "2026-03-15",
      description: "Kontantförsäljning",
      lines: saleLines(),
      ...body,
    },
  });
  return res;
}

export async function commit(key: string, companyId: string, entryId: string, headers: Record<string, string> = {}) {
  return call("POST", `/api/v1/companies/${companyId}/journal-entries/${entryId}/commit`, {
    key,
    headers: { "Idempotency-Key": uniqueKey(), ...headers },
  });
}

export async function postedEntry(
  key: string,
  companyId: string,
  periodId: string,
  body: Record<string, unknown> = {},
) {
  const draft = await createDraft(key, companyId, periodId, body);
  if (draft.status !== 201) throw new Error(`draft: ${draft.status} ${JSON.stringify(draft.body)}`);
  const res = await commit(key, companyId, draft.body.data.id);
  if (res.status !== 200) throw new Error(`commit: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: string; voucher_number: number; voucher_series: string };
}

/** A SIE fixture's bytes (test/fixtures/sie), exactly as the program wrote them. */
export function sieFixture(name: string): Uint8Array {
  const b64 = env.TEST_SIE_FIXTURES[name];
  if (!b64) throw new Error(`no SIE fixture ${name}`);
  return Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0));
}

/**
 * One user and one company per test file, and a fresh key of that user for every
 * test, so that no test inherits another's share of the 100-per-minute limit.
 */
export function companyFixture(overrides: Record<string, unknown> = {}) {
  const f = { actor: undefined as unknown as Actor, companyId: "", periodId: "" };
  beforeAll(async () => {
    f.actor = await newActor();
    const c = await newCompany(f.actor.key, overrides);
    f.companyId = c.id;
    f.periodId = c.fiscal_period.id;
  });
  beforeEach(async () => {
    f.actor = { ...f.actor, ...(await newKey(f.actor.userId)) };
  });
  return f;
}

/** The date `days` from today (UTC). */
export function day(days: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * A first fiscal year of twelve months that starts on the first of the month six
 * months back, so that today and about five months either side of it are inside it,
 * whatever day the tests run.
 */
export function yearAroundToday() {
  const d = new Date();
  const start = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 6, 1));
  const end = new Date(Date.UTC(start.getUTCFullYear() + 1, start.getUTCMonth(), 0));
  return {
    fiscal_year_start_month: start.getUTCMonth() + 1,
    first_fiscal_year: { start_date: start.toISOString().slice(0, 10), end_date: end.toISOString().slice(0, 10) },
  };
}

/** A posted entry's lines as { account: [debit, credit] } (lines on one account summed). */
export async function entryLines(
  key: string,
  companyId: string,
  entryId: string,
): Promise<Record<string, [number, number]>> {
  const res = await call("GET", `/api/v1/companies/${companyId}/journal-entries/${entryId}`, { key });
  if (res.status !== 200) throw new Error(`entry: ${res.status} ${JSON.stringify(res.body)}`);
  const out: Record<string, [number, number]> = {};
  for (const l of res.body.data.lines) {
    const [d, c] = out[l.account_number] ?? [0, 0];
    out[l.account_number] = [
      Math.round((d + l.debit_amount) * 100) / 100,
      Math.round((c + l.credit_amount) * 100) / 100,
    ];
  }
  return out;
}

/** A write with a fresh Idempotency-Key. */
export function write(key: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  return call(method, path, { key, body, headers: { "Idempotency-Key": uniqueKey(), ...headers } });
}

/** Runs one queue job through the Worker's queue handler, as the queue would. */
export async function runJob(body: { type: string; home?: string }) {
  const { createExecutionContext, createMessageBatch, getQueueResult } = await import("cloudflare:test");
  const { default: worker } = await import("../src/index");
  const { homeNames } = await import("../src/db/homes");
  // a sweep runs in every database, as the schedule sends it (src/app/jobs.ts handleScheduled)
  const sweep =
    /\.(sweep|overdue_sweep|planned_runs_sweep|personnummer_index_sweep|replay_sweep|prune)$/.test(body.type) &&
    !body.home;
  const bodies = sweep ? homeNames(env).map((home) => ({ ...body, home })) : [body];
  const batch = createMessageBatch<any>(
    "bokforing-jobs",
    bodies.map((b) => ({ id: `job-${uniqueKey()}`, timestamp: new Date(), attempts: 1, body: b })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, env as any);
  return getQueueResult(batch, ctx);
}

/**
 * Runs an asynchronous operation to its end (unless the local queue consumer already
 * has) and returns its final state as GET /operations/{id} shows it to `key`.
 */
export async function settleOperation(key: string, operationId: string) {
  const { runOperation } = await import("../src/domains/operations/commands");
  const { OPERATION_HANDLERS } = await import("../src/app/operations");
  const { homeOfJob } = await import("../src/app/job-homes");
  const { bindingOf } = await import("../src/db/homes");
  const home = await homeOfJob(env, { type: "operation.run", operationId });
  if (!home) throw new Error(`operation ${operationId} is in no database`);
  await runOperation({ ...env, DB: bindingOf(env, home) }, operationId, OPERATION_HANDLERS, () =>
    new Date().toISOString(),
  );
  for (let i = 0; i < 200; i++) {
    const res = await call("GET", `/api/v1/operations/${operationId}`, { key });
    if (res.body.data.status === "succeeded" || res.body.data.status === "failed") return res.body.data;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("operation never finished");
}

/** An employee of the fixture's company (employed since 2020, paid to a bank account unless the body says otherwise): the created object; throws unless 201. */
export async function hire(f: { actor: Actor; companyId: string }, body: Record<string, unknown>) {
  const res = await write(f.actor.key, "POST", `/api/v1/companies/${f.companyId}/employees`, {
    employment_start: "2020-01-01",
    clearing_number: "6000",
    bank_account_number: "123456789",
    ...body,
  });
  if (res.status !== 201) throw new Error(`employee: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** The n of a `SELECT COUNT(*) AS n ...` against the test database. */
export async function countOf(sql: string, ...binds: unknown[]): Promise<number> {
  return (await booksDb
    .prepare(sql)
    .bind(...binds)
    .first<{ n: number }>())!.n;
}
