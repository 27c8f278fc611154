// Reads of a bank import and its stored chunks.
import { eq, sql } from "drizzle-orm";
import type { database } from "../../../db/client";
import { bankImportChunks } from "../../../db/schema";
import type { bankImports } from "../../../db/schema";

export type BankImportRow = typeof bankImports.$inferSelect;

export interface ChunkTally {
  chunks: number;
  inserted: number;
  skipped: number;
}

/** The chunks of an import stored so far and what they hold. */
export async function chunkTally(db: ReturnType<typeof database>, importId: string): Promise<ChunkTally> {
  const row = await db
    .select({
      chunks: sql<number>`count(*)`,
      inserted: sql<number>`coalesce(sum(${bankImportChunks.rowsInserted}), 0)`,
      skipped: sql<number>`coalesce(sum(${bankImportChunks.rowsSkippedDuplicate}), 0)`,
    })
    .from(bankImportChunks)
    .where(eq(bankImportChunks.importId, importId))
    .get();
  return { chunks: row?.chunks ?? 0, inserted: row?.inserted ?? 0, skipped: row?.skipped ?? 0 };
}
