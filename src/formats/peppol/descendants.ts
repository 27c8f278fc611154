// The rules' root-anchored descendant steps (`//cac:TaxCategory[...]`, some 140 of them, and
// every selection made from a relative match pattern) answered from an index of the
// document's elements by name, built once per document, instead of a walk of the whole
// document per evaluation (issue #41 item 1). fontoxpath walks a 200-line invoice's ~10 000
// nodes in some 10-30 ms, and the root rule's asserts alone make dozens of such walks in one
// step: a step held the isolate for 0.1-0.4 s, and the whole validation took seconds.
//
// The rewrite keeps XPath's meaning: `//p:n` is `root(.)/descendant-or-self::node()/child::p:n`,
// the elements named p:n below the root in document order, which is what the index holds.
// It is applied only where that equality holds: at the start of a path (not `a//b`), on a
// prefixed name or `*`, and only when every predicate that follows is a boolean test, never
// a position (`//a[1]` is each parent's first a; a filter on the index would be the
// document's first).
import { registerCustomXPathFunction } from "fontoxpath";
import type { Element, Node } from "slimdom";

/** The namespace and prefix of the index function, `descendants:named(root(.), uri, local)`. */
export const DESCENDANTS_NAMESPACE = "urn:x-bokforing-api:peppol:descendants";
export const DESCENDANTS_PREFIX = "descendants";

const indexes = new WeakMap<Node, Map<string, Element[]>>();
const ALL = "*";

/** The elements below `root` by `namespace local` (and all of them under `*`), in document order. */
function indexOf(root: Node): Map<string, Element[]> {
  const known = indexes.get(root);
  if (known) return known;
  const index = new Map<string, Element[]>([[ALL, []]]);
  // an explicit stack, not recursion: the depth is bounded (PEPPOL_LIMITS) but need not be trusted here
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    if (node.nodeType === 1) {
      const el = node as Element;
      const key = `${el.namespaceURI ?? ""} ${el.localName}`;
      const list = index.get(key);
      if (list) list.push(el);
      else index.set(key, [el]);
      (index.get(ALL) as Element[]).push(el);
    }
    for (let child = node.lastChild; child; child = child.previousSibling) stack.push(child);
  }
  indexes.set(root, index);
  return index;
}

let registered = false;

/** Registers `descendants:named` with fontoxpath, once per isolate. */
export function registerDescendantsIndex(): void {
  if (registered) return;
  registered = true;
  registerCustomXPathFunction(
    { namespaceURI: DESCENDANTS_NAMESPACE, localName: "named" },
    ["node()", "xs:string", "xs:string"],
    "element()*",
    (_context, root: Node, namespace: string, local: string) =>
      indexOf(root).get(local === ALL ? ALL : `${namespace} ${local}`) ?? [],
  );
}

const KEYWORDS = new Set([
  "and",
  "or",
  "return",
  "then",
  "else",
  "satisfies",
  "in",
  "div",
  "mod",
  "idiv",
  "eq",
  "ne",
  "lt",
  "le",
  "gt",
  "ge",
  "to",
  "union",
  "intersect",
  "except",
]);
const STARTS_PATH = new Set(["(", "[", ",", "|", "=", "<", ">", "!", "+", "{"]);
const STEP = /^\/\/(?:([A-Za-z_][\w.-]*):([A-Za-z_][\w.-]*)|(\*))(?![\w.:(-])/;

/**
 * An expression with each root-anchored `//prefix:name` (or `//*`) whose predicates are all
 * boolean replaced by `descendants:named(root(.), 'uri', 'name')`; `namespaces` resolves the
 * prefixes (an unknown prefix is left as it is).
 */
export function indexDescendants(expr: string, namespaces: Record<string, string>): string {
  let out = "";
  for (let i = 0; i < expr.length; i++) {
    const ch = expr[i];
    if (ch === "'" || ch === '"') {
      const end = literalEnd(expr, i);
      out += expr.slice(i, end + 1);
      i = end;
      continue;
    }
    const step = ch === "/" && startsPath(expr, i) ? STEP.exec(expr.slice(i)) : null;
    const uri = step && (step[3] ? "" : namespaces[step[1]]);
    if (step && uri !== undefined && booleanPredicates(expr, i + step[0].length)) {
      const local = step[3] ?? step[2];
      out += `${DESCENDANTS_PREFIX}:named(root(.), '${uri}', '${local}')`;
      i += step[0].length - 1;
      continue;
    }
    out += ch;
  }
  return out;
}

/** Whether the `//` at `i` begins a path (the expression's start, after an operator or an opening bracket). */
function startsPath(expr: string, i: number): boolean {
  let j = i - 1;
  while (j >= 0 && /\s/.test(expr[j])) j--;
  if (j < 0) return true;
  if (STARTS_PATH.has(expr[j])) return true;
  const word = /[A-Za-z-]+$/.exec(expr.slice(0, j + 1));
  // `$x//a` and `a//b` continue a path; `... and //a` starts one
  return word !== null && expr[j - word[0].length] !== "$" && KEYWORDS.has(word[0]);
}

/** Whether every predicate from `at` on (`[..][..]`) is a boolean test rather than a position. */
function booleanPredicates(expr: string, at: number): boolean {
  for (let i = at; expr[i] === "["; ) {
    const close = closingBracket(expr, i);
    if (close < 0 || !isBooleanTest(expr.slice(i + 1, close))) return false;
    i = close + 1;
  }
  return true;
}

const BOOLEAN_FUNCTIONS =
  /^(not|exists|empty|boolean|starts-with|ends-with|contains|matches|true|false|normalize-space|string|upper-case|lower-case)\(/;

/**
 * A predicate that can only be a boolean test: a comparison, `and`/`or`, a function that
 * answers a boolean or a string, or a path (a node sequence). Numbers, variables, `last()`
 * and `position()` may be positions: those are left alone.
 */
function isBooleanTest(predicate: string): boolean {
  const p = predicate.trim();
  if (/\b(position|last)\(\)/.test(p)) return false;
  if (/^[\d$.(-]/.test(p) && !/^\.\s*(=|!=)/.test(p) && !/^\(.*(=|\band\b|\bor\b)/.test(p)) return false;
  if (/(=|<|>|\band\b|\bor\b|\beq\b|\bne\b)/.test(p)) return true;
  if (BOOLEAN_FUNCTIONS.test(p)) return true;
  // a relative path: names, steps and predicates, no arithmetic or function call at its head
  return /^@?[A-Za-z_][\w.-]*(:[A-Za-z_*][\w.-]*)?(\/|\[|$)/.test(p) && !/^\w+\(/.test(p);
}

/** The index of the quote closing the literal opened at `open` (a doubled quote escapes it). */
function literalEnd(expr: string, open: number): number {
  const quote = expr[open];
  for (let i = open + 1; i < expr.length; i++) {
    if (expr[i] !== quote) continue;
    if (expr[i + 1] === quote) i++;
    else return i;
  }
  return expr.length - 1;
}

/** The index of the `]` closing the `[` at `open`, outside literals, or -1. */
function closingBracket(expr: string, open: number): number {
  let depth = 0;
  for (let i = open; i < expr.length; i++) {
    const ch = expr[i];
    if (ch === "'" || ch === '"') i = literalEnd(expr, i);
    else if (ch === "[") depth++;
    else if (ch === "]" && --depth === 0) return i;
  }
  return -1;
}
