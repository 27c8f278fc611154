// The invoice contracts' routes (docs/invoice-contracts.md): CRUD, terms from a period, pause,
// resume, end, run now, the invoices made and those to come.
import type { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "@hono/zod-openapi";
import { todayUtc } from "../../clock";
import { database } from "../../db/client";
import type { AppEnv } from "../../http/context";
import { dispatch } from "../../http/dispatch";
import { json } from "../../http/envelope";
import { CompanyItemParams, CompanyParams } from "../../http/params";
import { defineRoute, type HandlerContext } from "../../http/route";
import { actOnMadeInvoices } from "./commands";
import { PROSE } from "./prose";
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
import { commandRoute, roomAccess } from "../../http/command-route";

const TAG = "Invoice contracts";
const BASE = "/api/v1/companies/{companyId}/invoice-contracts";
const { read: READ, write: WRITE } = roomAccess(TAG, "invoices:read", "invoices:write");
const id = (c: { req: { valid(t: "param"): { id: string } } }) => c.req.valid("param").id;

const createContract = commandRoute("invoice_contracts.create", "body", {
  ...WRITE,
  method: "post",
  path: BASE,
  summary: "Make a recurring invoice contract",
  description: PROSE.create,
  params: CompanyParams,
  body: ContractCreateSchema,
  response: ContractSchema,
  status: 201,
});

const listRoute = defineRoute({
  ...READ,
  method: "get",
  path: BASE,
  summary: "List the invoice contracts, oldest first",
  params: CompanyParams,
  response: ContractListSchema,
});
async function listContractsHandler(c: HandlerContext<typeof listRoute>) {
  return json(c, await listContracts(database(c.env), c.get("company").id));
}

const getRoute = defineRoute({
  ...READ,
  method: "get",
  path: `${BASE}/{id}`,
  summary: "Get an invoice contract with its versions and pauses",
  params: CompanyItemParams,
  response: ContractSchema,
});
async function getContractHandler(c: HandlerContext<typeof getRoute>) {
  return json(c, contractJson(await loadContract(database(c.env), c.get("company").id, id(c))));
}

const updateContract = commandRoute("invoice_contracts.update", "body+id", {
  ...WRITE,
  method: "patch",
  path: `${BASE}/{id}`,
  summary: "Change an invoice contract's schedule settings or action",
  description: PROSE.update,
  params: CompanyItemParams,
  body: ContractPatchSchema,
  response: ContractSchema,
});

const deleteContract = commandRoute("invoice_contracts.delete", "id", {
  ...WRITE,
  method: "delete",
  path: `${BASE}/{id}`,
  summary: "Delete an invoice contract that has made no invoice (204)",
  description: PROSE.remove,
  params: CompanyItemParams,
  response: null,
  status: 204,
});

const changeContract = commandRoute("invoice_contracts.change", "body+id", {
  ...WRITE,
  method: "post",
  path: `${BASE}/{id}/changes`,
  summary: "New items or prices from a period on; earlier periods keep their terms",
  description: PROSE.change,
  params: CompanyItemParams,
  body: ContractChangeSchema,
  response: ContractSchema,
});

const pauseContract = commandRoute("invoice_contracts.pause", "body+id", {
  ...WRITE,
  method: "post",
  path: `${BASE}/{id}/pause`,
  summary: "Pause an invoice contract",
  description: PROSE.pause,
  params: CompanyItemParams,
  body: ContractPauseSchema,
  response: ContractSchema,
});

const resumeContract = commandRoute("invoice_contracts.resume", "body+id", {
  ...WRITE,
  method: "post",
  path: `${BASE}/{id}/resume`,
  summary: "Resume a paused invoice contract",
  description: PROSE.resume,
  params: CompanyItemParams,
  body: ContractPauseSchema,
  response: ContractSchema,
});

const endContract = commandRoute("invoice_contracts.end", "body+id", {
  ...WRITE,
  method: "post",
  path: `${BASE}/{id}/end`,
  summary: "End an invoice contract from a date",
  description: PROSE.end,
  params: CompanyItemParams,
  body: ContractEndSchema,
  response: ContractSchema,
});

const runRoute = defineRoute({
  ...WRITE,
  method: "post",
  path: `${BASE}/{id}/run`,
  summary: "Make the contract's due invoices now (idempotent: each period once)",
  description: PROSE.run,
  params: CompanyItemParams,
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
  ...READ,
  method: "get",
  path: `${BASE}/{id}/upcoming`,
  summary: "The contract's next invoices before they exist",
  description: PROSE.upcoming,
  params: CompanyItemParams,
  query: UpcomingQuery,
  response: UpcomingSchema,
});
async function upcomingHandler(c: HandlerContext<typeof upcomingRoute>) {
  const parts = await loadContract(database(c.env), c.get("company").id, id(c));
  return json(c, upcomingJson(parts, todayUtc(), c.req.valid("query").count));
}

const invoicesRoute = defineRoute({
  ...READ,
  method: "get",
  path: `${BASE}/{id}/invoices`,
  summary: "The invoices the contract made, one per period, with their action's outcome",
  params: CompanyItemParams,
  response: z.array(ContractInvoiceSchema),
});
async function contractInvoicesHandler(c: HandlerContext<typeof invoicesRoute>) {
  return json(c, contractInvoicesJson(await loadContract(database(c.env), c.get("company").id, id(c))));
}

export function registerInvoiceContractRoutes(app: OpenAPIHono<AppEnv>): void {
  app.openapi(createContract.route, createContract.handler);
  app.openapi(listRoute, listContractsHandler);
  app.openapi(getRoute, getContractHandler);
  app.openapi(updateContract.route, updateContract.handler);
  app.openapi(deleteContract.route, deleteContract.handler);
  app.openapi(changeContract.route, changeContract.handler);
  app.openapi(pauseContract.route, pauseContract.handler);
  app.openapi(resumeContract.route, resumeContract.handler);
  app.openapi(endContract.route, endContract.handler);
  app.openapi(runRoute, runContractHandler);
  app.openapi(upcomingRoute, upcomingHandler);
  app.openapi(invoicesRoute, contractInvoicesHandler);
}
