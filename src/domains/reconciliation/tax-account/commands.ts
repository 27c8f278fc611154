// The skattekonto's outside side: this service cannot call Skatteverket, so the transactions
// of Skatteverket's statement (date, text, amount, saldo) are registered through the API
// (source manual) and reconciled against account 1630 like a bank account.
import { and, eq } from "drizzle-orm";
import type { Command, CommandContext } from "../../../commands/plan";
import type { Database } from "../../../db/client";
import { reconciliationLinks, reconciliationTaxAccountRows } from "../../../db/schema";
import { ApiError } from "../../../errors/api-error";
import { newId } from "../../../ids";
import { toOre } from "../../../money";
import type { TaxAccountRowsBody } from "./schemas";

/** A row to store, from the API (manual) or from an imported file. */
export interface NewTaxAccountRow {
  date: string;
  description: string;
  amountOre: number;
  balanceAfterOre: number | null;
  source: "manual" | "file";
  importId?: string | null;
}

/**
 * The rows not yet stored and their inserts. A row already registered or imported (same date,
 * amount, text, saldo, and place among identical rows of its batch) is skipped and counted, so
 * a statement or a file can be sent again.
 */
export async function planTaxAccountRows(db: Database, ctx: CommandContext, input: NewTaxAccountRow[]) {
  const existing = new Set(
    (
      await db
        .select({ k: reconciliationTaxAccountRows.dedupeKey })
        .from(reconciliationTaxAccountRows)
        .where(eq(reconciliationTaxAccountRows.companyId, ctx.companyId))
        .all()
    ).map((r) => r.k),
  );
  const seen = new Map<string, number>();
  const rows: (typeof reconciliationTaxAccountRows.$inferInsert & { id: string })[] = [];
  let duplicates = 0;
  for (const [position, t] of input.entries()) {
    const base = `${t.date}|${t.amountOre}|${t.description.toLowerCase().replace(/\s+/g, " ")}|${t.balanceAfterOre ?? ""}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    const dedupeKey = `${base}|${n}`;
    if (existing.has(dedupeKey)) {
      duplicates += 1;
      continue;
    }
    rows.push({
      id: newId(),
      companyId: ctx.companyId,
      date: t.date,
      description: t.description,
      amountOre: t.amountOre,
      balanceAfterOre: t.balanceAfterOre,
      source: t.source,
      importId: t.importId ?? null,
      position,
      dedupeKey,
      createdByKeyId: ctx.apiKeyId,
      createdAt: ctx.now,
    });
  }
  return { rows, duplicates, statements: rows.map((r) => db.insert(reconciliationTaxAccountRows).values(r)) };
}

/** POST .../reconciliation/skattekonto/transactions: rows already registered are skipped, so a statement can be sent again. */
export const registerTaxAccountRows: Command<TaxAccountRowsBody> = async (db, input, ctx) => {
  const today = ctx.now.slice(0, 10);
  const late = input.transactions.findIndex((t) => t.date > today);
  if (late >= 0)
    throw new ApiError(
      "VALIDATION_ERROR",
      { fields: [{ path: `transactions.${late}.date`, message: "must not be in the future" }] },
      "A statement row is dated in the future.",
    );
  const plan = await planTaxAccountRows(
    db,
    ctx,
    input.transactions.map((t) => ({
      date: t.date,
      description: t.description,
      amountOre: toOre(t.amount)!,
      balanceAfterOre: t.balance_after == null ? null : toOre(t.balance_after)!,
      source: "manual" as const,
    })),
  );
  return {
    status: 201,
    data: {
      account_key: "skattekonto" as const,
      created: plan.rows.length,
      duplicates: plan.duplicates,
      transaction_ids: plan.rows.map((r) => r.id),
    },
    statements: plan.statements,
    unchanged: plan.rows.length === 0 ? true : undefined,
    audit: {
      action: "reconciliation.skattekonto_registered",
      resourceType: "reconciliation_account",
      resourceId: "skattekonto",
    },
  };
};

/** DELETE .../reconciliation/skattekonto/transactions/{id}: a row registered by mistake; CONFLICT while it is linked. */
export const deleteTaxAccountRow: Command<{ id: string }> = async (db, input, ctx) => {
  const row = await db
    .select()
    .from(reconciliationTaxAccountRows)
    .where(
      and(eq(reconciliationTaxAccountRows.companyId, ctx.companyId), eq(reconciliationTaxAccountRows.id, input.id)),
    )
    .get();
  if (!row) throw new ApiError("NOT_FOUND", { resource: "skattekonto_transaction", id: input.id });
  if (row.journalEntryId)
    throw new ApiError(
      "CONFLICT",
      { reason: "booked", journal_entry_id: row.journalEntryId },
      "An entry was booked from the row: the row stays as the entry's source.",
    );
  const link = await db
    .select({ linkId: reconciliationLinks.linkId })
    .from(reconciliationLinks)
    .where(
      and(
        eq(reconciliationLinks.companyId, ctx.companyId),
        eq(reconciliationLinks.accountKey, "skattekonto"),
        eq(reconciliationLinks.itemId, input.id),
      ),
    )
    .get();
  if (link)
    throw new ApiError("CONFLICT", { reason: "linked", link_id: link.linkId }, "The row is linked: unlink it first.");
  return {
    status: 200,
    data: { account_key: "skattekonto" as const, id: row.id, deleted: true },
    statements: [
      db
        .delete(reconciliationTaxAccountRows)
        .where(
          and(eq(reconciliationTaxAccountRows.companyId, ctx.companyId), eq(reconciliationTaxAccountRows.id, row.id)),
        ),
    ],
    audit: {
      action: "reconciliation.skattekonto_row_deleted",
      resourceType: "skattekonto_transaction",
      resourceId: row.id,
    },
  };
};
