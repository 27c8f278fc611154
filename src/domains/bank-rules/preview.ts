// What a rule would do, without writing (POST .../bank-rules/{id}/preview, .../bank-rules/preview-draft):
// the unbooked rows decided as a run decides them, with the stored rule (or a draft body in its
// place, or at its position) among the company's rules, and for each row the rule's conditions
// take: whether the rule wins it or what takes it first (an invoice match, an earlier rule), and
// for a booking of a SEK row the lines it would post.
import type { Database } from "../../db/client";
import { fromOre } from "../../money";
import { bookingLines, privateAccount } from "../../sweden/bank-categories";
import { type BankTransactionRow, rowsForRules } from "../bank-transactions";
import { loadCompany } from "../companies";
import { candidatesFor, openDocuments } from "./documents";
import { listRules, ruleFacts } from "./queries";
import { conditionsHold, decideRow, type RowDecision, type RuleFacts } from "./rules";
import type { RuleCreateInput } from "./schemas";

/** The draft body as a rule: id `draft`, at its position (default last). */
export function draftFacts(body: RuleCreateInput, count: number): RuleFacts {
  return {
    id: "draft",
    name: body.name,
    position: (body.position ?? count + 1) - 0.5,
    mode: body.mode,
    isActive: true,
    conditions: body.conditions,
    action: body.action,
  };
}

/** The lines a book or private action would post for a SEK row (others: null, the rate is the booking's). */
function linesOf(tx: BankTransactionRow, rule: RuleFacts, entityType: string) {
  const a = rule.action;
  if (tx.currency !== "SEK" || (a.type !== "book" && a.type !== "private")) return null;
  const dir = tx.amountOre > 0 ? "in" : "out";
  const business = a.type === "book" && a.is_business;
  const lines = bookingLines({
    amountSekOre: tx.amountOre,
    settlementAccount: tx.settlementAccount,
    account: business ? a.account_number : privateAccount(dir, entityType),
    vat: business ? a.vat_treatment : "none",
    text: (tx.merchantName ?? tx.description).slice(0, 200),
  });
  return lines.map((l) => ({
    account_number: l.accountNumber,
    debit_amount: fromOre(l.debitOre),
    credit_amount: fromOre(l.creditOre),
  }));
}

const OUTCOME = { book: "booked", private: "private", ignore: "ignored", match: "matched" } as const;

function wouldDo(rule: RuleFacts) {
  if (rule.mode === "propose") return "proposed";
  const a = rule.action;
  if (a.type === "match") return a.party === "customer" ? "matched_invoice" : "matched_supplier_invoice";
  if (a.type === "book" && !a.is_business) return "private";
  return OUTCOME[a.type];
}

/** One row of the preview: what takes it (this rule, an earlier one, an invoice match) and how. */
function previewRow(tx: BankTransactionRow, rule: RuleFacts, decision: RowDecision<RuleFacts>, entityType: string) {
  const winner = decision.by === "rule" ? decision.rule : null;
  const doc = decision.by === "invoice_match" ? decision.document : null;
  const wins = winner?.id === rule.id;
  return {
    transaction_id: tx.id,
    outcome: winner ? wouldDo(winner) : doc ? `matched_${doc.kind}` : "no_rule",
    by: decision.by,
    rule_id: winner?.id ?? null,
    rule_name: winner?.name ?? null,
    journal_entry_id: null,
    invoice_id: doc?.kind === "invoice" ? doc.id : null,
    supplier_invoice_id: doc?.kind === "supplier_invoice" ? doc.id : null,
    proposal: wins ? { rule_id: rule.id, rule_name: rule.name, action: rule.action } : null,
    error: null,
    lines: wins ? linesOf(tx, rule, entityType) : null,
  };
}

export async function previewRule(
  db: Database,
  companyId: string,
  target: { ruleId: string } | { draft: RuleCreateInput },
  limit: number,
) {
  const [rows, ruleRows, docs, { companies: company }] = await Promise.all([
    rowsForRules(db, companyId, { limit }),
    listRules(db, companyId),
    openDocuments(db, companyId),
    loadCompany(db, companyId),
  ]);
  const stored = ruleRows.map(ruleFacts);
  const rule = "draft" in target ? draftFacts(target.draft, stored.length) : stored.find((r) => r.id === target.ruleId);
  if (!rule) return null;
  // the previewed rule counts as active, in its place among the others
  const rules = [...stored.filter((r) => r.id !== rule.id), { ...rule, isActive: true }];
  const taken = new Set<string>();
  const out = [];
  for (const tx of rows) {
    if (!conditionsHold(tx, rule.conditions)) continue;
    const decision = decideRow(tx, candidatesFor(tx, docs), rules, taken);
    if (decision.by === "invoice_match") taken.add(decision.document.id);
    out.push(previewRow(tx, rule, decision, company.entityType));
  }
  const summary: Record<string, number> = {};
  for (const r of out) summary[r.outcome] = (summary[r.outcome] ?? 0) + 1;
  return { rows: out, summary };
}
