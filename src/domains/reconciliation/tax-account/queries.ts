// Reads of the skattekonto (1630): its rows, and the charges the company's returns make Skatteverket expect.
import { and, asc, eq, lte } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { reconciliationTaxAccountRows } from "../../../db/schema";
import { fromOre } from "../../../money";
import { fiscalPeriodAt, vatSettlementEntries } from "../../../ledger/queries";
import type { ReconciliationBankRow } from "../../bank-transactions";
import { loadCompany } from "../../companies";
import { deadlinesOf } from "../../compliance";
import { bookedRunLiabilities } from "../../payroll";
import { addDays, type ClassifiedItem } from "../bank/rules";
import { closedVatPeriods } from "../../../sweden/vat-periods";
import type { ExpectedCharge } from "../../../sweden/tax-account";

/** The registered skattekonto rows dated through a date, oldest first, as reconciliation's outside rows. */
export async function taxAccountRows(db: Database, companyId: string, until: string): Promise<ReconciliationBankRow[]> {
  const rows = await db
    .select()
    .from(reconciliationTaxAccountRows)
    .where(and(eq(reconciliationTaxAccountRows.companyId, companyId), lte(reconciliationTaxAccountRows.date, until)))
    .orderBy(
      asc(reconciliationTaxAccountRows.date),
      asc(reconciliationTaxAccountRows.createdAt),
      asc(reconciliationTaxAccountRows.position),
      asc(reconciliationTaxAccountRows.dedupeKey),
    )
    .all();
  return rows.map((r) => ({
    id: r.id,
    date: r.date,
    description: r.description,
    amountOre: r.amountOre,
    currency: "SEK",
    reference: null,
    merchantName: null,
    // an entry booked from the row (tax-account-booking.ts) matches its 1630 line as a bank row's does
    journalEntryId: r.journalEntryId,
    isIgnored: false,
    balanceAfterOre: r.balanceAfterOre,
    source: "api" as const,
    createdAt: r.createdAt,
  }));
}

/** The VAT period's name as the tax calendar gives it: "2026-03" (monthly), "2026-Q1" (quarterly); yearly: none. */
function vatPeriodLabel(moms: string, end: string): string | null {
  if (moms === "monthly") return end.slice(0, 7);
  if (moms === "quarterly") return `${end.slice(0, 4)}-Q${Math.ceil(Number(end.slice(5, 7)) / 3)}`;
  return null;
}

/**
 * The skattekonto charges the books predict through `to` (src/sweden/tax-account/expected.ts):
 * each VAT settlement entry's net on 2650 in the fiscal year, due on its VAT period's deadline
 * (the period that ended last on or before the entry; the next VAT deadline when none has), and
 * each booked salary run's withheld tax and employer contributions, due on the pay month's
 * payment deadline; the due dates from the company's tax calendar (compliance's deadlinesOf).
 */
export async function expectedTaxCharges(db: Database, companyId: string, to: string): Promise<ExpectedCharge[]> {
  const fiscal = await fiscalPeriodAt(db, companyId, to);
  if (!fiscal) return [];
  const out: ExpectedCharge[] = [];
  const transfers = await vatSettlementEntries(db, companyId, { periodId: fiscal.id, from: fiscal.start, to });
  const runs = await bookedRunLiabilities(db, companyId, fiscal.start, to);
  if (transfers.length === 0 && runs.length === 0) return out;
  const { deadlines } = await deadlinesOf(db, companyId, fiscal.start, addDays(to, 120));
  const moms = (await loadCompany(db, companyId)).companies.momsPeriod ?? "quarterly";
  for (const t of transfers) {
    const net = t.lines.filter((l) => l.account === "2650").reduce((s, l) => s + l.debitOre - l.creditOre, 0);
    if (net === 0) continue;
    const period = closedVatPeriods(moms, fiscal, t.date).at(-1);
    const label = period ? vatPeriodLabel(moms, period.end) : null;
    const vat = deadlines.filter((d) => d.type === "vat_declaration");
    const due = vat.find((d) => label !== null && d.period === label) ?? vat.find((d) => d.due_date > t.date);
    if (!due) continue;
    out.push({
      kind: "vat",
      source: "vat_settlement",
      reference: t.entryId,
      period: due.period,
      bookedOn: t.date,
      due_date: due.due_date,
      amountOre: net,
    });
  }
  for (const r of runs) {
    const month = r.paymentDate.slice(0, 7);
    const due = deadlines.find((d) => d.type === "tax_payment" && d.period === month);
    if (!due) continue;
    const base = { source: "salary_run" as const, reference: r.runId, period: month, bookedOn: r.paymentDate };
    if (r.taxOre > 0) out.push({ ...base, kind: "withheld_tax", due_date: due.due_date, amountOre: -r.taxOre });
    if (r.avgifterOre > 0)
      out.push({ ...base, kind: "employer_contributions", due_date: due.due_date, amountOre: -r.avgifterOre });
  }
  return out;
}

const EXPECTED_TEXT: Record<ExpectedCharge["kind"], string> = {
  vat: "Väntad debitering: moms",
  withheld_tax: "Väntad debitering: avdragen skatt",
  employer_contributions: "Väntad debitering: arbetsgivaravgifter",
};

/** An expected charge as an item: outside side, bucket upcoming, dated its due date. */
export function expectedItem(c: ExpectedCharge): ClassifiedItem {
  return {
    itemId: `expected:${c.reference}:${c.kind}`,
    side: "external",
    bucket: "upcoming",
    date: c.due_date,
    description: `${EXPECTED_TEXT[c.kind]} ${c.period}`,
    amountOre: c.amountOre,
    currency: "SEK",
    awaitingExternal: true,
    expected: c,
  };
}

export function expectedChargeJson(c: ExpectedCharge) {
  return {
    kind: c.kind,
    source: c.source,
    reference: c.reference,
    period: c.period,
    booked_on: c.bookedOn,
    due_date: c.due_date,
    amount: fromOre(c.amountOre),
  };
}

/** Rows in currencies other than SEK, summed per currency (never across currencies). */
export function otherCurrencyTotals(rows: ReconciliationBankRow[]) {
  const by = new Map<string, { count: number; ore: number }>();
  for (const r of rows) {
    const t = by.get(r.currency) ?? { count: 0, ore: 0 };
    by.set(r.currency, { count: t.count + 1, ore: t.ore + r.amountOre });
  }
  return [...by]
    .sort()
    .map(([currency, t]) => ({ currency, transaction_count: t.count, transactions_sum: fromOre(t.ore) }));
}

/** The bridge labels of the skattekonto (the bank's speak of bank transactions). */
export const TAX_LABELS: Record<string, [string, string]> = {
  unbooked_transactions: ["Skattekontohändelser som inte är bokförda", "Tax account transactions not booked"],
  entries_without_transaction: [
    "Bokförda poster utan händelse på skattekontot",
    "Ledger entries without a tax account transaction",
  ],
  in_transit_ledger: [
    "Bokfört men på skattekontot först efter datumet (tidsskillnad)",
    "Booked, on the tax account only after the date (timing)",
  ],
  in_transit_external: [
    "På skattekontot men bokfört först efter datumet (tidsskillnad)",
    "On the tax account, booked only after the date (timing)",
  ],
};
