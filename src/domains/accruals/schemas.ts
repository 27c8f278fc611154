// The accruals' input and output (zod; the types are inferred from these).
import { z } from "@hono/zod-openapi";
import { PROSE } from "./prose";
import { AccountNumberSchema, DateSchema, KronorSchema, PositiveAmountSchema } from "../../http/fields";
import { accrualSide, isMonthEnd, isResultAccount } from "../../sweden/accruals";

/** A spread may run at most ten years: longer is a fixed asset's depreciation, not an accrual. */
export const MAX_SPREAD_MONTHS = 120;

const MonthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "a month, YYYY-MM");

export const AccrualCreateSchema = z
  .object({
    kind: z.enum(["spread", "period_end"]).openapi({
      description: PROSE.kindField,
    }),
    description: z.string().trim().min(1).max(200),
    balance_account: AccountNumberSchema.openapi({
      description: PROSE.balanceAccountField,
    }),
    result_account: AccountNumberSchema.openapi({ description: "the revenue or expense account, class 3-8" }),
    amount: PositiveAmountSchema,
    start_month: MonthSchema.optional().openapi({ description: "spread: the first month released (YYYY-MM)" }),
    months: z.number().int().min(1).max(MAX_SPREAD_MONTHS).optional().openapi({ description: "spread: 1-120" }),
    period_end: DateSchema.optional().openapi({ description: "period_end: the last day of a month" }),
  })
  .strict()
  .superRefine((b, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (accrualSide(b.balance_account) === null)
      issue(
        "balance_account",
        "an accrual account: 1700-1799 or 2900-2999 (payroll's 2920-2929 and 2940-2959 excluded)",
      );
    if (!isResultAccount(b.result_account)) issue("result_account", "a revenue or expense account (class 3-8)");
    if (b.kind === "spread") {
      if (b.start_month === undefined) issue("start_month", "required for kind spread");
      if (b.months === undefined) issue("months", "required for kind spread");
      if (b.period_end !== undefined) issue("period_end", "only for kind period_end");
    } else {
      if (b.period_end === undefined) issue("period_end", "required for kind period_end");
      else if (!isMonthEnd(b.period_end)) issue("period_end", "the last day of a month");
      if (b.start_month !== undefined) issue("start_month", "only for kind spread");
      if (b.months !== undefined) issue("months", "only for kind spread");
    }
  });
export type AccrualCreateInput = z.infer<typeof AccrualCreateSchema>;

export const AccrualCancelSchema = z
  .object({
    date: DateSchema.optional().openapi({
      description: "the day the accrual stops (default today UTC): what is still open is released on it",
    }),
  })
  .strict();
export type AccrualCancelInput = z.infer<typeof AccrualCancelSchema> & { id: string };

export const AccrualListQuery = z.object({
  as_of: DateSchema.optional().openapi({ description: "the date the open amounts are read at (default today UTC)" }),
});

const MovementSchema = z.object({
  date: DateSchema,
  role: z.enum(["accrual", "release", "reversal", "release_reversal", "cancel_release"]),
  amount: KronorSchema.openapi({ description: "the change of the open amount: positive when it grows" }),
  journal_entry_id: z.string(),
  voucher_number: z.string().nullable(),
});

export const AccrualSchema = z.object({
  id: z.string(),
  kind: z.enum(["spread", "period_end"]),
  side: z.enum(["asset", "liability"]),
  description: z.string(),
  balance_account: z.string(),
  result_account: z.string(),
  amount: KronorSchema,
  start_month: z.string().nullable(),
  months: z.number().int().nullable(),
  period_end: z.string().nullable(),
  status: z.enum(["active", "cancelled"]),
  cancelled_on: z.string().nullable(),
  open_amount: KronorSchema.openapi({ description: "what is open at as_of (today on a create or a read)" }),
  as_of: DateSchema,
  movements: z.array(MovementSchema),
  created_at: z.string(),
});

export const AccrualListSchema = z.object({
  as_of: DateSchema,
  accruals: z.array(AccrualSchema).openapi({ description: "the accruals open at as_of (open_amount not zero)" }),
  accounts: z.array(
    z.object({
      account_number: z.string(),
      side: z.enum(["asset", "liability"]),
      open_amount: KronorSchema.openapi({ description: "the sum of the accruals' open amounts on the account" }),
      ledger_balance: KronorSchema.openapi({
        description: PROSE.ledgerBalanceField,
      }),
      matches_ledger: z.boolean(),
    }),
  ),
  open_total: KronorSchema,
});
