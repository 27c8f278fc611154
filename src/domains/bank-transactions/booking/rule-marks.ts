// What a bank rule (src/domains/bank-rules, issue #43) leaves on the row it acted on: the rule,
// the outcome and, for a proposal or a booking that was refused, what the rule would do. The
// row is this domain's; the rules domain plans these writes through here.
import { and, asc, eq, gt, gte, inArray, isNull, or, type SQL } from "drizzle-orm";
import type { CommandContext, PlannedEvent, Statement } from "../../../commands/plan";
import type { Database } from "../../../db/client";
import { bankTemplates, bankTransactions } from "../../../db/schema";
import { transactionJson, type BankTransactionRow } from "../queries";

export type RuleOutcome =
  | "booked"
  | "private"
  | "ignored"
  | "matched_invoice"
  | "matched_supplier_invoice"
  | "proposed"
  | "skipped";

export const ruleOutcome = (created: boolean, isBusiness: boolean): RuleOutcome =>
  !created ? "ignored" : isBusiness ? "booked" : "private";

export function ruleMarkPatch(
  ctx: CommandContext,
  ruleId: string | null,
  outcome: RuleOutcome,
  proposal: Record<string, unknown> | null,
): Partial<BankTransactionRow> {
  return { bankRuleId: ruleId, bankRuleOutcome: outcome, bankRuleProposal: proposal, bankRuleAt: ctx.now };
}

/**
 * The row marked by a rule without an entry: a proposal, a refusal kept as a proposal, or an
 * ignore (`ignore`: the row is ignored as the ignore command leaves it). Announced as
 * `transaction.rule_applied`.
 */
export function planRuleMark(
  db: Database,
  ctx: CommandContext,
  tx: BankTransactionRow,
  mark: { ruleId: string | null; outcome: RuleOutcome; proposal: Record<string, unknown> | null; ignore?: boolean },
): { statement: Statement; json: ReturnType<typeof transactionJson>; events: PlannedEvent[] } {
  const patch: Partial<BankTransactionRow> = {
    ...ruleMarkPatch(ctx, mark.ruleId, mark.outcome, mark.proposal),
    ...(mark.ignore && { isIgnored: true, ignoredAt: ctx.now }),
    updatedAt: ctx.now,
  };
  const json = transactionJson({ ...tx, ...patch });
  return {
    statement: db.update(bankTransactions).set(patch).where(eq(bankTransactions.id, tx.id)),
    json,
    events: [
      {
        type: "transaction.rule_applied",
        object: json,
        previousAttributes: { bank_rule_id: tx.bankRuleId, bank_rule_outcome: tx.bankRuleOutcome },
      },
    ],
  };
}

/** A booked row's rule columns after a match the rule made (the match's own statement leaves them). */
export function planRuleMatchMark(
  db: Database,
  ctx: CommandContext,
  txId: string,
  ruleId: string | null,
  outcome: RuleOutcome,
) {
  return db
    .update(bankTransactions)
    .set(ruleMarkPatch(ctx, ruleId, outcome, null))
    .where(eq(bankTransactions.id, txId));
}

/** Which rows a rules run takes: named ones, an import's, or all; after a row id (keyset), oldest first. */
export interface RowSelection {
  transactionIds?: string[];
  importId?: string;
  /** the keyset: rows after this (date, id) */
  after?: { date: string; id: string };
  limit: number;
}

/** Unbooked rows a rule may take: no entry, no match, no reconciliation link, not ignored. */
export async function rowsForRules(db: Database, companyId: string, sel: RowSelection): Promise<BankTransactionRow[]> {
  const t = bankTransactions;
  const where: (SQL | undefined)[] = [
    eq(t.companyId, companyId),
    isNull(t.journalEntryId),
    isNull(t.invoiceId),
    isNull(t.supplierInvoiceId),
    isNull(t.reconciliationLinkId),
    eq(t.isIgnored, false),
  ];
  if (sel.transactionIds) where.push(inArray(t.id, sel.transactionIds.length ? sel.transactionIds : [""]));
  if (sel.importId) where.push(eq(t.importId, sel.importId));
  if (sel.after) where.push(or(gt(t.date, sel.after.date), and(eq(t.date, sel.after.date), gt(t.id, sel.after.id))));
  return db
    .select()
    .from(t)
    .where(and(...where))
    .orderBy(asc(t.date), asc(t.id))
    .limit(sel.limit)
    .all();
}

/** The merchants' remembered hand bookings used at least `minUses` times (bank_templates). */
export async function rememberedBookings(db: Database, companyId: string, minUses: number) {
  return db
    .select({
      merchantKey: bankTemplates.merchantKey,
      accountNumber: bankTemplates.accountNumber,
      vatTreatment: bankTemplates.vatTreatment,
      category: bankTemplates.category,
      useCount: bankTemplates.useCount,
    })
    .from(bankTemplates)
    .where(and(eq(bankTemplates.companyId, companyId), gte(bankTemplates.useCount, minUses)))
    .all();
}
