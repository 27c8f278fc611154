import { z } from "@hono/zod-openapi";
import {
  AccountNumberSchema,
  CurrencySchema,
  DateSchema,
  DimensionMapSchema,
  ExchangeRateSchema,
  itemsWithinLimits,
  MAX_ITEMS_PER_INVOICE,
  PositiveAmountSchema,
  SignedAmountSchema,
  VatRateSchema,
} from "../../http/fields";

export const SupplierInvoiceItemInputSchema = z
  .object({
    description: z.string().trim().max(500).nullish(),
    amount: SignedAmountSchema.openapi({ description: "net amount without VAT, in the invoice currency" }),
    account_number: AccountNumberSchema.optional().openapi({
      description: "debit account; default the supplier's default_expense_account",
    }),
    vat_rate: VatRateSchema.default(0.25),
    vat_amount: SignedAmountSchema.optional().openapi({
      description: "the VAT the supplier charged on this line; default amount x vat_rate",
    }),
    apply_slp: z
      .boolean()
      .default(false)
      .openapi({ description: "special payroll tax 24.26 % (only on 741x pension accounts)" }),
    supply_type: z
      .enum(["goods", "services"])
      .optional()
      .openapi({
        description:
          "goods or services (default services). From an EU supplier the line is reverse-charged: " +
          "booked on 4515-4517 (goods, box 20) or 4535-4537 (services, box 21), from outside the EU " +
          "services on 4531-4533 (box 22); the buyer's VAT at vat_rate on 2614/2624/2634 and 2645",
      }),
    reverse_charge: z
      .boolean()
      .default(false)
      .openapi({
        description:
          "a Swedish supplier's line under omvänd betalningsskyldighet (construction services, ML 16 " +
          "kap 13 §): 4425-4427 (services, box 24) or 4415-4417 (goods, box 23), VAT on " +
          "2614/2624/2634 and 2647",
      }),
    dimensions: DimensionMapSchema.optional(),
  })
  .strict()
  .openapi("SupplierInvoiceItemInput");

export const SupplierInvoiceCreateSchema = z
  .object({
    supplier_id: z.string().min(1),
    supplier_invoice_number: z.string().trim().min(1).max(60),
    invoice_date: DateSchema,
    due_date: DateSchema.optional().openapi({
      description: "default invoice_date + the supplier's default_payment_terms",
    }),
    currency: CurrencySchema.optional().openapi({ description: "default the supplier's default_currency" }),
    exchange_rate: ExchangeRateSchema.optional(),
    default_dimensions: DimensionMapSchema.optional(),
    payment_reference: z.string().trim().max(60).nullish().openapi({ description: "OCR or message to pay with" }),
    notes: z.string().max(2000).nullish(),
    items: z.array(SupplierInvoiceItemInputSchema).min(1).max(MAX_ITEMS_PER_INVOICE).superRefine(itemsWithinLimits),
  })
  .strict()
  .refine((b) => !b.due_date || b.due_date >= b.invoice_date, {
    message: "due_date is before invoice_date",
    path: ["due_date"],
  })
  .openapi("SupplierInvoiceCreate");

export const SupplierInvoicePatchSchema = z
  .object({
    supplier_invoice_number: z.string().trim().min(1).max(60).optional(),
    due_date: DateSchema.optional(),
    payment_reference: z.string().trim().max(60).nullable().optional(),
    notes: z.string().max(2000).nullable().optional(),
  })
  .strict()
  .openapi("SupplierInvoicePatch");

export const SupplierInvoicePaySchema = z
  .object({
    payment_date: DateSchema.optional().openapi({ description: "default today" }),
    amount: PositiveAmountSchema.optional().openapi({
      description: "in the invoice currency; default the remaining amount",
    }),
    exchange_rate_difference: SignedAmountSchema.optional().openapi({
      description:
        "SEK actually paid minus SEK booked for this amount; needed on foreign-currency invoices " +
        "(0 when none). Booked to 7960 (loss) or 3960 (gain).",
    }),
    settlement_account: AccountNumberSchema.default("1930"),
  })
  .strict()
  .openapi("SupplierInvoicePay");

export const SupplierInvoiceDisputeSchema = z.object({ reason: z.string().trim().min(1).max(1000) }).strict();

