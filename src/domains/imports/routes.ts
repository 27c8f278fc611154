import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { PROSE, DOCS } from "./prose";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { ApiError } from "../../errors/api-error";
import type { AppEnv } from "../../http/context";
import { sha256Hex, sha256HexOfStream } from "../../http/crypto";
import { dispatch, isDryRun } from "../../http/dispatch";
import { defineRoute, type HandlerContext, withBody } from "../../http/route";
import { FILE_LIMITS } from "../../formats/limits";
import { newId } from "../../ids";
import { OperationSchema } from "../operations";
import { splitBase64Member } from "./json-file-body";
import type { SieImportStart } from "./commands";
import { handled, on, registerRoutes } from "../../http/route-table";

export const MAX_SIE_BYTES = FILE_LIMITS.sie.bytes;

const Options = z
  .object({
    updateAccountNames: z.boolean().default(false).openapi({
      description: PROSE.updateAccountNamesField,
    }),
    allowOpeningDifference: z.boolean().default(false).openapi({
      description: PROSE.allowOpeningDifferenceField,
    }),
    allowBalanceMismatch: z.boolean().default(false).openapi({
      description: PROSE.allowBalanceMismatchField,
    }),
  })
  .strict();
const JsonBody = z
  .object({ file_base64: z.string().min(1), file_name: z.string().max(255).optional(), options: Options.optional() })
  .openapi("SieImportJson");
const FormBody = z.object({
  file: z.instanceof(File).openapi({ type: "string", format: "binary" }),
  options: z.string().optional().openapi({
    description:
      'JSON, e.g. {"updateAccountNames": true, "allowBalanceMismatch": true, "allowOpeningDifference": true}',
  }),
});

const tooLarge = (details: Record<string, number> = {}) =>
  new ApiError("VALIDATION_ERROR", { max_bytes: MAX_SIE_BYTES, ...details }, "A SIE file may be at most 50 MB.");

/** Base64 makes a 50 MB file about 67 MB of JSON. */
const sizeGate = createMiddleware<AppEnv>(async (c, next) => {
  const length = Number(c.req.header("Content-Length") ?? 0);
  if (length > Math.ceil((MAX_SIE_BYTES * 4) / 3) + 64 * 1024) {
    throw tooLarge({ content_length: length });
  }
  await next();
});

/** The file of a JSON body, decoded as the body streamed in (json-file-body.ts), for the handler. */
const streamedFiles = new WeakMap<Context<AppEnv>, Uint8Array>();

/**
 * A JSON body's file_base64 is decoded here, as the body arrives, and never held as
 * text; the route's schema and text rules then see the rest of the body, with a marker
 * in the file's place.
 */
const jsonFileGate = createMiddleware<AppEnv>(async (c, next) => {
  if ((c.req.header("Content-Type") ?? "").toLowerCase().startsWith("application/json")) {
    const length = Number(c.req.header("Content-Length") ?? 0);
    const split = await splitBase64Member(c.req.raw.body, "file_base64", {
      maxBytes: MAX_SIE_BYTES,
      expectedBytes: Math.ceil((length * 3) / 4),
      tooLarge: () => tooLarge(),
    });
    if (split.file) streamedFiles.set(c, split.file);
    const headers = new Headers(c.req.raw.headers);
    headers.delete("Content-Length");
    c.req.raw = new Request(c.req.raw.url, { method: c.req.raw.method, headers, body: split.rest });
  }
  await next();
});

const WRITE = {
  tag: "Imports",
  scope: "bookkeeping:write",
  company: true,
  idempotency: "optional",
  extraMiddleware: [sizeGate, jsonFileGate],
} as const;

const importSieRoute = withBody(
  defineRoute({
    ...on.post(WRITE, "/api/v1/companies/{companyId}/imports/sie", DOCS.importSie),
    response: OperationSchema,
    status: 202,
  }),
  {
    content: { "application/json": { schema: JsonBody }, "multipart/form-data": { schema: FormBody } },
    required: false,
  },
);

