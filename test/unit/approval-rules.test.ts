// The attest's pure decisions (src/domains/supplier-invoices/attest/rules.ts, docs/approvals.md)
// and the staged write's preview check (src/domains/approvals/requests/rules.ts), by tables.
import { describe, expect, it } from "vitest";
import { previewDrift } from "../../src/domains/approvals/requests/rules";
import {
  decideApproval,
  firstMatchingRule,
  type GivenApproval,
  type InvoiceFacts,
  type MatchRule,
  mayReject,
  planOfRule,
  ruleMatches,
  stepsProblem,
  waitingFor,
} from "../../src/domains/supplier-invoices/attest/rules";

const rule = (over: Partial<MatchRule> = {}): MatchRule => ({
  id: "r",
  name: "r",
  position: 0,
  active: true,
  minAmountOre: null,
  maxAmountOre: null,
  supplierIds: null,
  accountNumbers: null,
  dimensions: null,
  steps: [{ approvers: ["a"], min_approvals: 1 }],
  inOrder: true,
  allowRegistrant: false,
  ...over,
});
const facts = (totalSekOre: number, over: Partial<InvoiceFacts> = {}): InvoiceFacts => ({
  totalSekOre,
  supplierId: "s1",
  items: [{ accountNumber: "4010", dimensions: { "1": "100" } }],
  ...over,
});

describe("ruleMatches", () => {
  // [rule, invoice, matches]
  const cases: [string, Partial<MatchRule>, InvoiceFacts, boolean][] = [
    ["no conditions", {}, facts(1), true],
    ["min inclusive", { minAmountOre: 1_000_000 }, facts(1_000_000), true],
    ["below min", { minAmountOre: 1_000_000 }, facts(999_999), false],
    ["max inclusive", { maxAmountOre: 1_000_000 }, facts(1_000_000), true],
    ["above max", { maxAmountOre: 1_000_000 }, facts(1_000_001), false],
    ["in range", { minAmountOre: 500_000, maxAmountOre: 2_000_000 }, facts(1_250_000), true],
    ["supplier named", { supplierIds: ["s1", "s2"] }, facts(1), true],
    ["supplier not named", { supplierIds: ["s2"] }, facts(1), false],
    ["empty supplier list: all", { supplierIds: [] }, facts(1), true],
    ["account exact", { accountNumbers: ["4010"] }, facts(1), true],
    ["account class", { accountNumbers: ["4"] }, facts(1), true],
    ["account group", { accountNumbers: ["54"] }, facts(1), false],
    [
      "any item's account",
      { accountNumbers: ["54"] },
      facts(1, {
        items: [
          { accountNumber: "4010", dimensions: null },
          { accountNumber: "5410", dimensions: null },
        ],
      }),
      true,
    ],
    ["cost centre", { dimensions: { "1": ["100", "200"] } }, facts(1), true],
    ["other cost centre", { dimensions: { "1": ["200"] } }, facts(1), false],
    ["project not on the item", { dimensions: { "6": ["P-1"] } }, facts(1), false],
    [
      "all conditions hold",
      { minAmountOre: 1, supplierIds: ["s1"], accountNumbers: ["40"], dimensions: { "1": ["100"] } },
      facts(5),
      true,
    ],
    ["one condition fails", { minAmountOre: 1, supplierIds: ["s1"], accountNumbers: ["50"] }, facts(5), false],
  ];
  it.each(cases)("%s", (_name, over, invoice, expected) => {
    expect(ruleMatches(rule(over), invoice)).toBe(expected);
  });
});

describe("firstMatchingRule", () => {
  const small = rule({ id: "small", position: 1, maxAmountOre: 1_000_000 });
  const large = rule({ id: "large", position: 2, minAmountOre: 1_000_001 });
  const supplier = rule({ id: "supplier", position: 0, supplierIds: ["s9"] });
  const off = rule({ id: "off", position: -1, active: false });
  const rules = [large, small, supplier, off];
  const cases: [string, InvoiceFacts, string | null][] = [
    ["5 000 kr: the small rule", facts(500_000), "small"],
    ["10 000 kr exactly: the small rule", facts(1_000_000), "small"],
    ["10 000,01 kr: the large rule", facts(1_000_001), "large"],
    ["the supplier's rule comes first", facts(5_000_000, { supplierId: "s9" }), "supplier"],
  ];
  it.each(cases)("%s", (_name, invoice, expected) => {
    expect(firstMatchingRule(rules, invoice)?.id ?? null).toBe(expected);
  });
  it("no rule matches: null (approval not required)", () => {
    expect(firstMatchingRule([small], facts(2_000_000))).toBeNull();
    expect(firstMatchingRule([off], facts(1))).toBeNull();
  });
});

