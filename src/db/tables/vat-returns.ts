import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * Momsdeklarationer made (src/domains/vat-returns): one original per VAT period, then any
 * corrections of it. Immutable once stored: no statement updates or deletes a row.
 */
export const vatReturns = sqliteTable(
  "vat_returns",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    kind: text("kind", { enum: ["original", "correction"] }).notNull(),
    /** a correction's original return; null on the original */
    correctsId: text("corrects_id"),
    /** "2026-Q1", "2026-03", "2026" or "2025/2026": the tax calendar's name of the period */
    period: text("period").notNull(),
    periodStart: text("period_start").notNull(),
    periodEnd: text("period_end").notNull(),
    fiscalPeriodId: text("fiscal_period_id").notNull(),
    /** JSON { box: whole kronor } of this return: the whole declaration, or a correction's difference */
    boxes: text("boxes").notNull(),
    /** JSON { box: whole kronor }: the declaration as it stands after this return (what the eSKD file carries) */
    declaredBoxes: text("declared_boxes").notNull(),
    box49: integer("box_49").notNull(),
    /** what the transfer entry put on 2650 (credit positive) and on 3740 (credit positive), öre */
    settlementOre: integer("settlement_ore").notNull(),
    roundingOre: integer("rounding_ore").notNull(),
    /** the transfer entry; null when there was nothing to move */
    journalEntryId: text("journal_entry_id"),
    voucherSeries: text("voucher_series"),
    voucherNumber: integer("voucher_number"),
    createdAt: text("created_at").notNull(),
  },
  (t) => [
    index("vat_returns_company_created_idx").on(t.companyId, t.createdAt, t.id),
    index("vat_returns_company_period_idx").on(t.companyId, t.periodStart),
    uniqueIndex("vat_returns_one_original_idx")
      .on(t.companyId, t.periodStart, t.periodEnd)
      .where(sql`${t.kind} = 'original'`),
  ],
);
