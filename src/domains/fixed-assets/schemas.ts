// The fixed-asset register's inputs and outputs (zod; the types are inferred from these).
import { z } from "@hono/zod-openapi";
import { PROSE } from "./prose";
import { AccountNumberSchema, AmountSchema, DateSchema, KronorSchema } from "../../http/fields";

export const CATEGORIES = ["inventarier", "datorer", "byggnader", "mark", "immateriella"] as const;
export const CategorySchema = z.enum(CATEGORIES);
export type Category = z.infer<typeof CategorySchema>;

/** "2026-03": a calendar month. */
export const MonthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "a month, YYYY-MM");

export const FixedAssetCreateSchema = z
  .object({
    name: z.string().min(1).max(200),
    category: CategorySchema,
    acquisition_date: DateSchema.optional().openapi({
      description: "required by hand; from a supplier invoice it defaults to the invoice date",
    }),
    acquisition_value: AmountSchema.optional().openapi({
      description: "SEK; required by hand; from a supplier invoice it is the line's net amount in SEK",
    }),
    depreciation_start: MonthSchema.optional().openapi({
      description: "the month taken into use, counted in full; default the acquisition month",
    }),
    useful_life_months: z.number().int().min(1).max(1200).optional().openapi({
      description: "required except for mark (land is not depreciated)",
    }),
    asset_account: AccountNumberSchema.optional(),
    accumulated_account: AccountNumberSchema.optional(),
    cost_account: AccountNumberSchema.optional(),
    supplier_invoice_id: z.string().optional(),
    line_index: z.number().int().min(0).max(199).optional().openapi({
      description: "the supplier invoice's item, counted from 0 in the invoice's items order",
    }),
    book_acquisition: z.boolean().default(false).openapi({
      description: "hand registration only: also book Debit asset account / Credit counter_account",
    }),
    counter_account: AccountNumberSchema.optional(),
    opening_accumulated_depreciation: AmountSchema.optional().openapi({
      description: PROSE.openingAccumulatedDepreciation,
    }),
  })
  .strict()
  .superRefine((b, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    const fromInvoice = b.supplier_invoice_id !== undefined;
    if (fromInvoice !== (b.line_index !== undefined))
      issue(fromInvoice ? "line_index" : "supplier_invoice_id", "give supplier_invoice_id and line_index together");
    if (!fromInvoice) {
      if (b.acquisition_date === undefined) issue("acquisition_date", "required when registering by hand");
      if (b.acquisition_value === undefined) issue("acquisition_value", "required when registering by hand");
    } else {
      if (b.acquisition_value !== undefined) issue("acquisition_value", "comes from the supplier invoice's line");
      if (b.book_acquisition) issue("book_acquisition", "the supplier invoice already booked the acquisition");
    }
    if (b.category !== "mark" && b.useful_life_months === undefined)
      issue("useful_life_months", "required (only mark is not depreciated)");
    if (b.category === "mark" && b.useful_life_months !== undefined)
      issue("useful_life_months", "mark (land) is not depreciated");
    if (b.book_acquisition && b.counter_account === undefined)
      issue("counter_account", "required with book_acquisition");
    if (b.opening_accumulated_depreciation !== undefined) {
      if (fromInvoice) issue("opening_accumulated_depreciation", "an opening asset is registered by hand");
      if (b.book_acquisition)
        issue("book_acquisition", "an opening asset is in the opening balances already: nothing is booked");
      if (b.acquisition_value !== undefined && b.opening_accumulated_depreciation > b.acquisition_value)
        issue("opening_accumulated_depreciation", "must not exceed acquisition_value");
      if (b.category === "mark" && b.opening_accumulated_depreciation !== 0)
        issue("opening_accumulated_depreciation", "mark (land) is not depreciated");
    }
  });
export type FixedAssetCreateInput = z.infer<typeof FixedAssetCreateSchema>;

export const FixedAssetSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    category: CategorySchema,
    acquisition_date: z.string(),
    acquisition_value: KronorSchema,
    depreciation_start: z.string(),
    useful_life_months: z.number().int(),
    monthly_depreciation: KronorSchema.openapi({
      description: "acquisition value / life (the months differ by an öre)",
    }),
    asset_account: z.string(),
    accumulated_account: z.string().nullable(),
    cost_account: z.string().nullable(),
    supplier_invoice_id: z.string().nullable(),
    acquisition_journal_entry_id: z.string().nullable(),
    status: z.enum(["active", "disposed"]),
    disposal_date: z.string().nullable(),
    sale_price: KronorSchema.nullable(),
    disposal_journal_entry_id: z.string().nullable(),
    opening_date: z.string().nullable().openapi({
      description: "an opening asset: the first day of the company's first fiscal year, as of which it was registered",
    }),
    opening_accumulated_depreciation: KronorSchema.openapi({
      description: "an opening asset: the accumulated depreciation the opening balances carry for it; 0 otherwise",
    }),
    created_at: z.string(),
  })
  .openapi("FixedAsset");

