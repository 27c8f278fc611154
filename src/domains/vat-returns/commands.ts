// The VAT return (momsredovisning) in one command: the declaration of a VAT period built from
// its taxable events (the report's builder: vatDeclarationMovements + declarationBoxes), the
// transfer entry (momsomföring: every VAT account of the period to 2650 in whole kronor, the
// öre to 3740) through the ledger, the period locked through its end, and the return stored.
//
// Rule order: VALIDATION_ERROR (body; not VAT-registered; not one of the company's VAT
// periods; not ended) > VAT_RETURN_ALREADY_EXISTS (an original exists) / VAT_RETURN_NO_ORIGINAL
// (a correction without one) > CONFLICT transfer_booked_by_hand (the period's VAT already moved
// to 2650 by an entry no return booked) > VAT_RETURN_UNCHANGED (a correction of nothing) > the ledger's
// rules on the transfer entry (PERIOD_LOCKED, ACCOUNTS_NOT_IN_CHART, ...) > the lock's rules
// (PERIOD_LOCK_HAS_DRAFTS, PERIOD_HAS_UNBOOKED_TRANSACTIONS).
import { type Command, type CommandContext, type Plan, type PlannedWrite, writeOf } from "../../commands/plan";
import type { Env } from "../../env";
import type { Database } from "../../db/client";
import { vatReturns } from "../../db/schema";
import { ApiError, fieldError } from "../../errors/api-error";
import { newId } from "../../ids";
import type { FiscalPeriodRow } from "../../ledger/engine";
import { vatDeclarationMovements, vatSettlementEntries, type VatMovement } from "../../ledger/queries";
import type { MomsPeriod } from "../../sweden/tax-deadlines";
import { type Box, declarationBoxes } from "../../sweden/vat-declaration";
import { closedVatPeriods, vatPeriodsOfYear, type VatPeriod } from "../../sweden/vat-periods";
import { isVatAccount, vatTransfer } from "../../sweden/vat-transfer";
import { loadCompany } from "../companies";
import { type Finding, listPeriods, lockDatesOf } from "../fiscal-periods";
import {
  type Boxes,
  declaredPeriods,
  lastDeclaredEnd,
  returnEntryIds,
  returnsOfPeriod,
  vatReturnJson,
  type VatReturnRow,
} from "./queries";
import type { VatReturnCreateInput } from "./schemas";

/** A VAT period of the company with the fiscal period it lies in. */
export type CompanyVatPeriod = VatPeriod & { fiscal: FiscalPeriodRow };

/** The fiscal periods' lock, handed in by the composition root (it checks the bank transactions too). */
export type LockCommand = Command<{ id: string; lock_date?: string }>;

/**
 * The warnings of a return of a fiscal year's last VAT period made before the cash method's
 * year-end entry (fiscal-periods' pendingCashMethodEntry and cashMethodFindings with the
 * invoice domains' unpaid lines, above this domain: handed in by the composition root).
 */
export type CashMethodWarnings = (
  db: Database,
  companyId: string,
  fiscal: FiscalPeriodRow,
  today: string,
) => Promise<Finding[]>;

/** Every VAT period of every fiscal year the company has, in date order. */
export function companyVatPeriods(momsPeriod: MomsPeriod, periods: FiscalPeriodRow[]): CompanyVatPeriod[] {
  return [...periods]
    .sort((a, b) => a.periodStart.localeCompare(b.periodStart))
    .flatMap((fiscal) =>
      vatPeriodsOfYear(momsPeriod, { start: fiscal.periodStart, end: fiscal.periodEnd }).map((v) => ({ ...v, fiscal })),
    );
}

/**
 * The VAT period the body names: by its label (a quarter a broken fiscal year cuts in two must
 * be named by its dates, since it is two returns) or by its exact dates. It must have ended.
 */
