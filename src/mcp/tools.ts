// The MCP tools are made from the OpenAPI document, never written by hand: every
// /api/v1 operation is one tool whose input schema is its parameters and body, whose
// description is its summary and description, and whose call is that operation.

type Json = Record<string, unknown>;

interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  description?: string;
  schema?: Json;
}

interface Operation {
  summary?: string;
  /** whether the operation changes anything (src/http/route.ts) */
  "x-writes"?: boolean;
  "x-scopes"?: string[];
  description?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Json }> };
  security?: unknown[];
  tags?: string[];
}

export interface OpenApiDocument {
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Json> };
}

export interface ToolDef {
  name: string;
  title: string;
  description: string;
  inputSchema: Json & { type: "object"; properties: Record<string, Json>; required: string[] };
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  path: string;
  pathParams: string[];
  queryParams: string[];
  body: "json" | "multipart" | null;
  /** binary fields of a multipart body: sent as files */
  fileFields: string[];
  dryRun: boolean;
  idempotency: boolean;
  /** the API-key scopes any one of which admits the call (the document's x-scopes); empty: none asked */
  scopes: string[];
  /** whether the operation changes anything (the document's x-writes; a POST that only reads, such as a search, does not) */
  writes: boolean;
}

const METHODS = ["get", "post", "patch", "put", "delete"] as const;

/** Names the tool after the operation: the method and the path's fixed segments. */
export function toolName(method: string, path: string): string {
  const segments = path.replace(/^\/api\/v1\//, "").split("/");
  // Most operations live under /companies/{companyId}/: that prefix adds nothing.
  const company = segments[0] === "companies" && segments[1] === "{companyId}" && segments.length > 2;
  const rest = company ? segments.slice(2) : segments;
  const words = rest
    .map((s, i) => (s.startsWith("{") ? (i === rest.length - 1 ? s.slice(1, -1) : "") : s))
    .filter(Boolean);
  return `${method}_${words.join("_")}`
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/[^A-Za-z0-9_]/g, "_")
    .toLowerCase();
}

/** Replaces every #/components/schemas/X by its schema, so each tool's schema stands alone. */
function inline(schema: unknown, components: Record<string, Json>, seen: string[] = []): unknown {
  if (Array.isArray(schema)) return schema.map((s) => inline(s, components, seen));
  if (!schema || typeof schema !== "object") return schema;
  const obj = schema as Json;
  if (typeof obj.$ref === "string") {
    const name = obj.$ref.replace(/^#\/components\/schemas\//, "");
    // a recursive schema is cut at its second appearance (none in the API today)
    if (seen.includes(name) || !components[name]) return { type: "object" };
    const { $ref: _ref, ...siblings } = obj;
    return { ...(inline(components[name], components, [...seen, name]) as Json), ...siblings };
  }
  return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, inline(v, components, seen)]));
}

const FILE_SCHEMA = {
  type: "object",
  description: "a file: its name, media type and bytes in base64",
  properties: {
    filename: { type: "string" },
    content_type: { type: "string", description: "e.g. application/pdf, image/jpeg, text/plain" },
    content_base64: { type: "string", description: "the file's bytes, base64-encoded" },
  },
  required: ["filename", "content_type", "content_base64"],
};

