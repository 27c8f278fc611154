// Writes src/formats/peppol/rules.generated.ts from the official Peppol BIS Billing 3.0
// validation artefacts (../shared/data/peppol/validation, release 2026.5): the CEN EN 16931
// rules for UBL and Peppol's own rules (with the Swedish SE-R rules), both Schematron
// compiled to XSLT 2.0. Run by hand after a new release is copied there:
//
//   node scripts/gen-peppol-rules.mjs [path/to/validation]
//
// The stylesheets are mechanical Schematron output, so this reads their structure instead
// of running them: per pattern a mode; per rule a template (match pattern, priority, its
// <xsl:variable>s, its asserts: id, flag, test, text); the stylesheet's top-level
// variables and parameters; and its <xsl:function>s, which are turned into one XQuery
// library module (the same expressions, the XSLT instructions around them rewritten as
// let/if). src/formats/peppol/validate.ts evaluates the result with fontoxpath.
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseXmlDocument } from "slimdom";

const XSL = "http://www.w3.org/1999/XSL/Transform";
const SVRL = "http://purl.oclc.org/dsdl/svrl";
const dir = resolve(process.argv[2] ?? new URL("../../shared/data/peppol/validation", import.meta.url).pathname);
const FILES = [
  { file: "CEN-EN16931-UBL.xslt", name: "CEN EN 16931 (UBL)", licence: "EUPL-1.2" },
  { file: "PEPPOL-EN16931-UBL.xslt", name: "Peppol BIS Billing 3.0", licence: "Apache-2.0" },
];

const isXsl = (n, local) => n.nodeType === 1 && n.namespaceURI === XSL && (!local || n.localName === local);
const elementChildren = (n) => n.childNodes.filter((c) => c.nodeType === 1);

/** The namespace prefixes declared on the stylesheet element: the tests' prefixes. */
function namespacesOf(root) {
  const out = {};
  for (const a of root.attributes) {
    if (a.prefix === "xmlns") out[a.localName] = a.value;
  }
  return out;
}

/** A variable or param: its select, or its text content as a string literal, or its one xsl:sequence. */
function valueExpression(v) {
  const select = v.getAttribute("select");
  if (select !== null) return select;
  const seq = elementChildren(v).find((c) => isXsl(c, "sequence"));
  if (seq) return seq.getAttribute("select");
  if (elementChildren(v).length === 0) return `'${v.textContent.replaceAll("'", "''")}'`;
  throw new Error(`variable ${v.getAttribute("name")} has a body this generator does not read`);
}

/** An XSLT function body (variables, then a sequence or a choose) as one XQuery expression. */
function bodyToXQuery(nodes) {
  const steps = nodes.filter((n) => n.nodeType === 1 && !isXsl(n, "param"));
  const lets = [];
  for (const [i, n] of steps.entries()) {
    if (isXsl(n, "variable")) {
      lets.push(`let $${n.getAttribute("name")} := (${valueExpression(n)})`);
      continue;
    }
    if (i !== steps.length - 1) throw new Error("an instruction before the end of a function body");
    let result;
    if (isXsl(n, "sequence")) result = `(${n.getAttribute("select")})`;
    else if (isXsl(n, "choose")) {
      const branches = elementChildren(n);
      result = branches
        .map((b) =>
          isXsl(b, "when")
            ? `if (${b.getAttribute("test")}) then ${bodyToXQuery(b.childNodes)}`
            : bodyToXQuery(b.childNodes),
        )
        .join(" else ");
      if (!branches.some((b) => isXsl(b, "otherwise"))) result += " else ()";
    } else throw new Error(`function instruction xsl:${n.localName} is not read`);
    return lets.length ? `(${lets.join(" ")} return ${result})` : result;
  }
  throw new Error("a function body without a result");
}

/** Every <xsl:function> of a stylesheet as one XQuery library module (namespace u = "utils"). */
function functionsModule(root, namespaces) {
  const fns = elementChildren(root).filter((n) => isXsl(n, "function"));
  if (fns.length === 0) return null;
  const [prefix] = fns[0].getAttribute("name").split(":");
  const decls = fns.map((f) => {
    const params = elementChildren(f)
      .filter((p) => isXsl(p, "param"))
      .map((p) => `$${p.getAttribute("name")}${p.getAttribute("as") ? ` as ${p.getAttribute("as")}` : ""}`);
    const as = f.getAttribute("as") ? ` as ${f.getAttribute("as")}` : "";
    return `declare %public function ${f.getAttribute("name")}(${params.join(", ")})${as} {\n  ${bodyToXQuery(f.childNodes)}\n};`;
  });
  return {
    prefix,
    uri: namespaces[prefix],
    module: `module namespace ${prefix} = "${namespaces[prefix]}";\n${decls.join("\n")}\n`,
  };
}

