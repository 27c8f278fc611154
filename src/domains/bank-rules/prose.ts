// The OpenAPI descriptions of the bank rule routes (routes.ts), kept out of the route constants.
import { prose } from "../../http/prose";

export const PROSE = {
  list: prose`
    The company's bank rules in the order they are tried, first first. A run matches a row to the
    open invoice or supplier invoice it pays before any rule; then the first active rule whose
    conditions all hold takes the row (docs/bank-rules.md).
  `,
  create: prose`
    Conditions (all must hold, at least one): direction, amount_min / amount_max (kronor, the
    absolute amount), currency, settlement_account, description / merchant / reference (op
    contains, starts_with, ends_with, equals or glob with * and ?; case-insensitive; no regular
    expressions), counterparty_account. One action: book (account_number, vat_treatment,
    dimensions, is_business), match (the named customer's or supplier's open item of exactly the
    row's amount), private, or ignore. mode book acts at once; propose only records the proposal
    on the row (bank_rule). position: where it goes (default last; the others move down).
    Refusals: VALIDATION_ERROR, BANK_RULE_INVALID_ACCOUNT, BANK_RULE_PARTY_NOT_FOUND. Event
    bank_rule.created.
  `,
  update: prose`
    Changes the name, mode, is_active, conditions or action (the position: POST .../reorder).
    Same refusals as create. Event bank_rule.updated with previous_attributes.
  `,
  remove: prose`
    Deletes the rule; the rules after it move up. Rows it acted on keep their bank_rule record and
    their entries. Event bank_rule.deleted.
  `,
  reorder: prose`
    order: every rule id of the company exactly once, first first (BANK_RULE_ORDER_MISMATCH
    otherwise). Each rule that moves announces bank_rule.updated (previous_attributes.position).
  `,
  run: prose`
    Runs the rules over unbooked rows (no entry, no match, no reconciliation link, not ignored),
    oldest first: transaction_ids, or import_id, or all of them a page at a time (limit, default
    100, at most 200; next_cursor continues). Each row: an open invoice or supplier invoice it
    pays (OCR, its number or payment reference in the text, or exactly its amount from the same
    counterparty) is matched first; else the first rule that matches acts. Bookings go through
    categorize (entry source_type bank_rule, source_id the rule) and matches through
    match-invoice / match-supplier-invoice, so nothing is booked twice; a refusal (PERIOD_LOCKED,
    TX_CATEGORIZE_SUGGEST_SI_MATCH, BANK_RULE_NO_OPEN_ITEM, ...) leaves the row unbooked with
    outcome skipped and the code. Each row acted on records bank_rule {rule_id, outcome,
    proposal} and announces transaction.rule_applied. A rerun books nothing twice and rewrites
    no proposal that is already there.
  `,
  preview: prose`
    Writes nothing. The unbooked rows (limit) whose conditions the rule (the stored one, or the
    draft body in rule at its position) holds for, each with what takes it as a run would decide:
    an invoice match, an earlier rule, or this rule (by rule and rule_id), the outcome, and for a
    booking of a SEK row the lines it would post.
  `,
  suggestions: prose`
    Rules worth making: each merchant booked by hand (categorize, business) at least three times,
    as its remembered booking (GET .../transaction-templates) says, that no rule's merchant
    condition takes yet; each with a rule body ready for POST .../bank-rules.
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  list: {
    summary: "List the bank rules in their order",
    description: PROSE.list,
  },
  createBankRule: {
    summary: "Make a bank rule",
    description: PROSE.create,
  },
  suggestions: {
    summary: "Rules worth making, from the bookings made by hand",
    description: PROSE.suggestions,
  },
  reorderBankRules: {
    summary: "Put the bank rules in a new order",
    description: PROSE.reorder,
  },
  runBankRules: {
    summary: "Run the bank rules over the unbooked rows",
    description: PROSE.run,
  },
  previewDraft: {
    summary: "Preview a draft bank rule without writing",
    description: PROSE.preview,
  },
  get: {
    summary: "Get a bank rule",
  },
  updateBankRule: {
    summary: "Change a bank rule",
    description: PROSE.update,
  },
  deleteBankRule: {
    summary: "Delete a bank rule",
    description: PROSE.remove,
  },
  preview: {
    summary: "Preview a bank rule without writing",
    description: PROSE.preview,
  },
};
