// The verifiable ledger's chain (issue #45, docs/verifiable-ledger.md). Every posted
// journal entry of a company, in the order its batches commit, gets a sequence number
// (1, 2, 3, ... without gaps) and a hash:
//
//   hash = hex(SHA-256(UTF-8(canonical JSON of the entry, naming the previous hash)))
//
// The canonical form is a JSON text with a fixed key order and no whitespace, written by
// ECMAScript's JSON.stringify (RFC 8259 strings; integers as digits): see
// `canonicalEntry` and the worked example in the docs. Anyone can recompute it from an
// export (bin/ledger-verify.mjs does, with node:crypto only).
//
// Version 2 (migration 0061) adds documents: an entry's form names the SHA-256 of the
// documents linked to it when it is chained, and a document linked to an entry after that
// takes a place of its own (kind "document", `canonicalDocument`). Each chain row stores the
// version its hash covers (`v`: 1 for the rows chained before, 2 since), so both verify.
//
// The chain is written by the runner (src/commands/runner.ts) in the batch that posts the
// entries: the writes the plan carries name the entries they post (`Write.chained`), and
// the company's writer holds the chain's head (last seq and hash) in its state, so a
// commit reads nothing for it. A batch built on a stale head fails on the chain's primary
// key (company_id, seq) and the command runs again.
import { byCodeUnits } from "../text";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { insertFromJson } from "../db/json-insert";
import { preparedWrite } from "../db/prepared-write";
import { ledgerChain, ledgerChainPending } from "../db/schema";
import type { Statement } from "../db/statement";
import type { StateSection, StateSession } from "../writer/company-state";
import { type Chained, type ChainedDocument, Write } from "../writer/write";

/** The previous hash of the first entry: 64 zeros. */
export const GENESIS = "0".repeat(64);
/** The version of the canonical forms new rows are chained with (1: entries without documents). */
export const CHAIN_VERSION = 2;

export interface ChainHead {
  seq: number;
  hash: string;
  /** entries posted before the chain existed are not yet all chained (ledger_chain_pending) */
  pending: boolean;
}

/** What the canonical form of an entry is built from (the rows as D1 holds them). */
export interface CanonicalEntryInput {
  id: string;
  entryDate: string;
  voucherSeries: string;
  voucherNumber: number;
  description: string;
  reversesId: string | null;
  correctionOfId: string | null;
  lines: {
    sortOrder: number;
    accountNumber: string;
    debitOre: number;
    creditOre: number;
    lineDescription: string | null;
    dimensions: Record<string, string> | null;
  }[];
  /** the SHA-256 (hex) of the documents linked to the entry when it is chained, in any order (version 2) */
  documents?: readonly string[] | null;
}

/** What the canonical form of a document's own place is built from (version 2). */
export interface CanonicalDocumentInput {
  kind: "document";
  documentId: string;
  entryId: string;
  sha256: string;
}

/** A line's dimensions as [dimension, code] pairs sorted by dimension (code-unit order). */
function sortedDimensions(d: Record<string, string> | null): [string, string][] {
  if (!d) return [];
  return Object.keys(d)
    .sort(byCodeUnits)
    .map((k) => [k, String(d[k])]);
}

/**
 * The canonical form of an entry at place `seq` after `prev` (docs/verifiable-ledger.md,
 * "The canonical form"): keys in this order, lines in their order (sort_order), each line
 * [account, debit öre, credit öre, [[dimension, code], ...], line description or null];
 * from version 2 then `documents`, the linked documents' SHA-256 sorted (code-unit order).
 */
export function canonicalEntry(
  companyId: string,
  seq: number,
  prev: string,
  e: CanonicalEntryInput,
  v: number = CHAIN_VERSION,
): string {
  const lines = [...e.lines]
    .sort((a, b) => a.sortOrder - b.sortOrder)
    .map((l) => [l.accountNumber, l.debitOre, l.creditOre, sortedDimensions(l.dimensions), l.lineDescription ?? null]);
  const form = {
    v,
    company_id: companyId,
    seq,
    prev,
    kind: "entry",
    id: e.id,
    date: e.entryDate,
    series: e.voucherSeries,
    number: e.voucherNumber,
    description: e.description,
    reverses_id: e.reversesId ?? null,
    correction_of_id: e.correctionOfId ?? null,
    lines,
  };
  return JSON.stringify(v >= 2 ? { ...form, documents: [...(e.documents ?? [])].sort(byCodeUnits) } : form);
}

/**
 * The canonical form of a document's own place (version 2): a document linked to an entry
 * that was chained already, its id, the entry's id and the file's SHA-256 (hex).
 */
