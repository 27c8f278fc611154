// The verifiable ledger (issue #45, docs/verifiable-ledger.md) through the Worker: every
// posted entry is chained with a signed receipt, verification recomputes the chain and names
// the first entry an attacker with database access changed, closing a year seals it.
import { env, SELF } from "cloudflare:test";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { booksDb } from "../books";
import { forgetInWriter } from "../../src/commands/submit";
// @ts-expect-error: a plain Node script without types
import { canonical, compareVouchers, ksumma, sieVouchers, verifyChain } from "../../bin/ledger-verify.mjs";
import { canonicalEntry, GENESIS } from "../../src/ledger/chain";
import {
  BASE,
  call,
  commit,
  createDraft,
  newActor,
  newCompany,
  newKey,
  postedEntry,
  settleOperation,
  uniqueKey,
  type Actor,
} from "../helpers";

let actor: Actor;

beforeAll(async () => {
  actor = await newActor();
});
beforeEach(async () => {
  actor = { ...actor, ...(await newKey(actor.userId)) };
});

async function company() {
  const c = await newCompany(actor.key);
  return { id: c.id as string, periodId: c.fiscal_period.id as string };
}

const get = (companyId: string, path: string) =>
  call("GET", `/api/v1/companies/${companyId}${path}`, { key: actor.key });

