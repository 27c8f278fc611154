// The Peppol BIS Billing 3.0 validator: the official Schematron rules (CEN EN 16931 for UBL
// and Peppol's own, rules.generated.ts) evaluated with fontoxpath (XPath 3.1, MIT) over a
// slimdom DOM (MIT), in pure JavaScript, so it runs in the Worker with no network and no
// XSLT processor. It reproduces what the compiled stylesheets do:
// - per pattern, each node is the context of at most one rule: the highest-priority rule
//   whose match pattern matches it (XSLT template priority);
// - each assert of that rule is tested in the node's context with the rule's variables
//   and the stylesheet's top-level variables bound; a false test is a finding with the
//   assert's id, flag (fatal or warning), text and the node's location.
import { evaluateXPath, evaluateXPathToNodes, evaluateXPathToString, registerXQueryModule } from "fontoxpath";
import { type Document, type Element, type Node, parseXmlDocument } from "slimdom";
import {
  DESCENDANTS_NAMESPACE,
  DESCENDANTS_PREFIX,
  indexDescendants,
  registerDescendantsIndex,
} from "./descendants.ts";
import { RULE_SETS } from "./rules.generated.ts";
import { hoistRootPaths, matchToSelection } from "./selection.ts";
import type { Assert, Rule, RuleSet, TextPart } from "./rules.ts";

/** One failed assert: the rule's id, its flag, its message, and where in the document. */
export type Finding = { id: string; flag: "fatal" | "warning"; text: string; location: string };

/** The outcome: a document is valid Peppol BIS 3.0 when `fatal` is empty. */
export type PeppolValidation = { fatal: Finding[]; warnings: Finding[] };

/** A document that is not well-formed XML, or that declares a DTD (refused: entity expansion). */
export class PeppolXmlError extends Error {}

/** Parses a UBL document; a DOCTYPE is refused (no entity can expand), as is anything not well-formed. */
export function parsePeppolXml(xml: string): Document {
  if (/<!DOCTYPE/i.test(xml))
    throw new PeppolXmlError("the document declares a DTD (<!DOCTYPE>), which is not accepted");
  let doc: Document;
  try {
    doc = parseXmlDocument(xml.replace(/^\uFEFF/, ""));
  } catch (e) {
    throw new PeppolXmlError(`the document is not well-formed XML: ${(e as Error).message.split("\n")[0]}`);
  }
  // the rules fire on UBL elements only: any other XML would pass them all, and then be read as one
  const root = doc.documentElement;
  const ubl = UBL_ROOTS.find((r) => r.name === root?.localName && r.namespace === root?.namespaceURI);
  if (!ubl)
    throw new PeppolXmlError(
      `the root element is <${root?.nodeName ?? "?"}>, not a UBL 2.1 Invoice or CreditNote (in its namespace)`,
    );
  return doc;
}

const UBL_ROOTS = [
  { name: "Invoice", namespace: "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" },
  { name: "CreditNote", namespace: "urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2" },
];

/** Validates a UBL invoice or credit note against both rule sets. Synchronous. */
export function validatePeppol(xml: string): PeppolValidation {
  return validatePeppolDocument(parsePeppolXml(xml));
}

/** Validates an already parsed document (the import parses once and reads the same DOM). */
export function validatePeppolDocument(doc: Document): PeppolValidation {
  const steps = validationSteps(doc);
  for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
}

/** The longest an asynchronous validation may take (wall time, its yields included) was passed. */
export class PeppolValidationTimeout extends Error {}

/**
 * The same validation, yielding to the event loop after every `yieldEvery` rule evaluations,
 * so that other requests the isolate holds are answered while a large document is checked
 * (issue #41 item 1). A Worker's clock stands still while code runs and moves at a yield, so
 * the deadline is checked there; past it, PeppolValidationTimeout.
 */
export async function validatePeppolDocumentAsync(
  doc: Document,
  opts: { yieldEvery: number; maxMs: number },
): Promise<PeppolValidation> {
  const deadline = Date.now() + opts.maxMs;
  const steps = validationSteps(doc);
  for (let n = 1; ; n++) {
    const step = steps.next();
    if (step.done) return step.value;
    if (n % opts.yieldEvery === 0) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (Date.now() > deadline) throw new PeppolValidationTimeout(`the rules took longer than ${opts.maxMs} ms`);
    }
  }
}

