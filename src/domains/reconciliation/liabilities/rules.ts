// Liability accounts reconciled against what was declared or calculated outside the ledger:
// 2650 against the VAT declarations of the closed VAT periods, 2710 against the preliminary
// tax withheld by the booked salary runs, 2731 against their employer contributions. Pure:
// the caller reads the account's lines (with the other accounts of each entry) and the sources.
//
// Each line on the account is one of: the opening balance; a booking of a source (the VAT
// settlement moving 2610-2649 to 2650, or the salary run's own entry); a payment (an entry
// that also touches 1630 or a 19xx account: what Skatteverket drew or was paid, checked by the
// skattekonto reconciliation); anything else. The external balance is what the account would
// hold if each source were booked exactly as declared:
//   external = opening + payments - Σ declared   (a liability is negative, debit minus credit)
//   ledger   = opening + payments + Σ bookings + Σ other
// so the difference is Σ (booked - declared) over the sources, less the other lines. A source
// with no booking at all explains its part (bridge `not_booked`); a booking that differs from
// its source, and every other line, is unexplained.
import type { ClassifiedAccountLine } from "../../../ledger/queries";
import type { BridgeLine } from "../bank/rules";

export interface LiabilitySource {
  /** a stable id: the VAT period ("2026-01-01..2026-03-31") or the salary run id */
  id: string;
  /** the date the source is due in the books (the VAT period's end, the salary run's payment date) */
  date: string;
  /** what was declared or calculated, as a liability in öre (positive = owed to Skatteverket) */
  declaredOre: number;
  /** does a line belong to this source's booking */
  books: (line: ClassifiedAccountLine) => boolean;
  detail: Record<string, unknown>;
}

export interface LiabilityReconciliation {
  externalOre: number;
  ledgerOre: number;
  bridge: BridgeLine[];
  sources: (Record<string, unknown> & { booked: boolean; bookedOre: number; differenceOre: number })[];
  otherLines: ClassifiedAccountLine[];
  counts: { proposed: number; unmatched_external: number; unmatched_ledger: number; matched: number; ignored: number };
}

const isPayment = (l: ClassifiedAccountLine) => l.otherAccounts.some((a) => a === "1630" || a.startsWith("19"));

export function reconcileLiability(input: {
  lines: ClassifiedAccountLine[];
  sources: LiabilitySource[];
  labels: { sv: string; en: string };
}): LiabilityReconciliation {
  const { lines, sources } = input;
  const taken = new Set<string>();
  let opening = 0;
  let payments = 0;
  let ledger = 0;
  for (const l of lines) ledger += l.amountOre;
  const out: LiabilityReconciliation["sources"] = [];
  const bridgeNotBooked = { amountOre: 0, count: 0 };
  let matched = 0;
  for (const s of sources) {
    const own = lines.filter((l) => !l.isOpening && !taken.has(l.lineId) && s.books(l));
    for (const l of own) taken.add(l.lineId);
    // a liability's booking is a credit: booked liability = -(debit - credit)
    const bookedOre = -own.reduce((t, l) => t + l.amountOre, 0);
    if (own.length === 0 && s.declaredOre !== 0) {
      bridgeNotBooked.amountOre += -s.declaredOre;
      bridgeNotBooked.count += 1;
    }
    if (own.length > 0) matched += 1;
    out.push({
      ...s.detail,
      booked: own.length > 0,
      bookedOre,
      differenceOre: own.length === 0 ? 0 : bookedOre - s.declaredOre,
    });
  }
  const other: ClassifiedAccountLine[] = [];
  for (const l of lines) {
    if (taken.has(l.lineId)) continue;
    if (l.isOpening) opening += l.amountOre;
    else if (isPayment(l)) payments += l.amountOre;
    else other.push(l);
  }
  const declared = sources.reduce((t, s) => t + s.declaredOre, 0);
  const bridge: BridgeLine[] = [];
  if (bridgeNotBooked.count > 0)
    bridge.push({
      key: "not_booked",
      label_sv: input.labels.sv,
      label_en: input.labels.en,
      amountOre: bridgeNotBooked.amountOre,
      count: bridgeNotBooked.count,
      items_bucket: "unmatched_external",
    });
  const differing = out.filter((s) => s.booked && s.differenceOre !== 0).length;
  return {
    externalOre: opening + payments - declared,
    ledgerOre: ledger,
    bridge,
    sources: out,
    otherLines: other,
    counts: {
      proposed: 0,
      unmatched_external: bridgeNotBooked.count + differing,
      unmatched_ledger: other.length,
      matched,
      ignored: 0,
    },
  };
}

