import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { DOCS } from "./prose";
import type { Context } from "hono";
import { nowMs } from "../../clock";
import { database } from "../../db/client";
import { ApiError } from "../../errors/api-error";
import { enterCompanyHome } from "../../http/company-access";
import type { AppEnv } from "../../http/context";
import { sha256Hex } from "../../http/crypto";
import { uploadSizeGate } from "../../http/upload";
import { dispatch, isDryRun } from "../../http/dispatch";
import { json, requestVersion } from "../../http/envelope";
import { DOWNLOAD_HEADERS } from "../../http/file-response";
import { byCreated, finishPage, pageRequest } from "../../http/pagination";
import { CompanyParams } from "../../http/params";
import { booleanQuery, defineRoute, type HandlerContext, withBody } from "../../http/route";
import { newId } from "../../ids";
import { DateSchema } from "../../http/fields";
import { detectMimeType, MAX_DOCUMENT_BYTES } from "./file-type";
import { documentsJson, listDocuments, loadDocument, type DocumentUpload } from "./commands";
import { verifyDownload } from "./signed-url";
import { commandRoute, handled, on, registerRoutes, routeRoom } from "../../http/route-table";

const TAG = "Documents";
const BASE = "/api/v1/companies/{companyId}/documents";

export const DocumentSchema = z
  .object({
    id: z.string(),
    document_id: z.string().openapi({ description: "shared by every version of the document" }),
    file_name: z.string(),
    mime_type: z.enum(["application/pdf", "image/jpeg", "image/png", "image/webp"]),
    file_size_bytes: z.number(),
    sha256_hash: z.string(),
    version: z.number(),
    is_current_version: z.boolean(),
    upload_source: z.string(),
    journal_entry_id: z.string().nullable(),
    journal_entry_line_id: z.string().nullable(),
    immutable: z.boolean().openapi({ description: "true once linked to a posted entry" }),
    created_at: z.string(),
    linked_at: z.string().nullable(),
  })
  .openapi("Document");

const UploadForm = z.object({
  file: z.instanceof(File).openapi({ type: "string", format: "binary" }),
  upload_source: z
    .string()
    .trim()
    .min(1)
    .max(50)
    .optional()
    .openapi({ description: "where the file came from, e.g. api, email, mobile, scanner" }),
  journal_entry_id: z.string().optional(),
});

/** Refuses an oversized upload from its Content-Length, before reading the body. */
const sizeGate = uploadSizeGate(MAX_DOCUMENT_BYTES, (details) => new ApiError("DOC_UPLOAD_TOO_LARGE", details));

async function storeUpload(c: Context<AppEnv>, form: z.infer<typeof UploadForm>, replacesId: string | null) {
  if (isDryRun(c)) throw new ApiError("VALIDATION_ERROR", { parameter: "dry_run" }, "Uploads do not support dry-run.");
  const file = form.file;
  if (file.size > MAX_DOCUMENT_BYTES)
    throw new ApiError("DOC_UPLOAD_TOO_LARGE", { max_bytes: MAX_DOCUMENT_BYTES, file_size_bytes: file.size });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const mimeType = detectMimeType(bytes);
  if (!mimeType)
    throw new ApiError("DOC_UPLOAD_UNSUPPORTED_TYPE", {
      declared_type: file.type || null,
      supported: ["application/pdf", "image/jpeg", "image/png", "image/webp"],
    });
  const upload: DocumentUpload = {
    documentId: newId(),
    bytes,
    fileName: (file.name || "document").slice(0, 255),
    mimeType,
    fileSizeBytes: bytes.byteLength,
    sha256Hash: await sha256Hex(bytes),
    uploadSource: form.upload_source ?? "api",
    journalEntryId: form.journal_entry_id ?? null,
    replacesId,
  };
  // The bytes are hashed, not the body: the SHA-256 stands for them.
  const { documentId: _id, bytes: _bytes, ...hashed } = upload;
  return dispatch(c, "documents.upload", upload, { hashOf: hashed });
}

const uploadWrite = {
  tag: TAG,
  scope: "documents:write",
  company: true,
  idempotency: "required",
  extraMiddleware: [sizeGate],
  errors: {
    413: "DOC_UPLOAD_TOO_LARGE: the file is over 10 MB",
    415: "DOC_UPLOAD_UNSUPPORTED_TYPE: the bytes are not a PDF, JPEG, PNG or WebP",
  },
} as const;

const uploadForm = { content: { "multipart/form-data": { schema: UploadForm } }, required: true };

const uploadDocumentRoute = withBody(
  defineRoute({
    ...on.post(uploadWrite, BASE, DOCS.uploadDocument),
    response: DocumentSchema,
    status: 201,
  }),
  uploadForm,
);

async function uploadDocument(c: HandlerContext<typeof uploadDocumentRoute>) {
  return storeUpload(c, c.req.valid("form"), null);
}

