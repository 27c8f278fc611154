// The two envelopes of the API (spec: Response envelope; Errors). This module is the
// only place an error envelope is built.
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ERROR_CATALOGUE, type ErrorCode } from "../errors/catalogue";
import type { AuditMeta } from "../commands/plan";
import type { AppEnv } from "./context";
import { currentVersion } from "./versions";

export const DOCS_BASE = "/api/v1/errors/";

export interface SuccessMeta {
  next_cursor?: string | null;
  audit?: AuditMeta;
  partial_expansions?: string[];
  dry_run?: boolean;
}

/** The dated version this request is answered in; the current one before it is decided (src/http/versions.ts). */
export function requestVersion(c: Context<AppEnv>): string {
  return c.get("apiVersion") ?? currentVersion();
}

export function successBody(c: Context<AppEnv>, data: unknown, meta: SuccessMeta = {}) {
  return { data, meta: { request_id: c.get("requestId"), api_version: requestVersion(c), ...meta } };
}

export function json(c: Context<AppEnv>, data: unknown, status: ContentfulStatusCode = 200, meta: SuccessMeta = {}) {
  return c.json(successBody(c, data, meta), status);
}

export function errorBody(
  code: ErrorCode,
  requestId: string,
  messageEn?: string,
  details?: Record<string, unknown> | null,
  texts?: { sv?: string; hint?: string } | null,
) {
  const entry = ERROR_CATALOGUE[code];
  return {
    error: {
      code,
      message: texts?.sv ?? (code === "VALIDATION_ERROR" ? validationMessageSv(details, messageEn) : entry.sv),
      message_en: messageEn ?? entry.en,
      details: details ?? null,
      docs_url: DOCS_BASE + code,
      request_id: requestId,
      recovery_hint: texts?.hint ?? entry.hint ?? null,
    },
  };
}

// zod's issue codes in Swedish, for the field list of a VALIDATION_ERROR
const ISSUE_SV: Record<string, string> = {
  invalid_type: "saknas eller har fel typ",
  too_small: "är för litet eller för kort",
  too_big: "är för stort eller för långt",
  invalid_format: "har fel format",
  invalid_string: "har fel format",
  invalid_value: "är inte ett tillåtet värde",
  invalid_enum_value: "är inte ett tillåtet värde",
  unrecognized_keys: "innehåller okända fält",
  invalid_union: "har fel form",
  not_multiple_of: "har för många decimaler",
  invalid_date: "är inget giltigt datum",
};

interface FieldProblem {
  path?: string;
  message?: string;
  code?: string;
}

/**
 * The Swedish message of a VALIDATION_ERROR says what is wrong, as message_en does: the
 * fields and what is wrong with each (zod's issue code in Swedish, else the English
 * reason quoted), or the header or parameter named, else the English reason itself.
 */
export function validationMessageSv(
  details: Record<string, unknown> | null | undefined,
  messageEn: string | undefined,
): string {
  const base = ERROR_CATALOGUE.VALIDATION_ERROR.sv.replace(/\.$/, "");
  const fields = Array.isArray(details?.fields) ? (details.fields as FieldProblem[]) : [];
  if (fields.length) {
    const missing = (f: FieldProblem) => f.code === "invalid_type" && /received undefined/i.test(f.message ?? "");
    const reason = (f: FieldProblem) =>
      missing(f) ? "saknas" : ((f.code && ISSUE_SV[f.code]) ?? `är ogiltigt (${f.message ?? "okänt fel"})`);
    const listed = fields.slice(0, 3).map((f) => `${f.path ? `fältet ${f.path}` : "anropet"} ${reason(f)}`);
    const more = fields.length > 3 ? ` (och ${fields.length - 3} till, se details.fields)` : "";
    return `${base}: ${listed.join("; ")}${more}.`;
  }
  if (typeof details?.header === "string")
    return `${base}: headern ${details.header} saknas eller är ogiltig${messageEn ? ` (${messageEn})` : ""}.`;
  if (typeof details?.parameter === "string")
    return `${base}: parametern ${details.parameter} är ogiltig${messageEn ? ` (${messageEn})` : ""}.`;
  return messageEn ? `${base}: ${messageEn}` : ERROR_CATALOGUE.VALIDATION_ERROR.sv;
}
