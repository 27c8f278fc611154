// The invoice contracts' routes (docs/invoice-contracts.md): CRUD, terms from a period, pause,
// resume, end, run now, the invoices made and those to come.
import type { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "@hono/zod-openapi";
import { todayUtc } from "../../clock";
import { database } from "../../db/client";
import type { AppEnv } from "../../http/context";
import { dispatch } from "../../http/dispatch";
import { json } from "../../http/envelope";
import { defineRoute, type HandlerContext } from "../../http/route";
import { actOnMadeInvoices } from "./commands";
import { DOCS } from "./prose";
import { contractInvoicesJson, contractJson, listContracts, loadContract, upcomingJson } from "./queries";
import {
  ContractChangeSchema,
  ContractCreateSchema,
  ContractEndSchema,
  ContractInvoiceSchema,
  ContractListSchema,
  ContractPatchSchema,
  ContractPauseSchema,
  ContractRunResultSchema,
  ContractRunSchema,
  ContractSchema,
  UpcomingQuery,
  UpcomingSchema,
} from "./schemas";
import { companyRoom, handled, on, registerRoutes } from "../../http/route-table";

const room = companyRoom({
  path: "/api/v1/companies/{companyId}/invoice-contracts",
  tag: "Invoice contracts",
  read: "invoices:read",
  write: "invoices:write",
});
const id = (c: { req: { valid(t: "param"): { id: string } } }) => c.req.valid("param").id;

const createContract = room.create(
  "invoice_contracts.create",
  DOCS.createContract,
  ContractCreateSchema,
  ContractSchema,
);

const listRoute = room.list(DOCS.list, null, ContractListSchema);
async function listContractsHandler(c: HandlerContext<typeof listRoute>) {
  return json(c, await listContracts(database(c.env), c.get("company").id));
}

const getRoute = room.get(DOCS.get, ContractSchema);
async function getContractHandler(c: HandlerContext<typeof getRoute>) {
  return json(c, contractJson(await loadContract(database(c.env), c.get("company").id, id(c))));
}

const updateContract = room.update(
  "invoice_contracts.update",
  DOCS.updateContract,
  ContractPatchSchema,
  ContractSchema,
);

const deleteContract = room.remove("invoice_contracts.delete", DOCS.deleteContract);

const changeContract = room.action(
  "invoice_contracts.change",
  "changes",
  DOCS.changeContract,
  ContractChangeSchema,
  ContractSchema,
);

const pauseContract = room.action(
  "invoice_contracts.pause",
  "pause",
  DOCS.pauseContract,
  ContractPauseSchema,
  ContractSchema,
);

const resumeContract = room.action(
  "invoice_contracts.resume",
  "resume",
  DOCS.resumeContract,
  ContractPauseSchema,
  ContractSchema,
);

const endContract = room.action("invoice_contracts.end", "end", DOCS.endContract, ContractEndSchema, ContractSchema);

const runRoute = defineRoute({
  ...on.post(room.write, `${room.base}/{id}/run`, DOCS.run),
  body: ContractRunSchema,
  response: ContractRunResultSchema,
});
async function runContractHandler(c: HandlerContext<typeof runRoute>) {
  const contract = { companyId: c.get("company").id, id: id(c) };
  return dispatch(
    c,
    "invoice_contracts.run",
    { id: contract.id },
    {
      // the invoices are made (committed); their action's failure is recorded on them, never this answer
      committed: () =>
        actOnMadeInvoices(c.env, database(c.env), contract).catch((err) =>
          console.error("contract invoice actions after a run", contract, err),
        ),
    },
  );
}

const upcomingRoute = defineRoute({
  ...on.get(room.read, `${room.base}/{id}/upcoming`, DOCS.upcoming),
  query: UpcomingQuery,
  response: UpcomingSchema,
});
async function upcomingHandler(c: HandlerContext<typeof upcomingRoute>) {
  const parts = await loadContract(database(c.env), c.get("company").id, id(c));
  return json(c, upcomingJson(parts, todayUtc(), c.req.valid("query").count));
}

const invoicesRoute = defineRoute({
  ...on.get(room.read, `${room.base}/{id}/invoices`, DOCS.invoices),
  response: z.array(ContractInvoiceSchema),
});
async function contractInvoicesHandler(c: HandlerContext<typeof invoicesRoute>) {
  return json(c, contractInvoicesJson(await loadContract(database(c.env), c.get("company").id, id(c))));
}

export function registerInvoiceContractRoutes(app: OpenAPIHono<AppEnv>): void {
  registerRoutes(app, [
    createContract,
    handled(listRoute, listContractsHandler),
    handled(getRoute, getContractHandler),
    updateContract,
    deleteContract,
    changeContract,
    pauseContract,
    resumeContract,
    endContract,
    handled(runRoute, runContractHandler),
    handled(upcomingRoute, upcomingHandler),
    handled(invoicesRoute, contractInvoicesHandler),
  ]);
}
