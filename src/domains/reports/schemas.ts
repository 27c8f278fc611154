// The shapes of the report questions (query parameters) and answers, for the OpenAPI
// document. Strict objects: unknown parameters are refused, and the report tests parse
// every answer with these, so the document cannot drift from what the API sends.
import { z } from "@hono/zod-openapi";
import { AccountNumberSchema, CurrencySchema, DateSchema, KronorSchema, WholeKronorSchema } from "../../http/fields";
import { AGING_BUCKETS } from "../../sweden/invoicing";
import { BALANCE_ASSETS, BALANCE_EQUITY_LIABILITIES, INCOME_SECTIONS } from "../../sweden/report-layout";
import { BOX_NAMES } from "../../sweden/vat-declaration";
import { AccountTypeSchema } from "../accounts";
import { EntrySchema } from "../journal-entries";

const PeriodId = z.string().min(1).openapi({ description: "fiscal period id" });
const AccountNumber = z.string().regex(/^\d{4}$/);

export const PeriodQuery = z.object({ period_id: PeriodId }).strict();
export const TrialBalanceQuery = z.object({ period_id: PeriodId, to_date: DateSchema.optional() }).strict();
export const LedgerQuery = z.object({ as_of_date: DateSchema.optional() }).strict();
export const BalanceSheetQuery = z
  .object({ period_id: PeriodId, as_of: DateSchema.optional(), to_date: DateSchema.optional() })
  .strict()
  .refine((q) => !(q.as_of && q.to_date), { message: "give as_of or to_date, not both", path: ["as_of"] });
export const IncomeStatementQuery = z
  .object({ period_id: PeriodId, from_date: DateSchema.optional(), to_date: DateSchema.optional() })
  .strict();
export const IncomeStatementBudgetQuery = z
  .object({
    ...IncomeStatementQuery.shape,
    budget_id: z
      .string()
      .min(1)
      .optional()
      .openapi({ description: "a budget of the period (404 BUDGET_NOT_FOUND otherwise): answers budget_comparison" }),
  })
  .strict();
export const SieExportQuery = z
  .object({
    period_id: PeriodId,
    budget_id: z.string().min(1).optional().openapi({ description: "the budget written as #PBUDGET" }),
  })
  .strict();
export const GeneralLedgerQuery = z
  .object({
    period_id: PeriodId,
    account_from: AccountNumber.optional(),
    account_to: AccountNumber.optional(),
    limit: z.coerce.number().int().min(1).max(10_000).optional(),
    cursor: z.string().optional(),
  })
  .strict();
export const JournalRegisterQuery = z
  .object({
    period_id: PeriodId,
    cursor: z.string().optional(),
    limit: z.coerce.number().int().min(1).max(1000).default(200),
  })
  .strict();
export const VatDeclarationQuery = z
  .object({ period_id: PeriodId.optional(), from_date: DateSchema.optional(), to_date: DateSchema.optional() })
  .strict();

// The answers. Amounts are kronor with at most two decimals (öre), as JSON numbers, like
// every amount of the API; they may be negative (a balance on the other side, a loss) and
// are not capped (a total may exceed any single line's limit). Dates are YYYY-MM-DD.

/** Kronor with at most two decimals, any sign. */
const amount = KronorSchema;
/** The VAT declaration's amounts: whole kronor, öre dropped as SKV 4700 asks. */
const wholeKronor = WholeKronorSchema;
const count = z.number().int().nonnegative();
/** An account of the chart; the balance sheet's "Årets resultat (ej bokslutat)" row has "". */
const SectionAccountNumber = z.union([AccountNumberSchema, z.literal("")]).openapi({
  description: 'a BAS account number; "" on the balance sheet\'s row of the result not yet closed',
});
const sectionKeys = (sections: readonly { key: string }[]) =>
  z.enum(sections.map((s) => s.key) as [string, ...string[]]);

export const PeriodRefSchema = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    period_start: DateSchema,
    period_end: DateSchema,
    is_closed: z.boolean(),
    locked_at: z.string().nullable().openapi({ description: "ISO 8601 time the period was locked, null if open" }),
  })
  .openapi("ReportPeriod");

