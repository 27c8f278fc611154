// The company's chart of accounts: the BAS chart copied at creation, plus the
// company's own sub-accounts. Accounts are never deleted (entries refer to them);
// they are deactivated.
import { and, asc, eq, gte, like, lte, or, sql } from "drizzle-orm";
import type { Command } from "../../commands/plan";
import type { Database } from "../../db/client";
import { accounts } from "../../db/schema";
import { ApiError } from "../../errors/api-error";
import { afterAsc, type PageRequest } from "../../http/pagination";
import { accountTypeOf, type AccountType } from "../../sweden/bas";
import type { AccountCreateInput, AccountPatchInput } from "./schemas";

type AccountRow = typeof accounts.$inferSelect;

export function accountJson(a: AccountRow) {
  return {
    account_number: a.number,
    name: a.name,
    type: a.type,
    is_active: a.isActive,
    k2_excluded: a.k2Excluded,
    is_custom: a.isCustom,
    updated_at: a.updatedAt,
  };
}

export interface AccountFilters {
  active?: boolean;
  type?: AccountType;
  search?: string;
  number_from?: string;
  number_to?: string;
}

export async function listAccounts(db: Database, companyId: string, f: AccountFilters, page: PageRequest) {
  const pattern = f.search ? `%${f.search.replace(/[%_\\]/g, (m) => `\\${m}`)}%` : undefined;
  return db
    .select()
    .from(accounts)
    .where(
      and(
        eq(accounts.companyId, companyId),
        f.active === undefined ? undefined : eq(accounts.isActive, f.active),
        f.type ? eq(accounts.type, f.type) : undefined,
        f.number_from ? gte(accounts.number, f.number_from) : undefined,
        f.number_to ? lte(accounts.number, f.number_to) : undefined,
        pattern ? or(sql`${accounts.name} LIKE ${pattern} ESCAPE '\\'`, like(accounts.number, pattern)) : undefined,
        afterAsc(page, accounts.number, accounts.number),
      ),
    )
    .orderBy(asc(accounts.number))
    .limit(page.limit + 1)
    .all();
}

async function loadAccount(db: Database, companyId: string, number: string) {
  return db
    .select()
    .from(accounts)
    .where(and(eq(accounts.companyId, companyId), eq(accounts.number, number)))
    .get();
}

export const createAccount: Command<AccountCreateInput> = async (db, input, ctx) => {
  if (await loadAccount(db, ctx.companyId, input.account_number)) {
    throw new ApiError(
      "CONFLICT",
      { account_number: input.account_number },
      "The account already exists in the chart; update it instead.",
    );
  }
  const row: AccountRow = {
    companyId: ctx.companyId,
    number: input.account_number,
    name: input.name,
    type: input.type ?? accountTypeOf(input.account_number),
    isActive: true,
    k2Excluded: false,
    isCustom: true,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  return {
    status: 201,
    data: accountJson(row),
    statements: [db.insert(accounts).values(row)],
    audit: { action: "account.created", resourceType: "account", resourceId: row.number },
  };
};

export const updateAccount: Command<AccountPatchInput & { account_number: string }> = async (db, input, ctx) => {
  const current = await loadAccount(db, ctx.companyId, input.account_number);
  if (!current) throw new ApiError("NOT_FOUND", { resource: "account", account_number: input.account_number });
  const patch = {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.is_active !== undefined && { isActive: input.is_active }),
    updatedAt: ctx.now,
  };
  return {
    status: 200,
    data: accountJson({ ...current, ...patch }),
    statements: [
      db
        .update(accounts)
        .set(patch)
        .where(and(eq(accounts.companyId, ctx.companyId), eq(accounts.number, input.account_number))),
    ],
    audit: { action: "account.updated", resourceType: "account", resourceId: input.account_number },
  };
};
