// Reads of bank_rules and the JSON shape of a rule.
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { bankRules } from "../../db/schema";
import { ApiError } from "../../errors/api-error";
import { rememberedBookings } from "../bank-transactions";
import { type RuleAction, type RuleConditions, type RuleFacts, ruleSuggestionsFrom } from "./rules";

/** How many hand bookings of one merchant, the same way, make a rule worth proposing. */
export const SUGGEST_AFTER_USES = 3;

export type BankRuleRow = typeof bankRules.$inferSelect;

export function ruleJson(r: BankRuleRow) {
  return {
    id: r.id,
    name: r.name,
    position: r.position,
    mode: r.mode,
    is_active: r.isActive,
    conditions: r.conditions as RuleConditions,
    action: r.action as RuleAction,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
  };
}

export function ruleFacts(r: BankRuleRow): RuleFacts {
  return {
    id: r.id,
    name: r.name,
    position: r.position,
    mode: r.mode,
    isActive: r.isActive,
    conditions: r.conditions as RuleConditions,
    action: r.action as RuleAction,
  };
}

/** The company's rules, first first. */
export function listRules(db: Database, companyId: string): Promise<BankRuleRow[]> {
  return db
    .select()
    .from(bankRules)
    .where(eq(bankRules.companyId, companyId))
    .orderBy(asc(bankRules.position), asc(bankRules.createdAt))
    .all();
}

export async function loadRule(db: Database, companyId: string, id: string): Promise<BankRuleRow> {
  const row = await db
    .select()
    .from(bankRules)
    .where(and(eq(bankRules.companyId, companyId), eq(bankRules.id, id)))
    .get();
  if (!row) throw new ApiError("NOT_FOUND", { resource: "bank_rule", id });
  return row;
}

/** Whether the company has an active rule: the runs on arrival do nothing without one. */
export async function hasActiveRules(db: Database, companyId: string): Promise<boolean> {
  const row = await db
    .select({ id: bankRules.id })
    .from(bankRules)
    .where(and(eq(bankRules.companyId, companyId), eq(bankRules.isActive, true)))
    .limit(1)
    .get();
  return !!row;
}

/**
 * The rules worth making: each merchant booked by hand at least SUGGEST_AFTER_USES times (the
 * remembered booking, bank_templates, counts categorize's business bookings) that no rule's
 * merchant condition takes yet, as a rule body ready for POST .../bank-rules (mode book).
 */
export async function suggestedRules(db: Database, companyId: string) {
  const [remembered, rules] = await Promise.all([
    rememberedBookings(db, companyId, SUGGEST_AFTER_USES),
    listRules(db, companyId),
  ]);
  return ruleSuggestionsFrom(remembered, rules.map(ruleFacts), SUGGEST_AFTER_USES).map((t) => ({
    merchant: t.merchantKey,
    times_booked: t.useCount,
    rule: {
      name: `${t.merchantKey} to ${t.accountNumber}`.slice(0, 100),
      mode: "book" as const,
      is_active: true,
      conditions: { merchant: { op: "equals" as const, value: t.merchantKey.slice(0, 100) } },
      action: {
        type: "book" as const,
        account_number: t.accountNumber,
        vat_treatment: t.vatTreatment as "none",
        is_business: true,
      },
    },
  }));
}
