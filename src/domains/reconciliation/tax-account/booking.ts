// Booking the skattekonto's rows against their counterparts (issue #30). Each row is one
// entry through ctx.ledger.post, dated the row's date: 1630 against the account its text names
// (src/sweden/tax-account/rules.ts), or the account the client gives. A row that a ledger line
// on 1630 already explains (the bank's payment booked to 1630 from the bank side, a VAT or
// payroll entry booked straight to 1630) is linked to that line instead, never booked twice:
// the accountant books the payment from the bank, and the statement row only reconciles it.
import { and, asc, eq } from "drizzle-orm";
import type { Command, CommandContext, VoucherRef, PlannedWrite } from "../../../commands/plan";
import type { Database } from "../../../db/client";
import { reconciliationLinks, reconciliationTaxAccountRows } from "../../../db/schema";
import { ApiError } from "../../../errors/api-error";
import { newId } from "../../../ids";
import { fromOre } from "../../../money";
import { classifyTaxAccountText, TAX_ACCOUNT, taxAccountEntryLines } from "../../../sweden/tax-account";
import { bankRowsForReconciliation, settlementAccountsWithRows } from "../../bank-transactions";
import { addDays, type ClassifiedItem, daysBetween, PROPOSAL_WINDOW_DAYS } from "../bank/rules";
import { accountState, linksOf } from "../accounts/queries";
import { parseAccountKey } from "../accounts/keys";
import type { TaxAccountBookBody, TaxAccountBookSuggestedBody, TaxAccountRowJson } from "./schemas";

type TaxAccountRow = typeof reconciliationTaxAccountRows.$inferSelect;
const KEY = "skattekonto";

async function loadTaxAccountRow(db: Database, companyId: string, id: string): Promise<TaxAccountRow> {
  const row = await db
    .select()
    .from(reconciliationTaxAccountRows)
    .where(and(eq(reconciliationTaxAccountRows.companyId, companyId), eq(reconciliationTaxAccountRows.id, id)))
    .get();
  if (!row) throw new ApiError("NOT_FOUND", { resource: "skattekonto_transaction", id });
  return row;
}

/** A row already booked or linked is explained: booking it again would count it twice. */
async function assertNotExplained(db: Database, companyId: string, row: TaxAccountRow) {
  if (row.journalEntryId)
    throw new ApiError("TAX_ACCOUNT_ROW_ALREADY_BOOKED", {
      id: row.id,
      reason: "booked",
      journal_entry_id: row.journalEntryId,
    });
  const link = (await linksOf(db, companyId, KEY)).find((l) => l.itemId === row.id);
  if (link)
    throw new ApiError("TAX_ACCOUNT_ROW_ALREADY_BOOKED", { id: row.id, reason: "linked", link_id: link.linkId });
}

/** The account a row is booked against: the client's, else the one its text names. */
function counterAccountOf(row: TaxAccountRow, override: string | undefined): string {
  const account = override ?? classifyTaxAccountText(row.description).counter_account;
  if (!account)
    throw new ApiError(
      "VALIDATION_ERROR",
      { fields: [{ path: "account", message: `required: the text "${row.description}" names no known counterpart` }] },
      "The transaction's text names no counter account: give one.",
    );
  if (account === TAX_ACCOUNT)
    throw new ApiError(
      "VALIDATION_ERROR",
      { fields: [{ path: "account", message: "must not be 1630 itself (the entry's other side)" }] },
      "The counter account cannot be the tax account.",
    );
  return account;
}

interface RowBooking {
  statements: PlannedWrite[];
  voucher: VoucherRef;
  journalEntryId: string;
  account: string;
}

/** The row's entry (1630 against `account`, the row's date and text) and the row marked booked. */
async function planRowBooking(
  db: Database,
  ctx: CommandContext,
  row: TaxAccountRow,
  account: string,
): Promise<RowBooking> {
  const entry = await ctx.ledger.post({
    date: row.date,
    description: `Skattekonto: ${row.description}`,
    sourceType: "skattekonto_transaction",
    sourceId: row.id,
    lines: taxAccountEntryLines(row.amountOre, account).map((l) => ({
      accountNumber: l.account,
      debitOre: l.debit,
      creditOre: l.credit,
      lineDescription: null,
    })),
  });
  return {
    statements: [
      entry.write,
      db
        .update(reconciliationTaxAccountRows)
        .set({ journalEntryId: entry.row.id })
        .where(
          and(eq(reconciliationTaxAccountRows.companyId, ctx.companyId), eq(reconciliationTaxAccountRows.id, row.id)),
        ),
    ],
    voucher: entry.voucher,
    journalEntryId: entry.row.id,
    account,
  };
}

