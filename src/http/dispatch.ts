// Hands a validated write to the company's Durable Object and renders its result.
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { nowIso } from "../clock";
import type { CommandResult } from "../commands/result";
import { companyWriter } from "../commands/submit";
import type { CommandInput, CommandName } from "../commands/names";
import { ApiError } from "../errors/api-error";
import type { AppEnv } from "./context";
import { sha256Hex } from "./crypto";
import { errorBody, requestVersion, successBody } from "./envelope";
import { BOOKMARK_HEADER } from "./read-session";

export interface DispatchOptions {
  /** what the body hash covers when `input` carries server-made values (e.g. a new id) */
  hashOf?: unknown;
  /** companies.create: the database the new company goes to */
  placement?: string;
  /** runs after a write that committed (not a dry run, not a replay), before the answer; its failure is the answer */
  committed?: (result: CommandResult) => Promise<void>;
}

/**
 * Reads the dry-run flag from `?dry_run=` and `X-Dry-Run:`. Only `true` and `false`
 * (any case) are understood; any other value (`1`, `yes`, `on`, empty) is a 400, so a
 * caller who meant a preview never has the write performed for real.
 */
export function isDryRun(c: Context<AppEnv>): boolean {
  const query = dryRunFlag(c.req.query("dry_run"), { parameter: "dry_run" });
  const header = dryRunFlag(c.req.header("X-Dry-Run"), { header: "X-Dry-Run" });
  return query === true || header === true;
}

/** `undefined` when absent; refuses a value that is neither `true` nor `false`. */
function dryRunFlag(raw: string | undefined, where: Record<string, string>): boolean | undefined {
  if (raw === undefined) return undefined;
  const value = raw.trim().toLowerCase();
  if (value === "true") return true;
  if (value === "false") return false;
  throw new ApiError(
    "VALIDATION_ERROR",
    where,
    `Dry-run must be "true" or "false"; "${raw.slice(0, 20)}" is not understood, so nothing was done.`,
  );
}

/**
 * Runs command `name` in the company's writer. Idempotency and dry-run follow the
 * route's own declaration (defineRoute), so a route states them once.
 */
export async function dispatch<N extends CommandName>(
  c: Context<AppEnv>,
  name: N,
  input: CommandInput<N>,
  opts: DispatchOptions = {},
): Promise<Response> {
  const route = c.get("writeOptions");
  if (!route) throw new Error(`dispatch(${name}) from a route that defineRoute did not declare as a write`);
  const key = route.idempotency === "ignored" ? undefined : c.req.header("Idempotency-Key");
  if (route.idempotency === "required" && !key) {
    throw new ApiError(
      "VALIDATION_ERROR",
      { header: "Idempotency-Key" },
      "The Idempotency-Key header is mandatory on this endpoint.",
    );
  }
  if (key !== undefined && (key.length < 1 || key.length > 255)) {
    throw new ApiError(
      "VALIDATION_ERROR",
      { header: "Idempotency-Key" },
      "Idempotency-Key must be 1 to 255 characters.",
    );
  }
  const dryRun = isDryRun(c);
  if (dryRun && !route.dryRun) {
    // Never commit a request whose caller believes it is a preview.
    throw new ApiError("VALIDATION_ERROR", { parameter: "dry_run" }, "This endpoint does not support dry-run.");
  }
  const company = c.get("company");
  const auth = c.get("auth");
  const bodyHash = await sha256Hex(
    `${c.req.method} ${new URL(c.req.url).pathname}\n${JSON.stringify(opts.hashOf ?? input ?? null)}`,
  );
  // a request beyond the rate limit never reaches the writer (src/http/auth.ts counts it beside the route's checks)
  await c.get("rateGate")?.();
  const stub = companyWriter(c.env, company.id);
  // the writer verifies the access itself first (authentication may have ordered its
  // checks on an answer this isolate held: src/http/writer-access.ts)
  const check = c.get("writerCheck");
  const access =
    check?.demandFor(company.id, { scope: route.scope, company: route.company, write: route.write }) ?? null;
  const result = await stub.execute({
    name,
    input,
    idempotency: key ? { key, bodyHash } : null,
    access,
    ...(opts.placement ? { placement: opts.placement } : {}),
    ctx: {
      companyId: company.id,
      requestId: c.get("requestId"),
      apiKeyId: auth.apiKeyId,
      userId: auth.userId,
      role: company.role,
      unattendedCommitLimitOre: auth.unattendedCommitLimitOre,
      staging: auth.staging,
      dryRun,
      now: nowIso(),
      apiVersion: requestVersion(c),
    },
  });
  if (access) check?.verifiedBy(result.status, result.ok);
  if (result.ok && !result.dryRun && !result.replayed) await opts.committed?.(result);
  return render(c, result);
}

export function render(c: Context<AppEnv>, result: CommandResult): Response {
  if (result.replayed) c.header("Idempotent-Replayed", "true");
  // diagnostic: the D1 round trips the company's writer made for this write
  if (result.roundTrips !== undefined) c.header("X-D1-Round-Trips", String(result.roundTrips));
  if (result.dryRun) c.header("X-Dry-Run", "true");
  if (result.bookmark) c.header(BOOKMARK_HEADER, result.bookmark);
  for (const [name, value] of Object.entries(result.headers ?? {})) c.header(name, value);
  if (!result.ok) {
    const { code, message, details } = result.error;
    return c.json(errorBody(code, c.get("requestId"), message, details), result.status as ContentfulStatusCode);
  }
  if (result.status === 204) return c.body(null, 204);
  const meta = result.dryRun ? { dry_run: true } : result.audit ? { audit: result.audit } : {};
  return c.json(successBody(c, result.data, meta), result.status as ContentfulStatusCode);
}
