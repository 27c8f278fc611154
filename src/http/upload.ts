// A multipart file upload's size rules, the same for every route that takes a file: the
// request is refused from its Content-Length before the body is read, and the file itself
// must be neither empty nor over the route's limit.
import { createMiddleware } from "hono/factory";
import { ApiError } from "../errors/api-error";
import type { AppEnv } from "./context";

/** What multipart framing adds around the file (boundaries, part headers, other fields). */
const FRAMING_BYTES = 64 * 1024;

/** Refuses a request whose Content-Length cannot hold a file of at most `maxBytes` (the route's refusal). */
export function uploadSizeGate(maxBytes: number, refusal: (details: Record<string, number>) => ApiError) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const length = Number(c.req.header("Content-Length") ?? 0);
    if (length > maxBytes + FRAMING_BYTES) throw refusal({ max_bytes: maxBytes, content_length: length });
    await next();
  });
}

/** The uploaded file's bytes; an empty file is VALIDATION_ERROR on `file`, one over `maxBytes` the route's refusal. */
export async function uploadedBytes(
  file: File,
  maxBytes: number,
  refusal: (details: Record<string, number>) => ApiError,
): Promise<Uint8Array> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.byteLength === 0)
    throw new ApiError("VALIDATION_ERROR", { fields: [{ path: "file", message: "the file is empty" }] });
  if (bytes.byteLength > maxBytes) throw refusal({ max_bytes: maxBytes, file_size_bytes: bytes.byteLength });
  return bytes;
}
