// The shape of the Schematron rules scripts/gen-peppol-rules.mjs reads from the official
// Peppol validation stylesheets (rules.generated.ts holds them).

/** A part of an assert's message: static text, or an XPath whose string value is inserted. */
export type TextPart = string | { select: string };

/** One Schematron assert: its test must be true in the rule's context, else it fails. */
export type Assert = { id: string; flag: "fatal" | "warning"; test: string; text: TextPart[] };

/** One Schematron rule: the nodes its match pattern selects, its variables, its asserts. */
export type Rule = { match: string; priority: number; vars: { name: string; select: string }[]; asserts: Assert[] };

/** A pattern: a node is the context of at most one of its rules (the highest priority). */
export type Pattern = { mode: string; rules: Rule[] };

/** One stylesheet's rules: its namespaces, top-level variables, functions and patterns. */
export type RuleSet = {
  file: string;
  name: string;
  licence: string;
  namespaces: Record<string, string>;
  globals: { name: string; select: string }[];
  functions: { prefix: string; uri: string; module: string } | null;
  patterns: Pattern[];
};
