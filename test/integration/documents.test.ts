import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { hmacSha256Hex } from "../../src/http/crypto";
import {
  BASE,
  call,
  createDraft,
  newActor,
  newCompany,
  newKey,
  postedEntry,
  uniqueKey,
  companyFixture,
} from "../helpers";
import { booksDb } from "../books";

const f = companyFixture();

const PDF = new TextEncoder().encode("%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]);
const WEBP = new Uint8Array([0x52, 0x49, 0x46, 0x46, 36, 0, 0, 0, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x20]);
const EXE = new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]);

async function upload(
  bytes: Uint8Array,
  opts: {
    name?: string;
    type?: string;
    fields?: Record<string, string>;
    path?: string;
    key?: string;
    ik?: string;
  } = {},
) {
  const form = new FormData();
  form.append("file", new File([bytes], opts.name ?? "kvitto.pdf", { type: opts.type ?? "application/pdf" }));
  for (const [k, v] of Object.entries(opts.fields ?? {})) form.append(k, v);
  const res = await SELF.fetch(`${BASE}/api/v1/companies/${f.companyId}/documents${opts.path ?? ""}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${opts.key ?? f.actor.key}`, "Idempotency-Key": opts.ik ?? uniqueKey() },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as any, headers: res.headers };
}

async function sha256(bytes: Uint8Array) {
  return [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))]
    .map((b) => b.toString(16).padStart(2, "0"))
    .join("");
}

async function r2Count() {
  return (await env.DOCUMENTS.list({ prefix: `companies/${f.companyId}/` })).objects.length;
}

describe("upload", () => {
  it("stores a PDF in R2 at version 1 with its SHA-256 and records document.uploaded", async () => {
    const res = await upload(PDF, { name: "Kvitto Åhléns.pdf", fields: { upload_source: "mobile" } });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      file_name: "Kvitto Åhléns.pdf",
      mime_type: "application/pdf",
      file_size_bytes: PDF.byteLength,
      sha256_hash: await sha256(PDF),
      version: 1,
      is_current_version: true,
      upload_source: "mobile",
      journal_entry_id: null,
      immutable: false,
    });
    const object = await env.DOCUMENTS.get(`companies/${f.companyId}/documents/${res.body.data.id}`);
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(PDF);
    const ev = await booksDb
      .prepare("SELECT object FROM outbox_events WHERE company_id = ? AND type = 'document.uploaded'")
      .bind(f.companyId)
      .all<any>();
    expect(ev.results.map((r) => JSON.parse(r.object).id)).toContain(res.body.data.id);
  });

  it.each([
    ["PNG", PNG, "image/png"],
    ["JPEG", JPEG, "image/jpeg"],
    ["WebP", WEBP, "image/webp"],
  ])("detects %s from the bytes whatever the declared type", async (_n, bytes, mime) => {
    const res = await upload(bytes, { name: "bild.pdf", type: "application/pdf" });
    expect(res.status).toBe(201);
    expect(res.body.data.mime_type).toBe(mime);
  });

  it("refuses other bytes even when declared as PDF, and leaves nothing in R2", async () => {
    const before = await r2Count();
    const res = await upload(EXE, { name: "faktura.pdf", type: "application/pdf" });
    expect(res.status).toBe(415);
    expect(res.body.error.code).toBe("DOC_UPLOAD_UNSUPPORTED_TYPE");
    expect(await r2Count()).toBe(before);
  });

  it("refuses more than 10 MB with 413", async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(PDF);
    const res = await upload(big);
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe("DOC_UPLOAD_TOO_LARGE");
    const exactly = new Uint8Array(10 * 1024 * 1024);
    exactly.set(PDF);
    expect((await upload(exactly)).status).toBe(201);
  });

  it("needs an Idempotency-Key, refuses dry-run, and replays without a second object", async () => {
    const form = new FormData();
    form.append("file", new File([PDF], "a.pdf"));
    const noKey = await SELF.fetch(`${BASE}/api/v1/companies/${f.companyId}/documents`, {
      method: "POST",
      headers: { Authorization: `Bearer ${f.actor.key}` },
      body: form,
    });
    expect(((await noKey.json()) as any).error.details.header).toBe("Idempotency-Key");
    expect((await upload(PDF, { path: "?dry_run=true" })).body.error.code).toBe("VALIDATION_ERROR");

    const ik = uniqueKey();
    const first = await upload(PDF, { ik });
    const before = await r2Count();
    const replay = await upload(PDF, { ik });
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(replay.body.data.id).toBe(first.body.data.id);
    expect(await r2Count()).toBe(before);
    const other = await upload(PNG, { ik, name: "b.png" });
    expect(other.body.error.code).toBe("IDEMPOTENCY_KEY_REUSE");
    expect(await r2Count()).toBe(before);
  });

  it("needs documents:write and answers another company's document with 404", async () => {
    const readOnly = await newKey(f.actor.userId, { scopes: ["documents:read"] });
    expect((await upload(PDF, { key: readOnly.key })).body.error).toMatchObject({
      code: "INSUFFICIENT_SCOPE",
      details: { required_scope: "documents:write" },
    });
    const doc = await upload(PDF);
    const stranger = await newActor();
    const theirs = await newCompany(stranger.key, { name: "Annan AB" });
    expect(
      (await call("GET", `/api/v1/companies/${theirs.id}/documents/${doc.body.data.id}`, { key: stranger.key })).status,
    ).toBe(404);
    expect(
      (await call("GET", `/api/v1/companies/${f.companyId}/documents/${doc.body.data.id}`, { key: stranger.key }))
        .status,
    ).toBe(404);
  });
});

