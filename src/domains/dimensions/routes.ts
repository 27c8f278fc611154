import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { DOCS } from "./prose";
import { database } from "../../db/client";
import type { AppEnv } from "../../http/context";
import { dispatch } from "../../http/dispatch";
import { json } from "../../http/envelope";
import { CompanyParams } from "../../http/params";
import { booleanQuery, defineRoute, type HandlerContext } from "../../http/route";
import { listDimensions } from "./commands";
import { CodeCreateSchema, CodePatchSchema, DimensionCreateSchema, DimensionPatchSchema } from "./schemas";
import { companyRoom, handled, on, registerRoutes } from "../../http/route-table";

const BASE = "/api/v1/companies/{companyId}/dimensions";
const DimParams = CompanyParams.extend({ dimensionId: z.coerce.number().int().min(1).max(999) });
const CodeParams = DimParams.extend({ code: z.string().min(1).max(40) });
const CodeSchema = z
  .object({
    code: z.string(),
    name: z.string(),
    archived_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("DimensionCode");
const DimensionSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    archived_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    codes: z.array(CodeSchema),
  })
  .openapi("Dimension");
const room = companyRoom({
  path: BASE,
  tag: "Dimensions",
  read: "reports:read",
  write: "bookkeeping:write",
  idempotency: "optional",
});

const listDimensionsWithCodesRoute = defineRoute({
  ...on.get(room.read, BASE, DOCS.listDimensionsWithCodes),
  query: z.object({ include_archived: booleanQuery.optional() }),
  response: z.array(DimensionSchema),
});

async function listDimensionsWithCodes(c: HandlerContext<typeof listDimensionsWithCodesRoute>) {
  return json(
    c,
    await listDimensions(database(c.env), c.get("company").id, c.req.valid("query").include_archived ?? false),
  );
}

const createDimension = room.create("dimensions.create", DOCS.createDimension, DimensionCreateSchema, DimensionSchema);

const updateDimensionRoute = defineRoute({
  ...on.patch(room.write, `${BASE}/{dimensionId}`, DOCS.updateDimension),
  params: DimParams,
  body: DimensionPatchSchema,
  response: DimensionSchema,
});

async function updateDimension(c: HandlerContext<typeof updateDimensionRoute>) {
  return dispatch(c, "dimensions.update", { ...c.req.valid("json"), id: c.req.valid("param").dimensionId });
}

const createCodeRoute = defineRoute({
  ...on.post(room.write, `${BASE}/{dimensionId}/codes`, DOCS.createCode),
  params: DimParams,
  body: CodeCreateSchema,
  response: CodeSchema,
  status: 201,
});

async function createCode(c: HandlerContext<typeof createCodeRoute>) {
  return dispatch(c, "dimensions.create_code", { ...c.req.valid("json"), id: c.req.valid("param").dimensionId });
}

const updateCodeRoute = defineRoute({
  ...on.patch(room.write, `${BASE}/{dimensionId}/codes/{code}`, DOCS.updateCode),
  params: CodeParams,
  body: CodePatchSchema,
  response: CodeSchema,
});

async function updateCode(c: HandlerContext<typeof updateCodeRoute>) {
  const p = c.req.valid("param");
  return dispatch(c, "dimensions.update_code", { ...c.req.valid("json"), id: p.dimensionId, code: p.code });
}

export function registerDimensionRoutes(app: OpenAPIHono<AppEnv>) {
  registerRoutes(app, [
    handled(listDimensionsWithCodesRoute, listDimensionsWithCodes),
    createDimension,
    handled(updateDimensionRoute, updateDimension),
    handled(createCodeRoute, createCode),
    handled(updateCodeRoute, updateCode),
  ]);
}