const uploadVersionRoute = withBody(
  defineRoute({
    ...on.post(uploadWrite, `${BASE}/{id}/versions`, DOCS.uploadVersion),
    response: DocumentSchema,
    status: 201,
  }),
  uploadForm,
);

async function uploadVersion(c: HandlerContext<typeof uploadVersionRoute>) {
  return storeUpload(c, c.req.valid("form"), c.req.valid("param").id);
}

const READ = { tag: TAG, scope: "documents:read", company: true } as const;

const listDocumentsRoute = defineRoute({
  ...on.get(READ, BASE, DOCS.listDocuments),
  query: z.object({
    journal_entry_id: z.string().optional(),
    mime_type: z.enum(["application/pdf", "image/jpeg", "image/png", "image/webp"]).optional(),
    date_from: DateSchema.optional().openapi({ description: "upload date, inclusive" }),
    date_to: DateSchema.optional(),
    all_versions: booleanQuery.optional(),
    cursor: z.string().optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  }),
  response: z.array(DocumentSchema),
});

async function listDocumentsPage(c: HandlerContext<typeof listDocumentsRoute>) {
  const q = c.req.valid("query");
  const companyId = c.get("company").id;
  const db = database(c.env);
  const page = await pageRequest(
    c,
    `documents:${companyId}:${JSON.stringify({ ...q, cursor: undefined, limit: undefined })}`,
    q.cursor,
    q.limit,
  );
  const { items, nextCursor } = await finishPage(c, page, await listDocuments(db, companyId, q, page), byCreated);
  return json(c, await documentsJson(db, companyId, items), 200, { next_cursor: nextCursor });
}

const room = routeRoom(BASE, { read: READ });

const getDocumentRoute = room.get(DOCS.getDocument, DocumentSchema);

async function getDocument(c: HandlerContext<typeof getDocumentRoute>) {
  const db = database(c.env);
  const companyId = c.get("company").id;
  const [doc] = await documentsJson(db, companyId, [await loadDocument(db, companyId, c.req.valid("param").id)]);
  return json(c, doc);
}

const AUDITED_READ = {
  tag: TAG,
  scope: "documents:read",
  company: true,
  write: false,
  idempotency: "optional",
} as const;

const downloadUrl = commandRoute("documents.access", "id", {
  ...on.get(AUDITED_READ, `${BASE}/{id}/download`, DOCS.downloadUrl),
  response: z.object({
    id: z.string(),
    file_name: z.string(),
    mime_type: z.string(),
    sha256_hash: z.string(),
    download_url: z.string(),
    expires_in_seconds: z.number(),
  }),
});

const WRITE = { tag: TAG, scope: "documents:write", company: true, idempotency: "required", dryRun: true } as const;

const linkDocument = commandRoute("documents.link", "body+id", {
  ...on.post(WRITE, `${BASE}/{id}/link`, DOCS.linkDocument),
  body: z.object({ journal_entry_id: z.string(), journal_entry_line_id: z.string().optional() }),
  response: DocumentSchema,
});

const PUBLIC = { tag: TAG, scope: null } as const;

// The signed file URL: no API key; the signature is the authorisation.
const downloadFileRoute = defineRoute({
  ...on.get(PUBLIC, "/api/v1/document-files/{companyId}/{documentId}", DOCS.downloadFile),
  params: CompanyParams.extend({ documentId: z.string() }),
  query: z.object({ expires: z.string(), signature: z.string() }),
  response: null,
});

async function downloadFile(c: HandlerContext<typeof downloadFileRoute>) {
  const { companyId, documentId } = c.req.valid("param");
  const { expires, signature } = c.req.valid("query");
  await verifyDownload(
    c.env.DOCUMENT_URL_SECRET,
    companyId,
    documentId,
    expires,
    signature,
    Math.floor(nowMs() / 1000),
  );
  await enterCompanyHome(c, companyId);
  const doc = await loadDocument(database(c.env), companyId, documentId);
  const object = await c.env.DOCUMENTS.get(doc.r2Key);
  if (!object) throw new ApiError("NOT_FOUND", { resource: "document_file", id: documentId });
  const ascii = doc.fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return new Response(object.body, {
    headers: {
      "Content-Type": doc.mimeType,
      "Content-Length": String(doc.fileSizeBytes),
      "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(doc.fileName)}`,
      "X-Content-SHA256": doc.sha256Hash,
      ...DOWNLOAD_HEADERS,
      "X-Request-Id": c.get("requestId"),
      "Service-Version": requestVersion(c),
    },
  });
}

export function registerDocumentRoutes(app: OpenAPIHono<AppEnv>) {
  registerRoutes(app, [
    handled(uploadDocumentRoute, uploadDocument),
    handled(uploadVersionRoute, uploadVersion),
    handled(listDocumentsRoute, listDocumentsPage),
    handled(getDocumentRoute, getDocument),
    downloadUrl,
    linkDocument,
    handled(downloadFileRoute, downloadFile),
  ]);
}
