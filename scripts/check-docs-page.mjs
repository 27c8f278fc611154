// npm run docs:check [-- --url http://127.0.0.1:8787] [--chromium /usr/bin/chromium]
//
// Loads the reference page /api/v1/docs of a running service (npm start) in headless
// Chromium (Debian's package: apt-get install chromium) and checks it against the
// service's OpenAPI document: every operation has its section (method and path), every
// JSON request body's schema is rendered and reads back as the document's schema, and
// the page has nothing the document lacks. Then it keeps a screenshot in
// docs/reference-page.png. Exits 1 on any difference.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { serviceAddress } from "./local-service.mjs";
import { projectRoot } from "./node.mjs";

const { values } = parseArgs({ options: { url: { type: "string" }, chromium: { type: "string" } } });
const chromium = values.chromium ?? ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find(existsSync);
if (!chromium) {
  console.error(
    "docs:check: no Chromium found; install Debian's package (apt-get install chromium) or give --chromium",
  );
  process.exit(2);
}
const base = serviceAddress(values.url);
const page = `${base}/api/v1/docs`;
const doc = await fetch(`${base}/api/v1/openapi.json`)
  .then((r) => r.json())
  .catch((err) => {
    console.error(`docs:check: cannot reach ${base}: ${err.cause?.code ?? err.message}. Is npm start running?`);
    process.exit(2);
  });

// root needs --no-sandbox; a throwaway profile keeps runs apart
const flags = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--hide-scrollbars",
  `--user-data-dir=${join(projectRoot, ".wrangler", "tmp", "chromium-docs-check")}`,
];
const dom = execFileSync(chromium, [...flags, "--virtual-time-budget=5000", "--dump-dom", page], {
  encoding: "utf8",
  maxBuffer: 256 * 1024 * 1024,
  stdio: ["ignore", "pipe", "ignore"],
});

const unescapeHtml = (s) =>
  s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
const sections = new Map();
for (const m of dom.matchAll(/<section id="([^"]+)">([\s\S]*?)<\/section>/g)) sections.set(unescapeHtml(m[1]), m[2]);

const problems = [];
let operations = 0;
let bodies = 0;
for (const [path, item] of Object.entries(doc.paths ?? {})) {
  for (const [method, op] of Object.entries(item)) {
    operations++;
    const html = sections.get(method + path);
    if (!html) {
      problems.push(`missing: ${method.toUpperCase()} ${path}`);
      continue;
    }
    const heading = /<h3>([\s\S]*?)<\/h3>/.exec(html)?.[1] ?? "";
    if (!heading.includes(`>${method.toUpperCase()}<`) || !unescapeHtml(heading).includes(path))
      problems.push(`heading of ${method.toUpperCase()} ${path} does not show its method and path`);
    if (op.summary && !unescapeHtml(html).includes(op.summary))
      problems.push(`summary of ${method.toUpperCase()} ${path} not shown`);
    const schema = op.requestBody?.content?.["application/json"]?.schema;
    if (schema) {
      bodies++;
      const pre = /<summary>Request body schema<\/summary><pre>([\s\S]*?)<\/pre>/.exec(html)?.[1];
      let shown = null;
      try {
        shown = pre === undefined ? null : JSON.parse(unescapeHtml(pre));
      } catch {
        shown = null;
      }
      if (JSON.stringify(shown) !== JSON.stringify(schema))
        problems.push(`request body of ${method.toUpperCase()} ${path} is not rendered as the document's schema`);
    }
    sections.delete(method + path);
  }
}
for (const extra of sections.keys()) problems.push(`on the page but not in the document: ${extra}`);

const shot = join(projectRoot, "docs", "reference-page.png");
execFileSync(chromium, [...flags, "--window-size=1280,1600", `--screenshot=${shot}`, page], { stdio: "ignore" });

if (problems.length) {
  console.error(`docs:check: ${problems.length} problem(s) on ${page}:\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
console.log(
  `docs:check: ${page} in headless Chromium lists all ${operations} operations of the OpenAPI document, with the ${bodies} JSON request body schemas; screenshot in docs/reference-page.png`,
);
