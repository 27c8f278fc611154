// The commands receivables and payables share, each parameterised by its side
// (./side.ts): the minute sweep's overdue marking, the reversal of a payment registered
// by mistake, and the revaluation's new book values. Each owning domain names its own
// command and hands its side in.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { UnmatchPaymentRow } from "../../commands/handed-in";
import type { CommandContext, Plan, PlannedWrite } from "../../commands/plan";
import type { Database } from "../../db/client";
import { ApiError } from "../../errors/api-error";
import type { PaymentReverseInput } from "../../http/fields";
import { assertLatestPaymentUnderCash, assertPaymentNotReversed, reversalDateOf } from "../../ledger/settlement";
import { loadCompany } from "../companies";
import { loadEntry } from "../journal-entries";
import { countedPayments } from "./queries";
import type { Json, OpenItemRow, OpenItemSide, OpenPaymentRow } from "./side";

/**
 * The minute sweep for one company: the unpaid items `due` lists (past their due date)
 * become overdue, each announced by an event; the status guard keeps a payment committed
 * in between from being overwritten.
 */
export function planOverdue<Row extends OpenItemRow & { updatedAt: string }, Payment extends OpenPaymentRow>(
  db: Database,
  side: OpenItemSide<Row, Payment>,
  due: Row[],
  ctx: CommandContext,
): Plan {
  const t = side.items;
  const ids = due.map((r) => r.id);
  return {
    status: 200,
    data: { overdue: ids.length, [`${side.resource}_ids`]: ids },
    statements: ids.length
      ? [
          db
            .update(t)
            .set({ status: "overdue", updatedAt: ctx.now })
            .where(and(eq(t.companyId, ctx.companyId), inArray(t.id, ids), inArray(t.status, [...side.overdueFrom]))),
        ]
      : [],
    events: due.map((r) => ({
      type: `${side.resource}.overdue`,
      object: side.json({ ...r, status: "overdue", updatedAt: ctx.now }),
      previousAttributes: { status: r.status },
    })),
    audit: { action: `${side.resource}.overdue_sweep`, resourceType: side.resource, resourceId: null },
  };
}

/** The items' new book values after the year-end revaluation: the closing rate, and the SEK total moved by its difference. */
export const bookValuesOf =
  (side: Pick<OpenItemSide<OpenItemRow, OpenPaymentRow>, "items">) =>
  (
    db: Database,
    companyId: string,
    items: { id: string; rate: string; deltaSekOre: number }[],
    now: string,
  ): PlannedWrite[] => {
    const t = side.items;
    return items.map((i) =>
      db
        .update(t)
        .set({ exchangeRate: i.rate, totalSekOre: sql`${t.totalSekOre} + ${i.deltaSekOre}`, updatedAt: now })
        .where(and(eq(t.companyId, companyId), eq(t.id, i.id))),
    );
  };

/** What a register adds to the shared reversal of a payment. */
export interface ReversalTerms<Row extends OpenItemRow, Payment extends OpenPaymentRow> {
  /** the storno's text */
  text: (row: Row, reason: string | undefined) => string;
  /** a refusal of the register's own, checked before the cash method's order (a claimed ROT/RUT deduction) */
  refuse?: (db: Database, companyId: string, row: Row) => Promise<void>;
  /** what else the item's row changes, from the payments that still count */
  patchFrom?: (rest: Payment[]) => Partial<Row>;
  /** the answer's fields of the register's own, from the bank row set free */
  answer?: (bank: Awaited<ReturnType<UnmatchPaymentRow>>) => Json;
}

type ReverseInput = PaymentReverseInput & { id: string; payment_id: string };

/** The item's payment by its id: NOT_FOUND when the item has none such. */
async function loadPayment<Row extends OpenItemRow, Payment extends OpenPaymentRow>(
  db: Database,
  side: OpenItemSide<Row, Payment>,
  companyId: string,
  itemId: string,
  paymentId: string,
): Promise<Payment> {
  const p = side.payments;
  const payment = await db
    .select()
    .from(p)
    .where(and(eq(p.companyId, companyId), eq(side.paymentItem, itemId), eq(p.id, paymentId)))
    .get();
  if (!payment)
    throw new ApiError("NOT_FOUND", {
      resource: `${side.resource}_payment`,
      id: paymentId,
      [`${side.resource}_id`]: itemId,
    });
  return payment as Payment;
}

