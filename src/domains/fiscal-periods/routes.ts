import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { database } from "../../db/client";
import type { AppEnv } from "../../http/context";
import { dispatch } from "../../http/dispatch";
import { json } from "../../http/envelope";
import { CurrencySchema, DateSchema, VoucherSeriesSchema } from "../../http/fields";
import { decimalString } from "../../sweden/invoicing";
import Big from "big.js";
import { CompanyParams, CompanyItemParams } from "../../http/params";
import { defineRoute, type HandlerContext } from "../../http/route";
import { OperationSchema } from "../operations";
import { lockDatesOf, listPeriods, periodJson } from "./service";
import { registerSruRoutes, type SruCompanyOf } from "./sru-routes";
import { registerTaxRoutes } from "./tax-routes";

const TAG = "Fiscal periods";
const BASE = "/api/v1/companies/{companyId}/fiscal-periods";

export const FiscalPeriodSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    period_start: z.string(),
    period_end: z.string(),
    is_closed: z.boolean(),
    closed_at: z.string().nullable(),
    locked_at: z.string().nullable(),
    previous_period_id: z.string().nullable(),
    closing_entry_id: z.string().nullable(),
    lock_date: z.string().nullable().openapi({
      description:
        "entries dated on or before it are refused (PERIOD_LOCKED); the period's end when it is locked as a whole or closed",
    }),
    closed_externally: z.boolean().openapi({
      description:
        "closed as a year whose year-end was made in another program (POST .../close with closed_externally); only such a year can be reopened",
    }),
    reopened_at: z.string().nullable().openapi({ description: "when a year closed elsewhere was last reopened" }),
    reopen_reason: z.string().nullable().openapi({ description: "the reason given when it was reopened" }),
    created_at: z.string(),
  })
  .openapi("FiscalPeriod");
const CloseBody = z
  .object({
    closed_externally: z
      .boolean()
      .optional()
      .openapi({
        description:
          "true: the year's year-end was made in another program and its closing entry is in the books (imported); the period must be locked, without a closing entry made here, " +
          "and its result booked on 8990-8999 (YEAR_END_NOT_RUN otherwise)",
      }),
  })
  .strict();
const ReopenBody = z.object({ reason: z.string().trim().min(1).max(500) }).strict();
const LockBody = z
  .object({
    lock_date: DateSchema.optional().openapi({
      description:
        "lock up to and including this date only; omitted (or on or after the period's end) locks the whole period",
    }),
  })
  .strict();
const LockResult = z.object({
  id: z.string(),
  locked_at: z.string().nullable(),
  is_closed: z.boolean(),
  lock_date: z.string().nullable(),
});
const CloseResult = z.object({
  id: z.string(),
  is_closed: z.boolean(),
  closed_at: z.string().nullable(),
  closed_externally: z.boolean(),
});
/** SEK per one unit, as a JSON number or a decimal string: above 0, below 100 000, at most six decimals. */
const ClosingRateSchema = z
  .union([z.number(), z.string().regex(/^\d{1,5}(\.\d{1,6})?$/, 'a decimal string such as "11.4520"')])
  .transform((v, ctx) => {
    const rate = typeof v === "number" ? decimalString(v, 6) : new Big(v).toString();
    if (rate === null || !(Number(rate) > 0) || Number(rate) >= 100_000) {
      ctx.addIssue({ code: "custom", message: "SEK per unit: above 0, below 100000, at most six decimals" });
      return z.NEVER;
    }
    return rate;
  });
const ClosingRatesSchema = z
  .record(
    CurrencySchema.refine((c) => c !== "SEK", "SEK needs no closing rate"),
    ClosingRateSchema,
  )
  .refine((r) => Object.keys(r).length <= 50, "at most 50 currencies")
  .optional()
  .openapi({
    description:
      'closing rates by currency (SEK per unit, e.g. {"EUR": "11.4520"}), used instead of the Riksbank\'s for those currencies; the rest are looked up',
  });
const RevaluationBody = z
  .object({
    as_of_date: DateSchema.optional().openapi({ description: "default: the period's end" }),
    closing_rates: ClosingRatesSchema,
  })
  .strict();
