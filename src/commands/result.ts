// What a write answers: to the Worker (CommandResult) and, kept under its idempotency
// key, to a replay (StoredResult: the same without how this run went).
import { type ApiError, type ErrorResult, toErrorResult } from "../errors/api-error";
import type { AuditMeta } from "./plan";

export type StoredResult =
  | { ok: true; status: number; data: unknown; audit: AuditMeta | null }
  | { ok: false; status: number; error: ErrorResult };

/** A write that went through, as kept and answered. */
export type StoredSuccess = Extract<StoredResult, { ok: true }>;

export type CommandResult = StoredResult & { replayed: boolean; dryRun: boolean } & {
  roundTrips?: number;
  /** the D1 session's bookmark after the command, named by its database (src/http/read-session.ts) */
  bookmark?: string | null;
  /** headers a refusal asks for (Retry-After of COMPANY_MOVING) */
  headers?: Record<string, string>;
};

export function failure(err: ApiError, dryRun: boolean): CommandResult {
  const headers = Object.keys(err.headers).length ? { headers: err.headers } : {};
  return { ok: false, status: err.status, error: toErrorResult(err), replayed: false, dryRun, ...headers };
}

export function fresh(result: StoredResult, dryRun: boolean): CommandResult {
  return { ...result, replayed: false, dryRun };
}
