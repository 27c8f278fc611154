// Every outbound fetch of the Worker under test lands here (miniflare's
// outboundService): local fakes of the EU VAT registry, a DNS-over-HTTPS resolver
// webhook receivers and a Peppol access point. Nothing leaves the machine, except to the loopback target of
// rebind.ts: a name whose connection answer is 127.0.0.1 reaches it, as miniflare's
// default network (private addresses allowed) would.
import { fakeAccessPoint } from "./access-point.ts";
import { fakeClientGen } from "./client-gen.ts";
import { fakeDns } from "./dns.ts";
import { fakeFxRates } from "./fx-rates.ts";
import { fakeMail } from "./mail.ts";
import { connectUnrestricted, fakeRebind } from "./rebind.ts";
import { fakeReceiver } from "./receiver.ts";
import { fakeVies } from "./vies.ts";

export async function outbound(request: Request): Promise<Response> {
  const rebound = await connectUnrestricted(request);
  if (rebound) return rebound;
  switch (new URL(request.url).hostname) {
    case "vies.test":
      return fakeVies(request);
    case "dns.test":
      return fakeDns(request);
    case "mail.test":
      return fakeMail(request);
    case "fx.test":
      return fakeFxRates(request);
    case "hooks.test":
      return fakeReceiver(request);
    case "ap.test":
      return fakeAccessPoint(request);
    case "rebind.test":
      return fakeRebind(request);
    case "client-gen.test":
      return fakeClientGen(request);
    default:
      return new Response("outbound network is closed in tests", { status: 502 });
  }
}
