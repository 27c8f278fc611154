// A file as the answer (a PDF, a SIE file), with the pipeline's headers that a JSON
// envelope would otherwise carry.
import type { Context } from "hono";
import type { AppEnv } from "./context";
import { requestVersion } from "./envelope";

/**
 * Headers every download carries: the browser must not guess another type from the
 * bytes (a stored file rendered as HTML), and no shared cache keeps a company's file.
 */
export const DOWNLOAD_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Cache-Control": "private, no-store",
} as const;

export function fileResponse(
  c: Context<AppEnv>,
  bytes: Uint8Array | ReadableStream,
  contentType: string,
  fileName: string,
): Response {
  return new Response(bytes, {
    headers: {
      "Content-Type": contentType,
      "Content-Disposition": `attachment; filename="${fileName}"`,
      ...DOWNLOAD_HEADERS,
      "X-Request-Id": c.get("requestId"),
      "Service-Version": requestVersion(c),
    },
  });
}