export const SupplierInvoiceSchema = z
  .object({
    id: z.string(),
    supplier_id: z.string(),
    supplier_name: z.string(),
    arrival_number: z.number(),
    supplier_invoice_number: z.string(),
    invoice_date: z.string(),
    due_date: z.string(),
    status: z.enum(["registered", "approved", "partially_paid", "overdue", "disputed", "paid", "credited"]),
    currency: z.string(),
    exchange_rate: z.number(),
    subtotal: z.number(),
    vat_amount: z.number(),
    total: z.number(),
    total_sek: z.number(),
    paid_amount: z.number(),
    credited_amount: z.number(),
    remaining_amount: z.number(),
    is_credit_note: z.boolean(),
    credited_invoice_id: z.string().nullable(),
    dispute_reason: z.string().nullable(),
    default_dimensions: z.record(z.string(), z.string()).nullable(),
    payment_reference: z.string().nullable(),
    notes: z.string().nullable(),
    approved_at: z.string().nullable(),
    approval_status: z.enum(["not_required", "pending", "approved", "rejected"]).openapi({
      description: "the attest (docs/approvals.md): pending while the matching rule's steps wait for approvals",
    }),
    registered_by: z.string().nullable().openapi({ description: "the user who registered the invoice" }),
    approval_rule: z.object({ id: z.string(), name: z.string() }).nullable().optional(),
    approval_round: z.number().optional().openapi({ description: "1, and one more for each resubmission" }),
    approval_steps: z
      .array(z.object({ approvers: z.array(z.string()), min_approvals: z.number(), approvals: z.number() }))
      .optional(),
    approval_in_order: z.boolean().nullable().optional(),
    approval_waiting_for: z.array(z.string()).optional().openapi({ description: "the users who may approve now" }),
    approvals: z
      .array(
        z.object({
          id: z.string(),
          round: z.number(),
          step: z.number().nullable(),
          user_id: z.string(),
          decision: z.enum(["approved", "rejected", "resubmitted"]),
          reason: z.string().nullable(),
          created_at: z.string(),
        }),
      )
      .optional()
      .openapi({ description: "every approval, rejection (with its reason) and resubmission, oldest first" }),
    paid_at: z.string().nullable(),
    credit_reversed_at: z.string().nullable().openapi({
      description: "a credit note whose credit was reversed (POST .../credits/{creditNoteId}/reverse): when",
    }),
    credit_reversal_date: z.string().nullable(),
    credit_reversal_journal_entry_id: z.string().nullable(),
    registration_journal_entry_id: z.string().nullable(),
    payment_journal_entry_id: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    supplier: z.unknown().optional(),
    items: z.array(z.unknown()).optional(),
    payments: z.array(z.unknown()).optional(),
  })
  .openapi("SupplierInvoice");

export const SupplierInvoiceListQuery = z
  .object({
    status: z.enum(["registered", "approved", "partially_paid", "overdue", "disputed", "paid", "credited"]).optional(),
    supplier_id: z.string().optional(),
    currency: CurrencySchema.optional(),
    date_from: DateSchema.optional(),
    date_to: DateSchema.optional(),
    expand: z.string().optional().openapi({ description: "comma-separated: supplier, items, payments" }),
    cursor: z.string().optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .strict();

export const SupplierInvoiceCreditSchema = z
  .object({
    credit_date: DateSchema.optional().openapi({
      description: "the credit note's date, in an open period, not before the invoice date; default today",
    }),
    reason: z.string().trim().min(1).max(1000).optional().openapi({ description: "kept as the credit note's notes" }),
    items: z
      .array(
        z
          .object({
            item_id: z.string().min(1).openapi({ description: "an item of the supplier invoice" }),
            amount: PositiveAmountSchema.optional().openapi({
              description:
                "net amount (without VAT) of the item to credit; its VAT is the item's in proportion. Omitted: what is left of the item",
            }),
          })
          .strict(),
      )
      .min(1)
      .max(200)
      .optional()
      .openapi({ description: "the items to credit (accrual method). Omitted: everything not yet credited" }),
  })
  .strict()
  .openapi("SupplierInvoiceCredit");

export type SupplierInvoiceCreditInput = z.infer<typeof SupplierInvoiceCreditSchema>;
export type SupplierInvoiceCreateInput = z.infer<typeof SupplierInvoiceCreateSchema>;
export type SupplierInvoicePatchInput = z.infer<typeof SupplierInvoicePatchSchema>;
export type SupplierInvoicePayInput = z.infer<typeof SupplierInvoicePaySchema>;
export type SupplierInvoiceItemInput = z.infer<typeof SupplierInvoiceItemInputSchema>;

/** The answer of a credit: the credit note, the original after it, and the credit's entry. */
export const SupplierCreditAnswerSchema = z.object({
  credit_note_id: z.string(),
  original_id: z.string(),
  arrival_number: z.number(),
  supplier_invoice_number: z.string(),
  registration_journal_entry_id: z.string().nullable(),
  credit_date: z.string(),
  total: z.number(),
  total_sek: z.number(),
  credit_note: SupplierInvoiceSchema,
  original: SupplierInvoiceSchema,
});

/** import-peppol's answer to a CreditNote: the credit's answer, marked kind "credit_note" (an invoice's answer is unchanged). */
export const PeppolCreditAnswerSchema = SupplierCreditAnswerSchema.extend({ kind: z.literal("credit_note") }).openapi(
  "SupplierInvoicePeppolCredit",
);