function resolvePeriod(all: CompanyVatPeriod[], input: VatReturnCreateInput, today: string): CompanyVatPeriod {
  const known = () =>
    all
      .slice(0, 24)
      .map((v) => `${v.label} (${v.start} to ${v.end})`)
      .join(", ");
  let hit: CompanyVatPeriod | undefined;
  if (input.period !== undefined) {
    const hits = all.filter((v) => v.label === input.period);
    if (hits.length > 1)
      throw fieldError(
        "period",
        `${input.period} lies in two fiscal years and is declared as two returns: name one with period_start and period_end ` +
          `(${hits.map((v) => `${v.start} to ${v.end}`).join(", ")})`,
      );
    hit = hits[0];
    if (!hit) throw fieldError("period", `${input.period} is not one of the company's VAT periods: ${known()}`);
  } else {
    hit = all.find((v) => v.start === input.period_start && v.end === input.period_end);
    if (!hit)
      throw fieldError(
        "period_start",
        `${input.period_start} to ${input.period_end} is not one of the company's VAT periods: ${known()}`,
      );
  }
  if (hit.end >= today)
    throw fieldError(
      input.period !== undefined ? "period" : "period_end",
      `${hit.label} ends ${hit.end}: it has not ended yet`,
    );
  return hit;
}

/** Box by box: a plus sign times b. */
function combineBoxes(a: Boxes, b: Boxes, sign: 1 | -1): Boxes {
  return Object.fromEntries(
    Object.entries(a).map(([box, v]) => [box, v + sign * (b[box as Box | "49"] ?? 0)]),
  ) as Boxes;
}

/** The declaration made so far: the original's boxes plus every correction's (zero before the original). */
function declaredSoFar(earlier: VatReturnRow[], zero: Boxes): Boxes {
  return earlier.reduce((sum, r) => combineBoxes(sum, JSON.parse(r.boxes) as Boxes, 1), zero);
}

/**
 * What each VAT account still holds of the period (debit minus credit, öre): its taxable
 * movement less what the period's earlier returns' transfer entries already moved, so a
 * correction moves only the difference. A transfer entered by hand is not subtracted: the
 * return's own entries are the ones it knows.
 */
async function remainingVatBalances(
  db: Database,
  companyId: string,
  target: CompanyVatPeriod,
  moves: VatMovement[],
  earlier: VatReturnRow[],
): Promise<{ account: string; balanceOre: number }[]> {
  const balance = new Map<string, number>();
  const add = (account: string, ore: number) => balance.set(account, (balance.get(account) ?? 0) + ore);
  for (const m of moves) if (isVatAccount(m.account)) add(m.account, m.debitOre - m.creditOre);
  const ownEntries = new Set(earlier.map((r) => r.journalEntryId).filter((id) => id !== null));
  if (ownEntries.size) {
    const settlements = await vatSettlementEntries(db, companyId, {
      periodId: target.fiscal.id,
      from: target.start,
      to: target.end,
    });
    for (const e of settlements)
      if (ownEntries.has(e.entryId))
        for (const l of e.lines) if (isVatAccount(l.account)) add(l.account, l.debitOre - l.creditOre);
  }
  return [...balance.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([account, balanceOre]) => ({ account, balanceOre }));
}

/**
 * A transfer of this very period booked by hand (a settlement entry that no return booked,
 * dated from the period's start until today, moving exactly what the period's VAT accounts
 * hold): the return's own transfer would move the VAT a second time, so the original return
 * is refused until that entry is reversed. The usual case is a company's first return, for a
 * quarter whose momsomföring the accountant had entered from the report.
 */