export const TrialBalanceSchema = z
  .strictObject({
    period: PeriodRefSchema,
    to_date: DateSchema,
    accounts: z.array(
      z.strictObject({
        account_number: AccountNumberSchema,
        name: z.string().nullable().openapi({ description: "null: the account is not in the company's chart" }),
        type: AccountTypeSchema.nullable(),
        opening_balance: amount,
        debit: amount,
        credit: amount,
        closing_balance: amount.openapi({ description: "debit positive" }),
      }),
    ),
    totals: z.strictObject({ opening_balance: amount, debit: amount, credit: amount, closing_balance: amount }),
    balanced: z.boolean(),
  })
  .openapi("TrialBalance");

/** A heading of a statement with its accounts; `keys` are the headings that statement has. */
const sectionSchema = (keys: z.ZodEnum) =>
  z.strictObject({
    key: keys,
    name: z.string(),
    accounts: z.array(z.strictObject({ account_number: SectionAccountNumber, name: z.string().nullable(), amount })),
    total: amount,
  });
const BalanceSectionSchema = sectionSchema(sectionKeys([...BALANCE_ASSETS, ...BALANCE_EQUITY_LIABILITIES])).openapi(
  "BalanceSheetSection",
);
const IncomeSectionSchema = sectionSchema(sectionKeys(INCOME_SECTIONS)).openapi("IncomeStatementSection");

const PRIOR_NOTE =
  "the previous fiscal year's statement at the corresponding dates (ÅRL 3 kap. 5 §), null for a company's first year";

const balanceSheetFields = {
  period: PeriodRefSchema,
  as_of: DateSchema,
  is_preliminary: z.boolean(),
  sections: z.strictObject({
    assets: z.array(BalanceSectionSchema),
    equity_and_liabilities: z.array(BalanceSectionSchema),
  }),
  result_for_period: amount.openapi({ description: "the result not yet closed, shown in equity" }),
  totals: z.strictObject({ assets: amount, equity_and_liabilities: amount, difference: amount }),
};
export const BalanceSheetSchema = z
  .strictObject({
    ...balanceSheetFields,
    prior_year: z.strictObject(balanceSheetFields).nullable().openapi({ description: PRIOR_NOTE }),
  })
  .openapi("BalanceSheet");

/** Outcome, budget and difference (outcome less budget) of one row of a statement. */
const Comparison = z.strictObject({ outcome: amount, budget: amount, difference: amount });
export const BudgetRefSchema = z.strictObject({ id: z.string(), name: z.string() }).openapi("BudgetRef");

/** The income statement set against a budget (income-statement with budget_id). */
const BudgetComparisonSchema = z
  .strictObject({
    budget: BudgetRefSchema,
    sections: z.array(
      z.strictObject({
        key: sectionKeys(INCOME_SECTIONS),
        name: z.string(),
        accounts: z.array(
          z.strictObject({ account_number: AccountNumberSchema, name: z.string().nullable(), ...Comparison.shape }),
        ),
        ...Comparison.shape,
      }),
    ),
    gross_margin: Comparison,
    operating_result: Comparison,
    result_after_financial_items: Comparison,
    net_result: Comparison,
  })
  .openapi("IncomeStatementBudget");

const incomeStatementFields = {
  period: PeriodRefSchema,
  from_date: DateSchema,
  to_date: DateSchema,
  is_preliminary: z.boolean(),
  sections: z.array(IncomeSectionSchema).openapi({ description: "revenue positive, costs negative" }),
  grossMargin: amount,
  operatingResult: amount,
  resultAfterFinancialItems: amount,
  netResult: amount,
};
export const IncomeStatementSchema = z
  .strictObject({
    ...incomeStatementFields,
    prior_year: z.strictObject(incomeStatementFields).nullable().openapi({ description: PRIOR_NOTE }),
    budget_comparison: BudgetComparisonSchema.optional().openapi({
      description: "with budget_id: each row's outcome, budget and difference (outcome less budget); revenue positive",
    }),
  })
  .openapi("IncomeStatement");

