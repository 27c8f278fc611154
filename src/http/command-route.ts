// The one shape of a room's routes. Most write routes only hand their request to one
// command: `commandRoute` declares such a route with `defineRoute` and makes its handler,
// named after the command, so the room lists `app.openapi(x.route, x.handler)`.
// `roomAccess` gives the options a room's reads and writes spread into their routes.
import type { RouteConfig, RouteHandler, z } from "@hono/zod-openapi";
import type { CommandInput, CommandName } from "../commands/names";
import type { AppEnv } from "./context";
import { dispatch } from "./dispatch";
import { defineRoute, type DefinedRoute, type HandlerContext, type RouteSpec } from "./route";

/**
 * What a command route hands its command: the body (`"body"`), the body with the path's `id`
 * (`"body+id"`), or only the path's `id` (`"id"`).
 */
export type CommandShape = "body" | "body+id" | "id";

// biome-ignore lint/suspicious/noExplicitAny: any shape of object schema
type AnyObject = z.ZodObject<any>;
type BodyOf<B> = B extends z.ZodTypeAny ? z.output<B> : never;
type InputOf<S extends CommandShape, B> = S extends "body"
  ? BodyOf<B>
  : S extends "body+id"
    ? Omit<BodyOf<B>, "id"> & { id: string }
    : { id: string };

/** The route's input must be what its command takes; else the spec asks for an impossible field. */
type Fits<N extends CommandName, S extends CommandShape, B> = [InputOf<S, B>] extends [CommandInput<N>]
  ? unknown
  : { input_does_not_fit_command: N };

export interface CommandRoute<R extends RouteConfig> {
  route: R;
  handler: RouteHandler<R, AppEnv>;
}

/**
 * A route whose handler dispatches command `name` with the request's `shape`; its handler's
 * name is the command's, so stack traces and the named-functions test see it.
 */
export function commandRoute<
  N extends CommandName,
  S extends CommandShape,
  P extends AnyObject | undefined = undefined,
  Q extends AnyObject | undefined = undefined,
  B extends z.ZodTypeAny | undefined = undefined,
>(name: N, shape: S, spec: RouteSpec<P, Q, B> & Fits<N, S, B>): CommandRoute<DefinedRoute<P, Q, B>> {
  const route = defineRoute(spec);
  type Context = HandlerContext<typeof route> & {
    req: { valid(target: "json"): object; valid(target: "param"): { id: string } };
  };
  async function handler(c: Context) {
    const input =
      shape === "id"
        ? { id: c.req.valid("param").id }
        : shape === "body+id"
          ? { ...c.req.valid("json"), id: c.req.valid("param").id }
          : c.req.valid("json");
    return dispatch(c, name, input as CommandInput<N>);
  }
  Object.defineProperty(handler, "name", { value: name });
  return { route, handler: handler as unknown as RouteHandler<DefinedRoute<P, Q, B>, AppEnv> };
}

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
