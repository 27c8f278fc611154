// The document archive: files in R2 under the company, a row per version in D1.
// A document linked to a posted entry is immutable (BFL 7 kap; also enforced by a
// trigger), and nothing is ever deleted.
import { and, asc, desc, eq, gte, lt, max } from "drizzle-orm";
import type { Command, Plan, PlannedWrite } from "../../commands/plan";
import type { Database } from "../../db/client";
import { publicOrigin } from "../../env";
import { documents } from "../../db/schema";
import { documentLinkWrite } from "../../ledger/chain";
import { entryAndLineExist, postedEntryIds } from "../../ledger/queries";
import { ApiError } from "../../errors/api-error";
import { afterDesc, type PageRequest } from "../../http/pagination";
import { addDays } from "../../sweden/fiscal-year";
import { DOWNLOAD_URL_TTL_SECONDS, signDownload } from "./signed-url";

type DocumentRow = typeof documents.$inferSelect;
type PlanFile = NonNullable<Plan["files"]>[number];

export function documentJson(d: DocumentRow, immutable: boolean) {
  return {
    id: d.id,
    document_id: d.documentGroupId,
    file_name: d.fileName,
    mime_type: d.mimeType,
    file_size_bytes: d.fileSizeBytes,
    sha256_hash: d.sha256Hash,
    version: d.version,
    is_current_version: d.isCurrentVersion,
    upload_source: d.uploadSource,
    journal_entry_id: d.journalEntryId,
    journal_entry_line_id: d.journalEntryLineId,
    immutable,
    created_at: d.createdAt,
    linked_at: d.linkedAt,
  };
}

export function r2KeyFor(companyId: string, documentId: string): string {
  return `companies/${companyId}/documents/${documentId}`;
}

export async function documentsJson(db: Database, companyId: string, rows: DocumentRow[]) {
  const posted = await postedEntryIds(
    db,
    companyId,
    rows.map((r) => r.journalEntryId),
  );
  return rows.map((r) => documentJson(r, !!r.journalEntryId && posted.has(r.journalEntryId)));
}

export async function loadDocument(db: Database, companyId: string, id: string): Promise<DocumentRow> {
  const row = await db
    .select()
    .from(documents)
    .where(and(eq(documents.companyId, companyId), eq(documents.id, id)))
    .get();
  if (!row) throw new ApiError("NOT_FOUND", { resource: "document", id });
  return row;
}

async function assertMutable(db: Database, companyId: string, doc: DocumentRow) {
  if (doc.journalEntryId && (await postedEntryIds(db, companyId, [doc.journalEntryId])).has(doc.journalEntryId)) {
    throw new ApiError(
      "CONFLICT",
      { reason: "linked_to_posted_entry", journal_entry_id: doc.journalEntryId },
      "The document supports a posted entry and can no longer change.",
    );
  }
}

/** The entry a document is linked to exists (and the line in it): its status, for the chain. */
async function assertLinkTarget(db: Database, companyId: string, entryId: string, lineId: string | null) {
  const found = await entryAndLineExist(db, companyId, entryId, lineId);
  if (!found.entry) throw new ApiError("NOT_FOUND", { resource: "journal_entry", id: entryId });
  if (lineId && !found.line) throw new ApiError("NOT_FOUND", { resource: "journal_entry_line", id: lineId });
  return found.status;
}

/** A file's particulars, as its row records them. */
export interface DocumentFile {
  documentId: string;
  fileName: string;
  mimeType: string;
  fileSizeBytes: number;
  sha256Hash: string;
  uploadSource: string;
  journalEntryId?: string | null;
}

/**
 * What the HTTP layer hands over: the checked bytes travel with the command (at most
 * 10 MB, well inside the 32 MiB of a Durable Object call) so that the file is a step
 * of the plan, written only with its row.
 */
export interface DocumentUpload extends DocumentFile {
  bytes: Uint8Array;
  /** set when the upload is a new version of an existing document */
  replacesId?: string | null;
}

/** The plan's step that stores a document's bytes under the company. */
function fileStep(companyId: string, file: DocumentFile, bytes: Uint8Array): PlanFile {
  return {
    key: r2KeyFor(companyId, file.documentId),
    body: bytes,
    contentType: file.mimeType,
    customMetadata: { sha256: file.sha256Hash, company_id: companyId },
  };
}

