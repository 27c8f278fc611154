// The shapes of the report questions (query parameters) and answers, for the OpenAPI
// document. Strict objects: unknown parameters are refused, and the report tests parse
// every answer with these, so the document cannot drift from what the API sends.
import { z } from "@hono/zod-openapi";
import { DateSchema } from "../../http/fields";
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

const amount = z.number().openapi({ description: "kronor" });

export const PeriodRefSchema = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    period_start: z.string(),
    period_end: z.string(),
    is_closed: z.boolean(),
    locked_at: z.string().nullable(),
  })
  .openapi("ReportPeriod");

export const TrialBalanceSchema = z
  .strictObject({
    period: PeriodRefSchema,
    to_date: z.string(),
    accounts: z.array(
      z.strictObject({
        account_number: z.string(),
        name: z.string().nullable(),
        type: z.string().nullable(),
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

const SectionSchema = z
  .strictObject({
    key: z.string(),
    name: z.string(),
    accounts: z.array(z.strictObject({ account_number: z.string(), name: z.string().nullable(), amount })),
    total: amount,
  })
  .openapi("ReportSection");

export const BalanceSheetSchema = z
  .strictObject({
    period: PeriodRefSchema,
    as_of: z.string(),
    is_preliminary: z.boolean(),
    sections: z.strictObject({ assets: z.array(SectionSchema), equity_and_liabilities: z.array(SectionSchema) }),
    result_for_period: amount.openapi({ description: "the result not yet closed, shown in equity" }),
    totals: z.strictObject({ assets: amount, equity_and_liabilities: amount, difference: amount }),
  })
  .openapi("BalanceSheet");

export const IncomeStatementSchema = z
  .strictObject({
    period: PeriodRefSchema,
    from_date: z.string(),
    to_date: z.string(),
    is_preliminary: z.boolean(),
    sections: z.array(SectionSchema).openapi({ description: "revenue positive, costs negative" }),
    grossMargin: amount,
    operatingResult: amount,
    resultAfterFinancialItems: amount,
    netResult: amount,
  })
  .openapi("IncomeStatement");

export const GeneralLedgerSchema = z
  .strictObject({
    period: PeriodRefSchema,
    account_from: z.string(),
    account_to: z.string(),
    accounts: z.array(
      z.strictObject({
        account_number: z.string(),
        name: z.string().nullable(),
        opening_balance: amount,
        lines: z.array(
          z.strictObject({
            journal_entry_id: z.string(),
            voucher: z.string().openapi({ description: "series and number, e.g. A12" }),
            entry_date: z.string(),
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
      z.strictObject({ account_number: z.string(), prior_closing: amount, opening: amount, difference: amount }),
    ),
  })
  .openapi("ContinuityCheck");

export const VatDeclarationSchema = z
  .strictObject({
    from_date: z.string(),
    to_date: z.string(),
    period: PeriodRefSchema.nullable(),
    boxes: z
      .record(
        z.string(),
        z.strictObject({ amount: z.number().openapi({ description: "whole kronor" }), label: z.string() }),
      )
      .openapi({ description: 'the SKV 4700 boxes "05" to "62" and "49"' }),
    to_pay: z.number(),
    to_reclaim: z.number(),
  })
  .openapi("VatDeclaration");

export const MonthlyBreakdownSchema = z
  .strictObject({
    period: PeriodRefSchema,
    months: z.array(
      z.strictObject({
        month: z.string().openapi({ description: "YYYY-MM" }),
        revenue: amount,
        costs: amount,
        result: amount,
      }),
    ),
    total: z.strictObject({ revenue: amount, result: amount }),
  })
  .openapi("MonthlyBreakdown");

const BucketsSchema = z
  .strictObject({ "0-30": amount, "31-60": amount, "61-90": amount, "90+": amount })
  .openapi("AgingBuckets");

const OpenItemSchema = z.strictObject({
  id: z.string(),
  number: z.string().openapi({ description: "the invoice number, or the supplier's invoice number" }),
  invoice_date: z.string(),
  due_date: z.string(),
  status: z.string(),
  days_past_due: z.number(),
  bucket: z.enum(["0-30", "31-60", "61-90", "90+"]),
  currency: z.string(),
  total: z.number(),
  remaining_amount: z.number().openapi({ description: "in the invoice currency" }),
  remaining_sek: amount,
});

const agingTotals = z.strictObject({
  buckets: BucketsSchema,
  not_yet_due: amount,
  total: amount,
  invoice_count: z.number(),
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
    as_of_date: z.string(),
    currency: z.literal("SEK"),
    buckets: z.array(z.string()),
    customers: partyRows("customer"),
    totals: agingTotals,
  })
  .openapi("ArLedger");

export const SupplierLedgerSchema = z
  .strictObject({
    as_of_date: z.string(),
    currency: z.literal("SEK"),
    buckets: z.array(z.string()),
    suppliers: partyRows("supplier"),
    totals: agingTotals,
  })
  .openapi("SupplierLedger");
