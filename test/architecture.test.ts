// Rules of the architecture, enforced on the source text (ARCHITECTURE.md and
// docs/architecture.md: "one domain, one door"). A new domain that breaks one fails here.
import { describe, expect, it } from "vitest";

const sources = import.meta.glob(["../src/**/*.ts", "../durable-objects/**/*.ts"], {
  query: "?raw",
  import: "default",
  eager: true,
}) as Record<string, string>;
const files = Object.entries(sources).map(([path, text]) => ({ path: path.replace(/^\.\.\//, ""), text }));

/** The module a file belongs to: "domains/<name>", or the top folder under src ("ledger", "http", ...). */
function moduleOf(path: string): string {
  const m = /^src\/(domains\/[^/]+|[^/]+)/.exec(path);
  return m ? (m[1].endsWith(".ts") ? "src" : m[1]) : "durable-objects";
}

/** Relative imports of a file, resolved to repository paths (without .ts). */
function importsOf(f: { path: string; text: string }): string[] {
  const dir = f.path.split("/").slice(0, -1);
  return [...f.text.matchAll(/(?:import|export)\s[^;]*?from\s+"(\.[^"]+)"/g)].map(([, spec]) => {
    const parts = [...dir];
    for (const seg of spec.split("/")) {
      if (seg === "..") parts.pop();
      else if (seg !== ".") parts.push(seg);
    }
    return parts.join("/").replace(/\.ts$/, "");
  });
}

/**
 * The tables a file writes itself, here and now (not in a plan a runner commits): an
 * awaited insert, update or delete, and those inside a batch the file runs.
 */
function executedWrites(text: string): { verb: string; table: string }[] {
  const writes = (part: string) =>
    [...part.matchAll(/\.(insert|update|delete)\((\w+)\)/g)].map((m) => ({ verb: m[1], table: m[2] }));
  const out = [...text.matchAll(/await\s+[\w.()]*\s*\.(insert|update|delete)\((\w+)\)/g)].map((m) => ({
    verb: m[1],
    table: m[2],
  }));
  for (const m of text.matchAll(/\.batch\(/g)) {
    let depth = 1;
    let i = m.index + m[0].length;
    for (; i < text.length && depth > 0; i++) depth += text[i] === "(" ? 1 : text[i] === ")" ? -1 : 0;
    out.push(...writes(text.slice(m.index, i)));
  }
  return out;
}

/** The file an import names: the module itself, or the folder's index.ts. */
const known = new Set(files.map((f) => f.path.replace(/\.ts$/, "")));
const fileOf = (target: string) =>
  known.has(target) ? target : known.has(`${target}/index`) ? `${target}/index` : null;

/**
 * The layers, bottom-up: a file imports only its own layer and those below it. Rules and
 * the database at the bottom; the vocabulary of a write and the company's state in its
 * writer; the ledger; the command runner; the HTTP pipeline; the domains, and MCP beside
 * them; the composition root (src/app with background work, the Worker, the Durable
 * Objects) on top.
 */
const LAYERS: [RegExp, number][] = [
  // mail: the outbound mail API (src/mail.ts) that invoices, reminders and sign-in links share
  [/^src\/(clock|ids|env|secrets|mail|money|queue|text)$/, 0],
  [/^src\/errors\//, 0],
  [/^src\/(sweden|pdf|db|formats)\//, 1],
  [/^src\/writer\//, 2],
  [/^src\/ledger\//, 3],
  [/^src\/commands\//, 4],
  [/^src\/http\//, 5],
  [/^src\/domains\//, 6],
  [/^src\/mcp\//, 6],
  [/^(src\/app\/|src\/index$|durable-objects\/)/, 7],
];
function layerOf(file: string): number {
  const hit = LAYERS.find(([re]) => re.test(file));
  if (!hit) throw new Error(`${file} belongs to no layer: add its folder to LAYERS`);
  return hit[1];
}

/**
 * Every table has one owner, the only module that writes it. Readers are declared:
 * the ledger reads the reference tables its rules need, reports read the books, the
 * HTTP pipeline reads the tables that authenticate a request.
 */
const TABLES: Record<string, { owner: string; readers?: string[] }> = {
  // who may act: people, their credentials (keys, sessions, OAuth tokens) and sign-in (issue 47)
  users: { owner: "domains/access", readers: ["http", "domains/companies", "domains/admin"] },
  apiKeys: { owner: "domains/access", readers: ["http"] },
  passkeys: { owner: "domains/access" },
  webauthnChallenges: { owner: "domains/access" },
  signInLinks: { owner: "domains/access" },
  signInPending: { owner: "domains/access" },
  signInEvents: { owner: "domains/access" },
  oauthClients: { owner: "domains/access" },
  oauthGrants: { owner: "domains/access" },
  oauthCodes: { owner: "domains/access" },
  oauthRefreshTokens: { owner: "domains/access" },
  memberships: { owner: "domains/companies", readers: ["http", "domains/access"] },
  companies: { owner: "domains/companies", readers: ["http", "domains/admin", "domains/access"] },
  companySettings: { owner: "domains/companies", readers: ["ledger"] },
  basAccounts: { owner: "domains/accounts" },
  accounts: { owner: "domains/accounts", readers: ["ledger", "domains/reports"] },
  fiscalPeriods: { owner: "domains/fiscal-periods", readers: ["ledger", "domains/reports"] },
  journalEntries: { owner: "ledger", readers: ["writer", "domains/journal-entries", "domains/reports"] },
  journalLines: { owner: "ledger", readers: ["writer", "domains/journal-entries", "domains/reports"] },
  accountBalances: { owner: "ledger", readers: ["domains/reports"] },
  // the verifiable ledger (issue #45): written in the batches the ledger's writes make
  ledgerChain: { owner: "ledger" },
  ledgerChainPending: { owner: "ledger" },
  fiscalYearSeals: { owner: "ledger" },
  accountDayBalances: { owner: "ledger", readers: ["domains/reports"] },
  objectDayBalances: { owner: "ledger", readers: ["domains/reports"] },
  journalLineObjects: { owner: "ledger", readers: ["domains/reports"] },
  idempotencyRecords: { owner: "commands", readers: ["jobs"] },
  auditLog: { owner: "commands", readers: ["domains/audit"] },
  outboxEvents: { owner: "commands" },
  customers: { owner: "domains/customers" },
  suppliers: { owner: "domains/suppliers" },
  articles: { owner: "domains/articles" },
  dimensions: { owner: "domains/dimensions", readers: ["ledger", "domains/reports"] },
  dimensionCodes: { owner: "domains/dimensions", readers: ["ledger", "domains/reports"] },
  documents: { owner: "domains/documents" },
  webhooks: { owner: "domains/webhooks" },
  webhookDeliveries: { owner: "domains/webhooks" },
  operations: { owner: "domains/operations" },
  sieImports: { owner: "domains/imports" },
  invoices: { owner: "domains/invoices" },
  invoiceItems: { owner: "domains/invoices" },
  invoicePayments: { owner: "domains/invoices" },
  invoiceReminders: { owner: "domains/invoices" },
  peppolDeliveries: { owner: "domains/invoices" },
  invoiceDeductions: { owner: "domains/invoices" },
  invoiceDeductionBuyers: { owner: "domains/invoices" },
  invoiceDeductionDecisions: { owner: "domains/invoices" },
  rotRutClaims: { owner: "domains/rot-rut" },
  rotRutClaimInvoices: { owner: "domains/rot-rut" },
  vatReturns: { owner: "domains/vat-returns" },
  accruals: { owner: "domains/accruals" },
  budgets: { owner: "domains/budgets" },
  budgetLines: { owner: "domains/budgets" },
  invoiceContracts: { owner: "domains/invoice-contracts" },
  invoiceContractVersions: { owner: "domains/invoice-contracts" },
  invoiceContractPauses: { owner: "domains/invoice-contracts" },
  invoiceContractInvoices: { owner: "domains/invoice-contracts" },
  documentProposals: { owner: "domains/document-reading" },
  fixedAssets: { owner: "domains/fixed-assets" },
  depreciationRuns: { owner: "domains/fixed-assets" },
  fixedAssetDepreciations: { owner: "domains/fixed-assets" },
  taxDepreciations: { owner: "domains/fixed-assets" },
  supplierInvoices: { owner: "domains/supplier-invoices" },
  supplierInvoiceItems: { owner: "domains/supplier-invoices" },
  supplierInvoicePayments: { owner: "domains/supplier-invoices" },
  approvalRules: { owner: "domains/supplier-invoices" },
  supplierInvoiceApprovals: { owner: "domains/supplier-invoices" },
  approvalRequests: { owner: "domains/approvals" },
  approvalSettings: { owner: "domains/approvals" },
  fiscalPeriodLockDates: { owner: "domains/fiscal-periods", readers: ["ledger"] },
  voucherGapExplanations: { owner: "domains/fiscal-periods" },
  currencyRevaluations: { owner: "domains/fiscal-periods" },
  taxCalculations: { owner: "domains/fiscal-periods" },
  annualReports: { owner: "domains/annual-reports" },
  complianceSettings: { owner: "domains/compliance" },
  bankImports: { owner: "domains/bank-transactions" },
  bankImportChunks: { owner: "domains/bank-transactions" },
  bankImportRanges: { owner: "domains/bank-transactions" },
  bankTransactions: { owner: "domains/bank-transactions" },
  bankTemplates: { owner: "domains/bank-transactions" },
  bankRules: { owner: "domains/bank-rules" },
  bankAccounts: { owner: "domains/bank-transactions" },
  employees: { owner: "domains/payroll" },
  salaryRuns: { owner: "domains/payroll" },
  salaryRunEmployees: { owner: "domains/payroll" },
  salaryLineItems: { owner: "domains/payroll" },
  agiDeclarations: { owner: "domains/payroll" },
  agiSpecificationNumbers: { owner: "domains/payroll" },
  salaryAbsenceDays: { owner: "domains/payroll" },
  vacationRecords: { owner: "domains/payroll" },
  payrollOpeningBalances: { owner: "domains/payroll" },
  reconciliationLinks: { owner: "domains/reconciliation" },
  reconciliationSignoffs: { owner: "domains/reconciliation" },
  reconciliationTaxAccountRows: { owner: "domains/reconciliation" },
  paymentBatches: { owner: "domains/payment-batches" },
  paymentBatchLines: { owner: "domains/payment-batches" },
  monthCloseStates: { owner: "domains/month-close" },
  // the directory's own (docs/databases.md): a company's home is recorded beside the homes' rules, moves by the writer
  companyHomes: { owner: "db", readers: ["http", "domains/admin"] },
  mfaChecks: { owner: "http" },
  companyMoves: { owner: "writer" },
};

describe("architecture", () => {
  it("reads the source tree", () => {
    expect(files.length).toBeGreaterThan(20);
    expect(files.some((f) => f.path === "src/ledger/engine.ts")).toBe(true);
  });

  it("gives every domain one public entry, index.ts", () => {
    const domains = new Set(files.filter((f) => f.path.startsWith("src/domains/")).map((f) => moduleOf(f.path)));
    expect([...domains].filter((d) => !files.some((f) => f.path === `src/${d}/index.ts`))).toEqual([]);
  });

  it("lets a domain reach another only through its index.ts", () => {
    const offenders = files.flatMap((f) =>
      importsOf(f)
        .filter((target) => target.startsWith("src/domains/") && moduleOf(target) !== moduleOf(f.path))
        .filter((target) => !/^src\/domains\/[^/]+(\/index)?$/.test(target))
        .map((target) => `${f.path} -> ${target}`),
    );
    expect(offenders).toEqual([]);
  });

  it("places every file in a layer and lets none import a layer above its own", () => {
    const offenders = files.flatMap((f) => {
      const from = f.path.replace(/\.ts$/, "");
      return importsOf(f)
        .map(fileOf)
        .filter((t): t is string => t !== null && layerOf(t) > layerOf(from))
        .map((t) => `${f.path} -> ${t}`);
    });
    expect(offenders).toEqual([]);
  });

  it("lets only the composition root import the domains from outside them (the core names no domain)", () => {
    const offenders = files
      .filter((f) => !f.path.startsWith("src/domains/") && layerOf(f.path.replace(/\.ts$/, "")) < 7)
      .flatMap((f) =>
        importsOf(f)
          .filter((t) => t.startsWith("src/domains/") || t.startsWith("src/app/") || t.startsWith("durable-objects/"))
          .map((t) => `${f.path} -> ${t}`),
      );
    expect(offenders).toEqual([]);
  });

  it("has no import circle at all, between files, type imports included", () => {
    const edges = new Map(
      files.map((f) => [
        f.path.replace(/\.ts$/, ""),
        importsOf(f)
          .map(fileOf)
          .filter((t): t is string => t !== null),
      ]),
    );
    // Tarjan's strongly connected components: any of more than one file is a circle
    let next = 0;
    const index = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const circles: string[][] = [];
    const visit = (v: string) => {
      index.set(v, next);
      low.set(v, next++);
      stack.push(v);
      for (const w of edges.get(v) ?? []) {
        if (!index.has(w)) {
          visit(w);
          low.set(v, Math.min(low.get(v)!, low.get(w)!));
        } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
      if (low.get(v) === index.get(v)) {
        const component: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          component.push(w);
        } while (w !== v);
        if (component.length > 1 || edges.get(v)?.includes(v)) circles.push(component.sort());
      }
    };
    for (const v of edges.keys()) if (!index.has(v)) visit(v);
    expect(circles).toEqual([]);
  });

  it("has no import cycle between domains", () => {
    const edges = new Map<string, Set<string>>();
    for (const f of files.filter((f) => f.path.startsWith("src/domains/"))) {
      const from = moduleOf(f.path);
      for (const t of importsOf(f).filter((t) => t.startsWith("src/domains/") && moduleOf(t) !== from)) {
        edges.set(from, (edges.get(from) ?? new Set()).add(moduleOf(t)));
      }
    }
    const cycles: string[] = [];
    const visit = (node: string, path: string[]) => {
      if (path.includes(node)) return void cycles.push([...path.slice(path.indexOf(node)), node].join(" -> "));
      for (const next of edges.get(node) ?? []) visit(next, [...path, node]);
    };
    for (const node of edges.keys()) visit(node, []);
    expect(cycles).toEqual([]);
  });

  it("lets only a table's owner write it, and only its owner and declared readers touch it", () => {
    const schemaImport = /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*"[./]*db\/schema"/;
    const offenders: string[] = [];
    for (const f of files.filter((f) => f.path.startsWith("src/") && !f.path.startsWith("src/db/"))) {
      const mod = moduleOf(f.path);
      const names = (schemaImport.exec(f.text)?.[1] ?? "")
        .split(",")
        .map((n) => n.trim())
        .filter(Boolean);
      for (const name of names) {
        const table = TABLES[name];
        if (!table) {
          offenders.push(`${f.path}: ${name} has no owner in the map`);
          continue;
        }
        const writes =
          new RegExp(`\\b(insert|update|delete)\\(${name}\\b`).test(f.text) ||
          new RegExp(`insertFromJson\\([^,]+,\\s*${name}\\b`).test(f.text);
        if (writes && table.owner !== mod) offenders.push(`${f.path} writes ${name} (owner ${table.owner})`);
        else if (table.owner !== mod && !(table.readers ?? []).includes(mod))
          offenders.push(`${f.path} reads ${name} (owner ${table.owner})`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it("makes every write outside a command that touches what a company's writer holds tell the writer", () => {
    // What the writer holds (src/writer/company-state.ts sections, src/http/access.ts):
    // a write to these tables outside a command's batch must call forgetInWriter.
    const held = [
      "fiscalPeriods",
      "fiscalPeriodLockDates",
      "companySettings",
      "accounts",
      "dimensions",
      "dimensionCodes",
      "webhooks",
      "journalEntries",
      "journalLines",
      "memberships",
      "companies",
    ];
    const offenders = files
      .filter((f) => !f.path.startsWith("src/commands/") && !f.path.startsWith("src/http/bench-floors"))
      .flatMap((f) =>
        executedWrites(f.text)
          // a new key is held by no writer yet; a revoked or deleted one may be
          .filter(({ verb, table }) => held.includes(table) || (table === "apiKeys" && verb !== "insert"))
          // a command's external step (a membership, src/domains/companies/members/commands.ts) drops the
          // user's access in the writer it runs in, before the writer's next write
          .filter(() => !/forgetInWriter\(|heldAccess\?\.forgetUser\(/.test(f.text))
          .map(({ table }) => `${f.path} writes ${table} outside a command without forgetInWriter`),
      );
    expect(offenders).toEqual([]);
  });

  it("lets only src/ledger write journal entries, lines and balances", () => {
    const writes =
      /\b(insert|update|delete|upsertSums|insertFromJson)\((db, )?(journalEntries|journalLines|accountBalances|accountDayBalances|objectDayBalances|journalLineObjects)\b|\b(INSERT INTO|UPDATE|DELETE FROM)\s+(journal_entries|journal_lines|account_balances|account_day_balances|object_day_balances|journal_line_objects)\b/;
    const offenders = files.filter((f) => !f.path.startsWith("src/ledger/") && writes.test(f.text)).map((f) => f.path);
    expect(offenders).toEqual([]);
  });

  it("builds error envelopes only in src/http, from the texts of the one catalogue", () => {
    const offenders = files
      .filter((f) => !f.path.startsWith("src/http/") && /\berrorBody\(/.test(f.text))
      .concat(
        files.filter(
          (f) =>
            !f.path.startsWith("src/http/") &&
            f.path !== "src/errors/catalogue.ts" &&
            /message_en:|recovery_hint:/.test(f.text),
        ),
      )
      .map((f) => f.path);
    expect(offenders).toEqual([]);
  });

  it("declares every route as a named route and a named handler, and names every command", () => {
    // A route is a named constant (`const createBudget = commandRoute(...)`, `const getRunRoute =
    // defineRoute(...)`) or what a named factory returns (src/http/route-table.ts). A command
    // route's handler is made and named after its command; any other handler is a named
    // `async function getRun(c: HandlerContext<typeof getRunRoute>)`, listed as
    // `handled(getRunRoute, getRun)`. Rooms register through `registerRoutes(app, [...])`, never
    // `app.openapi(...)` one by one. Middleware (`async (c, next) =>`) is not a handler.
    const anonymousHandler = /\basync \(c(: [^)]*)?\) =>|\bhandled\([^;]*?,\s*(async\s*)?(function\s*)?\(/;
    const inlineRoute = /(\.openapi|registerRoutes|handled)\(\s*(app,\s*\[\s*)?(defineRoute|commandRoute)\(/;
    const oneByOne = /\bapp\.openapi\(/;
    // a route declaration stands as a constant's value, a factory's return, or inside withBody()
    const declaration = /^\s*((export )?const \w+ = (withBody\(\s*)?|return |)(defineRoute|commandRoute)\(/;
    // A command made by a factory (it is handed what a higher domain answers) returns a
    // named `async function`; `export const x: Command<I> = async (...) =>` is named by
    // its assignment.
    const anonymousCommand = /\): Command<[^\n]*> =>\s*async \(/;
    const offenders = files.flatMap((f) => {
      const unnamed = f.text
        .split("\n")
        .filter((line) => /\b(defineRoute|commandRoute)\(/.test(line) && !/^\s*(\/\/|\*)/.test(line))
        .filter((line) => !/function (defineRoute|commandRoute)\b/.test(line) && !declaration.test(line))
        .map((line) => `${f.path}: ${line.trim()}`);
      const bad =
        anonymousHandler.test(f.text) ||
        inlineRoute.test(f.text) ||
        anonymousCommand.test(f.text) ||
        (f.path !== "src/http/route-table.ts" && oneByOne.test(f.text));
      return bad ? [f.path, ...unnamed] : unnamed;
    });
    expect(offenders).toEqual([]);
  });

  it("defines the company path parameters and the voucher-series rule once", () => {
    // Routes extend CompanyParams / CompanyItemParams (src/http/params.ts); a series is
    // VoucherSeriesSchema or isVoucherSeries (src/http/fields.ts).
    const ownParams = /z\.object\(\{\s*companyId: z\.string\(\)/;
    const seriesRule = /\/\^\[A-Z\](\{1,?\d?\})?\$\//;
    const offenders = files
      .filter(
        (f) =>
          (f.path !== "src/http/params.ts" && ownParams.test(f.text)) ||
          (f.path !== "src/http/fields.ts" && seriesRule.test(f.text)),
      )
      .map((f) => f.path);
    expect(offenders).toEqual([]);
  });

  it("gives every room the same file names: routes.ts, commands.ts, queries.ts, schemas.ts, rules.ts", () => {
    // issue #42: a room's routes live in its routes.ts (one route layout), its commands in
    // commands.ts (`service.ts` was the old name)
    const domainFiles = files.filter((f) => f.path.startsWith("src/domains/"));
    const oldNames = domainFiles.filter((f) => /\/service\.ts$/.test(f.path)).map((f) => f.path);
    const routesElsewhere = domainFiles
      .filter((f) => /\bdefineRoute\(/.test(f.text) && !/\/routes\.ts$/.test(f.path))
      .map((f) => f.path);
    expect({ oldNames, routesElsewhere }).toEqual({ oldNames: [], routesElsewhere: [] });
  });

  it("keeps a room's rules.ts pure: no database, no network, nothing awaited", () => {
    const io = /from "(drizzle-orm|hono|cloudflare:[a-z]+)[^"]*"|\/db\/client|fetch\(|\bawait\b|\basync\b/;
    const code = (text: string) => text.replace(/^import type .*$/gm, "").replace(/^\s*\/\/.*$/gm, "");
    const impure = files
      .filter((f) => f.path.startsWith("src/domains/") && /\/rules\.ts$/.test(f.path) && io.test(code(f.text)))
      .map((f) => f.path);
    expect(impure).toEqual([]);
  });

  it("keeps Swedish rules free of I/O", () => {
    const io = /from "(drizzle-orm|hono|cloudflare:[a-z]+)|\.\.\/db\/|fetch\(/;
    expect(files.filter((f) => f.path.startsWith("src/sweden/") && io.test(f.text)).map((f) => f.path)).toEqual([]);
  });

  it("demands on every route a scope a key can hold (one of SCOPES)", () => {
    // the API's scopes are the access domain's (keys and OAuth grants are given them)
    const scopes = files.find((f) => f.path === "src/domains/access/scopes.ts")!.text;
    const list = /export const API_SCOPES = \[([^\]]*)\]/.exec(scopes)![1];
    const known = new Set([...list.matchAll(/"([^"]+)"/g)].map((m) => m[1]));
    const unknown = files
      .filter((f) => f.path.startsWith("src/"))
      .flatMap((f) => [...f.text.matchAll(/scope: "([a-z_]+:[a-z_]+)"/g)].map((m) => `${f.path}: ${m[1]}`))
      .filter((hit) => !known.has(hit.split(": ")[1]));
    expect(unknown).toEqual([]);
  });

  it("never stores money as REAL or sums it in floating point columns", () => {
    const schema = files.filter((f) => f.path === "src/db/schema.ts" || f.path.startsWith("src/db/tables/"));
    expect(schema.length).toBeGreaterThan(1);
    for (const f of schema) expect(f.text, f.path).not.toMatch(/\breal\(/);
  });
});