export const uploadDocument: Command<DocumentUpload> = async (db, input, ctx) => {
  let groupId = input.documentId;
  let version = 1;
  let journalEntryId = input.journalEntryId ?? null;
  const statements = [];
  if (input.replacesId) {
    const previous = await loadDocument(db, ctx.companyId, input.replacesId);
    await assertMutable(db, ctx.companyId, previous);
    groupId = previous.documentGroupId;
    const [{ latest }] = await db
      .select({ latest: max(documents.version) })
      .from(documents)
      .where(eq(documents.documentGroupId, groupId))
      .all();
    version = (latest ?? 0) + 1;
    journalEntryId = journalEntryId ?? previous.journalEntryId;
    statements.push(
      db
        .update(documents)
        .set({ isCurrentVersion: false })
        .where(and(eq(documents.documentGroupId, groupId), eq(documents.isCurrentVersion, true))),
    );
  }
  const entryStatus = journalEntryId ? await assertLinkTarget(db, ctx.companyId, journalEntryId, null) : null;
  const { bytes, replacesId: _r, ...file } = input;
  const row = documentRow(ctx, { ...file, journalEntryId }, groupId, version);
  statements.push(db.insert(documents).values(row));
  const [data] = await documentsJson(db, ctx.companyId, [row]);
  // linked from the start: to a posted entry, a place in the chain of its own (docs/verifiable-ledger.md)
  const written = journalEntryId
    ? documentLinkWrite(statements, {
        documentId: row.id,
        sha256: row.sha256Hash,
        entryId: journalEntryId,
        entryStatus,
      })
    : null;
  return {
    status: 201,
    data,
    statements: written ? [written] : statements,
    files: [fileStep(ctx.companyId, file, bytes)],
    events: [{ type: "document.uploaded", object: data }],
    audit: {
      action: version > 1 ? "document.version_uploaded" : "document.uploaded",
      resourceType: "document",
      resourceId: row.id,
    },
  };
};

export const linkDocument: Command<{ id: string; journal_entry_id: string; journal_entry_line_id?: string }> = async (
  db,
  input,
  ctx,
) => {
  const doc = await loadDocument(db, ctx.companyId, input.id);
  const entryStatus = await assertLinkTarget(
    db,
    ctx.companyId,
    input.journal_entry_id,
    input.journal_entry_line_id ?? null,
  );
  await assertMutable(db, ctx.companyId, doc);
  const patch = {
    journalEntryId: input.journal_entry_id,
    journalEntryLineId: input.journal_entry_line_id ?? null,
    linkedAt: ctx.now,
  };
  const [data] = await documentsJson(db, ctx.companyId, [{ ...doc, ...patch }]);
  return {
    status: 200,
    data,
    // linked to a posted entry, the document takes a place in the chain (docs/verifiable-ledger.md)
    statements: [
      documentLinkWrite([db.update(documents).set(patch).where(eq(documents.id, doc.id))], {
        documentId: doc.id,
        sha256: doc.sha256Hash,
        entryId: input.journal_entry_id,
        entryStatus,
        leftEntryId: doc.journalEntryId,
      }),
    ],
    audit: { action: "document.linked", resourceType: "document", resourceId: doc.id },
  };
};

/**
 * The API's public origin, from configuration (PUBLIC_BASE_URL), never from the request:
 * a Host header is the caller's to choose, and a link built from it would point wherever
 * the caller (or a proxy it fooled) liked, carrying a valid signature.
 */
function publicBaseUrl(value: string | undefined): string {
  const origin = publicOrigin(value);
  if (!origin) {
    throw new ApiError("INTERNAL_ERROR", { setting: "PUBLIC_BASE_URL" }, "PUBLIC_BASE_URL is not configured.");
  }
  return origin;
}

/** Every download link handed out is an access to the archive: audited and evented. */
export const accessDocument: Command<{ id: string }> = async (db, input, ctx, env) => {
  const base = publicBaseUrl(env.PUBLIC_BASE_URL);
  const doc = await loadDocument(db, ctx.companyId, input.id);
  const expires = Math.floor(Date.parse(ctx.now) / 1000) + DOWNLOAD_URL_TTL_SECONDS;
  const signature = await signDownload(env.DOCUMENT_URL_SECRET, ctx.companyId, doc.id, expires);
  const data = {
    id: doc.id,
    file_name: doc.fileName,
    mime_type: doc.mimeType,
    sha256_hash: doc.sha256Hash,
    download_url: `${base}/api/v1/document-files/${ctx.companyId}/${doc.id}?expires=${expires}&signature=${signature}`,
    expires_in_seconds: DOWNLOAD_URL_TTL_SECONDS,
  };
  return {
    status: 200,
    data,
    statements: [],
    events: [
      {
        type: "document.accessed",
        object: {
          id: doc.id,
          file_name: doc.fileName,
          api_key_id: ctx.apiKeyId,
          expires_at: new Date(expires * 1000).toISOString(),
        },
      },
    ],
    audit: { action: "document.accessed", resourceType: "document", resourceId: doc.id },
  };
};

export interface DocumentFilters {
  journal_entry_id?: string;
  mime_type?: string;
  date_from?: string;
  date_to?: string;
  all_versions?: boolean;
}

export async function listDocuments(db: Database, companyId: string, f: DocumentFilters, page: PageRequest) {
  return db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.companyId, companyId),
        f.all_versions ? undefined : eq(documents.isCurrentVersion, true),
        f.journal_entry_id ? eq(documents.journalEntryId, f.journal_entry_id) : undefined,
        f.mime_type ? eq(documents.mimeType, f.mime_type) : undefined,
        f.date_from ? gte(documents.createdAt, f.date_from) : undefined,
        // date_to is inclusive: everything before the next day
        f.date_to ? lt(documents.createdAt, addDays(f.date_to, 1)) : undefined,
        afterDesc(page, documents.createdAt, documents.id),
      ),
    )
    .orderBy(desc(documents.createdAt), asc(documents.id))
    .limit(page.limit + 1)
    .all();
}

