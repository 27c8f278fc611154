// Local webhook receivers (docs/clients.md): admitted only with both development
// settings, and then only http://127.0.0.1:PORT.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import wranglerToml from "../../wrangler.toml?raw";
import { checkWebhookUrl, isLocalDevReceiver, localReceiverAllowed } from "../../src/domains/webhooks/address";

const dev = { ...env, WEBHOOK_ALLOW_LOCAL_HTTP: "true", ENVIRONMENT: "development" };

describe("local webhook receivers", () => {
  it("are refused by default, with the flag alone, and with the environment alone", async () => {
    for (const e of [
      env,
      { ...env, WEBHOOK_ALLOW_LOCAL_HTTP: "true" },
      { ...env, ENVIRONMENT: "development" },
      { ...env, WEBHOOK_ALLOW_LOCAL_HTTP: "1", ENVIRONMENT: "development" },
      { ...env, WEBHOOK_ALLOW_LOCAL_HTTP: "true", ENVIRONMENT: "production" },
    ]) {
      expect(localReceiverAllowed(e)).toBe(false);
      expect(await checkWebhookUrl(e, "http://127.0.0.1:4000/hooks")).toEqual({ ok: false, reason: "not_https" });
    }
  });

  it("with both settings admit http://127.0.0.1:PORT and nothing else local", async () => {
    expect(localReceiverAllowed(dev)).toBe(true);
    expect(await checkWebhookUrl(dev, "http://127.0.0.1:4000/hooks")).toEqual({ ok: true });
    expect(await checkWebhookUrl(dev, "http://127.0.0.1:65535/")).toEqual({ ok: true });
    const refused: [string, string][] = [
      ["http://127.0.0.1/", "not_https"], // no explicit port
      ["http://127.0.0.2:4000/", "not_https"],
      ["http://localhost:4000/", "not_https"],
      ["http://[::1]:4000/", "not_https"],
      ["http://10.0.0.5:4000/", "not_https"],
      ["http://192.168.1.10:4000/", "not_https"],
      ["http://169.254.169.254:80/", "not_https"],
      ["http://user:pw@127.0.0.1:4000/", "not_https"],
      ["https://127.0.0.1:4000/", "port_not_allowed"],
      ["https://127.0.0.1/", "private_address"],
    ];
    for (const [url, reason] of refused)
      expect((await checkWebhookUrl(dev, url)) as { reason?: string }, url).toMatchObject({ ok: false, reason });
  });

  it("recognises 127.0.0.1 however the URL parser spells it, and only with a port", () => {
    expect(isLocalDevReceiver("http://127.0.0.1:4000")).toBe(true);
    expect(isLocalDevReceiver("http://2130706433:4000/")).toBe(true); // the WHATWG parser makes it 127.0.0.1
    expect(isLocalDevReceiver("http://127.0.0.1:80/")).toBe(false); // the default port is dropped
    expect(isLocalDevReceiver("not a url")).toBe(false);
  });

  it("cannot be switched on by the deployed configuration", () => {
    expect(wranglerToml).not.toMatch(/^\s*ENVIRONMENT\s*=/m);
    expect(wranglerToml).not.toMatch(/^\s*WEBHOOK_ALLOW_LOCAL_HTTP\s*=/m);
    expect(env.ENVIRONMENT).toBeUndefined();
  });
});