describe("decideApproval", () => {
  // two steps in order: a or b (one of them), then c and d (both)
  const twoSteps = planOfRule(
    rule({
      steps: [
        { approvers: ["a", "b"], min_approvals: 1 },
        { approvers: ["c", "d"], min_approvals: 2 },
      ],
    }),
  );
  const anyOrder = { ...twoSteps, in_order: false };
  const fourEyes = planOfRule(rule({ steps: [{ approvers: ["reg", "a"], min_approvals: 1 }] }));
  const registrantMay = { ...fourEyes, allow_registrant: true };
  const g = (...pairs: [string, number][]): GivenApproval[] => pairs.map(([userId, step]) => ({ userId, step }));
  const show = (d: ReturnType<typeof decideApproval>) =>
    "refusal" in d ? d.refusal.code : `step ${d.step}${d.done ? ", done" : ""}`;
  // [case, plan, given, caller, outcome]
  const cases: [string, typeof twoSteps, GivenApproval[], string, string][] = [
    ["first step, first approver", twoSteps, [], "a", "step 0"],
    ["first step, the other approver", twoSteps, [], "b", "step 0"],
    ["second step before the first", twoSteps, [], "c", "APPROVAL_OUT_OF_ORDER"],
    ["second step after the first", twoSteps, g(["a", 0]), "c", "step 1"],
    ["first step already met", twoSteps, g(["a", 0]), "b", "APPROVAL_NOT_APPROVER"],
    ["the last approval needed", twoSteps, g(["a", 0], ["c", 1]), "d", "step 1, done"],
    ["twice", twoSteps, g(["a", 0]), "a", "APPROVAL_ALREADY_GIVEN"],
    ["not in the rule", twoSteps, [], "x", "APPROVAL_NOT_APPROVER"],
    ["any order: second step first", anyOrder, [], "c", "step 1"],
    ["any order: done when all steps are met", anyOrder, g(["c", 1], ["d", 1]), "b", "step 0, done"],
    ["four eyes: the registrant", fourEyes, [], "reg", "APPROVAL_FOUR_EYES"],
    ["four eyes: another approver", fourEyes, [], "a", "step 0, done"],
    ["registrant allowed", registrantMay, [], "reg", "step 0, done"],
  ];
  it.each(cases)("%s", (_name, plan, given, caller, expected) => {
    expect(show(decideApproval(plan, given, caller, "reg"))).toBe(expected);
  });

  it("waits for the approvers of the step open now, and never the registrant under four eyes", () => {
    expect(waitingFor(twoSteps, [], "reg")).toEqual(["a", "b"]);
    expect(waitingFor(twoSteps, g(["a", 0]), "reg")).toEqual(["c", "d"]);
    expect(waitingFor(twoSteps, g(["a", 0], ["c", 1]), "reg")).toEqual(["d"]);
    expect(waitingFor(anyOrder, g(["c", 1]), "reg")).toEqual(["a", "b", "d"]);
    expect(waitingFor(fourEyes, [], "reg")).toEqual(["a"]);
    expect(waitingFor(registrantMay, [], "reg")).toEqual(["reg", "a"]);
  });

  it("lets an approver of the open step reject, not one whose step is done or yet to come", () => {
    expect(mayReject(twoSteps, [], "a")).toBeNull();
    expect(mayReject(twoSteps, [], "c")?.code).toBe("APPROVAL_OUT_OF_ORDER");
    expect(mayReject(twoSteps, g(["a", 0]), "a")?.code).toBe("APPROVAL_NOT_APPROVER");
    expect(mayReject(twoSteps, g(["a", 0]), "d")).toBeNull();
    expect(mayReject(fourEyes, [], "reg")).toBeNull();
  });
});

describe("stepsProblem", () => {
  const cases: [string, { approvers: string[]; min_approvals: number }[], string | null][] = [
    [
      "sound",
      [
        { approvers: ["a", "b"], min_approvals: 2 },
        { approvers: ["c"], min_approvals: 1 },
      ],
      null,
    ],
    ["more approvals than approvers", [{ approvers: ["a"], min_approvals: 2 }], "steps.0.min_approvals"],
    [
      "a user in two steps",
      [
        { approvers: ["a"], min_approvals: 1 },
        { approvers: ["a"], min_approvals: 1 },
      ],
      "steps.1.approvers",
    ],
  ];
  it.each(cases)("%s", (_name, steps, path) => {
    expect(stepsProblem(steps)?.path ?? null).toBe(path);
  });
});

describe("previewDrift", () => {
  const preview = { id: "e1", voucher_series: "A", voucher_number: 7, status: "posted", entry_date: "2026-03-01" };
  const cases: [string, unknown, string[]][] = [
    ["the same", { ...preview }, []],
    ["another voucher number", { ...preview, voucher_number: 9 }, []],
    ["a timestamp", { ...preview, committed_at: "2026-03-02T10:00:00Z" }, []],
    ["another date", { ...preview, entry_date: "2026-03-02" }, ["entry_date"]],
    ["lines changed", { ...preview, lines: [{ a: 1 }] }, ["lines"]],
  ];
  it.each(cases)("%s", (_name, now, paths) => {
    expect(previewDrift(preview, now)).toEqual(paths);
  });
  it("leaves out the ids of rows the write makes anew, not other strings", () => {
    const a = "0b7c8a52-7a39-4c86-9b0e-3f7f2b1c9d01";
    const b = "5d2e1f40-1c2b-4e3a-8f9d-6a7b8c9d0e1f";
    expect(previewDrift({ id: a, arrival_number: 4, total: 125 }, { id: b, arrival_number: 5, total: 125 })).toEqual(
      [],
    );
    expect(previewDrift({ supplier_id: a }, { supplier_id: "x" })).toEqual(["supplier_id"]);
  });
  it("compares arrays by length and item", () => {
    expect(previewDrift({ l: [1, 2] }, { l: [1, 3] })).toEqual(["l[1]"]);
    expect(previewDrift({ l: [1, 2] }, { l: [1] })).toEqual(["l"]);
  });
});
