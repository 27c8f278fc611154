// The tax of a fiscal year (issue #31): POST/GET .../fiscal-periods/{id}/tax for an
// aktiebolag, beside the year-end it must come before (./corporate-tax.ts).
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { database } from "../../db/client";
import { ApiError } from "../../errors/api-error";
import type { AppEnv } from "../../http/context";
import { dispatch } from "../../http/dispatch";
import { json } from "../../http/envelope";
import { KronorSchema, PositiveAmountSchema, WholeKronorSchema } from "../../http/fields";
import { periodAccountTotals } from "../../ledger/queries";
import { fromOre } from "../../money";
import { neFigures } from "../../sweden/ne";
import { neBalanceSheet } from "../../sweden/ne-balance";
import type { Database } from "../../db/client";
import { CompanyItemParams } from "../../http/params";
import { defineRoute, type HandlerContext } from "../../http/route";
import type { CorporateTaxCalculation } from "./corporate-tax";
import { taxCalculationOf } from "./corporate-tax";
import { loadPeriod } from "./service";

const TAG = "Fiscal periods";
const BASE = "/api/v1/companies/{companyId}/fiscal-periods";

const TaxBody = z
  .object({
    periodiseringsfond: z.union([z.boolean(), z.number().int().positive()]).optional().openapi({
      description:
        "true: the largest fund allowed (25 % of the surplus before the allocation, IL 30 kap 5 §); a whole number of kronor up to it; absent or false: none",
    }),
    statslaneranta: z.number().min(-10).max(25).optional().openapi({
      description:
        "percent: the statslåneränta at the end of November of the year before the calendar year the fiscal year ends in (IL 30 kap 6 a §; at least 0.5 % is used); required while periodiseringsfonder are held at the year's start",
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

const write = { scope: "bookkeeping:write", company: true, write: true, idempotency: "required", tag: TAG } as const;

const calculateTaxRoute = defineRoute({
  ...write,
  dryRun: true,
  method: "post",
  path: `${BASE}/{id}/tax`,
  summary: "Calculate and book the corporate tax of an aktiebolag's year (before the year-end)",
  description:
    "From the books: the result before tax (classes 3-8 less 89xx), plus the non-deductible costs (6072, 6982, 6992, 7622, 7623, 7632, 5099, 5199, 6342, 8423), less the tax-free interest " +
    "(8254, 8314), plus the schablonintäkt on the funds held at the year's start (statslaneranta), less previous_year_loss; then the periodiseringsfond asked for (8811 / 212x) and the " +
    "mandatory reversal of funds six years old (212x / 8819), and the tax 20.6 % of the taxable income rounded down to hundreds (8910 / 2512), one entry on the year's last day " +
    "(allowed in a locked period). Dry-run answers the whole calculation and writes nothing. Refusals: TAX_ENTITY_TYPE_MISMATCH (not an aktiebolag), TAX_AFTER_YEAR_END " +
    "(the closing entry is made), TAX_ALREADY_CALCULATED, VALIDATION_ERROR (statslaneranta missing while funds are held; a fund above the largest, details.max_periodiseringsfond). " +
    "See docs/tax.md.",
  params: CompanyItemParams,
  body: TaxBody,
  bodyRequired: false,
  response: TaxCalculationSchema,
  status: 201,
});

async function calculateTax(c: HandlerContext<typeof calculateTaxRoute>) {
  return dispatch(c, "fiscal_periods.corporate_tax", { ...(c.req.valid("json") ?? {}), id: c.req.valid("param").id });
}

const getTaxRoute = defineRoute({
  method: "get",
  path: `${BASE}/{id}/tax`,
  tag: TAG,
  summary: "The stored corporate-tax calculation of a year",
  description: "As POST .../tax answered it. NOT_FOUND until the tax is calculated.",
  scope: "reports:read",
  company: true,
  params: CompanyItemParams,
  response: TaxCalculationSchema,
});

async function getTax(c: HandlerContext<typeof getTaxRoute>) {
  const db = database(c.env);
  const companyId = c.get("company").id;
  const period = await loadPeriod(db, companyId, c.req.valid("param").id);
  const row = await taxCalculationOf(db, companyId, period.id);
  if (!row)
    throw new ApiError("NOT_FOUND", { fiscal_period_id: period.id }, "The tax of this year has not been calculated.");
  return json(c, row.calculation as CorporateTaxCalculation);
}

/** What the NE figures need of the company (companies sits above this domain): its form and VAT registration. */
export type CompanyFormOf = (
  db: Database,
  companyId: string,
) => Promise<{ entityType: string; vatRegistered: boolean }>;

const AccountAmount = z.object({ account_number: z.string(), amount: KronorSchema });
const NeFigureSchema = z.object({
  field: z.string(),
  label: z.string(),
  amount: KronorSchema,
  whole_kronor: WholeKronorSchema.openapi({ description: "as the form takes it: öre dropped" }),
  accounts: z.array(AccountAmount),
});
const NeSchema = z
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

const getNeRoute = defineRoute({
  method: "get",
  path: `${BASE}/{id}/ne`,
  tag: TAG,
  summary: "The NE-bilaga figures of a sole trader's year (R1-R14 and the balance sheet B1-B16), from the books",
  description:
    "R1-R10 by BAS account range (R1 sales of a VAT-registered trader, R2 of one not registered, R3 0), R11 the booked result, R12 = R11, R13 the non-deductible costs " +
    '(6072, 6982, 6992, 8423, ...), R14 the tax-free income (8314, 8254); B1-B16 the closing balances by BAS range (B10 eget kapital with the result not yet closed to it, as account "result"); each figure names its accounts. Nothing is booked: an enskild firma books no tax, and egenavgifter are ' +
    "not in its books. An aktiebolag: TAX_ENTITY_TYPE_MISMATCH (its tax is POST .../tax). See docs/tax.md.",
  scope: "reports:read",
  company: true,
  params: CompanyItemParams,
  response: NeSchema,
});

const figureJson = (field: string, amountOre: number, accounts: { account: string; amountOre: number }[]) => ({
  field,
  label: NE_LABELS[field],
  amount: fromOre(amountOre),
  whole_kronor: Math.trunc(amountOre / 100),
  accounts: accounts.map((a) => ({ account_number: a.account, amount: fromOre(a.amountOre) })),
});

function getNeWith(companyFormOf: CompanyFormOf) {
  return async function getNe(c: HandlerContext<typeof getNeRoute>) {
    const db = database(c.env);
    const companyId = c.get("company").id;
    const period = await loadPeriod(db, companyId, c.req.valid("param").id);
    const form = await companyFormOf(db, companyId);
    if (form.entityType !== "enskild_firma")
      throw new ApiError(
        "TAX_ENTITY_TYPE_MISMATCH",
        { entity_type: form.entityType },
        "The NE figures are a sole trader's (enskild firma); an aktiebolag's tax is POST .../tax.",
      );
    const totals = await periodAccountTotals(db, companyId, period.id);
    const ne = neFigures(totals, form.vatRegistered);
    return json(c, {
      fiscal_period_id: period.id,
      vat_registered: form.vatRegistered,
      fields: [
        ...ne.fields.map((f) => figureJson(f.field, f.amountOre, f.accounts)),
        figureJson("R11", ne.r11, []),
        figureJson("R12", ne.r12, []),
        figureJson("R13", ne.r13.amountOre, ne.r13.accounts),
        figureJson("R14", ne.r14.amountOre, ne.r14.accounts),
        ...neBalanceSheet(totals).map((b) => figureJson(b.field, b.amountOre, b.accounts)),
      ],
      unmapped: ne.unmapped.map((a) => ({ account_number: a.account, amount: fromOre(a.amountOre) })),
      adjusted_result: fromOre(ne.adjustedResultOre),
      egenavgifter_booked: false as const,
    });
  };
}

export function registerTaxRoutes(app: OpenAPIHono<AppEnv>, companyFormOf: CompanyFormOf) {
  app.openapi(calculateTaxRoute, calculateTax);
  app.openapi(getTaxRoute, getTax);
  app.openapi(getNeRoute, getNeWith(companyFormOf));
}