/** The period refusals that leave one row for the client instead of refusing the whole batch. */
const PERIOD_REFUSALS = new Set(["PERIOD_NOT_FOUND", "ENTRY_DATE_OUTSIDE_FISCAL_PERIOD", "PERIOD_LOCKED"]);

/** As planRowBooking, but a row dated where the ledger takes no entry is answered, not thrown. */
async function planRowBookingUnlessPeriodRefuses(
  db: Database,
  ctx: CommandContext,
  row: TaxAccountRow,
  account: string,
): Promise<RowBooking | { refused: string }> {
  try {
    return await planRowBooking(db, ctx, row, account);
  } catch (err) {
    if (err instanceof ApiError && PERIOD_REFUSALS.has(err.code)) return { refused: err.code.toLowerCase() };
    throw err;
  }
}

function bookedJson(row: TaxAccountRow, b: RowBooking) {
  return {
    id: row.id,
    date: row.date,
    description: row.description,
    amount: fromOre(row.amountOre),
    kind: classifyTaxAccountText(row.description).kind,
    counter_account: b.account,
    journal_entry_id: b.journalEntryId,
    voucher: `${b.voucher.series}${b.voucher.number}`,
  };
}

/** POST .../reconciliation/skattekonto/transactions/{id}/book */
export const bookTaxAccountRow: Command<TaxAccountBookBody & { id: string }> = async (db, input, ctx) => {
  const row = await loadTaxAccountRow(db, ctx.companyId, input.id);
  await assertNotExplained(db, ctx.companyId, row);
  const booking = await planRowBooking(db, ctx, row, counterAccountOf(row, input.account));
  return {
    status: 201,
    data: bookedJson(row, booking),
    statements: booking.statements,
    audit: {
      action: "reconciliation.skattekonto_booked",
      resourceType: "skattekonto_transaction",
      resourceId: row.id,
      voucher: booking.voucher,
    },
  };
};

/** The link of a row to the 1630 line the matcher paired it with. */
function planProposalLink(
  db: Database,
  ctx: CommandContext,
  row: ClassifiedItem,
  line: ClassifiedItem,
): PlannedWrite[] {
  const linkId = newId();
  return (
    [
      ["external", row],
      ["ledger", line],
    ] as const
  ).map(([side, item]) =>
    db.insert(reconciliationLinks).values({
      id: newId(),
      companyId: ctx.companyId,
      linkId,
      accountKey: KEY,
      side,
      itemId: item.itemId,
      amountOre: item.amountOre,
      method: "proposal",
      createdByKeyId: ctx.apiKeyId,
      createdAt: ctx.now,
    }),
  );
}

/**
 * The bank rows that nothing books yet (no entry, not ignored), dated through `until` plus the
 * proposal window: a payment to or from the skattekonto among them is the bank side of a row,
 * which the accountant books from the bank (to 1630) rather than from the statement.
 */
async function unbookedBankRows(db: Database, companyId: string, until: string) {
  const accounts = (await settlementAccountsWithRows(db, companyId)).filter((a) => /^19\d\d$/.test(a));
  const through = addDays(until, PROPOSAL_WINDOW_DAYS);
  const rows = [];
  for (const account of accounts)
    for (const r of await bankRowsForReconciliation(db, companyId, account, through))
      if (!r.journalEntryId && !r.isIgnored && r.currency === "SEK") rows.push(r);
  return rows;
}

/**
 * POST .../reconciliation/skattekonto/book-suggested: every row dated through date_to that
 * nothing explains yet is linked to the 1630 line the matcher proposes for it, else booked
 * against its text's counter account; a row with no known counterpart, with an unexplained
 * 1630 line of its amount that the matcher could not pair (two candidates), or a payment whose
 * bank row (the opposite amount, within the proposal window) is not booked yet, is left for the
 * client and listed with the reason.
 */