export function canonicalDocument(companyId: string, seq: number, prev: string, d: CanonicalDocumentInput): string {
  return JSON.stringify({
    v: 2,
    company_id: companyId,
    seq,
    prev,
    kind: "document",
    id: d.documentId,
    entry_id: d.entryId,
    sha256: d.sha256,
  });
}

const encoder = new TextEncoder();
/** Each byte's two lowercase hex digits (a table: half the cost of toString(16) and padStart per byte). */
const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, "0"));

export async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
  let out = "";
  for (let i = 0; i < digest.length; i++) out += HEX[digest[i]!];
  return out;
}

/** The hash of an entry at `seq` after `prev`. */
export function entryHash(
  companyId: string,
  seq: number,
  prev: string,
  e: CanonicalEntryInput,
  v: number = CHAIN_VERSION,
): Promise<string> {
  return sha256Hex(canonicalEntry(companyId, seq, prev, e, v));
}

/** The hash of a document's own place at `seq` after `prev`. */
export function documentHash(companyId: string, seq: number, prev: string, d: CanonicalDocumentInput): Promise<string> {
  return sha256Hex(canonicalDocument(companyId, seq, prev, d));
}

/**
 * The chain's head as the writer holds it: one read when the writer is cold (in the
 * round trip of the other missing sections). It declares no table: the chain is written
 * by every posting batch, and the runner hands the new head to the state itself after
 * the batch commits (`advance`); a failed batch drops it with everything else.
 */
export const CHAIN_HEAD: StateSection<ChainHead> = {
  name: "ledger.chain_head",
  tables: ["ledger_chain_pending"],
  reads: (db, companyId) => [
    db
      .select({
        seq: sql<number | null>`(SELECT MAX(seq) FROM ledger_chain WHERE company_id = ${companyId})`,
        hash: sql<
          string | null
        >`(SELECT hash FROM ledger_chain WHERE company_id = ${companyId} ORDER BY seq DESC LIMIT 1)`,
        pending: sql<number>`EXISTS (SELECT 1 FROM ledger_chain_pending WHERE company_id = ${companyId})`,
      })
      .from(sql`(SELECT 1)`),
  ],
  build: (results) => {
    const row = (results[0] as { seq: number | null; hash: string | null; pending: number }[])[0];
    return { seq: Number(row?.seq ?? 0), hash: row?.hash ?? GENESIS, pending: Boolean(row?.pending) };
  },
};

export interface ChainLink {
  seq: number;
  hash: string;
  prev: string;
  entryId: string;
  /** set on a document's own place (kind "document"; ref_id is the document's id) */
  documentId?: string;
}

/** The chain rows of entries (and documents) after `head`, in order. */
export async function chainLinks(
  companyId: string,
  head: { seq: number; hash: string },
  items: readonly (CanonicalEntryInput | CanonicalDocumentInput)[],
): Promise<ChainLink[]> {
  const links: ChainLink[] = [];
  let { seq, hash } = head;
  for (const item of items) {
    const prev = hash;
    seq += 1;
    if ("kind" in item) {
      hash = await documentHash(companyId, seq, prev, item);
      links.push({ seq, hash, prev, entryId: item.entryId, documentId: item.documentId });
    } else {
      hash = await entryHash(companyId, seq, prev, item);
      links.push({ seq, hash, prev, entryId: item.id });
    }
  }
  return links;
}

/**
 * One chain row: constant SQL, not drizzle's insert builder, which a commit would run for it
 * on every batch (docs/verifiable-ledger.md, "Cost on the commit path"). The columns are
 * ledgerChain's (src/db/tables/chain.ts).
 */
const INSERT_LINK =
  "INSERT INTO ledger_chain (company_id, seq, kind, ref_id, hash, prev_hash, chained_at) VALUES (?, ?, 'entry', ?, ?, ?, ?)";

/** What a write hands the chain, as the canonical forms take it. */
function canonicalInputs(items: readonly Chained[]): (CanonicalEntryInput | CanonicalDocumentInput)[] {
  return items.map((i) => ("kind" in i ? i : { ...i.entry, lines: i.lines, documents: i.documents ?? [] }));
}

/** A document's own place: its row (the column v takes its default, the current version). */
function documentInserts(db: Database, companyId: string, links: readonly ChainLink[], now: string): Statement[] {
  return links.map((l) =>
    db.insert(ledgerChain).values({
      companyId,
      seq: l.seq,
      kind: "document",
      refId: l.documentId!,
      hash: l.hash,
      prevHash: l.prev,
      chainedAt: now,
    }),
  );
}

