// The automatic bank matcher as an operation (bank/run), and the bank reconciliation's status.
import type { OpenAPIHono } from "@hono/zod-openapi";
import { DOCS } from "./prose";
import { database } from "../../../db/client";
import type { AppEnv } from "../../../http/context";
import { json } from "../../../http/envelope";
import { defineRoute, type HandlerContext } from "../../../http/route";
import { OperationSchema } from "../../operations";
import { bankStatus } from "./commands";
import { defaultRange } from "../accounts/queries";
import { BankRunBodySchema, BankStatusSchema } from "./schemas";
import { RangeQuery } from "../accounts/schemas";

import { BANK, TAG } from "../common";
import { commandRoute, handled, on, registerRoutes } from "../../../http/route-table";

const WRITE = { tag: TAG, scope: "reconciliation:write", company: true, idempotency: "required" } as const;

const runBankMatcher = commandRoute("reconciliation.bank_run", "body", {
  ...on.post(WRITE, `${BANK}/run`, DOCS.runBankMatcher),
  body: BankRunBodySchema,
  bodyRequired: false,
  response: OperationSchema,
  status: 202,
});

const READ = { tag: TAG, scope: "transactions:read", company: true } as const;

export const bankReconciliationStatusRoute = defineRoute({
  ...on.get(READ, `${BANK}/status`, DOCS.bankReconciliationStatus),
  query: RangeQuery,
  response: BankStatusSchema,
});

export async function bankReconciliationStatus(c: HandlerContext<typeof bankReconciliationStatusRoute>) {
  const { from, to } = defaultRange(c.req.valid("query"));
  return json(c, await bankStatus(database(c.env), c.get("company").id, from, to));
}

export function registerRunRoutes(app: OpenAPIHono<AppEnv>) {
  registerRoutes(app, [runBankMatcher, handled(bankReconciliationStatusRoute, bankReconciliationStatus)]);
}
