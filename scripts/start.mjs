// npm start: apply the D1 migrations to the local database, then serve the Worker
// with wrangler dev on 127.0.0.1:$PORT (default 8787). D1, R2, Durable Objects and
// Queues run locally and persist under .wrangler/.
import { spawn, spawnSync } from "node:child_process";
import { join } from "node:path";
import { envWithNode, projectRoot } from "./node.mjs";

const env = envWithNode();
const wrangler = join(projectRoot, "node_modules", ".bin", "wrangler");
const port = process.env.PORT ?? "8787";

// CI=true answers wrangler's "apply N migrations?" prompt.
const migrate = spawnSync(wrangler, ["d1", "migrations", "apply", "DB", "--local"], { cwd: projectRoot, env: { ...env, CI: "true" }, stdio: "inherit" });
if (migrate.status !== 0) process.exit(migrate.status ?? 1);

const args = ["dev", "--ip", "127.0.0.1", "--port", port];
// Secrets from the environment win over .dev.vars (which wrangler reads itself).
for (const name of ["ADMIN_TOKEN", "CURSOR_SECRET"]) {
  if (process.env[name]) args.push("--var", `${name}:${process.env[name]}`);
}
const dev = spawn(wrangler, args, { cwd: projectRoot, env, stdio: "inherit" });
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => dev.kill(sig));
dev.on("exit", (code) => process.exit(code ?? 0));
