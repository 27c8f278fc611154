import { z } from "@hono/zod-openapi";
import {
  DateSchema,
  DimensionMapSchema,
  itemsWithinLimits,
  JournalLinesSchema,
  MAX_ITEMS_PER_INVOICE,
} from "../../http/fields";
import {
  AccountNumberSchema,
  CurrencySchema,
  ExchangeRateSchema,
  PositiveAmountSchema,
  SignedAmountSchema,
  VatRateSchema,
} from "../../http/fields";
import { decimalString } from "../../sweden/invoicing";

export const INVOICE_STATUSES = [
  "draft",
  "sent",
  "paid",
  "partially_paid",
  "overdue",
  "credited",
  "cancelled",
] as const;

const QuantitySchema = z
  .number()
  .gt(0)
  .max(1_000_000_000)
  .refine((q) => decimalString(q, 3) !== null, "at most three decimals");

export const InvoiceItemInputSchema = z
  .object({
    description: z.string().trim().min(1).max(500),
    quantity: QuantitySchema.default(1),
    unit: z.string().trim().max(20).nullish(),
    unit_price: SignedAmountSchema.openapi({
      description: "price per unit without VAT, in the invoice currency; never taken from the article",
    }),
    vat_rate: VatRateSchema.optional().openapi({
      description:
        "fraction; omitted = the article's rate where Swedish VAT applies, else 25 %; 0 where the " +
        "sale is zero-rated (EU business, export) or the company is not VAT registered",
    }),
    article_id: z.string().optional(),
    supply_type: z.enum(["goods", "services"]).optional().openapi({
      description:
        "goods or services; default the article's, else services. With the customer's location it decides the VAT treatment and account",
    }),
    revenue_account: z
      .string()
      .regex(/^[1-3]\d{3}$/, "a BAS account of class 1-3")
      .optional()
      .openapi({
        description:
          "override; must fit the VAT treatment (INVOICE_CREATE_VAT_RULE_VIOLATION). Default the " +
          "article's account when it fits, else by treatment: 3001/3002/3003/3004 by rate, 3108 EU " +
          "goods, 3308 EU services, 3106 goods to EU consumers, 3105 export goods, 3305 services " +
          "outside the EU",
      }),
    dimensions: DimensionMapSchema.optional(),
    deduction_type: z.enum(["rot", "rut"]).optional().openapi({
      description:
        "ROT/RUT: the line is labour for that deduction (docs/rot-rut.md); needs work_type and (except laundry) labor_hours",
    }),
    work_type: z
      .string()
      .max(40)
      .optional()
      .openapi({
        description:
          "Skatteverket's work-type code (Bygg, El, ..., Stadning, Tradgardsarbete, ...); with " +
          "deduction_type the line is labour, without it that work type's material",
      }),
    labor_hours: z
      .number()
      .gt(0)
      .max(100_000)
      .optional()
      .openapi({ description: "hours of work on a labour line, at most two decimals" }),
  })
  .strict()
  .openapi("InvoiceItemInput");

export const DeductionBuyerInputSchema = z
  .object({
    personnummer: z
      .string()
      .trim()
      .min(10)
      .max(13)
      .openapi({ description: "the buyer's personnummer (YYYYMMDD-NNNN); stored encrypted, shown masked" }),
    share: z.number().gt(0).max(1).optional().openapi({
      description:
        "the buyer's share of the work, a fraction with at most four decimals; may be left out with one buyer; the shares add up to 1",
    }),
  })
  .strict();

/**
 * `deduction_personnummer` in either shape: the spec's one personnummer as a string (one
 * buyer with the whole share), or a list of buyers with their shares. Both reach the rules
 * as the list, so the string is exactly `[{ personnummer }]`.
 */
type DeductionBuyerInput = z.infer<typeof DeductionBuyerInputSchema>;