/**
 * Both rule sets over the document, a step at a time: a rule's selection, or a group of a
 * rule's asserts in one context node (the root's rule has some 60 asserts: in groups, a
 * step runs shorter).
 */
function* validationSteps(doc: Document): Generator<void, PeppolValidation> {
  const findings: Finding[] = [];
  for (const set of compiledRuleSets()) yield* ruleSetSteps(set, doc, findings);
  return { fatal: findings.filter((f) => f.flag === "fatal"), warnings: findings.filter((f) => f.flag === "warning") };
}

type CompiledRule = Rule & { select: string; prefix: string; groups: Assert[][] };

/**
 * Asserts evaluated together in one step (one XPath evaluation shares the rule's `let`
 * bindings). Two, not more: an isolate's first validation compiles each group's expression
 * in its step, and with eight the root rule's steps held the isolate 0.3-0.6 s (measured
 * in Node under load: two halve the slowest step and cost 15 % more in all).
 */
const ASSERT_GROUP = 2;
type XPathOptions = { namespaceResolver: (prefix: string) => string | null; moduleImports: Record<string, string> };
type CompiledSet = { options: XPathOptions; patterns: CompiledRule[][] };

let compiled: CompiledSet[] | null = null;

/** Registers the stylesheets' functions and builds each rule's expressions, once per isolate. */
function compiledRuleSets(): CompiledSet[] {
  if (compiled) return compiled;
  registerDescendantsIndex();
  compiled = RULE_SETS.map((set) => {
    const moduleImports: Record<string, string> = {};
    if (set.functions) {
      registerXQueryModule(set.functions.module);
      moduleImports[set.functions.prefix] = set.functions.uri;
    }
    const namespaces: Record<string, string> = { ...set.namespaces, [DESCENDANTS_PREFIX]: DESCENDANTS_NAMESPACE };
    const options = {
      namespaceResolver: (prefix: string) => (prefix ? (namespaces[prefix] ?? null) : null),
      moduleImports,
    };
    const indexed = (expr: string) => indexDescendants(expr, set.namespaces);
    const patterns = set.patterns.map((p) =>
      p.rules.map((rule) => ({
        ...rule,
        select: indexed(selectionOf(rule.match, set)),
        prefix: indexed(letPrefix(rule, set)),
        groups: groupsOf(rule.asserts.map((a) => indexedAssert(a, indexed))),
      })),
    );
    return { options, patterns };
  });
  return compiled;
}

/** An assert whose test and message parts read root-anchored descendants from the document's index. */
function indexedAssert(a: Assert, indexed: (expr: string) => string): Assert {
  const text = a.text.map((t) => (typeof t === "string" ? t : { ...t, select: indexed(t.select) }));
  return { ...a, test: indexed(a.test), text };
}

function groupsOf(asserts: Assert[]): Assert[][] {
  const groups: Assert[][] = [];
  for (let i = 0; i < asserts.length; i += ASSERT_GROUP) groups.push(asserts.slice(i, i + ASSERT_GROUP));
  return groups;
}

/** The top-level variables an expression names, with those they name, in declaration order. */
function globalsUsedBy(exprs: string[], set: RuleSet): RuleSet["globals"] {
  const used = new Set<string>();
  const visit = (expr: string) => {
    for (const g of set.globals) {
      if (!used.has(g.name) && new RegExp(`\\$${g.name}(?![\\w.-])`).test(expr)) {
        used.add(g.name);
        visit(g.select);
      }
    }
  };
  for (const e of exprs) visit(e);
  return set.globals.filter((g) => used.has(g.name));
}

/**
 * The `let` clauses that bind what a rule's expressions may name: the top-level variables
 * (evaluated with the document as context, as XSLT does) and then the rule's own variables
 * in order (each may name the earlier ones). Inlining them keeps XPath's types (xs:decimal
 * sums stay decimals) instead of passing values through JavaScript numbers.
 */
function letPrefix(rule: Rule, set: RuleSet): string {
  const exprs = [
    ...rule.vars.map((v) => v.select),
    ...rule.asserts.flatMap((a) => [a.test, ...a.text.flatMap((t) => (typeof t === "string" ? [] : [t.select]))]),
  ];
  const lets = [
    ...globalsUsedBy(exprs, set).map((g) => `$${g.name} := root(.) ! (${g.select})`),
    ...rule.vars.map((v) => `$${v.name} := (${v.select})`),
  ];
  return lets.length ? `let ${lets.join(", ")} return ` : "";
}

