import { z } from "@hono/zod-openapi";
import { dispatch } from "../../../http/dispatch";
import { booleanQuery, defineRoute, type HandlerContext, withBody } from "../../../http/route";
import { ApiError } from "../../../errors/api-error";
import { limitExceeded, prescannedPeppol, validatedPeppolDocument } from "./commands";
import type { PeppolImportStart } from "./operation";
import { PEPPOL_LIMITS } from "../../../formats/peppol";
import { OperationSchema } from "../../operations";
import { isDryRun } from "../../../http/dispatch";
import { envelope, ErrorSchema } from "../../../http/route";
import { sha256Hex } from "../../../http/crypto";
import { newId } from "../../../ids";
import { SupplierInvoiceSchema } from "../schemas";
import { BASE, write } from "../common";
import { PROSE, DOCS } from "./prose";
import { PeppolCreditAnswerSchema } from "../schemas";
import { on } from "../../../http/route-table";

/** An e-invoice body's limit (PEPPOL_LIMITS, src/formats/peppol/limits.ts). */
const MAX_PEPPOL_BYTES = PEPPOL_LIMITS.maxBytes;
const XML_MEDIA_TYPE = /^(application|text)\/xml\s*(;.*)?$/i;

export const importPeppolRoute = withBody(
  defineRoute({
    ...on.post(write, `${BASE}/import-peppol`, DOCS.importPeppol),
    errors: {
      422:
        "PEPPOL_VALIDATION_FAILED: a fatal rule of EN 16931 or Peppol BIS 3.0 (details.rules[]); " +
        "PEPPOL_DOCUMENT_LIMIT_EXCEEDED: past a limit (details.limit, max, found)",
    },
    query: z
      .object({
        create_supplier: booleanQuery.optional().openapi({
          description: PROSE.importPeppolDescription,
        }),
      })
      .strict(),
    response: z.union([SupplierInvoiceSchema, PeppolCreditAnswerSchema]),
    acceptedResponse: OperationSchema,
    status: 201,
  }),
  {
    content: {
      "application/xml": { schema: z.string().openapi({ description: "a UBL 2.1 Invoice or CreditNote" }) },
    },
    required: true,
  },
);

/** The document's bytes: the body itself (application/xml), or the form's `file` (multipart/form-data). */
async function documentBytes(c: HandlerContext<typeof importPeppolRoute>): Promise<Uint8Array> {
  const type = c.req.header("Content-Type") ?? "";
  if (XML_MEDIA_TYPE.test(type)) return new Uint8Array(await c.req.arrayBuffer());
  if (/^multipart\/form-data/i.test(type)) {
    const file = (await c.req.formData()).get("file");
    if (!(file instanceof File))
      throw new ApiError("VALIDATION_ERROR", { fields: [{ path: "file", message: "the form has no file field" }] });
    return new Uint8Array(await file.arrayBuffer());
  }
  throw new ApiError(
    "VALIDATION_ERROR",
    { header: "Content-Type", expected: "application/xml", received: type || null },
    "Send the UBL document with Content-Type: application/xml, or as the file of a multipart/form-data form.",
  );
}

/** The document as UTF-8 XML within the limit; another media type or an empty body is VALIDATION_ERROR. */
async function xmlBody(c: HandlerContext<typeof importPeppolRoute>): Promise<string> {
  const bytes = await documentBytes(c);
  if (bytes.byteLength > MAX_PEPPOL_BYTES)
    throw new ApiError("VALIDATION_ERROR", {
      body: "too_large",
      max_bytes: MAX_PEPPOL_BYTES,
      size_bytes: bytes.byteLength,
    });
  if (bytes.byteLength === 0) throw new ApiError("VALIDATION_ERROR", { body: "empty" }, "The body is empty.");
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new ApiError("VALIDATION_ERROR", { body: "not_utf8" }, "The body is not valid UTF-8.");
  }
}

/** The route's OpenAPI answers beyond defineRoute's: the operation of a large document (202) and the document's refusals (422). */
importPeppolRoute.responses[202] = {
  description: "A large document: the operation that validates and imports it",
  content: { "application/json": { schema: envelope(OperationSchema) } },
} as (typeof importPeppolRoute.responses)[string];
importPeppolRoute.responses[422] = {
  description: "PEPPOL_VALIDATION_FAILED, PEPPOL_DOCUMENT_LIMIT_EXCEEDED or another rule of the import",
  content: { "application/json": { schema: ErrorSchema } },
} as (typeof importPeppolRoute.responses)[string];

export async function importPeppol(c: HandlerContext<typeof importPeppolRoute>) {
  const xml = await xmlBody(c);
  // the structure is counted before anything parses it (issue #41 item 1)
  const scan = prescannedPeppol(xml);
  const createSupplier = c.req.valid("query").create_supplier ?? false;
  if (scan.lines > PEPPOL_LIMITS.syncLines || scan.elements > PEPPOL_LIMITS.syncElements) {
    if (isDryRun(c))
      throw limitExceeded("dry_run_lines", PEPPOL_LIMITS.syncLines, scan.lines, { elements: scan.elements });
    const bytes = new TextEncoder().encode(xml);
    const start: PeppolImportStart = {
      importId: newId(),
      bytes,
      sha256: await sha256Hex(bytes),
      lines: scan.lines,
      create_supplier: createSupplier,
    };
    const { importId: _id, bytes: _bytes, ...hashed } = start;
    return dispatch(c, "supplier_invoices.import_peppol_start", start, { hashOf: hashed });
  }
  const document = await validatedPeppolDocument(xml);
  // a credit note credits the invoice it corrects (peppol-credit.ts); an invoice is registered
  const command =
    document.kind === "credit_note" ? "supplier_invoices.import_peppol_credit" : "supplier_invoices.import_peppol";
  return dispatch(c, command, {
    document,
    create_supplier: createSupplier,
  });
}
