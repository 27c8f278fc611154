// The fixed-asset register's routes: register, list, read, depreciation runs, disposal, and the
// register report checked against the ledger.
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { PROSE } from "./prose";
import { database } from "../../db/client";
import type { AppEnv } from "../../http/context";
import { json } from "../../http/envelope";
import { CompanyItemParams, CompanyParams } from "../../http/params";
import { defineRoute, type HandlerContext } from "../../http/route";
import { fixedAssetJson, listFixedAssets, loadFixedAsset } from "./queries";
import { fixedAssetRegister } from "./register";
import {
  DepreciationRunCreateSchema,
  DepreciationRunSchema,
  DisposalSchema,
  DisposeSchema,
  FixedAssetCreateSchema,
  FixedAssetSchema,
  RegisterQuery,
  RegisterSchema,
  TaxDepreciationCreateSchema,
  TaxDepreciationSchema,
} from "./schemas";
import { commandRoute, roomAccess } from "../../http/command-route";

const TAG = "Fixed assets";
const BASE = "/api/v1/companies/{companyId}/fixed-assets";
// a read of the books, like the journal entries and the reports: there is no bookkeeping:read scope
const { read: READ, write: WRITE } = roomAccess(TAG, "reports:read", "bookkeeping:write");

const registerFixedAsset = commandRoute("fixed_assets.register", "body", {
  ...WRITE,
  method: "post",
  path: BASE,
  summary: "Register a fixed asset (anläggningstillgång) by hand or from a supplier invoice's line",
  description: PROSE.createDescription,
  params: CompanyParams,
  body: FixedAssetCreateSchema,
  response: FixedAssetSchema,
  status: 201,
});

const listRoute = defineRoute({
  ...READ,
  method: "get",
  path: BASE,
  summary: "List the fixed assets, oldest registration first",
  params: CompanyParams,
  response: z.array(FixedAssetSchema),
});

async function listFixedAssetsHandler(c: HandlerContext<typeof listRoute>) {
  const rows = await listFixedAssets(database(c.env), c.get("company").id);
  return json(c, rows.map(fixedAssetJson));
}

const registerRoute = defineRoute({
  ...READ,
  method: "get",
  path: `${BASE}/register`,
  summary: PROSE.registerSummary,
  description: PROSE.registerDescription,
  params: CompanyParams,
  query: RegisterQuery,
  response: RegisterSchema,
});

async function fixedAssetRegisterHandler(c: HandlerContext<typeof registerRoute>) {
  return json(c, await fixedAssetRegister(database(c.env), c.get("company").id, c.req.valid("query").as_of));
}

const createDepreciationRun = commandRoute("fixed_assets.depreciation_run", "body", {
  ...WRITE,
  method: "post",
  path: `${BASE}/depreciation-runs`,
  summary: PROSE.runSummary,
  description: PROSE.runDescription,
  params: CompanyParams,
  body: DepreciationRunCreateSchema,
  response: DepreciationRunSchema,
  status: 201,
});

const createTaxDepreciation = commandRoute("fixed_assets.tax_depreciation", "body", {
  ...WRITE,
  method: "post",
  path: `${BASE}/tax-depreciation`,
  summary: "Book the year's tax depreciation of inventarier (30- or 20-regeln) as överavskrivningar",
  description: PROSE.taxDescription,
  params: CompanyParams,
  body: TaxDepreciationCreateSchema,
  response: TaxDepreciationSchema,
  status: 201,
});

const getRoute = defineRoute({
  ...READ,
  method: "get",
  path: `${BASE}/{id}`,
  summary: "Get a fixed asset",
  params: CompanyItemParams,
  response: FixedAssetSchema,
});

async function getFixedAssetHandler(c: HandlerContext<typeof getRoute>) {
  const { id } = c.req.valid("param");
  return json(c, fixedAssetJson(await loadFixedAsset(database(c.env), c.get("company").id, id)));
}

const disposeFixedAsset = commandRoute("fixed_assets.dispose", "body+id", {
  ...WRITE,
  method: "post",
  path: `${BASE}/{id}/dispose`,
  summary: "Sell or scrap a fixed asset: depreciation to the month, removal, gain or loss",
  description: PROSE.disposeDescription,
  params: CompanyItemParams,
  body: DisposeSchema,
  response: DisposalSchema,
});

export function registerFixedAssetRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(registerFixedAsset.route, registerFixedAsset.handler);
  app.openapi(listRoute, listFixedAssetsHandler);
  app.openapi(registerRoute, fixedAssetRegisterHandler);
  app.openapi(createDepreciationRun.route, createDepreciationRun.handler);
  app.openapi(createTaxDepreciation.route, createTaxDepreciation.handler);
  app.openapi(getRoute, getFixedAssetHandler);
  app.openapi(disposeFixedAsset.route, disposeFixedAsset.handler);
}
