// The fixed-asset register's routes: register, list, read, depreciation runs, disposal, and the
// register report checked against the ledger.
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { database } from "../../db/client";
import type { AppEnv } from "../../http/context";
import { dispatch } from "../../http/dispatch";
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

const TAG = "Fixed assets";
const BASE = "/api/v1/companies/{companyId}/fixed-assets";
// a read of the books, like the journal entries and the reports: there is no bookkeeping:read scope
const READ = { tag: TAG, scope: "reports:read", company: true } as const;
const WRITE = {
  tag: TAG,
  scope: "bookkeeping:write",
  company: true,
  write: true,
  idempotency: "required",
  dryRun: true,
} as const;

const createRoute = defineRoute({
  ...WRITE,
  method: "post",
  path: BASE,
  summary: "Register a fixed asset (anläggningstillgång) by hand or from a supplier invoice's line",
  description:
    "By hand: name, category, acquisition_date, acquisition_value, useful_life_months (not for mark). From a supplier invoice: supplier_invoice_id and line_index " +
    "(from 0); the line's account must be an asset account (1010-1299) and the value is the line's net amount in SEK. Accounts default per category " +
    "(inventarier 1220/1229/7832, datorer 1224/1229/7832, byggnader 1110/1119/7820, mark 1130, immateriella 1010/1019/7810). " +
    "Registering does NOT book the acquisition (the supplier invoice or the accountant did); book_acquisition: true with counter_account books it on a hand registration. " +
    "Depreciation starts in depreciation_start (default the acquisition month, counted in full). A line registered twice is CONFLICT (reason line_already_registered).",
  params: CompanyParams,
  body: FixedAssetCreateSchema,
  response: FixedAssetSchema,
  status: 201,
});

async function registerFixedAssetHandler(c: HandlerContext<typeof createRoute>) {
  return dispatch(c, "fixed_assets.register", c.req.valid("json"));
}

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
  summary:
    "The fixed-asset register (anläggningsregister) at a date, per asset and per account, checked against the ledger",
  description:
    "For the fiscal year covering as_of, up to as_of: opening value, additions, disposals, depreciation and closing value per asset; per account " +
    "(asset and accumulated depreciation accounts) the register's balance against the ledger's, with matches_ledger and the differences.",
  params: CompanyParams,
  query: RegisterQuery,
  response: RegisterSchema,
});

async function fixedAssetRegisterHandler(c: HandlerContext<typeof registerRoute>) {
  return json(c, await fixedAssetRegister(database(c.env), c.get("company").id, c.req.valid("query").as_of));
}

const runRoute = defineRoute({
  ...WRITE,
  method: "post",
  path: `${BASE}/depreciation-runs`,
  summary: "Book the plan's depreciation of a month or of months within one fiscal year (one entry for every asset)",
  description:
    "Body: period_from and period_to (YYYY-MM, default period_from), within one fiscal year, not after the current month. One entry dated the last day: " +
    "Debit the cost accounts / Credit the accumulated depreciation accounts, each asset's plan through period_to less what is booked for it (never below a zero residual value). " +
    "A month already in a run is 409 FIXED_ASSET_PERIOD_ALREADY_DEPRECIATED. A dry run shows the entry's lines.",
  params: CompanyParams,
  body: DepreciationRunCreateSchema,
  response: DepreciationRunSchema,
  status: 201,
});

async function createDepreciationRunHandler(c: HandlerContext<typeof runRoute>) {
  return dispatch(c, "fixed_assets.depreciation_run", c.req.valid("json"));
}

const taxRoute = defineRoute({
  ...WRITE,
  method: "post",
  path: `${BASE}/tax-depreciation`,
  summary: "Book the year's tax depreciation of inventarier (30- or 20-regeln) as överavskrivningar",
  description:
    "Body: fiscal_period_id, opening_tax_value (default the previous year's closing tax value booked here, else 0), rule (30 or 20; default the one allowing more), amount (default the rule's maximum). " +
    "Inventarier are the categories inventarier and datorer. The 30-regeln (IL 18 kap. 13-14 §§): the closing value at least 70 % of opening + additions − sale proceeds (scaled for a year of other than 12 months); " +
    "the 20-regeln (18 kap. 17 §): at least the held inventarier's acquisition values less 20 % for each year from the acquisition year. " +
    "The difference between the tax depreciation and the plan's depreciation of the year is booked on the year's last day: Debit 8853 / Credit 2153, or the reverse. " +
    "One per fiscal year (CONFLICT reason tax_depreciation_exists). A dry run shows both rules, the chosen one and the entry.",
  params: CompanyParams,
  body: TaxDepreciationCreateSchema,
  response: TaxDepreciationSchema,
  status: 201,
});

async function createTaxDepreciationHandler(c: HandlerContext<typeof taxRoute>) {
  return dispatch(c, "fixed_assets.tax_depreciation", c.req.valid("json"));
}

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

const disposeRoute = defineRoute({
  ...WRITE,
  method: "post",
  path: `${BASE}/{id}/dispose`,
  summary: "Sell or scrap a fixed asset: depreciation to the month, removal, gain or loss",
  description:
    "Body: date, sale_price (0 = scrapped), settlement_account (required with a price). One entry: the plan's depreciation still owed through the disposal month, " +
    "Debit accumulated depreciation / Credit the asset account at the acquisition value, Debit the settlement account with the price, and the difference to the book value " +
    "as a gain (3973 inventarier, 3972 byggnader och mark, 3971 immateriella) or a loss (7973, 7972, 7971). An asset disposed of already is CONFLICT (reason already_disposed).",
  params: CompanyItemParams,
  body: DisposeSchema,
  response: DisposalSchema,
});

async function disposeFixedAssetHandler(c: HandlerContext<typeof disposeRoute>) {
  return dispatch(c, "fixed_assets.dispose", { ...c.req.valid("json"), id: c.req.valid("param").id });
}

export function registerFixedAssetRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(createRoute, registerFixedAssetHandler);
  app.openapi(listRoute, listFixedAssetsHandler);
  app.openapi(registerRoute, fixedAssetRegisterHandler);
  app.openapi(runRoute, createDepreciationRunHandler);
  app.openapi(taxRoute, createTaxDepreciationHandler);
  app.openapi(getRoute, getFixedAssetHandler);
  app.openapi(disposeRoute, disposeFixedAssetHandler);
}
