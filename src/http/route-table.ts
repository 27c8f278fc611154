// The one layout of a room's routes (docs/architecture.md, "Routes"). A room is declared as
// data (`companyRoom` or `routeRoom`: its path and read/write options), and the kinds of
// route most rooms have are one line each (`room.create`, `room.update`, `room.remove`,
// `room.action`, `room.list`, `room.get`). Any other route that only hands its request to
// one command is `commandRoute` (the command, which part of the request is its input, and
// the spec), and its handler is made here, named after the command; a route that reads or
// does work of its own keeps a hand-written named handler (`handled(route, handler)`). Every
// spec starts with `on.<method>(options, path, docs)`, the docs being the room's prose.ts
// `DOCS`. The room's register function hands its list to `registerRoutes`, in the order
// the OpenAPI document lists them.
import type { OpenAPIHono, RouteConfig, RouteHandler, z } from "@hono/zod-openapi";
import type { CommandInput, CommandName } from "../commands/names";
import type { AppEnv } from "./context";
import { dispatch } from "./dispatch";
import { CompanyItemParams, CompanyParams, ItemParams } from "./params";
import { defineRoute, type DefinedRoute, type HandlerContext, type RouteSpec } from "./route";

/**
 * What a command route hands its command, a closed set: the body (`"body"`), the body with
 * the path's `id` (`"body+id"`), only the path's `id` (`"id"`), the path's parameters
 * (`"params"`), the body with them (`"body+params"`), or nothing (`"none"`, `{}`).
 */
export type CommandShape = "body" | "body+id" | "id" | "params" | "body+params" | "none";

// biome-ignore lint/suspicious/noExplicitAny: any shape of object schema
type AnyObject = z.ZodObject<any>;
type BodyOf<B> = B extends z.ZodTypeAny ? z.output<B> : never;
type ParamsOf<P> = P extends AnyObject ? z.output<P> : never;
type InputOf<S extends CommandShape, P, B> = S extends "body"
  ? BodyOf<B>
  : S extends "body+id"
    ? Omit<BodyOf<B>, "id"> & { id: string }
    : S extends "id"
      ? { id: string }
      : S extends "params"
        ? ParamsOf<P>
        : S extends "body+params"
          ? BodyOf<B> & ParamsOf<P>
          : Record<never, never>;

/** The route's input must be what its command takes; else the spec asks for an impossible field. */
type Fits<N extends CommandName, S extends CommandShape, P, B> = [InputOf<S, P, B>] extends [CommandInput<N>]
  ? unknown
  : { input_does_not_fit_command: N };

/** A route and its handler, as a room's register function lists them. */
export interface RouteEntry<R extends RouteConfig = RouteConfig> {
  route: R;
  handler: RouteHandler<R, AppEnv>;
}

type ShapeContext = { req: { valid(target: "json"): object; valid(target: "param"): { id: string } } };

/** The command's input, taken from the request as `shape` says. */
function inputOf(c: ShapeContext, shape: CommandShape): object {
  switch (shape) {
    case "body":
      return c.req.valid("json");
    case "body+id":
      return { ...c.req.valid("json"), id: c.req.valid("param").id };
    case "id":
      return { id: c.req.valid("param").id };
    case "params":
      return c.req.valid("param");
    case "body+params":
      return { ...c.req.valid("json"), ...c.req.valid("param") };
    case "none":
      return {};
  }
}

/**
 * A route whose handler dispatches command `name` with the request's `shape`. The handler's
 * name is the command's (`budgets.create`), so stack traces and the named-handlers test see it.
 */
export function commandRoute<
  N extends CommandName,
  S extends CommandShape,
  P extends AnyObject | undefined = undefined,
  Q extends AnyObject | undefined = undefined,
  B extends z.ZodTypeAny | undefined = undefined,
>(name: N, shape: S, spec: RouteSpec<P, Q, B> & Fits<N, S, P, B>): RouteEntry<DefinedRoute<P, Q, B>> {
  const route = defineRoute(spec);
  async function handler(c: HandlerContext<typeof route> & ShapeContext) {
    return dispatch(c, name, inputOf(c, shape) as CommandInput<N>);
  }
  Object.defineProperty(handler, "name", { value: name });
  return { route, handler: handler as unknown as RouteHandler<DefinedRoute<P, Q, B>, AppEnv> };
}

/** A route with a hand-written named handler (a read, or a write that does work before its command). */
export function handled<R extends RouteConfig>(route: R, handler: RouteHandler<R, AppEnv>): RouteEntry<R> {
  return { route, handler };
}

/** Registers a room's routes in the order given (the order of the OpenAPI document). */
// biome-ignore lint/suspicious/noExplicitAny: each entry is typed by its own route
export function registerRoutes(app: OpenAPIHono<AppEnv>, entries: readonly RouteEntry<any>[]): void {
  for (const { route, handler } of entries) app.openapi(route, handler);
}

/** A route's summary and description, from its room's prose.ts (`DOCS`). */
export interface RouteDocs {
  summary: string;
  description?: string;
}

// The path parameters a route's path implies, when they are the ones most routes share
// (src/http/params.ts): `{companyId}` alone, `{companyId}` and `{id}`, or `{id}` alone.
// A route with parameters of its own states `params` after the spread.
type Placeholders<P extends string> = P extends `${string}{${infer N}}${infer Rest}` ? N | Placeholders<Rest> : never;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type ImpliedParams<P extends string> =
  Same<Placeholders<P>, "companyId"> extends true
    ? { params: typeof CompanyParams }
    : Same<Placeholders<P>, "companyId" | "id"> extends true
      ? { params: typeof CompanyItemParams }
      : Same<Placeholders<P>, "id"> extends true
        ? { params: typeof ItemParams }
        : Record<never, never>;

