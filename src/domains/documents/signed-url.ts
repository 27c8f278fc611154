// Download URLs are signed by the Worker (HMAC-SHA256 with DOCUMENT_URL_SECRET) and
// served by the Worker itself from R2. A URL names company, document and expiry; any
// change to them, or a time past the expiry, makes it invalid.
import { ApiError } from "../../errors/api-error";
import { hmacSha256Hex, timingSafeEqual } from "../../http/crypto";

export const DOWNLOAD_URL_TTL_SECONDS = 900;

function secret(value: string | undefined): string {
  if (!value)
    throw new ApiError("INTERNAL_ERROR", { setting: "DOCUMENT_URL_SECRET" }, "DOCUMENT_URL_SECRET is not configured.");
  return value;
}

export async function signDownload(
  secretValue: string | undefined,
  companyId: string,
  documentId: string,
  expires: number,
): Promise<string> {
  return hmacSha256Hex(secret(secretValue), `${companyId}:${documentId}:${expires}`);
}

export async function verifyDownload(
  secretValue: string | undefined,
  companyId: string,
  documentId: string,
  expires: string | undefined,
  signature: string | undefined,
  nowSeconds: number,
) {
  const exp = Number(expires);
  if (!Number.isInteger(exp) || !signature)
    throw new ApiError("FORBIDDEN", { reason: "invalid_signature" }, "The download link is not valid.");
  const expected = await signDownload(secretValue, companyId, documentId, exp);
  if (!timingSafeEqual(signature, expected))
    throw new ApiError("FORBIDDEN", { reason: "invalid_signature" }, "The download link is not valid.");
  if (exp < nowSeconds)
    throw new ApiError(
      "FORBIDDEN",
      { reason: "expired", expired_at: new Date(exp * 1000).toISOString() },
      "The download link has expired; ask for a new one.",
    );
}
