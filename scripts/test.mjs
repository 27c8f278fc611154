// npm test: lint and format check (Biome), the size ratchet, type-check, then run every test inside
// workerd (vitest with @cloudflare/vitest-plugin) against local D1, R2, Durable Objects
// and Queues; before them, the TypeScript client's own tests under plain Node.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { envWithNode, projectRoot } from "./node.mjs";

const env = envWithNode();
const bin = (name) => join(projectRoot, "node_modules", ".bin", name);
for (const [cmd, args] of [
  [bin("biome"), ["ci", "--error-on-warnings", "."]],
  // the size ratchet (issue #42): long and complex functions and long files may only become fewer
  ["node", ["scripts/size-ratchet.mjs"]],
  [bin("tsc"), ["--noEmit", "-p", "."]],
  // the TypeScript client as plain Node loads it (types stripped by node itself; the
  // node of envWithNode's PATH, 22.12 or newer)
  ["node", ["--experimental-strip-types", "--test", "clients/typescript/test/*.test.ts"]],
  [bin("vitest"), ["run", ...process.argv.slice(2)]],
]) {
  const run = spawnSync(cmd, args, { cwd: projectRoot, env, stdio: "inherit" });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
