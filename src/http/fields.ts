// The API's field vocabulary: dates, amounts, rates, currencies, account numbers,
// dimension maps and contact fields, each checked once here and used by every
// domain's schemas (a domain never imports another domain's schemas for them).
import { z } from "@hono/zod-openapi";
import Big from "big.js";
import { MAX_AMOUNT_KR, MAX_LINES_PER_ENTRY, toOre } from "../money";
import { TEXT_LIMITS, textProblem } from "../text";

export { MAX_AMOUNT_KR };
import { decimalString } from "../sweden/invoicing";
import { vatRateToBp } from "../sweden/vat";

/** Largest quantity of an invoice line. */
export const MAX_QUANTITY = 1_000_000_000;
/** Most lines of one journal entry. */
export { MAX_LINES_PER_ENTRY };
/** Most items of one invoice or supplier invoice. */
export const MAX_ITEMS_PER_INVOICE = 200;
/** Deepest nesting of a JSON body (no schema of the API comes near it). */
export const MAX_JSON_DEPTH = 32;
/** Largest JSON request body in bytes (a bulk create of 50 invoices of 200 items fits). */
export const MAX_JSON_BODY_BYTES = 4 * 1024 * 1024;

const MAX_AMOUNT_ORE = MAX_AMOUNT_KR * 100;
const kr = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, " ");

export const AccountNumberSchema = z.string().regex(/^[1-8]\d{3}$/, "a four-digit BAS account number");

/**
 * A voucher series (verifikationsserie): one capital letter A-Z, as the spec states for
 * journal entries and gap explanations. The books hold no other kind: the ledger numbers
 * per (period, series) whatever it is handed, so the rule is kept here, at every input
 * that names a series (an entry, a salary run, the company's default, a gap
 * explanation), and the SIE import maps a file's other series (digits, `LEV1`) to free
 * letters (`mapSeries` in src/domains/imports/sie-stream.ts). A series the API posts in
 * can therefore always be named by a gap explanation and written back by the SIE export.
 */
export const VoucherSeriesSchema = z.string().regex(/^[A-Z]$/, "one capital letter A-Z");
/** A series the books can hold (VoucherSeriesSchema), for code that reads series from a file. */
export const isVoucherSeries = (series: string): boolean => VoucherSeriesSchema.safeParse(series).success;

export const DateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "expected YYYY-MM-DD")
  .refine((d) => {
    const t = new Date(`${d}T00:00:00Z`);
    return !Number.isNaN(t.getTime()) && t.toISOString().startsWith(d);
  }, "not a real date");

/** Kronor with at most two decimals (öre), as a JSON number. */
export const AmountSchema = z
  .number()
  .nonnegative()
  .max(MAX_AMOUNT_KR, `at most ${kr(MAX_AMOUNT_KR)} kr`)
  .refine((n) => toOre(n) !== null, "at most two decimals (öre)");

/** { dimension id: code }, e.g. { "1": "100", "6": "P-17" } */
export const DimensionMapSchema = z
  .record(z.string().regex(/^\d{1,3}$/, "a dimension id"), z.string().min(1).max(TEXT_LIMITS.dimension_code))
  .openapi({ description: "map of dimension id to code; unknown or archived codes give DIMENSION_VALIDATION_FAILED" });

export const LineInputSchema = z
  .object({
    account_number: AccountNumberSchema,
    debit_amount: AmountSchema.default(0),
    credit_amount: AmountSchema.default(0),
    line_description: z.string().max(TEXT_LIMITS.line_description).nullish(),
    dimensions: DimensionMapSchema.optional(),
  })
  .refine((l) => l.debit_amount > 0 !== l.credit_amount > 0, {
    message: "a line has either a debit_amount or a credit_amount above zero, not both",
  })
  .openapi("JournalLineInput");

/** Kronor with at most two decimals; may be negative (a discount line). */
export const SignedAmountSchema = z
  .number()
  .min(-MAX_AMOUNT_KR, `at least -${kr(MAX_AMOUNT_KR)} kr`)
  .max(MAX_AMOUNT_KR, `at most ${kr(MAX_AMOUNT_KR)} kr`)
  .refine((n) => toOre(n) !== null, "at most two decimals (öre)");

/**
 * An amount in an answer (a report's sum, a balance, a liability): kronor with at most two
 * decimals, any sign, and not capped (a total may exceed any single input's limit).
 */
export const KronorSchema = z
  .number()
  .refine((n) => toOre(n) !== null, "at most two decimals (öre)")
  .openapi({ description: "kronor, at most two decimals (öre)" });

/** An amount as Skatteverket's forms take it: whole kronor, öre dropped. */
export const WholeKronorSchema = z.number().int().openapi({ description: "whole kronor" });