async function refuseTransferBookedByHand(
  db: Database,
  companyId: string,
  target: CompanyVatPeriod,
  moves: VatMovement[],
  today: string,
): Promise<void> {
  const held = new Map<string, number>();
  for (const m of moves)
    if (isVatAccount(m.account)) held.set(m.account, (held.get(m.account) ?? 0) + m.debitOre - m.creditOre);
  for (const [account, ore] of held) if (ore === 0) held.delete(account);
  if (!held.size) return;
  // held: what the period's VAT accounts hold (debit minus credit); a transfer moves its negation
  const [settlements, own] = await Promise.all([
    vatSettlementEntries(db, companyId, { from: target.start, to: today }),
    returnEntryIds(db, companyId),
  ]);
  const vatMoved = (e: (typeof settlements)[number]) => {
    const moved = new Map<string, number>();
    for (const l of e.lines)
      if (isVatAccount(l.account)) moved.set(l.account, (moved.get(l.account) ?? 0) + l.debitOre - l.creditOre);
    for (const [account, ore] of moved) if (ore === 0) moved.delete(account);
    return moved;
  };
  const transfersHeld = (m: Map<string, number>, sign: 1 | -1) =>
    m.size === held.size && [...held].every(([account, ore]) => m.get(account) === -sign * ore);
  const hand = settlements.filter((e) => !own.has(e.entryId)).map((e) => ({ e, moved: vatMoved(e) }));
  const transfers = hand.filter((h) => transfersHeld(h.moved, 1));
  // a storno of such a transfer moves the VAT back: the pair cancels
  const stornos = hand.filter((h) => transfersHeld(h.moved, -1)).length;
  const standing = transfers[stornos];
  if (standing)
    throw new ApiError(
      "CONFLICT",
      {
        reason: "transfer_booked_by_hand",
        journal_entry_id: standing.e.entryId,
        entry_date: standing.e.date,
        period: target.label,
      },
      `The VAT of ${target.label} was already moved to 2650 by an entry booked by hand (dated ${standing.e.date}): reverse that ` +
        `entry, then file the return, which books its own transfer.`,
    );
}

/**
 * The lock through the latest VAT period declared in the fiscal year (this one, or a later one
 * whose lock an unlock took away): nothing when the year is already locked that far.
 */
async function planLock(
  lock: LockCommand,
  [db, ctx, env]: [Database, CommandContext, Env],
  target: CompanyVatPeriod,
): Promise<Pick<Plan, "statements" | "events">> {
  const [current, declared] = await Promise.all([
    lockDatesOf(db, ctx.companyId),
    lastDeclaredEnd(db, ctx.companyId, target.fiscal.id),
  ]);
  const through = declared !== null && declared > target.end ? declared : target.end;
  const lockDate = current.get(target.fiscal.id) ?? null;
  if (target.fiscal.lockedAt || target.fiscal.isClosed || (lockDate !== null && lockDate >= through))
    return { statements: [], events: [] };
  const plan = await lock(db, { id: target.fiscal.id, lock_date: through }, ctx, env);
  return { statements: plan.statements, events: plan.events ?? [] };
}

/**
 * POST .../vat-returns: the period's return (or, with correction, its correction return),
 * its transfer entry dated the period's last day, the lock, the row.
 */
