// The VAT declaration (momsdeklaration, SKV 4700) from the BAS VAT accounts.
import type { OpenAPIHono } from "@hono/zod-openapi";
import { DOCS } from "./prose";
import { database } from "../../../db/client";
import type { AppEnv } from "../../../http/context";
import { json } from "../../../http/envelope";
import { defineRoute, type HandlerContext } from "../../../http/route";
import { vatDeclaration } from "../builders";
import { vatDeclarationRange } from "../date-range";
import { loadPeriodFor, vatDeclarationMovements } from "../queries";
import { VatDeclarationQuery, VatDeclarationSchema } from "../schemas";
import { READ, REPORTS } from "../common";
import { handled, on, registerRoutes } from "../../../http/route-table";

const vatDeclarationRoute = defineRoute({
  ...on.get(READ, `${REPORTS}/vat-declaration`, DOCS.vatDeclaration),
  query: VatDeclarationQuery,
  response: VatDeclarationSchema,
});

/** A period is optional here: a declaration may cover any date range. */
async function vatDeclarationReport(c: HandlerContext<typeof vatDeclarationRoute>) {
  const q = c.req.valid("query");
  const db = database(c.env);
  const companyId = c.get("company").id;
  const period = q.period_id ? await loadPeriodFor(db, companyId, q.period_id) : null;
  const range = vatDeclarationRange(period, q);
  const moves = await vatDeclarationMovements(db, companyId, { periodId: period?.id, ...range });
  return json(c, vatDeclaration(range, period, moves));
}

export function registerVatRoutes(app: OpenAPIHono<AppEnv>) {
  registerRoutes(app, [handled(vatDeclarationRoute, vatDeclarationReport)]);
}
