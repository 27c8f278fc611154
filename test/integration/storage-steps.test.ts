// Files are steps of the plan: put before the batch, never on a dry run, removed when
// the batch fails, and never left behind by a refused write.
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { WIRING } from "../../src/app/commands";
import { runCommand } from "../../src/commands/runner";
import type { RequestContext } from "../../src/commands/plan";
import { runOperation } from "../../src/domains/operations/commands";
import { sha256Hex } from "../../src/http/crypto";
import { newId } from "../../src/ids";
import { OPERATION_HANDLERS } from "../../src/app/operations";
import { BASE, call, companyFixture, sieFixture, uniqueKey, write, yearAroundToday } from "../helpers";
import { booksDb, homeEnv, operationEnv } from "../books";

const f = companyFixture({ name: "Lagring AB", ...yearAroundToday() });
const PDF = new TextEncoder().encode("%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const url = (p: string) => `/api/v1/companies/${f.companyId}${p}`;

async function objectKeys(under = ""): Promise<string[]> {
  return (await env.DOCUMENTS.list({ prefix: `companies/${f.companyId}/${under}` })).objects.map((o) => o.key).sort();
}

async function upload(bytes: Uint8Array, path = "") {
  const form = new FormData();
  form.append("file", new File([bytes], "kvitto.pdf", { type: "application/pdf" }));
  const res = await SELF.fetch(`${BASE}${url(`/documents${path}`)}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${f.actor.key}`, "Idempotency-Key": uniqueKey() },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** documents.upload run by the writer's runner itself, with a bucket that records its puts. */
async function runUpload(documentId: string, bytes: Uint8Array) {
  const puts: string[] = [];
  const bucket = new Proxy(env.DOCUMENTS, {
    get: (target, prop) =>
      prop === "put"
        ? (key: string, ...rest: unknown[]) => {
            puts.push(key);
            return (target.put as (...a: unknown[]) => unknown)(key, ...rest);
          }
        : (Reflect.get(target, prop) as (...a: unknown[]) => unknown).bind(target),
  });
  const ctx: RequestContext = {
    companyId: f.companyId,
    requestId: `req-${newId()}`,
    apiKeyId: f.actor.keyId,
    userId: f.actor.userId,
    role: "owner",
    unattendedCommitLimitOre: null,
    dryRun: false,
    now: new Date().toISOString(),
    apiVersion: "2026-05-12",
  };
  const input = {
    documentId,
    bytes,
    fileName: "a.pdf",
    mimeType: "application/pdf",
    fileSizeBytes: bytes.byteLength,
    sha256Hash: await sha256Hex(bytes),
    uploadSource: "api",
  };
  const result = await runCommand(WIRING, { ...(await homeEnv(ctx.companyId)), DOCUMENTS: bucket } as typeof env, {
    name: "documents.upload",
    input,
    ctx,
    idempotency: null,
  });
  return { result, puts };
}

describe("a file step", () => {
  it("is written with its row: the upload's object and its document row", async () => {
    const res = await upload(PDF);
    expect(res.status).toBe(201);
    const row = await booksDb
      .prepare("SELECT r2_key FROM documents WHERE id = ?")
      .bind(res.body.data.id)
      .first<{ r2_key: string }>();
    const object = await env.DOCUMENTS.get(row!.r2_key);
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(PDF);
    expect(object!.httpMetadata?.contentType).toBe("application/pdf");
    expect(object!.customMetadata).toEqual({ sha256: res.body.data.sha256_hash, company_id: f.companyId });
  });

  it("is not written on a dry run: a refused dry-run upload and a dry-run invoice send", async () => {
    const before = await objectKeys();
    expect((await upload(PDF, "?dry_run=true")).body.error.code).toBe("VALIDATION_ERROR");
    expect(await objectKeys()).toEqual(before);

    const customer = await write(f.actor.key, "POST", url("/customers"), {
      name: "Kund AB",
      customer_type: "swedish_business",
      email: "ekonomi@lagring-kund.se",
    });
    const invoice = await write(f.actor.key, "POST", url("/invoices"), {
      customer_id: customer.body.data.id,
      items: [{ description: "Tjänst", unit_price: 1000, vat_rate: 0.25 }],
    });
    const dry = await write(f.actor.key, "POST", url(`/invoices/${invoice.body.data.id}/send`), undefined, {
      "X-Dry-Run": "true",
    });
    expect(dry.headers.get("X-Dry-Run")).toBe("true");
    expect(await objectKeys()).toEqual(before);

    const sent = await write(f.actor.key, "POST", url(`/invoices/${invoice.body.data.id}/send`));
    expect(sent.status).toBe(200);
    expect(await objectKeys()).toEqual(
      [...before, `companies/${f.companyId}/documents/${sent.body.data.document_id}`].sort(),
    );
  });

  it("is not left behind by a refused write: a second SIE upload of the same file, a version of no document", async () => {
    const file = sieFixture("mamut-enterprise-14_SIE4_EXPORT.SE");
    const body = { file_base64: btoa(Array.from(file, (b) => String.fromCharCode(b)).join("")) };
    const first = await write(f.actor.key, "POST", url("/imports/sie"), body);
    expect(first.status).toBe(202);
    await runOperation(
      await operationEnv(first.body.data.operation_id),
      first.body.data.operation_id,
      OPERATION_HANDLERS,
      () => new Date().toISOString(),
    );
    const before = await objectKeys();
    expect(before.filter((k) => k.includes("/imports/"))).toHaveLength(1);

    const again = await write(f.actor.key, "POST", url("/imports/sie"), body);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("SIE_IMPORT_DUPLICATE");
    expect(await objectKeys()).toEqual(before);

    expect((await upload(PDF, `/${newId()}/versions`)).status).toBe(404);
    expect(await objectKeys()).toEqual(before);
  });

  it("is removed when the batch fails", async () => {
    const documentId = newId();
    // a row the command does not look for, that its insert clashes with at commit
    await booksDb
      .prepare(
        "INSERT INTO documents (id, company_id, document_group_id, version, is_current_version, file_name, mime_type, file_size_bytes, sha256_hash, r2_key, upload_source, created_at) VALUES (?, ?, ?, 1, 1, 'x.pdf', 'application/pdf', 1, 'x', 'nowhere', 'api', ?)",
      )
      .bind(newId(), f.companyId, documentId, new Date().toISOString())
      .run();
    const { result, puts } = await runUpload(documentId, PDF);
    expect(result).toMatchObject({
      ok: false,
      status: 409,
      error: { code: "CONFLICT", details: { constraint: "documents.document_group_id, documents.version" } },
    });
    expect(puts).toEqual([`companies/${f.companyId}/documents/${documentId}`]);
    expect(await env.DOCUMENTS.head(puts[0])).toBeNull();
    expect(await booksDb.prepare("SELECT 1 FROM documents WHERE id = ?").bind(documentId).first()).toBeNull();
  });

  it("never replaces an object: a key in use fails the write and keeps the object", async () => {
    const existing = await upload(PDF);
    const other = new TextEncoder().encode("%PDF-1.7\nsomething else\n%%EOF\n");
    const { result } = await runUpload(existing.body.data.id, other);
    expect(result).toMatchObject({
      ok: false,
      status: 500,
      error: { code: "INTERNAL_ERROR", details: { step: "file_storage" } },
    });
    const object = await env.DOCUMENTS.get(`companies/${f.companyId}/documents/${existing.body.data.id}`);
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(PDF);
    expect(
      (await call("GET", url(`/documents/${existing.body.data.id}`), { key: f.actor.key })).body.data.sha256_hash,
    ).toBe(existing.body.data.sha256_hash);
  });
});