export const DeductionBuyersInputSchema = z
  .union([
    DeductionBuyerInputSchema.shape.personnummer.transform((personnummer): DeductionBuyerInput[] => [{ personnummer }]),
    z.array(DeductionBuyerInputSchema).min(1).max(20),
  ])
  .openapi({
    description:
      "ROT/RUT: the buyer's personnummer as a string (one buyer, the whole share), or a list of buyers (private individuals) with their shares",
  });

export const InvoiceCreateSchema = z
  .object({
    customer_id: z.string().min(1),
    invoice_date: DateSchema.optional().openapi({ description: "default today" }),
    due_date: DateSchema.optional().openapi({
      description: "default invoice_date + the customer's default_payment_terms",
    }),
    currency: CurrencySchema.default("SEK"),
    exchange_rate: ExchangeRateSchema.optional().openapi({
      description:
        "SEK per unit; default the Riksbank rate of invoice_date (null SEK fields when it cannot be fetched)",
    }),
    document_type: z.enum(["invoice", "proforma", "delivery_note"]).default("invoice"),
    items: z.array(InvoiceItemInputSchema).min(1).max(MAX_ITEMS_PER_INVOICE).superRefine(itemsWithinLimits),
    default_dimensions: DimensionMapSchema.optional(),
    is_self_billed: z.boolean().default(false),
    external_invoice_number: z.string().trim().min(1).max(60).optional(),
    received_date: DateSchema.optional(),
    our_reference: z.string().trim().max(100).nullish(),
    your_reference: z.string().trim().max(100).nullish().openapi({
      description: "the buyer's reference (Peppol BuyerReference, BT-10; public buyers require it)",
    }),
    order_reference: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .nullish()
      .openapi({ description: "the buyer's purchase order number (Peppol OrderReference, BT-13)" }),
    notes: z.string().max(2000).nullish(),
    deduction_personnummer: DeductionBuyersInputSchema.optional(),
    deduction_housing_designation: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .optional()
      .openapi({ description: "ROT on a house: the fastighetsbeteckning" }),
    deduction_apartment_number: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .optional()
      .openapi({ description: "ROT in a tenant-owner apartment: the association's apartment number" }),
    deduction_brf_org_number: z
      .string()
      .trim()
      .min(1)
      .max(20)
      .optional()
      .openapi({ description: "ROT in a tenant-owner apartment: the association's organisation number" }),
  })
  .strict()
  .refine((b) => !b.due_date || !b.invoice_date || b.due_date >= b.invoice_date, {
    message: "due_date is before invoice_date",
    path: ["due_date"],
  })
  .refine((b) => !b.is_self_billed || (b.external_invoice_number && b.received_date), {
    message: "a self-billed invoice needs external_invoice_number and received_date",
    path: ["external_invoice_number"],
  })
  .openapi("InvoiceCreate");

export const InvoicePatchSchema = z
  .object({
    invoice_date: DateSchema.optional(),
    due_date: DateSchema.optional(),
    exchange_rate: ExchangeRateSchema.optional(),
    our_reference: z.string().trim().max(100).nullable().optional(),
    your_reference: z.string().trim().max(100).nullable().optional(),
    order_reference: z.string().trim().min(1).max(100).nullable().optional(),
    notes: z.string().max(2000).nullable().optional(),
  })
  .strict()
  .openapi("InvoicePatch");

export const InvoicePaySchema = z
  .object({
    payment_date: DateSchema.optional().openapi({ description: "default today" }),
    amount: PositiveAmountSchema.optional().openapi({
      description: "in the invoice currency; default the remaining amount",
    }),
    settlement_account: AccountNumberSchema.default("1930"),
    exchange_rate_difference: SignedAmountSchema.optional().openapi({
      description:
        "SEK received minus SEK booked for this amount; needed on foreign-currency invoices. Booked to 3960 (gain) or 7960 (loss).",
    }),
    lines: JournalLinesSchema(2, 50).optional().openapi({
      description:
        "custom journal lines replacing the computed payment entry (e.g. a bank fee); under accrual they must credit 1510 by the booked amount",
    }),
    force: z.boolean().default(false).openapi({ description: "true: skip the likely-duplicate guard" }),
  })
  .strict()
  .openapi("InvoicePay");

