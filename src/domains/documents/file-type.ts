// The archive takes PDF, JPEG, PNG and WebP, recognised by their first bytes, not by
// the name or the declared type (a renamed executable stays refused).

import { FILE_LIMITS } from "../../formats/limits";

export type ArchiveMime = "application/pdf" | "image/jpeg" | "image/png" | "image/webp";

const startsWith = (b: Uint8Array, sig: number[], at = 0) => sig.every((v, i) => b[at + i] === v);

export function detectMimeType(bytes: Uint8Array): ArchiveMime | null {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return "application/pdf"; // %PDF-
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return "image/webp"; // RIFF....WEBP
  return null;
}

export const MAX_DOCUMENT_BYTES = FILE_LIMITS.document.bytes;
