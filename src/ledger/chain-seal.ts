// A closed fiscal year's seal (issue #45, docs/verifiable-ledger.md, "Sealed years"): the
// company's chain head when the year closed (its last seq and hash), the year's counts and
// totals of posted entries and lines, signed by the deployment's key. Written in the close's
// own batch; never changed (triggers). The seal travels with the year's exports.
import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { fiscalYearSeals } from "../db/schema";
import type { Statement } from "../db/statement";
import type { Env } from "../env";
import { ApiError } from "../errors/api-error";
import { newId } from "../ids";
import type { StateSession } from "../writer/company-state";
import { CHAIN_HEAD } from "./chain";
import { signPayload } from "./signing";

export type SealRow = typeof fiscalYearSeals.$inferSelect;

export interface SealJson {
  fiscal_period_id: string;
  period_start: string;
  period_end: string;
  chain_seq: number;
  chain_hash: string;
  entry_count: number;
  line_count: number;
  debit_total_ore: number;
  credit_total_ore: number;
  sealed_at: string;
  key_id: string;
  signature: string;
  /** the exact text signed: canonical JSON (docs/verifiable-ledger.md) */
  payload: string;
}

/** The text a seal signs. */
export function sealPayload(s: {
  companyId: string;
  fiscalPeriodId: string;
  periodStart: string;
  periodEnd: string;
  chainSeq: number;
  chainHash: string;
  entryCount: number;
  lineCount: number;
  debitTotalOre: number;
  creditTotalOre: number;
  sealedAt: string;
}): string {
  return JSON.stringify({
    v: 1,
    type: "fiscal_year_seal",
    company_id: s.companyId,
    fiscal_period_id: s.fiscalPeriodId,
    period_start: s.periodStart,
    period_end: s.periodEnd,
    chain_seq: s.chainSeq,
    chain_hash: s.chainHash,
    entry_count: s.entryCount,
    line_count: s.lineCount,
    debit_total_ore: s.debitTotalOre,
    credit_total_ore: s.creditTotalOre,
    sealed_at: s.sealedAt,
  });
}

export function sealJson(row: SealRow): SealJson {
  const p = JSON.parse(row.payload) as { period_start: string; period_end: string };
  return {
    fiscal_period_id: row.fiscalPeriodId,
    period_start: p.period_start,
    period_end: p.period_end,
    chain_seq: row.chainSeq,
    chain_hash: row.chainHash,
    entry_count: row.entryCount,
    line_count: row.lineCount,
    debit_total_ore: row.debitTotalOre,
    credit_total_ore: row.creditTotalOre,
    sealed_at: row.sealedAt,
    key_id: row.keyId,
    signature: row.signature,
    payload: row.payload,
  };
}

/**
 * The seal of a year the plan closes: its statement and JSON. The chain must be whole
 * (LEDGER_CHAIN_PENDING while older entries wait to be chained); a close posts no entry,
 * so the head the writer holds is the head the seal names.
 */
export async function planSeal(
  db: Database,
  env: Env,
  session: StateSession,
  period: { id: string; periodStart: string; periodEnd: string },
  now: string,
): Promise<{ statement: Statement; seal: SealJson }> {
  const head = await session.get(CHAIN_HEAD);
  if (head.pending) throw new ApiError("LEDGER_CHAIN_PENDING", { fiscal_period_id: period.id });
  const companyId = session.companyId;
  const totals = await db.get<{ entries: number; lines: number; debit: number | null; credit: number | null }>(sql`
    SELECT (SELECT COUNT(*) FROM journal_entries WHERE company_id = ${companyId} AND fiscal_period_id = ${period.id}
              AND status = 'posted') AS entries,
           COUNT(*) AS lines, SUM(l.debit_ore) AS debit, SUM(l.credit_ore) AS credit
    FROM journal_entries e JOIN journal_lines l ON l.journal_entry_id = e.id
    WHERE e.company_id = ${companyId} AND e.fiscal_period_id = ${period.id} AND e.status = 'posted'`);
  const fields = {
    companyId,
    fiscalPeriodId: period.id,
    periodStart: period.periodStart,
    periodEnd: period.periodEnd,
    chainSeq: head.seq,
    chainHash: head.hash,
    entryCount: Number(totals?.entries ?? 0),
    lineCount: Number(totals?.lines ?? 0),
    debitTotalOre: Number(totals?.debit ?? 0),
    creditTotalOre: Number(totals?.credit ?? 0),
    sealedAt: now,
  };
  const payload = sealPayload(fields);
  const signed = await signPayload(env, payload);
  const row: SealRow = {
    id: newId(),
    companyId,
    fiscalPeriodId: period.id,
    chainSeq: fields.chainSeq,
    chainHash: fields.chainHash,
    entryCount: fields.entryCount,
    lineCount: fields.lineCount,
    debitTotalOre: fields.debitTotalOre,
    creditTotalOre: fields.creditTotalOre,
    sealedAt: now,
    keyId: signed.key_id,
    signature: signed.signature,
    payload,
  };
  return { statement: db.insert(fiscalYearSeals).values(row), seal: sealJson(row) };
}

/** The year's seal: the last one when the year was reopened and closed again. */
export async function loadSeal(db: Database, companyId: string, periodId: string): Promise<SealJson | null> {
  const row = await db
    .select()
    .from(fiscalYearSeals)
    .where(and(eq(fiscalYearSeals.companyId, companyId), eq(fiscalYearSeals.fiscalPeriodId, periodId)))
    .orderBy(desc(fiscalYearSeals.sealedAt), desc(fiscalYearSeals.chainSeq))
    .limit(1)
    .get();
  return row ? sealJson(row) : null;
}
