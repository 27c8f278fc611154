// Reads of the registered bank accounts.
import type { z } from "@hono/zod-openapi";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { bankAccounts } from "../../../db/schema";
import { DEFAULT_BANK_CURRENCY } from "./rules";
import type { BankAccountSchema } from "./schemas";

export type BankAccountRow = typeof bankAccounts.$inferSelect;

export function bankAccountJson(r: BankAccountRow): z.infer<typeof BankAccountSchema> {
  return {
    ledger_account: r.ledgerAccount,
    currency: r.currency,
    iban: r.iban,
    clearing_number: r.clearingNumber,
    account_number: r.accountNumber,
    bankgiro: r.bankgiro,
    name: r.name,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
  };
}

export async function bankAccountsOf(db: Database, companyId: string): Promise<BankAccountRow[]> {
  return db
    .select()
    .from(bankAccounts)
    .where(eq(bankAccounts.companyId, companyId))
    .orderBy(bankAccounts.ledgerAccount)
    .all();
}

/** The currency a settlement account holds: its registration's, else SEK. */
export async function settlementCurrency(db: Database, companyId: string, ledgerAccount: string): Promise<string> {
  const row = await db
    .select({ currency: bankAccounts.currency })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.companyId, companyId), eq(bankAccounts.ledgerAccount, ledgerAccount)))
    .get();
  return row?.currency ?? DEFAULT_BANK_CURRENCY;
}