/** A positive amount of a payment, at most two decimals. */
export const PositiveAmountSchema = SignedAmountSchema.refine((n) => n > 0, "must be above zero");

export const VatRateSchema = z
  .number()
  .refine((r) => vatRateToBp(r) !== null, "a Swedish VAT rate as a fraction: 0.25, 0.12, 0.06 or 0")
  .openapi({ description: "fraction, e.g. 0.25" });

/** An exchange rate's bounds (spec: 0 < rate < 100000) and precision. */
const RATE_MAX = 100_000;
const RATE_DECIMALS = 6;

/**
 * SEK per one unit of the currency (spec: 0 < rate < 100000), at most six decimals: a JSON
 * number (11.2345) or a decimal string ("11.2345"), the form rates are kept and computed in
 * (docs/invoices.md). The command receives the canonical decimal string ("011.50" -> "11.5"),
 * so a rate sent as a string never passes through a float.
 */
export const ExchangeRateSchema = z
  .union([
    z.number().gt(0).lt(RATE_MAX),
    z.string().regex(/^\d+(\.\d+)?$/, 'a decimal number in a string, e.g. "11.2345" (digits, one "." at most)'),
  ])
  .transform((r, ctx) => {
    const rate = typeof r === "number" ? decimalString(r, RATE_DECIMALS) : new Big(r).toString();
    if (rate === null || new Big(rate).round(RATE_DECIMALS, Big.roundDown).toString() !== rate) {
      ctx.addIssue({ code: "custom", message: "at most six decimals" });
      return z.NEVER;
    }
    if (new Big(rate).lte(0) || new Big(rate).gte(RATE_MAX)) {
      ctx.addIssue({ code: "custom", message: "0 < rate < 100000" });
      return z.NEVER;
    }
    return rate;
  })
  .openapi({
    description:
      'SEK per one unit of the invoice currency, 0 < rate < 100000, at most six decimals: a number or a decimal string ("11.2345")',
  });

export const CurrencySchema = z.string().regex(/^[A-Z]{3}$/, "ISO 4217, e.g. SEK");

/**
 * An e-mail address. zod's own pattern takes ASCII only; RFC 6531 (SMTPUTF8) lets the local
 * part hold any Unicode letter, so "åsa.öberg@exempel.se" is an address a Swedish customer or
 * employee has. The pattern is zod's (dot-separated atoms of letters, digits and _ ' + -,
 * a domain of ASCII labels and a top-level domain of two letters or more) with the local part's
 * letters and digits widened to Unicode (\p{L}, \p{N}, and the combining marks \p{M} of a
 * decomposed å). The domain stays ASCII: an IDN domain is given in its xn-- (punycode) form.
 * Mail goes out through a JSON API (src/mail.ts), which carries UTF-8.
 */
export const EMAIL_PATTERN =
  /^(?:[\p{L}\p{M}\p{N}_'+-]+\.)*[\p{L}\p{M}\p{N}_'+-]*[\p{L}\p{M}\p{N}_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/u;
export const EmailSchema = z.email({ pattern: EMAIL_PATTERN }).max(254);

export const PartyContactFields = {
  email: EmailSchema.nullable(),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, "ISO 3166-1 alpha-2, e.g. SE")
    .nullable(),
  address_line1: z.string().max(200).nullable(),
  address_line2: z.string().max(200).nullable(),
  postal_code: z.string().max(20).nullable(),
  city: z.string().max(100).nullable(),
  phone: z.string().max(40).nullable(),
  contact_name: z.string().max(200).nullable(),
  default_payment_terms: z.number().int().min(0).max(365),
  notes: z.string().max(5000).nullable(),
};

// ---------------------------------------------------------------------------------
// Input rules and limits (docs/hardening.md). Every JSON body passes `checkBodyText`
// before its schema (src/http/route.ts), and the amount limits below are what the
// ledger and the invoice arithmetic can hold exactly as integer öre.

/**
 * Fields whose text may span lines: notes, descriptions, reasons, comments, messages.
 * Only these may hold \n and \t; every other text field is one line.
 */
export const MULTILINE_FIELD = /(^|_)(notes?|description|reason|comments?|message|text)$/;

/**
 * textProblem: why a text is refused, or null when it is acceptable. Refused: C0 control
 * characters (U+0000-U+001F; \n and \t only in multi-line fields), DEL and the C1 controls
 * (U+007F-U+009F), the bidirectional embedding, override and isolate characters
 * (U+202A-U+202E, U+2066-U+2069: they make text display in another order than it is
 * stored, Trojan Source, CVE-2021-42574), and unpaired UTF-16 surrogates (not text;
 * they would be stored as U+FFFD). It lives in src/text.ts so that the bank-file parsers
 * (a lower layer) apply the same rule to the rows a file carries.
 */
export { textProblem };

/**
 * The text rule applied to every string, and every object key, of a parsed JSON body:
 * the first offence as `{ path, message }` (path as zod gives it, e.g. items.2.description),
 * or null. Keys are always single-line; a string is multi-line when its key matches
 * MULTILINE_FIELD (an array element takes its array's key).
 */
export function checkBodyText(
  value: unknown,
  path: (string | number)[] = [],
  key = "",
): { path: string; message: string } | null {
  if (path.length > MAX_JSON_DEPTH)
    return { path: `${path.slice(0, 3).join(".")}.…`, message: `nested deeper than ${MAX_JSON_DEPTH} levels` };
  if (typeof value === "string") {
    const problem = textProblem(value, MULTILINE_FIELD.test(key));
    return problem ? { path: path.join("."), message: problem } : null;
  }
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      const found = checkBodyText(v, [...path, i], key);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      const keyProblem = textProblem(k, false);
      if (keyProblem) return { path: [...path, k].join("."), message: `field name: ${keyProblem}` };
      const found = checkBodyText(v, [...path, k], k);
      if (found) return found;
    }
  }
  return null;
}

