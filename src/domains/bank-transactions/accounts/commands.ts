// Registering a bank account, and the check every statement passes before its rows are
// stored on a settlement account (the rules in ./rules.ts).
import { and, eq, ne, sql } from "drizzle-orm";
import type { Command } from "../../../commands/plan";
import type { Database } from "../../../db/client";
import { bankAccounts, bankTransactions } from "../../../db/schema";
import { ApiError, fieldError } from "../../../errors/api-error";
import { findActiveAccount } from "../../accounts";
import { listPeriods } from "../../fiscal-periods";
import { type BankAccountRow, bankAccountJson, bankAccountsOf } from "./queries";
import {
  allowedStatementDates,
  DEFAULT_BANK_CURRENCY,
  identifiesAccount,
  isAccountIdentifier,
  namesOf,
  type StatementFacts,
} from "./rules";
import type { BankAccountBody } from "./schemas";

/**
 * Refuses statements that do not belong on the settlement account: another bank account than
 * the registered one (BANK_STATEMENT_ACCOUNT_MISMATCH), another currency than the account's
 * (BANK_STATEMENT_CURRENCY_MISMATCH), or rows more than STATEMENT_DATE_MARGIN_MONTHS before
 * the first or after the last fiscal year (BANK_STATEMENT_DATES_OUTSIDE_FISCAL_YEARS).
 */
export async function checkStatementTarget(
  db: Database,
  companyId: string,
  settlementAccount: string,
  statements: StatementFacts[],
): Promise<void> {
  const registered = await bankAccountsOf(db, companyId);
  const own = registered.find((r) => r.ledgerAccount === settlementAccount);
  const expected = own?.currency ?? DEFAULT_BANK_CURRENCY;
  for (const s of statements) {
    const comparable = own && s.account && isAccountIdentifier(s.account) && namesOf(own, s.accountKind).length > 0;
    if (comparable && !identifiesAccount(own, s.account!, s.accountKind)) {
      throw new ApiError(
        "BANK_STATEMENT_ACCOUNT_MISMATCH",
        {
          settlement_account: settlementAccount,
          file_account: s.account,
          statement_id: s.statementId,
          expected_account: namesOf(own, s.accountKind)[0],
          registered_for:
            registered.find((r) => identifiesAccount(r, s.account!, s.accountKind))?.ledgerAccount ?? null,
        },
        `The statement is of bank account ${s.account}; ${settlementAccount} is registered for ${namesOf(own, s.accountKind)[0]}.`,
      );
    }
    const foreign = [...new Set(s.currencies)].filter((c) => c !== expected);
    if (foreign.length > 0) {
      throw new ApiError(
        "BANK_STATEMENT_CURRENCY_MISMATCH",
        {
          settlement_account: settlementAccount,
          file_account: s.account,
          statement_id: s.statementId,
          file_currency: foreign[0],
          file_currencies: [...new Set(s.currencies)],
          expected_currency: expected,
          accounts_in_currency: registered.filter((r) => r.currency === foreign[0]).map((r) => r.ledgerAccount),
        },
        `The statement holds ${foreign[0]}; ${settlementAccount} is a ${expected} account.`,
      );
    }
  }
  await checkStatementDates(db, companyId, statements);
}

async function checkStatementDates(db: Database, companyId: string, statements: StatementFacts[]) {
  // each date with how many rows carry it
  const counts = new Map<string, number>();
  for (const s of statements) {
    for (const d of s.dates) counts.set(d, (counts.get(d) ?? 0) + 1);
    for (const [d, n] of Object.entries(s.dateCounts ?? {})) counts.set(d, (counts.get(d) ?? 0) + n);
  }
  const dates = [...counts.keys()].sort();
  if (dates.length === 0) return;
  const allowed = allowedStatementDates(await listPeriods(db, companyId));
  if (!allowed) return;
  const earliest = dates[0];
  const latest = dates[dates.length - 1];
  if (earliest < allowed.earliest_allowed || latest > allowed.latest_allowed) {
    const outside = dates
      .filter((d) => d < allowed.earliest_allowed || d > allowed.latest_allowed)
      .reduce((n, d) => n + counts.get(d)!, 0);
    throw new ApiError(
      "BANK_STATEMENT_DATES_OUTSIDE_FISCAL_YEARS",
      { earliest_date: earliest, latest_date: latest, rows_outside: outside, ...allowed },
      `Rows are dated ${earliest}..${latest}; the company's fiscal years allow ${allowed.earliest_allowed}..${allowed.latest_allowed}.`,
    );
  }
}