export const InvoiceCreditSchema = z
  .object({
    reason: z.string().trim().min(1).max(1000),
    credit_date: DateSchema.optional().openapi({
      description: "the credit note's date, in an open period, not before the invoice date; default today",
    }),
    items: z
      .array(
        z
          .object({
            item_id: z.string().min(1).openapi({ description: "an item of the invoice" }),
            quantity: QuantitySchema.optional().openapi({ description: "part of the item's quantity to credit" }),
            amount: PositiveAmountSchema.optional().openapi({
              description: "net amount (without VAT) of the item to credit",
            }),
          })
          .strict()
          .refine((l) => l.quantity === undefined || l.amount === undefined, {
            message: "quantity or amount, not both",
          }),
      )
      .min(1)
      .max(200)
      .optional()
      .openapi({
        description:
          "the items to credit; an item without quantity or amount is credited in what remains of it. Omitted: everything not yet credited",
      }),
  })
  .strict()
  .openapi("InvoiceCredit");

const VatRowSchema = z.object({ vat_rate: z.number(), net: z.number(), vat: z.number() });

const InterestPeriodSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.number().int(),
  rate_percent: z.string().openapi({ description: "the yearly rate applied to these days, percent" }),
});

const InterestDetailSchema = z
  .object({
    invoice_id: z.string().nullable(),
    invoice_number: z.string(),
    from: z.string().nullable().openapi({ description: "the first day charged" }),
    to: z.string().nullable().openapi({ description: "the last day charged" }),
    days: z.number().int(),
    agreed_rate_percent: z
      .string()
      .nullable()
      .openapi({ description: "the company's late_payment_interest_rate in percent; null: reference rate + 8 points" }),
    stretches: z.array(
      z.object({
        outstanding: z.number().openapi({ description: "what the customer owed over these days, SEK" }),
        from: z.string(),
        to: z.string(),
        days: z.number().int(),
        periods: z.array(InterestPeriodSchema),
      }),
    ),
  })
  .openapi("InvoiceInterestDetail");

/** An invoice's delivery to the company's Peppol access point (docs/peppol.md, "Sending through an access point"). */
export const PeppolDeliverySchema = z
  .object({
    id: z.string().openapi({ description: "also the X-Service-Document-Id header of every attempt" }),
    status: z.enum(["pending", "delivered", "failed", "dead"]).openapi({
      description:
        "pending: not yet attempted (or an attempt under way); failed: the last attempt may heal " +
        "and is retried at next_attempt_at; delivered: the access point took it (2xx); dead: " +
        "refused (4xx) or out of attempts (resend re-queues it)",
    }),
    attempts: z.number().int(),
    next_attempt_at: z.string().nullable(),
    last_error: z.string().nullable().openapi({
      description:
        "http_<status>[: the refusal's text], timeout, connection_failed, a URL guard reason, access_point_removed",
    }),
    response_status: z.number().int().nullable(),
    delivered_at: z.string().nullable(),
    message_id: z
      .string()
      .nullable()
      .openapi({ description: "the access point's id of the message, when its answer carried one" }),
    receiver_id: z.string().openapi({ description: "the buyer's Peppol id, scheme:value" }),
    sender_id: z.string().openapi({ description: "the seller's Peppol id, scheme:value" }),
    created_at: z.string(),
  })
  .openapi("PeppolDelivery");

