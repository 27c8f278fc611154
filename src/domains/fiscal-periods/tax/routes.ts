// The tax of a fiscal year (issue #31): POST/GET .../fiscal-periods/{id}/tax for an
// aktiebolag, beside the year-end it must come before (./corporate-tax.ts).
import type { OpenAPIHono } from "@hono/zod-openapi";
import { DOCS } from "./prose";
import { database } from "../../../db/client";
import { ApiError } from "../../../errors/api-error";
import type { AppEnv } from "../../../http/context";
import { json } from "../../../http/envelope";
import { periodAccountTotals } from "../../../ledger/queries";
import { fromOre } from "../../../money";
import { neFigures } from "../../../sweden/ne";
import { neBalanceSheet } from "../../../sweden/ne-balance";
import type { Database } from "../../../db/client";
import { defineRoute, type HandlerContext } from "../../../http/route";
import type { CorporateTaxCalculation } from "./commands";
import { taxCalculationOf } from "./commands";
import { loadPeriod } from "../periods/commands";

import { TAG, BASE, write } from "../common";

import { NeSchema, TaxBody, TaxCalculationSchema, figureJson } from "./schemas";
import { commandRoute, handled, on, registerRoutes } from "../../../http/route-table";

const calculateTax = commandRoute("fiscal_periods.corporate_tax", "body+id", {
  ...on.post(write, `${BASE}/{id}/tax`, DOCS.calculateTax),
  dryRun: true,
  body: TaxBody,
  bodyRequired: false,
  response: TaxCalculationSchema,
  status: 201,
});

const READ = { tag: TAG, scope: "reports:read", company: true } as const;

const getTaxRoute = defineRoute({
  ...on.get(READ, `${BASE}/{id}/tax`, DOCS.getTax),
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

const getNeRoute = defineRoute({
  ...on.get(READ, `${BASE}/{id}/ne`, DOCS.getNe),
  response: NeSchema,
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
  registerRoutes(app, [calculateTax, handled(getTaxRoute, getTax), handled(getNeRoute, getNeWith(companyFormOf))]);
}
