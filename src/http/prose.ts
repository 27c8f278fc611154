// OpenAPI prose lives beside its routes in a room's `prose.ts`, not inside the route
// constants (issue #42): wrapped template literals that read as source under 100 columns
// and as one paragraph in the OpenAPI document.

/**
 * A template tag for OpenAPI summaries and descriptions: a line break and the indentation
 * around it fold to one space; a blank line keeps a paragraph break.
 */
export function prose(strings: TemplateStringsArray, ...values: unknown[]): string {
  const text = strings.reduce((out, part, i) => out + part + (i < values.length ? String(values[i]) : ""), "");
  return text
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.replace(/[ \t]*\n[ \t]*/g, " ").trim())
    .filter((paragraph) => paragraph.length > 0)
    .join("\n\n");
}
