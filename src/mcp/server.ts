// One MCP server per request (stateless Streamable HTTP): tools made from the OpenAPI
// document, resources (the chart of accounts, the error catalogue) and prompts. Every
// tool call and resource read is a request to the API itself, made in-process with the
// caller's bearer key, so scopes, validation, limits and errors are the API's own.
import { McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
} from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { hasScope } from "../http/auth";
import { promptTexts } from "./prompts";
import { requestFor, ToolInputError, type ToolDef } from "./tools";

/** Calls the API in-process: app.fetch with the Worker's env and execution context. */
export type InProcessFetch = (request: Request) => Promise<Response>;

export interface McpContext {
  tools: ToolDef[];
  fetchApi: InProcessFetch;
  origin: string;
  authorization: string;
  scopes: string[];
  version: string;
}

function base64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The API's answer as a tool result: JSON and text as text, a file as an embedded blob. */
async function toolResult(request: Request, res: Response): Promise<CallToolResult> {
  const type = res.headers.get("Content-Type") ?? "";
  const isError = !res.ok;
  if (res.status === 204) return { content: [{ type: "text", text: `${res.status} No Content` }], isError };
  if (/json|^text\//i.test(type)) return { content: [{ type: "text", text: await res.text() }], isError };
  const blob = base64(new Uint8Array(await res.arrayBuffer()));
  return {
    content: [
      {
        type: "resource",
        resource: { uri: request.url, mimeType: type.split(";")[0] || "application/octet-stream", blob },
      },
    ],
    isError,
  };
}

/** Reads of the API itself with the caller's key: one page, or every page of a list. */
function apiReader(ctx: McpContext) {
  const get = async (path: string) => {
    const res = await ctx.fetchApi(
      new Request(new URL(path, ctx.origin), { headers: { Authorization: ctx.authorization } }),
    );
    const body = (await res.json()) as {
      data?: unknown;
      meta?: { next_cursor?: string | null };
      error?: Record<string, string>;
    };
    // the API's refusal, passed on whole
    if (!res.ok) throw new McpError(ErrorCode.InvalidRequest, `${body.error?.code}: ${body.error?.message_en}`, body);
    return body;
  };
  const getAll = async (path: string) => {
    const items: unknown[] = [];
    let cursor: string | null | undefined;
    do {
      const page = await get(
        cursor ? `${path}${path.includes("?") ? "&" : "?"}cursor=${encodeURIComponent(cursor)}` : path,
      );
      items.push(...((page.data as unknown[]) ?? []));
      cursor = page.meta?.next_cursor;
    } while (cursor);
    return items;
  };
  return { get, getAll };
}

/**
 * Tools: listed and called through the protocol's own requests, with the schemas the
 * document gives (JSON Schema), so nothing is restated in zod. Only the tools the key may
 * call are listed.
 */
function registerTools(server: McpServer, ctx: McpContext, visible: ToolDef[]) {
  const byName = new Map(ctx.tools.map((t) => [t.name, t]));
  server.server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: visible.map((t) => ({
      name: t.name,
      title: t.title,
      description: t.description,
      inputSchema: t.inputSchema,
      annotations: {
        title: t.title,
        readOnlyHint: !t.writes,
        destructiveHint: t.method === "DELETE",
        idempotentHint: t.method === "GET",
        openWorldHint: false,
      },
    })),
  }));
  server.server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = byName.get(request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    let apiRequest: Request;
    try {
      apiRequest = requestFor(
        tool,
        (request.params.arguments ?? {}) as Record<string, unknown>,
        ctx.origin,
        ctx.authorization,
      );
    } catch (err) {
      if (err instanceof ToolInputError) return { content: [{ type: "text", text: err.message }], isError: true };
      throw err;
    }
    return toolResult(apiRequest, await ctx.fetchApi(apiRequest.clone()));
  });
}

