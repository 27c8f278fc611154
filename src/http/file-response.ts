// A file as the answer (a PDF, a SIE file), with the pipeline's headers that a JSON
// envelope would otherwise carry.
import type { Context } from "hono";
import type { AppEnv } from "./context";

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
      "X-Request-Id": c.get("requestId"),
      "Service-Version": c.env.SERVICE_VERSION,
    },
  });
}
