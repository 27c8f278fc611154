// Verifying a company's chain (issue #45, docs/verifiable-ledger.md, "Verification"): the
// chain is recomputed from the books as D1 holds them, a page of entries at a time (a
// page is three reads sent together, so a million lines stay far inside the platform's
// 1 000 queries an invocation), and the first place that does not match is named. A row is
// recomputed in the version its `v` names (1: an entry without documents; 2: an entry with the
// SHA-256 of its documents, or a document's own place). The documents' files in R2 are not
// read again: what is checked is the SHA-256 the archive recorded when the file was stored.
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { documentHash, ENTRY_COLUMNS, type EntrySqlRow, entryFromSql, entryHash, GENESIS } from "./chain";

export type MismatchReason =
  | "sequence_gap"
  | "previous_hash_mismatch"
  | "entry_missing"
  | "entry_not_posted"
  | "document_missing"
  | "hash_mismatch"
  | "unchained_entry"
  | "seal_mismatch";

export interface Mismatch {
  reason: MismatchReason;
  seq: number | null;
  entry_id: string | null;
  /** the document of a document's own place (kind "document") */
  document_id?: string | null;
  voucher: string | null;
  stored_hash: string | null;
  computed_hash: string | null;
}

export interface VerifyPage {
  /** the last seq checked on this page (after_seq when the page was empty) */
  verified_through_seq: number;
  head_seq: number;
  /** the after_seq of the next page; null on the last page or at the first mismatch */
  next_after_seq: number | null;
  complete: boolean;
  first_mismatch: Mismatch | null;
}

type ChainRow = EntrySqlRow & {
  seq: number;
  kind: string;
  v: number;
  ref_id: string;
  hash: string;
  prev_hash: string;
  entry_id: string | null;
  doc_id: string | null;
  doc_entry_id: string | null;
  doc_sha256: string | null;
};

/** A chain row with what it names: its entry with lines and documents, or its document. */
const CHAIN_ROW_SQL = `SELECT c.seq, c.kind, c.v, c.ref_id, c.hash, c.prev_hash, e.id AS entry_id, ${ENTRY_COLUMNS},
    d.id AS doc_id, d.journal_entry_id AS doc_entry_id, d.sha256_hash AS doc_sha256
  FROM ledger_chain c
  LEFT JOIN journal_entries e ON c.kind = 'entry' AND e.id = c.ref_id AND e.company_id = c.company_id
  LEFT JOIN documents d ON c.kind = 'document' AND d.id = c.ref_id AND d.company_id = c.company_id`;

/** A document's place: its document missing, or its hash recomputed from the document's row. */
async function checkDocument(companyId: string, r: ChainRow, prev: string): Promise<Mismatch | null> {
  const at = {
    seq: Number(r.seq),
    entry_id: r.doc_entry_id,
    document_id: r.ref_id,
    stored_hash: r.hash,
    voucher: null,
  };
  if (r.doc_id === null) return { reason: "document_missing", ...at, computed_hash: null };
  const computed = await documentHash(companyId, Number(r.seq), prev, {
    kind: "document",
    documentId: r.doc_id,
    entryId: r.doc_entry_id ?? "",
    sha256: r.doc_sha256 ?? "",
  });
  return computed === r.hash ? null : { reason: "hash_mismatch", ...at, computed_hash: computed };
}

const voucherOf = (r: { voucher_series: string | null; voucher_number: number | null }) =>
  r.voucher_series ? `${r.voucher_series}${r.voucher_number}` : null;

/** Checks one row against the running previous hash: its mismatch, or null. */
async function checkRow(companyId: string, r: ChainRow, expectedSeq: number, prev: string): Promise<Mismatch | null> {
  const at = { seq: Number(r.seq), entry_id: r.ref_id, stored_hash: r.hash };
  if (Number(r.seq) !== expectedSeq)
    return { reason: "sequence_gap", ...at, seq: expectedSeq, voucher: null, computed_hash: null };
  if (r.prev_hash !== prev) return { reason: "previous_hash_mismatch", ...at, voucher: null, computed_hash: null };
  if (r.kind === "document") return checkDocument(companyId, r, prev);
  if (r.entry_id === null) return { reason: "entry_missing", ...at, voucher: null, computed_hash: null };
  if (r.status !== "posted") return { reason: "entry_not_posted", ...at, voucher: voucherOf(r), computed_hash: null };
  const computed = await entryHash(companyId, expectedSeq, prev, entryFromSql(r), Number(r.v));
  if (computed !== r.hash) return { reason: "hash_mismatch", ...at, voucher: voucherOf(r), computed_hash: computed };
  return null;
}

