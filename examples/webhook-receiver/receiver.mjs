// The receiver itself, as a function, so that server.mjs (one webhook, one secret) and
// `npm run webhooks:listen` (several webhooks on one port) share it.
//
// It verifies the signature on the raw body, answers 2xx quickly, and de-duplicates on
// X-Service-Delivery: delivery is at-least-once, so the same delivery can arrive twice
// (a retry after a timeout, or a manual retry). Keep the seen ids in durable storage in
// a real receiver (a unique key in your database), not in memory as here.
import { createServer } from "node:http";
import { verifyWebhook } from "./verify.mjs";

/**
 * @param {{
 *   secretFor: (path: string) => string | undefined,
 *   onDelivery: (d: { path: string, ok: boolean, reason?: string, duplicate?: boolean, deliveryId?: string, eventType?: string, event?: any }) => void,
 * }} options
 */
export function createReceiver({ secretFor, onDelivery }) {
  const seen = new Set();
  return createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", async () => {
      const path = new URL(req.url ?? "/", "http://receiver").pathname;
      const rawBody = Buffer.concat(chunks).toString("utf8");
      const deliveryId = req.headers["x-service-delivery"];
      const eventType = req.headers["x-service-event"];
      const secret = secretFor(path);
      const check = secret
        ? await verifyWebhook({ secret, signatureHeader: req.headers["x-service-signature"], rawBody })
        : { ok: false, reason: "unknown_path" };
      if (!check.ok) {
        onDelivery({ path, ok: false, reason: check.reason, deliveryId, eventType });
        res.writeHead(400, { "Content-Type": "text/plain" }).end(check.reason);
        return;
      }
      if (seen.has(deliveryId)) {
        onDelivery({ path, ok: true, duplicate: true, deliveryId, eventType });
        res.writeHead(200, { "Content-Type": "text/plain" }).end("duplicate ignored");
        return;
      }
      seen.add(deliveryId);
      let event = null;
      try {
        event = JSON.parse(rawBody);
      } catch {
        // a verified body is JSON; keep going if it were not
      }
      onDelivery({ path, ok: true, deliveryId, eventType, event });
      res.writeHead(200, { "Content-Type": "text/plain" }).end("ok");
    });
  });
}
