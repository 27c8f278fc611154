// The VAT declaration (momsdeklaration, SKV 4700) from the BAS VAT accounts.
import type { OpenAPIHono } from "@hono/zod-openapi";
import { PROSE } from "./prose";
import { database } from "../../../db/client";
import type { AppEnv } from "../../../http/context";
import { json } from "../../../http/envelope";
import { defineRoute, type HandlerContext } from "../../../http/route";
import { vatDeclaration } from "../builders";
import { vatDeclarationRange } from "../date-range";
import { loadPeriodFor, vatDeclarationMovements } from "../queries";
import { VatDeclarationQuery, VatDeclarationSchema } from "../schemas";
import { READ, REPORTS } from "../common";

const vatDeclarationRoute = defineRoute({
  ...READ,
  path: `${REPORTS}/vat-declaration`,
  summary: "Momsdeklaration (SKV 4700): boxes 05-62 and 49 from the BAS VAT accounts",
  description: PROSE.vatDeclarationDescription,
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
  app.openapi(vatDeclarationRoute, vatDeclarationReport);
}
