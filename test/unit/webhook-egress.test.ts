// Which connection a delivery is sent on (src/domains/webhooks/egress.ts): the
// public-only WEBHOOK_EGRESS when bound, except for the literal development receiver.
import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { deliveryFetch } from "../../src/domains/webhooks/egress";

/** A stand-in egress that records the URLs it was asked for. */
function recordingEgress() {
  const urls: string[] = [];
  const egress = {
    fetch: async (input: RequestInfo | URL) => {
      urls.push(String(input instanceof Request ? input.url : input));
      return new Response("egress");
    },
  } as unknown as Fetcher;
  return { egress, urls };
}

const dev = { WEBHOOK_ALLOW_LOCAL_HTTP: "true", ENVIRONMENT: "development" };

describe("the connection a delivery is sent on", () => {
  afterEach(() => vi.restoreAllMocks());

  it("sends https deliveries through WEBHOOK_EGRESS when it is bound", async () => {
    const { egress, urls } = recordingEgress();
    const global = vi.spyOn(globalThis, "fetch");
    for (const e of [
      { ...env, WEBHOOK_EGRESS: egress },
      { ...env, ...dev, WEBHOOK_EGRESS: egress },
    ]) {
      const res = await deliveryFetch(e, "https://hooks.example.com/x")("https://hooks.example.com/x", {});
      expect(await res.text()).toBe("egress");
    }
    expect(urls).toEqual(["https://hooks.example.com/x", "https://hooks.example.com/x"]);
    expect(global).not.toHaveBeenCalled();
  });

  it("sends the development receiver (a literal 127.0.0.1, never looked up) with the Worker's own fetch", async () => {
    const { egress, urls } = recordingEgress();
    const global = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response("local"));
    const url = "http://127.0.0.1:4000/hooks";
    const res = await deliveryFetch({ ...env, ...dev, WEBHOOK_EGRESS: egress }, url)(url, {});
    expect(await res.text()).toBe("local");
    expect(global).toHaveBeenCalledOnce();
    expect(urls).toEqual([]);
  });

  it("keeps the development receiver behind the egress without both development settings", async () => {
    const { egress, urls } = recordingEgress();
    const url = "http://127.0.0.1:4000/hooks";
    await deliveryFetch({ ...env, WEBHOOK_ALLOW_LOCAL_HTTP: "true", WEBHOOK_EGRESS: egress }, url)(url, {});
    expect(urls).toEqual([url]);
  });

  it("uses the Worker's own fetch when no egress is bound (a deployed Worker)", async () => {
    const global = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response("platform"));
    const res = await deliveryFetch({ ...env, WEBHOOK_EGRESS: undefined }, "https://hooks.example.com/x")(
      "https://hooks.example.com/x",
      {},
    );
    expect(await res.text()).toBe("platform");
    expect(global).toHaveBeenCalledOnce();
  });
});
