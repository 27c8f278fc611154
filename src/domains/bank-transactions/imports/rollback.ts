// A bank import that ends failed keeps none of its rows (issue #41 item 5): a file refused by a
// chunk, or an import the operations sweep gave up on after its worker died, is first marked
// failed (so a chunk's message still in flight stores nothing: importBankRows writes only for a
// queued or processing import), then its rows are removed a bounded batch a command. A row the
// company has used meanwhile (booked, matched, linked, ignored) stays, and is counted: removing it
// would leave a voucher or a match pointing at nothing. The same file may then be imported again.
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Command } from "../../../commands/plan";
import type { CommandName } from "../../../commands/names";
import { bankImportChunks, bankImports, bankTransactions } from "../../../db/schema";

/** Rows removed per command: one D1 batch each. */
const ROLLBACK_ROWS = 2000;

/** A row of the import nothing refers to: never booked, matched, linked or ignored. */
const untouched = (importId: string) =>
  and(
    eq(bankTransactions.importId, importId),
    isNull(bankTransactions.journalEntryId),
    isNull(bankTransactions.invoiceId),
    isNull(bankTransactions.supplierInvoiceId),
    isNull(bankTransactions.reconciliationLinkId),
    eq(bankTransactions.isIgnored, false),
  );

/**
 * Up to ROLLBACK_ROWS untouched rows of a failed import, removed; with the last, the import's
 * chunk records (it stored nothing now). `removed` 0 when none is left; `kept` the rows in use.
 */
export const rollbackBankRows: Command<{ importId: string }> = async (db, input, ctx) => {
  const audit = { action: "import.bank_rows_removed", resourceType: "bank_import", resourceId: input.importId };
  const imp = await db
    .select({ status: bankImports.status })
    .from(bankImports)
    .where(and(eq(bankImports.id, input.importId), eq(bankImports.companyId, ctx.companyId)))
    .get();
  // only a failed import's rows go
  if (imp?.status !== "failed")
    return { status: 200, data: { removed: 0, kept: 0 }, statements: [], unchanged: true, audit };
  const ids = db
    .select({ id: bankTransactions.id })
    .from(bankTransactions)
    .where(and(eq(bankTransactions.companyId, ctx.companyId), untouched(input.importId)))
    .limit(ROLLBACK_ROWS);
  const [counted, all] = await db.batch([
    db.select({ n: sql<number>`count(*)` }).from(ids.as("doomed")),
    db
      .select({ n: sql<number>`count(*)` })
      .from(bankTransactions)
      .where(and(eq(bankTransactions.companyId, ctx.companyId), eq(bankTransactions.importId, input.importId))),
  ]);
  const removed = counted[0]?.n ?? 0;
  const kept = (all[0]?.n ?? 0) - removed;
  return {
    status: 200,
    data: { removed, kept },
    statements: [
      ...(removed ? [db.delete(bankTransactions).where(inArray(bankTransactions.id, ids))] : []),
      ...(removed < ROLLBACK_ROWS
        ? [db.delete(bankImportChunks).where(eq(bankImportChunks.importId, input.importId))]
        : []),
    ],
    audit,
  };
};

// biome-ignore lint/suspicious/noExplicitAny: each command answers its own data shape
type Write = (name: CommandName, input: unknown) => Promise<any>;

/**
 * The import failed: marked so (no chunk stores anything after), then its rows removed.
 * Answers the rows kept because the company used them meanwhile.
 */
export async function endFailed(
  imp: { id: string; formatDetected: string | null; rowsRejected: number },
  write: Write,
): Promise<number> {
  await write("bank_transactions.import_finish", {
    importId: imp.id,
    status: "failed",
    formatDetected: imp.formatDetected,
    rowsInserted: 0,
    rowsSkippedDuplicate: 0,
    rowsRejected: imp.rowsRejected,
  });
  for (;;) {
    const res: { removed: number; kept: number } = await write("bank_transactions.import_rollback", {
      importId: imp.id,
    });
    if (res.removed === 0) return res.kept;
  }
}
