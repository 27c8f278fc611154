// A payment reminder's JSON and the reads of reminders (expand=reminders, the reminder's PDF).
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { invoiceReminders } from "../../db/schema";
import { ApiError } from "../../errors/api-error";
import { fromOre } from "../../money";

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