const YearEndBody = z.object({ closing_rates: ClosingRatesSchema }).strict();
const OpeningBody = z.object({ next_period_id: z.string().min(1) }).strict();
const OpeningResult = z.object({
  opening_entry_id: z.string(),
  voucher_series: z.string(),
  voucher_number: z.number().int(),
  next_period_id: z.string(),
  carry_forward_entry_id: z.string().nullable(),
  carry_forward_voucher_number: z.number().int().nullable(),
  cash_method_reversal_entry_id: z.string().nullable().openapi({
    description:
      "always null: the cash method's year-end entry of unpaid invoices (bokslutsmetoden) is no longer reversed in the next year; its payments settle 1510 / 2440 (docs/fiscal-year.md)",
  }),
});
const GapBody = z
  .object({
    fiscal_period_id: z.string().min(1),
    voucher_series: VoucherSeriesSchema,
    gap_start: z.number().int().min(1),
    gap_end: z.number().int().min(1),
    explanation: z.string().trim().min(1).max(2000),
  })
  .strict();
const GapResult = z.object({
  id: z.string(),
  fiscal_period_id: z.string(),
  voucher_series: z.string(),
  gap_start: z.number(),
  gap_end: z.number(),
  explanation: z.string(),
  created_at: z.string(),
});
const write = { scope: "bookkeeping:write", company: true, write: true, idempotency: "required", tag: TAG } as const;

const listFiscalPeriodsRoute = defineRoute({
  method: "get",
  path: BASE,
  tag: TAG,
  summary: "List fiscal periods, newest first",
  scope: "reports:read",
  company: true,
  params: CompanyParams,
  response: z.object({ fiscal_periods: z.array(FiscalPeriodSchema) }),
});

async function listFiscalPeriods(c: HandlerContext<typeof listFiscalPeriodsRoute>) {
  const db = database(c.env);
  const companyId = c.get("company").id;
  const [periods, lockDates] = await Promise.all([listPeriods(db, companyId), lockDatesOf(db, companyId)]);
  return json(c, { fiscal_periods: periods.map((p) => periodJson(p, lockDates.get(p.id) ?? null)) });
}

const openNextYearRoute = defineRoute({
  ...write,
  dryRun: true,
  method: "post",
  path: BASE,
  summary: "Open the next fiscal year",
  description: "Creates the twelve-month year that follows the latest period, chained by previous_period_id. No body.",
  params: CompanyParams,
  response: FiscalPeriodSchema,
  status: 201,
});

async function openNextYear(c: HandlerContext<typeof openNextYearRoute>) {
  return dispatch(c, "fiscal_periods.create_next", {});
}

const lockPeriodRoute = defineRoute({
  ...write,
  method: "post",
  path: `${BASE}/{id}/lock`,
  summary: "Lock a period, or lock it up to a date",
  description:
    "Without a body the whole period is locked: no entry may be dated in it until unlocked. With lock_date inside the period only entries dated on or before it are refused " +
    "(PERIOD_LOCKED with details.fiscal_period_id and details.lock_date), so a filed VAT quarter is frozen while the next is booked; the lock date only moves forward. " +
    "Refused with PERIOD_LOCK_HAS_DRAFTS (details.draft_count) while drafts exist in what would be locked; PERIOD_LOCK_ALREADY_LOCKED when closed, or when a lock_date asks for no more than is locked. Locking the whole of a period already locked as a whole (the return of its last VAT period locks it so) answers 200 with the period as it is and writes nothing.",
  params: CompanyItemParams,
  body: LockBody,
  bodyRequired: false,
  response: LockResult,
});

async function lockPeriod(c: HandlerContext<typeof lockPeriodRoute>) {
  return dispatch(c, "fiscal_periods.lock", { ...(c.req.valid("json") ?? {}), id: c.req.valid("param").id });
}