describe("download", () => {
  it("returns a signed URL valid 900 s that serves the bytes with the right headers, and records the access", async () => {
    const doc = await upload(PDF, { name: "Faktura 2026-11.pdf" });
    const res = await call("GET", `/api/v1/companies/${f.companyId}/documents/${doc.body.data.id}/download`, {
      key: f.actor.key,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: doc.body.data.id,
      mime_type: "application/pdf",
      sha256_hash: await sha256(PDF),
      expires_in_seconds: 900,
    });
    const url = new URL(res.body.data.download_url);
    expect(Number(url.searchParams.get("expires")) - Date.now() / 1000).toBeGreaterThan(890);
    const file = await SELF.fetch(res.body.data.download_url);
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("application/pdf");
    expect(file.headers.get("Content-Disposition")).toBe(
      `attachment; filename="Faktura 2026-11.pdf"; filename*=UTF-8''Faktura%202026-11.pdf`,
    );
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);
    const accessed = await booksDb
      .prepare(
        "SELECT COUNT(*) AS n FROM outbox_events WHERE company_id = ? AND type = 'document.accessed' AND object LIKE ?",
      )
      .bind(f.companyId, `%${doc.body.data.id}%`)
      .first<{ n: number }>();
    expect(accessed!.n).toBe(1);
  });

  it("refuses an altered or expired URL", async () => {
    const doc = await upload(PDF);
    const res = await call("GET", `/api/v1/companies/${f.companyId}/documents/${doc.body.data.id}/download`, {
      key: f.actor.key,
    });
    const url = new URL(res.body.data.download_url);
    const tamperedExpiry = new URL(url);
    tamperedExpiry.searchParams.set("expires", String(Number(url.searchParams.get("expires")) + 3600));
    const r1 = await SELF.fetch(tamperedExpiry.toString());
    expect(r1.status).toBe(403);
    expect(((await r1.json()) as any).error).toMatchObject({
      code: "FORBIDDEN",
      details: { reason: "invalid_signature" },
    });
    const otherDoc = await upload(PNG, { name: "x.png" });
    const swapped = url.toString().replace(doc.body.data.id, otherDoc.body.data.id);
    expect((await SELF.fetch(swapped)).status).toBe(403);

    // A correctly signed URL whose time has passed.
    const past = Math.floor(Date.now() / 1000) - 1;
    const sig = await hmacSha256Hex("test-document-url-secret", `${f.companyId}:${doc.body.data.id}:${past}`);
    const expired = await SELF.fetch(
      `${BASE}/api/v1/document-files/${f.companyId}/${doc.body.data.id}?expires=${past}&signature=${sig}`,
    );
    expect(expired.status).toBe(403);
    expect(((await expired.json()) as any).error.details.reason).toBe("expired");
  });
});

