// npm run webhooks:listen -- --key service_sk_... [--company ID] [--events a,b|all] [--port 4000] [--url http://127.0.0.1:8787]
//
// Starts the example receiver (examples/webhook-receiver) on http://127.0.0.1:PORT,
// registers it with the local service for the chosen events (one webhook per event,
// each on its own path), sends each a webhook.test delivery, and prints every delivery
// that arrives with the result of its signature check. Ctrl-C deletes the webhooks.
//
// The local service must admit local receivers: WEBHOOK_ALLOW_LOCAL_HTTP=true in
// .dev.vars, then (re)start npm start (docs/clients.md, "Webhooks on your machine").
// The key may also come from API_KEY; the company defaults to the key's first one.
import { parseArgs } from "node:util";
import { createReceiver } from "../examples/webhook-receiver/receiver.mjs";
import { apiClient, serviceAddress } from "./local-service.mjs";

const { values } = parseArgs({
  options: {
    key: { type: "string" },
    company: { type: "string" },
    events: { type: "string", default: "journal_entry.committed,invoice.paid" },
    port: { type: "string", default: "4000" },
    url: { type: "string" },
  },
});
const fail = (message) => {
  console.error(`webhooks:listen: ${message}`);
  process.exit(2);
};

const key =
  values.key ??
  process.env.API_KEY ??
  fail("give an API key: --key service_sk_... (or API_KEY); npm run demo prints one");
const base = serviceAddress(values.url);
const api = apiClient(base, key);
const port = Number(values.port);
if (!Number.isInteger(port) || port < 1 || port > 65535) fail(`--port ${values.port} is not a port`);

// The events the service offers, read from its own OpenAPI document.
const doc = await fetch(`${base}/api/v1/openapi.json`)
  .then((r) => r.json())
  .catch((err) => fail(`cannot reach ${base}: ${err.cause?.code ?? err.message}. Is npm start running?`));
const offered =
  doc.components?.schemas?.WebhookCreate?.properties?.event_type?.enum ??
  doc.paths?.["/api/v1/companies/{companyId}/webhooks"]?.post?.requestBody?.content?.["application/json"]?.schema
    ?.properties?.event_type?.enum;
if (!offered) fail("the service's document does not list the webhook events");
const events =
  values.events === "all"
    ? offered
    : values.events
        .split(",")
        .map((e) => e.trim())
        .filter(Boolean);
const unknown = events.filter((e) => !offered.includes(e));
if (unknown.length) fail(`unknown event(s) ${unknown.join(", ")}; the service offers: ${offered.join(", ")}`);

const companyId =
  values.company ??
  (await api("GET", "/api/v1/companies?limit=1")).data[0]?.id ??
  fail("the key has no company; give --company");

const secrets = new Map(); // path -> secret
const created = [];
const time = () => new Date().toISOString().slice(11, 19);
const receiver = createReceiver({
  secretFor: (path) => secrets.get(path),
  onDelivery: (d) => {
    if (!d.ok) return console.log(`${time()}  REFUSED  ${d.eventType ?? "?"}  ${d.deliveryId ?? "-"}  ${d.reason}`);
    if (d.duplicate) return console.log(`${time()}  duplicate ${d.deliveryId} ignored (at-least-once delivery)`);
    const object = d.event?.data?.object;
    const summary = object ? JSON.stringify(object).slice(0, 160) : "";
    console.log(`${time()}  verified ✓  ${d.event?.type}  ${d.deliveryId}  ${summary}`);
  },
});
await new Promise((resolve, reject) => receiver.once("error", reject).listen(port, "127.0.0.1", resolve)).catch((err) =>
  fail(`cannot listen on 127.0.0.1:${port}: ${err.code ?? err.message}`),
);
console.log(`receiver listening on http://127.0.0.1:${port} (examples/webhook-receiver)`);

async function cleanup(code = 0) {
  for (const hook of created)
    await api("DELETE", `/api/v1/companies/${companyId}/webhooks/${hook.id}`).catch((err) =>
      console.error(`could not delete webhook ${hook.id}: ${err.message}`),
    );
  if (created.length) console.log(`deleted ${created.length} webhook(s)`);
  receiver.close();
  process.exit(typeof code === "number" ? code : 0);
}
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, cleanup);

for (const event of events) {
  const path = `/${event}`;
  try {
    const hook = (
      await api("POST", `/api/v1/companies/${companyId}/webhooks`, {
        event_type: event,
        webhook_url: `http://127.0.0.1:${port}${path}`,
        name: `webhooks:listen ${event}`,
      })
    ).data;
    secrets.set(path, hook.secret);
    created.push(hook);
    console.log(`registered ${hook.id} for ${event}`);
  } catch (err) {
    if (err.details?.reason === "not_https") {
      console.error(
        "The service refuses http://127.0.0.1 receivers. Add WEBHOOK_ALLOW_LOCAL_HTTP=true to .dev.vars and restart npm start\n" +
          "(it is honoured only by a service started with npm start, which sets ENVIRONMENT=development).",
      );
    } else console.error(err.message);
    await cleanup(1);
  }
}
for (const hook of created) await api("POST", `/api/v1/companies/${companyId}/webhooks/${hook.id}/test`);
console.log(
  `company ${companyId}: sent a webhook.test to each; waiting for deliveries (Ctrl-C to stop and delete the webhooks)`,
);