const unlockPeriodRoute = defineRoute({
  ...write,
  method: "post",
  path: `${BASE}/{id}/unlock`,
  summary: "Unlock a locked period, or remove its lock date (not a closed one)",
  description:
    "Takes off one lock, the latest first: a period locked as a whole opens the dates after its lock date and keeps that date (a declared VAT quarter stays frozen); " +
    "a period with only a lock date loses it. PERIOD_UNLOCK_NOT_LOCKED when neither is set; PERIOD_UNLOCK_CLOSED when the year is closed, which is irreversible.",
  params: CompanyItemParams,
  response: LockResult,
});

async function unlockPeriod(c: HandlerContext<typeof unlockPeriodRoute>) {
  return dispatch(c, "fiscal_periods.unlock", { id: c.req.valid("param").id });
}

const runYearEndRoute = defineRoute({
  ...write,
  method: "post",
  path: `${BASE}/{id}/year-end`,
  summary: "Run the year-end (asynchronous): currency revaluation, then the closing entry",
  description:
    "Readiness is checked at once (a refusal writes nothing) and again when the work runs: every earlier year closed (YEAR_END_PRIOR_PERIOD_OPEN), the period locked (PERIOD_NOT_LOCKED), no drafts (PERIOD_LOCK_HAS_DRAFTS), " +
    "every voucher gap explained (YEAR_END_FAILED with details.findings), a balanced trial balance (YEAR_END_UNBALANCED_TRIAL), the result not already booked on 8990-8999 " +
    "(an imported or hand-made closing entry: YEAR_END_FAILED, finding YEAR_END_RESULT_ALREADY_BOOKED; booked in part, the year-end books the rest); a period whose year-end has run or that is closed: CONFLICT. " +
    "The operation revalues open foreign-currency items at the period's end (unless a revaluation exists) at the Riksbank's rate or the one stated in closing_rates; a currency with " +
    "neither is refused at once (FX_CLOSING_RATE_UNAVAILABLE, details.missingRates), as readiness reports it. Then it books the year's result to 8999 against 2099 " +
    "(limited company and other legal persons) or 2019 (sole trader, partnership), and sets closing_entry_id. A zero result: YEAR_END_NO_ACTIVITY. See docs/fiscal-year.md.",
  params: CompanyItemParams,
  body: YearEndBody,
  bodyRequired: false,
  response: OperationSchema,
  status: 202,
});

async function runYearEnd(c: HandlerContext<typeof runYearEndRoute>) {
  return dispatch(c, "fiscal_periods.year_end", { ...(c.req.valid("json") ?? {}), id: c.req.valid("param").id });
}

const closePeriodRoute = defineRoute({
  ...write,
  method: "post",
  path: `${BASE}/{id}/close`,
  mfa: "fiscal_periods.close",
  summary: "Close a period (irreversible, unless it was closed as a year closed elsewhere)",
  description:
    "Requires the period locked and its closing entry (year-end run), else CONFLICT. With closed_externally: a year whose year-end was made in another program " +
    "(a SIE import with its closing entry): locked, no closing entry made here (CONFLICT), its result booked on 8990-8999 (YEAR_END_NOT_RUN); every earlier year closed " +
    "(YEAR_END_PRIOR_PERIOD_OPEN). Emits period.year_closed.",
  params: CompanyItemParams,
  body: CloseBody,
  bodyRequired: false,
  response: CloseResult,
});

async function closePeriod(c: HandlerContext<typeof closePeriodRoute>) {
  return dispatch(c, "fiscal_periods.close", { ...(c.req.valid("json") ?? {}), id: c.req.valid("param").id });
}

const reopenPeriodRoute = defineRoute({
  ...write,
  method: "post",
  path: `${BASE}/{id}/reopen`,
  mfa: "fiscal_periods.reopen",
  summary: "Reopen a year that was closed as closed in another program",
  description:
    "Only a year closed with closed_externally: PERIOD_REOPEN_NOT_CLOSED for a period that is not closed, PERIOD_REOPEN_NOT_EXTERNAL for one closed here (irreversible), " +
    "CONFLICT while a later year has had its year-end or is closed. The period stays locked (unlock it to post); reason is kept on the period (reopen_reason, reopened_at). Emits period.reopened.",
  params: CompanyItemParams,
  body: ReopenBody,
  response: FiscalPeriodSchema,
});