async function verifyAll(companyId: string, limit = 2000) {
  let after = 0;
  const pages: any[] = [];
  for (;;) {
    const res = await get(companyId, `/ledger/verify?after_seq=${after}&limit=${limit}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    pages.push(res.body.data);
    if (res.body.data.next_after_seq === null) return { last: res.body.data, pages };
    after = res.body.data.next_after_seq;
  }
}

/** As an attacker with database access: the table's guarding triggers dropped around `sql`, then put back. */
async function bypassTriggers(table: string, sql: string, ...binds: unknown[]) {
  const triggers = await booksDb
    .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ?")
    .bind(table)
    .all<{ name: string; sql: string }>();
  const unique = [...new Map(triggers.results.map((t) => [t.name, t.sql])).entries()];
  for (const [name] of unique) await booksDb.prepare(`DROP TRIGGER IF EXISTS ${name}`).run();
  try {
    await booksDb
      .prepare(sql)
      .bind(...binds)
      .run();
  } finally {
    for (const [, create] of unique) await booksDb.prepare(create).run();
  }
}

function fromB64url(s: string): Uint8Array {
  const b = atob(s.replaceAll("-", "+").replaceAll("_", "/") + "=".repeat((4 - (s.length % 4)) % 4));
  return Uint8Array.from(b, (ch) => ch.charCodeAt(0));
}

async function verifySignature(keyId: string, payload: string, signature: string): Promise<boolean> {
  const keys = await call("GET", "/.well-known/ledger-keys.json");
  expect(keys.status).toBe(200);
  const jwk = keys.body.data.keys.find((k: any) => k.kid === keyId);
  const key = await crypto.subtle.importKey(
    "jwk",
    { kty: "OKP", crv: "Ed25519", x: jwk.x },
    { name: "Ed25519" },
    false,
    ["verify"],
  );
  return crypto.subtle.verify({ name: "Ed25519" }, key, fromB64url(signature), new TextEncoder().encode(payload));
}

async function sha256Hex(text: string): Promise<string> {
  const d = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return [...d].map((b) => b.toString(16).padStart(2, "0")).join("");
}

describe("the chain and its receipts", () => {
  it("chains every posted entry with a signed receipt, and the chain verifies", async () => {
    const c = await company();
    const draft = await createDraft(actor.key, c.id, c.periodId, { entry_date: "2026-03-15" });
    expect(draft.body.meta.audit.chain ?? null).toBeNull(); // a draft posts nothing
    const first = await commit(actor.key, c.id, draft.body.data.id);
    expect(first.status).toBe(200);
    const r1 = first.body.meta.audit.chain;
    expect(r1).toMatchObject({ first_seq: 1, chain_seq: 1, key_id: "dev-1" });
    expect(r1.chain_hash).toMatch(/^[0-9a-f]{64}$/);
    const payload = JSON.stringify({
      v: 1,
      type: "ledger_receipt",
      company_id: c.id,
      first_seq: 1,
      seq: 1,
      hash: r1.chain_hash,
    });
    expect(await verifySignature(r1.key_id, payload, r1.signature)).toBe(true);

    // the hash is the SHA-256 of the documented canonical form (version 2: no documents linked)
    const lines = (await get(c.id, `/journal-entries/${draft.body.data.id}`)).body.data.lines;
    const canonical = JSON.stringify({
      v: 2,
      company_id: c.id,
      seq: 1,
      prev: "0".repeat(64),
      kind: "entry",
      id: draft.body.data.id,
      date: "2026-03-15",
      series: first.body.data.voucher_series,
      number: first.body.data.voucher_number,
      description: "Kontantförsäljning",
      reverses_id: null,
      correction_of_id: null,
      lines: lines.map((l: any) => [
        l.account_number,
        Math.round(l.debit_amount * 100),
        Math.round(l.credit_amount * 100),
        [],
        l.line_description,
      ]),
      documents: [],
    });
    expect(await sha256Hex(canonical)).toBe(r1.chain_hash);

    // a reversal is chained after it
    const rev = await call("POST", `/api/v1/companies/${c.id}/journal-entries/${draft.body.data.id}/reverse`, {
      key: actor.key,
      headers: { "Idempotency-Key": uniqueKey() },
      body: { reversal_date: "2026-03-16" },
    });
    expect(rev.status, JSON.stringify(rev.body)).toBeLessThan(300);
    expect(rev.body.meta.audit.chain).toMatchObject({ first_seq: 2, chain_seq: 2 });

    const { last } = await verifyAll(c.id);
    expect(last).toMatchObject({ complete: true, head_seq: 2, verified_through_seq: 2, first_mismatch: null });

    const chain = await get(c.id, "/ledger/chain");
    expect(chain.body.data.records.map((r: any) => r.seq)).toEqual([1, 2]);
    expect(chain.body.data.records[1].entry.reverses_id).toBe(draft.body.data.id);
  });

  it("a replay answers the same receipt; a dry run none", async () => {
    const c = await company();
    const draft = await createDraft(actor.key, c.id, c.periodId);
    const headers = { "Idempotency-Key": uniqueKey() };
    const dry = await commit(actor.key, c.id, draft.body.data.id, { "X-Dry-Run": "true" });
    expect(dry.status).toBe(200);
    expect(dry.body.meta.audit?.chain ?? null).toBeNull();
    const a = await commit(actor.key, c.id, draft.body.data.id, headers);
    const b = await commit(actor.key, c.id, draft.body.data.id, headers);
    expect(b.headers.get("Idempotent-Replayed")).toBe("true");
    expect(b.body.meta.audit.chain).toEqual(a.body.meta.audit.chain);
    expect(a.body.meta.audit.chain.chain_seq).toBe(1);
  });

  it("pages: a chain longer than a page verifies page by page", async () => {
    const c = await company();
    for (let i = 0; i < 5; i++) await postedEntry(actor.key, c.id, c.periodId);
    const { last, pages } = await verifyAll(c.id, 2);
    expect(pages).toHaveLength(3);
    expect(last).toMatchObject({ complete: true, head_seq: 5 });
  });
});

describe("tampering directly in the database", () => {
  async function threeEntries() {
    const c = await company();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await postedEntry(actor.key, c.id, c.periodId)).id);
    return { ...c, ids };
  }

  it("a changed line amount: the entry is named", async () => {
    const c = await threeEntries();
    await bypassTriggers(
      "journal_lines",
      "UPDATE journal_lines SET debit_ore = debit_ore + 100 WHERE company_id = ? AND journal_entry_id = ? AND sort_order = 1",
      c.id,
      c.ids[1],
    );
    const { last } = await verifyAll(c.id);
    expect(last.complete).toBe(false);
    expect(last.first_mismatch).toMatchObject({ reason: "hash_mismatch", seq: 2, entry_id: c.ids[1] });
    expect(last.verified_through_seq).toBe(1);
  });

  it("a changed date: the entry is named", async () => {
    const c = await threeEntries();
    await bypassTriggers(
      "journal_entries",
      "UPDATE journal_entries SET entry_date = '2026-03-01' WHERE company_id = ? AND id = ?",
      c.id,
      c.ids[2],
    );
    const { last } = await verifyAll(c.id);
    expect(last.first_mismatch).toMatchObject({ reason: "hash_mismatch", seq: 3, entry_id: c.ids[2] });
  });

  it("a deleted entry: its place is named", async () => {
    const c = await threeEntries();
    await bypassTriggers(
      "journal_lines",
      "DELETE FROM journal_lines WHERE company_id = ? AND journal_entry_id = ?",
      c.id,
      c.ids[0],
    );
    await bypassTriggers(
      "journal_entries",
      "DELETE FROM journal_entries WHERE company_id = ? AND id = ?",
      c.id,
      c.ids[0],
    );
    const { last } = await verifyAll(c.id);
    expect(last.first_mismatch).toMatchObject({ reason: "entry_missing", seq: 1, entry_id: c.ids[0] });
  });

  it("an entry deleted with its place in the chain: the gap is named", async () => {
    const c = await threeEntries();
    await bypassTriggers(
      "journal_lines",
      "DELETE FROM journal_lines WHERE company_id = ? AND journal_entry_id = ?",
      c.id,
      c.ids[1],
    );
    await bypassTriggers(
      "journal_entries",
      "DELETE FROM journal_entries WHERE company_id = ? AND id = ?",
      c.id,
      c.ids[1],
    );
    await bypassTriggers("ledger_chain", "DELETE FROM ledger_chain WHERE company_id = ? AND seq = 2", c.id);
    const { last } = await verifyAll(c.id);
    expect(last.first_mismatch).toMatchObject({ reason: "sequence_gap", seq: 2 });
  });

  it("an entry written past the ledger: named as unchained", async () => {
    const c = await threeEntries();
    await booksDb
      .prepare(
        "INSERT INTO journal_entries (id, company_id, fiscal_period_id, voucher_series, voucher_number, entry_date, description, " +
          "status, source_type, total_ore, created_at, posted_at) VALUES (?, ?, ?, 'A', 99, '2026-03-20', 'x', 'posted', 'manual', 100, " +
          "'2026-03-20T00:00:00Z', '2026-03-20T00:00:00Z')",
      )
      .bind(crypto.randomUUID(), c.id, c.periodId)
      .run();
    const { last } = await verifyAll(c.id);
    expect(last.first_mismatch).toMatchObject({ reason: "unchained_entry", voucher: "A99" });
  });
});

/** A file uploaded to the company's archive (POST .../documents), linked to an entry when one is named. */
async function uploadDocument(companyId: string, text: string, journalEntryId?: string) {
  const form = new FormData();
  const bytes = new TextEncoder().encode(`%PDF-1.7\n${text}\n%%EOF\n`);
  form.append("file", new File([bytes], "kvitto.pdf", { type: "application/pdf" }));
  if (journalEntryId) form.append("journal_entry_id", journalEntryId);
  const res = await SELF.fetch(`${BASE}/api/v1/companies/${companyId}/documents`, {
    method: "POST",
    headers: { Authorization: `Bearer ${actor.key}`, "Idempotency-Key": uniqueKey() },
    body: form,
  });
  const body = (await res.json()) as any;
  expect(res.status, JSON.stringify(body)).toBe(201);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  expect(body.data.sha256_hash).toBe([...digest].map((b) => b.toString(16).padStart(2, "0")).join(""));
  return { ...body, id: body.data.id as string, sha256: body.data.sha256_hash as string };
}

const linkDocument = (companyId: string, documentId: string, journalEntryId: string) =>
  call("POST", `/api/v1/companies/${companyId}/documents/${documentId}/link`, {
    key: actor.key,
    headers: { "Idempotency-Key": uniqueKey() },
    body: { journal_entry_id: journalEntryId },
  });

describe("documents in the chain (version 2)", () => {
  /**
   * A sale whose draft got two documents (one uploaded linked to it, one linked after), committed;
   * then two documents linked to the posted entry (one by link, one uploaded linked to it).
   */
  async function saleWithDocuments() {
    const c = await company();
    const draft = await createDraft(actor.key, c.id, c.periodId);
    const entryId = draft.body.data.id as string;
    const a = await uploadDocument(c.id, "kvitto A", entryId);
    const b = await uploadDocument(c.id, "kvitto B");
    expect((await linkDocument(c.id, b.id, entryId)).status).toBe(200);
    const committed = await commit(actor.key, c.id, entryId);
    expect(committed.status, JSON.stringify(committed.body)).toBe(200);
    const late = await uploadDocument(c.id, "kontoutdrag");
    const linked = await linkDocument(c.id, late.id, entryId);
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    // the link's receipt: a place of its own after the entry's
    expect(linked.body.meta.audit.chain).toMatchObject({ first_seq: 2, chain_seq: 2 });
    const uploaded = await uploadDocument(c.id, "avtal", entryId);
    expect(uploaded.meta.audit.chain).toMatchObject({ first_seq: 3, chain_seq: 3 });
    return { ...c, entryId, a, b, late, uploaded };
  }

  it("the entry's place names its documents' SHA-256; a document linked later takes its own place", async () => {
    const c = await saleWithDocuments();
    const chain = (await get(c.id, "/ledger/chain")).body.data;
    const [entry, late, uploaded] = chain.records;
    expect(entry).toMatchObject({ seq: 1, v: 2, kind: "entry", document: null });
    expect(entry.entry.documents).toEqual([c.a.sha256, c.b.sha256].sort());
    expect(late).toMatchObject({
      seq: 2,
      v: 2,
      kind: "document",
      entry: null,
      document: { id: c.late.id, entry_id: c.entryId, sha256: c.late.sha256 },
    });
    expect(uploaded.document).toMatchObject({ id: c.uploaded.id, entry_id: c.entryId, sha256: c.uploaded.sha256 });
    // the documented forms, recomputed here from the records
    expect(await sha256Hex(canonical(c.id, 1, "0".repeat(64), entry.entry, 2))).toBe(entry.hash);
    const documentForm = JSON.stringify({
      v: 2,
      company_id: c.id,
      seq: 2,
      prev: entry.hash,
      kind: "document",
      id: c.late.id,
      entry_id: c.entryId,
      sha256: c.late.sha256,
    });
    expect(await sha256Hex(documentForm)).toBe(late.hash);
    expect((await verifyAll(c.id)).last).toMatchObject({ complete: true, head_seq: 3, first_mismatch: null });
    expect(verifyChain(c.id, chain.records).mismatch).toBeNull();
  });

  it("a document's SHA-256 changed in the database: online and offline name the entry's place", async () => {
    const c = await saleWithDocuments();
    await bypassTriggers(
      "documents",
      "UPDATE documents SET sha256_hash = ? WHERE company_id = ? AND id = ?",
      "0".repeat(64),
      c.id,
      c.b.id,
    );
    const { last } = await verifyAll(c.id);
    expect(last.first_mismatch).toMatchObject({ reason: "hash_mismatch", seq: 1, entry_id: c.entryId });
    expect(last.verified_through_seq).toBe(0);
    const records = (await get(c.id, "/ledger/chain")).body.data.records;
    expect(verifyChain(c.id, records).mismatch).toMatchObject({ reason: "hash_mismatch", seq: 1, entry_id: c.entryId });
  });

  it("a later document's SHA-256 changed, or the document unlinked: its own place is named", async () => {
    const c = await saleWithDocuments();
    await bypassTriggers(
      "documents",
      "UPDATE documents SET sha256_hash = ? WHERE company_id = ? AND id = ?",
      "f".repeat(64),
      c.id,
      c.late.id,
    );
    const named = { reason: "hash_mismatch", seq: 2, entry_id: c.entryId, document_id: c.late.id };
    expect((await verifyAll(c.id)).last.first_mismatch).toMatchObject(named);
    const records = (await get(c.id, "/ledger/chain")).body.data.records;
    expect(verifyChain(c.id, records).mismatch).toMatchObject(named);

    const d = await saleWithDocuments();
    await bypassTriggers(
      "documents",
      "UPDATE documents SET journal_entry_id = NULL WHERE company_id = ? AND id = ?",
      d.id,
      d.uploaded.id,
    );
    expect((await verifyAll(d.id)).last.first_mismatch).toMatchObject({
      reason: "hash_mismatch",
      seq: 3,
      document_id: d.uploaded.id,
    });
  });

  it("the file's bytes in R2 are not read again: the chain covers the SHA-256 the archive recorded", async () => {
    const c = await saleWithDocuments();
    const key = `companies/${c.id}/documents/${c.a.id}`;
    await env.DOCUMENTS.put(key, new TextEncoder().encode("%PDF-1.7\nändrad\n%%EOF\n"));
    // online verification still holds (docs/verifiable-ledger.md: the archive's own hash is what is chained)
    expect((await verifyAll(c.id)).last.complete).toBe(true);
    // and whoever holds the file sees it differs: its SHA-256 is not the one the chain names
    const object = await env.DOCUMENTS.get(key);
    const digest = [...new Uint8Array(await crypto.subtle.digest("SHA-256", await object!.arrayBuffer()))]
      .map((b) => b.toString(16).padStart(2, "0"))
      .join("");
    const records = (await get(c.id, "/ledger/chain")).body.data.records;
    expect(records[0].entry.documents).not.toContain(digest);
  });

  it("rows chained in version 1 (before migration 0061) still verify, and version 2 follows them", async () => {
    const c = await company();
    const first = await postedEntry(actor.key, c.id, c.periodId);
    const records = (await get(c.id, "/ledger/chain")).body.data.records;
    // the company's first place as version 1 wrote it: the form without documents
    const e = records[0].entry;
    const v1 = canonicalEntry(
      c.id,
      1,
      GENESIS,
      {
        id: e.id,
        entryDate: e.date,
        voucherSeries: e.series,
        voucherNumber: e.number,
        description: e.description,
        reversesId: e.reverses_id,
        correctionOfId: e.correction_of_id,
        lines: e.lines.map((l: any) => ({
          sortOrder: l.sort_order,
          accountNumber: l.account_number,
          debitOre: l.debit_ore,
          creditOre: l.credit_ore,
          lineDescription: l.line_description,
          dimensions: l.dimensions,
        })),
      },
      1,
    );
    expect(JSON.parse(v1)).not.toHaveProperty("documents");
    const hash = await sha256Hex(v1);
    await bypassTriggers(
      "ledger_chain",
      "UPDATE ledger_chain SET v = 1, hash = ? WHERE company_id = ? AND seq = 1",
      hash,
      c.id,
    );
    await forgetInWriter(env, c.id, { state: true });
    const next = await postedEntry(actor.key, c.id, c.periodId);
    const chain = (await get(c.id, "/ledger/chain")).body.data.records;
    expect(chain.map((r: any) => [r.v, r.entry.id])).toEqual([
      [1, first.id],
      [2, next.id],
    ]);
    expect((await verifyAll(c.id)).last).toMatchObject({ complete: true, head_seq: 2 });
    expect(verifyChain(c.id, chain).mismatch).toBeNull();
  });
});

describe("entries posted before the chain", () => {
  it("are chained once, in posting order, before the first new post", async () => {
    const c = await company();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await postedEntry(actor.key, c.id, c.periodId)).id);
    // the company as migration 0058 finds it: posted entries, no chain, a pending row
    await bypassTriggers("ledger_chain", "DELETE FROM ledger_chain WHERE company_id = ?", c.id);
    await booksDb
      .prepare("INSERT INTO ledger_chain_pending (company_id, since) VALUES (?, '2026-01-01')")
      .bind(c.id)
      .run();
    // the writer holds the head it knew: a cold one reads the pending row (as after the migration)
    await forgetInWriter(env, c.id, { state: true });
    const backfill = await call("POST", `/api/v1/companies/${c.id}/ledger/chain-backfill`, { key: actor.key });
    expect(backfill.status, JSON.stringify(backfill.body)).toBe(200);
    expect(backfill.body.data).toMatchObject({ done: true, chained: 3, head_seq: 3 });
    const next = await postedEntry(actor.key, c.id, c.periodId);
    const chain = await get(c.id, "/ledger/chain");
    expect(chain.body.data.records.map((r: any) => r.entry.id)).toEqual([...ids, next.id]);
    expect((await verifyAll(c.id)).last).toMatchObject({ complete: true, head_seq: 4 });
  });
});

describe("sealed years", () => {
  it("closing a year seals it: the head, counts and totals, signed; the chain then verifies against it", async () => {
    const c = await company();
    await postedEntry(actor.key, c.id, c.periodId);
    await postedEntry(actor.key, c.id, c.periodId);
    const post = (p: string, body?: unknown) =>
      call("POST", `/api/v1/companies/${c.id}/fiscal-periods/${c.periodId}${p}`, {
        key: actor.key,
        headers: { "Idempotency-Key": uniqueKey() },
        body,
      });
    expect((await get(c.id, `/fiscal-periods/${c.periodId}/seal`)).body.error.code).toBe("FISCAL_YEAR_NOT_SEALED");
    expect((await post("/lock")).status).toBeLessThan(300);
    const started = await post("/year-end", {});
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const op = await settleOperation(actor.key, started.body.data.operation_id);
    expect(op.status, JSON.stringify(op.error)).toBe("succeeded");
    const closed = await post("/close");
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const seal = (await get(c.id, `/fiscal-periods/${c.periodId}/seal`)).body.data;
    expect(seal).toMatchObject({ fiscal_period_id: c.periodId, chain_seq: 3, entry_count: 3, key_id: "dev-1" });
    expect(seal.line_count).toBeGreaterThanOrEqual(6);
    expect(seal.debit_total_ore).toBe(seal.credit_total_ore);
    expect(await verifySignature(seal.key_id, seal.payload, seal.signature)).toBe(true);
    const chain = await get(c.id, "/ledger/chain");
    expect(chain.body.data.records.at(-1).hash).toBe(seal.chain_hash);
    expect((await verifyAll(c.id)).last.complete).toBe(true);
    await offline(c, seal, chain.body.data);
  });
});

/** The export checked by the offline verifier's own functions (bin/ledger-verify.mjs), then tampered with. */
async function offline(c: { id: string; periodId: string }, seal: any, chain: any) {
  const res = await SELF.fetch(`${BASE}/api/v1/companies/${c.id}/reports/sie-export?period_id=${c.periodId}`, {
    headers: { Authorization: `Bearer ${actor.key}` },
  });
  expect(res.status).toBe(200);
  const bytes = new Uint8Array(await res.arrayBuffer());
  const sum = ksumma(bytes)!;
  expect(sum.stated).toBe(sum.computed);
  const records = chain.records;
  expect(verifyChain(c.id, records).mismatch).toBeNull();
  expect(verifyChain(c.id, records).hashes.get(seal.chain_seq)).toBe(seal.chain_hash);
  expect(compareVouchers(sieVouchers(bytes), records, seal.period_start, seal.period_end)).toBeNull();

  // tampered: a line of the sidecar, an entry removed, the SIE file's amount
  const changed = structuredClone(records);
  changed[1].entry.lines[0].debit_ore += 100;
  expect(verifyChain(c.id, changed).mismatch).toMatchObject({ reason: "hash_mismatch", seq: 2 });
  const dated = structuredClone(records);
  dated[0].entry.date = "2026-01-02";
  expect(verifyChain(c.id, dated).mismatch).toMatchObject({ reason: "hash_mismatch", seq: 1 });
  expect(verifyChain(c.id, [records[0], records[2]]).mismatch).toMatchObject({ reason: "sequence_gap", seq: 2 });
  const text = Array.from(bytes, (b) => String.fromCharCode(b)).join("");
  const bad = text.replace(/(#TRANS 1930 \{\} )(\d)/, (_m, p, d) => p + String((Number(d) + 1) % 10));
  expect(bad).not.toBe(text);
  const badBytes = Uint8Array.from(bad, (ch) => ch.charCodeAt(0));
  const badSum = ksumma(badBytes)!;
  expect(badSum.stated).not.toBe(badSum.computed);
  expect(compareVouchers(sieVouchers(badBytes), records, seal.period_start, seal.period_end)).toMatch(/lines differ/);

  // the SIE import checks #KSUMMA (SIE 4C §10.3) and refuses the changed file
  const other = await company();
  const started = await call("POST", `/api/v1/companies/${other.id}/imports/sie`, {
    key: actor.key,
    body: { file_base64: btoa(bad), file_name: "changed.se" },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  const op = await settleOperation(actor.key, started.body.data.operation_id);
  expect(op.error?.code).toBe("SIE_CHECKSUM_MISMATCH");
}
