// npm run bench: every speed goal of issue 19, each benchmark printing its figures beside
// a floor measured in the same run (docs/scaling.md). One after another, never side by
// side (they would measure each other), each starting its own service on its own port:
//   bench/commit.mjs      draft+commit pairs ÷ (health requests ÷ 2), 8 companies ÷ 1
//   bench/reports.mjs     every report at several dates, 100 000 and 1 000 000 lines
//   bench/sie-import.mjs  the SIE import ÷ raw inserts of the same rows, peak memory
// Flags after -- go to every script that knows them (--lines 100000 for a quick run).
// The other benchmarks (bench/payroll.mjs, bench/bank-import.mjs,
// bench/reconciliation-matcher.mjs) run on their own.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { projectRoot } from "../scripts/node.mjs";

const { values } = parseArgs({ options: { lines: { type: "string" } }, strict: false });
const lines = values.lines ? ["--lines", String(values.lines)] : [];
const scripts = [
  ["commit.mjs", []],
  ["reports.mjs", lines],
  ["sie-import.mjs", lines],
];
let failed = 0;
for (const [script, args] of scripts) {
  console.log(`\n=== bench/${script} ${args.join(" ")}`);
  const run = spawnSync(process.execPath, [join(projectRoot, "bench", script), ...args], {
    stdio: "inherit",
    cwd: projectRoot,
  });
  if (run.status !== 0) {
    failed++;
    console.log(`bench/${script} exited ${run.status}`);
  }
}
process.exit(failed ? 1 : 0);
