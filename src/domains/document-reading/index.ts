// Supplier invoices and receipts read from their PDF into proposals, and used (issue #43).
// Owns: document_proposals.
export { registerDocumentReadingRoutes } from "./routes";
export { draftReceipt, readDocument, registerProposal } from "./commands";
