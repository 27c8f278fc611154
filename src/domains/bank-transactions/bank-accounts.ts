// The bank accounts a company registers for its settlement accounts (19xx), and the check
// every statement passes before its rows are stored on one: the file must be of that bank
// account (when the company registered its number) and in its currency (SEK unless the
// company registered a foreign-currency bank account for the ledger account), and dated
// near the company's fiscal years. A wrong statement is refused whole, so EUR rows never
// land on a SEK account and a reconciliation never adds two currencies.
import { z } from "@hono/zod-openapi";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Command } from "../../commands/plan";
import type { Database } from "../../db/client";
import { bankAccounts, bankTransactions } from "../../db/schema";
import { ApiError, fieldError } from "../../errors/api-error";
import { CurrencySchema } from "../../http/fields";
import { addMonths } from "../../sweden/fiscal-year";
import { findActiveAccount } from "../accounts";
import { listPeriods } from "../fiscal-periods";

export type BankAccountRow = typeof bankAccounts.$inferSelect;

/** How far (in months) a statement row may lie before the first or after the last fiscal year. */
export const STATEMENT_DATE_MARGIN_MONTHS = 12;

/** A settlement account without a registration holds SEK. */
export const DEFAULT_BANK_CURRENCY = "SEK";

const compact = (s: string) => s.replace(/[\s.-]/g, "").toUpperCase();

export const BankAccountBodySchema = z
  .object({
    ledger_account: z.string().openapi({ description: "the 19xx account the bank account is booked on" }),
    currency: CurrencySchema.default(DEFAULT_BANK_CURRENCY).openapi({
      description: "the bank account's currency: every row booked to the ledger account must be in it",
    }),
    iban: z
      .string()
      .transform(compact)
      .pipe(z.string().regex(/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/, "an IBAN, e.g. SE45 5000 0000 0583 9825 7466"))
      .nullable()
      .optional(),
    clearing_number: z
      .string()
      .regex(/^\d{4,5}$/, "four or five digits")
      .nullable()
      .optional(),
    account_number: z
      .string()
      .transform(compact)
      .pipe(z.string().regex(/^\d{1,20}$/, "the account number's digits"))
      .nullable()
      .optional(),
    bankgiro: z
      .string()
      .regex(/^\d{3,4}-?\d{4}$/, "NNN-NNNN or NNNN-NNNN")
      .nullable()
      .optional(),
    name: z.string().trim().min(1).max(200).nullable().optional(),
  })
  .strict()
  .openapi("BankAccountRegistration");
export type BankAccountBody = z.infer<typeof BankAccountBodySchema>;

export const BankAccountSchema = z
  .object({
    ledger_account: z.string(),
    currency: z.string(),
    iban: z.string().nullable(),
    clearing_number: z.string().nullable(),
    account_number: z.string().nullable(),
    bankgiro: z.string().nullable(),
    name: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("BankAccount");

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

/** What a file names its account by: a bankgiro number (BgMax) or the bank account itself (camt, CSV). */
export type AccountKind = "bankgiro" | "bank_account";

/**
 * The forms a registered bank account may be named by in a file of that kind: IBAN, its BBAN,
 * clearing + account, account number; or the bankgiro number.
 */
function namesOf(r: BankAccountRow, kind: AccountKind): string[] {
  if (kind === "bankgiro") return r.bankgiro ? [compact(r.bankgiro)] : [];
  const out: string[] = [];
  if (r.iban) out.push(r.iban, r.iban.slice(4));
  if (r.accountNumber) {
    out.push(r.accountNumber);
    if (r.clearingNumber) out.push(`${r.clearingNumber}${r.accountNumber}`);
  }
  return out;
}

/**
 * Whether a file's account can be compared at all: an IBAN or a number of five digits or more.
 * Some exports name the account by a label ("SEK Main"): that says nothing about which one it is.
 */
export function isAccountIdentifier(fileAccount: string): boolean {
  const f = compact(fileAccount);
  return /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(f) || /^\d{5,}$/.test(f);
}

/** Whether a file's account (IBAN, BBAN, account or bankgiro number as the bank writes it) is this registration's. */
export function identifiesAccount(r: BankAccountRow, fileAccount: string, kind: AccountKind): boolean {
  const f = compact(fileAccount);
  // leading zeros are padding in a BBAN or an account number: 0000123 and 123 are the same account
  const bare = (s: string) => (/^\d+$/.test(s) ? s.replace(/^0+/, "") : s);
  return namesOf(r, kind).some((n) => n === f || bare(n) === bare(f));
}

/** What a statement says about itself, as the check needs it. */
export interface StatementFacts {
  /** the bank account the file names, or null (most CSV exports, JSON rows) */
  account: string | null;
  accountKind: AccountKind;
  statementId: string | null;
  /** the statement's currency and every row's */
  currencies: string[];
  dates: string[];
  /** the dates as booking date -> rows, where the rows are not at hand (a file read in ranges); counted with `dates` */
  dateCounts?: Record<string, number>;
}

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

/** The dates a statement row may have: from a year before the first fiscal year to a year after the last one. */
export function allowedStatementDates(periods: { periodStart: string; periodEnd: string }[]) {
  if (periods.length === 0) return null;
  const first = periods.map((p) => p.periodStart).sort()[0];
  const last = periods
    .map((p) => p.periodEnd)
    .sort()
    .at(-1)!;
  return {
    first_fiscal_year_start: first,
    last_fiscal_year_end: last,
    earliest_allowed: addMonths(first, -STATEMENT_DATE_MARGIN_MONTHS),
    latest_allowed: addMonths(last, STATEMENT_DATE_MARGIN_MONTHS),
  };
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
