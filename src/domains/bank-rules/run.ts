// A run of the bank rules over unbooked rows (POST .../bank-rules/run, and after an import or an
// ingest): load the rows, the rules and the open documents once; decide each row (rules.ts:
// the document it pays first, then the first rule that matches); then plan each through
// bank-transactions' own write path — match-invoice / match-supplier-invoice for a payment,
// categorize for a booking (the entry's source is `bank_rule` and the rule's id) — so nothing is
// booked twice (only rows without entry, match or link are read) and a locked period refuses
// the booking as it refuses a hand's (the row is then `skipped`, with the code, not booked).
import type { Command, CommandContext, PlannedEvent, PlannedWrite, VoucherRef } from "../../commands/plan";
import type { Database } from "../../db/client";
import type { Env } from "../../env";
import { ApiError } from "../../errors/api-error";
import {
  type BankTransactionRow,
  matchInvoice,
  matchSupplierInvoice,
  planCategorize,
  planRuleMark,
  planRuleMatchMark,
  type RuleOutcome,
  rowsForRules,
} from "../bank-transactions";
import { candidatesFor, type OpenDocuments, openDocuments, partyItems } from "./documents";
import { listRules, ruleFacts } from "./queries";
import { decideRow, partyItemFor, type RowDecision, type RuleFacts } from "./rules";
import type { RunInput } from "./schemas";

export interface RowResult {
  transaction_id: string;
  outcome: RuleOutcome | "no_rule";
  by: "invoice_match" | "rule" | "none";
  rule_id: string | null;
  rule_name: string | null;
  journal_entry_id: string | null;
  invoice_id: string | null;
  supplier_invoice_id: string | null;
  proposal: Record<string, unknown> | null;
  error: { code: string; message: string } | null;
}

interface RowPlan {
  result: RowResult;
  statements: PlannedWrite[];
  events: PlannedEvent[];
  voucher: VoucherRef | null;
}

/** What a run of one row shares: the command's handles, the open documents and the documents already paid in this run. */
interface RunScope {
  db: Database;
  ctx: CommandContext;
  env: Env;
  docs: OpenDocuments;
  taken: Set<string>;
}

const blank = (tx: BankTransactionRow, by: RowResult["by"], rule: RuleFacts | null): RowResult => ({
  transaction_id: tx.id,
  outcome: "no_rule",
  by,
  rule_id: rule?.id ?? null,
  rule_name: rule?.name ?? null,
  journal_entry_id: null,
  invoice_id: null,
  supplier_invoice_id: null,
  proposal: null,
  error: null,
});

/** The row pays a document: matched through bank-transactions' match commands, the rule (if any) marked on the row. */
async function planMatch(
  s: RunScope,
  tx: BankTransactionRow,
  doc: { kind: "invoice" | "supplier_invoice"; id: string },
  result: RowResult,
): Promise<RowPlan> {
  const plan =
    doc.kind === "invoice"
      ? await matchInvoice(s.db, { id: tx.id, invoice_id: doc.id }, s.ctx, s.env)
      : await matchSupplierInvoice(s.db, { id: tx.id, supplier_invoice_id: doc.id }, s.ctx, s.env);
  s.taken.add(doc.id);
  const outcome: RuleOutcome = doc.kind === "invoice" ? "matched_invoice" : "matched_supplier_invoice";
  const data = plan.data as { journal_entry_id: string };
  return {
    result: {
      ...result,
      outcome,
      journal_entry_id: data.journal_entry_id,
      invoice_id: doc.kind === "invoice" ? doc.id : null,
      supplier_invoice_id: doc.kind === "supplier_invoice" ? doc.id : null,
    },
    statements: [...plan.statements, planRuleMatchMark(s.db, s.ctx, tx.id, result.rule_id, outcome)],
    events: plan.events ?? [],
    voucher: plan.audit.voucher ?? null,
  };
}

/** A book-mode rule's action on the row. */
async function planAction(s: RunScope, tx: BankTransactionRow, rule: RuleFacts, result: RowResult): Promise<RowPlan> {
  const a = rule.action;
  if (a.type === "match") {
    const item = partyItemFor(tx, partyItems(s.docs, a.party, a.party_id), s.taken);
    if (!item) throw new ApiError("BANK_RULE_NO_OPEN_ITEM", { party: a.party, party_id: a.party_id });
    return planMatch(s, tx, { kind: a.party === "customer" ? "invoice" : "supplier_invoice", id: item.id }, result);
  }
  if (a.type === "ignore") {
    const mark = planRuleMark(s.db, s.ctx, tx, { ruleId: rule.id, outcome: "ignored", proposal: null, ignore: true });
    return { result: { ...result, outcome: "ignored" }, statements: [mark.statement], events: [], voucher: null };
  }
  const business = a.type === "book" && a.is_business;
  const out = await planCategorize(
    s.db,
    s.ctx,
    s.env,
    tx.id,
    business
      ? {
          is_business: true,
          account_override: a.account_number,
          vat_treatment: a.vat_treatment,
          confirm_no_match: false,
        }
      : { is_business: false, confirm_no_match: false },
    { ruleId: rule.id, dimensions: a.type === "book" ? a.dimensions : undefined },
  );
  const outcome: RuleOutcome = !out.data.journal_entry_created ? "ignored" : business ? "booked" : "private";
  return {
    result: { ...result, outcome, journal_entry_id: out.data.journal_entry_id },
    statements: out.statements,
    events: out.events,
    voucher: out.voucher,
  };
}