export const InvoiceSchema = z
  .object({
    id: z.string(),
    invoice_number: z.string().nullable(),
    customer_id: z.string(),
    customer_name: z.string(),
    invoice_date: z.string(),
    due_date: z.string(),
    status: z.enum(INVOICE_STATUSES),
    document_type: z.enum(["invoice", "proforma", "delivery_note"]),
    is_credit_note: z.boolean(),
    credited_invoice_id: z.string().nullable(),
    credit_reason: z.string().nullable(),
    currency: z.string(),
    exchange_rate: z.number().nullable(),
    subtotal: z.number(),
    vat_amount: z.number(),
    total: z.number(),
    total_sek: z.number().nullable(),
    vat_breakdown: z.array(VatRowSchema),
    paid_amount: z.number(),
    credited_amount: z.number(),
    remaining_amount: z.number(),
    deduction_total: z.number().openapi({
      description:
        "ROT/RUT: the deduction Skatteverket pays (after credit notes and refusals); computed, not " +
        "settable. remaining_amount = total - paid - credited - deduction_total",
    }),
    deduction: z.unknown().optional().openapi({
      description: "expand=deduction: rates, labour, each buyer (personnummer masked) and share, the home",
    }),
    is_self_billed: z.boolean(),
    external_invoice_number: z.string().nullable(),
    received_date: z.string().nullable(),
    default_dimensions: z.record(z.string(), z.string()).nullable(),
    our_reference: z.string().nullable(),
    your_reference: z.string().nullable(),
    order_reference: z.string().nullable(),
    notes: z.string().nullable(),
    ocr_number: z
      .string()
      .nullable()
      .openapi({ description: "Bankgirot OCR reference (length and check digit), given when an invoice is issued" }),
    journal_entry_id: z.string().nullable(),
    pdf_document_id: z.string().nullable().openapi({
      description:
        "the archived PDF as issued (a document of the archive); GET .../pdf serves it byte for byte. null on drafts",
    }),
    kind: z.enum(["standard", "interest"]).openapi({
      description:
        "extension: standard, or interest for an interest invoice (räntefaktura, POST .../invoices/{id}/interest-invoice)",
    }),
    interest: InterestDetailSchema.nullable().openapi({
      description:
        "extension: on an interest invoice, the invoice it charges and how the interest was computed; else null",
    }),
    sent_at: z.string().nullable(),
    paid_at: z.string().nullable(),
    cancelled_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    customer: z.unknown().optional(),
    items: z.array(z.unknown()).optional(),
    payments: z.array(z.unknown()).optional(),
    peppol_delivery: PeppolDeliverySchema.nullable().optional().openapi({
      description:
        "expand=peppol_delivery: the invoice's handing to the company's Peppol access point; null when not sent by Peppol",
    }),
  })
  .openapi("Invoice");

export const InvoiceListQuery = z
  .object({
    status: z.enum(INVOICE_STATUSES).optional(),
    customer_id: z.string().optional(),
    date_from: DateSchema.optional(),
    date_to: DateSchema.optional(),
    expand: z.string().optional().openapi({ description: "comma-separated: customer, items" }),
    cursor: z.string().optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .strict();

export type InvoiceCreateInput = z.infer<typeof InvoiceCreateSchema>;
export type InvoicePatchInput = z.infer<typeof InvoicePatchSchema>;
export type InvoicePayInput = z.infer<typeof InvoicePaySchema>;
export type InvoiceCreditInput = z.infer<typeof InvoiceCreditSchema>;

export const InvoiceRefundSchema = z
  .object({
    refund_date: DateSchema.optional().openapi({
      description: "the day the money went back to the customer; default today; in an open period",
    }),
    amount: PositiveAmountSchema.optional().openapi({
      description: "SEK paid back; default the whole refund owed (-remaining_amount)",
    }),
    settlement_account: AccountNumberSchema.default("1930"),
  })
  .strict()
  .openapi("InvoiceRefund");
export type InvoiceRefundInput = z.infer<typeof InvoiceRefundSchema>;

export const InvoiceInterestSchema = z
  .object({
    to_date: DateSchema.optional().openapi({
      description:
        "for an invoice still unpaid: the last day charged; default today; not after today. The days after the last payment are never charged",
    }),
    due_date: DateSchema.optional().openapi({
      description: "the interest invoice's due date; default today + the customer's default_payment_terms",
    }),
    send: z.boolean().default(false).openapi({
      description: "true: also email it to the customer, as send does (else it is issued as mark-sent issues)",
    }),
  })
  .strict()
  .openapi("InvoiceInterest");
export type InvoiceInterestInput = z.infer<typeof InvoiceInterestSchema>;
