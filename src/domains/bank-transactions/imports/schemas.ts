// The request bodies of ingest and the bank file.
import { z } from "@hono/zod-openapi";
import { AccountNumberSchema, CurrencySchema, DateSchema, SignedAmountSchema } from "../../../http/fields";
import { FILE_LIMITS } from "../../../formats/limits";
import { BANK_FORMATS } from "../../../sweden/bank";

export const INGEST_LIMIT = 500;
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

export const BankFormatSchema = z.enum(BANK_FORMATS);

export type IngestInput = z.infer<typeof IngestSchema>;
