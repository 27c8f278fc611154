// MCP at /mcp, driven by the SDK's own Client over Streamable HTTP against the Worker
// (SELF.fetch is the transport's fetch). The tools are the API's operations.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { SELF } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { toolName } from "../../src/mcp/tools";
import { BASE, call, companyFixture, newKey, saleLines, line } from "../helpers";
import { booksDb } from "../books";

const f = companyFixture();
const open: Client[] = [];

async function connect(key: string) {
  const transport = new StreamableHTTPClientTransport(new URL(`${BASE}/mcp`), {
    fetch: (url, init) => SELF.fetch(url.toString(), init),
    requestInit: { headers: { Authorization: `Bearer ${key}` } },
  });
  const client = new Client({ name: "mcp-test", version: "1.0.0" });
  await client.connect(transport);
  open.push(client);
  return client;
}
afterEach(async () => {
  for (const c of open.splice(0)) await c.close();
});

const text = (result: any) => result.content.map((c: any) => c.text).join("");
const json = (result: any) => JSON.parse(text(result));
const entriesOf = async (companyId: string) =>
  (await booksDb
    .prepare("SELECT count(*) AS n FROM journal_entries WHERE company_id = ?")
    .bind(companyId)
    .first<{ n: number }>())!.n;

describe("MCP at /mcp", () => {
  it("refuses a request without a valid key, with the API's error", async () => {
    const res = await SELF.fetch(`${BASE}/mcp`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as any).error.code).toBe("UNAUTHORIZED");
    const get = await SELF.fetch(`${BASE}/mcp`, { headers: { Authorization: `Bearer ${f.actor.key}` } });
    expect(get.status).toBe(405);
  });

  it("lists every /api/v1 operation of the OpenAPI document as one tool, with its schema and description", async () => {
    const doc = (await call("GET", "/api/v1/openapi.json")).body;
    const operations = Object.entries(doc.paths as Record<string, Record<string, any>>)
      .filter(([path]) => path.startsWith("/api/v1/"))
      .flatMap(([path, item]) =>
        Object.entries(item)
          // the account's own routes answer only to a session, and are no tools (docs/sign-in-and-oauth.md)
          .filter(([, op]) => !op.tags?.includes("Account"))
          .map(([method, op]) => ({ name: toolName(method, path), method, path, op })),
      );
    const client = await connect(f.actor.key);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(operations.map((o) => o.name).sort());
    expect(new Set(tools.map((t) => t.name)).size).toBe(tools.length);
    for (const o of operations) {
      const tool = tools.find((t) => t.name === o.name)!;
      expect(tool.description).toContain(o.op.summary);
      expect(tool.description).toContain(`${o.method.toUpperCase()} ${o.path}`);
      for (const p of o.op.parameters ?? []) if (p.in === "path") expect(tool.inputSchema.required).toContain(p.name);
      expect(Boolean(tool.inputSchema.properties?.dry_run)).toBe(
        (o.op.parameters ?? []).some((p: any) => p.name === "x-dry-run"),
      );
      // a read is read-only, a POST that only reads (a search) too: the document's x-writes
      expect(tool.annotations?.readOnlyHint).toBe(!(o.op as { "x-writes"?: boolean })["x-writes"]);
    }
    const post = tools.find((t) => t.name === "post_journal_entries")!;
    const body = post.inputSchema.properties!.body as any;
    expect(body.required).toEqual(expect.arrayContaining(["fiscal_period_id", "entry_date", "lines"]));
    expect(body.properties.lines.items.properties.account_number.type).toBe("string"); // $refs inlined
    expect(JSON.stringify(post.inputSchema)).not.toContain("$ref");
    expect(post.inputSchema.properties).toHaveProperty("idempotency_key");
    expect(tools.find((t) => t.name === "post_documents")!.inputSchema.properties!.body).toMatchObject({
      properties: { file: { required: ["filename", "content_type", "content_base64"] } },
    });
  });

  it("calls a read through the API with the caller's key", async () => {
    const client = await connect(f.actor.key);
    const company = json(
      await client.callTool({ name: "get_companies_company_id", arguments: { companyId: f.companyId } }),
    );
    expect(company.data).toMatchObject({ id: f.companyId, name: "Testbolaget AB", org_number: "556016-0680" });
    const accounts = json(
      await client.callTool({ name: "get_accounts", arguments: { companyId: f.companyId, limit: 5 } }),
    );
    expect(accounts.data).toHaveLength(5);
    expect(accounts.meta.next_cursor).toEqual(expect.any(String));
    const missing = await client.callTool({
      name: "get_companies_company_id",
      arguments: { companyId: "00000000-0000-4000-8000-000000000000" },
    });
    expect(missing.isError).toBe(true);
    expect(json(missing).error.code).toBe("NOT_FOUND");
  });

  it("previews a write with dry_run (nothing is stored), then commits it; a refusal is the API's error", async () => {
    const client = await connect(f.actor.key);
    const before = await entriesOf(f.companyId);
    const args = {
      companyId: f.companyId,
      body: {
        fiscal_period_id: f.periodId,
        entry_date: "2026-03-15",
        description: "Kontantförsäljning via MCP",
        lines: saleLines(1000, 250),
      },
    };
    const preview = await client.callTool({ name: "post_journal_entries", arguments: { ...args, dry_run: true } });
    expect(preview.isError).toBe(false);
    expect(json(preview).meta.dry_run).toBe(true);
    expect(json(preview).data).toMatchObject({ status: "draft", description: "Kontantförsäljning via MCP" });
    expect(await entriesOf(f.companyId)).toBe(before);

    const draft = json(await client.callTool({ name: "post_journal_entries", arguments: args })).data;
    expect(await entriesOf(f.companyId)).toBe(before + 1);
    const commitPreview = json(
      await client.callTool({
        name: "post_journal_entries_commit",
        arguments: { companyId: f.companyId, id: draft.id, dry_run: true },
      }),
    );
    expect(commitPreview.meta.dry_run).toBe(true);
    const still = json(
      await client.callTool({ name: "get_journal_entries_id", arguments: { companyId: f.companyId, id: draft.id } }),
    ).data;
    expect(still.status).toBe("draft");
    const committed = json(
      await client.callTool({
        name: "post_journal_entries_commit",
        arguments: { companyId: f.companyId, id: draft.id },
      }),
    );
    expect(committed.data.status).toBe("posted");
    expect(committed.meta.audit.voucher_number).toMatch(/^A\d+$/);

    const unbalanced = await client.callTool({
      name: "post_journal_entries",
      arguments: { ...args, body: { ...args.body, lines: [line("1930", 100, 0), line("3001", 0, 90)] } },
    });
    expect(unbalanced.isError).toBe(true);
    expect(json(unbalanced).error.code).toBe("JOURNAL_ENTRY_NOT_BALANCED");
    expect(await entriesOf(f.companyId)).toBe(before + 1);
  });

  it("repeats a write with the same idempotency_key once", async () => {
    const client = await connect(f.actor.key);
    const before = await entriesOf(f.companyId);
    const args = {
      companyId: f.companyId,
      idempotency_key: `mcp-test-${crypto.randomUUID()}`,
      body: {
        fiscal_period_id: f.periodId,
        entry_date: "2026-03-16",
        description: "Två gånger",
        lines: saleLines(100, 25),
      },
    };
    const a = json(await client.callTool({ name: "post_journal_entries", arguments: args }));
    const b = json(await client.callTool({ name: "post_journal_entries", arguments: args }));
    expect(b.data.id).toBe(a.data.id);
    expect(await entriesOf(f.companyId)).toBe(before + 1);
  });

  it("shows only the tools the key's scopes allow; a call outside them is the API's INSUFFICIENT_SCOPE", async () => {
    const { key } = await newKey(f.actor.userId, { scopes: ["companies:read", "reports:read"] });
    const client = await connect(key);
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toContain("get_journal_entries");
    expect(names).not.toContain("post_journal_entries");
    const refused = await client.callTool({
      name: "post_journal_entries",
      arguments: {
        companyId: f.companyId,
        body: { fiscal_period_id: f.periodId, entry_date: "2026-03-15", description: "x", lines: saleLines() },
      },
    });
    expect(refused.isError).toBe(true);
    expect(json(refused).error).toMatchObject({
      code: "INSUFFICIENT_SCOPE",
      details: { required_scope: "bookkeeping:write" },
    });
  });

  it("shows a read-only key only reads: every tool listed is read-only, none of the writes", async () => {
    const scopes = ["companies:read", "reports:read", "payroll:read", "suppliers:read", "transactions:read"];
    const { key } = await newKey(f.actor.userId, { scopes });
    const tools = (await (await connect(key)).listTools()).tools;
    expect(tools.length).toBeGreaterThan(10);
    // no write but the audited reads (a GET whose download is audited, e.g. a payment file)
    const writes = tools.filter((t) => !t.annotations?.readOnlyHint && !t.name.startsWith("get_"));
    expect(writes.map((t) => t.name)).toEqual([]);
    expect(tools.map((t) => t.name)).not.toContain("post_imports_bank");
    // a POST that only reads (a search) is shown, as read-only
    const search = tools.find((t) => t.name === toolName("post", "/api/v1/companies/{companyId}/employees/search"));
    expect(search?.annotations?.readOnlyHint).toBe(true);
  });

  it("applies the key's unattended commit limit", async () => {
    const { key } = await newKey(f.actor.userId, { limit: 500 });
    const client = await connect(key);
    const draft = json(
      await client.callTool({
        name: "post_journal_entries",
        arguments: {
          companyId: f.companyId,
          body: {
            fiscal_period_id: f.periodId,
            entry_date: "2026-03-17",
            description: "Stor försäljning",
            lines: saleLines(1000, 250),
          },
        },
      }),
    ).data;
    const refused = await client.callTool({
      name: "post_journal_entries_commit",
      arguments: { companyId: f.companyId, id: draft.id },
    });
    expect(refused.isError).toBe(true);
    expect(json(refused).error.code).toBe("UNATTENDED_COMMIT_LIMIT_EXCEEDED");
    expect(
      json(
        await client.callTool({ name: "get_journal_entries_id", arguments: { companyId: f.companyId, id: draft.id } }),
      ).data.status,
    ).toBe("draft");
  });

  it("verifies the chain and runs its backfill as tools (issue #45): a dry run, then the write", async () => {
    const client = await connect(f.actor.key);
    const verify = async () =>
      json(await client.callTool({ name: "get_ledger_verify", arguments: { companyId: f.companyId } })).data;
    expect(await verify()).toMatchObject({ first_mismatch: null, next_after_seq: null });
    const args = { companyId: f.companyId };
    const preview = json(
      await client.callTool({ name: "post_ledger_chain_backfill", arguments: { ...args, dry_run: true } }),
    );
    expect(preview.data).toMatchObject({ done: true });
    const done = json(await client.callTool({ name: "post_ledger_chain_backfill", arguments: args }));
    expect(done.data).toMatchObject({ done: true });
    expect((await verify()).complete).toBe(true);
  });

  it("offers the chart of accounts and the error catalogue as resources", async () => {
    const client = await connect(f.actor.key);
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toEqual(
      expect.arrayContaining(["bokforing://errors", `bokforing://companies/${f.companyId}/accounts`]),
    );
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toContain("bokforing://companies/{companyId}/accounts");
    const chart = JSON.parse(
      (
        (await client.readResource({ uri: `bokforing://companies/${f.companyId}/accounts` })).contents[0] as {
          text: string;
        }
      ).text,
    );
    expect(chart.length).toBeGreaterThan(1000);
    expect(chart.find((a: any) => a.account_number === "1930")).toMatchObject({ account_number: "1930" });
    const errors = JSON.parse(
      ((await client.readResource({ uri: "bokforing://errors" })).contents[0] as { text: string }).text,
    );
    expect(errors.find((e: any) => e.code === "UNATTENDED_COMMIT_LIMIT_EXCEEDED")).toMatchObject({ http_status: 403 });
  });

  it("has prompts for a receipt, the bank and the month's close that name only tools that exist", async () => {
    const client = await connect(f.actor.key);
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name).sort()).toEqual(["book_receipt", "close_month", "reconcile_bank"]);
    const names = new Set((await client.listTools()).tools.map((t) => t.name));
    for (const [name, args, expected] of [
      [
        "book_receipt",
        {
          companyId: f.companyId,
          receipt: "Clas Ohlson 2026-03-04, kontorsmaterial 499 kr inkl. moms 99,80 kr, betalt med företagskortet",
        },
        ["post_journal_entries", "post_documents_link", "post_journal_entries_commit"],
      ],
      [
        "reconcile_bank",
        { companyId: f.companyId, month: "2026-03" },
        [
          "get_transactions",
          "post_transactions_match_invoice",
          "post_transactions_categorize",
          "get_reports_general_ledger",
        ],
      ],
      [
        "close_month",
        { companyId: f.companyId, month: "2026-03" },
        ["get_salary_runs", "get_reports_vat_declaration", "get_reports_continuity_check", "get_reports_trial_balance"],
      ],
    ] as const) {
      const prompt = await client.getPrompt({ name, arguments: args });
      const body = prompt.messages.map((m) => (m.content as { text: string }).text).join("");
      expect(body).toContain(f.companyId);
      const mentioned = [...body.matchAll(/`((?:get|post|patch|delete)_[a-z0-9_]+)`/g)].map((m) => m[1]);
      expect(mentioned).toEqual(expect.arrayContaining([...expected]));
      for (const tool of mentioned) expect(names, `${name} names ${tool}`).toContain(tool);
    }
  });
});
