// The route set shared by the company registers (customers, suppliers): list with
// search and archive filter, get with one expansion, create, bulk-create, PATCH and
// DELETE-as-archive. Each register supplies its schemas, queries and notes; its scopes
// are `<plural>:read` and `<plural>:write`, its commands `<plural>.create`,
// `.bulk_create`, `.update` and `.archive`.
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import type { CommandName } from "../commands/names";
import { database, type Database } from "../db/client";
import type { Env } from "../env";
import { BatchResultSchemaOf } from "./bulk-schema";
import type { AppEnv } from "./context";
import { dispatch } from "./dispatch";
import { json } from "./envelope";
import { byCreated, finishPage, pageRequest, type PageRequest } from "./pagination";
import { CompanyParams, CompanyItemParams } from "./params";
import { booleanQuery, defineRoute, type HandlerContext } from "./route";
import { handled, on, registerRoutes } from "./route-table";

/** Loads the open items of one party for `expand` (a domain above the register answers it). */
export type ExpandLoader = (db: Database, companyId: string, id: string) => Promise<unknown[]>;

type RegisterRow = { id: string; createdAt: string };

export interface RegisterSpec<Row extends RegisterRow> {
  tag: string;
  /** path segment, e.g. "customers"; also the array name in bulk-create bodies, the scopes' and commands' prefix */
  plural: string;
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
  notes: { create: string; patch: string };
}

/** What each route of a register is declared from: the spec, its base path and its write options. */
interface Register<Row extends RegisterRow> {
  app: OpenAPIHono<AppEnv>;
  spec: RegisterSpec<Row>;
  base: string;
  read: { tag: string; scope: string; company: true };
  write: { tag: string; scope: string; company: true; idempotency: "required"; dryRun: true };
  // Each register's create/patch schema is the one its command parses, so the body is
  // handed on as the command's input (typed per register at its own call of dispatch).
  command: (verb: "create" | "bulk_create" | "update" | "archive") => CommandName;
}

export function registerRegisterRoutes<Row extends RegisterRow>(app: OpenAPIHono<AppEnv>, spec: RegisterSpec<Row>) {
  const r: Register<Row> = {
    app,
    spec,
    base: `/api/v1/companies/{companyId}/${spec.plural}`,
    read: { tag: spec.tag, scope: `${spec.plural}:read`, company: true },
    write: { tag: spec.tag, scope: `${spec.plural}:write`, company: true, idempotency: "required", dryRun: true },
    command: (verb) => `${spec.plural}.${verb}` as CommandName,
  };
  // in the order the OpenAPI document lists them
  listRows(r);
  getRow(r);
  createRows(r);
  changeRow(r);
}

// Each handler is declared, named, inside its route's function, as it closes over its register's spec.

function listRows<Row extends RegisterRow>({ app, spec, base, read }: Register<Row>) {
  const listRowsRoute = defineRoute({
    ...on.get(read, base, {
      summary: `List ${spec.plural}`,
      description:
        "search matches the name or the organisation number (with or without hyphen). Archived rows only with include_archived=true.",
    }),
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
    const key = `${spec.plural}:${companyId}:${q.include_archived}:${q.search}`;
    const page = await pageRequest(c, key, q.cursor, q.limit);
    const rows = await spec.list(database(c.env), companyId, q, page);
    const { items, nextCursor } = await finishPage(c, page, rows, byCreated);
    return json(c, await Promise.all(items.map((r) => spec.toJson(c.env, r))), 200, { next_cursor: nextCursor });
  }
  registerRoutes(app, [handled(listRowsRoute, listRows)]);
}

function getRow<Row extends RegisterRow>({ app, spec, base, read }: Register<Row>) {
  const getRowRoute = defineRoute({
    ...on.get(read, `${base}/{id}`, {
      summary: `Get one of the ${spec.plural}`,
      description: `expand=${spec.expand.name} adds the open ${spec.expand.name.replaceAll("_", " ")}.`,
    }),
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
  registerRoutes(app, [handled(getRowRoute, getRow)]);
}

/** POST one, and bulk-create. */
function createRows<Row extends RegisterRow>({ app, spec, base, write, command }: Register<Row>) {
  const createRowRoute = defineRoute({
    ...on.post(write, base, { summary: `Create one of the ${spec.plural}`, description: spec.notes.create }),
    params: CompanyParams,
    body: spec.schemas.create,
    response: spec.schemas.item,
    status: 201,
  });
  async function createRow(c: HandlerContext<typeof createRowRoute>) {
    return dispatch(c, command("create"), c.req.valid("json") as never);
  }

  const bulkCreateRowsRoute = defineRoute({
    ...on.post(write, `${base}/bulk-create`, {
      summary: `Create up to 50 ${spec.plural}; each succeeds or fails on its own`,
      description:
        "The Idempotency-Key covers the whole batch; a replay returns the whole first response. all_or_nothing: true is 501.",
    }),
    params: CompanyParams,
    body: z.object({ [spec.plural]: z.array(z.unknown()).min(1).max(50), all_or_nothing: z.boolean().optional() }),
    response: BatchResultSchemaOf(spec.schemas.item),
  });
  async function bulkCreateRows(c: HandlerContext<typeof bulkCreateRowsRoute>) {
    return dispatch(c, command("bulk_create"), c.req.valid("json") as never);
  }
  registerRoutes(app, [handled(createRowRoute, createRow), handled(bulkCreateRowsRoute, bulkCreateRows)]);
}

/** PATCH one, and DELETE-as-archive. */
function changeRow<Row extends RegisterRow>({ app, spec, base, write, command }: Register<Row>) {
  const updateRowRoute = defineRoute({
    ...on.patch(write, `${base}/{id}`, { summary: `Update one of the ${spec.plural}`, description: spec.notes.patch }),
    params: CompanyItemParams,
    body: spec.schemas.patch,
    response: spec.schemas.item,
  });
  async function updateRow(c: HandlerContext<typeof updateRowRoute>) {
    const input = { ...(c.req.valid("json") as object), id: c.req.valid("param").id };
    return dispatch(c, command("update"), input as never);
  }

  const archiveRowRoute = defineRoute({
    ...on.delete(write, `${base}/{id}`, { summary: "Archive (204; archiving again is a no-op)" }),
    params: CompanyItemParams,
    response: null,
    status: 204,
  });
  async function archiveRow(c: HandlerContext<typeof archiveRowRoute>) {
    return dispatch(c, command("archive"), { id: c.req.valid("param").id } as never);
  }
  registerRoutes(app, [handled(updateRowRoute, updateRow), handled(archiveRowRoute, archiveRow)]);
}
