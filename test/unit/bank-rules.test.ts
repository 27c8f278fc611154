// The bank rules' pure matcher (src/domains/bank-rules/rules.ts), by tables: text conditions and
// the glob, each condition, first match wins, the document a row pays before any rule, a party's
// open item, the rules worth proposing, reordering.
import { describe, expect, it } from "vitest";
import {
  conditionsHold,
  conditionsProblem,
  decideRow,
  type DocumentCandidate,
  documentPaidBy,
  firstMatchingRule,
  globMatch,
  partyItemFor,
  partyKey,
  reorderProblem,
  type RuleConditions,
  type RuleFacts,
  type RuleRow,
  ruleSuggestionsFrom,
  textMatches,
} from "../../src/domains/bank-rules/rules";

const row = (over: Partial<RuleRow> = {}): RuleRow => ({
  amountOre: -49900,
  currency: "SEK",
  settlementAccount: "1930",
  description: "KORTKÖP  Telia Sverige AB",
  merchantName: "Telia Sverige AB",
  reference: "12345678",
  counterpartyAccount: "5050-1055",
  ...over,
});

const rule = (id: string, position: number, conditions: RuleConditions, over: Partial<RuleFacts> = {}): RuleFacts => ({
  id,
  name: id,
  position,
  mode: "book",
  isActive: true,
  conditions,
  action: { type: "book", account_number: "6212", vat_treatment: "standard_25", is_business: true },
  ...over,
});

describe("globMatch: * any run, ? one character, the whole text", () => {
  const cases: [string, string, boolean][] = [
    ["telia sverige ab", "telia*", true],
    ["telia sverige ab", "*sverige*", true],
    ["telia sverige ab", "telia", false],
    ["telia sverige ab", "t?lia*ab", true],
    ["telia sverige ab", "*", true],
    ["", "*", true],
    ["", "?", false],
    ["abc", "a*b*c", true],
    ["abc", "a*b*d", false],
    ["åäö kortköp", "åäö*köp", true],
    // the catastrophic case of a backtracking regex (a*)*b on a long run of a: linear here
    ["a".repeat(5000), "*a*a*a*a*a*a*a*a*a*b", false],
  ];
  it.each(cases)("%s ~ %s = %s", (text, pattern, want) => {
    expect(globMatch(text, pattern)).toBe(want);
  });
  it("answers the worst pattern on a long text at once", () => {
    const t0 = Date.now();
    globMatch(`${"a".repeat(20000)}c`, `*${"a*".repeat(9)}b`);
    expect(Date.now() - t0).toBeLessThan(500);
  });
});

describe("textMatches: case and whitespace do not count", () => {
  const cases: [string | null, TextOp, string, boolean][] = [
    ["KORTKÖP  Telia Sverige AB", "contains", "telia sverige", true],
    ["KORTKÖP  Telia Sverige AB", "starts_with", "kortköp telia", true],
    ["KORTKÖP  Telia Sverige AB", "ends_with", "sverige ab", true],
    ["KORTKÖP  Telia Sverige AB", "equals", "kortköp telia sverige ab", true],
    ["KORTKÖP  Telia Sverige AB", "equals", "telia", false],
    ["KORTKÖP  Telia Sverige AB", "glob", "kortköp*ab", true],
    [null, "contains", "x", false],
  ];
  it.each(cases)("%s %s %s = %s", (text, op, value, want) => {
    expect(textMatches(text, { op, value })).toBe(want);
  });
});
type TextOp = "contains" | "starts_with" | "ends_with" | "equals" | "glob";

describe("conditionsHold: every named condition", () => {
  const cases: [string, RuleConditions, Partial<RuleRow>, boolean][] = [
    ["direction out", { direction: "out" }, {}, true],
    ["direction in", { direction: "in" }, {}, false],
    ["amount within (absolute 499.00)", { amount_min: 100, amount_max: 499 }, {}, true],
    ["amount at the lower bound", { amount_min: 499 }, {}, true],
    ["amount above the max", { amount_max: 498.99 }, {}, false],
    ["currency", { currency: "SEK" }, {}, true],
    ["other currency", { currency: "EUR" }, {}, false],
    ["settlement account", { settlement_account: "1930" }, {}, true],
    ["other settlement account", { settlement_account: "1940" }, {}, false],
    ["description", { description: { op: "contains", value: "kortköp" } }, {}, true],
    ["merchant", { merchant: { op: "starts_with", value: "telia" } }, {}, true],
    ["merchant falls back on the text", { merchant: { op: "contains", value: "telia" } }, { merchantName: null }, true],
    ["reference", { reference: { op: "equals", value: "12345678" } }, {}, true],
    ["no reference", { reference: { op: "contains", value: "1" } }, { reference: null }, false],
    ["counterparty account, dashes and zeros aside", { counterparty_account: "0050501055" }, {}, true],
    ["other counterparty account", { counterparty_account: "5050-1056" }, {}, false],
    ["all together", { direction: "out", currency: "SEK", merchant: { op: "contains", value: "telia" } }, {}, true],
    ["one fails, all fail", { direction: "out", currency: "EUR" }, {}, false],
  ];
  it.each(cases)("%s", (_, c, over, want) => {
    expect(conditionsHold(row(over), c)).toBe(want);
  });
});