/** The rule as the OpenAPI document states it on every route with a JSON body. */
export const INPUT_RULES_NOTE =
  "Input rules: text may not contain control characters (U+0000-U+001F, U+007F-U+009F; `\\n` and `\\t` are allowed " +
  "only in notes, descriptions, reasons, comments and messages), " +
  "bidirectional embedding/override/isolate characters (U+202A-U+202E, U+2066-U+2069) or unpaired surrogates. " +
  `Amounts: at most ${kr(MAX_AMOUNT_KR)} kr each and per entry or invoice total; quantities at most ${kr(MAX_QUANTITY)}. ` +
  "The body must be UTF-8 JSON sent as `Content-Type: application/json`. Any breach is 400 VALIDATION_ERROR naming the field.";

/**
 * The lines of a journal entry: at most MAX_LINES_PER_ENTRY, and the debits (and the
 * credits) together at most MAX_AMOUNT_KR, so every sum the ledger makes is exact.
 */
export function JournalLinesSchema(min: number, max = MAX_LINES_PER_ENTRY) {
  return z
    .array(LineInputSchema)
    .min(min)
    .max(max)
    .superRefine((lines, ctx) => {
      for (const side of ["debit_amount", "credit_amount"] as const) {
        let total = 0;
        for (const l of lines) total += toOre(l[side]) ?? 0;
        if (total > MAX_AMOUNT_ORE)
          ctx.addIssue({
            code: "custom",
            message: `the lines' ${side} together exceed the limit of ${kr(MAX_AMOUNT_KR)} kr per entry`,
          });
      }
    })
    .openapi({
      description: `${min}-${max} lines; the debits (and the credits) together at most ${kr(MAX_AMOUNT_KR)} kr`,
    });
}

/**
 * An invoice's items: each line's amount (quantity x unit price, or amount with its
 * vat_amount) and their sum at most MAX_AMOUNT_KR in absolute value. A refinement for an items array whose
 * elements have `amount`, or `quantity` and `unit_price`.
 */
export function itemsWithinLimits(
  items: { quantity?: number; unit_price?: number; amount?: number; vat_amount?: number }[],
  ctx: z.RefinementCtx,
) {
  let total = 0;
  for (const [i, it] of items.entries()) {
    const line = it.amount !== undefined ? it.amount + (it.vat_amount ?? 0) : (it.quantity ?? 1) * (it.unit_price ?? 0);
    if (Math.abs(line) > MAX_AMOUNT_KR) {
      ctx.addIssue({
        code: "custom",
        path: [i, it.amount !== undefined ? "amount" : "unit_price"],
        message: `the line amount (quantity x unit_price) exceeds the limit of ${kr(MAX_AMOUNT_KR)} kr`,
      });
      return;
    }
    total += line;
  }
  if (Math.abs(total) > MAX_AMOUNT_KR)
    ctx.addIssue({
      code: "custom",
      message: `the items together exceed the limit of ${kr(MAX_AMOUNT_KR)} kr per invoice`,
    });
}

/** POST .../payments/{paymentId}/reverse, for invoices and supplier invoices alike. */
export const PaymentReverseSchema = z
  .object({
    reversal_date: DateSchema.optional().openapi({
      description: "the storno's date, in an open period, not before the payment's date; default today",
    }),
    reason: z.string().trim().min(1).max(500).optional().openapi({
      description: "why the payment is reversed; in the storno's text and the event",
    }),
  })
  .strict()
  .openapi("PaymentReverse");
export type PaymentReverseInput = z.infer<typeof PaymentReverseSchema>;
