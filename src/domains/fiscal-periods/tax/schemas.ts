// The corporate tax's body and stored calculation, and the NE appendix as GET .../ne answers it.
import { z } from "@hono/zod-openapi";
import { PROSE } from "./prose";
import { KronorSchema, PositiveAmountSchema, WholeKronorSchema } from "../../../http/fields";
import { fromOre } from "../../../money";

export const TaxBody = z
  .object({
    periodiseringsfond: z.union([z.boolean(), z.number().int().positive()]).optional().openapi({
      description: PROSE.TaxBodyDescription,
    }),
    statslaneranta: z.number().min(-10).max(25).optional().openapi({
      description: PROSE.TaxBodyDescription2,
    }),
    previous_year_loss: PositiveAmountSchema.optional().openapi({
      description: "kronor: the underskott carried from the year before (IL 40 kap), deducted from the surplus",
    }),
  })
  .strict();

const LineSchema = z.object({
  account_number: z.string(),
  debit: KronorSchema,
  credit: KronorSchema,
  description: z.string().nullable(),
});

export const TaxCalculationSchema = z
  .object({
    id: z.string(),
    fiscal_period_id: z.string(),
    tax_year: z.number().int(),
    book_result_before_tax: KronorSchema.openapi({
      description:
        "classes 3-8 less 89xx, after the bokslutsdispositioner booked and this calculation's fund reversals",
    }),
    adjustments: z.array(
      z.object({
        kind: z.enum(["non_deductible", "tax_free", "schablonintakt", "previous_year_loss"]),
        account_number: z.string().nullable(),
        name: z.string(),
        amount: KronorSchema.openapi({ description: "+ adds to the taxable result, - deducts" }),
      }),
    ),
    funds_at_start: KronorSchema,
    statslaneranta: z.number().nullable(),
    schablonintakt: KronorSchema,
    previous_year_loss: KronorSchema,
    surplus_before_periodiseringsfond: KronorSchema,
    periodiseringsfond: z.object({
      max: KronorSchema,
      amount: KronorSchema,
      account_number: z.string().nullable(),
    }),
    fund_reversals: z.array(
      z.object({ account_number: z.string(), fund_year: z.number().int(), amount: KronorSchema }),
    ),
    taxable_result: KronorSchema,
    taxable_income: KronorSchema.openapi({
      description: "the taxable result rounded down to hundreds (IL 1 kap 6 §); 0 on a loss",
    }),
    tax_rate: z.string(),
    tax: KronorSchema.openapi({ description: "20.6 % of taxable_income in whole kronor, booked 8910 / 2512" }),
    loss_carried_forward: KronorSchema,
    result_after_tax: KronorSchema,
    entry: z
      .object({
        id: z.string(),
        voucher_series: z.string(),
        voucher_number: z.number().int(),
        date: z.string(),
        lines: z.array(LineSchema),
      })
      .nullable(),
    created_at: z.string(),
  })
  .strict();

const AccountAmount = z.object({ account_number: z.string(), amount: KronorSchema });

const NeFigureSchema = z.object({
  field: z.string(),
  label: z.string(),
  amount: KronorSchema,
  whole_kronor: WholeKronorSchema.openapi({ description: "as the form takes it: öre dropped" }),
  accounts: z.array(AccountAmount),
});

export const NeSchema = z
  .object({
    fiscal_period_id: z.string(),
    vat_registered: z.boolean(),
    fields: z.array(NeFigureSchema),
    unmapped: z
      .array(AccountAmount)
      .openapi({ description: "result accounts no R-field takes (88xx-89xx), in R11 only" }),
    adjusted_result: KronorSchema.openapi({
      description: "R12 + R13 - R14: the result before the trader's own deductions",
    }),
    egenavgifter_booked: z.literal(false),
  })
  .strict();

const NE_LABELS: Record<string, string> = {
  R1: "Försäljning och utfört arbete samt övriga momspliktiga intäkter",
  R2: "Momsfria intäkter",
  R3: "Bil- och bostadsförmån m.m.",
  R4: "Ränteintäkter, dividender m.m.",
  R5: "Varor, material och tjänster",
  R6: "Övriga externa kostnader",
  R7: "Anställd personal",
  R8: "Räntekostnader m.m.",
  R9: "Av- och nedskrivningar av byggnader och markanläggningar",
  R10: "Av- och nedskrivningar av maskiner, inventarier och immateriella tillgångar",
  R11: "Bokfört resultat",
  R12: "Bokfört resultat (från R11)",
  R13: "Bokförda kostnader som inte ska dras av",
  R14: "Bokförda intäkter som inte ska tas upp",
  // the balance sheet (src/sweden/ne-balance.ts): the names Dans.se's SRU list gives 7200-7383
  B1: "Immateriella anläggningstillgångar",
  B2: "Byggnader och markanläggningar",
  B3: "Mark och andra tillgångar som inte får skrivas av",
  B4: "Maskiner och inventarier",
  B5: "Övriga anläggningstillgångar",
  B6: "Varulager",
  B7: "Kundfordringar",
  B8: "Övriga fordringar",
  B9: "Kassa och bank",
  B10: "Eget kapital",
  B11: "Obeskattade reserver",
  B12: "Avsättningar",
  B13: "Låneskulder",
  B14: "Skatteskulder",
  B15: "Leverantörsskulder",
  B16: "Övriga skulder",
};

export const figureJson = (field: string, amountOre: number, accounts: { account: string; amountOre: number }[]) => ({
  field,
  label: NE_LABELS[field],
  amount: fromOre(amountOre),
  whole_kronor: Math.trunc(amountOre / 100),
  accounts: accounts.map((a) => ({ account_number: a.account, amount: fromOre(a.amountOre) })),
});
