// GET/POST .../bank-accounts: the bank accounts registered for the settlement accounts.
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { PROSE } from "./prose";
import { database } from "../../../db/client";
import type { AppEnv } from "../../../http/context";
import { CompanyParams } from "../../../http/params";
import { json } from "../../../http/envelope";
import { defineRoute, type HandlerContext } from "../../../http/route";
import { TAG, write } from "../common";
import { bankAccountJson, bankAccountsOf } from "./queries";
import { BankAccountBodySchema, BankAccountSchema } from "./schemas";
import { commandRoute } from "../../../http/command-route";

const BANK_ACCOUNTS = "/api/v1/companies/{companyId}/bank-accounts";

const listBankAccountsRoute = defineRoute({
  method: "get",
  path: BANK_ACCOUNTS,
  tag: TAG,
  summary: "List the bank accounts registered for settlement accounts",
  description: PROSE.listBankAccountsDescription,
  scope: "transactions:read",
  company: true,
  params: CompanyParams,
  response: z.array(BankAccountSchema),
});

async function listBankAccounts(c: HandlerContext<typeof listBankAccountsRoute>) {
  return json(c, (await bankAccountsOf(database(c.env), c.get("company").id)).map(bankAccountJson));
}

const registerBankAccount = commandRoute("bank_transactions.register_bank_account", "body", {
  ...write,
  idempotency: "optional",
  method: "post",
  path: BANK_ACCOUNTS,
  summary: "Register the bank account booked on a settlement account",
  description: PROSE.registerBankAccountDescription,
  params: CompanyParams,
  body: BankAccountBodySchema,
  response: BankAccountSchema,
});

/** The bank accounts registered for the settlement accounts (./commands.ts). */
export function registerAccountRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(listBankAccountsRoute, listBankAccounts);
  app.openapi(registerBankAccount.route, registerBankAccount.handler);
}
