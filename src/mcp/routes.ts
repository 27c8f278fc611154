// POST /mcp: the Model Context Protocol over Streamable HTTP (stateless: every request
// is served by a fresh server and transport, answered as JSON), behind the same bearer
// key as /api/v1. The tools are the API's operations (./tools.ts), read from the
// OpenAPI document the app serves, and a call runs through the app itself.
import type { OpenAPIHono } from "@hono/zod-openapi";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { Context } from "hono";
import { authenticate } from "../http/auth";
import type { AppEnv } from "../http/context";
import { BOOKMARK_HEADER } from "../http/read-session";
import { laterBookmark } from "../db/session";
import { createMcpServer } from "./server";
import { toolsFromDocument, type OpenApiDocument, type ToolDef } from "./tools";

const toolsOf = new WeakMap<object, ToolDef[]>();

/**
 * The bookmark carried through the tool calls of one MCP request: each call reads at
 * least what the client's bookmark and the calls before it left (a write, then a read of
 * it), and the MCP answer carries the latest, for the client's next request.
 */
function bookmarkRelay(asked: string | undefined) {
  let latest: string | null = asked ?? null;
  return {
    async relay(request: Request, fetchApi: (r: Request) => Response | Promise<Response>): Promise<Response> {
      if (latest && !request.headers.has(BOOKMARK_HEADER)) request.headers.set(BOOKMARK_HEADER, latest);
      const res = await fetchApi(request);
      latest = laterBookmark(latest, res.headers.get(BOOKMARK_HEADER));
      return res;
    },
    stamp(res: Response): Response {
      if (!latest) return res;
      const out = new Response(res.body, res);
      out.headers.set(BOOKMARK_HEADER, latest);
      return out;
    },
  };
}

export function registerMcpRoutes(app: OpenAPIHono<AppEnv>) {
  /** The tools, made once per app from its document (all routes are registered by the first request). */
  const tools = (version: string) => {
    let made = toolsOf.get(app);
    if (!made) {
      const doc = app.getOpenAPI31Document({ openapi: "3.1.0", info: { title: "Bokföring API", version } });
      made = toolsFromDocument(doc as unknown as OpenApiDocument);
      toolsOf.set(app, made);
    }
    return made;
  };

  async function handleMcpRequest(c: Context<AppEnv>) {
    let executionCtx: Context<AppEnv>["executionCtx"] | undefined;
    try {
      executionCtx = c.executionCtx;
    } catch {
      executionCtx = undefined;
    }
    const bookmarks = bookmarkRelay(c.req.header(BOOKMARK_HEADER));
    const server = createMcpServer({
      tools: tools(c.env.SERVICE_VERSION),
      // in-process: the same pipeline (auth, rate limit, scopes, validation, dispatch)
      fetchApi: async (request) => bookmarks.relay(request, (r) => app.fetch(r, c.env, executionCtx)),
      origin: new URL(c.req.url).origin,
      authorization: c.req.header("Authorization")!,
      scopes: c.get("auth").scopes,
      version: c.env.SERVICE_VERSION,
    });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    try {
      return bookmarks.stamp(await transport.handleRequest(c.req.raw));
    } finally {
      await server.close();
    }
  }

  app.post("/mcp", authenticate, handleMcpRequest);
  // Stateless: no server-initiated stream to open (GET) and no session to end (DELETE).
  app.on(["GET", "DELETE"], "/mcp", authenticate, function refuseStreamOrSession(c) {
    return c.json(
      {
        jsonrpc: "2.0",
        error: { code: -32000, message: "Method not allowed: this server is stateless; send JSON-RPC with POST." },
        id: null,
      },
      405,
      { Allow: "POST" },
    );
  });
}
