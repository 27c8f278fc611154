// A browsable API reference rendered on the server from the OpenAPI document, so it
// works offline and without any script from elsewhere.

interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean; schema?: unknown; description?: string }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: string }>;
}

const esc = (s: string) =>
  s.replace(/[&<>"]/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[ch]!);

export function referencePage(doc: {
  info: { title: string; version: string };
  paths?: Record<string, Record<string, Operation>>;
}): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags?.[0] ?? "Other";
      const params = (op.parameters ?? [])
        .map(
          (p) =>
            `<li><code>${esc(p.name)}</code> <em>${esc(p.in)}${p.required ? ", required" : ""}</em>${
              p.description ? ` — ${esc(p.description)}` : ""
            }</li>`,
        )
        .join("");
      const body = op.requestBody?.content?.["application/json"]?.schema;
      const html = `<section id="${esc(method + path)}">
  <h3><span class="m ${method}">${method.toUpperCase()}</span> <code>${esc(path)}</code></h3>
  <p><strong>${esc(op.summary ?? "")}</strong></p>
  ${op.description ? `<p>${esc(op.description).replaceAll("\n\n", "<br>")}</p>` : ""}
  ${params ? `<h4>Parameters</h4><ul>${params}</ul>` : ""}
  ${body ? `<details><summary>Request body schema</summary><pre>${esc(JSON.stringify(body, null, 2))}</pre></details>` : ""}
  <p class="codes">Responses: ${Object.keys(op.responses ?? {})
    .map(esc)
    .join(", ")}</p>
</section>`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), html]);
    }
  }
  const toc = [...byTag.keys()].map((t) => `<li><a href="#tag-${esc(t)}">${esc(t)}</a></li>`).join("");
  const sections = [...byTag].map(([t, ops]) => `<h2 id="tag-${esc(t)}">${esc(t)}</h2>${ops.join("\n")}`).join("\n");
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(doc.info.title)} reference</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}
code,pre{background:#f4f4f4;border-radius:3px;padding:0 .2em}pre{padding:.5em;overflow:auto;font-size:.85em}
.m{display:inline-block;min-width:4.5em;text-align:center;color:#fff;border-radius:3px;font-size:.8em;padding:.1em .3em}
.get{background:#2b7a4b}.post{background:#2358a6}.patch{background:#a66b23}.delete{background:#a62323}
section{border-top:1px solid #ddd;padding-top:.5em}.codes{color:#666;font-size:.9em}</style></head>
<body><h1>${esc(doc.info.title)}</h1><p>API version ${esc(doc.info.version)} · <a href="/api/v1/openapi.json">openapi.json</a> · ` +
    `<a href="/api/v1/errors">error catalogue</a></p>
<ul>${toc}</ul>${sections}</body></html>`
  );
}