async function reopenPeriod(c: HandlerContext<typeof reopenPeriodRoute>) {
  return dispatch(c, "fiscal_periods.reopen", { ...c.req.valid("json"), id: c.req.valid("param").id });
}

const RevaluationItemSchema = z.object({
  kind: z.enum(["receivable", "payable"]),
  id: z.string(),
  number: z.string(),
  currency: z.string(),
  open_amount: z.number(),
  closing_rate: z.number(),
  rate_date: z.string(),
  rate_source: z.enum(["request", "riksbank"]),
  booked_sek: z.number(),
  revalued_sek: z.number(),
  difference: z.number().openapi({ description: "gain positive, loss negative" }),
});
const RevaluationPreviewSchema = z
  .object({
    revaluation_id: z.string(),
    fiscal_period_id: z.string(),
    as_of_date: z.string(),
    revaluation_entry_id: z
      .string()
      .nullable()
      .openapi({ description: "the id the entry would have; null when nothing moves" }),
    voucher_series: z.string().nullable(),
    voucher_number: z.number().int().nullable().openapi({ description: "the number the entry would take now" }),
    gain: z.number(),
    loss: z.number(),
    net: z.number(),
    items: z.array(RevaluationItemSchema),
    lines: z
      .array(
        z.object({ account: z.string(), debit: z.number(), credit: z.number(), description: z.string().nullable() }),
      )
      .openapi({
        description: "the entry that would be booked (1510/2440 against 3960/7960); empty when nothing moves",
      }),
  })
  .openapi("CurrencyRevaluationPreview");

const revalueCurrenciesRoute = defineRoute({
  ...write,
  dryRun: true,
  dryRunResponse: RevaluationPreviewSchema,
  method: "post",
  path: `${BASE}/{id}/currency-revaluation`,
  summary: "Revalue open foreign-currency receivables and payables (asynchronous)",
  description:
    "Open receivables (1510) and payables (2440) in other currencies than SEK are re-rated at the Riksbank rate of as_of_date (default the period's end); the differences are posted to 3960/7960 " +
    "in one entry and the invoices' book values (exchange_rate, total_sek) follow. Refusals: FX_PERIOD_NOT_FOUND, FX_PERIOD_CLOSED, VALIDATION_ERROR (as_of_date outside the period), " +
    "CURRENCY_REVALUATION_ALREADY_EXISTS. closing_rates states a currency's rate instead of the Riksbank's. A currency with neither fails the operation with FX_CLOSING_RATE_UNAVAILABLE. " +
    "Nothing open: result.revaluation_entry_id null. A dry run (?dry_run=true or X-Dry-Run: true) is answered at once with 200: the same refusals, the revaluation the operation " +
    "would make (its result and the entry's lines) at the rates of the moment, and nothing is queued, posted or stored.",
  params: CompanyItemParams,
  body: RevaluationBody,
  bodyRequired: false,
  response: OperationSchema,
  status: 202,
});

async function revalueCurrencies(c: HandlerContext<typeof revalueCurrenciesRoute>) {
  return dispatch(c, "fiscal_periods.currency_revaluation", {
    ...(c.req.valid("json") ?? {}),
    id: c.req.valid("param").id,
  });
}

const postOpeningBalancesRoute = defineRoute({
  ...write,
  method: "post",
  path: `${BASE}/{id}/opening-balances`,
  summary: "Post the next period's opening balances from this period's closing balances",
  description:
    "Needs the year-end run (YEAR_END_NOT_RUN) and the following period as next_period_id (VALIDATION_ERROR otherwise) without an opening entry (YEAR_END_NEXT_PERIOD_HAS_IB). " +
    "Posts one opening entry of every class 1-2 account with a non-zero closing balance, equal to the closing balances, then a carry-forward entry: 2099 to 2098, or for a sole trader " +
    "2011-2019 into 2010.",
  params: CompanyItemParams,
  body: OpeningBody,
  response: OpeningResult,
  status: 201,
});

async function postOpeningBalances(c: HandlerContext<typeof postOpeningBalancesRoute>) {
  return dispatch(c, "fiscal_periods.opening_balances", { ...c.req.valid("json"), id: c.req.valid("param").id });
}

