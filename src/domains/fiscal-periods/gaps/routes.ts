// A gap in a voucher series explained (BFL: every number accounted for).
import type { OpenAPIHono } from "@hono/zod-openapi";
import { PROSE } from "./prose";
import type { AppEnv } from "../../../http/context";
import { CompanyParams } from "../../../http/params";

import { write } from "../common";
import { GapBody, GapResult } from "./schemas";
import { commandRoute } from "../../../http/command-route";

const explainVoucherGap = commandRoute("fiscal_periods.explain_voucher_gap", "body", {
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

export function registerGapRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(explainVoucherGap.route, explainVoucherGap.handler);
}
