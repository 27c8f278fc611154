// The one layout of a room's routes. A route that only hands its request to one command is
// declared as data (`commandRoute`: the command, which part of the request is its input,
// and the route's spec) and its handler is made here; a route that reads or does work of
// its own keeps a hand-written named handler (`handled(route, handler)`). The room's
// register function hands the list to `registerRoutes`, in the order the OpenAPI document
// lists them. Summaries and descriptions live in the room's prose.ts (`...DOCS.create`).
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
