// The service a benchmark measures: migrations applied to a fresh state directory, then
// `wrangler dev` on 127.0.0.1:port with a known admin token and key, and a rate limit
// high enough not to be what is measured. Shared by every script in bench/. With
// BENCH_LOG set, the service's own output (console.log in the Worker) shows. With
// inspectorPort, the Worker's isolate answers the DevTools protocol there (bench/isolate.mjs);
// vars are further Worker variables; with testScheduled, GET /__scheduled runs the cron
// (bench/line-bytes.mjs).
import { spawn } from "node:child_process";
import { join } from "node:path";
import { databaseBindings } from "../scripts/databases.mjs";
import { envWithNode, projectRoot } from "../scripts/node.mjs";

export const BENCH_ADMIN_TOKEN = "bench-admin-token";

/**
 * A caller of the benchmark's service: `api(method, path, { key, body, admin })` answers
 * { status, body (the JSON, or the bytes of a file), headers }, each write with a fresh Idempotency-Key.
 */
export function benchApi(base, { timeoutMs = 60_000 } = {}) {
  return async function api(method, path, { key, body, admin } = {}) {
    const res = await fetch(base + path, {
      method,
      headers: {
        Authorization: `Bearer ${admin ? BENCH_ADMIN_TOKEN : key}`,
        ...(body ? { "Content-Type": "application/json" } : {}),
        "Idempotency-Key": crypto.randomUUID(),
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const isJson = (res.headers.get("Content-Type") ?? "").includes("json");
    const answer = isJson ? await res.json() : new Uint8Array(await res.arrayBuffer());
    return { status: res.status, body: answer, headers: res.headers };
  };
}

export async function startService(stateDir, { port, ratePerMinute, inspectorPort, vars = {}, testScheduled = false }) {
  const wrangler = join(projectRoot, "node_modules", ".bin", "wrangler");
  const env = envWithNode({ CI: "true" });
  for (const binding of databaseBindings()) {
    await new Promise((resolve, reject) => {
      const m = spawn(wrangler, ["d1", "migrations", "apply", binding, "--local", "--persist-to", stateDir], {
        cwd: projectRoot,
        env,
        stdio: "ignore",
      });
      m.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`migrations of ${binding} exited ${code}`))));
    });
  }
  const dev = spawn(
    wrangler,
    [
      "dev",
      "--ip",
      "127.0.0.1",
      "--port",
      String(port),
      ...(inspectorPort ? ["--inspector-port", String(inspectorPort)] : []),
      ...(testScheduled ? ["--test-scheduled"] : []),
      "--persist-to",
      stateDir,
      "--var",
      `ADMIN_TOKEN:${BENCH_ADMIN_TOKEN}`,
      "--var",
      "PII_ENCRYPTION_KEY:YmVuY2gtYmVuY2gtYmVuY2gtYmVuY2gtYmVuY2gtMzI=",
      "--var",
      `RATE_LIMIT_PER_MINUTE:${ratePerMinute}`,
      "--var",
      "BENCH_FLOORS:true",
      // a Worker without ENVIRONMENT=development is a deployment, which must name its origin
      "--var",
      `PUBLIC_BASE_URL:http://127.0.0.1:${port}`,
      // a benchmark's own settings (bench/import-latency.mjs: BANK_IMPORT_CHUNK_ROWS)
      ...Object.entries(vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
    ],
    { cwd: projectRoot, env, stdio: process.env.BENCH_LOG ? ["ignore", "inherit", "inherit"] : "ignore" },
  );
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).ok) return dev;
    } catch {}
    await new Promise((r) => setTimeout(r, 1000));
  }
  dev.kill();
  throw new Error("the service did not start");
}
