// Issue #41 item 15: the blind index of a personnummer was one HMAC for every company, so one
// person's employee rows in two companies carried the same value. It is now keyed per company
// (HKDF-SHA256 from PII_ENCRYPTION_KEY, RFC 5869, with the company id in the info; "v2.<hex>").
// The expected values are computed here from that description with WebCrypto, not read from the
// service; the old value (HMAC under the key's text) is the formula the service used before.
// Rows holding the old value are still found, and the minute sweep rewrites them.
import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { directory, homeOf, ledgerNames } from "../../src/db/homes";
import { newId } from "../../src/ids";
import { encryptSecret } from "../../src/secrets";
import { type MoveRow, recordMove } from "../../src/writer/move";
import { booksDb, homeD1 } from "../books";
import { call, companyFixture, hire, runJob, write } from "../helpers";

type MoveWriter = { runMove(id: string): Promise<MoveRow | null> };

const a = companyFixture({ name: "Index Ett AB" });
const b = companyFixture({ name: "Index Två AB" });
const PNR = "198503121231";
const OTHER_PNR = "199001011239";
const LATER_PNR = "197512245676";
const enc = new TextEncoder();
const hex = (buf: ArrayBuffer) => Array.from(new Uint8Array(buf), (x) => x.toString(16).padStart(2, "0")).join("");

async function hmac(key: CryptoKey, message: string) {
  return hex(await crypto.subtle.sign("HMAC", key, enc.encode(message)));
}