/** POST .../bank-accounts: registers (or changes) the bank account booked on a 19xx account. */
export const registerBankAccount: Command<BankAccountBody> = async (db, input, ctx) => {
  const ledger = input.ledger_account;
  if (!/^19\d\d$/.test(ledger)) throw fieldError("ledger_account", "a bank account is booked on a 19xx account");
  if (!(await findActiveAccount(db, ctx.companyId, ledger)))
    throw fieldError("ledger_account", `${ledger} is not an active account of the company's chart`);
  if (input.clearing_number && !input.account_number)
    throw fieldError("account_number", "clearing_number needs account_number");
  const existing = (await bankAccountsOf(db, ctx.companyId)).filter((r) => r.ledgerAccount !== ledger);
  const probe = { ...blankRow(ctx.companyId, ledger, ctx.now), ...fieldsOf(input) };
  const twin = existing.find((r) =>
    (["bank_account", "bankgiro"] as const).some((kind) =>
      namesOf(probe, kind).some((n) => identifiesAccount(r, n, kind)),
    ),
  );
  if (twin)
    throw new ApiError(
      "CONFLICT",
      { reason: "bank_account_registered_elsewhere", ledger_account: twin.ledgerAccount },
      `That bank account is registered for ${twin.ledgerAccount}.`,
    );
  const other = await db
    .select({ currency: bankTransactions.currency, n: sql<number>`count(*)` })
    .from(bankTransactions)
    .where(
      and(
        eq(bankTransactions.companyId, ctx.companyId),
        eq(bankTransactions.settlementAccount, ledger),
        ne(bankTransactions.currency, input.currency),
      ),
    )
    .groupBy(bankTransactions.currency)
    .all();
  if (other.length > 0)
    throw new ApiError(
      "CONFLICT",
      { reason: "rows_in_other_currency", rows: other.map((o) => ({ currency: o.currency, count: Number(o.n) })) },
      `${ledger} already holds rows in ${other.map((o) => o.currency).join(", ")}; its currency cannot be ${input.currency}.`,
    );
  const current = await db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.companyId, ctx.companyId), eq(bankAccounts.ledgerAccount, ledger)))
    .get();
  const row: BankAccountRow = { ...probe, createdAt: current?.createdAt ?? ctx.now };
  return {
    status: current ? 200 : 201,
    data: bankAccountJson(row),
    statements: [
      db
        .insert(bankAccounts)
        .values(row)
        .onConflictDoUpdate({
          target: [bankAccounts.companyId, bankAccounts.ledgerAccount],
          set: { ...fieldsOf(input), updatedAt: ctx.now },
        }),
    ],
    audit: { action: "bank_account.registered", resourceType: "bank_account", resourceId: ledger },
  };
};

function blankRow(companyId: string, ledgerAccount: string, now: string): BankAccountRow {
  return {
    companyId,
    ledgerAccount,
    currency: DEFAULT_BANK_CURRENCY,
    iban: null,
    clearingNumber: null,
    accountNumber: null,
    bankgiro: null,
    name: null,
    createdAt: now,
    updatedAt: now,
  };
}

function fieldsOf(input: BankAccountBody) {
  return {
    currency: input.currency,
    iban: input.iban ?? null,
    clearingNumber: input.clearing_number ?? null,
    accountNumber: input.account_number ?? null,
    bankgiro: input.bankgiro ?? null,
    name: input.name ?? null,
  };
}
