// The skattekonto's bodies and answers: rows registered, deleted, booked, listed.
import { z } from "@hono/zod-openapi";
import { PROSE } from "./prose";
import { AccountNumberSchema, DateSchema, SignedAmountSchema } from "../../../http/fields";
import { TAX_ACCOUNT_KINDS } from "../../../sweden/tax-account";

export const TaxAccountRowsBodySchema = z
  .object({
    transactions: z
      .array(
        z
          .object({
            date: DateSchema.openapi({ description: "the date on Skatteverket's statement; not in the future" }),
            description: z.string().trim().min(1).max(500).openapi({
              description: PROSE.taxRowDescription,
            }),
            amount: SignedAmountSchema.refine((n) => n !== 0, "must not be zero").openapi({
              description: "kronor, as the statement shows it: a payment in positive, a charge negative",
            }),
            balance_after: SignedAmountSchema.nullish().openapi({
              description: "the statement's saldo after the transaction",
            }),
          })
          .strict(),
      )
      .min(1)
      .max(1000),
  })
  .strict()
  .openapi("SkattekontoTransactionsCreate");

export type TaxAccountRowsBody = z.infer<typeof TaxAccountRowsBodySchema>;

export const TaxAccountRowsResultSchema = z.object({
  account_key: z.literal("skattekonto"),
  created: z.number(),
  duplicates: z.number().openapi({
    description: "rows already registered (same date, amount, text, saldo and place among identical rows): skipped",
  }),
  transaction_ids: z
    .array(z.string())
    .openapi({ description: "the new rows' ids (item_id of the skattekonto's external items)" }),
});

export const TaxAccountRowDeletedSchema = z.object({
  account_key: z.literal("skattekonto"),
  id: z.string(),
  deleted: z.boolean(),
});

export const TaxAccountBookBodySchema = z
  .object({
    account: AccountNumberSchema.optional().openapi({
      description: PROSE.bookAccount,
    }),
  })
  .strict()
  .openapi("SkattekontoTransactionBook");

export type TaxAccountBookBody = z.infer<typeof TaxAccountBookBodySchema>;

const BookedRow = z.object({
  id: z.string(),
  date: z.string(),
  description: z.string(),
  amount: z.number(),
  kind: z.enum(TAX_ACCOUNT_KINDS),
  counter_account: z.string(),
  journal_entry_id: z.string(),
  voucher: z.string(),
});

export const TaxAccountBookedSchema = BookedRow.openapi("SkattekontoTransactionBooked");

export const TaxAccountBookSuggestedBodySchema = z
  .object({
    date_to: DateSchema.optional().openapi({ description: "the rows dated through this day (default today)" }),
  })
  .strict()
  .openapi("SkattekontoBookSuggested");

export type TaxAccountBookSuggestedBody = z.infer<typeof TaxAccountBookSuggestedBodySchema>;

export const TaxAccountBookSuggestedResultSchema = z
  .object({
    date_to: z.string(),
    linked: z
      .array(z.object({ id: z.string(), journal_entry_id: z.string(), line_id: z.string() }))
      .openapi({ description: "rows linked to the 1630 line that already books them (method proposal)" }),
    booked: z.array(BookedRow).openapi({ description: "rows booked against their counter account" }),
    left: z
      .array(
        z.object({
          id: z.string(),
          description: z.string(),
          amount: z.number(),
          reason: z.string(),
          bank_transaction_id: z.string().nullable(),
        }),
      )
      .openapi({
        description: PROSE.bookSuggestedResult,
      }),
  })
  .openapi("SkattekontoBookSuggestedResult");

export const TaxAccountRowSchema = z
  .object({
    id: z.string(),
    date: z.string(),
    description: z.string(),
    amount: z.number(),
    balance_after: z.number().nullable(),
    source: z.enum(["manual", "file"]),
    import_id: z.string().nullable(),
    kind: z.enum(TAX_ACCOUNT_KINDS),
    period: z.string().nullable().openapi({ description: "the month the text names (Moms jan 2026: 2026-01)" }),
    status: z.enum(["booked", "linked", "suggested", "needs_account"]).openapi({
      description: PROSE.taxRowStatus,
    }),
    suggested_account: z.string().nullable(),
    journal_entry_id: z.string().nullable(),
    link_id: z.string().nullable(),
  })
  .openapi("SkattekontoTransaction");

export type TaxAccountRowJson = z.infer<typeof TaxAccountRowSchema>;
