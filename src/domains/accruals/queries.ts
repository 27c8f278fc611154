// Reads of the accruals and their JSON, and the open list set against the ledger.
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { accruals } from "../../db/schema";
import { ApiError } from "../../errors/api-error";
import { sourceBalancesThrough } from "../../ledger/queries";
import { fromOre } from "../../money";
import { type AccrualSide, accrualSide, openAt } from "../../sweden/accruals";

export type AccrualRow = typeof accruals.$inferSelect;

/** The source type of every entry an accrual posts; its reversals carry "reversal" and point to one. */
export const ACCRUAL_SOURCE = "accrual";

export type MovementRole = "accrual" | "release" | "reversal" | "release_reversal" | "cancel_release";

/** One entry's effect on the accrual's balance account, as stored in `movements`. */
export interface Movement {
  date: string;
  amount_ore: number;
  role: MovementRole;
  journal_entry_id: string;
  voucher_number: string | null;
}

export function movementsOf(r: AccrualRow): Movement[] {
  return JSON.parse(r.movements) as Movement[];
}

export function sideOf(r: AccrualRow): AccrualSide {
  const side = accrualSide(r.balanceAccount);
  if (side === null) throw new Error(`accrual ${r.id} holds no accrual account`);
  return side;
}

/** What of the accrual is open at a date, öre. */
export function openOre(r: AccrualRow, asOf: string): number {
  return openAt(
    movementsOf(r).map((m) => ({ date: m.date, amountOre: m.amount_ore })),
    asOf,
  );
}

export function accrualJson(r: AccrualRow, asOf: string) {
  return {
    id: r.id,
    kind: r.kind,
    side: sideOf(r),
    description: r.description,
    balance_account: r.balanceAccount,
    result_account: r.resultAccount,
    amount: fromOre(r.amountOre),
    start_month: r.kind === "spread" ? r.startDate.slice(0, 7) : null,
    months: r.months,
    period_end: r.kind === "period_end" ? r.startDate : null,
    status: r.status,
    cancelled_on: r.cancelledOn,
    open_amount: fromOre(openOre(r, asOf)),
    as_of: asOf,
    movements: movementsOf(r)
      .slice()
      .sort((a, b) => a.date.localeCompare(b.date))
      .map((m) => ({
        date: m.date,
        role: m.role,
        amount: fromOre(m.amount_ore),
        journal_entry_id: m.journal_entry_id,
        voucher_number: m.voucher_number,
      })),
    created_at: r.createdAt,
  };
}

export async function loadAccrual(db: Database, companyId: string, id: string): Promise<AccrualRow> {
  const row = await db
    .select()
    .from(accruals)
    .where(and(eq(accruals.companyId, companyId), eq(accruals.id, id)))
    .get();
  if (!row) throw new ApiError("ACCRUAL_NOT_FOUND", { accrual_id: id });
  return row;
}

async function allAccruals(db: Database, companyId: string): Promise<AccrualRow[]> {
  return db
    .select()
    .from(accruals)
    .where(eq(accruals.companyId, companyId))
    .orderBy(asc(accruals.createdAt), asc(accruals.id))
    .all();
}

/** A balance in the account's own direction: debit for an asset accrual, credit for a liability. */
function onSide(debitMinusCreditOre: number, side: AccrualSide): number {
  return side === "asset" ? debitMinusCreditOre : -debitMinusCreditOre;
}

/**
 * What is open at a date, per accrual and per balance account, each account's open sum
 * set against the ledger's balance of the account from accrual entries alone: the check
 * that the register and the books tell the same story.
 */
export async function openAccruals(db: Database, companyId: string, asOf: string) {
  const [rows, ledger] = await Promise.all([
    allAccruals(db, companyId),
    sourceBalancesThrough(db, companyId, ACCRUAL_SOURCE, asOf),
  ]);
  const perAccount = new Map<string, { side: AccrualSide; openOre: number }>();
  for (const r of rows) {
    const acc = perAccount.get(r.balanceAccount) ?? { side: sideOf(r), openOre: 0 };
    acc.openOre += openOre(r, asOf);
    perAccount.set(r.balanceAccount, acc);
  }
  const accounts = [...perAccount.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([account, { side, openOre: open }]) => {
      const ledgerOre = onSide(ledger.get(account) ?? 0, side);
      return {
        account_number: account,
        side,
        open_amount: fromOre(open),
        ledger_balance: fromOre(ledgerOre),
        matches_ledger: ledgerOre === open,
      };
    });
  const open = rows.filter((r) => openOre(r, asOf) !== 0);
  return {
    as_of: asOf,
    accruals: open.map((r) => accrualJson(r, asOf)),
    accounts,
    open_total: fromOre(open.reduce((sum, r) => sum + openOre(r, asOf), 0)),
  };
}
