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
import { commandRoute, handled, on, registerRoutes, roomAccess } from "../../http/route-table";

const TAG = "Invoice contracts";
const BASE = "/api/v1/companies/{companyId}/invoice-contracts";
const { read: READ, write: WRITE } = roomAccess(TAG, "invoices:read", "invoices:write");
const id = (c: { req: { valid(t: "param"): { id: string } } }) => c.req.valid("param").id;

const createContract = commandRoute("invoice_contracts.create", "body", {
  ...on.post(WRITE, BASE, DOCS.createContract),
  body: ContractCreateSchema,
  response: ContractSchema,
  status: 201,
});

const listRoute = defineRoute({
  ...on.get(READ, BASE, DOCS.list),
  response: ContractListSchema,
});
async function listContractsHandler(c: HandlerContext<typeof listRoute>) {
  return json(c, await listContracts(database(c.env), c.get("company").id));
}

const getRoute = defineRoute({
  ...on.get(READ, `${BASE}/{id}`, DOCS.get),
  response: ContractSchema,
});
async function getContractHandler(c: HandlerContext<typeof getRoute>) {
  return json(c, contractJson(await loadContract(database(c.env), c.get("company").id, id(c))));
}

const updateContract = commandRoute("invoice_contracts.update", "body+id", {
  ...on.patch(WRITE, `${BASE}/{id}`, DOCS.updateContract),
  body: ContractPatchSchema,
  response: ContractSchema,
});

const deleteContract = commandRoute("invoice_contracts.delete", "id", {
  ...on.delete(WRITE, `${BASE}/{id}`, DOCS.deleteContract),
  response: null,
  status: 204,
});

const changeContract = commandRoute("invoice_contracts.change", "body+id", {
  ...on.post(WRITE, `${BASE}/{id}/changes`, DOCS.changeContract),
  body: ContractChangeSchema,
  response: ContractSchema,
});

const pauseContract = commandRoute("invoice_contracts.pause", "body+id", {
  ...on.post(WRITE, `${BASE}/{id}/pause`, DOCS.pauseContract),
  body: ContractPauseSchema,
  response: ContractSchema,
});

const resumeContract = commandRoute("invoice_contracts.resume", "body+id", {
  ...on.post(WRITE, `${BASE}/{id}/resume`, DOCS.resumeContract),
  body: ContractPauseSchema,
  response: ContractSchema,
});

const endContract = commandRoute("invoice_contracts.end", "body+id", {
  ...on.post(WRITE, `${BASE}/{id}/end`, DOCS.endContract),
  body: ContractEndSchema,
  response: ContractSchema,
});

const runRoute = defineRoute({
  ...on.post(WRITE, `${BASE}/{id}/run`, DOCS.run),
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
  ...on.get(READ, `${BASE}/{id}/upcoming`, DOCS.upcoming),
  query: UpcomingQuery,
  response: UpcomingSchema,
});
async function upcomingHandler(c: HandlerContext<typeof upcomingRoute>) {
  const parts = await loadContract(database(c.env), c.get("company").id, id(c));
  return json(c, upcomingJson(parts, todayUtc(), c.req.valid("query").count));
}

const invoicesRoute = defineRoute({
  ...on.get(READ, `${BASE}/{id}/invoices`, DOCS.invoices),
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
