import { z } from "@hono/zod-openapi";
import { AccountNumberSchema, CurrencySchema, DateSchema, SignedAmountSchema } from "../../http/fields";
import { BANK_CATEGORIES, VAT_TREATMENTS } from "../../sweden/bank-categories";
import { FILE_LIMITS } from "../../formats/limits";
import { BANK_FORMATS } from "../../sweden/bank";

export const INGEST_LIMIT = 500;
export const BATCH_CATEGORIZE_LIMIT = 100;
/** camt, BgMax and CSV alike (src/formats/limits.ts). */
export const MAX_BANK_FILE_BYTES = FILE_LIMITS.camt.bytes;

const NonZeroAmount = SignedAmountSchema.refine((n) => n !== 0, "must not be zero");

export const IngestTransactionSchema = z
  .object({
    external_id: z.string().trim().min(1).max(200).openapi({
      description: "the bank's or aggregator's id of the row; a second row with the same id on the account is skipped",
    }),
    date: DateSchema,
    value_date: DateSchema.optional(),
    description: z.string().trim().min(1).max(500),
    amount: NonZeroAmount.openapi({ description: "signed: negative = money out" }),
    currency: CurrencySchema.default("SEK"),
    amount_foreign: SignedAmountSchema.optional(),
    currency_foreign: CurrencySchema.optional(),
    merchant_name: z.string().trim().max(200).optional(),
    counterparty_account: z.string().trim().max(100).optional(),
    reference: z
      .string()
      .trim()
      .max(100)
      .optional()
      .openapi({ description: "payment reference: OCR number or message" }),
    reference_type: z.enum(["ocr", "structured", "message"]).optional(),
    balance_after: SignedAmountSchema.optional(),
  })
  .strict()
  .refine((t) => (t.amount_foreign === undefined) === (t.currency_foreign === undefined), {
    message: "amount_foreign and currency_foreign go together",
    path: ["currency_foreign"],
  })
  .openapi("TransactionIngestItem");

export const IngestSchema = z
  .object({
    settlement_account: AccountNumberSchema.default("1930").openapi({
      description: "the BAS account the bank account is booked on",
    }),
    transactions: z.array(IngestTransactionSchema).min(1).max(INGEST_LIMIT),
  })
  .strict()
  .openapi("TransactionIngest");

export const CategorizeSchema = z
  .object({
    is_business: z.boolean().default(true),
    category: z.enum(BANK_CATEGORIES).optional(),
    template_id: z
      .string()
      .optional()
      .openapi({ description: "a saved booking template (GET .../transaction-templates)" }),
    counterparty_template_id: z
      .string()
      .optional()
      .openapi({ description: "the template remembered for this transaction's merchant" }),
    account_override: AccountNumberSchema.optional().openapi({
      description: "book to this account instead of the category's",
    }),
    vat_treatment: z.enum(VAT_TREATMENTS).optional().openapi({
      description: "with account_override: none (default), standard_25, reduced_12, reduced_6, representation_12",
    }),
    persons: z
      .number()
      .int()
      .min(1)
      .max(1000)
      .optional()
      .openapi({ description: "representation: number of participants (VAT deduction capped per person)" }),
    confirm_no_match: z.boolean().default(false),
  })
  .strict()
  .openapi("TransactionCategorize");

export const BatchCategorizeItemSchema = z
  .object({
    transaction_id: z.string().min(1),
    category: z.enum(BANK_CATEGORIES).optional(),
    account_number: AccountNumberSchema.optional(),
    vat_treatment: z.enum(VAT_TREATMENTS).optional(),
    is_business: z.boolean().default(true),
    confirm_no_match: z.boolean().default(false),
  })
  .strict();

export const BatchCategorizeSchema = z
  .object({
    items: z.array(z.unknown()).min(1).max(BATCH_CATEGORIZE_LIMIT).openapi({
      description: "each {transaction_id, category, account_number, vat_treatment, is_business, confirm_no_match}",
    }),
  })
  .strict()
  .openapi("TransactionBatchCategorize");

export const MatchInvoiceSchema = z
  .object({
    invoice_id: z.string().min(1).optional().openapi({
      description: "default: the invoice the transaction's OCR reference points to (potential_invoice_id)",
    }),
    payment_date: DateSchema.optional().openapi({ description: "default the transaction's date" }),
  })
  .strict()
  .openapi("TransactionMatchInvoice");

export const MatchSupplierInvoiceSchema = z
  .object({ supplier_invoice_id: z.string().min(1), payment_date: DateSchema.optional() })
  .strict()
  .openapi("TransactionMatchSupplierInvoice");

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

export const BankFormatSchema = z.enum(BANK_FORMATS);

export type IngestInput = z.infer<typeof IngestSchema>;
export type CategorizeInput = z.infer<typeof CategorizeSchema>;
export type BatchCategorizeItem = z.infer<typeof BatchCategorizeItemSchema>;
export type MatchInvoiceInput = z.infer<typeof MatchInvoiceSchema>;
export type MatchSupplierInvoiceInput = z.infer<typeof MatchSupplierInvoiceSchema>;