/** The rows of links: entries through chainInserts, documents through their own inserts. */
function linkInserts(db: Database, companyId: string, links: readonly ChainLink[], now: string): Statement[] {
  const documents = links.filter((l) => l.documentId);
  const entries = documents.length ? links.filter((l) => !l.documentId) : links;
  return [...chainInserts(db, companyId, entries, now), ...documentInserts(db, companyId, documents, now)];
}

export function chainInserts(db: Database, companyId: string, links: readonly ChainLink[], now: string): Statement[] {
  if (!links.length) return [];
  // one entry (a commit): the constant statement; an import's many: as JSON, 500 rows a statement
  if (links.length === 1) {
    const l = links[0]!;
    return [preparedWrite(db, "ledger_chain", INSERT_LINK, [companyId, l.seq, l.entryId, l.hash, l.prev, now])];
  }
  const rows = links.map((l) => ({
    companyId,
    seq: l.seq,
    kind: "entry",
    refId: l.entryId,
    hash: l.hash,
    prevHash: l.prev,
    chainedAt: now,
  }));
  return insertFromJson(db, ledgerChain, rows);
}

/**
 * The statements that chain what a batch posts, and the head after it; null when the
 * batch posts nothing, or while the company's older entries are still being chained
 * (the backfill then chains these too, in posting order).
 */
export async function planChain(
  db: Database,
  session: StateSession,
  entries: readonly Chained[],
  now: string,
): Promise<{ statements: Statement[]; links: ChainLink[]; head: ChainHead } | null> {
  if (!entries.length) return null;
  let head = await session.get(CHAIN_HEAD);
  const statements: Statement[] = [];
  let items = entries;
  if (head.pending) {
    // older entries first, lazily, one bounded step before this write's own
    const step = await backfillStep(db, session.companyId, head, now);
    statements.push(...step.statements);
    head = step.head;
    // while older entries wait, this write's entries wait with them (the backfill chains them
    // in posting order, with their documents); a document's own place does not wait
    if (!step.done) items = entries.filter((e) => "kind" in e);
    if (!items.length) return { statements, links: [], head };
  }
  const links = await chainLinks(session.companyId, head, canonicalInputs(items));
  const last = links[links.length - 1]!;
  statements.push(...linkInserts(db, session.companyId, links, now));
  return { statements, links, head: { seq: last.seq, hash: last.hash, pending: head.pending } };
}

/**
 * A document linked to an entry, as the chain must know it: linked to a posted entry, the
 * link takes a place of its own (ChainedDocument); linked to a draft, the draft is no longer
 * held by the writer (its commit reads the draft with its documents, `unchainedDocumentsRead`),
 * and neither is a draft the document leaves.
 */
export function documentLinkWrite(
  statements: Statement[],
  link: {
    documentId: string;
    sha256: string;
    entryId: string;
    entryStatus: string | null;
    leftEntryId?: string | null;
  },
): Write {
  const chained: ChainedDocument[] =
    link.entryStatus === "posted"
      ? [{ kind: "document", documentId: link.documentId, entryId: link.entryId, sha256: link.sha256 }]
      : [];
  const changedDrafts = [link.entryId, link.leftEntryId].filter((x): x is string => !!x);
  return new Write({ statements, chained, changedDrafts });
}

/**
 * The SHA-256 of the documents linked to an entry that have no place of their own in the
 * chain: what the entry's canonical form names (a draft's, read with it when it is committed).
 */
export function unchainedDocumentsRead(db: Database, companyId: string, entryId: string) {
  return db
    .select({ sha256: sql<string>`d.sha256_hash` })
    .from(sql`documents d`)
    .where(sql`d.company_id = ${companyId}
    AND d.journal_entry_id = ${entryId}
    AND NOT EXISTS (SELECT 1 FROM ledger_chain k WHERE k.company_id = d.company_id AND k.kind = 'document' AND k.ref_id = d.id)`);
}

/** Whether a company is still waiting for its older entries to be chained. */
export function pendingRow(db: Database, companyId: string) {
  return db.select().from(ledgerChainPending).where(eq(ledgerChainPending.companyId, companyId));
}

/** An entry's columns as the chain's reads select them (the lines as one JSON array text). */
export interface EntrySqlRow {
  id: string;
  entry_date: string;
  voucher_series: string;
  voucher_number: number;
  description: string;
  reverses_id: string | null;
  correction_of_id: string | null;
  status: string;
  lines: string | null;
  /** the SHA-256 of the documents linked to the entry without a place of their own, as one JSON array text */
  documents: string | null;
}

