// The connection a delivery is sent on (docs/webhooks-and-operations.md, "Where a
// delivery connects"). The guard (address.ts) judges the addresses a DNS-over-HTTPS
// answer names, but the connection resolves the name again, and a name can answer a
// public address to the guard and 127.0.0.1 to the connection (DNS rebinding). No
// second check in JavaScript can close that: the Workers fetch API neither takes an
// address to connect to (TLS needs the name for SNI) nor says which address it reached.
// So the judgement is made where the connection is made: the runtime's own network
// service, restricted to public addresses, filters the addresses of the lookup it
// connects with.
import type { Env } from "../../env";
import { isLocalDevReceiver, localReceiverAllowed } from "./address";

/** The fetch a delivery calls: the global one, or the egress binding's. */
export type DeliveryFetch = (url: string, init: RequestInit) => Promise<Response>;

/**
 * WEBHOOK_EGRESS, when bound, is a workerd network service that admits only public
 * addresses (`allow = ["public"]`, scripts/webhook-egress.mjs): npm start binds it. A
 * deployed Worker has no such binding (wrangler.toml cannot declare one) and uses the
 * platform's fetch, which does not connect to private or loopback addresses.
 *
 * The one exception is the development receiver at a literal http://127.0.0.1:PORT,
 * admitted only with WEBHOOK_ALLOW_LOCAL_HTTP and ENVIRONMENT=development: a literal
 * address is not resolved, so it cannot be rebound, and the egress would refuse it.
 */
export function deliveryFetch(env: Env, url: string): DeliveryFetch {
  if (localReceiverAllowed(env) && isLocalDevReceiver(url)) return (u, init) => fetch(u, init);
  const egress = env.WEBHOOK_EGRESS;
  if (egress) return (u, init) => egress.fetch(u, init);
  return (u, init) => fetch(u, init);
}
