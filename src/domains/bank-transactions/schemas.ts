// A bank row as the API answers it, and the list filters (shared by the rooms).
import { z } from "@hono/zod-openapi";
import { CurrencySchema, DateSchema } from "../../http/fields";
export const TransactionSchema = z
  .object({
    id: z.string(),
    date: z.string(),
    value_date: z.string().nullable(),
    description: z.string(),
    amount: z.number(),
    currency: z.string(),
    amount_foreign: z.number().nullable(),
    currency_foreign: z.string().nullable(),
    merchant_name: z.string().nullable(),
    counterparty_account: z.string().nullable(),
    reference: z.string().nullable(),
    reference_type: z.string().nullable(),
    ocr_references: z.array(z.string()),
    settlement_account: z.string(),
    journal_entry_id: z.string().nullable(),
    status: z.enum(["booked", "unbooked", "ignored"]),
    is_business: z.boolean().nullable(),
    category: z.string().nullable(),
    account_number: z.string().nullable(),
    vat_treatment: z.string().nullable(),
    template_id: z.string().nullable(),
    invoice_id: z.string().nullable(),
    supplier_invoice_id: z.string().nullable(),
    potential_invoice_id: z.string().nullable(),
    reconciliation_method: z.string().nullable(),
    reconciliation_link_id: z.string().nullable().openapi({
      description:
        "the reconciliation link that ties the row to an entry booked elsewhere (a salary run, a mark-paid): the row is booked by it",
    }),
    is_ignored: z.boolean(),
    ignored_at: z.string().nullable(),
    booked_at: z.string().nullable(),
    bank_rule: z
      .object({
        rule_id: z.string().nullable(),
        outcome: z.string(),
        proposal: z.record(z.string(), z.unknown()).nullable(),
        at: z.string().nullable(),
      })
      .nullable()
      .openapi({
        description:
          "the bank rule that last acted on the row and what it did (booked, private, ignored, matched_invoice, " +
          "matched_supplier_invoice, proposed, skipped), with the proposal (docs/bank-rules.md)",
      }),
    import: z.object({
      source: z.string(),
      import_id: z.string().nullable(),
      format: z.string().nullable(),
      external_id: z.string().nullable(),
      balance_after: z.number().nullable(),
      details: z.record(z.string(), z.string()),
    }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("Transaction");

export const TransactionListQuery = z
  .object({
    status: z.enum(["booked", "unbooked"]).optional(),
    currency: CurrencySchema.optional(),
    date_from: DateSchema.optional(),
    date_to: DateSchema.optional(),
    search: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .optional()
      .openapi({ description: "in the description, case-insensitive" }),
    cursor: z.string().optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .strict();
