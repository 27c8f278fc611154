// The API's field vocabulary: dates, amounts, rates, currencies, account numbers,
// dimension maps and contact fields, each checked once here and used by every
// domain's schemas (a domain never imports another domain's schemas for them).
import { z } from "@hono/zod-openapi";
import { toOre } from "../ledger/money";
import { decimalString } from "../sweden/invoicing";
import { vatRateToBp } from "../sweden/vat";

export const AccountNumberSchema = z.string().regex(/^[1-8]\d{3}$/, "a four-digit BAS account number");

export const DateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "expected YYYY-MM-DD").refine((d) => {
  const t = new Date(`${d}T00:00:00Z`);
  return !Number.isNaN(t.getTime()) && t.toISOString().startsWith(d);
}, "not a real date");

/** Kronor with at most two decimals (öre), as a JSON number. */
export const AmountSchema = z
  .number()
  .nonnegative()
  .max(999_999_999_999)
  .refine((n) => toOre(n) !== null, "at most two decimals (öre)");

/** { dimension id: code }, e.g. { "1": "100", "6": "P-17" } */
export const DimensionMapSchema = z
  .record(z.string().regex(/^\d{1,3}$/, "a dimension id"), z.string().min(1).max(40))
  .openapi({ description: "map of dimension id to code; unknown or archived codes give DIMENSION_VALIDATION_FAILED" });

export const LineInputSchema = z
  .object({
    account_number: AccountNumberSchema,
    debit_amount: AmountSchema.default(0),
    credit_amount: AmountSchema.default(0),
    line_description: z.string().max(500).nullish(),
    dimensions: DimensionMapSchema.optional(),
  })
  .refine((l) => (l.debit_amount > 0) !== (l.credit_amount > 0), {
    message: "a line has either a debit_amount or a credit_amount above zero, not both",
  })
  .openapi("JournalLineInput");

/** Kronor with at most two decimals; may be negative (a discount line). */
export const SignedAmountSchema = z
  .number()
  .min(-999_999_999_999)
  .max(999_999_999_999)
  .refine((n) => toOre(n) !== null, "at most two decimals (öre)");

/** A positive amount of a payment, at most two decimals. */
export const PositiveAmountSchema = SignedAmountSchema.refine((n) => n > 0, "must be above zero");

export const VatRateSchema = z
  .number()
  .refine((r) => vatRateToBp(r) !== null, "a Swedish VAT rate as a fraction: 0.25, 0.12, 0.06 or 0")
  .openapi({ description: "fraction, e.g. 0.25" });

/** SEK per one unit of the currency (spec: 0 < rate < 100000). */
export const ExchangeRateSchema = z
  .number()
  .gt(0)
  .lt(100_000)
  .refine((r) => decimalString(r, 6) !== null, "at most six decimals")
  .openapi({ description: "SEK per one unit of the invoice currency; 0 < rate < 100000" });

export const CurrencySchema = z.string().regex(/^[A-Z]{3}$/, "ISO 4217, e.g. SEK");


export const PartyContactFields = {
  email: z.email().nullable(),
  country: z.string().regex(/^[A-Z]{2}$/, "ISO 3166-1 alpha-2, e.g. SE").nullable(),
  address_line1: z.string().max(200).nullable(),
  address_line2: z.string().max(200).nullable(),
  postal_code: z.string().max(20).nullable(),
  city: z.string().max(100).nullable(),
  phone: z.string().max(40).nullable(),
  contact_name: z.string().max(200).nullable(),
  default_payment_terms: z.number().int().min(0).max(365),
  notes: z.string().max(5000).nullable(),
};