/** Resources: the error catalogue, and each company's chart of accounts. */
function registerResources(server: McpServer, { get, getAll }: ReturnType<typeof apiReader>) {
  server.registerResource(
    "error-catalogue",
    "bokforing://errors",
    {
      title: "Error catalogue",
      description: "Every error code the API answers: HTTP status, Swedish and English message, recovery hint.",
      mimeType: "application/json",
    },
    async (uri) => ({
      contents: [
        { uri: uri.href, mimeType: "application/json", text: JSON.stringify((await get("/api/v1/errors")).data) },
      ],
    }),
  );
  server.registerResource(
    "chart-of-accounts",
    new ResourceTemplate("bokforing://companies/{companyId}/accounts", {
      list: async () => ({
        resources: ((await getAll("/api/v1/companies")) as { id: string; name: string }[]).map((c) => ({
          uri: `bokforing://companies/${c.id}/accounts`,
          name: `Kontoplan – ${c.name}`,
          mimeType: "application/json",
        })),
      }),
    }),
    {
      title: "Chart of accounts",
      description: "A company's chart of accounts (BAS): number, name, type, VAT code, active.",
      mimeType: "application/json",
    },
    async (uri, { companyId }) => ({
      contents: [
        {
          uri: uri.href,
          mimeType: "application/json",
          text: JSON.stringify(
            await getAll(`/api/v1/companies/${encodeURIComponent(String(companyId))}/accounts?limit=2000`),
          ),
        },
      ],
    }),
  );
}

function registerPrompts(server: McpServer, texts: ReturnType<typeof promptTexts>) {
  server.registerPrompt(
    "book_receipt",
    {
      title: "Book a receipt",
      description: "Book a purchase receipt (kvitto) as a verified journal entry, previewed before it is committed.",
      argsSchema: {
        companyId: z.string().describe("the company's id"),
        receipt: z
          .string()
          .describe("what the receipt says: seller, date, what was bought, total and VAT, how it was paid"),
      },
    },
    ({ companyId, receipt }) => ({
      messages: [{ role: "user", content: { type: "text", text: texts.bookReceipt(companyId, receipt) } }],
    }),
  );
  server.registerPrompt(
    "reconcile_bank",
    {
      title: "Reconcile the bank",
      description:
        "Match the month's bank transactions with invoices, supplier invoices and entries, and check 1930 against the bank balance.",
      argsSchema: { companyId: z.string().describe("the company's id"), month: z.string().describe("YYYY-MM") },
    },
    ({ companyId, month }) => ({
      messages: [{ role: "user", content: { type: "text", text: texts.reconcileBank(companyId, month) } }],
    }),
  );
  server.registerPrompt(
    "close_month",
    {
      title: "Close the month",
      description:
        "The month-end checklist: bank reconciled, receivables and payables, salaries, VAT, the numbering and the reports.",
      argsSchema: { companyId: z.string().describe("the company's id"), month: z.string().describe("YYYY-MM") },
    },
    ({ companyId, month }) => ({
      messages: [{ role: "user", content: { type: "text", text: texts.closeMonth(companyId, month) } }],
    }),
  );
}

export function createMcpServer(ctx: McpContext): McpServer {
  const server = new McpServer(
    { name: "bokforing-api", title: "Bokföring API", version: ctx.version },
    {
      capabilities: { tools: { listChanged: false } },
      instructions:
        "Swedish double-entry bookkeeping (BAS chart). Every tool is one API operation; its answer and its errors are the API's. " +
        "Amounts are kronor with at most two decimals. Preview every write with dry_run: true, show the result, then repeat without dry_run. " +
        "Commits above the key's unattended limit are refused (UNATTENDED_COMMIT_LIMIT_EXCEEDED): leave those drafts to a person. " +
        "A key that stages its writes gets 202 with a pending approval request instead: a named person commits or rejects it.",
    },
  );
  // only the tools the key may call: a tool its scopes do not admit is not listed
  const visible = ctx.tools.filter((t) => t.scopes.length === 0 || t.scopes.some((s) => hasScope(ctx.scopes, s)));
  registerTools(server, ctx, visible);
  registerResources(server, apiReader(ctx));
  registerPrompts(server, promptTexts(new Set(visible.map((t) => t.name))));
  return server;
}
