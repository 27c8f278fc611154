// The state of a liability account (2650 VAT, 2710, 2731): the ledger beside what the returns declared.
import type { Database } from "../../../db/client";
import { fromOre } from "../../../money";
import { declarationBoxes } from "../../../sweden/vat-declaration";
import {
  type accountBalanceThrough,
  accountLinesWithCounterparts,
  fiscalPeriodAt,
  openingBalancesOf,
  vatDeclarationMovements,
  vatSettlementEntries,
} from "../../../ledger/queries";
import { loadCompany } from "../../companies";
import { bookedRunLiabilities } from "../../payroll";
import { closedVatPeriods } from "../../../sweden/vat-periods";
import { assignVatTransfers, PRIOR_YEAR, reconcileLiability, vatAccountNets, type LiabilitySource } from "./rules";

import { type AccountKey, type AccountState, accountName } from "../accounts/keys";

/**
 * 2650 against the VAT declarations of the closed VAT periods, 2710 / 2731 against the booked
 * salary runs (./liabilities.ts). The declared VAT of a period is the declaration's box 49 made
 * from the period's entries, the VAT settlement entries left out (vatDeclarationMovements, the
 * same read as the momsdeklaration report's).
 */
export async function liabilityState(
  db: Database,
  companyId: string,
  key: AccountKey,
  from: string,
  to: string,
  ledger: Awaited<ReturnType<typeof accountBalanceThrough>>,
  ledgerPrint: string,
): Promise<AccountState> {
  const fiscal = await fiscalPeriodAt(db, companyId, to);
  let lines = fiscal ? await accountLinesWithCounterparts(db, companyId, fiscal.id, key.account, to) : [];
  const sources: LiabilitySource[] = [];
  let kind: Record<string, unknown>;
  let labels: { sv: string; en: string };
  let sourceType: string;
  if (key.kind === "vat") {
    const moms = (await loadCompany(db, companyId)).companies.momsPeriod;
    const periods = moms && fiscal ? closedVatPeriods(moms, fiscal, to) : [];
    const moves = periods.length
      ? await vatDeclarationMovements(db, companyId, {
          periodId: fiscal!.id,
          from: periods[0].start,
          to: periods[periods.length - 1].end,
        })
      : [];
    const declared = periods.map((p) => {
      const inPeriod = moves.filter((m) => m.month >= p.start.slice(0, 7) && m.month <= p.end.slice(0, 7));
      return { id: `${p.start}..${p.end}`, ...p, inPeriod, vatNets: vatAccountNets(inPeriod) };
    });
    // the momsomföringar: settlement entries that move VAT accounts, each to the period it settles
    const transfers = fiscal
      ? (await vatSettlementEntries(db, companyId, { periodId: fiscal.id, from: fiscal.start, to }))
          .map((e) => ({ entryId: e.entryId, date: e.date, vatNets: vatAccountNets(e.lines) }))
          .filter((t) => t.vatNets.size > 0)
      : [];
    const opening = fiscal ? vatAccountNets(await openingBalancesOf(db, companyId, fiscal.id)) : new Map();
    const settles = assignVatTransfers(declared, transfers, opening);
    // the prior year's last transfer, dated in this one, moves to 2650 what the opening entry
    // carried in on the VAT accounts: it counts with the opening balance, not as a stray line
    lines = lines.map((l) => (settles.get(l.entryId) === PRIOR_YEAR ? { ...l, isOpening: true } : l));
    for (const p of declared) {
      const box49 = declarationBoxes(p.inPeriod)["49"];
      sources.push({
        id: p.id,
        date: p.end,
        declaredOre: box49 * 100,
        books: (l) => settles.get(l.entryId) === p.id,
        detail: { period_start: p.start, period_end: p.end, declared_to_pay: box49 },
      });
    }
    kind = { type: "vat", moms_period: moms ?? null };
    labels = { sv: "Momsdeklaration inte omförd till 2650", en: "VAT declaration not transferred to 2650" };
    sourceType = "vat_declaration";
  } else {
    const runs = fiscal ? await bookedRunLiabilities(db, companyId, fiscal.start, to) : [];
    const tax = key.kind === "preliminary_tax";
    for (const r of runs) {
      const entryId = tax ? r.salaryEntryId : r.avgifterEntryId;
      const amount = tax ? r.taxOre : r.avgifterOre;
      const agi = r.agi ? (tax ? r.agi.totalTax : r.agi.totalContributions) : null;
      sources.push({
        id: r.runId,
        date: r.paymentDate,
        declaredOre: amount,
        books: (l) => entryId !== null && l.entryId === entryId,
        detail: {
          salary_run_id: r.runId,
          period: `${r.periodYear}-${String(r.periodMonth).padStart(2, "0")}`,
          payment_date: r.paymentDate,
          [tax ? "tax_withheld" : "employer_contributions"]: fromOre(amount),
          agi_amount: agi,
          agi_submitted: r.agi?.submitted ?? null,
          // the AGI is in whole kronor, öre dropped
          agi_differs: agi === null ? null : agi !== Math.trunc(amount / 100),
        },
      });
    }
    kind = { type: key.kind };
    labels = { sv: "Lönekörning inte bokförd", en: "Salary run not booked" };
    sourceType = "salary_runs";
  }
  const recon = reconcileLiability({ lines, sources, labels });
  const declaredTotal = sources.reduce((t, s) => t + s.declaredOre, 0);
  const rename = (x: Record<string, unknown> & { bookedOre: number; differenceOre: number }) => {
    const { bookedOre, differenceOre, ...rest } = x;
    return { ...rest, booked_amount: fromOre(bookedOre), difference: fromOre(differenceOre) };
  };
  return {
    key,
    from,
    to,
    externalBalanceOre: recon.externalOre,
    ledgerBalanceOre: ledger.balanceOre,
    bridge: recon.bridge,
    recon: null,
    counts: recon.counts,
    source: { type: sourceType, synced_at: null, stale: false },
    kind: {
      ...kind,
      [key.kind === "vat" ? "periods" : "salary_runs"]: recon.sources.map(rename),
      other_lines: recon.otherLines.map((l) => ({
        item_id: l.lineId,
        journal_entry_id: l.entryId,
        voucher: `${l.voucherSeries}${l.voucherNumber}`,
        date: l.entryDate,
        description: l.description,
        amount: fromOre(l.amountOre),
      })),
    },
    fingerprint: `${ledgerPrint}|external:${sources.length}:${declaredTotal}`,
    name: accountName(key),
  };
}
