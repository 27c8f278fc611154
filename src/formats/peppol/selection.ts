// The rules' XSLT match patterns as XPath selections over the whole document, written so
// that fontoxpath evaluates each in time proportional to the document (issue #41 item 1: a
// 200-line invoice took a minute, most of it in two kinds of pattern evaluated once per node).

/**
 * An XSLT match pattern as an XPath selecting what it matches: each top-level branch of its
 * union is prefixed with `//` unless it is rooted (`/...`), so `a | b[c]` selects `//a | //b[c]`.
 */
export function matchToSelection(match: string): string {
  return splitTopLevelUnion(match)
    .map((branch) => branch.trim())
    .map((branch) => (isRooted(branch) ? branch : `//${branch}`))
    .join(" | ");
}

/**
 * A branch that starts at the root: `/...`, or a parenthesized union of rooted branches with
 * its predicates, `(/ubl:Invoice/a | /cn:CreditNote/a)[$x]`. Prefixing the latter with `//`
 * would select the same nodes but evaluate the union once per node of the document, which
 * made validation quadratic in the document's size (issue #41 item 1).
 */
function isRooted(branch: string): boolean {
  if (branch.startsWith("/")) return true;
  if (!branch.startsWith("(")) return false;
  const close = closingParenthesis(branch);
  return close > 0 && splitTopLevelUnion(branch.slice(1, close)).every((b) => isRooted(b.trim()));
}

/**
 * The index of the quote closing the string literal whose quote is at `open`, or the text's
 * last index when it never closes (the literal then runs to the end).
 */
function literalEnd(expr: string, open: number): number {
  const close = expr.indexOf(expr[open], open + 1);
  return close < 0 ? expr.length - 1 : close;
}

const isQuote = (ch: string) => ch === "'" || ch === '"';

/** The index of the `)` closing the `(` a text starts with (outside string literals), or -1. */
function closingParenthesis(expr: string): number {
  let depth = 0;
  for (let i = 0; i < expr.length; i++) {
    const ch = expr[i];
    if (isQuote(ch)) i = literalEnd(expr, i);
    else if (ch === "(") depth++;
    else if (ch === ")" && --depth === 0) return i;
  }
  return -1;
}

/** The union's branches: split at `|` outside brackets, parentheses and string literals. */
function splitTopLevelUnion(expr: string): string[] {
  return splitTopLevel(expr, /^\|/);
}

/**
 * A predicate's `and` operands that start at the root (`//cac:AccountingSupplierParty/...`)
 * are the same for every node the predicate filters: each becomes a variable bound once
 * (`$root_path_1`), instead of a walk of the whole document per candidate node. The
 * operand's value is a node sequence either way, and its effective boolean value the same.
 */
export function hoistRootPaths(selection: string): { hoisted: string[]; selection: string } {
  const hoisted: string[] = [];
  let out = "";
  let depth = 0;
  for (let i = 0; i < selection.length; i++) {
    const ch = selection[i];
    const close = ch === "[" && depth === 0 ? closingBracket(selection, i) : -1;
    if (close > 0) {
      out += `[${hoistOperands(selection.slice(i + 1, close), hoisted)}]`;
      i = close;
      continue;
    }
    const end = isQuote(ch) ? literalEnd(selection, i) : i;
    if (ch === "(") depth++;
    else if (ch === ")") depth--;
    out += selection.slice(i, end + 1);
    i = end;
  }
  return { hoisted, selection: out };
}

/** A predicate's text with its root-path `and` operands replaced by variables, which are added to `hoisted`. */
function hoistOperands(predicate: string, hoisted: string[]): string {
  const operands = splitTopLevel(predicate, /^\s+and\s+/).map((op) => {
    if (!op.trim().startsWith("//")) return op;
    hoisted.push(`$root_path_${hoisted.length + 1} := (${op.trim()})`);
    return ` $root_path_${hoisted.length} `;
  });
  return operands.join(" and ");
}

/** The index of the `]` closing the `[` at `open` (outside string literals), or -1. */
function closingBracket(expr: string, open: number): number {
  let depth = 0;
  for (let i = open; i < expr.length; i++) {
    const ch = expr[i];
    if (isQuote(ch)) i = literalEnd(expr, i);
    else if (ch === "[") depth++;
    else if (ch === "]" && --depth === 0) return i;
  }
  return -1;
}

/** An expression split where `separator` matches outside brackets, parentheses and string literals. */
function splitTopLevel(expr: string, separator: RegExp): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < expr.length; i++) {
    const ch = expr[i];
    if (isQuote(ch)) i = literalEnd(expr, i);
    else if (ch === "[" || ch === "(") depth++;
    else if (ch === "]" || ch === ")") depth--;
    else if (depth === 0) {
      const m = separator.exec(expr.slice(i));
      if (m) {
        parts.push(expr.slice(start, i));
        start = i + m[0].length;
        i = start - 1;
      }
    }
  }
  parts.push(expr.slice(start));
  return parts;
}