function impliedParams(path: string): { params?: AnyObject } {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).join(",");
  const params = { companyId: CompanyParams, "companyId,id": CompanyItemParams, id: ItemParams }[names];
  return params ? { params } : {};
}

type Method = "get" | "post" | "patch" | "delete";

function at<const M extends Method>(method: M) {
  return <const O extends object, const P extends string>(options: O, path: P, docs: RouteDocs) =>
    ({ ...options, method, path, ...docs, ...impliedParams(path) }) as unknown as O & {
      method: M;
      path: P;
      summary: string;
      description?: string;
    } & ImpliedParams<P>;
}

/**
 * The start of a route's spec, spread into it: the room's options (READ, WRITE), the method,
 * the path, its docs, and the path parameters the path implies: `...on.post(WRITE, BASE, DOCS.create)`.
 */
export const on = { get: at("get"), post: at("post"), patch: at("patch"), delete: at("delete") };

/**
 * The options of a room's routes: `read` for its reads (the read scope), `write` for its
 * writes (the write scope, Idempotency-Key and dry run).
 */
export function roomAccess<T extends string, R extends string, W extends string>(
  tag: T,
  read: R,
  write: W,
  idempotency: "required" | "optional" = "required",
) {
  return {
    read: { tag, scope: read, company: true } as const,
    write: { tag, scope: write, company: true, write: true, idempotency, dryRun: true } as const,
  };
}

type ParamsAt<P extends string> = ImpliedParams<P> extends { params: infer S extends AnyObject } ? S : undefined;
type Response = z.ZodTypeAny | null;
/** A body the command takes as its input (with the path's `id` when `S` is "body+id"). */
type BodyFor<N extends CommandName, S extends CommandShape, B> = B & Fits<N, S, undefined, B>;

/**
 * The kinds of route most rooms have, declared once from the room's read and write options
 * and its collection path: a route of one of them is one line in its room. Each gives the
 * spec its room would write out (`on.*` and the schemas); any other route is a
 * `commandRoute` or a `defineRoute` of its own.
 */
export function routeRoom<const B extends string, const R extends object, const W extends object>(
  base: B,
  { read, write }: { read?: R; write?: W },
) {
  const item = `${base}/{id}` as const;
  const command = (name: CommandName, shape: CommandShape, spec: object) =>
    commandRoute(name, shape, spec as never) as RouteEntry<RouteConfig>;
  return {
    /** the room's collection path, for a route of its own: `${room.base}/{id}/pdf` */
    base,
    /** the room's options, for a route of its own: `on.post(room.write, path, docs)` */
    read: (read ?? {}) as R,
    write: (write ?? {}) as W,
    /** GET the collection: a read with its own handler */
    list<Q extends AnyObject | null>(docs: RouteDocs, query: Q, response: z.ZodTypeAny) {
      const spec = { ...on.get(read ?? {}, base, docs), ...(query ? { query } : {}), response };
      return defineRoute(spec as never) as DefinedRoute<ParamsAt<B>, Q extends AnyObject ? Q : undefined, undefined>;
    },
    /** GET one row: a read with its own handler */
    get(docs: RouteDocs, response: z.ZodTypeAny) {
      return defineRoute({ ...on.get(read ?? {}, item, docs), response } as never) as DefinedRoute<
        ParamsAt<typeof item>,
        undefined,
        undefined
      >;
    },
    /** POST the collection: the body is the command's input; 201 */
    create<N extends CommandName, S extends z.ZodTypeAny>(
      name: N,
      docs: RouteDocs,
      body: BodyFor<N, "body", S>,
      response: Response,
    ) {
      return command(name, "body", { ...on.post(write ?? {}, base, docs), body, response, status: 201 });
    },
    /** PATCH one row: the body and the row's id are the command's input */
    update<N extends CommandName, S extends z.ZodTypeAny>(
      name: N,
      docs: RouteDocs,
      body: BodyFor<N, "body+id", S>,
      response: Response,
    ) {
      return command(name, "body+id", { ...on.patch(write ?? {}, item, docs), body, response });
    },
    /** DELETE one row: the row's id is the command's input; 204 */
    remove<N extends CommandName>(name: N & Fits<N, "id", undefined, undefined>, docs: RouteDocs) {
      return command(name, "id", { ...on.delete(write ?? {}, item, docs), response: null, status: 204 });
    },
    /** POST `{id}/<verb>`: the row's id, with the body when there is one, is the command's input */
    action<N extends CommandName, S extends z.ZodTypeAny | null>(
      name: N,
      verb: string,
      docs: RouteDocs,
      body: S extends z.ZodTypeAny ? BodyFor<N, "body+id", S> : null & Fits<N, "id", undefined, undefined>,
      response: Response,
    ) {
      const spec = { ...on.post(write ?? {}, `${item}/${verb}`, docs), ...(body ? { body } : {}), response };
      return command(name, body ? "body+id" : "id", spec);
    },
  };
}

/**
 * A room of company routes declared as data: its collection path, its tag and the scopes of
 * its reads and writes (`roomAccess`), e.g.
 * `companyRoom({ path: ".../accruals", tag: "Accruals", read: "reports:read", write: "bookkeeping:write" })`.
 */
export function companyRoom<const P extends string, T extends string, R extends string, W extends string>(room: {
  path: P;
  tag: T;
  read: R;
  write: W;
  idempotency?: "required" | "optional";
}) {
  return routeRoom(room.path, roomAccess(room.tag, room.read, room.write, room.idempotency));
}