/** The svrl:text of an assert: static text and value-of selects, in order. */
function textParts(text) {
  const parts = [];
  for (const c of text.childNodes) {
    if (c.nodeType === 3) parts.push(c.data);
    else if (isXsl(c, "value-of")) parts.push({ select: c.getAttribute("select") });
    else if (isXsl(c, "text")) parts.push(c.textContent);
  }
  const merged = [];
  for (const p of parts) {
    if (typeof p === "string" && typeof merged.at(-1) === "string") merged[merged.length - 1] += p;
    else merged.push(p);
  }
  return merged.map((p) => (typeof p === "string" ? p.replace(/\s+/g, " ") : p));
}

/** One rule template: its match, priority, variables and asserts. */
function ruleOf(t) {
  const vars = [];
  const asserts = [];
  for (const c of elementChildren(t)) {
    if (isXsl(c, "variable")) vars.push({ name: c.getAttribute("name"), select: valueExpression(c) });
    else if (isXsl(c, "choose")) {
      const when = elementChildren(c).find((b) => isXsl(b, "when"));
      const otherwise = elementChildren(c).find((b) => isXsl(b, "otherwise"));
      const failed = elementChildren(otherwise).find((b) => b.namespaceURI === SVRL && b.localName === "failed-assert");
      if (!failed) throw new Error(`a choose without a failed-assert in ${t.getAttribute("match")}`);
      const attr = (name) =>
        elementChildren(failed)
          .find((a) => isXsl(a, "attribute") && a.getAttribute("name") === name)
          ?.textContent.trim();
      const text = elementChildren(failed).find((b) => b.namespaceURI === SVRL && b.localName === "text");
      asserts.push({ id: attr("id"), flag: attr("flag"), test: when.getAttribute("test"), text: textParts(text) });
    } else if (isXsl(c, "if")) {
      throw new Error(`a successful-report (xsl:if) in ${t.getAttribute("match")}: not read`);
    }
  }
  return { match: t.getAttribute("match"), priority: Number(t.getAttribute("priority")), vars, asserts };
}

function readStylesheet({ file, name, licence }) {
  const doc = parseXmlDocument(readFileSync(resolve(dir, file), "utf8"));
  const root = doc.documentElement;
  const namespaces = namespacesOf(root);
  // Top-level variables and params (Schematron's pattern-level <let>s), the document
  // itself as their context. document-uri and the four archive parameters name the file.
  const globals = elementChildren(root)
    .filter((n) => (isXsl(n, "variable") || isXsl(n, "param")) && n.getAttribute("name") !== "document-uri")
    .filter((n) => !/^(archive|file)(Dir|Name)Parameter$/.test(n.getAttribute("name")))
    .map((n) => ({ name: n.getAttribute("name"), select: valueExpression(n) }));
  // The patterns in the order the root template applies them.
  const rootTemplate = elementChildren(root).find(
    (n) => isXsl(n, "template") && n.getAttribute("match") === "/" && !n.hasAttribute("mode"),
  );
  const modes = [];
  const walk = (n) => {
    for (const c of elementChildren(n)) {
      if (isXsl(c, "apply-templates") && /^M\d+$/.test(c.getAttribute("mode") ?? ""))
        modes.push(c.getAttribute("mode"));
      walk(c);
    }
  };
  walk(rootTemplate);
  const patterns = modes.map((mode) => {
    const rules = elementChildren(root)
      .filter((n) => isXsl(n, "template") && n.getAttribute("mode") === mode && Number(n.getAttribute("priority")) >= 0)
      .map(ruleOf)
      .sort((a, b) => b.priority - a.priority);
    return { mode, rules };
  });
  return { file, name, licence, namespaces, globals, functions: functionsModule(root, namespaces), patterns };
}

const sets = FILES.map(readStylesheet);
const count = (s) => s.patterns.reduce((n, p) => n + p.rules.reduce((m, r) => m + r.asserts.length, 0), 0);
const header = `// Generated by scripts/gen-peppol-rules.mjs: do not edit.
// Source: the official Peppol BIS Billing 3.0 validation artefacts, OpenPeppol release 2026.5,
// as packaged by phax/phive-rules (phive-rules-peppol/src/main/resources/external/schematron/
// openpeppol/2026.5/xslt/), copied in ../shared/data/peppol/validation:
${sets.map((s) => `//   ${s.file}: ${s.name}, ${count(s)} asserts; licence ${s.licence}`).join("\n")}
// (the CEN artefacts are EUPL 1.2, OpenPeppol's rules and the packaging Apache-2.0).
// The Schematron patterns, rules and asserts are the stylesheets' own, read from their
// templates; the functions are their <xsl:function>s rewritten as one XQuery module.
import type { RuleSet } from "./rules.ts";

export const RULE_SETS: RuleSet[] = ${JSON.stringify(sets, null, 1)};
`;
const out = new URL("../src/formats/peppol/rules.generated.ts", import.meta.url);
writeFileSync(out, header);
console.log(`wrote ${out.pathname}: ${sets.map((s) => `${s.file} ${count(s)} asserts`).join(", ")}`);
