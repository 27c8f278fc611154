// An example receiver: node examples/webhook-receiver/server.mjs
//   WEBHOOK_SECRET=whsec_... PORT=4000
// It verifies the signature on the raw body, answers 2xx quickly, and de-duplicates on
// X-Service-Delivery: delivery is at-least-once, so the same delivery can arrive twice
// (a retry after a timeout, or a manual retry). Keep the seen ids in durable storage in
// a real receiver (a unique key in your database), not in memory as here.
import { createServer } from "node:http";
import { verifyWebhook } from "./verify.mjs";

const secret = process.env.WEBHOOK_SECRET;
if (!secret) throw new Error("set WEBHOOK_SECRET to the secret returned when the webhook was created");
const seen = new Set();

createServer((req, res) => {
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", async () => {
    const rawBody = Buffer.concat(chunks).toString("utf8");
    const check = await verifyWebhook({ secret, signatureHeader: req.headers["x-service-signature"], rawBody });
    if (!check.ok) {
      res.writeHead(400, { "Content-Type": "text/plain" }).end(check.reason);
      return;
    }
    const deliveryId = req.headers["x-service-delivery"];
    if (seen.has(deliveryId)) {
      res.writeHead(200, { "Content-Type": "text/plain" }).end("duplicate ignored");
      return;
    }
    seen.add(deliveryId);
    const event = JSON.parse(rawBody);
    console.log(`${event.type} ${event.id}`, JSON.stringify(event.data.object).slice(0, 200));
    res.writeHead(200, { "Content-Type": "text/plain" }).end("ok");
  });
}).listen(Number(process.env.PORT ?? 4000), () => console.log(`receiver listening on ${process.env.PORT ?? 4000}`));
