// npm start's filter of the local server's output (scripts/dev-output.mjs): the offline
// warnings that are no failures become one note each; real errors pass unchanged. The
// lines are as wrangler 4 and workerd printed them on a machine without network.
import { describe, expect, it } from "vitest";
import { devOutputFilter } from "../../scripts/dev-output.mjs";

const run = (lines: string[]) => {
  const filter = devOutputFilter();
  return lines.flatMap((l) => filter(l));
};

describe("npm start's output filter", () => {
  it("turns the Request.cf warning and its stack into one note, once", () => {
    const warning = [
      "[wrangler:warn] Unable to fetch the `Request.cf` object! Falling back to a default placeholder...",
      "Error: getaddrinfo ENOTFOUND workers.cloudflare.com",
      "    at GetAddrInfoReqWrap.onlookupall [as oncomplete] (node:dns:123:26)",
    ];
    const out = run([
      ...warning,
      "⎔ Starting local server...",
      ...warning,
      "[wrangler:info] Ready on http://127.0.0.1:8787",
    ]);
    expect(out).toHaveLength(3);
    expect(out[0]).toMatch(/^npm start: note: offline/);
    expect(out.slice(1)).toEqual(["⎔ Starting local server...", "[wrangler:info] Ready on http://127.0.0.1:8787"]);
  });

  it("turns workerd's failed host lookup (the offline VIES check) into a note, colours and stack included", () => {
    const out = run([
      "\u001b[31m✘ \u001b[41;31m[\u001b[41;97mERROR\u001b[41;31m]\u001b[0m \u001b[1me = rust/worker/ffi.rs:110: failed: failed to lookup address information: Name or service not known\u001b[0m",
      "",
      "  stack: /node_modules/@cloudflare/workerd-linux-64/bin/workerd@34dcea9; sentryErrorContext = jsgInternalError; wdErrId = 2em158dm88uoibifaheulubb",
      "",
      "",
      "[wrangler:info] POST /api/v1/companies/c/customers 201 Created (43ms)",
    ]);
    expect(out).toHaveLength(2);
    expect(out[0]).toMatch(/^npm start: note: an outbound call found no such host/);
    expect(out[1]).toBe("[wrangler:info] POST /api/v1/companies/c/customers 201 Created (43ms)");
  });

  it("lets real errors and every other line through unchanged", () => {
    const lines = [
      "\u001b[31m✘ \u001b[41;31m[\u001b[41;97mERROR\u001b[41;31m]\u001b[0m Uncaught TypeError: x is not a function",
      "    at handler (src/index.ts:10:5)",
      "job failed; will retry operation.run Error: operation busy",
      "[wrangler:warn] something else",
      "",
    ];
    expect(run(lines)).toEqual(lines);
  });
});
