// The verifiable ledger's reads, through the ledger that owns the chain and the seals.
import type { Database } from "../../db/client";
import type { Env } from "../../env";
import { ApiError } from "../../errors/api-error";
import { chainRecords, verifyChainPage } from "../../ledger/chain-verify";
import { loadSeal, type SealJson } from "../../ledger/chain-seal";
import { publicKeys } from "../../ledger/signing";

export const verifyPage = verifyChainPage;
/** A closed year's seal; FISCAL_YEAR_NOT_SEALED (404) for a year not closed or not there. */
export async function sealOf(db: Database, companyId: string, periodId: string) {
  const seal = await loadSeal(db, companyId, periodId);
  if (!seal) throw new ApiError("FISCAL_YEAR_NOT_SEALED", { fiscal_period_id: periodId });
  return seal;
}

export function publicKeySet(env: Env) {
  return { keys: publicKeys(env) };
}

export async function chainPage(
  db: Database,
  companyId: string,
  afterSeq: number,
  throughSeq: number | null,
  limit: number,
) {
  const through = throughSeq ?? Number.MAX_SAFE_INTEGER;
  const rows = await chainRecords(db, companyId, afterSeq, through, limit + 1);
  const page = rows.slice(0, limit);
  return {
    company_id: companyId,
    records: page.map((r) => ({
      seq: r.seq,
      v: r.v,
      kind: r.kind,
      hash: r.hash,
      document: r.document,
      entry: r.entry
        ? {
            id: r.entry.id,
            date: r.entry.entryDate,
            series: r.entry.voucherSeries,
            number: r.entry.voucherNumber,
            description: r.entry.description,
            reverses_id: r.entry.reversesId,
            correction_of_id: r.entry.correctionOfId,
            lines: [...r.entry.lines]
              .sort((a, b) => a.sortOrder - b.sortOrder)
              .map((l) => ({
                sort_order: l.sortOrder,
                account_number: l.accountNumber,
                debit_ore: l.debitOre,
                credit_ore: l.creditOre,
                dimensions: l.dimensions,
                line_description: l.lineDescription,
              })),
            documents: [...(r.entry.documents ?? [])].sort(),
          }
        : null,
    })),
    next_after_seq: rows.length > limit ? page[page.length - 1]!.seq : null,
  };
}

/** Records a page of the sidecar holds: a page is one query, far inside an invocation's 1 000 at a million lines. */
const SIDECAR_PAGE = 2000;

/**
 * A sealed year's JSON sidecar, bin/ledger-verify.mjs's chain.json: the company, the seal and
 * every record of the chain from seq 1 through the seal's, as GET .../ledger/chain pages them.
 * Streamed a page at a time so that a million lines never sit in the isolate's memory at once.
 */
export function sidecarStream(db: Database, companyId: string, seal: SealJson): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after: number | null = null;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (after === null) {
        after = 0;
        const head = `{"company_id":${JSON.stringify(companyId)},"seal":${JSON.stringify(seal)},"records":[`;
        controller.enqueue(encoder.encode(head));
        return;
      }
      const page = await chainPage(db, companyId, after, seal.chain_seq, SIDECAR_PAGE);
      const records = page.records.map((r) => JSON.stringify(r)).join(",");
      if (records) controller.enqueue(encoder.encode(`${after > 0 ? "," : ""}${records}`));
      if (page.next_after_seq === null) {
        controller.enqueue(encoder.encode("]}\n"));
        controller.close();
      } else after = page.next_after_seq;
    },
  });
}