export const DepreciationRunCreateSchema = z
  .object({
    period_from: MonthSchema,
    period_to: MonthSchema.optional().openapi({ description: "default period_from (a run of one month)" }),
  })
  .strict()
  .refine((b) => b.period_to === undefined || b.period_to >= b.period_from, {
    path: ["period_to"],
    message: "must not be before period_from",
  });
export type DepreciationRunCreateInput = z.infer<typeof DepreciationRunCreateSchema>;

const EntryLine = z.object({ account_number: z.string(), debit_amount: KronorSchema, credit_amount: KronorSchema });

export const DepreciationRunSchema = z
  .object({
    id: z.string(),
    period_from: z.string(),
    period_to: z.string(),
    entry_date: z.string(),
    total: KronorSchema,
    journal_entry_id: z.string().nullable(),
    voucher_number: z.string().nullable(),
    assets: z.array(z.object({ asset_id: z.string(), name: z.string(), amount: KronorSchema })),
    lines: z.array(EntryLine).openapi({ description: "the entry's lines (what a dry run shows)" }),
  })
  .openapi("DepreciationRun");

export const DisposeSchema = z
  .object({
    date: DateSchema,
    sale_price: AmountSchema.openapi({ description: "SEK excluding VAT; 0 = scrapped" }),
    settlement_account: AccountNumberSchema.optional().openapi({
      description: "where the price is received (1930, 1510); required when sale_price is above 0",
    }),
  })
  .strict()
  .refine((b) => b.sale_price === 0 || b.settlement_account !== undefined, {
    path: ["settlement_account"],
    message: "required when sale_price is above 0",
  });
export type DisposeInput = z.infer<typeof DisposeSchema>;

export const DisposalSchema = z
  .object({
    asset: FixedAssetSchema,
    depreciation_to_disposal: KronorSchema,
    accumulated_depreciation: KronorSchema,
    book_value: KronorSchema,
    gain_or_loss: KronorSchema.openapi({ description: "sale price − book value: above 0 a gain, below 0 a loss" }),
    journal_entry_id: z.string(),
    voucher_number: z.string(),
    lines: z.array(EntryLine),
  })
  .openapi("FixedAssetDisposal");

export const RegisterQuery = z.object({ as_of: DateSchema }).strict();

const Movement = {
  opening_value: KronorSchema,
  additions: KronorSchema,
  disposals: KronorSchema,
  depreciation: KronorSchema,
  closing_value: KronorSchema,
};

export const RegisterSchema = z
  .object({
    as_of: z.string(),
    fiscal_period_id: z.string(),
    period_start: z.string(),
    assets: z.array(z.object({ asset_id: z.string(), name: z.string(), category: CategorySchema, ...Movement })),
    accounts: z.array(
      z.object({
        account_number: z.string(),
        kind: z.enum(["asset", "accumulated_depreciation"]),
        register_balance: KronorSchema.openapi({ description: "debit positive, as the ledger's balance" }),
        ledger_balance: KronorSchema,
        difference: KronorSchema,
      }),
    ),
    totals: z.object(Movement),
    matches_ledger: z.boolean(),
  })
  .openapi("FixedAssetRegister");

export const TaxDepreciationCreateSchema = z
  .object({
    fiscal_period_id: z.string(),
    opening_tax_value: AmountSchema.optional().openapi({
      description: PROSE.openingTaxValue,
    }),
    rule: z
      .enum(["30", "20"])
      .optional()
      .openapi({ description: "default the rule that allows the larger depreciation" }),
    amount: AmountSchema.optional().openapi({ description: "the year's tax depreciation; default the rule's maximum" }),
  })
  .strict();
export type TaxDepreciationCreateInput = z.infer<typeof TaxDepreciationCreateSchema>;

const RuleFigures = z.object({ minimum_closing_value: KronorSchema, maximum_depreciation: KronorSchema });

export const TaxDepreciationSchema = z
  .object({
    id: z.string(),
    fiscal_period_id: z.string(),
    opening_tax_value: KronorSchema,
    additions: KronorSchema,
    sale_proceeds: KronorSchema,
    base: KronorSchema.openapi({ description: "opening tax value + additions − sale proceeds" }),
    rule_30: RuleFigures,
    rule_20: RuleFigures,
    chosen_rule: z.enum(["30", "20"]),
    tax_depreciation: KronorSchema,
    plan_depreciation: KronorSchema.openapi({ description: "what the plan booked on the inventarier in the year" }),
    over_depreciation_change: KronorSchema.openapi({
      description: "tax − plan: above 0 booked Debit 8853 / Credit 2153, below 0 the reverse",
    }),
    closing_tax_value: KronorSchema,
    journal_entry_id: z.string().nullable(),
    voucher_number: z.string().nullable(),
    lines: z.array(EntryLine),
  })
  .openapi("TaxDepreciation");
