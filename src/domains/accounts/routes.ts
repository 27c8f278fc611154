import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { DOCS } from "./prose";
import { database } from "../../db/client";
import type { AppEnv } from "../../http/context";
import { dispatch } from "../../http/dispatch";
import { json } from "../../http/envelope";
import { finishPage, pageRequest } from "../../http/pagination";
import { AccountNumberSchema } from "../../http/fields";
import { CompanyParams } from "../../http/params";
import { booleanQuery, defineRoute, type HandlerContext } from "../../http/route";
import { accountJson, listAccounts } from "./commands";
import { AccountCreateSchema, AccountPatchSchema, AccountTypeSchema } from "./schemas";
import { handled, on, registerRoutes, routeRoom } from "../../http/route-table";

const TAG = "Chart of accounts";
const BASE = "/api/v1/companies/{companyId}/accounts";
const NumberParams = CompanyParams.extend({ accountNumber: AccountNumberSchema });
const AccountType = AccountTypeSchema;

const AccountSchema = z
  .object({
    account_number: z.string(),
    name: z.string(),
    type: AccountType,
    is_active: z.boolean(),
    k2_excluded: z.boolean().openapi({ description: "marked [Ej K2] in BAS: not used under K2" }),
    is_custom: z.boolean(),
    updated_at: z.string(),
  })
  .openapi("Account");

const READ = { tag: TAG, scope: "reports:read", company: true } as const;

const listAccountsRoute = defineRoute({
  ...on.get(READ, BASE, DOCS.listAccounts),
  query: z.object({
    active: booleanQuery.optional(),
    type: AccountType.optional(),
    search: z.string().min(1).max(100).optional().openapi({ description: "part of the name or number" }),
    number_from: z
      .string()
      .regex(/^\d{4}$/)
      .optional(),
    number_to: z
      .string()
      .regex(/^\d{4}$/)
      .optional(),
    cursor: z.string().optional(),
    limit: z.coerce.number().int().min(1).max(2000).default(500),
  }),
  response: z.array(AccountSchema),
});

async function listAccountsPage(c: HandlerContext<typeof listAccountsRoute>) {
  const q = c.req.valid("query");
  const companyId = c.get("company").id;
  const page = await pageRequest(
    c,
    `accounts:${companyId}:${JSON.stringify({ ...q, cursor: undefined, limit: undefined })}`,
    q.cursor,
    q.limit,
  );
  const rows = await listAccounts(database(c.env), companyId, q, page);
  const { items, nextCursor } = await finishPage(c, page, rows, (a) => ({ k: a.number, i: a.number }));
  return json(c, items.map(accountJson), 200, { next_cursor: nextCursor });
}

const WRITE = { tag: TAG, scope: "bookkeeping:write", company: true, idempotency: "optional", dryRun: true } as const;

const room = routeRoom(BASE, { write: WRITE });

const createAccount = room.create("accounts.create", DOCS.createAccount, AccountCreateSchema, AccountSchema);

const updateAccountRoute = defineRoute({
  ...on.patch(WRITE, `${BASE}/{accountNumber}`, DOCS.updateAccount),
  params: NumberParams,
  body: AccountPatchSchema,
  response: AccountSchema,
});

async function updateAccount(c: HandlerContext<typeof updateAccountRoute>) {
  return dispatch(c, "accounts.update", { ...c.req.valid("json"), account_number: c.req.valid("param").accountNumber });
}

export function registerAccountRoutes(app: OpenAPIHono<AppEnv>) {
  registerRoutes(app, [
    handled(listAccountsRoute, listAccountsPage),
    createAccount,
    handled(updateAccountRoute, updateAccount),
  ]);
}
