// The attest of supplier invoices, as pure decisions (docs/approvals.md): which rule an invoice
// falls under, whose approval it waits for, and whether a caller's approval or rejection counts.
// No I/O: the commands load the rule, the invoice and its decisions and ask these.
import type { ApprovalStep } from "../../../db/tables/approvals";
import type { ApprovalPlan } from "../../../db/tables/supplier-invoices";

/** A rule as matching needs it (approval_rules). */
export interface MatchRule {
  id: string;
  name: string;
  position: number;
  active: boolean;
  minAmountOre: number | null;
  maxAmountOre: number | null;
  supplierIds: string[] | null;
  accountNumbers: string[] | null;
  dimensions: Record<string, string[]> | null;
  steps: ApprovalStep[];
  inOrder: boolean;
  allowRegistrant: boolean;
}

/** What a rule looks at on an invoice: its total in SEK, its supplier, and each item's account and dimensions. */
export interface InvoiceFacts {
  totalSekOre: number;
  supplierId: string;
  items: { accountNumber: string; dimensions: Record<string, string> | null }[];
}

/** An account condition is an account number or its leading digits (a class, a group). */
function accountMatches(wanted: string[], account: string): boolean {
  return wanted.some((w) => account.startsWith(w));
}

/** Every condition the rule sets holds for the invoice; an absent (null or empty) condition holds for all. */
export function ruleMatches(rule: MatchRule, facts: InvoiceFacts): boolean {
  if (rule.minAmountOre !== null && facts.totalSekOre < rule.minAmountOre) return false;
  if (rule.maxAmountOre !== null && facts.totalSekOre > rule.maxAmountOre) return false;
  if (rule.supplierIds?.length && !rule.supplierIds.includes(facts.supplierId)) return false;
  const accounts = rule.accountNumbers;
  if (accounts?.length && !facts.items.some((i) => accountMatches(accounts, i.accountNumber))) return false;
  for (const [dimension, codes] of Object.entries(rule.dimensions ?? {})) {
    if (!codes.length) continue;
    if (!facts.items.some((i) => codes.includes(i.dimensions?.[dimension] ?? ""))) return false;
  }
  return true;
}

/** The first active rule, by position, that the invoice matches; null: no attest needed. */
export function firstMatchingRule<R extends MatchRule>(rules: R[], facts: InvoiceFacts): R | null {
  const ordered = [...rules].sort((a, b) => a.position - b.position || a.id.localeCompare(b.id));
  return ordered.find((r) => r.active && ruleMatches(r, facts)) ?? null;
}

/** The attest an invoice is put under by its rule: the rule as it is now, kept on the invoice. */
export function planOfRule(rule: MatchRule): ApprovalPlan {
  return {
    rule_id: rule.id,
    rule_name: rule.name,
    in_order: rule.inOrder,
    allow_registrant: rule.allowRegistrant,
    steps: rule.steps.map((s) => ({ approvers: [...s.approvers], min_approvals: s.min_approvals })),
  };
}

/** An approval of the current round: who, and the step it counted for. */
export interface GivenApproval {
  userId: string;
  step: number;
}

/** How many approvals each step has, and the steps not yet met (in order). */
export function stepProgress(plan: ApprovalPlan, given: GivenApproval[]) {
  const counts = plan.steps.map((_, i) => given.filter((g) => g.step === i).length);
  const open = plan.steps.flatMap((s, i) => (counts[i] < s.min_approvals ? [i] : []));
  return { counts, open };
}

/**
 * Who may approve now: under an ordered rule the approvers of the first open step, else those of
 * every open step; never one who already approved this round, nor the registrant under four eyes.
 */
export function waitingFor(plan: ApprovalPlan, given: GivenApproval[], registrant: string | null): string[] {
  const { open } = stepProgress(plan, given);
  const steps = plan.in_order ? open.slice(0, 1) : open;
  const done = new Set(given.map((g) => g.userId));
  const users = steps.flatMap((i) => plan.steps[i].approvers);
  return [...new Set(users)].filter((u) => !done.has(u) && (plan.allow_registrant || u !== registrant));
}

export type Refusal = {
  code: "APPROVAL_NOT_APPROVER" | "APPROVAL_OUT_OF_ORDER" | "APPROVAL_FOUR_EYES" | "APPROVAL_ALREADY_GIVEN";
  details: Record<string, unknown>;
};

/** The caller's approval: the step it counts for and whether the invoice is then approved, or the refusal. */
export type ApprovalDecision = { step: number; done: boolean } | { refusal: Refusal };

/** The step the caller may act on now, or why not (the refusal's order: approver, four eyes, already, order). */
function callerStep(
  plan: ApprovalPlan,
  given: GivenApproval[],
  caller: string,
  registrant: string | null,
): number | Refusal {
  const { open } = stepProgress(plan, given);
  const current = open[0] ?? null;
  const currentApprovers = current === null ? [] : plan.steps[current].approvers;
  const mine = open.filter((i) => plan.steps[i].approvers.includes(caller));
  if (!plan.steps.some((s) => s.approvers.includes(caller)))
    return { code: "APPROVAL_NOT_APPROVER", details: { current_step: current, approvers: currentApprovers } };
  if (!plan.allow_registrant && caller === registrant)
    return { code: "APPROVAL_FOUR_EYES", details: { registered_by: registrant } };
  if (given.some((g) => g.userId === caller)) return { code: "APPROVAL_ALREADY_GIVEN", details: {} };
  if (!mine.length)
    return { code: "APPROVAL_NOT_APPROVER", details: { current_step: current, approvers: currentApprovers } };
  if (plan.in_order && mine[0] !== current)
    return { code: "APPROVAL_OUT_OF_ORDER", details: { current_step: current, approvers: currentApprovers } };
  return mine[0];
}

/** Decides the caller's approval of an invoice under `plan`, with this round's approvals so far. */
export function decideApproval(
  plan: ApprovalPlan,
  given: GivenApproval[],
  caller: string,
  registrant: string | null,
): ApprovalDecision {
  const step = callerStep(plan, given, caller, registrant);
  if (typeof step !== "number") return { refusal: step };
  const after = stepProgress(plan, [...given, { userId: caller, step }]);
  return { step, done: after.open.length === 0 };
}

/**
 * Whether the caller may reject: an approver of a step open now (the first open one under an
 * ordered rule). The registrant may reject their own invoice; four eyes is about approving.
 */
export function mayReject(plan: ApprovalPlan, given: GivenApproval[], caller: string): Refusal | null {
  const step = callerStep({ ...plan, allow_registrant: true }, given, caller, null);
  if (typeof step === "number") return null;
  // one who approved an earlier step may not reject later; one who approved this step neither
  return step.code === "APPROVAL_ALREADY_GIVEN" ? { code: "APPROVAL_NOT_APPROVER", details: {} } : step;
}

/** A rule's steps are sound: each names approvers, asks at most as many as it names, and no user is in two steps. */
export function stepsProblem(steps: ApprovalStep[]): { path: string; message: string } | null {
  const seen = new Set<string>();
  for (const [i, s] of steps.entries()) {
    if (s.min_approvals > s.approvers.length)
      return { path: `steps.${i}.min_approvals`, message: "more approvals than the step names approvers" };
    for (const u of s.approvers) {
      if (seen.has(u)) return { path: `steps.${i}.approvers`, message: `user ${u} is named in more than one step` };
      seen.add(u);
    }
  }
  return null;
}