/**
 * Reversing a registered payment (makulera betalning, issue 29): a payment recorded by
 * mistake (mark-paid, a bank match) is undone by a storno of its entry, dated as the
 * caller says (default today) in an open period; the item returns to the status and
 * amounts it would have without it, and a bank row matched to it becomes unmatched. The
 * payment's row stays, marked reversed, so the history shows both.
 *
 * Rule order: NOT_FOUND (the item, then the payment) > ENTRY_ALREADY_REVERSED >
 * VALIDATION_ERROR (reversal_date before the payment) > the register's own refusal >
 * CONFLICT (cash method, later payments) > the engine's rules on the storno
 * (ENTRY_DATE_OUTSIDE_FISCAL_PERIOD, PERIOD_LOCKED).
 */
export async function reversePayment<Row extends OpenItemRow, Payment extends OpenPaymentRow>(
  side: OpenItemSide<Row, Payment>,
  terms: ReversalTerms<Row, Payment>,
  unmatch: UnmatchPaymentRow,
  [db, input, ctx]: [Database, ReverseInput, CommandContext],
): Promise<Plan> {
  const row = await side.load(db, ctx.companyId, input.id);
  const payment = await loadPayment(db, side, ctx.companyId, row.id, input.payment_id);
  assertPaymentNotReversed(payment);
  const date = reversalDateOf(input.reversal_date, payment.paymentDate, ctx.now);
  await terms.refuse?.(db, ctx.companyId, row);
  const { companies: company } = await loadCompany(db, ctx.companyId);
  const cash = company.accountingMethod === "cash";
  const counted =
    cash || terms.patchFrom ? await countedPayments<Payment>(db, side.payments, side.paymentItem, row.id) : [];
  if (cash) assertLatestPaymentUnderCash(payment, counted);

  const { entry, lines } = await loadEntry(db, ctx.companyId, payment.journalEntryId);
  const text = terms.text(row, input.reason);
  const reversal = await ctx.ledger.reverse(entry, lines, date, await ctx.ledger.periodForDate(date), text);
  const bank = await unmatch(db, ctx, payment.journalEntryId, date);

  const paidOre = row.paidOre - payment.amountOre;
  const status = side.statusWithoutPayment(row, paidOre, ctx.now.slice(0, 10));
  const patch = {
    status,
    paidOre,
    paidAt: status === "paid" ? row.paidAt : null,
    ...terms.patchFrom?.(counted.filter((x) => x.id !== payment.id)),
    updatedAt: ctx.now,
  };
  const reversed: Payment = {
    ...payment,
    reversedAt: ctx.now,
    reversalDate: date,
    reversalJournalEntryId: reversal.row.id,
  };
  const item = side.json({ ...row, ...patch });
  const paymentJson = side.paymentJson(reversed);
  return {
    status: 200,
    data: {
      ...item,
      reversed_payment: paymentJson,
      reversal_journal_entry_id: reversal.row.id,
      bank_transaction_id: bank?.transaction_id ?? null,
      ...terms.answer?.(bank),
    },
    statements: [
      reversal.write,
      db
        .update(side.payments)
        .set({ reversedAt: ctx.now, reversalDate: date, reversalJournalEntryId: reversal.row.id })
        .where(eq(side.payments.id, payment.id)),
      db.update(side.items).set(patch).where(eq(side.items.id, row.id)),
      ...(bank?.statements ?? []),
    ],
    events: [
      {
        type: `${side.resource}.payment_reversed`,
        object: { [side.resource]: item, payment: paymentJson, reason: input.reason ?? null, companyId: ctx.companyId },
        previousAttributes: { status: row.status, paid_amount: row.paidOre / 100 },
      },
      ...(bank?.events ?? []),
    ],
    audit: {
      action: `${side.resource}.payment_reversed`,
      resourceType: side.resource,
      resourceId: row.id,
      voucher: reversal.voucher,
    },
  };
}
