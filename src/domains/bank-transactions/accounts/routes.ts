// GET/POST .../bank-accounts: the bank accounts registered for the settlement accounts.
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { DOCS } from "./prose";
import { database } from "../../../db/client";
import type { AppEnv } from "../../../http/context";
import { json } from "../../../http/envelope";
import type { HandlerContext } from "../../../http/route";
import { TAG, write } from "../common";
import { bankAccountJson, bankAccountsOf } from "./queries";
import { BankAccountBodySchema, BankAccountSchema } from "./schemas";
import { commandRoute, handled, on, registerRoutes, routeRoom } from "../../../http/route-table";

const BANK_ACCOUNTS = "/api/v1/companies/{companyId}/bank-accounts";

const READ = { tag: TAG, scope: "transactions:read", company: true } as const;

const room = routeRoom(BANK_ACCOUNTS, { read: READ });

const listBankAccountsRoute = room.list(DOCS.listBankAccounts, null, z.array(BankAccountSchema));

async function listBankAccounts(c: HandlerContext<typeof listBankAccountsRoute>) {
  return json(c, (await bankAccountsOf(database(c.env), c.get("company").id)).map(bankAccountJson));
}

const registerBankAccount = commandRoute("bank_transactions.register_bank_account", "body", {
  ...on.post(write, BANK_ACCOUNTS, DOCS.registerBankAccount),
  idempotency: "optional",
  body: BankAccountBodySchema,
  response: BankAccountSchema,
});

/** The bank accounts registered for the settlement accounts (./commands.ts). */
export function registerAccountRoutes(app: OpenAPIHono<AppEnv>) {
  registerRoutes(app, [handled(listBankAccountsRoute, listBankAccounts), registerBankAccount]);
}
