// Bokslutsmetoden before the lock (issue #40). The entry of the invoices unpaid at the
// year's end carries their VAT, and that VAT belongs in the year's last VAT period
// (Skatteverket on bokslutsmetoden: the VAT of the invoices unpaid at the end of the
// fiscal year is reported in the return of the year's last period, ML 2023:200 and SFL
// 26 kap; BFL 5 kap 2 § tredje stycket books them at the year's end). The year's last
// VAT return locks the year through its end, and the year-end runs only on a locked year,
// so the entry is made here first: after the year has ended, before that return, with a
// dry run to preview it. The year-end makes it only if it was not made here. Readiness and
// the VAT return warn while it is missing (`pendingCashMethodEntry`).
import { type Command, type CommandContext, writeOf } from "../../../commands/plan";
import type { Database } from "../../../db/client";
import { ApiError, fieldError } from "../../../errors/api-error";
import type { EngineLine, FiscalPeriodRow, PostedEntry } from "../../../ledger/engine";
import { fromOre } from "../../../money";
import { type CashMethodSources, cashMethodEntryOf, cashMethodLines, postCashMethodEntry } from "./cash-method";
import { loadPeriod } from "../periods/commands";
import type { Finding } from "./commands";

/** The VAT the lines move: output VAT (2610-2639, credit) and input VAT (2640-2649, debit), öre. */
function vatOf(lines: EngineLine[]): { outputOre: number; inputOre: number } {
  let outputOre = 0;
  let inputOre = 0;
  for (const l of lines) {
    const n = Number(l.accountNumber);
    if (n >= 2610 && n <= 2639) outputOre += l.creditOre - l.debitOre;
    if (n >= 2640 && n <= 2649) inputOre += l.debitOre - l.creditOre;
  }
  return { outputOre, inputOre };
}

function linesJson(lines: EngineLine[]) {
  return lines.map((l) => ({
    account_number: l.accountNumber,
    debit: fromOre(l.debitOre),
    credit: fromOre(l.creditOre),
    description: l.lineDescription ?? null,
  }));
}

/** A cash-method year that has ended without its entry, and what the entry would book; else null. */
export async function pendingCashMethodEntry(
  db: Database,
  companyId: string,
  sources: CashMethodSources,
  period: FiscalPeriodRow,
  today: string,
): Promise<{ output_vat: number; input_vat: number; lines: number } | null> {
  if (period.periodEnd >= today || period.isClosed || period.closingEntryId) return null;
  if (await cashMethodEntryOf(db, companyId, period.id)) return null;
  const lines = await cashMethodLines(db, companyId, sources, period);
  if (!lines) return null;
  const vat = vatOf(lines);
  return { output_vat: fromOre(vat.outputOre), input_vat: fromOre(vat.inputOre), lines: lines.length };
}

/**
 * The warning of a missing entry, naming the route; a second one when the return of the
 * year's last VAT period (`lastReturn`) was made without it: a correction return is due.
 */
export function cashMethodFindings(
  companyId: string,
  period: FiscalPeriodRow,
  pending: Awaited<ReturnType<typeof pendingCashMethodEntry>>,
  lastReturn: { id: string; period: string } | null,
): Finding[] {
  if (!pending) return [];
  const route = `POST /api/v1/companies/${companyId}/fiscal-periods/${period.id}/cash-method-entry`;
  const findings: Finding[] = [
    {
      severity: "warning",
      code: "CASH_METHOD_ENTRY_MISSING",
      message:
        `Invoices unpaid on ${period.periodEnd} are not booked yet (bokslutsmetoden): book them with ${route} before the VAT ` +
        `return of the year's last period, which must declare their VAT (output ${pending.output_vat}, input ${pending.input_vat}).`,
      details: { ...pending, route },
    },
  ];
  if (lastReturn)
    findings.push({
      severity: "warning",
      code: "VAT_RETURN_LACKS_CASH_METHOD_ENTRY",
      message:
        `The VAT return of ${lastReturn.period} was made without the unpaid invoices' VAT: ` +
        `once they are booked, file a correction return for ${lastReturn.period}.`,
      details: { vat_return_id: lastReturn.id, period: lastReturn.period },
    });
  return findings;
}

/**
 * POST .../fiscal-periods/{id}/cash-method-entry (IK, DR). Rule order: PERIOD_NOT_FOUND >
 * VALIDATION_ERROR (the year has not ended) > CONFLICT (accrual method; the entry made
 * already; the year-end run) > the ledger's rules (a closed period). Nothing unpaid: 200
 * with `journal_entry_id` null and no write.
 */
export const bookCashMethodEntry = (sources: CashMethodSources): Command<{ id: string }> =>
  async function bookCashMethodEntry(db, input, ctx) {
    const period = await loadPeriod(db, ctx.companyId, input.id);
    await assertCashMethodEntryDue(db, ctx, sources, period);
    const lines = await cashMethodLines(db, ctx.companyId, sources, period);
    const entry = lines ? await postCashMethodEntry(ctx, period, lines) : null;
    return {
      status: entry ? 201 : 200,
      data: cashMethodEntryJson(period, entry, lines ?? []),
      statements: writeOf(entry),
      unchanged: !entry,
      audit: {
        action: "fiscal_period.cash_method_entry",
        resourceType: "fiscal_period",
        resourceId: period.id,
        voucher: entry?.voucher ?? null,
      },
    };
  };

/** The entry may be made: the year has ended, the company uses the cash method, and the entry is not made yet. */
async function assertCashMethodEntryDue(
  db: Database,
  ctx: CommandContext,
  sources: CashMethodSources,
  period: FiscalPeriodRow,
): Promise<void> {
  if (period.periodEnd >= ctx.now.slice(0, 10))
    throw fieldError("id", `the year ends ${period.periodEnd}: what is unpaid at its end is known only after it`);
  if ((await sources.accountingMethodOf(db, ctx.companyId)) !== "cash")
    throw new ApiError(
      "CONFLICT",
      { reason: "accrual_method" },
      "The company uses the accrual method: its invoices are booked when issued.",
    );
  const made = await cashMethodEntryOf(db, ctx.companyId, period.id);
  if (made || period.closingEntryId)
    throw new ApiError(
      "CONFLICT",
      { reason: "already_booked", journal_entry_id: made?.id ?? null, closing_entry_id: period.closingEntryId },
      "The year's bokslutsmetoden entry is made (here or by the year-end).",
    );
}

/** The answer: the entry booked (null ids when nothing was unpaid), its VAT and its lines. */
function cashMethodEntryJson(period: FiscalPeriodRow, entry: PostedEntry | null, lines: EngineLine[]) {
  const vat = vatOf(lines);
  return {
    fiscal_period_id: period.id,
    journal_entry_id: entry?.row.id ?? null,
    voucher_series: entry?.row.voucherSeries ?? null,
    voucher_number: entry?.voucherNumber ?? null,
    entry_date: period.periodEnd,
    output_vat: fromOre(vat.outputOre),
    input_vat: fromOre(vat.inputOre),
    lines: linesJson(lines),
  };
}
