// Journal entries: the HTTP face of the ledger (drafts, commit, reversal, correction).
// Owns no table: the journal belongs to src/ledger, which alone writes it.
export { registerJournalEntryRoutes } from "./routes";
export {
  batchCreateEntries,
  cancelEntry,
  commitEntry,
  correctEntry,
  createEntry,
  reverseEntry,
  toEngineLines,
} from "./commands";
export { entryFromRows, entryJson, entryReads, linesOf, loadEntry } from "./queries";
export { EntrySchema } from "./schemas";
