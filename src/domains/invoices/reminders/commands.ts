// Payment reminders (påminnelser) of an overdue invoice: the reminder fee the company's
// terms set (lag 1981:739, at most 60 kr), booked when the reminder is issued, and the
// late-payment interest so far (räntelagen 6 §) not yet claimed by an interest invoice,
// stated but not booked (an interest invoice claims it: ./interest.ts). The reminder is a PDF sent by email, as invoices are.
import { and, count, eq, gt } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { type Command, type PlannedWrite, writeOf } from "../../../commands/plan";
import type { CommandContext } from "../../../commands/plan";
import { invoiceReminders } from "../../../db/schema";
import { ApiError } from "../../../errors/api-error";
import { newId } from "../../../ids";
import { fromOre } from "../../../money";
import { loadCompany } from "../../companies";
import { loadCustomer } from "../../customers";
import { reminderPdfBytes } from "../issue/document";
import { emailConfigured, sendMail } from "../../../mail";
import { invoiceRemainingOre, loadInvoice, type InvoiceRow } from "../queries";
import { interestNotYetInvoiced } from "../interest/queries";
import { daysBefore, reminderJson, type ReminderRow } from "./queries";

/**
 * The receivable the fee is booked on, and its income: BAS 1680 Andra kortfristiga fordringar
 * (not 1510: kundfordringar must equal the open invoices, which the fee is not one of), 3990
 * Övriga ersättningar och intäkter.
 */
export const REMINDER_FEE_ACCOUNTS = { receivable: "1680", income: "3990" } as const;

/** Days the reminder gives the customer to pay: the new "betala senast" date. */
const REMINDER_PAY_DAYS = 10;

/** Statuses a reminder may be issued for: unpaid in full and issued. */
const REMINDABLE: readonly InvoiceRow["status"][] = ["sent", "partially_paid", "overdue"];

/** An issued invoice, not a credit note, past its due date and not fully paid: else INVOICE_REMINDER_NOT_OVERDUE. */
function assertOverdue(row: InvoiceRow, today: string): void {
  if (row.documentType !== "invoice" || row.isCreditNote || !REMINDABLE.includes(row.status) || row.dueDate >= today)
    throw new ApiError("INVOICE_REMINDER_NOT_OVERDUE", {
      id: row.id,
      status: row.status,
      due_date: row.dueDate,
      document_type: row.documentType,
    });
}

