// The local server npm start runs (scripts/start.mjs spawns it with a Node that wrangler
// accepts): wrangler's dev server with the project's wrangler.toml, started through
// wrangler's programmatic API (unstable_startWorker) rather than `wrangler dev`, because
// only that API can add a binding wrangler.toml cannot declare:
//
//   WEBHOOK_EGRESS, a workerd network service that admits only public addresses
//   (scripts/webhook-egress.mjs). Webhook deliveries connect through it, so a name that
//   answers the guard's DNS query with a public address and the connection with
//   127.0.0.1 is refused at connect time (src/domains/webhooks/egress.ts).
//
// Arguments, as `wrangler dev` took them: --ip ADDRESS --port PORT [--var NAME:VALUE]...
// Everything else is what `wrangler dev --test-scheduled` does: .dev.vars, the local
// D1/R2/Durable Object/Queue state under .wrangler/state, the cron endpoint
// /__scheduled, a rebuild when a source file changes.
import { join } from "node:path";
import { unstable_startWorker } from "wrangler";
import { projectRoot } from "./node.mjs";
import { WEBHOOK_EGRESS_NETWORK } from "./webhook-egress.mjs";

/** --ip, --port and the --var pairs, as plain-text bindings (wrangler dev's --var). */
function parseArgs(argv) {
  const out = { ip: "127.0.0.1", port: 8787, vars: {} };
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, value] = [argv[i], argv[i + 1]];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    if (flag === "--ip") out.ip = value;
    else if (flag === "--port") out.port = Number(value);
    else if (flag === "--var") {
      const at = value.indexOf(":");
      if (at < 1) throw new Error(`--var takes NAME:VALUE, got ${value}`);
      out.vars[value.slice(0, at)] = { type: "plain_text", value: value.slice(at + 1) };
    } else throw new Error(`unknown argument ${flag}`);
  }
  return out;
}

const args = parseArgs(process.argv.slice(2));
let worker;
try {
  worker = await unstable_startWorker({
    config: join(projectRoot, "wrangler.toml"),
    bindings: {
      ...args.vars,
      WEBHOOK_EGRESS: { type: "fetcher", fetcher: { network: WEBHOOK_EGRESS_NETWORK } },
    },
    dev: { server: { hostname: args.ip, port: args.port }, testScheduled: true, watch: true },
  });
  await worker.ready;
} catch (err) {
  console.error("npm start: the local server did not start:", err);
  process.exit(1);
}

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  await worker.dispose().catch(() => {});
  process.exit(0);
}
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, shutdown);
