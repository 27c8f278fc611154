// Rules of the architecture, enforced on the source text (ARCHITECTURE.md:
// "nothing outside src/ledger/ writes journal tables; nothing outside src/http/
// builds an error envelope").
import { describe, expect, it } from "vitest";

const sources = import.meta.glob(["../src/**/*.ts", "../durable-objects/**/*.ts"], { query: "?raw", import: "default", eager: true }) as Record<string, string>;
const files = Object.entries(sources).map(([path, text]) => ({ path: path.replace(/^\.\.\//, ""), text }));

describe("architecture", () => {
  it("reads the source tree", () => {
    expect(files.length).toBeGreaterThan(20);
    expect(files.some((f) => f.path === "src/ledger/engine.ts")).toBe(true);
  });

  it("lets only src/ledger write journal entries, lines and balances", () => {
    const writes = /\b(insert|update|delete)\((journalEntries|journalLines|accountBalances)\b|\b(INSERT INTO|UPDATE|DELETE FROM)\s+(journal_entries|journal_lines|account_balances)\b/;
    const offenders = files.filter((f) => !f.path.startsWith("src/ledger/") && writes.test(f.text)).map((f) => f.path);
    expect(offenders).toEqual([]);
  });

  it("builds error envelopes only in src/http", () => {
    const offenders = files
      .filter((f) => !f.path.startsWith("src/http/") && /\berrorBody\(|message_en:|recovery_hint:/.test(f.text))
      .map((f) => f.path);
    expect(offenders).toEqual([]);
  });

  it("keeps Swedish rules free of I/O", () => {
    const io = /from "(drizzle-orm|hono|cloudflare:[a-z]+)|\.\.\/db\/|fetch\(/;
    expect(files.filter((f) => f.path.startsWith("src/sweden/") && io.test(f.text)).map((f) => f.path)).toEqual([]);
  });

  it("never stores money as REAL or sums it in floating point columns", () => {
    const schema = files.find((f) => f.path === "src/db/schema.ts")!.text;
    expect(schema).not.toMatch(/\breal\(/);
  });
});
