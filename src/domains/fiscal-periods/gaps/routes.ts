// A gap in a voucher series explained (BFL: every number accounted for).
import type { OpenAPIHono } from "@hono/zod-openapi";
import { DOCS } from "./prose";
import type { AppEnv } from "../../../http/context";

import { write } from "../common";
import { GapBody, GapResult } from "./schemas";
import { commandRoute, on, registerRoutes } from "../../../http/route-table";

const explainVoucherGap = commandRoute("fiscal_periods.explain_voucher_gap", "body", {
  ...on.post(write, "/api/v1/companies/{companyId}/voucher-gap-explanations", DOCS.explainVoucherGap),
  tag: "Compliance",
  dryRun: true,
  body: GapBody,
  response: GapResult,
  status: 201,
});

export function registerGapRoutes(app: OpenAPIHono<AppEnv>) {
  registerRoutes(app, [explainVoucherGap]);
}