/** A mark without an entry (a proposal, a refusal); nothing when the row already carries the same one (a rerun). */
function planMark(
  s: RunScope,
  tx: BankTransactionRow,
  rule: RuleFacts,
  result: RowResult,
  outcome: "proposed" | "skipped",
  proposal: Record<string, unknown>,
): RowPlan {
  const done = { result: { ...result, outcome, proposal }, events: [], voucher: null };
  const same =
    tx.bankRuleId === rule.id &&
    tx.bankRuleOutcome === outcome &&
    JSON.stringify(tx.bankRuleProposal) === JSON.stringify(proposal);
  if (same) return { ...done, statements: [] };
  return { ...done, statements: [planRuleMark(s.db, s.ctx, tx, { ruleId: rule.id, outcome, proposal }).statement] };
}

/** One row: its decision acted on; a refusal of the write path leaves the row unbooked, marked `skipped` with the code. */
export async function planRow(s: RunScope, tx: BankTransactionRow, decision: RowDecision<RuleFacts>): Promise<RowPlan> {
  if (decision.by === "none") return { result: blank(tx, "none", null), statements: [], events: [], voucher: null };
  if (decision.by === "invoice_match") {
    const result = blank(tx, "invoice_match", null);
    try {
      return await planMatch(s, tx, decision.document, result);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      return {
        result: { ...result, outcome: "skipped", error: errorOf(err) },
        statements: [],
        events: [],
        voucher: null,
      };
    }
  }
  const rule = decision.rule;
  const result = blank(tx, "rule", rule);
  const proposal = { rule_id: rule.id, rule_name: rule.name, action: rule.action };
  if (rule.mode === "propose") return planMark(s, tx, rule, result, "proposed", proposal);
  try {
    return await planAction(s, tx, rule, result);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    const skipped = planMark(s, tx, rule, result, "skipped", { ...proposal, error: errorOf(err) });
    return { ...skipped, result: { ...skipped.result, error: errorOf(err) } };
  }
}

const errorOf = (err: ApiError) => ({ code: err.code, message: err.message });

/** The keyset of a run over all rows: the last row's date and id. */
export const encodeCursor = (tx: { date: string; id: string }) => btoa(`${tx.date}|${tx.id}`);
function decodeCursor(cursor: string): { date: string; id: string } {
  let text = "";
  try {
    text = atob(cursor);
  } catch {
    /* refused below */
  }
  const [date, id] = text.split("|");
  if (!date || !id)
    throw new ApiError("VALIDATION_ERROR", { fields: [{ path: "cursor", message: "not a run's cursor" }] });
  return { date, id };
}

/** The rows' events: what each rule did, announced once a row as `transaction.rule_applied`. */
const appliedEvent = (r: RowResult): PlannedEvent => ({ type: "transaction.rule_applied", object: r });

export const runBankRules: Command<RunInput> = async (db, input, ctx, env) => {
  // load
  const after = input.cursor ? decodeCursor(input.cursor) : undefined;
  const [rows, ruleRows, docs] = await Promise.all([
    rowsForRules(db, ctx.companyId, {
      transactionIds: input.transaction_ids,
      importId: input.import_id,
      after,
      limit: input.limit + 1,
    }),
    listRules(db, ctx.companyId),
    openDocuments(db, ctx.companyId),
  ]);
  const page = rows.slice(0, input.limit);
  const rules = ruleRows.map(ruleFacts);
  const scope: RunScope = { db, ctx, env, docs, taken: new Set() };
  // decide and plan, row by row (a document paid by one row is not offered to the next)
  const results: RowResult[] = [];
  const statements: PlannedWrite[] = [];
  const events: PlannedEvent[] = [];
  let voucher: VoucherRef | null = null;
  for (const tx of page) {
    const p = await planRow(scope, tx, decideRow(tx, candidatesFor(tx, docs), rules, scope.taken));
    results.push(p.result);
    statements.push(...p.statements);
    events.push(...p.events, ...(p.statements.length ? [appliedEvent(p.result)] : []));
    voucher = p.voucher ?? voucher;
  }
  const summary: Record<string, number> = {};
  for (const r of results) summary[r.outcome] = (summary[r.outcome] ?? 0) + 1;
  return {
    status: 200,
    data: {
      rows: results,
      summary,
      next_cursor: rows.length > input.limit ? encodeCursor(page[page.length - 1]) : null,
    },
    statements,
    events,
    unchanged: statements.length === 0,
    audit: { action: "bank_rule.run", resourceType: "bank_rule", resourceId: null, voucher },
  };
};