/** Accounts whose entry moves VAT (boxes 10-12, 30-32, 48, 60-62 live on 2610-2649). */
const isVatAccount = (a: string) => a >= "2610" && a <= "2649";

/** Net (debit - credit) per VAT account (2610-2649) of some lines or movements, zeros left out. */
export function vatAccountNets(rows: Iterable<{ account: string; debitOre: number; creditOre: number }>) {
  const nets = new Map<string, number>();
  for (const r of rows)
    if (isVatAccount(r.account)) nets.set(r.account, (nets.get(r.account) ?? 0) + r.debitOre - r.creditOre);
  for (const [a, n] of nets) if (n === 0) nets.delete(a);
  return nets;
}

/** What assignVatTransfers answers for a transfer of the prior fiscal year's VAT, carried in by the opening entry. */
export const PRIOR_YEAR = "prior_year";

/** Whether a transfer's VAT lines empty exactly what the period's taxable events put on its VAT accounts. */
function mirrors(transfer: Map<string, number>, period: Map<string, number>): boolean {
  if (transfer.size === 0 || transfer.size !== period.size) return false;
  for (const [account, net] of transfer) if ((period.get(account) ?? 0) + net !== 0) return false;
  return true;
}

/**
 * Which closed VAT period each momsomföring settles (entry id -> period id). A transfer is dated
 * on its period's last day or later, usually with the declaration (the 12th of the second month
 * after, inside the next period: for a monthly filer even past the following period's end), so
 * the date alone does not say. A transfer that empties exactly the VAT accounts' opening
 * balances settles the prior fiscal year's last period (PRIOR_YEAR: the prior year's
 * reconciliation answers for it). Else, in turn, over the periods begun by the transfer's date:
 *   1. the period whose VAT accounts it empties exactly (its VAT lines mirror the period's; a
 *      second such transfer goes there too, so a transfer posted twice shows as a difference);
 *   2. else the latest period ended by its date that no transfer has settled yet;
 *   3. else the period its date falls in (a transfer dated before its period ended);
 *   4. else the latest period ended by its date (a second transfer of a settled period).
 * A transfer dated before every period began settles none.
 */
export function assignVatTransfers(
  periods: { id: string; start: string; end: string; vatNets: Map<string, number> }[],
  transfers: { entryId: string; date: string; vatNets: Map<string, number> }[],
  opening: Map<string, number> = new Map(),
): Map<string, string> {
  const settled = new Set<string>();
  const out = new Map<string, string>();
  for (const t of [...transfers].sort((a, b) => a.date.localeCompare(b.date))) {
    if (mirrors(t.vatNets, opening)) {
      out.set(t.entryId, PRIOR_YEAR);
      continue;
    }
    const begun = periods.filter((p) => p.start <= t.date);
    const ended = begun.filter((p) => p.end <= t.date);
    const chosen =
      begun.find((p) => mirrors(t.vatNets, p.vatNets)) ??
      ended.filter((p) => !settled.has(p.id)).at(-1) ??
      begun.find((p) => t.date <= p.end) ??
      ended.at(-1);
    if (!chosen) continue;
    out.set(t.entryId, chosen.id);
    settled.add(chosen.id);
  }
  return out;
}