const CashMethodEntryResult = z.object({
  fiscal_period_id: z.string(),
  journal_entry_id: z
    .string()
    .nullable()
    .openapi({ description: "null when nothing was unpaid (answered 200, nothing written)" }),
  voucher_series: z.string().nullable(),
  voucher_number: z.number().int().nullable(),
  entry_date: z.string().openapi({ description: "the year's last day" }),
  output_vat: z
    .number()
    .openapi({ description: "output VAT the entry books (2610-2639): declared in the year's last VAT period" }),
  input_vat: z.number().openapi({ description: "input VAT the entry books (2640-2649)" }),
  lines: z.array(
    z.object({
      account_number: z.string(),
      debit: z.number(),
      credit: z.number(),
      description: z.string().nullable(),
    }),
  ),
});

const cashMethodEntryRoute = defineRoute({
  ...write,
  dryRun: true,
  method: "post",
  path: `${BASE}/{id}/cash-method-entry`,
  summary: "Book the cash method's year-end entry of unpaid invoices (bokslutsmetoden) before the lock",
  description:
    "For a company on the cash method, once the year has ended (VALIDATION_ERROR before): one entry dated the year's last day booking each customer invoice unpaid then " +
    "(Debit 1510 / Credit revenue and output VAT) and each supplier invoice (Debit cost and input VAT / Credit 2440), in the unpaid share. Make it (X-Dry-Run: true previews it) " +
    "before the VAT return of the year's last period, which then declares that VAT; readiness and the VAT return warn while it is missing. The year-end makes it when it was " +
    "not made here. Payments in the next year settle 1510 / 2440 and book no VAT. CONFLICT: an accrual company (reason accrual_method), the entry made or the year-end run " +
    "(already_booked). Nothing unpaid: 200 with journal_entry_id null. See docs/fiscal-year.md.",
  params: CompanyItemParams,
  response: CashMethodEntryResult,
  status: 201,
});

async function bookCashMethodEntry(c: HandlerContext<typeof cashMethodEntryRoute>) {
  return dispatch(c, "fiscal_periods.cash_method_entry", { id: c.req.valid("param").id });
}

const explainVoucherGapRoute = defineRoute({
  ...write,
  tag: "Compliance",
  dryRun: true,
  method: "post",
  path: "/api/v1/companies/{companyId}/voucher-gap-explanations",
  summary: "Explain a gap in a voucher series",
  description:
    "gap_end >= gap_start (equal for one number); every number of the range must be unused (VALIDATION_ERROR). The same series, period and range again: CONFLICT. " +
    "GET .../compliance/check?type=voucher_gaps lists the gaps, explained or not.",
  params: CompanyParams,
  body: GapBody,
  response: GapResult,
  status: 201,
});

async function explainVoucherGap(c: HandlerContext<typeof explainVoucherGapRoute>) {
  return dispatch(c, "fiscal_periods.explain_voucher_gap", c.req.valid("json"));
}

/**
 * companyOf: the company's form, VAT registration, identity and address, for the NE figures and
 * the SRU files (companies sits above this domain).
 */
export function registerFiscalPeriodRoutes(app: OpenAPIHono<AppEnv>, companyOf: SruCompanyOf) {
  app.openapi(listFiscalPeriodsRoute, listFiscalPeriods);
  app.openapi(openNextYearRoute, openNextYear);
  app.openapi(lockPeriodRoute, lockPeriod);
  app.openapi(unlockPeriodRoute, unlockPeriod);
  registerTaxRoutes(app, companyOf);
  registerSruRoutes(app, companyOf);
  app.openapi(runYearEndRoute, runYearEnd);
  app.openapi(closePeriodRoute, closePeriod);
  app.openapi(reopenPeriodRoute, reopenPeriod);
  app.openapi(revalueCurrenciesRoute, revalueCurrencies);
  app.openapi(postOpeningBalancesRoute, postOpeningBalances);
  app.openapi(cashMethodEntryRoute, bookCashMethodEntry);
  app.openapi(explainVoucherGapRoute, explainVoucherGap);
}
