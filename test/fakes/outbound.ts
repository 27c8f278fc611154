// Every outbound fetch of the Worker under test lands here (miniflare's
// outboundService): local fakes of the EU VAT registry, a DNS-over-HTTPS resolver
// and webhook receivers. Nothing leaves the machine.
import { fakeClientGen } from "./client-gen.ts";
import { fakeDns } from "./dns.ts";
import { fakeFxRates } from "./fx-rates.ts";
import { fakeMail } from "./mail.ts";
import { fakeReceiver } from "./receiver.ts";
import { fakeVies } from "./vies.ts";

export async function outbound(request: Request): Promise<Response> {
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
    case "client-gen.test":
      return fakeClientGen(request);
    default:
      return new Response("outbound network is closed in tests", { status: 502 });
  }
}