export const GeneralLedgerSchema = z
  .strictObject({
    period: PeriodRefSchema,
    account_from: AccountNumber,
    account_to: AccountNumber,
    accounts: z.array(
      z.strictObject({
        account_number: AccountNumberSchema,
        name: z.string().nullable(),
        opening_balance: amount,
        lines: z.array(
          z.strictObject({
            journal_entry_id: z.string(),
            voucher: z
              .string()
              .regex(/^[A-Z]\d+$/)
              .openapi({ description: "series and number, e.g. A12" }),
            entry_date: DateSchema,
            description: z.string(),
            debit: amount,
            credit: amount,
            balance: amount.openapi({ description: "running balance after the line" }),
          }),
        ),
        closing_balance: amount.openapi({ description: "the account's closing balance for the period" }),
        continues: z
          .boolean()
          .optional()
          .openapi({ description: "paged answers: the account's lines go on in the next page" }),
      }),
    ),
  })
  .openapi("GeneralLedger");

export const JournalRegisterSchema = z
  .strictObject({ period: PeriodRefSchema, entries: z.array(EntrySchema) })
  .openapi("JournalRegister");

export const ContinuityCheckSchema = z
  .strictObject({
    period: PeriodRefSchema,
    prior_period: PeriodRefSchema.nullable(),
    is_continuous: z.boolean(),
    discrepancies: z.array(
      z.strictObject({
        account_number: AccountNumberSchema,
        prior_closing: amount,
        opening: amount,
        difference: amount.openapi({ description: "opening minus prior_closing" }),
      }),
    ),
  })
  .openapi("ContinuityCheck");

const VatBoxSchema = z.strictObject({ amount: wholeKronor, label: z.string() }).openapi("VatDeclarationBox");
/** Every SKV 4700 box, always all of them (0 when nothing was booked). */
const VatBoxesSchema = z
  .strictObject(
    Object.fromEntries(Object.keys(BOX_NAMES).map((box) => [box, VatBoxSchema])) as Record<
      keyof typeof BOX_NAMES,
      typeof VatBoxSchema
    >,
  )
  .openapi({ description: 'the SKV 4700 boxes "05" to "62" and "49", by box number' });

export const VatDeclarationSchema = z
  .strictObject({
    from_date: DateSchema,
    to_date: DateSchema,
    period: PeriodRefSchema.nullable(),
    boxes: VatBoxesSchema,
    to_pay: wholeKronor.nonnegative().openapi({ description: "box 49 when positive, else 0" }),
    to_reclaim: wholeKronor.nonnegative().openapi({ description: "minus box 49 when negative, else 0" }),
  })
  .openapi("VatDeclaration");

export const MonthlyBreakdownSchema = z
  .strictObject({
    period: PeriodRefSchema,
    months: z.array(
      z.strictObject({
        month: z
          .string()
          .regex(/^\d{4}-\d{2}$/)
          .openapi({ description: "YYYY-MM" }),
        revenue: amount,
        costs: amount,
        result: amount,
      }),
    ),
    total: z.strictObject({ revenue: amount, result: amount }),
  })
  .openapi("MonthlyBreakdown");

const BucketSchema = z.enum(AGING_BUCKETS).openapi({ description: "days past due" });
const BucketsSchema = z
  .strictObject({ "0-30": amount, "31-60": amount, "61-90": amount, "90+": amount })
  .openapi("AgingBuckets");

const OpenItemSchema = z.strictObject({
  id: z.string(),
  number: z.string().openapi({ description: "the invoice number, or the supplier's invoice number" }),
  invoice_date: DateSchema,
  due_date: DateSchema,
  status: z
    .string()
    .openapi({ description: "the invoice's status now (not at as_of_date), e.g. sent, overdue, partially_paid" }),
  days_past_due: count.openapi({ description: "0 when not yet due" }),
  bucket: BucketSchema,
  currency: CurrencySchema,
  total: amount.openapi({ description: "the invoice total, in the invoice currency" }),
  remaining_amount: amount.openapi({ description: "still owed at as_of_date, in the invoice currency" }),
  remaining_sek: amount.openapi({ description: "remaining_amount in SEK at the invoice's booked rate" }),
});

