// Starting a SIE import: the file is already in R2 (too large to travel with the
// command, see routes.ts); the command refuses a file that was imported before
// (SHA-256), records the import and queues its operation.
import { and, eq, ne } from "drizzle-orm";
import type { Command } from "../../commands/plan";
import { sieImports } from "../../db/schema";
import { ApiError } from "../../errors/api-error";
import { planOperationStart } from "../operations";

export interface SieImportStart {
  importId: string;
  sha256: string;
  r2Key: string;
  fileName: string;
  fileSizeBytes: number;
  updateAccountNames: boolean;
  /** import a file whose vouchers do not give its own #UB/#RES, listing the differences */
  allowBalanceMismatch: boolean;
  /** book an #IB 0 difference other than last year's result to 2099 instead of refusing the file */
  allowOpeningDifference: boolean;
}

export const startSieImport: Command<SieImportStart> = async (db, input, ctx) => {
  const previous = await db
    .select()
    .from(sieImports)
    .where(
      and(
        eq(sieImports.companyId, ctx.companyId),
        eq(sieImports.sha256, input.sha256),
        ne(sieImports.status, "failed"),
      ),
    )
    .get();
  if (previous)
    throw new ApiError("SIE_IMPORT_DUPLICATE", {
      sha256: input.sha256,
      operation_id: previous.operationId,
      imported_at: previous.createdAt,
    });
  const opInput = {
    import_id: input.importId,
    file_name: input.fileName,
    allow_balance_mismatch: input.allowBalanceMismatch,
    allow_opening_difference: input.allowOpeningDifference,
  };
  return planOperationStart(db, ctx, "import.sie", opInput, "import.sie_started", (operationId) => [
    db.insert(sieImports).values({
      id: input.importId,
      companyId: ctx.companyId,
      sha256: input.sha256,
      fileName: input.fileName,
      fileSizeBytes: input.fileSizeBytes,
      r2Key: input.r2Key,
      operationId,
      status: "queued",
      updateAccountNames: input.updateAccountNames,
      startedByKeyId: ctx.apiKeyId,
      startedByUserId: ctx.userId,
      createdAt: ctx.now,
    }),
  ]);
};