async function importSie(c: HandlerContext<typeof importSieRoute>) {
  if (isDryRun(c))
    throw new ApiError("VALIDATION_ERROR", { parameter: "dry_run" }, "SIE import does not support dry-run.");
  const type = (c.req.header("Content-Type") ?? "").toLowerCase();
  let file: Blob | Uint8Array;
  let fileName: string;
  let options: z.infer<typeof Options>;
  if (type.startsWith("multipart/form-data")) {
    const form = c.req.valid("form") as z.infer<typeof FormBody>;
    // the form's file is kept as the runtime holds it, and hashed and stored as a stream
    file = form.file;
    fileName = form.file.name || "import.se";
    let raw: unknown = {};
    try {
      raw = form.options ? JSON.parse(form.options) : {};
    } catch {
      throw new ApiError("VALIDATION_ERROR", { fields: [{ path: "options", message: "not JSON" }] });
    }
    const parsed = Options.safeParse(raw);
    if (!parsed.success)
      throw new ApiError("VALIDATION_ERROR", {
        fields: parsed.error.issues.map((i) => ({ path: `options.${i.path.join(".")}`, message: i.message })),
      });
    options = parsed.data;
  } else if (type.startsWith("application/json")) {
    const body = c.req.valid("json") as z.infer<typeof JsonBody>;
    const streamed = streamedFiles.get(c);
    if (!streamed) throw new Error("a JSON body's file was not read by jsonFileGate");
    file = streamed;
    fileName = body.file_name ?? "import.se";
    options = body.options ?? Options.parse({});
  } else {
    throw new ApiError(
      "VALIDATION_ERROR",
      { header: "Content-Type" },
      "Send multipart/form-data with a file, or JSON with file_base64.",
    );
  }
  const size = file instanceof Uint8Array ? file.byteLength : file.size;
  if (size === 0) throw new ApiError("VALIDATION_ERROR", { fields: [{ path: "file", message: "the file is empty" }] });
  if (size > MAX_SIE_BYTES) throw tooLarge({ file_size_bytes: size });
  const companyId = c.get("company").id;
  const importId = newId();
  const start: SieImportStart = {
    importId,
    sha256: file instanceof Uint8Array ? await sha256Hex(file) : await sha256HexOfStream(file.stream()),
    r2Key: `companies/${companyId}/imports/${importId}.se`,
    fileName,
    fileSizeBytes: size,
    updateAccountNames: options.updateAccountNames,
    allowBalanceMismatch: options.allowBalanceMismatch,
    allowOpeningDifference: options.allowOpeningDifference,
  };
  return startWithFile(c, start, file);
}

export function registerImportRoutes(app: OpenAPIHono<AppEnv>) {
  registerRoutes(app, [handled(importSieRoute, importSie)]);
}

/**
 * Unlike other files, the SIE file is not a step of the command's plan: at up to 50 MB
 * it does not fit the 32 MiB a Durable Object call may carry. So it is put before the
 * command, and removed again unless the command recorded a new import that names it
 * (a refusal such as SIE_IMPORT_DUPLICATE, a replay, a failed batch, a thrown error).
 */
async function startWithFile(c: Context<AppEnv>, start: SieImportStart, file: Blob | Uint8Array): Promise<Response> {
  // no file is stored for a request beyond the rate limit (dispatch would refuse it after)
  await c.get("rateGate")?.();
  await c.env.DOCUMENTS.put(start.r2Key, file, {
    httpMetadata: { contentType: "text/plain" },
    customMetadata: { sha256: start.sha256, company_id: c.get("company").id },
  });
  const { importId: _i, r2Key: _k, ...hashed } = start;
  let res: Response | null = null;
  try {
    res = await dispatch(c, "imports.sie_start", start, { hashOf: hashed });
    return res;
  } finally {
    // a failed clean-up leaves only wasted space, and must not hide the answer
    if (res?.status !== 202 || res.headers.get("Idempotent-Replayed"))
      await c.env.DOCUMENTS.delete(start.r2Key).catch((err) => console.error("orphan SIE file", start.r2Key, err));
  }
}