/** The company's index: HMAC-SHA256 under HKDF-SHA256(key bytes, salt, "blind-index:v2:employee-personnummer:<company>"). */
async function companyIndex(companyId: string, pnr: string): Promise<string> {
  const raw = Uint8Array.from(atob(env.PII_ENCRYPTION_KEY!), (c) => c.charCodeAt(0));
  const ikm = await crypto.subtle.importKey("raw", raw, "HKDF", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits(
    {
      name: "HKDF",
      hash: "SHA-256",
      salt: enc.encode("bokforing-blind-index"),
      info: enc.encode(`blind-index:v2:employee-personnummer:${companyId}`),
    },
    ikm,
    256,
  );
  const key = await crypto.subtle.importKey("raw", bits, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return `v2.${await hmac(key, pnr)}`;
}

/** The index of before: HMAC-SHA256 under the key's base64 text, the same in every company. */
async function legacyIndex(pnr: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    enc.encode(env.PII_ENCRYPTION_KEY!),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  return hmac(key, `employee-personnummer:${pnr}`);
}

async function storedIndex(employeeId: string): Promise<string> {
  const row = await booksDb
    .prepare("SELECT personnummer_hash AS h FROM employees WHERE id = ?")
    .bind(employeeId)
    .first<{ h: string }>();
  return row!.h;
}

const employee = (pnr: string, first = "Eva") => ({
  first_name: first,
  last_name: "Exempel",
  personnummer: pnr,
  salary_type: "monthly",
  monthly_salary: 30000,
  tax_table_number: 33,
});

async function search(f: typeof a, pnr: string): Promise<string[]> {
  const res = await call("POST", `/api/v1/companies/${f.companyId}/employees/search`, {
    key: f.actor.key,
    body: { personnummer: pnr, include_inactive: true },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.map((e: { id: string }) => e.id);
}

async function duplicateOf(f: typeof a, pnr: string): Promise<string> {
  const res = await write(f.actor.key, "POST", `/api/v1/companies/${f.companyId}/employees`, {
    ...employee(pnr, "Dubbel"),
    employment_start: "2020-01-01",
  });
  expect([res.status, res.body.error?.code]).toEqual([409, "EMPLOYEE_DUPLICATE_PERSONNUMMER"]);
  return res.body.error.details.existing_id;
}

async function reindexAudits(companyId: string): Promise<{ action: string; api_key_id: string }[]> {
  const { results } = await booksDb
    .prepare("SELECT action, api_key_id FROM audit_log WHERE company_id = ? AND action = ?")
    .bind(companyId, "employee.personnummer_reindexed")
    .all<{ action: string; api_key_id: string }>();
  return results;
}

describe("the personnummer's blind index, keyed per company", () => {
  const ids = { a: "", b: "", legacy: "" };

  it("stores different values for one person in two companies, each the company's own", async () => {
    ids.a = (await hire(a, employee(PNR))).id;
    ids.b = (await hire(b, employee(PNR))).id;
    const [inA, inB] = [await storedIndex(ids.a), await storedIndex(ids.b)];
    expect(inA).not.toBe(inB);
    expect(inA).toBe(await companyIndex(a.companyId, PNR));
    expect(inB).toBe(await companyIndex(b.companyId, PNR));
    // neither is the value of before, which was equal across companies
    const old = await legacyIndex(PNR);
    expect([inA, inB]).not.toContain(old);
    // nor does any employee row of either company hold the other's value
    const { results } = await booksDb
      .prepare("SELECT company_id, personnummer_hash FROM employees WHERE personnummer_hash IN (?, ?)")
      .bind(inA, inB)
      .all<{ company_id: string; personnummer_hash: string }>();
    expect(results.map((r) => [r.company_id, r.personnummer_hash]).sort()).toEqual(
      [
        [a.companyId, inA],
        [b.companyId, inB],
      ].sort(),
    );
  });

  it("still finds and refuses duplicates within each company, and only there", async () => {
    expect(await search(a, PNR)).toEqual([ids.a]);
    expect(await search(b, PNR)).toEqual([ids.b]);
    // the 10-digit form with a hyphen is the same person
    expect(await search(a, `${PNR.slice(2, 8)}-${PNR.slice(8)}`)).toEqual([ids.a]);
    expect(await duplicateOf(a, PNR)).toBe(ids.a);
    expect(await duplicateOf(b, PNR)).toBe(ids.b);
    // a PATCH to a number the company already has is refused too
    const other = await hire(a, employee(OTHER_PNR, "Olle"));
    const patch = await write(a.actor.key, "PATCH", `/api/v1/companies/${a.companyId}/employees/${other.id}`, {
      personnummer: PNR,
    });
    expect([patch.status, patch.body.error?.code]).toEqual([409, "EMPLOYEE_DUPLICATE_PERSONNUMMER"]);
    // ...and a PATCH to a new number stores that number's index of the company
    const moved = await write(a.actor.key, "PATCH", `/api/v1/companies/${a.companyId}/employees/${other.id}`, {
      personnummer: LATER_PNR,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await storedIndex(other.id)).toBe(await companyIndex(a.companyId, LATER_PNR));
    expect(await search(a, LATER_PNR)).toEqual([other.id]);
    expect(await search(a, OTHER_PNR)).toEqual([]);
    // the new number is what is stored encrypted: the detail read shows it
    const detail = await call("GET", `/api/v1/companies/${a.companyId}/employees/${other.id}`, { key: a.actor.key });
    expect(detail.body.data.personnummer).toBe(LATER_PNR);
    // (the same PATCH fix) is_active: true re-activates a soft-deleted employee in the row, not only in the answer
    const gone = await write(a.actor.key, "DELETE", `/api/v1/companies/${a.companyId}/employees/${other.id}`);
    expect(gone.status).toBe(204);
    const back = await write(a.actor.key, "PATCH", `/api/v1/companies/${a.companyId}/employees/${other.id}`, {
      is_active: true,
    });
    expect([back.status, back.body.data?.is_active]).toEqual([200, true]);
    const active = await booksDb
      .prepare("SELECT is_active AS x, deactivated_at AS d FROM employees WHERE id = ?")
      .bind(other.id)
      .first<{ x: number; d: string | null }>();
    expect(active).toEqual({ x: 1, d: null });
  });

  it("finds a row of before, refuses its duplicate, and the sweep rewrites it once", async () => {
    ids.legacy = (await hire(b, employee(OTHER_PNR, "Gammal"))).id;
    // as written before issue #41 item 15
    const old = await legacyIndex(OTHER_PNR);
    await booksDb.prepare("UPDATE employees SET personnummer_hash = ? WHERE id = ?").bind(old, ids.legacy).run();
    expect(await storedIndex(ids.legacy)).toBe(old);
    expect(await search(b, OTHER_PNR)).toEqual([ids.legacy]);
    expect(await duplicateOf(b, OTHER_PNR)).toBe(ids.legacy);
    expect(await reindexAudits(b.companyId)).toEqual([]);

    await runJob({ type: "payroll.personnummer_index_sweep" });
    expect(await storedIndex(ids.legacy)).toBe(await companyIndex(b.companyId, OTHER_PNR));
    expect(await reindexAudits(b.companyId)).toEqual([
      { action: "employee.personnummer_reindexed", api_key_id: "system" },
    ]);
    expect(await search(b, OTHER_PNR)).toEqual([ids.legacy]);
    expect(await duplicateOf(b, OTHER_PNR)).toBe(ids.legacy);
    // the others were not touched, and a second sweep finds nothing to do
    expect(await storedIndex(ids.b)).toBe(await companyIndex(b.companyId, PNR));
    await runJob({ type: "payroll.personnummer_index_sweep" });
    expect(await reindexAudits(b.companyId)).toHaveLength(1);
  });

  it("rewrites many rows in bounded batches, finding them by the partial index", async () => {
    const d1 = await homeD1(a.companyId);
    const template = await d1
      .prepare("SELECT * FROM employees WHERE id = ?")
      .bind(ids.a)
      .first<Record<string, unknown>>();
    const columns = Object.keys(template!);
    const insert = d1.prepare(
      `INSERT INTO employees (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
    );
    // 130 rows of before: more than one command's 100 (REINDEX_ROWS)
    const numbers = Array.from({ length: 130 }, (_, i) => `19600101${String(1000 + i)}`);
    const rows = await Promise.all(
      numbers.map(async (pnr, i) => ({
        ...template,
        id: `00000000-0000-7000-8000-${String(i).padStart(12, "0")}`,
        personnummer_enc: await encryptSecret(env.PII_ENCRYPTION_KEY, pnr),
        personnummer_hash: await legacyIndex(pnr),
      })),
    );
    await d1.batch(rows.map((r) => insert.bind(...columns.map((c) => (r as Record<string, unknown>)[c]))));
    const legacyLeft = async () =>
      (await d1
        .prepare(
          "SELECT COUNT(*) AS n FROM employees WHERE company_id = ? AND substr(personnummer_hash, 1, 3) <> 'v2.'",
        )
        .bind(a.companyId)
        .first<{ n: number }>())!.n;
    expect(await legacyLeft()).toBe(130);

    const plan = await d1
      .prepare(
        "EXPLAIN QUERY PLAN SELECT DISTINCT company_id FROM employees WHERE substr(personnummer_hash, 1, 3) <> 'v2.' LIMIT 20",
      )
      .all<{ detail: string }>();
    expect(plan.results.map((r) => r.detail).join(" ")).toContain("employees_pnr_legacy_idx");

    await runJob({ type: "payroll.personnummer_index_sweep" });
    expect(await legacyLeft()).toBe(30);
    await runJob({ type: "payroll.personnummer_index_sweep" });
    expect(await legacyLeft()).toBe(0);
    for (const i of [0, 99, 129])
      expect(await storedIndex(rows[i].id)).toBe(await companyIndex(a.companyId, numbers[i]));
    expect(await reindexAudits(a.companyId)).toHaveLength(2);
  });

  it("keeps its indexes valid when the company's books move to another database", async () => {
    const before = await storedIndex(ids.legacy);
    // one row still of before when the books move: the sweep of the new home rewrites it
    await booksDb
      .prepare("UPDATE employees SET personnummer_hash = ? WHERE id = ?")
      .bind(await legacyIndex(PNR), ids.b)
      .run();
    const from = (await homeOf(directory(env), b.companyId))!;
    const to = ledgerNames(env).find((n) => n !== from)!;
    // run in the company's writer step by step, as company-move.test.ts does (not left to its alarm)
    const move = await recordMove(directory(env), b.companyId, from, to, newId(), new Date().toISOString());
    const writer = env.COMPANY_WRITER.get(env.COMPANY_WRITER.idFromName(b.companyId));
    const step = () => runInDurableObject(writer, (w: unknown) => (w as MoveWriter).runMove(move.id));
    // a move runs in steps, one writer invocation each (docs/databases.md): step it to its end
    let cleaned = await step();
    for (let i = 0; i < 500 && cleaned && !["succeeded", "failed"].includes(cleaned.status); i++)
      cleaned = await step();
    expect(cleaned?.status, JSON.stringify(cleaned?.error)).toBe("succeeded");
    expect(await homeOf(directory(env), b.companyId)).toBe(to);
    // the row as it was, in the new home; found and guarded as before
    const moved = await env[to as "LEDGER_1"]
      .prepare("SELECT personnummer_hash AS h FROM employees WHERE id = ?")
      .bind(ids.legacy)
      .first<{ h: string }>();
    expect(moved!.h).toBe(before);
    expect(await search(b, OTHER_PNR)).toEqual([ids.legacy]);
    expect(await search(b, PNR)).toEqual([ids.b]);
    expect(await duplicateOf(b, PNR)).toBe(ids.b);
    await runJob({ type: "payroll.personnummer_index_sweep" });
    const rewritten = await env[to as "LEDGER_1"]
      .prepare("SELECT personnummer_hash AS h FROM employees WHERE id = ?")
      .bind(ids.b)
      .first<{ h: string }>();
    // the same value as before the move: the key is the company's id, which a move keeps
    expect(rewritten!.h).toBe(await companyIndex(b.companyId, PNR));
    expect(await search(b, PNR)).toEqual([ids.b]);
    expect(await duplicateOf(b, PNR)).toBe(ids.b);
  });
});
