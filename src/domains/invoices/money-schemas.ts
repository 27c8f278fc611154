// Input schemas shared by the two invoicing domains: signed amounts, VAT rates,
// exchange rates and currency codes, each checked once here.
import { z } from "@hono/zod-openapi";
import { toOre } from "../../ledger/money";
import { decimalString } from "../../sweden/invoicing";
import { vatRateToBp } from "../../sweden/vat";

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

export const AccountNumberSchema = z.string().regex(/^[1-8]\d{3}$/, "a four-digit BAS account number");
