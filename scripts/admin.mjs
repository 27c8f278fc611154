// npm run admin -- <command> [options]: the operators' CLI over /admin/v1.
//   create-user  --email E --name N
//   create-key   --user ID --name N --scopes a,b|* --mode live|test [--limit SEK]
//   revoke-key   ID
//   add-member   --company ID --user ID --role owner|admin|member|viewer
// The service address is --url or http://127.0.0.1:$PORT (8787); the token is
// ADMIN_TOKEN from the environment or .dev.vars.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { projectRoot } from "./node.mjs";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    url: { type: "string" },
    email: { type: "string" },
    name: { type: "string" },
    user: { type: "string" },
    scopes: { type: "string" },
    mode: { type: "string" },
    limit: { type: "string" },
    company: { type: "string" },
    role: { type: "string" },
  },
});

function adminToken() {
  if (process.env.ADMIN_TOKEN) return process.env.ADMIN_TOKEN;
  const file = join(projectRoot, ".dev.vars");
  if (existsSync(file)) {
    const m = /^ADMIN_TOKEN\s*=\s*"?([^"\n]+)"?/m.exec(readFileSync(file, "utf8"));
    if (m) return m[1];
  }
  fail("ADMIN_TOKEN is not set (environment or .dev.vars)");
}

function fail(message) {
  console.error(`admin: ${message}`);
  process.exit(2);
}

function need(name) {
  const v = values[name];
  if (!v) fail(`--${name} is required`);
  return v;
}

const base = values.url ?? `http://127.0.0.1:${process.env.PORT ?? "8787"}`;
const [command, arg] = positionals;

const requests = {
  "create-user": () => ["POST", "/admin/v1/users", { email: need("email"), name: need("name") }],
  "create-key": () => [
    "POST",
    "/admin/v1/api-keys",
    {
      user_id: need("user"),
      name: need("name"),
      scopes: need("scopes").split(",").map((s) => s.trim()),
      mode: values.mode ?? "live",
      ...(values.limit ? { unattended_commit_limit: Number(values.limit) } : {}),
    },
  ],
  "revoke-key": () => ["DELETE", `/admin/v1/api-keys/${arg ?? fail("revoke-key needs the key id")}`, undefined],
  "add-member": () => ["POST", `/admin/v1/companies/${need("company")}/members`, { user_id: need("user"), role: need("role") }],
};

if (!requests[command]) fail(`unknown command '${command ?? ""}'; one of: ${Object.keys(requests).join(", ")}`);
const [method, path, body] = requests[command]();
const res = await fetch(base + path, {
  method,
  headers: { Authorization: `Bearer ${adminToken()}`, ...(body ? { "Content-Type": "application/json" } : {}) },
  body: body ? JSON.stringify(body) : undefined,
}).catch((err) => fail(`cannot reach ${base}: ${err.message}`));
const text = await res.text();
console.log(text);
process.exit(res.ok ? 0 : 1);
