// A sealed year's JSON sidecar (issue #45, docs/verifiable-ledger.md): GET
// .../fiscal-periods/{id}/ledger-sidecar streams {company_id, seal, records} through the seal,
// the file the offline verifier (bin/ledger-verify.mjs) reads beside the year's SIE export; and
// closing a year announces its seal (fiscal_year.sealed).
import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain Node script without types
import { compareVouchers, ksumma, sieVouchers, verifyChain } from "../../bin/ledger-verify.mjs";
import { encodeCp437 } from "../../src/sweden/sie/encoding";
import { booksDb } from "../books";
import { BASE, call, newActor, newCompany, settleOperation, uniqueKey, type Actor } from "../helpers";

let actor: Actor;
beforeAll(async () => {
  actor = await newActor();
});

/** A year of `count` vouchers, each a sale of 100 kr paid to the bank (two lines). */
function sieYear(count: number): string {
  const vouchers = Array.from({ length: count }, (_, i) => {
    const day = String((i % 28) + 1).padStart(2, "0");
    const month = String((i % 12) + 1).padStart(2, "0");
    return [
      `#VER A ${i + 1} 2026${month}${day} "Kassaförsäljning ${i + 1}"`,
      "{",
      "#TRANS 1930 {} 100.00",
      "#TRANS 3001 {} -100.00",
      "}",
    ];
  });
  const head = ["#FLAGGA 0", "#FORMAT PC8", "#SIETYP 4", '#PROGRAM "Test" 1.0', "#GEN 20261231", '#FNAMN "Kedja AB"'];
  return [...head, "#RAR 0 20260101 20261231", ...vouchers.flat()].join("\r\n");
}

async function download(path: string): Promise<Response> {
  return SELF.fetch(`${BASE}${path}`, { headers: { Authorization: `Bearer ${actor.key}` } });
}

/** Imports the year, then locks it, runs its year-end and closes it (which seals it). */
async function sealedYear(count: number) {
  const c = await newCompany(actor.key, { org_number: "556016-0680" });
  const id = c.id as string;
  const periodId = c.fiscal_period.id as string;
  const file = btoa(Array.from(encodeCp437(sieYear(count)), (b) => String.fromCharCode(b)).join(""));
  const imported = await call("POST", `/api/v1/companies/${id}/imports/sie`, {
    key: actor.key,
    body: { file_base64: file, file_name: "kedja.se" },
  });
  expect(imported.status, JSON.stringify(imported.body)).toBe(202);
  expect((await settleOperation(actor.key, imported.body.data.operation_id)).status).toBe("succeeded");
  const post = (p: string, body?: unknown) =>
    call("POST", `/api/v1/companies/${id}/fiscal-periods/${periodId}${p}`, {
      key: actor.key,
      headers: { "Idempotency-Key": uniqueKey() },
      body,
    });
  const sidecarBefore = await download(`/api/v1/companies/${id}/fiscal-periods/${periodId}/ledger-sidecar`);
  expect(sidecarBefore.status).toBe(404);
  expect(((await sidecarBefore.json()) as any).error.code).toBe("FISCAL_YEAR_NOT_SEALED");
  expect((await post("/lock")).status).toBeLessThan(300);
  const yearEnd = await post("/year-end", {});
  expect(yearEnd.status, JSON.stringify(yearEnd.body)).toBe(202);
  expect((await settleOperation(actor.key, yearEnd.body.data.operation_id)).status).toBe("succeeded");
  expect((await post("/close")).status).toBe(200);
  return { id, periodId };
}

describe("a sealed year's sidecar", () => {
  it("streams the seal and every record through it, more than one page, and verifies offline with the SIE file", async () => {
    // 2 100 vouchers and the closing entry: the sidecar is read in two pages of 2 000
    const c = await sealedYear(2100);
    const seal = (await call("GET", `/api/v1/companies/${c.id}/fiscal-periods/${c.periodId}/seal`, { key: actor.key }))
      .body.data;
    expect(seal).toMatchObject({ chain_seq: 2101, entry_count: 2101 });

    const res = await download(`/api/v1/companies/${c.id}/fiscal-periods/${c.periodId}/ledger-sidecar`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("application/json");
    expect(res.headers.get("Content-Disposition")).toContain('filename="SIE4_5560160680_2026.chain.json"');
    const sidecar = (await res.json()) as { company_id: string; seal: any; records: any[] };
    expect(sidecar.company_id).toBe(c.id);
    expect(sidecar.seal).toEqual(seal);
    expect(sidecar.records.map((r) => r.seq)).toEqual(Array.from({ length: 2101 }, (_, i) => i + 1));

    // what npx ledger-verify checks, with its own functions: the chain, the seal's place, the SIE file's vouchers
    const chain = verifyChain(c.id, sidecar.records);
    expect(chain.mismatch).toBeNull();
    expect(chain.hashes.get(seal.chain_seq)).toBe(seal.chain_hash);
    const sie = await download(`/api/v1/companies/${c.id}/reports/sie-export?period_id=${c.periodId}`);
    expect(sie.headers.get("Content-Disposition")).toContain('filename="SIE4_5560160680_2026.se"');
    const bytes = new Uint8Array(await sie.arrayBuffer());
    expect(ksumma(bytes)!.stated).toBe(ksumma(bytes)!.computed);
    expect(sieVouchers(bytes)).toHaveLength(2101);
    expect(compareVouchers(sieVouchers(bytes), sidecar.records, seal.period_start, seal.period_end)).toBeNull();

    // a voucher changed in the sidecar (past the first page) is named
    sidecar.records[2049].entry.lines[0].debit_ore += 1;
    expect(verifyChain(c.id, sidecar.records).mismatch).toMatchObject({ reason: "hash_mismatch", seq: 2050 });
  });

  it("announces the seal when the year closes (fiscal_year.sealed, the seal as its object)", async () => {
    const c = await sealedYear(3);
    const seal = (await call("GET", `/api/v1/companies/${c.id}/fiscal-periods/${c.periodId}/seal`, { key: actor.key }))
      .body.data;
    const events = await booksDb
      .prepare("SELECT object FROM outbox_events WHERE company_id = ? AND type = 'fiscal_year.sealed'")
      .bind(c.id)
      .all<{ object: string }>();
    expect(events.results).toHaveLength(1);
    expect(JSON.parse(events.results[0]!.object)).toEqual(seal);
  });

  it("refuses a year that is not there or not sealed, without a key too", async () => {
    const c = await newCompany(actor.key);
    const open = await download(`/api/v1/companies/${c.id}/fiscal-periods/${c.fiscal_period.id}/ledger-sidecar`);
    expect(open.status).toBe(404);
    const bad = await download(`/api/v1/companies/${c.id}/fiscal-periods/not-a-period/ledger-sidecar`);
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(bad.status).toBeLessThan(500);
    const anonymous = await SELF.fetch(
      `${BASE}/api/v1/companies/${c.id}/fiscal-periods/${c.fiscal_period.id}/ledger-sidecar`,
    );
    expect(anonymous.status).toBe(401);
  });
});
