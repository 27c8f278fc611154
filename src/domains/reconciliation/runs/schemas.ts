// The bank run's body and result, and the bank reconciliation status.
import { z } from "@hono/zod-openapi";
import { PROSE } from "./prose";
import { DateSchema } from "../../../http/fields";

import { Money } from "../accounts/schemas";

export const BankRunBodySchema = z
  .object({
    date_from: DateSchema.optional().openapi({
      description: "items dated before it are left alone (default 1 January of date_to's year)",
    }),
    date_to: DateSchema.optional().openapi({
      description: "the date the accounts are reconciled through (default today); not in the future",
    }),
    account_key: z
      .string()
      .optional()
      .openapi({ description: "one bank account (bank:<19xx>); default every bank account with transactions" }),
    auto_link: z.boolean().optional().openapi({
      description: PROSE.runAutoLink,
    }),
  })
  .strict()
  .openapi("ReconciliationBankRun");

export type BankRunBody = z.infer<typeof BankRunBodySchema>;

const RunCounts = {
  transactions: z.number(),
  ledger_lines: z.number(),
  matched: z.number(),
  auto_linked: z.number(),
  proposed: z.number(),
  ambiguous: z.number().openapi({
    description: "transactions left unmatched because two or more lines (or transactions) share the best score",
  }),
  unmatched_external: z.number(),
  unmatched_ledger: z.number(),
  ignored: z.number(),
};

export const BankRunResultSchema = z
  .object({
    date_from: z.string(),
    date_to: z.string(),
    auto_link: z.boolean(),
    auto_link_min_confidence: z.number(),
    accounts: z.array(
      z.object({
        account_key: z.string(),
        settlement_account: z.string(),
        ...RunCounts,
        external_balance: Money.nullable(),
        ledger_balance: Money,
        difference: Money.nullable(),
      }),
    ),
    totals: z.object(RunCounts),
  })
  .openapi("ReconciliationBankRunResult");

const StatusCounts = {
  transactions: z.number(),
  ledger_lines: z.number(),
  matched: z.number(),
  proposed: z.number(),
  unmatched_external: z.number(),
  unmatched_ledger: z.number(),
  ignored: z.number(),
  external_balance: Money,
  ledger_balance: Money,
  balance_delta: Money.openapi({ description: "external_balance - ledger_balance at date_to" }),
  unexplained_difference: Money,
};

export const BankStatusSchema = z
  .object({
    date_from: z.string(),
    date_to: z.string(),
    accounts: z.array(
      z.object({
        account_key: z.string(),
        settlement_account: z.string(),
        ...StatusCounts,
        is_reconciled: z.boolean(),
      }),
    ),
    totals: z.object(StatusCounts),
  })
  .openapi("ReconciliationBankStatus");
