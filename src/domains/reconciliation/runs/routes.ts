// The automatic bank matcher as an operation (bank/run), and the bank reconciliation's status.
import type { OpenAPIHono } from "@hono/zod-openapi";
import { PROSE } from "./prose";
import { database } from "../../../db/client";
import type { AppEnv } from "../../../http/context";
import { CompanyParams } from "../../../http/params";
import { json } from "../../../http/envelope";
import { defineRoute, type HandlerContext } from "../../../http/route";
import { OperationSchema } from "../../operations";
import { bankStatus } from "./commands";
import { defaultRange } from "../accounts/queries";
import { BankRunBodySchema, BankStatusSchema } from "./schemas";
import { RangeQuery } from "../accounts/schemas";

import { BANK, TAG } from "../common";
import { commandRoute } from "../../../http/command-route";

const runBankMatcher = commandRoute("reconciliation.bank_run", "body", {
  tag: TAG,
  scope: "reconciliation:write",
  company: true,
  idempotency: "required",
  method: "post",
  path: `${BANK}/run`,
  summary: "Run the automatic matcher on the bank accounts (asynchronous)",
  description: PROSE.runBankMatcherDescription,
  params: CompanyParams,
  body: BankRunBodySchema,
  bodyRequired: false,
  response: OperationSchema,
  status: 202,
});

export const bankReconciliationStatusRoute = defineRoute({
  tag: TAG,
  scope: "transactions:read",
  company: true,
  method: "get",
  path: `${BANK}/status`,
  summary: "Bank reconciliation status: matched and unmatched counts and the balance delta",
  description: PROSE.bankReconciliationStatusDescription,
  params: CompanyParams,
  query: RangeQuery,
  response: BankStatusSchema,
});

export async function bankReconciliationStatus(c: HandlerContext<typeof bankReconciliationStatusRoute>) {
  const { from, to } = defaultRange(c.req.valid("query"));
  return json(c, await bankStatus(database(c.env), c.get("company").id, from, to));
}

export function registerRunRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(runBankMatcher.route, runBankMatcher.handler);
  app.openapi(bankReconciliationStatusRoute, bankReconciliationStatus);
}
