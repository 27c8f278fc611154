// The skattekonto's outside side: this service cannot call Skatteverket, so the transactions
// of Skatteverket's statement (date, text, amount, saldo) are registered through the API
// (source manual) and reconciled against account 1630 like a bank account.
import { and, eq } from "drizzle-orm";
import type { Command } from "../../commands/plan";
import { reconciliationLinks, reconciliationTaxAccountRows } from "../../db/schema";
import { ApiError } from "../../errors/api-error";
import { newId } from "../../ids";
import { toOre } from "../../money";
import type { TaxAccountRowsBody } from "./schemas";

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
  const rows = [];
  let duplicates = 0;
  for (const t of input.transactions) {
    const amountOre = toOre(t.amount)!;
    const balanceAfterOre = t.balance_after == null ? null : toOre(t.balance_after)!;
    const base = `${t.date}|${amountOre}|${t.description.toLowerCase().replace(/\s+/g, " ")}|${balanceAfterOre ?? ""}`;
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
      amountOre,
      balanceAfterOre,
      source: "manual" as const,
      dedupeKey,
      createdByKeyId: ctx.apiKeyId,
      createdAt: ctx.now,
    });
  }
  return {
    status: 201,
    data: {
      account_key: "skattekonto" as const,
      created: rows.length,
      duplicates,
      transaction_ids: rows.map((r) => r.id),
    },
    statements: rows.map((r) => db.insert(reconciliationTaxAccountRows).values(r)),
    unchanged: rows.length === 0 ? true : undefined,
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
