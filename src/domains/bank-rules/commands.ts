// The bank rules' commands: make, change, delete and reorder a company's rules. Running them
// over rows is run.ts (the run's write path is bank-transactions' categorize and match).
import { eq } from "drizzle-orm";
import type { Command, CommandContext, Statement } from "../../commands/plan";
import type { Database } from "../../db/client";
import { bankRules } from "../../db/schema";
import { ApiError, fieldError } from "../../errors/api-error";
import { newId } from "../../ids";
import { customersByIds } from "../customers";
import { suppliersByIds } from "../suppliers";
import { type BankRuleRow, listRules, loadRule, ruleJson } from "./queries";
import { conditionsProblem, type RuleAction, type RuleConditions, reorderProblem } from "./rules";
import type { ReorderInput, RuleCreateInput, RuleUpdateInput } from "./schemas";

/** A settlement account (19xx) is the bank itself: a booking against it would move nothing. */
const isSettlementAccount = (account: string) => account.startsWith("19");

/** A booking rule's account: in the chart, active, and not a settlement account (the bank itself). */
async function checkAccount(ctx: CommandContext, account: string) {
  if (isSettlementAccount(account))
    throw new ApiError("BANK_RULE_INVALID_ACCOUNT", { account_number: account, reason: "settlement" });
  try {
    await ctx.ledger.assertAccountsActive([{ accountNumber: account }]);
  } catch (err) {
    if (err instanceof ApiError && err.code === "ACCOUNTS_NOT_IN_CHART")
      throw new ApiError("BANK_RULE_INVALID_ACCOUNT", { account_number: account, ...(err.details ?? {}) });
    throw err;
  }
}

/** A match rule's customer or supplier exists in the company. */
async function checkParty(db: Database, companyId: string, party: "customer" | "supplier", id: string) {
  const found =
    party === "customer" ? await customersByIds(db, companyId, [id]) : await suppliersByIds(db, companyId, [id]);
  if (found.length === 0) throw new ApiError("BANK_RULE_PARTY_NOT_FOUND", { party, party_id: id });
}

/** Refusals of a rule's body: its conditions (VALIDATION_ERROR), its account, its party. */
async function checkRule(db: Database, ctx: CommandContext, conditions: RuleConditions, action: RuleAction) {
  const problem = conditionsProblem(conditions);
  if (problem) throw fieldError(problem.field, problem.message);
  if (action.type === "book" && action.is_business) await checkAccount(ctx, action.account_number);
  if (action.type === "match") await checkParty(db, ctx.companyId, action.party, action.party_id);
}

/** The statements that give the rules positions 1..n in `ids`' order (only those that move; `skip`: a rule not yet stored). */
function positionStatements(
  db: Database,
  ctx: CommandContext,
  rows: BankRuleRow[],
  ids: string[],
  skip?: string,
): Statement[] {
  const at = new Map(rows.map((r) => [r.id, r.position]));
  return ids
    .map((id, i) => ({ id, position: i + 1 }))
    .filter((p) => p.id !== skip && at.get(p.id) !== p.position)
    .map((p) => db.update(bankRules).set({ position: p.position, updatedAt: ctx.now }).where(eq(bankRules.id, p.id)));
}

export const createBankRule: Command<RuleCreateInput> = async (db, input, ctx) => {
  await checkRule(db, ctx, input.conditions, input.action);
  const rows = await listRules(db, ctx.companyId);
  const id = newId();
  const ids = rows.map((r) => r.id);
  const at = Math.min(input.position ?? ids.length + 1, ids.length + 1);
  ids.splice(at - 1, 0, id);
  const row: BankRuleRow = {
    id,
    companyId: ctx.companyId,
    name: input.name,
    position: at,
    mode: input.mode,
    isActive: input.is_active,
    conditions: input.conditions,
    action: input.action,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  const json = ruleJson(row);
  return {
    status: 201,
    data: json,
    // the rules at and after its place move one down; the new id has no row yet, so it is not updated
    statements: [...positionStatements(db, ctx, rows, ids, id), db.insert(bankRules).values(row)],
    events: [{ type: "bank_rule.created", object: json }],
    audit: { action: "bank_rule.created", resourceType: "bank_rule", resourceId: id },
  };
};

export const updateBankRule: Command<RuleUpdateInput & { id: string }> = async (db, input, ctx) => {
  const row = await loadRule(db, ctx.companyId, input.id);
  const conditions = input.conditions ?? (row.conditions as RuleConditions);
  const action = input.action ?? (row.action as RuleAction);
  await checkRule(db, ctx, conditions, action);
  const patch = {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.mode !== undefined && { mode: input.mode }),
    ...(input.is_active !== undefined && { isActive: input.is_active }),
    conditions,
    action,
    updatedAt: ctx.now,
  };
  const next = { ...row, ...patch };
  const json = ruleJson(next);
  const before = ruleJson(row);
  return {
    status: 200,
    data: json,
    statements: [db.update(bankRules).set(patch).where(eq(bankRules.id, row.id))],
    events: [
      {
        type: "bank_rule.updated",
        object: json,
        previousAttributes: {
          name: before.name,
          mode: before.mode,
          is_active: before.is_active,
          conditions: before.conditions,
          action: before.action,
        },
      },
    ],
    audit: { action: "bank_rule.updated", resourceType: "bank_rule", resourceId: row.id },
  };
};

export const deleteBankRule: Command<{ id: string }> = async (db, input, ctx) => {
  const row = await loadRule(db, ctx.companyId, input.id);
  const rows = await listRules(db, ctx.companyId);
  const ids = rows.map((r) => r.id).filter((id) => id !== row.id);
  const json = ruleJson(row);
  return {
    status: 200,
    data: { id: row.id, deleted: true },
    statements: [
      db.delete(bankRules).where(eq(bankRules.id, row.id)),
      ...positionStatements(
        db,
        ctx,
        rows.filter((r) => r.id !== row.id),
        ids,
      ),
    ],
    events: [{ type: "bank_rule.deleted", object: json }],
    audit: { action: "bank_rule.deleted", resourceType: "bank_rule", resourceId: row.id },
  };
};

export const reorderBankRules: Command<ReorderInput> = async (db, input, ctx) => {
  const rows = await listRules(db, ctx.companyId);
  const problem = reorderProblem(
    rows.map((r) => r.id),
    input.order,
  );
  if (problem)
    throw new ApiError("BANK_RULE_ORDER_MISMATCH", { expected: rows.length, given: input.order.length }, problem);
  const statements = positionStatements(db, ctx, rows, input.order);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const data = input.order.map((id, i) => ruleJson({ ...(byId.get(id) as BankRuleRow), position: i + 1 }));
  return {
    status: 200,
    data,
    statements,
    unchanged: statements.length === 0,
    events: data
      .filter((r) => byId.get(r.id)?.position !== r.position)
      .map((r) => ({
        type: "bank_rule.updated",
        object: r,
        previousAttributes: { position: byId.get(r.id)?.position },
      })),
    audit: { action: "bank_rule.reordered", resourceType: "bank_rule", resourceId: null },
  };
};
