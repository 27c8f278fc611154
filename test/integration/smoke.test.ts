import { SELF } from "cloudflare:test";
import { expect, it } from "vitest";

it("health answers without a key", async () => {
  const res = await SELF.fetch("http://x/api/v1/health");
  expect(res.status).toBe(200);
  const body = await res.json<any>();
  expect(body.data.status).toBe("ok");
});
