// The rules' root-anchored descendant steps read from an index of the document
// (src/formats/peppol/descendants.ts, issue #41 item 1): the rewrite's cases, and every
// rewritten assert test answering as the original in its own contexts over OpenPeppol's
// examples and mutated copies of them (the equality the rewrite rests on).
import { evaluateXPathToBoolean, evaluateXPathToNodes } from "fontoxpath";
import { type Node, parseXmlDocument } from "slimdom";
import { describe, expect, it } from "vitest";
import {
  DESCENDANTS_NAMESPACE,
  DESCENDANTS_PREFIX,
  indexDescendants,
  registerDescendantsIndex,
} from "../../src/formats/peppol/descendants.ts";
import { matchToSelection } from "../../src/formats/peppol/index.ts";
import { RULE_SETS } from "../../src/formats/peppol/rules.generated.ts";
import baseExample from "../fixtures/peppol/base-example.xml?raw";
import categoryE from "../fixtures/peppol/vat-category-E.xml?raw";

const NS = { cac: "urn:cac", cbc: "urn:cbc" };
const named = (uri: string, local: string) => `descendants:named(root(.), '${uri}', '${local}')`;

describe("indexDescendants", () => {
  it("rewrites root-anchored steps with boolean predicates", () => {
    expect(indexDescendants("exists(//cac:A[cbc:ID = 'S']/cbc:B)", NS)).toBe(
      `exists(${named("urn:cac", "A")}[cbc:ID = 'S']/cbc:B)`,
    );
    expect(indexDescendants("//cbc:X | //*[not(*)]", NS)).toBe(`${named("urn:cbc", "X")} | ${named("", "*")}[not(*)]`);
    expect(indexDescendants("a and //cac:A", NS)).toBe(`a and ${named("urn:cac", "A")}`);
  });

  it("leaves path continuations, positions, literals and unknown prefixes alone", () => {
    for (const expr of [
      "cac:A//cbc:B",
      "$x//cbc:B",
      "//cac:A[1]",
      "//cac:A[cbc:ID = 'S'][last()]",
      "//cac:A[position() > 1]",
      "//cac:A[$n]",
      "'see //cac:A'",
      "//zz:A",
      "//@currencyID",
      "//node()",
    ]) {
      expect(indexDescendants(expr, NS)).toBe(expr);
    }
  });
});

describe("every rewritten assert answers as the original", () => {
  registerDescendantsIndex();
  const docs = [baseExample, categoryE, baseExample.replace(/<cac:InvoiceLine>/, "<cac:InvoiceLine><cbc:Note/>")];
  // CEN's set (no functions module, no top-level variables) evaluated alone; Peppol's set,
  // whose tests need its functions and variables, is held by the examples and mutated
  // copies that peppol-validate.test.ts runs through the validator.
  for (const set of RULE_SETS.filter((s) => !s.functions && s.globals.length === 0)) {
    it(`in the contexts of its rules (${set.patterns.length} patterns)`, () => {
      const namespaces: Record<string, string> = { ...set.namespaces, [DESCENDANTS_PREFIX]: DESCENDANTS_NAMESPACE };
      const options = { namespaceResolver: (p: string) => (p ? (namespaces[p] ?? null) : null) };
      let compared = 0;
      for (const xml of docs) {
        const doc = parseXmlDocument(xml);
        for (const rule of set.patterns.flatMap((p) => p.rules)) {
          const asserts = rule.asserts.filter((a) => indexDescendants(a.test, set.namespaces) !== a.test);
          if (asserts.length === 0 || rule.vars.length > 0) continue;
          const contexts = evaluateXPathToNodes<Node>(matchToSelection(rule.match), doc, null, null, options).slice(
            0,
            3,
          );
          for (const node of contexts) {
            for (const a of asserts) {
              const original = evaluateXPathToBoolean(`boolean((${a.test}))`, node, null, null, options);
              const indexed = indexDescendants(`boolean((${a.test}))`, set.namespaces);
              expect([a.id, evaluateXPathToBoolean(indexed, node, null, null, options)]).toEqual([a.id, original]);
              compared++;
            }
          }
        }
      }
      expect(compared).toBeGreaterThan(50);
    });
  }
});
