// The bank rules' pure decisions (docs/bank-rules.md): whether a rule's conditions hold for a
// bank row, which rule takes a row (the first active one in order), whether an open invoice or
// supplier invoice is the row's payment (that comes before any rule), and which remembered
// bookings deserve a rule. No I/O: commands.ts reads, this decides.
//
// Text conditions never run a caller's regular expression: contains, starts_with, ends_with,
// equals, or a glob of `*` (any run) and `?` (one character) matched by the classic two-pointer
// walk (at most text × pattern steps, both bounded: a pattern is at most 100 characters), so no
// pattern can backtrack catastrophically.

export type TextOp = "contains" | "starts_with" | "ends_with" | "equals" | "glob";
export interface TextMatch {
  op: TextOp;
  value: string;
}

export interface RuleConditions {
  direction?: "in" | "out";
  /** in kronor, on the row's absolute amount in its own currency, inclusive */
  amount_min?: number;
  amount_max?: number;
  currency?: string;
  settlement_account?: string;
  description?: TextMatch;
  merchant?: TextMatch;
  reference?: TextMatch;
  counterparty_account?: string;
}

export type RuleAction =
  | {
      type: "book";
      account_number: string;
      vat_treatment: "none" | "standard_25" | "reduced_12" | "reduced_6" | "representation_12";
      dimensions?: Record<string, string>;
      is_business: boolean;
    }
  | { type: "match"; party: "customer" | "supplier"; party_id: string }
  | { type: "private" }
  | { type: "ignore" };

export interface RuleFacts {
  id: string;
  name: string;
  position: number;
  mode: "book" | "propose";
  isActive: boolean;
  conditions: RuleConditions;
  action: RuleAction;
}

/** The bank row as the rules read it. */
export interface RuleRow {
  amountOre: number;
  currency: string;
  settlementAccount: string;
  description: string;
  merchantName: string | null;
  reference: string | null;
  counterpartyAccount: string | null;
  ocrReferences?: string[];
}

/** Lower case, NFC, whitespace runs as one space, trimmed: how text conditions compare. */
export function normaliseText(s: string): string {
  return s.normalize("NFC").toLowerCase().replace(/\s+/g, " ").trim();
}

/** An account number without spaces, dashes, dots and leading zeros. */
export function normaliseAccount(s: string): string {
  return s
    .replace(/[\s.-]+/g, "")
    .replace(/^0+/, "")
    .toUpperCase();
}

/**
 * Whether `text` matches the glob `pattern` (`*` any run, `?` one character), whole: the
 * two-pointer walk that remembers the last star, never recursive and never exponential.
 */
export function globMatch(text: string, pattern: string): boolean {
  const t = [...text];
  const p = [...pattern];
  let ti = 0;
  let pi = 0;
  let star = -1;
  let mark = 0;
  while (ti < t.length) {
    if (pi < p.length && (p[pi] === "?" || p[pi] === t[ti])) {
      ti++;
      pi++;
    } else if (pi < p.length && p[pi] === "*") {
      star = pi++;
      mark = ti;
    } else if (star >= 0) {
      pi = star + 1;
      ti = ++mark;
    } else return false;
  }
  while (pi < p.length && p[pi] === "*") pi++;
  return pi === p.length;
}

export function textMatches(text: string | null, m: TextMatch): boolean {
  if (text === null) return false;
  const t = normaliseText(text);
  const v = normaliseText(m.value);
  switch (m.op) {
    case "contains":
      return t.includes(v);
    case "starts_with":
      return t.startsWith(v);
    case "ends_with":
      return t.endsWith(v);
    case "equals":
      return t === v;
    case "glob":
      return globMatch(t, v);
  }
}

const ore = (kr: number) => Math.round(kr * 100);

function amountHolds(row: RuleRow, c: RuleConditions): boolean {
  const abs = Math.abs(row.amountOre);
  if (c.amount_min !== undefined && abs < ore(c.amount_min)) return false;
  if (c.amount_max !== undefined && abs > ore(c.amount_max)) return false;
  return true;
}

/** Each condition on its own: true when the rule does not name it. */
const CHECKS: ((row: RuleRow, c: RuleConditions) => boolean)[] = [
  (row, c) => !c.direction || (row.amountOre > 0 ? "in" : "out") === c.direction,
  amountHolds,
  (row, c) => !c.currency || row.currency === c.currency.toUpperCase(),
  (row, c) => !c.settlement_account || row.settlementAccount === c.settlement_account,
  (row, c) => !c.description || textMatches(row.description, c.description),
  // the merchant, or the text when the bank named none (as the remembered bookings key a row)
  (row, c) => !c.merchant || textMatches(row.merchantName ?? row.description, c.merchant),
  (row, c) => !c.reference || textMatches(row.reference, c.reference),
  (row, c) =>
    !c.counterparty_account ||
    (row.counterpartyAccount !== null &&
      normaliseAccount(row.counterpartyAccount) === normaliseAccount(c.counterparty_account)),
];

/** Every condition the rule names holds for the row (a condition not named holds). */
export function conditionsHold(row: RuleRow, c: RuleConditions): boolean {
  return CHECKS.every((check) => check(row, c));
}

/** The first active rule, in position order, whose conditions hold; null when none does. */
export function firstMatchingRule<R extends RuleFacts>(row: RuleRow, rules: R[]): R | null {
  const ordered = [...rules].sort((a, b) => a.position - b.position);
  return ordered.find((r) => r.isActive && conditionsHold(row, r.conditions)) ?? null;
}

