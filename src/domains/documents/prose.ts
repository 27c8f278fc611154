// The OpenAPI prose of routes.ts, kept out of the route constants (issue #42).
import { prose } from "../../http/prose";

export const PROSE = {
  uploadDocumentDescription: prose`
    multipart/form-data: file, optional upload_source and journal_entry_id. The type is detected
    from the bytes (DOC_UPLOAD_UNSUPPORTED_TYPE, 415); over 10 MB is DOC_UPLOAD_TOO_LARGE (413).
    SHA-256 is computed and the file stored in R2 at version 1. No dry-run. Emits
    document.uploaded.
  `,
  uploadVersionDescription: prose`
    Refused with 409 CONFLICT (reason linked_to_posted_entry) once the document supports a
    posted entry. Earlier versions stay downloadable.
  `,
  downloadUrlDescription: prose`
    The URL is served by this API from R2, at the configured public address (PUBLIC_BASE_URL),
    never the request's Host; an expired or altered URL is refused. Each call emits
    document.accessed and is audited.
  `,
  linkDocumentDescription: prose`
    Both must belong to the company (else NOT_FOUND). Re-linking overwrites; there is no unlink.
    Once linked to a posted entry the document is immutable.
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  uploadDocument: {
    summary: "Upload a document (PDF, JPEG, PNG or WebP, at most 10 MB)",
    description: PROSE.uploadDocumentDescription,
  },
  uploadVersion: {
    summary: "Upload a replacement: a new version becomes current",
    description: PROSE.uploadVersionDescription,
  },
  listDocuments: {
    summary: "List documents (current versions unless all_versions=true)",
  },
  getDocument: {
    summary: "Get a document",
  },
  downloadUrl: {
    summary: "A signed download URL, valid 900 seconds",
    description: PROSE.downloadUrlDescription,
  },
  linkDocument: {
    summary: "Link a document to a journal entry (and optionally one of its lines)",
    description: PROSE.linkDocumentDescription,
  },
  downloadFile: {
    summary: "Download a file by its signed URL (from .../download)",
  },
};
