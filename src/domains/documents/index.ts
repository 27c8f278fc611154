// The document archive (R2): receipts, generated PDFs, links to entries.
// Owns: documents.
export { registerDocumentRoutes } from "./routes";
export {
  accessDocument,
  archiveGeneratedDocument,
  documentsForEntry,
  documentWithBytes,
  linkDocument,
  planLinkToNewEntry,
  r2KeyFor,
  storedDocumentFile,
  uploadDocument,
} from "./commands";
