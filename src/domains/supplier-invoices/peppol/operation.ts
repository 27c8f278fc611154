// A large e-invoice is validated and imported in an operation, not in the request (issue #41
// item 1): the Peppol rules cost some 50 ms a line, so a document of more than
// PEPPOL_LIMITS.syncLines lines (or syncElements elements) is answered 202 with an operation
// once the pre-scan has passed it. The start command keeps the document in R2 (the plan's files
// step) and queues the operation; the operation reads it back, validates it with the rules
// yielding to other requests, and hands it to the same command as the request path
// (supplier_invoices.import_peppol or .import_peppol_credit). A refusal fails the operation
// with the code the request path would have answered; nothing is stored but the operation
// row, and the document is deleted from R2 either way.
import type { Command } from "../../../commands/plan";
import { backgroundContext, submit } from "../../../commands/submit";
import { ApiError } from "../../../errors/api-error";
import { planOperationStart, type OperationContext, operationFile } from "../../operations";
import { prescannedPeppol, validatedPeppolDocument } from "./commands";

export const PEPPOL_IMPORT_OPERATION = "import.peppol";

/** What the route hands the start command: the document's bytes and the query's flag. */
export interface PeppolImportStart {
  importId: string;
  bytes: Uint8Array;
  sha256: string;
  lines: number;
  create_supplier: boolean;
}

interface OperationInput {
  import_id: string;
  r2_key: string;
  sha256: string;
  lines: number;
  create_supplier: boolean;
  started_by_key_id: string;
  started_by_user_id: string;
}

/** Records the import: the document in R2 under a new key, the operation queued. */
export const startPeppolImport: Command<PeppolImportStart> = async (db, input, ctx) => {
  const r2Key = `companies/${ctx.companyId}/imports/peppol/${input.importId}`;
  const opInput = {
    import_id: input.importId,
    r2_key: r2Key,
    sha256: input.sha256,
    lines: input.lines,
    create_supplier: input.create_supplier,
    started_by_key_id: ctx.apiKeyId,
    started_by_user_id: ctx.userId,
  } satisfies OperationInput;
  return {
    ...planOperationStart(db, ctx, PEPPOL_IMPORT_OPERATION, opInput, "import.peppol_started"),
    files: [operationFile(ctx, r2Key, input.bytes, input.sha256, "application/xml")],
  };
};

/** The operation (in the queue): read the document from R2, validate, import; its result is the import's answer. */
export async function runPeppolImport(op: OperationContext) {
  const input = op.operation.input as OperationInput;
  try {
    await op.progress({ phase: "validating", current: 0, total: input.lines });
    const object = await op.env.DOCUMENTS.get(input.r2_key);
    if (!object) throw new ApiError("NOT_FOUND", { resource: "peppol_document", key: input.r2_key });
    const xml = new TextDecoder("utf-8").decode(await object.arrayBuffer());
    prescannedPeppol(xml);
    const document = await validatedPeppolDocument(xml);
    await op.progress({ phase: "importing", current: input.lines, total: input.lines });
    const res = await submit(op.env, {
      name:
        document.kind === "credit_note" ? "supplier_invoices.import_peppol_credit" : "supplier_invoices.import_peppol",
      input: { document, create_supplier: input.create_supplier },
      idempotency: null,
      ctx: backgroundContext(op.env, op.operation.companyId, op.operation.requestId, op.now(), {
        apiKeyId: input.started_by_key_id,
        userId: input.started_by_user_id,
      }),
    });
    if (!res.ok) throw new ApiError(res.error.code, res.error.details, res.error.message);
    return res.data;
  } finally {
    await op.env.DOCUMENTS.delete(input.r2_key).catch((e) => console.error("peppol import file", input.r2_key, e));
  }
}