/** The days after `from` up to and including `to`. */
const daysBetween = (from: string, to: string) =>
  Math.max(0, (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The fee the company's terms set, in öre. Charged on SEK invoices only (the fee is a Swedish
 * amount in kronor); under the cash method nothing is booked before payment, and a fee has
 * no payment of its own to book it on, so a company on the cash method is refused a fee.
 */
function reminderFee(row: InvoiceRow, feeOre: number | null, method: string): number {
  if (!feeOre || row.currency !== "SEK") return 0;
  if (method === "cash") throw new ApiError("INVOICE_REMINDER_FEE_CASH_METHOD", { reminder_fee: fromOre(feeOre) });
  return feeOre;
}

/** The fee's entry: Debit 1680 / Credit 3990, no VAT (compensation for a cost, not a supply). */
async function postFee(ctx: CommandContext, row: InvoiceRow, reminderId: string, date: string, feeOre: number) {
  if (feeOre === 0) return null;
  const text = `Påminnelseavgift faktura ${row.invoiceNumber}`;
  return ctx.ledger.post({
    date,
    description: text,
    sourceType: "invoice_reminder",
    sourceId: reminderId,
    lines: [
      {
        accountNumber: REMINDER_FEE_ACCOUNTS.receivable,
        debitOre: feeOre,
        creditOre: 0,
        lineDescription: text,
        dimensions: null,
      },
      {
        accountNumber: REMINDER_FEE_ACCOUNTS.income,
        debitOre: 0,
        creditOre: feeOre,
        lineDescription: text,
        dimensions: null,
      },
    ],
  });
}

/**
 * The interest a reminder states: what no interest invoice has claimed yet. A reminder of an
 * interest invoice states none: interest on interest is not charged.
 */
async function reminderInterest(db: Database, row: InvoiceRow, today: string, agreedRate: string | null) {
  if (row.kind === "interest")
    return { coveredTo: null, interest: { known: true as const, amountOre: 0, days: 0, stretches: [] } };
  return interestNotYetInvoiced(db, row, today, agreedRate);
}

/**
 * The sweep's reminder, checked again inside the company's writer: no reminder in the last
 * `days` days. Two sweeps that both listed the invoice run one after the other in the writer,
 * and the second is refused here (INVOICE_REMINDER_TOO_SOON), so the customer gets one.
 */
async function assertIntervalPassed(db: Database, row: InvoiceRow, today: string, days: number) {
  const cutoff = daysBefore(today, days);
  const [{ n }] = await db
    .select({ n: count() })
    .from(invoiceReminders)
    .where(and(eq(invoiceReminders.invoiceId, row.id), gt(invoiceReminders.reminderDate, cutoff)))
    .all();
  if (n > 0 || row.dueDate > cutoff)
    throw new ApiError("INVOICE_REMINDER_TOO_SOON", { id: row.id, due_date: row.dueDate, interval_days: days });
}

/** The reminder's interest as the answer shows it: its periods, or the half-year whose reference rate is missing. */
function interestDetail(interest: Awaited<ReturnType<typeof reminderInterest>>["interest"], coveredTo: string | null) {
  return {
    ...(interest.known
      ? { periods: interest.stretches.flatMap((s) => s.periods) }
      : { periods: null, missing_reference_rate_from: interest.missingHalfYear }),
    interest_invoiced_through: coveredTo,
  };
}

/** The reminder email's text (Swedish, as the customer reads it). */
function reminderEmailText(
  row: InvoiceRow,
  customer: { name: string; contactName: string | null },
  companyName: string,
  due: { toPay: number; payBy: string },
): string {
  return [
    `Hej ${customer.contactName ?? customer.name},`,
    "",
    `Vi har ännu inte fått betalt för faktura ${row.invoiceNumber}, som förföll ${row.dueDate}.`,
    `Att betala nu: ${due.toPay} ${row.currency}, senast ${due.payBy}. Har du redan betalat kan du bortse från denna påminnelse.`,
    "",
    "Med vänlig hälsning",
    companyName,
  ].join("\n");
}

/**
 * POST .../invoices/{id}/reminder. Rule order: NOT_FOUND > INVOICE_REMINDER_NOT_OVERDUE >
 * INVOICE_SEND_NO_CUSTOMER_EMAIL > INVOICE_SEND_EMAIL_NOT_CONFIGURED >
 * INVOICE_REMINDER_FEE_CASH_METHOD > the engine's rules (PERIOD_LOCKED ...). The reminder row
 * and the fee's entry commit in one batch; then the email goes out. If the provider fails,
 * the fee is reversed by a storno, the row is removed and the answer is
 * INVOICE_SEND_PROVIDER_FAILED (a retry issues the reminder again under the same number).
 */
export const remindInvoice: Command<{ id: string; auto_interval_days?: number }> = async (db, input, ctx, env) => {
  const today = ctx.now.slice(0, 10);
  const row = await loadInvoice(db, ctx.companyId, input.id);
  assertOverdue(row, today);
  if (input.auto_interval_days !== undefined) await assertIntervalPassed(db, row, today, input.auto_interval_days);
  const customer = await loadCustomer(db, ctx.companyId, row.customerId);
  if (!customer.email) throw new ApiError("INVOICE_SEND_NO_CUSTOMER_EMAIL", { customer_id: customer.id });
  if (!emailConfigured(env)) throw new ApiError("INVOICE_SEND_EMAIL_NOT_CONFIGURED", null);
  const company = await loadCompany(db, ctx.companyId);
  const { companies: co, company_settings: settings } = company;
  const feeOre = reminderFee(row, settings.reminderFeeOre, co.accountingMethod);
  const remainingOre = invoiceRemainingOre(row) - row.deductionOre;
  const { interest, coveredTo } = await reminderInterest(db, row, today, settings.latePaymentInterestRate);
  const [{ n }] = await db
    .select({ n: count() })
    .from(invoiceReminders)
    .where(eq(invoiceReminders.invoiceId, row.id))
    .all();
  const id = newId();
  const entry = await postFee(ctx, row, id, today, feeOre);
  const reminder: ReminderRow = {
    id,
    companyId: ctx.companyId,
    invoiceId: row.id,
    reminderNumber: n + 1,
    reminderDate: today,
    remainingOre,
    feeOre,
    interestOre: interest.known ? interest.amountOre : null,
    interestDays: interest.known ? interest.days : daysBetween(coveredTo ?? row.dueDate, today),
    payBy: addDays(today, REMINDER_PAY_DAYS),
    automatic: input.auto_interval_days !== undefined,
    sentTo: customer.email,
    journalEntryId: entry?.row.id ?? null,
    createdAt: ctx.now,
  };
  const bytes = await reminderPdfBytes(db, row, reminder, ctx.now, company);
  const statements: PlannedWrite[] = [...writeOf(entry), db.insert(invoiceReminders).values(reminder)];
  const json = reminderJson(reminder);
  return {
    status: 201,
    data: {
      ...json,
      invoice_number: row.invoiceNumber,
      interest_detail: interestDetail(interest, coveredTo),
    },
    statements,
    events: [],
    audit: { action: "invoice.reminded", resourceType: "invoice", resourceId: row.id, voucher: entry?.voucher },
    external: {
      run: () =>
        sendMail(env, {
          to: customer.email!,
          fromName: settings.emailSenderName ?? co.name,
          replyTo: settings.emailReplyTo,
          subject: `Påminnelse: faktura ${row.invoiceNumber} från ${co.name}`,
          text: reminderEmailText(row, customer, co.name, { toPay: json.to_pay, payBy: reminder.payBy }),
          attachment: { fileName: reminderFileName(row, reminder), bytes },
        }),
      compensate: async (cause) => {
        const undo: PlannedWrite[] = [db.delete(invoiceReminders).where(eq(invoiceReminders.id, id))];
        let reversalId: string | null = null;
        if (entry) {
          const period = await ctx.ledger.loadPeriod(entry.row.fiscalPeriodId);
          const reversal = await ctx.ledger.reverse(
            entry.row,
            entry.lines,
            entry.row.entryDate,
            period,
            `Återföring: påminnelse för faktura ${row.invoiceNumber} kunde inte skickas`,
          );
          undo.push(reversal.write);
          reversalId = reversal.row.id;
        }
        return {
          statements: undo,
          action: "invoice.remind_failed",
          error: new ApiError("INVOICE_SEND_PROVIDER_FAILED", {
            step: "email",
            provider_error: String(cause instanceof Error ? cause.message : cause),
            invoice_number: row.invoiceNumber,
            reversal_entry_id: reversalId,
          }),
        };
      },
    },
  };
};

export function reminderFileName(row: InvoiceRow, r: ReminderRow): string {
  return `paminnelse-${r.reminderNumber}-faktura-${row.invoiceNumber}.pdf`;
}