/** What only the last page checks: no posted entry outside the chain, and every seal on the chain. */
async function checkTail(db: Database, companyId: string): Promise<Mismatch | null> {
  const [unchained, seals] = await Promise.all([
    db.all<{ id: string; voucher_series: string; voucher_number: number }>(sql`
      SELECT e.id, e.voucher_series, e.voucher_number FROM journal_entries e
      WHERE e.company_id = ${companyId} AND e.status = 'posted'
        AND NOT EXISTS (SELECT 1 FROM ledger_chain c WHERE c.company_id = e.company_id AND c.kind = 'entry' AND c.ref_id = e.id)
      ORDER BY e.posted_at, e.rowid LIMIT 1`),
    db.all<{ chain_seq: number; chain_hash: string; hash: string | null }>(sql`
      SELECT s.chain_seq, s.chain_hash, c.hash FROM fiscal_year_seals s
      LEFT JOIN ledger_chain c ON c.company_id = s.company_id AND c.seq = s.chain_seq
      WHERE s.company_id = ${companyId} ORDER BY s.chain_seq`),
  ]);
  const u = (unchained as { id: string; voucher_series: string; voucher_number: number }[])[0];
  if (u)
    return {
      reason: "unchained_entry",
      seq: null,
      entry_id: u.id,
      voucher: voucherOf(u),
      stored_hash: null,
      computed_hash: null,
    };
  for (const s of seals as { chain_seq: number; chain_hash: string; hash: string | null }[])
    if (s.hash !== s.chain_hash)
      return {
        reason: "seal_mismatch",
        seq: Number(s.chain_seq),
        entry_id: null,
        voucher: null,
        stored_hash: s.hash,
        computed_hash: s.chain_hash,
      };
  return null;
}

/**
 * Verifies the chain's entries after `afterSeq`, at most `limit` of them. The previous
 * hash is the stored hash at `afterSeq` (verified by the page before, when the caller
 * walked from the start); the last page also checks the tail (checkTail).
 */
export async function verifyChainPage(
  db: Database,
  companyId: string,
  afterSeq: number,
  limit: number,
): Promise<VerifyPage> {
  const [before, page, headRow] = await Promise.all([
    db.all<{ hash: string }>(sql`SELECT hash FROM ledger_chain WHERE company_id = ${companyId} AND seq = ${afterSeq}`),
    db.all<ChainRow>(sql`${sql.raw(CHAIN_ROW_SQL)}
      WHERE c.company_id = ${companyId} AND c.seq > ${afterSeq} ORDER BY c.seq LIMIT ${limit}`),
    db.all<{ n: number | null }>(sql`SELECT MAX(seq) AS n FROM ledger_chain WHERE company_id = ${companyId}`),
  ]);
  const headSeq = Number((headRow as { n: number | null }[])[0]?.n ?? 0);
  let prev = afterSeq === 0 ? GENESIS : ((before as { hash: string }[])[0]?.hash ?? "");
  let seq = afterSeq;
  for (const r of page as ChainRow[]) {
    const mismatch = await checkRow(companyId, r, seq + 1, prev);
    if (mismatch)
      return {
        verified_through_seq: seq,
        head_seq: headSeq,
        next_after_seq: null,
        complete: false,
        first_mismatch: mismatch,
      };
    seq += 1;
    prev = r.hash;
  }
  if (seq < headSeq)
    return { verified_through_seq: seq, head_seq: headSeq, next_after_seq: seq, complete: false, first_mismatch: null };
  const tail = await checkTail(db, companyId);
  return {
    verified_through_seq: seq,
    head_seq: headSeq,
    next_after_seq: null,
    complete: tail === null,
    first_mismatch: tail,
  };
}

export interface ChainRecord {
  seq: number;
  v: number;
  kind: string;
  hash: string;
  entry: ReturnType<typeof entryFromSql> | null;
  document: { id: string; entry_id: string | null; sha256: string } | null;
}

/** The chain's records after `afterSeq` in their canonical form (the export sidecar, docs/verifiable-ledger.md). */
export async function chainRecords(
  db: Database,
  companyId: string,
  afterSeq: number,
  throughSeq: number,
  limit: number,
): Promise<ChainRecord[]> {
  const rows = await db.all<ChainRow>(sql`${sql.raw(CHAIN_ROW_SQL)}
      WHERE c.company_id = ${companyId} AND c.seq > ${afterSeq} AND c.seq <= ${throughSeq} ORDER BY c.seq LIMIT ${limit}`);
  return rows.map((r) => ({
    seq: Number(r.seq),
    v: Number(r.v),
    kind: r.kind,
    hash: r.hash,
    entry: r.entry_id ? entryFromSql(r) : null,
    document: r.doc_id ? { id: r.doc_id, entry_id: r.doc_entry_id, sha256: r.doc_sha256 ?? "" } : null,
  }));
}
