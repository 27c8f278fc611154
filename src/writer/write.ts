// A write of the books as a value (issue #42: the plan carries the whole write). The ledger
// returns one for every entry it posts, commits, cancels, reverses or imports: its statements
// and what they make true beyond their rows (the journal_entry.committed events they announce,
// the voucher numbers they take, the drafts they create or change). A command puts it among
// its plan's statements, in the order the batch must run them; the runner commits the
// statements and, after the batch, hands the rest on: the events to the outbox (in the same
// batch), the numbers and drafts to the company's state (src/writer/company-state.ts). Nothing
// travels beside the plan, so a write a bulk item dropped leaves no trace.
import type { journalEntries, journalLines } from "../db/schema";
import type { Statement } from "../db/statement";
import type { PlannedEvent } from "./events";

/** A draft journal entry as D1 holds it: the entry row and its lines in order. */
export interface HeldDraft {
  entry: typeof journalEntries.$inferSelect;
  lines: (typeof journalLines.$inferSelect)[];
}

/**
 * An entry a write posts, as the batch writes it: chained by the runner (src/ledger/chain.ts),
 * with the SHA-256 of the documents linked to it when it is posted (a committed draft's).
 */
export type ChainedEntry = HeldDraft & { documents?: readonly string[] };

/**
 * A document linked to an entry that is posted already, or posted by the same batch: it takes a
 * place of its own in the company's chain (kind "document", docs/verifiable-ledger.md).
 */
export interface ChainedDocument {
  kind: "document";
  documentId: string;
  entryId: string;
  sha256: string;
}

/** What a write adds to the company's chain, in order. */
export type Chained = ChainedEntry | ChainedDocument;

/** A voucher number a write takes: its (period, series) key (numberingKey) and the number. */
export interface TakenNumber {
  key: string;
  n: number;
}

export class Write {
  /** the statements, in the order the batch runs them */
  readonly statements: Statement[];
  /** what the statements announce once committed */
  readonly events: PlannedEvent[];
  /** the voucher numbers the statements write */
  readonly numbers: TakenNumber[];
  /** the drafts the statements create (held by the writer once committed) */
  readonly createdDrafts: HeldDraft[];
  /** the drafts the statements commit, cancel or link a document to (no longer held once committed) */
  readonly changedDrafts: string[];
  /** the entries the statements post, in posting order, and the documents they link to posted entries: each gets its place in the company's chain */
  readonly chained: Chained[];
  /** the chain's head after the statements, when they chain entries themselves (the backfill) */
  readonly chainHead: { seq: number; hash: string; pending: boolean } | null;

  constructor(parts: Partial<Omit<Write, "statements">> & { statements: Statement[] }) {
    this.statements = parts.statements;
    this.events = parts.events ?? [];
    this.numbers = parts.numbers ?? [];
    this.createdDrafts = parts.createdDrafts ?? [];
    this.changedDrafts = parts.changedDrafts ?? [];
    this.chained = parts.chained ?? [];
    this.chainHead = parts.chainHead ?? null;
  }
}

/** What a plan lists for its batch: a plain statement, or a write with what it makes true. */
export type PlannedWrite = Statement | Write;

/** The batch's statements in order, and the writes they came in. */
export function unfold(planned: readonly PlannedWrite[]): { statements: Statement[]; writes: Write[] } {
  const statements: Statement[] = [];
  const writes: Write[] = [];
  for (const p of planned) {
    if (p instanceof Write) {
      writes.push(p);
      statements.push(...p.statements);
    } else statements.push(p);
  }
  return { statements, writes };
}

/** The write of an entry a plan may not have posted (null): none, or that one. */
export function writeOf(entry: { write: Write } | null | undefined): Write[] {
  return entry ? [entry.write] : [];
}
