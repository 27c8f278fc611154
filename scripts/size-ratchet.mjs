// The size ratchet (issue #42): the number of functions over 80 lines, of functions over
// Biome's cognitive-complexity limit (15), of source files over 600 lines and of source lines
// over 150 columns (OpenAPI prose belongs in a room's prose.ts, wrapped) may only fall.
// Measured by Biome's own rules (noExcessiveLinesPerFunction, noExcessiveCognitiveComplexity)
// over src/ and durable-objects/, generated files excluded; the ceilings are in
// scripts/size-ceilings.json. A count above its ceiling fails `npm test`; a count below it
// asks for the ceiling to be lowered in the same change, so that the gain is kept.
//   node scripts/size-ratchet.mjs          check
//   node scripts/size-ratchet.mjs --list   also name every function and file over a limit
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { projectRoot } from "./node.mjs";

const ROOTS = ["src", "durable-objects"];
const MAX_FUNCTION_LINES = 80;
const MAX_COMPLEXITY = 15;
const MAX_FILE_LINES = 600;
const MAX_LINE_COLUMNS = 150;
/** Files written by a generator, not by hand: their size is the data's. */
const GENERATED = [/\.generated\.ts$/, /^src\/sweden\/payroll\/tax-tables-\d{4}\.ts$/];
const ceilingsPath = join(projectRoot, "scripts", "size-ceilings.json");

function sourceFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|mjs|js)$/.test(name)) out.push(relative(projectRoot, path));
  }
  return out;
}

const files = ROOTS.flatMap((r) => sourceFiles(join(projectRoot, r))).filter((f) => !GENERATED.some((g) => g.test(f)));

/** Biome with only the two size rules, over the hand-written files. */
function biomeFindings() {
  const dir = mkdtempSync(join(tmpdir(), "size-ratchet-"));
  const rule = (options) => ({ level: "error", options });
  const config = {
    files: { includes: ["**"] },
    linter: {
      enabled: true,
      rules: {
        preset: "none",
        complexity: {
          noExcessiveLinesPerFunction: rule({ maxLines: MAX_FUNCTION_LINES, skipBlankLines: false }),
          noExcessiveCognitiveComplexity: rule({ maxAllowedComplexity: MAX_COMPLEXITY }),
        },
      },
    },
  };
  writeFileSync(join(dir, "biome.json"), JSON.stringify(config));
  const bin = join(projectRoot, "node_modules", ".bin", "biome");
  const args = ["lint", `--config-path=${dir}`, "--reporter=json", "--max-diagnostics=none", ...files];
  const run = spawnSync(bin, args, { cwd: projectRoot, encoding: "utf8", maxBuffer: 64 << 20 });
  rmSync(dir, { recursive: true, force: true });
  if (!run.stdout) throw new Error(`biome gave no report: ${run.stderr}`);
  const report = JSON.parse(run.stdout);
  const where = (d) => `${d.location.path}:${d.location.start?.line ?? "?"}`;
  return {
    longFunctions: report.diagnostics.filter((d) => d.category.endsWith("noExcessiveLinesPerFunction")).map(where),
    complexFunctions: report.diagnostics
      .filter((d) => d.category.endsWith("noExcessiveCognitiveComplexity"))
      .map(where),
  };
}

const found = biomeFindings();
found.longFiles = files
  .map((f) => [f, readFileSync(join(projectRoot, f), "utf8").split("\n").length - 1])
  .filter(([, n]) => n > MAX_FILE_LINES)
  .map(([f, n]) => `${f} (${n} lines)`);
found.longLines = files.flatMap((f) =>
  readFileSync(join(projectRoot, f), "utf8")
    .split("\n")
    .flatMap((line, i) => (line.length > MAX_LINE_COLUMNS ? [`${f}:${i + 1}`] : [])),
);

const ceilings = JSON.parse(readFileSync(ceilingsPath, "utf8"));
const labels = {
  longFunctions: `functions over ${MAX_FUNCTION_LINES} lines`,
  complexFunctions: `functions over a cognitive complexity of ${MAX_COMPLEXITY}`,
  longFiles: `files over ${MAX_FILE_LINES} lines`,
  longLines: `lines over ${MAX_LINE_COLUMNS} columns`,
};
let failed = false;
for (const [key, label] of Object.entries(labels)) {
  const n = found[key].length;
  const ceiling = ceilings[key];
  const verdict = n > ceiling ? "ABOVE the ceiling" : n < ceiling ? "below the ceiling: lower it" : "at the ceiling";
  console.log(`size ratchet: ${n} ${label} (ceiling ${ceiling}, ${verdict})`);
  if (n !== ceiling || process.argv.includes("--list")) for (const w of found[key]) console.log(`  ${w}`);
  if (n !== ceiling) failed = true;
}
if (failed) {
  console.error(`size ratchet: set ${relative(projectRoot, ceilingsPath)} to the counts above only when they fell`);
  process.exit(1);
}