describe("linking, immutability and versions", () => {
  it("links to a draft, re-links, then freezes once the entry is posted", async () => {
    const doc = await upload(PDF);
    const id = doc.body.data.id;
    const draft = await createDraft(f.actor.key, f.companyId, f.periodId);
    const other = await createDraft(f.actor.key, f.companyId, f.periodId);
    const link = (body: unknown) =>
      call("POST", `/api/v1/companies/${f.companyId}/documents/${id}/link`, {
        key: f.actor.key,
        headers: { "Idempotency-Key": uniqueKey() },
        body,
      });

    const lineId = (await booksDb
      .prepare("SELECT id FROM journal_lines WHERE journal_entry_id = ? ORDER BY sort_order LIMIT 1")
      .bind(draft.body.data.id)
      .first<{ id: string }>())!.id;
    const linked = await link({ journal_entry_id: draft.body.data.id, journal_entry_line_id: lineId });
    expect(linked.body.data).toMatchObject({
      journal_entry_id: draft.body.data.id,
      journal_entry_line_id: lineId,
      immutable: false,
    });
    const relinked = await link({ journal_entry_id: other.body.data.id });
    expect(relinked.body.data).toMatchObject({ journal_entry_id: other.body.data.id, journal_entry_line_id: null });

    expect((await link({ journal_entry_id: "00000000-0000-4000-8000-000000000000" })).body.error.code).toBe(
      "NOT_FOUND",
    );
    expect(
      (await link({ journal_entry_id: other.body.data.id, journal_entry_line_id: lineId })).body.error,
    ).toMatchObject({ code: "NOT_FOUND", details: { resource: "journal_entry_line" } });
    const dry = await call("POST", `/api/v1/companies/${f.companyId}/documents/${id}/link?dry_run=true`, {
      key: f.actor.key,
      headers: { "Idempotency-Key": uniqueKey() },
      body: { journal_entry_id: draft.body.data.id },
    });
    expect(dry.headers.get("X-Dry-Run")).toBe("true");
    expect(
      (await call("GET", `/api/v1/companies/${f.companyId}/documents/${id}`, { key: f.actor.key })).body.data
        .journal_entry_id,
    ).toBe(other.body.data.id);

    await call("POST", `/api/v1/companies/${f.companyId}/journal-entries/${other.body.data.id}/commit`, {
      key: f.actor.key,
      headers: { "Idempotency-Key": uniqueKey() },
    });
    const frozen = await call("GET", `/api/v1/companies/${f.companyId}/documents/${id}`, { key: f.actor.key });
    expect(frozen.body.data.immutable).toBe(true);
    const refused = await link({ journal_entry_id: draft.body.data.id });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: "CONFLICT", details: { reason: "linked_to_posted_entry" } });
    const newVersion = await upload(PNG, { path: `/${id}/versions`, name: "ny.png" });
    expect(newVersion.body.error.details.reason).toBe("linked_to_posted_entry");
    await expect(
      booksDb.prepare("UPDATE documents SET file_name = 'ändrad' WHERE id = ?").bind(id).run(),
    ).rejects.toThrow(/immutable/);
    await expect(booksDb.prepare("DELETE FROM documents WHERE id = ?").bind(id).run()).rejects.toThrow(/never deleted/);

    const entry = await call("GET", `/api/v1/companies/${f.companyId}/journal-entries/${other.body.data.id}`, {
      key: f.actor.key,
    });
    expect(entry.body.data.documents.map((d: any) => d.id)).toEqual([id]);
  });

  it("uploads version 2 of an unlinked document; current moves; version 1 stays downloadable", async () => {
    const v1 = await upload(PDF, { name: "avtal.pdf" });
    const v2 = await upload(PNG, { path: `/${v1.body.data.id}/versions`, name: "avtal-skannat.png" });
    expect(v2.status).toBe(201);
    expect(v2.body.data).toMatchObject({
      version: 2,
      is_current_version: true,
      document_id: v1.body.data.id,
      mime_type: "image/png",
    });
    const old = await call("GET", `/api/v1/companies/${f.companyId}/documents/${v1.body.data.id}`, {
      key: f.actor.key,
    });
    expect(old.body.data.is_current_version).toBe(false);
    const dl = await call("GET", `/api/v1/companies/${f.companyId}/documents/${v1.body.data.id}/download`, {
      key: f.actor.key,
    });
    expect(new Uint8Array(await (await SELF.fetch(dl.body.data.download_url)).arrayBuffer())).toEqual(PDF);
    const current = await call("GET", `/api/v1/companies/${f.companyId}/documents?mime_type=image/png`, {
      key: f.actor.key,
    });
    expect(current.body.data.map((d: any) => d.id)).toContain(v2.body.data.id);
    const listed = await call("GET", `/api/v1/companies/${f.companyId}/documents?limit=100`, { key: f.actor.key });
    expect(listed.body.data.map((d: any) => d.id)).not.toContain(v1.body.data.id);
    const all = await call("GET", `/api/v1/companies/${f.companyId}/documents?limit=100&all_versions=true`, {
      key: f.actor.key,
    });
    expect(all.body.data.map((d: any) => d.id)).toEqual(expect.arrayContaining([v1.body.data.id, v2.body.data.id]));
  });

  it("filters by journal entry and date, and uploads straight onto an entry", async () => {
    const e = await postedEntry(f.actor.key, f.companyId, f.periodId);
    const doc = await upload(PDF, { fields: { journal_entry_id: e.id } });
    expect(doc.body.data).toMatchObject({ journal_entry_id: e.id, immutable: true });
    const byEntry = await call("GET", `/api/v1/companies/${f.companyId}/documents?journal_entry_id=${e.id}`, {
      key: f.actor.key,
    });
    expect(byEntry.body.data.map((d: any) => d.id)).toEqual([doc.body.data.id]);
    const today = new Date().toISOString().slice(0, 10);
    expect(
      (
        await call(
          "GET",
          `/api/v1/companies/${f.companyId}/documents?date_from=${today}&date_to=${today}&journal_entry_id=${e.id}`,
          { key: f.actor.key },
        )
      ).body.data,
    ).toHaveLength(1);
    expect(
      (await call("GET", `/api/v1/companies/${f.companyId}/documents?date_to=2000-01-01`, { key: f.actor.key })).body
        .data,
    ).toHaveLength(0);
    expect((await upload(PDF, { fields: { journal_entry_id: "00000000-0000-4000-8000-000000000000" } })).status).toBe(
      404,
    );
  });
});