export const createVatReturn = (
  lock: LockCommand,
  cashMethodWarnings: CashMethodWarnings,
): Command<VatReturnCreateInput> =>
  async function createVatReturn(db, input, ctx, env) {
    const [{ companies: company }, periods] = await Promise.all([
      loadCompany(db, ctx.companyId),
      listPeriods(db, ctx.companyId),
    ]);
    if (!company.vatRegistered || !company.momsPeriod)
      throw fieldError("period", "the company is not registered for VAT (vat_registered is false)");
    const target = resolvePeriod(
      companyVatPeriods(company.momsPeriod as MomsPeriod, periods),
      input,
      ctx.now.slice(0, 10),
    );
    const earlier = await returnsOfPeriod(db, ctx.companyId, target.start, target.end);
    const original = earlier.find((r) => r.kind === "original");
    if (!input.correction && original)
      throw new ApiError("VAT_RETURN_ALREADY_EXISTS", {
        vat_return_id: original.id,
        period: target.label,
        period_start: target.start,
        period_end: target.end,
      });
    if (input.correction && !original)
      throw new ApiError("VAT_RETURN_NO_ORIGINAL", {
        period: target.label,
        period_start: target.start,
        period_end: target.end,
      });

    const moves = await vatDeclarationMovements(db, ctx.companyId, {
      periodId: target.fiscal.id,
      from: target.start,
      to: target.end,
    });
    if (!original) await refuseTransferBookedByHand(db, ctx.companyId, target, moves, ctx.now.slice(0, 10));
    const declared = declarationBoxes(moves);
    const zero = combineBoxes(declared, declared, -1);
    const boxes = combineBoxes(declared, declaredSoFar(earlier, zero), -1);
    const transfer = vatTransfer(await remainingVatBalances(db, ctx.companyId, target, moves, earlier), boxes["49"]);
    if (original && transfer.lines.length === 0 && Object.values(boxes).every((v) => v === 0))
      throw new ApiError("VAT_RETURN_UNCHANGED", { vat_return_id: original.id, period: target.label });

    const id = newId();
    const entry = transfer.lines.length
      ? await ctx.ledger.post({
          date: target.end,
          description: `${original ? "Rättelse av momsredovisning" : "Momsredovisning"} ${target.label}`,
          sourceType: "vat_return",
          sourceId: id,
          lines: transfer.lines.map((l) => ({
            accountNumber: l.account,
            debitOre: l.debitOre,
            creditOre: l.creditOre,
            lineDescription: null,
          })),
        })
      : null;
    const locking = await planLock(lock, [db, ctx, env], target);

    const row: VatReturnRow = {
      id,
      companyId: ctx.companyId,
      kind: original ? "correction" : "original",
      correctsId: original?.id ?? null,
      period: target.label,
      periodStart: target.start,
      periodEnd: target.end,
      fiscalPeriodId: target.fiscal.id,
      boxes: JSON.stringify(boxes),
      declaredBoxes: JSON.stringify(declared),
      box49: boxes["49"],
      settlementOre: transfer.settlementOre,
      roundingOre: transfer.roundingOre,
      journalEntryId: entry?.row.id ?? null,
      voucherSeries: entry?.row.voucherSeries ?? null,
      voucherNumber: entry?.voucherNumber ?? null,
      createdAt: ctx.now,
    };
    // bokslutsmetoden: the year's last return must carry the unpaid invoices' VAT (docs/vat-returns.md)
    const warnings =
      target.end === target.fiscal.periodEnd
        ? await cashMethodWarnings(db, ctx.companyId, target.fiscal, ctx.now.slice(0, 10))
        : [];
    const data = { ...vatReturnJson(row, transfer.lines), warnings };
    const statements: PlannedWrite[] = [...writeOf(entry), db.insert(vatReturns).values(row)];
    statements.push(...locking.statements);
    return {
      status: 201,
      data,
      statements,
      events: [{ type: "vat_return.created", object: vatReturnJson(row) }, ...(locking.events ?? [])],
      audit: {
        action: "vat_return.created",
        resourceType: "vat_return",
        resourceId: id,
        voucher: entry?.voucher ?? null,
      },
    };
  };

/**
 * The VAT periods declared, by the tax calendar's name ("2026-Q1"): a name counts when each of
 * its parts (two where a broken fiscal year cuts a quarter) has an original return. For
 * `tax-deadlines`, handed to the compliance domain by the composition root.
 */
export async function declaredVatPeriodLabels(db: Database, companyId: string): Promise<Map<string, boolean>> {
  const [{ companies: company }, periods, declared] = await Promise.all([
    loadCompany(db, companyId),
    listPeriods(db, companyId),
    declaredPeriods(db, companyId),
  ]);
  const done = new Map<string, boolean>();
  if (!company.vatRegistered || !company.momsPeriod) return done;
  const filed = new Set(declared.map((d) => `${d.start}/${d.end}`));
  for (const v of companyVatPeriods(company.momsPeriod as MomsPeriod, periods))
    done.set(v.label, (done.get(v.label) ?? true) && filed.has(`${v.start}/${v.end}`));
  return done;
}

/**
 * The month's close (month-close): the VAT periods of the fiscal year `fiscal` that ended on or
 * before `through` with no original return. None for a company not registered for VAT or without
 * a moms_period.
 */
export async function missingVatReturns(
  db: Database,
  companyId: string,
  fiscal: { start: string; end: string },
  through: string,
): Promise<{ start: string; end: string }[]> {
  const [{ companies: company }, declared] = await Promise.all([
    loadCompany(db, companyId),
    declaredPeriods(db, companyId),
  ]);
  if (!company.vatRegistered || !company.momsPeriod) return [];
  const filed = new Set(declared.map((d) => `${d.start}/${d.end}`));
  return closedVatPeriods(company.momsPeriod as MomsPeriod, fiscal, through).filter(
    (p) => !filed.has(`${p.start}/${p.end}`),
  );
}
