// The automatic matcher as an operation (POST .../reconciliation/bank/run) and the bank status
// (GET .../reconciliation/bank/status). The run computes every bank account through date_to
// (./bank.ts, whose proposals come from ./matcher.ts), links on its own the pairs that are
// unambiguous and score at least AUTO_LINK_MIN when auto_link is true (links of method "auto",
// the bank row marked reconciliation_method "auto"), and answers the counts. Everything else
// stays a proposal (read at any time in the items' bucket proposed) or unmatched.
import type { Command, CommandContext, Statement } from "../../../commands/plan";
import { backgroundContext, submit } from "../../../commands/submit";
import type { Database } from "../../../db/client";
import { reconciliationLinks } from "../../../db/schema";
import { ApiError } from "../../../errors/api-error";
import { newId } from "../../../ids";
import { fromOre } from "../../../money";
import { planReconciliationMethod, planTransactionLink, settlementAccountsWithRows } from "../../bank-transactions";
import { planOperationStart, type OperationContext } from "../../operations";
import type { ClassifiedItem } from "../bank/rules";
import { AUTO_LINK_MIN } from "../bank/matcher";
import { accountState, figures } from "../accounts/queries";
import { parseAccountKey, type AccountKey } from "../accounts/keys";
import type { BankRunBody } from "./schemas";

export const BANK_RUN_OPERATION = "reconciliation.bank_run";

interface RunInput {
  date_from: string;
  date_to: string;
  account_key: string | null;
  auto_link: boolean;
}

function resolveRange(body: BankRunBody, today: string): { from: string; to: string } {
  const to = body.date_to ?? today;
  const from = body.date_from ?? `${to.slice(0, 4)}-01-01`;
  if (from > to)
    throw new ApiError(
      "VALIDATION_ERROR",
      { fields: [{ path: "date_from", message: "must not be after date_to" }] },
      "date_from is after date_to.",
    );
  if (to > today)
    throw new ApiError(
      "VALIDATION_ERROR",
      { fields: [{ path: "date_to", message: "must not be in the future" }] },
      "date_to is in the future.",
    );
  return { from, to };
}

/** The bank accounts a run covers: the one named, or every settlement account with rows. NOT_FOUND for a named account without rows. */
async function bankKeys(db: Database, companyId: string, accountKey: string | null): Promise<AccountKey[]> {
  const banks = (await settlementAccountsWithRows(db, companyId)).filter((a) => /^19\d\d$/.test(a));
  if (accountKey === null) return banks.map((a) => parseAccountKey(`bank:${a}`));
  const key = parseAccountKey(accountKey);
  if (key.kind !== "bank")
    throw new ApiError(
      "VALIDATION_ERROR",
      { fields: [{ path: "account_key", message: "must be a bank account (bank:<19xx>)" }] },
      "The matcher runs on bank accounts.",
    );
  if (!banks.includes(key.account))
    throw new ApiError("NOT_FOUND", { account_key: key.key }, "The bank account holds no transactions.");
  return [key];
}

/** POST .../reconciliation/bank/run: checks the body and the account now (a refusal writes nothing), then queues the run. */
export const startBankRun: Command<BankRunBody> = async (db, input, ctx) => {
  const { from, to } = resolveRange(input, ctx.now.slice(0, 10));
  await bankKeys(db, ctx.companyId, input.account_key ?? null);
  const runInput: RunInput = {
    date_from: from,
    date_to: to,
    account_key: input.account_key ?? null,
    auto_link: input.auto_link ?? true,
  };
  const opInput = { ...runInput, started_by: { api_key_id: ctx.apiKeyId, user_id: ctx.userId } };
  return planOperationStart(db, ctx, BANK_RUN_OPERATION, opInput, "reconciliation.bank_run_started");
};

interface AccountCounts {
  transactions: number;
  ledger_lines: number;
  matched: number;
  auto_linked: number;
  proposed: number;
  ambiguous: number;
  unmatched_external: number;
  unmatched_ledger: number;
  ignored: number;
}

const ZERO: AccountCounts = {
  transactions: 0,
  ledger_lines: 0,
  matched: 0,
  auto_linked: 0,
  proposed: 0,
  ambiguous: 0,
  unmatched_external: 0,
  unmatched_ledger: 0,
  ignored: 0,
};

/** Counts of the items dated in from..to, after the auto-linked pairs (ids) have moved to matched. */
function countItems(items: ClassifiedItem[], from: string, linked: Set<string>): Omit<AccountCounts, "auto_linked"> {
  const c = { ...ZERO };
  for (const i of items) {
    if (i.date < from) continue;
    if (i.side === "external") c.transactions += 1;
    else c.ledger_lines += 1;
    if (linked.has(i.itemId) || i.bucket === "matched") c.matched += 1;
    else if (i.bucket === "proposed") c.proposed += 1;
    else if (i.bucket === "ignored") c.ignored += 1;
    else if (i.bucket === "unmatched_external") c.unmatched_external += 1;
    else if (i.bucket === "unmatched_ledger") c.unmatched_ledger += 1;
    if (i.linkProblem === "ambiguous_candidates" && i.side === "external") c.ambiguous += 1;
  }
  return c;
}

