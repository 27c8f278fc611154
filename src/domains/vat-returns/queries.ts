// Reads of the VAT returns and their JSON.
import { and, asc, desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { vatReturns } from "../../db/schema";
import { ApiError } from "../../errors/api-error";
import { companyPage, type PageRequest } from "../../http/pagination";
import { fromOre } from "../../money";
import type { Box } from "../../sweden/vat-declaration";
import { vatToPayAndReclaim } from "../../sweden/vat-declaration";
import type { TransferLine } from "../../sweden/vat-transfer";

export type VatReturnRow = typeof vatReturns.$inferSelect;
export type Boxes = Record<Box | "49", number>;

/** The boxes in the form's order: 05, 06, ... 62, then 49 where it is sorted. */
function sortedBoxes(boxes: Boxes): Boxes {
  return Object.fromEntries(Object.entries(boxes).sort(([a], [b]) => a.localeCompare(b))) as Boxes;
}

export function vatReturnJson(r: VatReturnRow, lines?: TransferLine[]) {
  const { toPay, toReclaim } = vatToPayAndReclaim(r.box49);
  const base = `/api/v1/companies/${r.companyId}/vat-returns/${r.id}`;
  return {
    id: r.id,
    kind: r.kind,
    corrects_id: r.correctsId,
    period: r.period,
    period_start: r.periodStart,
    period_end: r.periodEnd,
    fiscal_period_id: r.fiscalPeriodId,
    boxes: sortedBoxes(JSON.parse(r.boxes)),
    declared_boxes: sortedBoxes(JSON.parse(r.declaredBoxes)),
    box_49: r.box49,
    to_pay: toPay,
    to_reclaim: toReclaim,
    journal_entry_id: r.journalEntryId,
    voucher_number:
      r.voucherSeries !== null && r.voucherNumber !== null ? `${r.voucherSeries}${r.voucherNumber}` : null,
    transfer: {
      settlement_amount: fromOre(r.settlementOre),
      rounding_amount: fromOre(r.roundingOre),
      ...(lines
        ? {
            lines: lines.map((l) => ({
              account_number: l.account,
              debit_amount: fromOre(l.debitOre),
              credit_amount: fromOre(l.creditOre),
            })),
          }
        : {}),
    },
    pdf_url: `${base}/pdf`,
    eskd_url: `${base}/eskd`,
    created_at: r.createdAt,
  };
}
export type VatReturnJson = ReturnType<typeof vatReturnJson>;

export async function loadVatReturn(db: Database, companyId: string, id: string): Promise<VatReturnRow> {
  const row = await db
    .select()
    .from(vatReturns)
    .where(and(eq(vatReturns.companyId, companyId), eq(vatReturns.id, id)))
    .get();
  if (!row) throw new ApiError("NOT_FOUND", { resource: "vat_return", id });
  return row;
}

/** The returns of one VAT period (the original, then its corrections), oldest first. */
export async function returnsOfPeriod(db: Database, companyId: string, start: string, end: string) {
  const t = vatReturns;
  return db
    .select()
    .from(t)
    .where(and(eq(t.companyId, companyId), eq(t.periodStart, start), eq(t.periodEnd, end)))
    .orderBy(asc(t.createdAt), asc(t.id))
    .all();
}

/** The original return of the VAT period ending on `end` (a fiscal year's last day), or null. */
export async function originalReturnEndingOn(db: Database, companyId: string, end: string) {
  const t = vatReturns;
  const row = await db
    .select({ id: t.id, period: t.period })
    .from(t)
    .where(and(eq(t.companyId, companyId), eq(t.periodEnd, end), eq(t.kind, "original")))
    .get();
  return row ?? null;
}

/** The latest end of a VAT period declared in a fiscal period (null when none is). */
export async function lastDeclaredEnd(db: Database, companyId: string, fiscalPeriodId: string): Promise<string | null> {
  const t = vatReturns;
  const row = await db
    .select({ end: t.periodEnd })
    .from(t)
    .where(and(eq(t.companyId, companyId), eq(t.fiscalPeriodId, fiscalPeriodId)))
    .orderBy(desc(t.periodEnd))
    .get();
  return row?.end ?? null;
}

export async function listVatReturns(db: Database, companyId: string, period: string | undefined, page: PageRequest) {
  return companyPage(db, vatReturns, companyId, page, period ? eq(vatReturns.period, period) : undefined);
}

/** Every original return's period (start and end) of the company: what the tax calendar marks done. */
export async function declaredPeriods(db: Database, companyId: string): Promise<{ start: string; end: string }[]> {
  const t = vatReturns;
  return db
    .select({ start: t.periodStart, end: t.periodEnd })
    .from(t)
    .where(and(eq(t.companyId, companyId), eq(t.kind, "original")))
    .all();
}

/** The transfer entries the company's returns booked (a return without one, an empty period, has none). */
export async function returnEntryIds(db: Database, companyId: string): Promise<Set<string>> {
  const rows = await db
    .select({ id: vatReturns.journalEntryId })
    .from(vatReturns)
    .where(eq(vatReturns.companyId, companyId))
    .all();
  return new Set(rows.map((r) => r.id).filter((id) => id !== null));
}
