// The route set shared by the company registers (customers, suppliers): list with
// search and archive filter, get with one expansion, create, bulk-create, PATCH and
// DELETE-as-archive. Each register supplies its schemas, queries and command names.
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import type { CommandName } from "../commands/names";
import { database, type Database } from "../db/client";
import type { Env } from "../env";
import { BatchResultSchemaOf } from "./bulk-schema";
import type { AppEnv } from "./context";
import { dispatch } from "./dispatch";
import { json } from "./envelope";
import { finishPage, pageRequest, type PageRequest } from "./pagination";
import { CompanyParams, CompanyItemParams } from "./params";
import { booleanQuery, defineRoute, type HandlerContext } from "./route";

/** Loads the open items of one party for `expand` (a domain above the register answers it). */
export type ExpandLoader = (db: Database, companyId: string, id: string) => Promise<unknown[]>;

export interface RegisterSpec<Row extends { id: string; createdAt: string }> {
  tag: string;
  /** path segment, e.g. "customers"; also the array name in bulk-create bodies */
  plural: string;
  readScope: string;
  writeScope: string;
  schemas: { item: z.ZodTypeAny; create: z.ZodTypeAny; patch: z.ZodTypeAny };
  /** name of the expansion on GET and what it adds (always resolved in full) */
  expand: { name: string; load: ExpandLoader };
  list: (
    db: Database,
    companyId: string,
    q: { include_archived?: boolean; search?: string },
    page: PageRequest,
  ) => Promise<Row[]>;
  load: (db: Database, companyId: string, id: string) => Promise<Row>;
  toJson: (env: Env, row: Row) => unknown;
  // Each register's create/patch schema is the one its command parses, so the body is
  // handed on as the command's input (typed per register at its own call of dispatch).
  commands: { create: CommandName; bulkCreate: CommandName; update: CommandName; archive: CommandName };
  notes: { create: string; patch: string };
}

export function registerRegisterRoutes<Row extends { id: string; createdAt: string }>(
  app: OpenAPIHono<AppEnv>,
  spec: RegisterSpec<Row>,
) {
  const base = `/api/v1/companies/{companyId}/${spec.plural}`;
  const write = {
    tag: spec.tag,
    scope: spec.writeScope,
    company: true,
    idempotency: "required",
    dryRun: true,
  } as const;

  // The handlers are declared in here, named, because each closes over its register's spec.
  const listRowsRoute = defineRoute({
    method: "get",
    path: base,
    tag: spec.tag,
    summary: `List ${spec.plural}`,
    description:
      "search matches the name or the organisation number (with or without hyphen). Archived rows only with include_archived=true.",
    scope: spec.readScope,
    company: true,
    params: CompanyParams,
    query: z.object({
      include_archived: booleanQuery.optional(),
      search: z.string().min(1).max(100).optional(),
      cursor: z.string().optional(),
      limit: z.coerce.number().int().min(1).max(100).default(50),
    }),
    response: z.array(spec.schemas.item),
  });
  async function listRows(c: HandlerContext<typeof listRowsRoute>) {
    const q = c.req.valid("query");
    const companyId = c.get("company").id;
    const page = await pageRequest(
      c,
      `${spec.plural}:${companyId}:${q.include_archived}:${q.search}`,
      q.cursor,
      q.limit,
    );
    const rows = await spec.list(database(c.env), companyId, q, page);
    const { items, nextCursor } = await finishPage(c, page, rows, (r) => ({ k: r.createdAt, i: r.id }));
    return json(c, await Promise.all(items.map((r) => spec.toJson(c.env, r))), 200, { next_cursor: nextCursor });
  }

  const getRowRoute = defineRoute({
    method: "get",
    path: `${base}/{id}`,
    tag: spec.tag,
    summary: `Get one of the ${spec.plural}`,
    description: `expand=${spec.expand.name} adds the open ${spec.expand.name.replaceAll("_", " ")}.`,
    scope: spec.readScope,
    company: true,
    params: CompanyItemParams,
    query: z.object({ expand: z.enum([spec.expand.name]).optional() }),
    response: spec.schemas.item,
  });
  async function getRow(c: HandlerContext<typeof getRowRoute>) {
    const db = database(c.env);
    const companyId = c.get("company").id;
    const row = await spec.load(db, companyId, c.req.valid("param").id);
    const data = (await spec.toJson(c.env, row)) as Record<string, unknown>;
    if (c.req.valid("query").expand !== spec.expand.name) return json(c, data);
    return json(c, { ...data, [spec.expand.name]: await spec.expand.load(db, companyId, row.id) });
  }

  const createRowRoute = defineRoute({
    ...write,
    method: "post",
    path: base,
    summary: `Create one of the ${spec.plural}`,
    description: spec.notes.create,
    params: CompanyParams,
    body: spec.schemas.create,
    response: spec.schemas.item,
    status: 201,
  });
  async function createRow(c: HandlerContext<typeof createRowRoute>) {
    return dispatch(c, spec.commands.create, c.req.valid("json") as never);
  }

  const bulkCreateRowsRoute = defineRoute({
    ...write,
    method: "post",
    path: `${base}/bulk-create`,
    summary: `Create up to 50 ${spec.plural}; each succeeds or fails on its own`,
    description:
      "The Idempotency-Key covers the whole batch; a replay returns the whole first response. all_or_nothing: true is 501.",
    params: CompanyParams,
    body: z.object({ [spec.plural]: z.array(z.unknown()).min(1).max(50), all_or_nothing: z.boolean().optional() }),
    response: BatchResultSchemaOf(spec.schemas.item),
  });
  async function bulkCreateRows(c: HandlerContext<typeof bulkCreateRowsRoute>) {
    return dispatch(c, spec.commands.bulkCreate, c.req.valid("json") as never);
  }

  const updateRowRoute = defineRoute({
    ...write,
    method: "patch",
    path: `${base}/{id}`,
    summary: `Update one of the ${spec.plural}`,
    description: spec.notes.patch,
    params: CompanyItemParams,
    body: spec.schemas.patch,
    response: spec.schemas.item,
  });
  async function updateRow(c: HandlerContext<typeof updateRowRoute>) {
    return dispatch(c, spec.commands.update, {
      ...(c.req.valid("json") as object),
      id: c.req.valid("param").id,
    } as never);
  }

  const archiveRowRoute = defineRoute({
    ...write,
    method: "delete",
    path: `${base}/{id}`,
    summary: "Archive (204; archiving again is a no-op)",
    params: CompanyItemParams,
    response: null,
    status: 204,
  });
  async function archiveRow(c: HandlerContext<typeof archiveRowRoute>) {
    return dispatch(c, spec.commands.archive, { id: c.req.valid("param").id } as never);
  }

  app.openapi(listRowsRoute, listRows);
  app.openapi(getRowRoute, getRow);
  app.openapi(createRowRoute, createRow);
  app.openapi(bulkCreateRowsRoute, bulkCreateRows);
  app.openapi(updateRowRoute, updateRow);
  app.openapi(archiveRowRoute, archiveRow);
}