describe("conditionsProblem", () => {
  it("refuses no condition, reversed amounts and a glob of many stars", () => {
    expect(conditionsProblem({})?.field).toBe("conditions");
    expect(conditionsProblem({ amount_min: 10, amount_max: 5 })?.field).toBe("conditions.amount_min");
    expect(conditionsProblem({ description: { op: "glob", value: "*a".repeat(11) } })?.field).toBe(
      "conditions.description.value",
    );
    expect(conditionsProblem({ direction: "in" })).toBeNull();
  });
});

describe("firstMatchingRule: the first active rule in position order", () => {
  const telia = rule("telia", 2, { merchant: { op: "contains", value: "telia" } });
  const anyOut = rule("any-out", 3, { direction: "out" });
  const inactive = rule("inactive", 1, { direction: "out" }, { isActive: false });
  it.each([
    ["the earlier of two that match", [anyOut, telia, inactive], "telia"],
    ["an inactive rule is passed over", [inactive, anyOut], "any-out"],
    ["none matches", [rule("in", 1, { direction: "in" })], null],
  ] as [string, RuleFacts[], string | null][])("%s", (_, rules, want) => {
    expect(firstMatchingRule(row(), rules)?.id ?? null).toBe(want);
  });
});

describe("documentPaidBy and decideRow: an open document before any rule", () => {
  const doc = (id: string, confidence: number, partyName: string | null = "Telia Sverige AB"): DocumentCandidate => ({
    kind: "supplier_invoice",
    id,
    confidence,
    partyName,
    reason: "",
  });
  it.each([
    ["by OCR", [doc("a", 0.99)], "a"],
    ["by reference in the text", [doc("a", 0.95, "Other AB")], "a"],
    ["by amount from the same counterparty", [doc("a", 0.75)], "a"],
    ["by amount from another counterparty: no", [doc("a", 0.75, "Elbolaget AB")], null],
    ["two equally strong: a person decides", [doc("a", 0.97), doc("b", 0.97)], null],
    ["the stronger of two", [doc("a", 0.97), doc("b", 0.75)], "a"],
  ] as [string, DocumentCandidate[], string | null][])("%s", (_, candidates, want) => {
    expect(documentPaidBy(row(), candidates)?.id ?? null).toBe(want);
  });
  it("passes over a document an earlier row of the run paid", () => {
    expect(documentPaidBy(row(), [doc("a", 0.99)], new Set(["a"]))).toBeNull();
  });
  it("decides the document first, then the rule, then nothing", () => {
    const r = rule("telia", 1, { direction: "out" });
    expect(decideRow(row(), [doc("a", 0.99)], [r]).by).toBe("invoice_match");
    expect(decideRow(row(), [], [r])).toEqual({ by: "rule", rule: r });
    expect(decideRow(row(), [], []).by).toBe("none");
  });
  it("compares party names without the company form and punctuation", () => {
    expect(partyKey("Telia Sverige AB")).toBe("teliasverige");
    expect(partyKey("TELIA SVERIGE, aktiebolag")).toBe("teliasverige");
    expect(partyKey("Bygg & Måleri ek. för.")).toBe("byggmaleri");
  });
  it("compares party names without å, ä and ö, as a bank may print them", () => {
    expect(partyKey("TIDNINGSFORLAGET LASA AB")).toBe(partyKey("Tidningsförlaget Läsa AB"));
    const autogiro = row({ merchantName: "TIDNINGSFORLAGET LASA AB" });
    expect(documentPaidBy(autogiro, [doc("a", 0.75, "Tidningsförlaget Läsa AB")])?.id).toBe("a");
    expect(documentPaidBy(autogiro, [doc("a", 0.75, "Tidningshuset AB")])).toBeNull();
  });
});

describe("partyItemFor: the party's open item of exactly the amount, earliest due first", () => {
  const items = [
    { id: "late", remainingOre: 49900, currency: "SEK", dueDate: "2026-03-31" },
    { id: "early", remainingOre: 49900, currency: "SEK", dueDate: "2026-02-28" },
    { id: "other", remainingOre: 10000, currency: "SEK", dueDate: "2026-01-31" },
  ];
  it("takes the earliest of equal amounts, then the next", () => {
    expect(partyItemFor(row(), items)?.id).toBe("early");
    expect(partyItemFor(row(), items, new Set(["early"]))?.id).toBe("late");
    expect(partyItemFor(row({ amountOre: -1 }), items)).toBeNull();
  });
});

describe("ruleSuggestionsFrom: merchants booked by hand 3 times without a rule", () => {
  const t = (merchantKey: string, useCount: number) => ({
    merchantKey,
    accountNumber: "6212",
    vatTreatment: "standard_25",
    category: null,
    useCount,
  });
  it("keeps those used often enough that no merchant rule takes, most used first", () => {
    const rules = [rule("r", 1, { merchant: { op: "contains", value: "telia" } })];
    const out = ruleSuggestionsFrom(
      [t("telia sverige ab", 5), t("kontorab", 3), t("café", 2), t("el ab", 4)],
      rules,
      3,
    );
    expect(out.map((x) => x.merchantKey)).toEqual(["el ab", "kontorab"]);
  });
});

describe("reorderProblem", () => {
  it.each([
    [["a", "b"], ["b", "a"], null],
    [["a", "b"], ["a"], "order must name every rule of the company exactly once"],
    [["a", "b"], ["a", "a"], "order must name every rule of the company exactly once"],
    [["a", "b"], ["a", "c"], "no rule c"],
  ] as [string[], string[], string | null][])("%j -> %j", (current, order, want) => {
    expect(reorderProblem(current, order)).toBe(want);
  });
});
