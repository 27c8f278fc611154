// The bank account registration's request and response (POST/GET .../bank-accounts).
import { z } from "@hono/zod-openapi";
import { CurrencySchema } from "../../../http/fields";
import { compact, DEFAULT_BANK_CURRENCY } from "./rules";

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
