// A payment reminder's JSON and the reads of reminders (expand=reminders, the reminder's PDF).
import { and, asc, eq, gt, inArray, lte, notExists } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { invoiceReminders, invoices } from "../../../db/schema";
import { ApiError } from "../../../errors/api-error";
import { fromOre } from "../../../money";

export type ReminderRow = typeof invoiceReminders.$inferSelect;

export function reminderJson(r: ReminderRow) {
  return {
    id: r.id,
    invoice_id: r.invoiceId,
    reminder_number: r.reminderNumber,
    reminder_date: r.reminderDate,
    remaining_amount: fromOre(r.remainingOre),
    fee: fromOre(r.feeOre),
    interest: r.interestOre === null ? null : fromOre(r.interestOre),
    interest_days: r.interestDays,
    to_pay: fromOre(r.remainingOre + r.feeOre + (r.interestOre ?? 0)),
    pay_by: r.payBy,
    automatic: r.automatic,
    sent_to: r.sentTo,
    journal_entry_id: r.journalEntryId,
    created_at: r.createdAt,
  };
}

export async function remindersOf(db: Database, invoiceIds: string[]): Promise<ReminderRow[]> {
  if (!invoiceIds.length) return [];
  return db
    .select()
    .from(invoiceReminders)
    .where(inArray(invoiceReminders.invoiceId, invoiceIds))
    .orderBy(asc(invoiceReminders.invoiceId), asc(invoiceReminders.reminderNumber))
    .all();
}

export async function loadReminder(db: Database, companyId: string, invoiceId: string, reminderId: string) {
  const row = await db
    .select()
    .from(invoiceReminders)
    .where(
      and(
        eq(invoiceReminders.companyId, companyId),
        eq(invoiceReminders.invoiceId, invoiceId),
        eq(invoiceReminders.id, reminderId),
      ),
    )
    .get();
  if (!row) throw new ApiError("NOT_FOUND", { resource: "invoice_reminder", id: reminderId });
  return row;
}

/** The date `days` before `date`. */
export const daysBefore = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/**
 * The company's overdue invoices the sweep should remind today: due at least `days` ago and
 * without a reminder (automatic or not) in the last `days` days, so the customer hears from
 * the company at most once per interval.
 */
export async function invoicesDueForAutoReminder(
  db: Database,
  companyId: string,
  today: string,
  days: number,
): Promise<string[]> {
  const cutoff = daysBefore(today, days);
  const rows = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.companyId, companyId),
        eq(invoices.status, "overdue"),
        eq(invoices.isCreditNote, false),
        eq(invoices.documentType, "invoice"),
        lte(invoices.dueDate, cutoff),
        notExists(
          db
            .select({ one: invoiceReminders.id })
            .from(invoiceReminders)
            .where(and(eq(invoiceReminders.invoiceId, invoices.id), gt(invoiceReminders.reminderDate, cutoff))),
        ),
      ),
    )
    .all();
  return rows.map((r) => r.id);
}