/** The run itself, in the company's writer: the proposals of every account, the unambiguous sure ones linked (auto_link). */
export const applyBankRun: Command<RunInput> = async (db, input, ctx: CommandContext) => {
  const keys = await bankKeys(db, ctx.companyId, input.account_key);
  const statements: Statement[] = [];
  const accounts = [];
  const totals: AccountCounts = { ...ZERO };
  for (const key of keys) {
    const state = await accountState(db, ctx.companyId, key, input.date_from, input.date_to);
    const items = state.recon!.items;
    const linked = new Set<string>();
    const autoRows: string[] = [];
    if (input.auto_link) {
      const byId = new Map(items.map((i) => [i.itemId, i]));
      for (const item of items) {
        if (item.bucket !== "proposed" || item.side !== "external" || !item.proposal?.auto_link) continue;
        const other = byId.get(item.proposal.counterpart_item_id)!;
        if (item.date < input.date_from || other.date < input.date_from) continue;
        const linkId = newId();
        for (const x of [item, other]) {
          statements.push(
            db.insert(reconciliationLinks).values({
              id: newId(),
              companyId: ctx.companyId,
              linkId,
              accountKey: key.key,
              side: x.side,
              itemId: x.itemId,
              amountOre: x.amountOre,
              method: "auto",
              createdByKeyId: ctx.apiKeyId,
              createdAt: ctx.now,
            }),
          );
          linked.add(x.itemId);
        }
        autoRows.push(item.itemId);
        statements.push(...planTransactionLink(db, ctx.companyId, [item.itemId], linkId, ctx.now));
      }
      statements.push(...planReconciliationMethod(db, ctx.companyId, autoRows, "auto", ctx.now));
    }
    const counts: AccountCounts = { ...countItems(items, input.date_from, linked), auto_linked: autoRows.length };
    for (const k of Object.keys(totals) as (keyof AccountCounts)[]) totals[k] += counts[k];
    const f = figures(state);
    accounts.push({
      account_key: key.key,
      settlement_account: key.account,
      ...counts,
      external_balance: state.externalBalanceOre === null ? null : fromOre(state.externalBalanceOre),
      ledger_balance: fromOre(state.ledgerBalanceOre),
      difference: f.diff === null ? null : fromOre(f.diff),
    });
  }
  const data = {
    date_from: input.date_from,
    date_to: input.date_to,
    auto_link: input.auto_link,
    auto_link_min_confidence: AUTO_LINK_MIN,
    accounts,
    totals,
  };
  return {
    status: 200,
    data,
    statements,
    unchanged: statements.length === 0 ? true : undefined,
    audit: { action: "reconciliation.bank_run", resourceType: "reconciliation", resourceId: input.account_key },
  };
};

/** The queue's side: hand the run to the company's writer as the key that started it. */
export async function runBankRunOperation(op: OperationContext) {
  const input = op.operation.input as RunInput & { started_by?: { api_key_id: string; user_id: string } };
  const actor = input.started_by
    ? { apiKeyId: input.started_by.api_key_id, userId: input.started_by.user_id }
    : undefined;
  await op.progress({ phase: "matching" });
  const res = await submit(op.env, {
    name: "reconciliation.bank_run_apply",
    input: {
      date_from: input.date_from,
      date_to: input.date_to,
      account_key: input.account_key,
      auto_link: input.auto_link,
    },
    idempotency: null,
    ctx: backgroundContext(op.env, op.operation.companyId, op.operation.requestId, op.now(), actor),
  });
  if (!res.ok) throw new ApiError(res.error.code, res.error.details, res.error.message);
  return res.data;
}

/** GET .../reconciliation/bank/status: matched and unmatched counts and the balance delta, per bank account and in total. */
export async function bankStatus(db: Database, companyId: string, from: string, to: string) {
  const keys = await bankKeys(db, companyId, null);
  const accounts = [];
  const totals = {
    transactions: 0,
    ledger_lines: 0,
    matched: 0,
    proposed: 0,
    unmatched_external: 0,
    unmatched_ledger: 0,
    ignored: 0,
    external_balance: 0,
    ledger_balance: 0,
    balance_delta: 0,
    unexplained_difference: 0,
  };
  for (const key of keys) {
    const state = await accountState(db, companyId, key, from, to);
    const c = countItems(state.recon!.items, from, new Set());
    const f = figures(state);
    const ext = state.externalBalanceOre ?? 0;
    accounts.push({
      account_key: key.key,
      settlement_account: key.account,
      transactions: c.transactions,
      ledger_lines: c.ledger_lines,
      matched: c.matched,
      proposed: c.proposed,
      unmatched_external: c.unmatched_external,
      unmatched_ledger: c.unmatched_ledger,
      ignored: c.ignored,
      external_balance: fromOre(ext),
      ledger_balance: fromOre(state.ledgerBalanceOre),
      balance_delta: fromOre(ext - state.ledgerBalanceOre),
      unexplained_difference: fromOre(f.unexplained ?? 0),
      is_reconciled: f.isReconciled,
    });
    totals.transactions += c.transactions;
    totals.ledger_lines += c.ledger_lines;
    totals.matched += c.matched;
    totals.proposed += c.proposed;
    totals.unmatched_external += c.unmatched_external;
    totals.unmatched_ledger += c.unmatched_ledger;
    totals.ignored += c.ignored;
    totals.external_balance += ext;
    totals.ledger_balance += state.ledgerBalanceOre;
    totals.balance_delta += ext - state.ledgerBalanceOre;
    totals.unexplained_difference += f.unexplained ?? 0;
  }
  return {
    date_from: from,
    date_to: to,
    accounts,
    totals: {
      ...totals,
      external_balance: fromOre(totals.external_balance),
      ledger_balance: fromOre(totals.ledger_balance),
      balance_delta: fromOre(totals.balance_delta),
      unexplained_difference: fromOre(totals.unexplained_difference),
    },
  };
}