/** The current documents supporting an entry (the journal-entries domain shows them). */
export async function documentsForEntry(db: Database, companyId: string, entryId: string) {
  const rows = await db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.companyId, companyId),
        eq(documents.journalEntryId, entryId),
        eq(documents.isCurrentVersion, true),
      ),
    )
    .orderBy(asc(documents.createdAt))
    .all();
  return documentsJson(db, companyId, rows);
}

/**
 * A document the service made itself (an invoice's PDF), archived in the same batch
 * as the entry it belongs to: the link is not checked against the database, because
 * that entry is written by the same batch. The caller's plan carries `file`. A generated
 * document is linked only to a posted entry (an issued invoice's, a registration's): the
 * link takes a place in the chain after the entry's (docs/verifiable-ledger.md).
 */
export function archiveGeneratedDocument(
  db: Database,
  ctx: { companyId: string; now: string },
  input: DocumentFile,
  bytes: Uint8Array,
): { row: DocumentRow; statements: PlannedWrite[]; file: PlanFile } {
  const row = documentRow(ctx, input, input.documentId, 1);
  const insert = db.insert(documents).values(row);
  const statements = row.journalEntryId
    ? [
        documentLinkWrite([insert], {
          documentId: row.id,
          sha256: row.sha256Hash,
          entryId: row.journalEntryId,
          entryStatus: "posted",
        }),
      ]
    : [insert];
  return { row, statements, file: fileStep(ctx.companyId, input, bytes) };
}

/** The current version's row of a stored file, linked to its entry from the start when one is named. */
function documentRow(
  ctx: { companyId: string; now: string },
  input: DocumentFile,
  groupId: string,
  version: number,
): DocumentRow {
  const journalEntryId = input.journalEntryId ?? null;
  return {
    id: input.documentId,
    companyId: ctx.companyId,
    documentGroupId: groupId,
    version,
    isCurrentVersion: true,
    fileName: input.fileName,
    mimeType: input.mimeType,
    fileSizeBytes: input.fileSizeBytes,
    sha256Hash: input.sha256Hash,
    r2Key: r2KeyFor(ctx.companyId, input.documentId),
    uploadSource: input.uploadSource,
    journalEntryId,
    journalEntryLineId: null,
    createdAt: ctx.now,
    linkedAt: journalEntryId ? ctx.now : null,
  };
}

/**
 * The stored bytes of one document (the invoices domain serves an issued invoice's
 * archived PDF with them); null when the file is missing from R2.
 */
export async function storedDocumentFile(
  env: { DOCUMENTS: R2Bucket },
  db: Database,
  companyId: string,
  id: string,
): Promise<ReadableStream | null> {
  const doc = await loadDocument(db, companyId, id);
  const object = await env.DOCUMENTS.get(doc.r2Key);
  return object ? object.body : null;
}

/** A document's row with its stored bytes (a supplier's PDF read for its fields, issue #43); null bytes when R2 lacks the file. */
export async function documentWithBytes(
  env: { DOCUMENTS: R2Bucket },
  db: Database,
  companyId: string,
  id: string,
): Promise<{ id: string; mimeType: string; fileSizeBytes: number; bytes: Uint8Array | null }> {
  const doc = await loadDocument(db, companyId, id);
  const object = await env.DOCUMENTS.get(doc.r2Key);
  const bytes = object ? new Uint8Array(await object.arrayBuffer()) : null;
  return { id: doc.id, mimeType: doc.mimeType, fileSizeBytes: doc.fileSizeBytes, bytes };
}

/**
 * The link of a document to an entry the same batch writes (a supplier invoice's registration,
 * a receipt's draft): the entry is not checked against the database, which does not hold it yet;
 * a document that supports a posted entry already is refused as link is.
 */
export async function planLinkToNewEntry(
  db: Database,
  ctx: { companyId: string; now: string },
  id: string,
  entry: { id: string; status: string },
): Promise<PlannedWrite[]> {
  const doc = await loadDocument(db, ctx.companyId, id);
  await assertMutable(db, ctx.companyId, doc);
  const update = db
    .update(documents)
    .set({ journalEntryId: entry.id, journalEntryLineId: null, linkedAt: ctx.now })
    .where(and(eq(documents.companyId, ctx.companyId), eq(documents.id, id)));
  // to a posted entry: a place in the chain after the entry's; to a draft: its commit names it
  return [
    documentLinkWrite([update], {
      documentId: doc.id,
      sha256: doc.sha256Hash,
      entryId: entry.id,
      entryStatus: entry.status,
      leftEntryId: doc.journalEntryId,
    }),
  ];
}