/** The refusal of a rule's conditions, or null: at least one condition, amounts in order, a glob of at most 10 stars. */
export function conditionsProblem(c: RuleConditions): { field: string; message: string } | null {
  const named = Object.entries(c).filter(([, v]) => v !== undefined && v !== null);
  if (named.length === 0) return { field: "conditions", message: "a rule needs at least one condition" };
  if (c.amount_min !== undefined && c.amount_max !== undefined && c.amount_min > c.amount_max)
    return { field: "conditions.amount_min", message: "amount_min is greater than amount_max" };
  for (const key of ["description", "merchant", "reference"] as const) {
    const m = c[key];
    if (m?.op === "glob" && [...m.value].filter((ch) => ch === "*").length > 10)
      return { field: `conditions.${key}.value`, message: "a glob takes at most 10 stars" };
  }
  return null;
}

/** A document the row may pay, as the bank suggestions rank it (bank-transactions' suggest rules). */
export interface DocumentCandidate {
  kind: "invoice" | "supplier_invoice";
  id: string;
  confidence: number;
  /** the customer's or supplier's name */
  partyName: string | null;
  reason: string;
}

/**
 * A party name compared loosely: lower case, letters and digits only, without the company form,
 * and without diacritics: a bank prints "Tidningsförlaget Läsa AB" as "TIDNINGSFORLAGET LASA AB"
 * in an autogiro or card row as often as with å, ä and ö (the scripted year's autogiro supplier).
 */
export function partyKey(s: string): string {
  return normaliseText(s)
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/\b(ab|aktiebolag|hb|kb|ek\.? ?for\.?|inc|ltd|llc|gmbh|as|oy|aps)\b/g, " ")
    .replace(/[^\p{L}\d]+/gu, "");
}

function sameParty(row: RuleRow, partyName: string | null): boolean {
  if (!partyName || !row.merchantName) return false;
  const a = partyKey(row.merchantName);
  const b = partyKey(partyName);
  if (a.length < 3 || b.length < 3) return false;
  return a === b || a.includes(b) || b.includes(a);
}

/**
 * The open document the row pays, matched before any rule: one named by its OCR (0.99) or by
 * its number or payment reference in the text (0.95 / 0.97), or one of exactly the row's amount
 * (0.75) whose customer or supplier is the row's counterparty. Two equally good candidates:
 * none (a person decides). `taken`: documents an earlier row of the same run already paid.
 */
export function documentPaidBy(
  row: RuleRow,
  candidates: DocumentCandidate[],
  taken: ReadonlySet<string> = new Set(),
): DocumentCandidate | null {
  const free = candidates.filter((c) => !taken.has(c.id));
  const strong = free.filter((c) => c.confidence >= 0.95);
  const pool = strong.length ? strong : free.filter((c) => c.confidence >= 0.75 && sameParty(row, c.partyName));
  if (pool.length === 0) return null;
  const best = Math.max(...pool.map((c) => c.confidence));
  const top = pool.filter((c) => c.confidence === best);
  return top.length === 1 ? top[0] : null;
}

/** What takes a row: the document it pays (before any rule), else the first rule that matches, else nothing. */
export type RowDecision<R extends RuleFacts> =
  | { by: "invoice_match"; document: DocumentCandidate }
  | { by: "rule"; rule: R }
  | { by: "none" };

export function decideRow<R extends RuleFacts>(
  row: RuleRow,
  candidates: DocumentCandidate[],
  rules: R[],
  taken: ReadonlySet<string> = new Set(),
): RowDecision<R> {
  const document = documentPaidBy(row, candidates, taken);
  if (document) return { by: "invoice_match", document };
  const rule = firstMatchingRule(row, rules);
  return rule ? { by: "rule", rule } : { by: "none" };
}

/** An open item of the party a match rule names: the one of exactly the row's amount, the oldest due first. */
export interface PartyItem {
  id: string;
  remainingOre: number;
  currency: string;
  dueDate: string | null;
}

export function partyItemFor(
  row: RuleRow,
  items: PartyItem[],
  taken: ReadonlySet<string> = new Set(),
): PartyItem | null {
  const abs = Math.abs(row.amountOre);
  const same = items
    .filter((i) => !taken.has(i.id) && i.currency === row.currency && i.remainingOre === abs)
    .sort((a, b) => (a.dueDate ?? "").localeCompare(b.dueDate ?? ""));
  return same[0] ?? null;
}

/** A remembered booking of one merchant, as bank-transactions keeps it. */
export interface RememberedBooking {
  merchantKey: string;
  accountNumber: string;
  vatTreatment: string;
  category: string | null;
  useCount: number;
}

/**
 * The rules to propose: a merchant booked the same way by hand at least `minUses` times that no
 * existing rule names (its merchant condition would take the merchant's name). Most used first.
 */
export function ruleSuggestionsFrom(
  remembered: RememberedBooking[],
  rules: RuleFacts[],
  minUses: number,
): RememberedBooking[] {
  const covered = (key: string) => rules.some((r) => r.conditions.merchant && textMatches(key, r.conditions.merchant));
  return remembered
    .filter((t) => t.useCount >= minUses && !covered(t.merchantKey))
    .sort((a, b) => b.useCount - a.useCount || a.merchantKey.localeCompare(b.merchantKey));
}

/** Positions 1..n after moving the rules into `order` (ids); every rule must be named once. */
export function reorderProblem(current: string[], order: string[]): string | null {
  if (order.length !== current.length || new Set(order).size !== order.length)
    return "order must name every rule of the company exactly once";
  const known = new Set(current);
  const stranger = order.find((id) => !known.has(id));
  return stranger ? `no rule ${stranger}` : null;
}
