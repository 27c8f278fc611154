// The fixed-asset register's routes: register, list, read, depreciation runs, disposal, and the
// register report checked against the ledger.
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { DOCS } from "./prose";
import { database } from "../../db/client";
import type { AppEnv } from "../../http/context";
import { json } from "../../http/envelope";
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
import { commandRoute, companyRoom, handled, on, registerRoutes } from "../../http/route-table";

const BASE = "/api/v1/companies/{companyId}/fixed-assets";
// a read of the books, like the journal entries and the reports: there is no bookkeeping:read scope
const room = companyRoom({
  path: BASE,
  tag: "Fixed assets",
  read: "reports:read",
  write: "bookkeeping:write",
});

const registerFixedAsset = room.create(
  "fixed_assets.register",
  DOCS.registerFixedAsset,
  FixedAssetCreateSchema,
  FixedAssetSchema,
);

const listRoute = room.list(DOCS.list, null, z.array(FixedAssetSchema));

async function listFixedAssetsHandler(c: HandlerContext<typeof listRoute>) {
  const rows = await listFixedAssets(database(c.env), c.get("company").id);
  return json(c, rows.map(fixedAssetJson));
}

const registerRoute = defineRoute({
  ...on.get(room.read, `${BASE}/register`, DOCS.register),
  query: RegisterQuery,
  response: RegisterSchema,
});

async function fixedAssetRegisterHandler(c: HandlerContext<typeof registerRoute>) {
  return json(c, await fixedAssetRegister(database(c.env), c.get("company").id, c.req.valid("query").as_of));
}

const createDepreciationRun = commandRoute("fixed_assets.depreciation_run", "body", {
  ...on.post(room.write, `${BASE}/depreciation-runs`, DOCS.createDepreciationRun),
  body: DepreciationRunCreateSchema,
  response: DepreciationRunSchema,
  status: 201,
});

const createTaxDepreciation = commandRoute("fixed_assets.tax_depreciation", "body", {
  ...on.post(room.write, `${BASE}/tax-depreciation`, DOCS.createTaxDepreciation),
  body: TaxDepreciationCreateSchema,
  response: TaxDepreciationSchema,
  status: 201,
});

const getRoute = room.get(DOCS.get, FixedAssetSchema);

async function getFixedAssetHandler(c: HandlerContext<typeof getRoute>) {
  const { id } = c.req.valid("param");
  return json(c, fixedAssetJson(await loadFixedAsset(database(c.env), c.get("company").id, id)));
}

const disposeFixedAsset = room.action(
  "fixed_assets.dispose",
  "dispose",
  DOCS.disposeFixedAsset,
  DisposeSchema,
  DisposalSchema,
);

export function registerFixedAssetRoutes(app: OpenAPIHono<AppEnv>) {
  registerRoutes(app, [
    registerFixedAsset,
    handled(listRoute, listFixedAssetsHandler),
    handled(registerRoute, fixedAssetRegisterHandler),
    createDepreciationRun,
    createTaxDepreciation,
    handled(getRoute, getFixedAssetHandler),
    disposeFixedAsset,
  ]);
}
