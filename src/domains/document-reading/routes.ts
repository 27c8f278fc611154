import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { database } from "../../db/client";
import { ApiError } from "../../errors/api-error";
import { FileLimitError } from "../../formats/limits";
import { PdfTextError, readPdfText } from "../../formats/pdf-text";
import type { AppEnv } from "../../http/context";
import { dispatch } from "../../http/dispatch";
import { json } from "../../http/envelope";
import { defineRoute, type HandlerContext } from "../../http/route";
import { documentWithBytes } from "../documents";
import { SupplierInvoiceSchema } from "../supplier-invoices";
import { proposalWithSupplier } from "./commands";
import { DOCS } from "./prose";
import {
  DraftReceiptResultSchema,
  DraftReceiptSchema,
  ProposalSchema,
  ReadDocumentSchema,
  RegisterProposalSchema,
} from "./schemas";
import { commandRoute, handled, on, registerRoutes, routeRoom } from "../../http/route-table";

const TAG = "Document reading";
const PROPOSALS = "/api/v1/companies/{companyId}/document-proposals";

/** The PDF's text, or the catalogue's refusal: a scan, a broken file, a file past its limits. */
async function pdfText(bytes: Uint8Array, documentId: string) {
  try {
    return await readPdfText(bytes);
  } catch (e) {
    if (e instanceof FileLimitError)
      throw new ApiError("VALIDATION_ERROR", { ...e.details(), document_id: documentId }, e.message);
    if (e instanceof PdfTextError && e.reason === "no_text")
      throw new ApiError("DOCUMENT_HAS_NO_TEXT", { document_id: documentId });
    if (e instanceof PdfTextError)
      throw new ApiError("DOCUMENT_UNREADABLE", { document_id: documentId, reason: e.message });
    throw e;
  }
}

const READING_WRITE = {
  tag: TAG,
  scope: "documents:write",
  company: true,
  idempotency: "optional",
  dryRun: true,
} as const;

const readDocumentRoute = defineRoute({
  ...on.post(READING_WRITE, "/api/v1/companies/{companyId}/documents/{id}/read", DOCS.readDocument),
  body: ReadDocumentSchema,
  response: ProposalSchema,
  status: 201,
});

async function readDocument(c: HandlerContext<typeof readDocumentRoute>) {
  const { id } = c.req.valid("param");
  const { kind } = c.req.valid("json");
  const doc = await documentWithBytes(c.env, database(c.env), c.get("company").id, id);
  if (doc.mimeType !== "application/pdf")
    throw new ApiError("DOCUMENT_NOT_A_PDF", { document_id: id, mime_type: doc.mimeType });
  if (!doc.bytes) throw new ApiError("NOT_FOUND", { resource: "document_file", id });
  const text = await pdfText(doc.bytes, id);
  const lines = text.lines.map((l) => ({ page: l.page, text: l.text, cells: l.cells }));
  return dispatch(
    c,
    "document_reading.read",
    { document_id: id, kind, pages: text.pages, lines },
    { hashOf: { id, kind } },
  );
}

const READ = { tag: TAG, scope: "documents:read", company: true } as const;

const room = routeRoom(PROPOSALS, { read: READ });

const getProposalRoute = room.get(DOCS.getProposal, ProposalSchema);

async function getProposal(c: HandlerContext<typeof getProposalRoute>) {
  return json(c, await proposalWithSupplier(database(c.env), c.get("company").id, c.req.valid("param").id));
}

const SUPPLIER_WRITE = {
  tag: TAG,
  scope: "suppliers:write",
  company: true,
  idempotency: "required",
  dryRun: true,
} as const;

const registerProposal = commandRoute("document_reading.register", "body+id", {
  ...on.post(SUPPLIER_WRITE, `${PROPOSALS}/{id}/register`, DOCS.registerProposal),
  body: RegisterProposalSchema,
  response: z.object({ proposal: ProposalSchema, supplier_invoice: SupplierInvoiceSchema }),
  status: 201,
});

const BOOKKEEPING_WRITE = {
  tag: TAG,
  scope: "bookkeeping:write",
  company: true,
  idempotency: "required",
  dryRun: true,
} as const;

const draftReceipt = commandRoute("document_reading.draft_receipt", "body+id", {
  ...on.post(BOOKKEEPING_WRITE, `${PROPOSALS}/{id}/draft-entry`, DOCS.draftReceipt),
  body: DraftReceiptSchema,
  response: DraftReceiptResultSchema,
  status: 201,
});

export function registerDocumentReadingRoutes(app: OpenAPIHono<AppEnv>) {
  registerRoutes(app, [
    handled(readDocumentRoute, readDocument),
    handled(getProposalRoute, getProposal),
    registerProposal,
    draftReceipt,
  ]);
}
