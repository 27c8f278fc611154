// The two envelopes of the API (spec: Response envelope; Errors). This module is the
// only place an error envelope is built.
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ERROR_CATALOGUE, type ErrorCode } from "./error-catalogue";
import type { AppEnv } from "./context";

export const DOCS_BASE = "/api/v1/errors/";

export interface AuditMeta {
  voucher_number: string | null;
  voucher_url: string | null;
  audit_trail_url: string;
  immutable_at: string | null;
}

export interface SuccessMeta {
  next_cursor?: string | null;
  audit?: AuditMeta;
  partial_expansions?: string[];
  dry_run?: boolean;
}

export function successBody(c: Context<AppEnv>, data: unknown, meta: SuccessMeta = {}) {
  return { data, meta: { request_id: c.get("requestId"), api_version: c.env.SERVICE_VERSION, ...meta } };
}

export function json(c: Context<AppEnv>, data: unknown, status: ContentfulStatusCode = 200, meta: SuccessMeta = {}) {
  return c.json(successBody(c, data, meta), status);
}

export function errorBody(code: ErrorCode, requestId: string, messageEn?: string, details?: Record<string, unknown> | null) {
  const entry = ERROR_CATALOGUE[code];
  return {
    error: {
      code,
      message: entry.sv,
      message_en: messageEn ?? entry.en,
      details: details ?? null,
      docs_url: DOCS_BASE + code,
      request_id: requestId,
      recovery_hint: entry.hint ?? null,
    },
  };
}
