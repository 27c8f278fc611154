import { ERROR_CATALOGUE, type ErrorCode } from "./catalogue";

/**
 * A refusal with a catalogue code. Any layer may throw it; only src/http turns it
 * into the error envelope. `message` overrides the catalogue's English text when
 * the case needs more precision (the Swedish text always comes from the catalogue).
 */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly details: Record<string, unknown> | null;
  readonly status: number;
  readonly headers: Record<string, string>;
  /** the Swedish message and the recovery hint, where the catalogue's would mislead (see withTexts) */
  texts: { sv?: string; hint?: string } | null = null;

  constructor(
    code: ErrorCode,
    details?: Record<string, unknown> | null,
    message?: string,
    headers?: Record<string, string>,
  ) {
    super(message ?? ERROR_CATALOGUE[code].en);
    this.code = code;
    this.details = details ?? null;
    this.status = ERROR_CATALOGUE[code].status;
    this.headers = headers ?? {};
  }

  /** Overrides the catalogue's Swedish message and recovery hint for this refusal (an admin token is not an API key). */
  withTexts(texts: { sv?: string; hint?: string }): this {
    this.texts = texts;
    return this;
  }
}

/** VALIDATION_ERROR for one field, in the shape the pipeline's own validation gives (details.fields[]). */
export function fieldError(path: string, message: string): ApiError {
  return new ApiError("VALIDATION_ERROR", { fields: [{ path, message }] }, message);
}

/** The serialisable form of a refusal, as a command returns it across the Durable Object boundary. */
export interface ErrorResult {
  code: ErrorCode;
  message: string;
  details: Record<string, unknown> | null;
}

export function toErrorResult(err: ApiError): ErrorResult {
  return { code: err.code, message: err.message, details: err.details };
}
