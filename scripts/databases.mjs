// The D1 databases wrangler.toml binds (the directory and the ledger databases): every one
// carries the same migrations (docs/scaling.md, "Many databases").
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { projectRoot } from "./node.mjs";

/** The binding names of wrangler.toml's [[d1_databases]], in the file's order. */
export function databaseBindings() {
  const toml = readFileSync(join(projectRoot, "wrangler.toml"), "utf8");
  return [...toml.matchAll(/\[\[d1_databases\]\]\s*\nbinding\s*=\s*"([A-Z0-9_]+)"/g)].map((m) => m[1]);
}
