// Issue 28: stack traces and readers see the name of every route handler and every
// command. The source rules are in test/architecture.test.ts; this checks what runs: the
// functions the app registers and the command table hold.
import { describe, expect, it } from "vitest";
import { COMMANDS } from "../../src/app/commands";
import { createApp } from "../../src/app/routes";

describe("named functions", () => {
  it("gives every command of the table a name", () => {
    const unnamed = Object.entries(COMMANDS)
      .filter(([, command]) => !command.name)
      .map(([name]) => name);
    expect(unnamed).toEqual([]);
    // a factory-made command is named too (it once returned an anonymous arrow)
    expect(COMMANDS["customers.archive"].name).toBe("archiveCustomer");
    expect(COMMANDS["invoices.reverse_payment"].name).toBe("reverseInvoicePayment");
  });

  it("registers a named handler last on every route of the API", () => {
    const app = createApp();
    // Hono lists each route's middleware and then its handler under the same method and
    // path; the handler is the last one of each group.
    const last = new Map<string, (...args: never[]) => unknown>();
    for (const r of app.routes) if (r.method !== "ALL") last.set(`${r.method} ${r.path}`, r.handler);
    // The OpenAPI document's handler is made by @hono/zod-openapi's doc31, not by this code.
    last.delete("GET /api/v1/openapi.json");
    const unnamed = [...last].filter(([, handler]) => !handler.name).map(([route]) => route);
    expect(last.size).toBeGreaterThan(150);
    expect(unnamed).toEqual([]);
  });
});
