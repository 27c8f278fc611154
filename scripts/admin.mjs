// npm run admin -- <command> [options]: the operators' CLI over /admin/v1.
//   create-user  --email E --name N
//   enrol-mfa    --user ID [--mfa CODE]   (the user's authenticator: prints the TOTP secret once;
//                                          re-enrolling needs the current code of the old one)
//   create-key   --user ID --name N --scopes a,b|* --mode live|test [--limit SEK] [--mfa CODE]
//                (a live key needs --mfa: the current 6-digit code of the user's authenticator)
//   revoke-key   ID
//   add-member   --company ID --user ID --role owner|admin|member|viewer   (adds, or changes the role)
//   list-members --company ID
//   remove-member --company ID --user ID   (never the last owner: 409 MEMBERSHIP_LAST_OWNER)
// The service address is --url, else http://127.0.0.1:$PORT when PORT is set, else the
// server `npm start` is running (it writes .wrangler/dev-server.json), else
// http://127.0.0.1:8787. The token is ADMIN_TOKEN from the environment or .dev.vars
// (npm start generates one there).
import { parseArgs } from "node:util";
import { devVar, serviceAddressWithSource } from "./local-service.mjs";

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
    mfa: { type: "string" },
  },
});

function adminToken() {
  return (
    devVar("ADMIN_TOKEN") ||
    fail("ADMIN_TOKEN is not set (environment or .dev.vars); npm start writes one to .dev.vars on its first run")
  );
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

const { base, from } = serviceAddressWithSource(values.url);
const [command, arg] = positionals;

const requests = {
  "create-user": () => ["POST", "/admin/v1/users", { email: need("email"), name: need("name") }],
  "enrol-mfa": () => ["POST", `/admin/v1/users/${need("user")}/mfa`, undefined],
  "create-key": () => [
    "POST",
    "/admin/v1/api-keys",
    {
      user_id: need("user"),
      name: need("name"),
      scopes: need("scopes")
        .split(",")
        .map((s) => s.trim()),
      mode: values.mode ?? "live",
      ...(values.limit ? { unattended_commit_limit: Number(values.limit) } : {}),
    },
  ],
  "revoke-key": () => ["DELETE", `/admin/v1/api-keys/${arg ?? fail("revoke-key needs the key id")}`, undefined],
  "add-member": () => [
    "POST",
    `/admin/v1/companies/${need("company")}/members`,
    { user_id: need("user"), role: need("role") },
  ],
  "list-members": () => ["GET", `/admin/v1/companies/${need("company")}/members`, undefined],
  "remove-member": () => ["DELETE", `/admin/v1/companies/${need("company")}/members/${need("user")}`, undefined],
};

if (!requests[command]) fail(`unknown command '${command ?? ""}'; one of: ${Object.keys(requests).join(", ")}`);
const [method, path, body] = requests[command]();
const res = await fetch(base + path, {
  method,
  headers: {
    Authorization: `Bearer ${adminToken()}`,
    ...(body ? { "Content-Type": "application/json" } : {}),
    ...(values.mfa ? { "X-Service-MFA": values.mfa } : {}),
  },
  body: body ? JSON.stringify(body) : undefined,
}).catch((err) =>
  fail(
    `cannot reach ${base} (from ${from}): ${err.cause?.code ?? err.message}. Is npm start running? Give --url or PORT for another address.`,
  ),
);
const text = await res.text();
console.log(text);
let error = null;
try {
  error = JSON.parse(text).error ?? null;
} catch {
  // not the API's envelope
}
if (res.status === 401) {
  console.error(
    `admin: ${base} refused the admin token. ADMIN_TOKEN here (environment, else .dev.vars) must be the value the server was started with; restart npm start after changing .dev.vars.`,
  );
} else if (error?.code === "NOT_FOUND" && error.details?.path) {
  // the admin API answers every path with 404 when the server has no ADMIN_TOKEN
  console.error(
    `admin: ${base} has no admin API: the server runs without ADMIN_TOKEN (set it in .dev.vars or the environment and restart npm start).`,
  );
}
process.exit(res.ok ? 0 : 1);
