// A gap in a voucher series explained (BFL: every number accounted for).
import type { OpenAPIHono } from "@hono/zod-openapi";
import { PROSE } from "./prose";
import type { AppEnv } from "../../../http/context";
import { dispatch } from "../../../http/dispatch";
import { CompanyParams } from "../../../http/params";
import { defineRoute, type HandlerContext } from "../../../http/route";

import { write } from "../common";
import { GapBody, GapResult } from "./schemas";

export const explainVoucherGapRoute = defineRoute({
  ...write,
  tag: "Compliance",
  dryRun: true,
  method: "post",
  path: "/api/v1/companies/{companyId}/voucher-gap-explanations",
  summary: "Explain a gap in a voucher series",
  description: PROSE.explainVoucherGapDescription,
  params: CompanyParams,
  body: GapBody,
  response: GapResult,
  status: 201,
});

export async function explainVoucherGap(c: HandlerContext<typeof explainVoucherGapRoute>) {
  return dispatch(c, "fiscal_periods.explain_voucher_gap", c.req.valid("json"));
}

export function registerGapRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(explainVoucherGapRoute, explainVoucherGap);
}
