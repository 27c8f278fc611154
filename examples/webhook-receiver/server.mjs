// An example receiver: node examples/webhook-receiver/server.mjs
//   WEBHOOK_SECRET=whsec_... PORT=4000
// It verifies the signature on the raw body, answers 2xx quickly, and de-duplicates on
// X-Service-Delivery (see receiver.mjs). To try it against a local service, use
// `npm run webhooks:listen`, which starts this receiver and registers it for you.
import { createReceiver } from "./receiver.mjs";

const secret = process.env.WEBHOOK_SECRET;
if (!secret) throw new Error("set WEBHOOK_SECRET to the secret returned when the webhook was created");
const port = Number(process.env.PORT ?? 4000);

createReceiver({
  secretFor: () => secret,
  onDelivery: (d) => {
    if (!d.ok) console.log(`refused ${d.deliveryId ?? "-"}: ${d.reason}`);
    else if (d.duplicate) console.log(`duplicate ${d.deliveryId} ignored`);
    else console.log(`${d.event?.type} ${d.event?.id}`, JSON.stringify(d.event?.data?.object ?? null).slice(0, 200));
  },
}).listen(port, "127.0.0.1", () => console.log(`receiver listening on http://127.0.0.1:${port}`));