const agingTotals = z.strictObject({
  buckets: BucketsSchema,
  not_yet_due: amount,
  total: amount,
  invoice_count: count,
});
const partyRows = (party: "customer" | "supplier") =>
  z.array(
    z.strictObject({
      [`${party}_id`]: z.string(),
      [`${party}_name`]: z.string(),
      buckets: BucketsSchema,
      not_yet_due: amount,
      total: amount,
      invoices: z.array(OpenItemSchema),
    }),
  );

export const ArLedgerSchema = z
  .strictObject({
    as_of_date: DateSchema,
    currency: z.literal("SEK"),
    buckets: z.array(BucketSchema).openapi({ description: "the bucket names, in order" }),
    customers: partyRows("customer"),
    totals: agingTotals,
  })
  .openapi("ArLedger");

export const SupplierLedgerSchema = z
  .strictObject({
    as_of_date: DateSchema,
    currency: z.literal("SEK"),
    buckets: z.array(BucketSchema).openapi({ description: "the bucket names, in order" }),
    suppliers: partyRows("supplier"),
    totals: agingTotals,
  })
  .openapi("SupplierLedger");

// The EU sales list (periodisk sammanställning, SKV 5740).

const EuSalesPeriodParam = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2]|Q[1-4])$/, "a calendar month YYYY-MM or a calendar quarter YYYY-Qn")
  .openapi({ description: "a calendar month (2026-03) or a calendar quarter (2026-Q1)", example: "2026-03" });

export const EuSalesListQuery = z.object({ period: EuSalesPeriodParam }).strict();

export const EuSalesListFileQuery = z
  .object({
    period: EuSalesPeriodParam,
    contact_name: z.string().optional().openapi({
      description: "the person responsible for the list (at most 35 characters); default the company's payroll contact",
    }),
    contact_phone: z.string().optional().openapi({
      description: "their phone: digits with a hyphen after the area code (08-123456), or + and digits; at most 17",
    }),
    contact_email: z.string().optional().openapi({ description: "their e-mail (optional on the file)" }),
  })
  .strict();

/** A list column's whole kronor; null when the buyer had no sale of that kind in the period. */
const listAmount = z.number().int().nullable().openapi({ description: "whole kronor; null: no sale of this kind" });

const EuSalesRowSchema = z
  .strictObject({
    buyer_vat_number: z.string().openapi({ description: "with its country prefix, upper case, no spaces" }),
    country: z.string().length(2),
    goods_amount: listAmount.openapi({ description: "box 35: goods to a business in another EU country" }),
    triangulation_amount: listAmount.openapi({ description: "box 38: the intermediary's sale in triangulation" }),
    services_amount: listAmount.openapi({ description: "box 39: services under the main rule, reverse charge" }),
    invoice_ids: z
      .array(z.string())
      .openapi({ description: "the invoices and credit notes of the period for this buyer" }),
  })
  .openapi("EuSalesListRow");

const ListColumnsSchema = z.strictObject({
  goods_amount: wholeKronor,
  triangulation_amount: wholeKronor,
  services_amount: wholeKronor,
});

export const EuSalesListSchema = z
  .strictObject({
    period: z.string(),
    period_kind: z.enum(["month", "quarter"]),
    period_code: z.string().openapi({ description: "the file's period code: YYMM or YY-Q" }),
    from_date: DateSchema,
    to_date: DateSchema,
    reporter_vat_number: z.string().nullable(),
    rows: z.array(EuSalesRowSchema),
    totals: ListColumnsSchema,
    declaration_boxes: z
      .strictObject({ "35": wholeKronor, "38": wholeKronor, "39": wholeKronor })
      .openapi({ description: "momsdeklaration boxes 35, 38 and 39 of the same dates (reports/vat-declaration)" }),
    matches_declaration: z.boolean().openapi({ description: "totals equal boxes 35, 38 and 39" }),
    unattributed: z
      .array(
        z.strictObject({
          journal_entry_id: z.string(),
          box: z.enum(["35", "38", "39"]),
          amount: amount.openapi({ description: "kronor, credit minus debit" }),
        }),
      )
      .openapi({ description: "postings on the boxes' accounts that no invoice booked: in the boxes, in no row" }),
  })
  .openapi("EuSalesList");