export function toolsFromDocument(doc: OpenApiDocument): ToolDef[] {
  const components = doc.components?.schemas ?? {};
  const tools: ToolDef[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    if (!path.startsWith("/api/v1/")) continue; // the admin API answers to the operator's token, not a key
    for (const method of METHODS) {
      const op = item[method];
      if (!op || op.tags?.includes("Account")) continue; // the account's routes answer only to a session
      const properties: Record<string, Json> = {};
      const required: string[] = [];
      const pathParams: string[] = [];
      const queryParams: string[] = [];
      let dryRun = false;
      let idempotency = false;
      for (const p of op.parameters ?? []) {
        if (p.in === "header") {
          if (p.name.toLowerCase() === "x-dry-run") dryRun = true;
          if (p.name.toLowerCase() === "idempotency-key") idempotency = true;
          continue;
        }
        if (p.in !== "path" && p.in !== "query") continue;
        if (properties[p.name]) throw new Error(`${method} ${path}: parameter ${p.name} appears twice`);
        properties[p.name] = {
          ...(inline(p.schema ?? { type: "string" }, components) as Json),
          ...(p.description ? { description: p.description } : {}),
        };
        if (p.in === "path" || p.required) required.push(p.name);
        (p.in === "path" ? pathParams : queryParams).push(p.name);
      }
      let body: ToolDef["body"] = null;
      const fileFields: string[] = [];
      const content = op.requestBody?.content ?? {};
      if (content["application/json"]) {
        body = "json";
        properties.body = {
          ...(inline(content["application/json"].schema ?? {}, components) as Json),
          description: "the request body",
        };
      } else if (content["multipart/form-data"]) {
        body = "multipart";
        const schema = inline(content["multipart/form-data"].schema ?? {}, components) as Json & {
          properties?: Record<string, Json>;
        };
        const props = Object.fromEntries(
          Object.entries(schema.properties ?? {}).map(([k, v]) => {
            if (v.format !== "binary") return [k, v];
            fileFields.push(k);
            return [k, { ...FILE_SCHEMA, ...(v.description ? { description: v.description } : {}) }];
          }),
        );
        properties.body = {
          ...schema,
          properties: props,
          description: "the form fields; a file as {filename, content_type, content_base64}",
        };
      }
      if (body && op.requestBody?.required) required.push("body");
      if (dryRun) {
        properties.dry_run = {
          type: "boolean",
          description:
            "true: run the whole command and commit nothing; the answer is what would be committed (meta.dry_run " +
            "= true). Preview every write this way first, then call again without it.",
        };
      }
      if (idempotency) {
        properties.idempotency_key = {
          type: "string",
          description:
            "Idempotency-Key; one is generated when omitted. Send the same key to repeat a call safely: a replay returns the first answer.",
        };
      }
      const scope = /Scope: `([^`]+)`/.exec(op.description ?? "")?.[1] ?? null;
      const scopes = op["x-scopes"] ?? (scope ? [scope] : []);
      tools.push({
        name: toolName(method, path),
        title: op.summary ?? `${method.toUpperCase()} ${path}`,
        description: [op.summary, `${method.toUpperCase()} ${path}`, op.description].filter(Boolean).join("\n\n"),
        inputSchema: { type: "object", properties, required },
        method: method.toUpperCase() as ToolDef["method"],
        path,
        pathParams,
        queryParams,
        body,
        fileFields,
        dryRun,
        idempotency,
        scopes,
        writes: typeof op["x-writes"] === "boolean" ? op["x-writes"] : method !== "get",
      });
    }
  }
  const names = new Set<string>();
  for (const t of tools) {
    if (names.has(t.name)) throw new Error(`two operations would be the tool ${t.name}`);
    names.add(t.name);
  }
  return tools;
}

/** The HTTP request a tool call makes, with the caller's Authorization header. */
export function requestFor(
  tool: ToolDef,
  args: Record<string, unknown>,
  origin: string,
  authorization: string,
): Request {
  let path = tool.path;
  for (const name of tool.pathParams) {
    const value = args[name];
    if (value === undefined || value === null || value === "") throw new ToolInputError(`${name} is required`);
    path = path.replace(`{${name}}`, encodeURIComponent(String(value)));
  }
  const url = new URL(path, origin);
  for (const name of tool.queryParams) {
    const value = args[name];
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const v of value) url.searchParams.append(name, String(v));
    else url.searchParams.set(name, String(value));
  }
  const headers = new Headers({ Authorization: authorization, "User-Agent": "bokforing-mcp/1" });
  if (tool.idempotency)
    headers.set(
      "Idempotency-Key",
      typeof args.idempotency_key === "string" && args.idempotency_key
        ? args.idempotency_key
        : `mcp-${crypto.randomUUID()}`,
    );
  if (tool.dryRun && args.dry_run === true) headers.set("X-Dry-Run", "true");
  let body: BodyInit | undefined;
  if (tool.body === "json" && args.body !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(args.body);
  } else if (tool.body === "multipart" && args.body !== undefined) {
    const form = new FormData();
    for (const [k, v] of Object.entries((args.body ?? {}) as Record<string, unknown>)) {
      if (v === undefined || v === null) continue;
      if (tool.fileFields.includes(k)) {
        const file = v as { filename?: string; content_type?: string; content_base64?: string };
        if (typeof file.content_base64 !== "string") throw new ToolInputError(`body.${k}.content_base64 is required`);
        let bytes: Uint8Array;
        try {
          bytes = Uint8Array.from(atob(file.content_base64), (ch) => ch.charCodeAt(0));
        } catch {
          throw new ToolInputError(`body.${k}.content_base64 is not base64`);
        }
        form.append(
          k,
          new File([bytes], file.filename ?? k, { type: file.content_type ?? "application/octet-stream" }),
        );
      } else form.append(k, typeof v === "string" ? v : JSON.stringify(v));
    }
    body = form;
  }
  return new Request(url, { method: tool.method, headers, body });
}

export class ToolInputError extends Error {}