function selectionOf(match: string, set: RuleSet): string {
  const globals = globalsUsedBy([match], set).map((g) => `$${g.name} := (${g.select})`);
  const { hoisted, selection } = hoistRootPaths(matchToSelection(match));
  const lets = [...globals, ...hoisted];
  return lets.length ? `let ${lets.join(", ")} return (${selection})` : selection;
}

/** One stylesheet's patterns over the document, its findings added to `findings`. */
function* ruleSetSteps(set: CompiledSet, doc: Document, findings: Finding[]): Generator<void, void> {
  for (const rules of set.patterns) {
    const contexts = new Map<CompiledRule, Node[]>();
    yield* contextSteps(rules, doc, set, contexts);
    for (const [rule, nodes] of contexts) {
      for (const node of nodes) {
        for (const group of rule.groups) {
          findings.push(...failedAsserts(rule, group, node, set));
          yield;
        }
      }
    }
  }
}

/** Each node selected by a pattern's rules goes to the first (highest-priority) rule that selects it. */
function* contextSteps(
  rules: CompiledRule[],
  doc: Document,
  set: CompiledSet,
  byRule: Map<CompiledRule, Node[]>,
): Generator<void, void> {
  const taken = new Set<Node>();
  for (const rule of rules) {
    const nodes = evaluateXPathToNodes<Node>(rule.select, doc, null, null, set.options).filter((n) => !taken.has(n));
    for (const n of nodes) taken.add(n);
    if (nodes.length) byRule.set(rule, nodes);
    yield;
  }
}

/** The asserts of one group of a rule that fail in one context node. */
function failedAsserts(rule: CompiledRule, asserts: Assert[], node: Node, set: CompiledSet): Finding[] {
  const results = testAll(rule, asserts, node, set);
  return asserts.flatMap((a, i) => {
    if (results[i] === true) return [];
    const why = results[i] === false ? "" : ` (its test could not be evaluated: ${results[i]})`;
    return [{ id: a.id, flag: a.flag, text: messageOf(a, rule, node, set) + why, location: locationOf(node) }];
  });
}

/**
 * The asserts' tests (effective boolean values) in one evaluation. If it raises an
 * error, each test is evaluated alone, and a test that raises one is reported with its
 * message instead of a boolean (the stylesheet would stop; the document is not valid).
 */
function testAll(rule: CompiledRule, asserts: Assert[], node: Node, set: CompiledSet): (boolean | string)[] {
  const one = (tests: Assert[]) => `${rule.prefix}(${tests.map((a) => `boolean((${a.test}))`).join(", ")})`;
  try {
    return evaluateXPath(one(asserts), node, null, null, evaluateXPath.ALL_RESULTS_TYPE, set.options) as boolean[];
  } catch {
    return asserts.map((a) => {
      try {
        return evaluateXPath(one([a]), node, null, null, evaluateXPath.BOOLEAN_TYPE, set.options) as boolean;
      } catch (e) {
        return (e as Error).message.split("\n")[0];
      }
    });
  }
}

/** An assert's message: its static text with the value-of parts evaluated in the context. */
function messageOf(a: Assert, rule: CompiledRule, node: Node, set: CompiledSet): string {
  const part = (p: TextPart) => {
    if (typeof p === "string") return p;
    try {
      return evaluateXPathToString(
        `${rule.prefix}string-join((${p.select}) ! string(.), ' ')`,
        node,
        null,
        null,
        set.options,
      );
    } catch {
      return "";
    }
  };
  return a.text.map(part).join("").replace(/\s+/g, " ").trim();
}

/** Where a node is: `/Invoice[1]/cac:AccountingSupplierParty[1]/...` with the document's own prefixes. */
export function locationOf(node: Node): string {
  const steps: string[] = [];
  let n: Node | null = node;
  while (n && n.nodeType !== 9) {
    if (n.nodeType === 2) {
      steps.unshift(`@${(n as unknown as { name: string }).name}`);
      n = (n as unknown as { ownerElement: Element | null }).ownerElement;
      continue;
    }
    const el = n as Element;
    let position = 1;
    for (let s = el.previousElementSibling; s; s = s.previousElementSibling) {
      if (s.localName === el.localName && s.namespaceURI === el.namespaceURI) position++;
    }
    steps.unshift(`${el.nodeName}[${position}]`);
    n = el.parentNode;
  }
  return `/${steps.join("/")}`;
}