/** The columns of an entry `e` and its lines, for `entryFromSql`. */
export const ENTRY_COLUMNS =
  "e.id, e.entry_date, e.voucher_series, e.voucher_number, e.description, e.reverses_id, e.correction_of_id, e.status, " +
  "(SELECT json_group_array(json_array(l.sort_order, l.account_number, l.debit_ore, l.credit_ore, " +
  "l.line_description, l.dimensions)) FROM journal_lines l WHERE l.journal_entry_id = e.id) AS lines, " +
  "(SELECT json_group_array(d.sha256_hash) FROM documents d WHERE d.company_id = e.company_id AND d.journal_entry_id = e.id " +
  "AND NOT EXISTS (SELECT 1 FROM ledger_chain k WHERE k.company_id = d.company_id AND k.kind = 'document' AND k.ref_id = d.id)) " +
  "AS documents";

export function entryFromSql(r: EntrySqlRow): CanonicalEntryInput {
  const raw = JSON.parse(r.lines ?? "[]") as [number, string, number, number, string | null, string | null][];
  return {
    id: r.id,
    entryDate: r.entry_date,
    voucherSeries: r.voucher_series,
    voucherNumber: Number(r.voucher_number),
    description: r.description,
    reversesId: r.reverses_id,
    correctionOfId: r.correction_of_id,
    lines: raw.map(([sortOrder, accountNumber, debitOre, creditOre, lineDescription, dims]) => ({
      sortOrder,
      accountNumber,
      debitOre,
      creditOre,
      lineDescription,
      dimensions: dims ? (JSON.parse(dims) as Record<string, string>) : null,
    })),
    documents: JSON.parse(r.documents ?? "[]") as string[],
  };
}

/** Entries chained at most per backfill step: one read, a few statements (well inside 1 000 queries). */
export const BACKFILL_STEP = 500;

/**
 * One step of chaining the entries a company posted before the chain existed (migration
 * 0058), in posting order (posted_at, then the order the rows were written): the next
 * `limit` unchained posted entries, read in one query. When none are left the company's
 * pending row goes in the same batch, and the entries `after` (the batch's own) are
 * chained behind them.
 */
export async function backfillStep(
  db: Database,
  companyId: string,
  head: ChainHead,
  now: string,
  limit = BACKFILL_STEP,
): Promise<{ statements: Statement[]; links: ChainLink[]; head: ChainHead; done: boolean }> {
  const rows = await db.all<EntrySqlRow>(sql`SELECT ${sql.raw(ENTRY_COLUMNS)} FROM journal_entries e
    WHERE e.company_id = ${companyId} AND e.status = 'posted'
      AND NOT EXISTS (SELECT 1 FROM ledger_chain c WHERE c.company_id = e.company_id AND c.kind = 'entry' AND c.ref_id = e.id)
    ORDER BY e.posted_at, e.rowid LIMIT ${limit + 1}`);
  const done = rows.length <= limit;
  const links = await chainLinks(companyId, head, rows.slice(0, limit).map(entryFromSql));
  const last = links[links.length - 1] ?? head;
  const statements = chainInserts(db, companyId, links, now);
  if (done) statements.push(db.delete(ledgerChainPending).where(eq(ledgerChainPending.companyId, companyId)));
  return { statements, links, head: { seq: last.seq, hash: last.hash, pending: !done }, done };
}

/** The backfill as a command's write (POST .../ledger/chain-backfill): one step, and whether it is done. */
export async function backfillWrite(
  db: Database,
  session: StateSession,
  now: string,
): Promise<{ write: Write | null; chained: number; done: boolean; head: ChainHead }> {
  const head = await session.get(CHAIN_HEAD);
  if (!head.pending) return { write: null, chained: 0, done: true, head };
  const step = await backfillStep(db, session.companyId, head, now);
  return {
    write: new Write({ statements: step.statements, chainHead: step.head }),
    chained: step.links.length,
    done: step.done,
    head: step.head,
  };
}

/**
 * The chain's rows for entries posted outside the stamped batch (a compensation's storno after
 * a failed external step): the head read from D1 first, as the writer has dropped what it held.
 * None while the company is pending (the backfill chains them in posting order).
 */
export async function chainAfterRead(
  db: Database,
  companyId: string,
  entries: readonly Chained[],
  now: string,
): Promise<Statement[]> {
  if (!entries.length) return [];
  const reads = CHAIN_HEAD.reads(db, companyId);
  const head = CHAIN_HEAD.build(await db.batch(reads as [Statement, ...Statement[]]));
  if (head.pending) return [];
  const links = await chainLinks(companyId, head, canonicalInputs(entries));
  return linkInserts(db, companyId, links, now);
}