export const bookSuggestedTaxAccountRows: Command<TaxAccountBookSuggestedBody> = async (db, input, ctx) => {
  const to = input.date_to ?? ctx.now.slice(0, 10);
  const state = await accountState(db, ctx.companyId, parseAccountKey(KEY), `${to.slice(0, 4)}-01-01`, to);
  const items = state.recon!.items;
  const byId = new Map(items.map((i) => [i.itemId, i]));
  const openLineAmounts = new Set(
    items.filter((i) => i.side === "ledger" && i.bucket === "unmatched_ledger").map((i) => i.amountOre),
  );
  const rows = new Map(
    (
      await db
        .select()
        .from(reconciliationTaxAccountRows)
        .where(eq(reconciliationTaxAccountRows.companyId, ctx.companyId))
        .all()
    ).map((r) => [r.id, r]),
  );
  const bankRows = await unbookedBankRows(db, ctx.companyId, to);
  const linkedIds = new Set((await linksOf(db, ctx.companyId, KEY)).map((l) => l.itemId));
  const bankRowsNamed = new Set<string>();
  const statements: PlannedWrite[] = [];
  const linked: { id: string; journal_entry_id: string; line_id: string }[] = [];
  const booked: ReturnType<typeof bookedJson>[] = [];
  const left: {
    id: string;
    description: string;
    amount: number;
    reason: string;
    bank_transaction_id: string | null;
  }[] = [];
  let voucher: VoucherRef | null = null;
  for (const item of items) {
    // an expected charge (bucket upcoming) is no statement row: nothing to book
    if (item.side !== "external" || item.date > to || item.expected) continue;
    const row = rows.get(item.itemId)!;
    // booked or linked already (a row of an earlier fiscal year is classified without its lines)
    if (row.journalEntryId || linkedIds.has(row.id)) continue;
    if (item.bucket === "proposed" && item.proposal) {
      const line = byId.get(item.proposal.counterpart_item_id)!;
      statements.push(...planProposalLink(db, ctx, item, line));
      linked.push({ id: row.id, journal_entry_id: line.line!.entryId, line_id: line.itemId });
      continue;
    }
    if (item.bucket !== "unmatched_external") continue;
    const { kind, counter_account: account } = classifyTaxAccountText(row.description);
    // a payment in or out whose bank row is not booked yet: booking both would count it twice
    const bankRow =
      kind === "payment" || kind === "payout"
        ? bankRows.find(
            (b) =>
              !bankRowsNamed.has(b.id) &&
              b.amountOre === -row.amountOre &&
              Math.abs(daysBetween(b.date, row.date)) <= PROPOSAL_WINDOW_DAYS,
          )
        : undefined;
    // one bank row stands for one payment: a second row of the amount looks for another
    if (bankRow) bankRowsNamed.add(bankRow.id);
    const reason = !account
      ? "no_known_counter_account"
      : openLineAmounts.has(row.amountOre)
        ? "unexplained_1630_line_of_the_same_amount"
        : bankRow
          ? "unbooked_bank_transaction"
          : null;
    if (reason) {
      left.push({
        id: row.id,
        description: row.description,
        amount: fromOre(row.amountOre),
        reason,
        bank_transaction_id: bankRow?.id ?? null,
      });
      continue;
    }
    const booking = await planRowBookingUnlessPeriodRefuses(db, ctx, row, account!);
    if ("refused" in booking) {
      left.push({
        id: row.id,
        description: row.description,
        amount: fromOre(row.amountOre),
        reason: booking.refused,
        bank_transaction_id: null,
      });
      continue;
    }
    statements.push(...booking.statements);
    booked.push(bookedJson(row, booking));
    voucher = booking.voucher;
  }
  return {
    status: 200,
    data: { date_to: to, linked, booked, left },
    statements,
    unchanged: statements.length === 0 ? true : undefined,
    audit: {
      action: "reconciliation.skattekonto_book_suggested",
      resourceType: "reconciliation_account",
      resourceId: KEY,
      voucher,
    },
  };
};

/** GET .../reconciliation/skattekonto/transactions: every row, oldest first, with its kind and state. */
export async function listTaxAccountRows(db: Database, companyId: string): Promise<TaxAccountRowJson[]> {
  const rows = await db
    .select()
    .from(reconciliationTaxAccountRows)
    .where(eq(reconciliationTaxAccountRows.companyId, companyId))
    .orderBy(
      asc(reconciliationTaxAccountRows.date),
      asc(reconciliationTaxAccountRows.createdAt),
      asc(reconciliationTaxAccountRows.position),
      asc(reconciliationTaxAccountRows.dedupeKey),
    )
    .all();
  const links = new Map((await linksOf(db, companyId, KEY)).map((l) => [l.itemId, l.linkId]));
  return rows.map((r) => {
    const c = classifyTaxAccountText(r.description);
    const linkId = links.get(r.id) ?? null;
    return {
      id: r.id,
      date: r.date,
      description: r.description,
      amount: fromOre(r.amountOre),
      balance_after: r.balanceAfterOre === null ? null : fromOre(r.balanceAfterOre),
      source: r.source,
      import_id: r.importId,
      kind: c.kind,
      period: c.period,
      status: r.journalEntryId ? "booked" : linkId ? "linked" : c.counter_account ? "suggested" : "needs_account",
      suggested_account: c.counter_account,
      journal_entry_id: r.journalEntryId,
      link_id: linkId,
    };
  });
}
