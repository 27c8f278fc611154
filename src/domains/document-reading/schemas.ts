import { z } from "@hono/zod-openapi";
import {
  AccountNumberSchema,
  CurrencySchema,
  DateSchema,
  ExchangeRateSchema,
  KronorSchema,
  PositiveAmountSchema,
  SignedAmountSchema,
} from "../../http/fields";
import { SupplierInvoiceItemInputSchema } from "../supplier-invoices";

export const PROPOSAL_KINDS = ["supplier_invoice", "receipt"] as const;

export const ReadDocumentSchema = z
  .object({
    kind: z.enum(PROPOSAL_KINDS).default("supplier_invoice").openapi({
      description: "what the document is: a supplier invoice (registered later) or a receipt (drafted as an entry)",
    }),
  })
  .strict();

export const FoundFieldSchema = z
  .object({
    value: z
      .union([z.string(), z.number()])
      .openapi({ description: "text, a date (YYYY-MM-DD) or an amount in kronor" }),
    page: z.number().int(),
    line: z.string().openapi({ description: "the document's line the value was read from" }),
    label: z.string().nullable().openapi({ description: "the label it stood by; null when found by its form alone" }),
    confidence: z.number().openapi({
      description:
        "0.95 confirmed by a check digit or by the totals adding up; 0.8 labelled; 0.7 under its label; " +
        "0.6 weak label or derived; 0.5 by form alone; 0.3 fails its check digit",
    }),
  })
  .openapi("DocumentField");

export const FIELD_NAMES = [
  "org_number",
  "vat_number",
  "bankgiro",
  "plusgiro",
  "iban",
  "invoice_number",
  "invoice_date",
  "due_date",
  "net",
  "vat_25",
  "vat_12",
  "vat_6",
  "vat_total",
  "rounding",
  "total",
  "ocr",
  "reference",
  "currency",
] as const;

export const AMOUNT_FIELDS = new Set(["net", "vat_25", "vat_12", "vat_6", "vat_total", "rounding", "total"]);

export const ProposalSchema = z
  .object({
    id: z.string(),
    document_id: z.string(),
    kind: z.enum(PROPOSAL_KINDS),
    status: z.enum(["proposed", "registered", "drafted"]),
    pages: z.number().int(),
    fields: z.object(Object.fromEntries(FIELD_NAMES.map((f) => [f, FoundFieldSchema.optional()]))).openapi({
      description: "each field found, with where and how sure; a field not found is absent",
    }),
    warnings: z.array(
      z.object({
        code: z.enum(["TOTALS_DO_NOT_ADD_UP", "VAT_NOT_A_SWEDISH_RATE", "VAT_SUM_DIFFERS", "CHECK_DIGIT_FAILED"]),
        fields: z.array(z.string()),
        message: z.string(),
        details: z.record(z.string(), z.number()).optional(),
      }),
    ),
    missing: z.array(z.string()).openapi({ description: "what registering or drafting needs that was not found" }),
    supplier: z
      .object({
        id: z.string(),
        name: z.string(),
        matched_by: z.enum(["org_number", "vat_number", "bankgiro", "plusgiro", "iban"]),
      })
      .nullable(),
    supplier_invoice_id: z.string().nullable(),
    journal_entry_id: z.string().nullable(),
    created_at: z.string(),
    used_at: z.string().nullable(),
  })
  .openapi("DocumentProposal");

export type ProposalJson = z.infer<typeof ProposalSchema>;
export type FoundFieldJson = z.infer<typeof FoundFieldSchema>;

/** The figures a caller may correct: net, VAT per rate, total, in the document's currency. */
const FigureCorrections = {
  net: SignedAmountSchema.optional(),
  vat_25: SignedAmountSchema.optional(),
  vat_12: SignedAmountSchema.optional(),
  vat_6: SignedAmountSchema.optional(),
  rounding: SignedAmountSchema.optional().openapi({ description: "öresavrundning, booked on 3740" }),
  total: PositiveAmountSchema.optional(),
};

export const RegisterProposalSchema = z
  .object({
    supplier_id: z.string().min(1).optional().openapi({ description: "default the supplier the proposal matched" }),
    new_supplier: z
      .object({
        name: z.string().trim().min(1).max(200),
        default_expense_account: AccountNumberSchema.optional(),
      })
      .strict()
      .optional()
      .openapi({
        description:
          "when no supplier matched and none is named: the seller registered as a new Swedish supplier with the " +
          "numbers read (organisation and VAT number, bankgiro, plusgiro, IBAN), in the same batch as the invoice",
      }),
    supplier_invoice_number: z.string().trim().min(1).max(60).optional(),
    invoice_date: DateSchema.optional(),
    due_date: DateSchema.optional(),
    currency: CurrencySchema.optional(),
    exchange_rate: ExchangeRateSchema.optional(),
    payment_reference: z
      .string()
      .trim()
      .max(60)
      .nullish()
      .openapi({ description: "default the OCR or reference read" }),
    account_number: AccountNumberSchema.optional().openapi({
      description:
        "the expense account of the lines made from the totals; default the supplier's default_expense_account",
    }),
    items: z.array(SupplierInvoiceItemInputSchema).min(1).max(200).optional().openapi({
      description: "the lines as the create command takes them, instead of one line per VAT rate made from the totals",
    }),
    notes: z.string().max(2000).nullish(),
    ...FigureCorrections,
  })
  .strict()
  .openapi("DocumentProposalRegister");

export const DraftReceiptSchema = z
  .object({
    date: DateSchema.optional().openapi({ description: "default the receipt's date" }),
    account_number: AccountNumberSchema.openapi({ description: "the expense account (debit)" }),
    payment_account: AccountNumberSchema.default("1930").openapi({
      description: "the account it was paid from (credit): 1930 the company account, 2893 paid privately, ...",
    }),
    description: z.string().trim().min(1).max(200).optional(),
    bank_days: z.number().int().min(0).max(30).default(5).openapi({
      description: "bank rows dated this many days either side of the receipt are offered",
    }),
    ...FigureCorrections,
  })
  .strict()
  .openapi("DocumentProposalDraftReceipt");

export type RegisterProposalInput = z.infer<typeof RegisterProposalSchema>;
export type DraftReceiptInput = z.infer<typeof DraftReceiptSchema>;

export const DraftReceiptResultSchema = z
  .object({
    proposal: ProposalSchema,
    journal_entry: z.object({ id: z.string(), status: z.string(), entry_date: z.string() }).passthrough(),
    bank_rows: z.array(
      z.object({
        transaction_id: z.string(),
        date: z.string(),
        amount: KronorSchema,
        currency: z.string(),
        description: z.string(),
        reason: z.string(),
      }),
    ),
  })
  .openapi("DocumentProposalDraftResult");
