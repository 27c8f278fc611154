// Articles: what a company sells. Invoices may refer to an article, but price and
// description are never filled from it (spec: Item fields).
import { and, asc, desc, eq, isNull, like, or } from "drizzle-orm";
import type { Command } from "../../commands/plan";
import type { Database } from "../../db/client";
import { articles } from "../../db/schema";
import { ApiError } from "../../errors/api-error";
import { afterDesc, type PageRequest } from "../../http/pagination";
import { newId } from "../../ids";
import { fromOre, toOre } from "../../money";
import { VAT_RATES_BP, vatRateToBp } from "../../sweden/vat";
import { articleRateProblem, saleRevenueAccount } from "../../sweden/vat-treatment";
import { findActiveAccount } from "../accounts";
import type { ArticleInput, ArticlePatchInput } from "./schemas";

type ArticleRow = typeof articles.$inferSelect;

export function articleJson(a: ArticleRow) {
  return {
    id: a.id,
    number: a.number,
    name: a.name,
    unit: a.unit,
    default_price: fromOre(a.defaultPriceOre),
    vat_rate: a.vatRateBp / 10_000,
    revenue_account: a.revenueAccount,
    supply_type: a.supplyType,
    archived_at: a.archivedAt,
    created_at: a.createdAt,
    updated_at: a.updatedAt,
  };
}

/** The article's VAT rate must agree with a revenue account whose BAS name fixes the rate (3001 25 %, 3002 12 %, ...). */
function assertRateFitsAccount(account: string, rateBp: number) {
  const problem = articleRateProblem(account, rateBp);
  if (problem)
    throw new ApiError(
      "VALIDATION_ERROR",
      { fields: [{ path: "vat_rate", message: problem }] },
      `Momssatsen stämmer inte med intäktskontot: ${problem}.`,
    );
}

/** Revenue accounts are BAS class 3 (rörelsens inkomster), active in the company's chart. */
async function assertRevenueAccount(db: Database, companyId: string, account: string) {
  if (!account.startsWith("3") || !(await findActiveAccount(db, companyId, account))) {
    throw new ApiError(
      "ACCOUNTS_NOT_IN_CHART",
      { accounts: [account] },
      "revenue_account must be an active class-3 account of the chart.",
    );
  }
}

function checkedVatRate(rate: number): number {
  const bp = vatRateToBp(rate);
  if (bp === null)
    throw new ApiError("VALIDATION_ERROR", {
      fields: [{ path: "vat_rate", message: `one of ${VAT_RATES_BP.map((r) => r / 10_000).join(", ")}` }],
    });
  return bp;
}

async function assertNumberFree(db: Database, companyId: string, number: string, exceptId?: string) {
  const other = await db
    .select({ id: articles.id })
    .from(articles)
    .where(and(eq(articles.companyId, companyId), eq(articles.number, number)))
    .get();
  if (other && other.id !== exceptId)
    throw new ApiError("CONFLICT", { number }, "An article with this number already exists.");
}

/**
 * The revenue account of an article that names none: the BAS account of a domestic sale at its
 * VAT rate (3001 25 %, 3002 12 %, 3003 6 %, 3004 momsfri), the account an invoice line without
 * an article books.
 */
const defaultRevenueAccount = (vatRateBp: number) => saleRevenueAccount("domestic", vatRateBp);

export const createArticle: Command<ArticleInput> = async (db, input, ctx) => {
  const vatRateBp = checkedVatRate(input.vat_rate);
  const revenueAccount = input.revenue_account ?? defaultRevenueAccount(vatRateBp);
  await assertNumberFree(db, ctx.companyId, input.number);
  await assertRevenueAccount(db, ctx.companyId, revenueAccount);
  assertRateFitsAccount(revenueAccount, vatRateBp);
  const row: ArticleRow = {
    id: newId(),
    companyId: ctx.companyId,
    number: input.number,
    name: input.name,
    unit: input.unit,
    defaultPriceOre: toOre(input.default_price)!,
    vatRateBp,
    revenueAccount,
    supplyType: input.supply_type ?? "services",
    archivedAt: null,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  return {
    status: 201,
    data: articleJson(row),
    statements: [db.insert(articles).values(row)],
    audit: { action: "article.created", resourceType: "article", resourceId: row.id },
  };
};

export async function loadArticle(db: Database, companyId: string, id: string): Promise<ArticleRow> {
  const a = await db
    .select()
    .from(articles)
    .where(and(eq(articles.companyId, companyId), eq(articles.id, id)))
    .get();
  if (!a) throw new ApiError("NOT_FOUND", { resource: "article", id });
  return a;
}

export const updateArticle: Command<ArticlePatchInput & { id: string }> = async (db, input, ctx) => {
  const current = await loadArticle(db, ctx.companyId, input.id);
  if (input.number !== undefined) await assertNumberFree(db, ctx.companyId, input.number, current.id);
  if (input.revenue_account !== undefined) await assertRevenueAccount(db, ctx.companyId, input.revenue_account);
  const patch = {
    ...(input.number !== undefined && { number: input.number }),
    ...(input.name !== undefined && { name: input.name }),
    ...(input.unit !== undefined && { unit: input.unit }),
    ...(input.default_price !== undefined && { defaultPriceOre: toOre(input.default_price)! }),
    ...(input.vat_rate !== undefined && { vatRateBp: checkedVatRate(input.vat_rate) }),
    ...(input.revenue_account !== undefined && { revenueAccount: input.revenue_account }),
    ...(input.supply_type !== undefined && { supplyType: input.supply_type }),
    ...(input.archived_at === null && { archivedAt: null }),
    updatedAt: ctx.now,
  };
  assertRateFitsAccount(patch.revenueAccount ?? current.revenueAccount, patch.vatRateBp ?? current.vatRateBp);
  return {
    status: 200,
    data: articleJson({ ...current, ...patch }),
    statements: [db.update(articles).set(patch).where(eq(articles.id, current.id))],
    audit: { action: "article.updated", resourceType: "article", resourceId: current.id },
  };
};

export const archiveArticle: Command<{ id: string }> = async (db, input, ctx) => {
  const current = await loadArticle(db, ctx.companyId, input.id);
  return {
    status: 204,
    data: null,
    statements: current.archivedAt
      ? []
      : [db.update(articles).set({ archivedAt: ctx.now, updatedAt: ctx.now }).where(eq(articles.id, current.id))],
    audit: { action: "article.archived", resourceType: "article", resourceId: current.id },
  };
};

export async function listArticles(
  db: Database,
  companyId: string,
  q: { include_archived?: boolean; search?: string },
  page: PageRequest,
) {
  const pattern = q.search ? `%${q.search}%` : undefined;
  return db
    .select()
    .from(articles)
    .where(
      and(
        eq(articles.companyId, companyId),
        q.include_archived ? undefined : isNull(articles.archivedAt),
        pattern ? or(like(articles.name, pattern), like(articles.number, pattern)) : undefined,
        afterDesc(page, articles.createdAt, articles.id),
      ),
    )
    .orderBy(desc(articles.createdAt), asc(articles.id))
    .limit(page.limit + 1)
    .all();
}
