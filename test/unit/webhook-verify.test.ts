// The receiver-side helper shipped in examples/webhook-receiver/verify.mjs.
import { describe, expect, it } from "vitest";
import { verifyWebhook } from "../../examples/webhook-receiver/verify.mjs";
import { signature } from "../../src/domains/webhooks/delivery";

const secret = "whsec_test";
const body = '{"id":"d1","type":"webhook.test"}';
const now = 1_795_000_000_000;
const t = now / 1000;

describe("verifyWebhook", () => {
  it("accepts a fresh, correct signature", async () => {
    const header = `t=${t},v1=${await signature(secret, t, body)}`;
    expect(await verifyWebhook({ secret, signatureHeader: header, rawBody: body, now })).toEqual({
      ok: true,
      timestamp: t,
    });
  });

  it.each([
    [
      "an altered body",
      async () => [`t=${t},v1=${await signature(secret, t, body)}`, body.replace("d1", "d2"), now],
      "bad_signature",
    ],
    [
      "another secret",
      async () => [`t=${t},v1=${await signature("whsec_other", t, body)}`, body, now],
      "bad_signature",
    ],
    [
      "a timestamp older than 5 minutes",
      async () => [`t=${t - 301},v1=${await signature(secret, t - 301, body)}`, body, now],
      "too_old",
    ],
    [
      "a moved timestamp",
      async () => [`t=${t - 10},v1=${await signature(secret, t, body)}`, body, now],
      "bad_signature",
    ],
    ["a missing header", async () => [null, body, now], "missing_header"],
    ["a malformed header", async () => ["v1=abc", body, now], "malformed_header"],
  ])("refuses %s", async (_n, make, reason) => {
    const [header, raw, at] = (await make()) as [string | null, string, number];
    expect(await verifyWebhook({ secret, signatureHeader: header, rawBody: raw, now: at })).toEqual({
      ok: false,
      reason,
    });
  });
});
