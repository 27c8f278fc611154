import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { defineConfig } from "vitest/config";
import { WEBHOOK_EGRESS_NETWORK } from "./scripts/webhook-egress.mjs";
import { outbound } from "./test/fakes/outbound.ts";

/** Test files that need a fresh isolate and fresh storage of their own (see `projects` below). */
const ISOLATED = [
  "test/integration/many-databases.test.ts",
  "test/integration/outbox-retention.test.ts",
  "test/integration/read-session.test.ts",
];

export default defineConfig(async () => {
  const migrations = await readD1Migrations("./migrations");
  // SIE fixtures travel to the tests as base64: they are CP437 and must stay byte for byte.
  const sieFixtures = Object.fromEntries(
    readdirSync("./test/fixtures/sie")
      .filter((f) => /\.(se|si)$/i.test(f))
      .map((f) => [f, readFileSync(`./test/fixtures/sie/${f}`).toString("base64")]),
  );
  // Bank statement fixtures (camt, BgMax, CSV exports) travel the same way: their
  // encodings (ISO-8859-1, UTF-16, Windows-1252) are part of what is tested.
  const bankFixtures = existsSync("./test/fixtures/bank")
    ? Object.fromEntries(
        readdirSync("./test/fixtures/bank").map((f) => [
          f,
          readFileSync(`./test/fixtures/bank/${f}`).toString("base64"),
        ]),
      )
    : {};
  // PDF fixtures of supplier invoices and receipts made by several programs (test/fixtures/pdf/README.md).
  const pdfFixtures = Object.fromEntries(
    readdirSync("./test/fixtures/pdf")
      .filter((f) => f.endsWith(".pdf"))
      .map((f) => [f, readFileSync(`./test/fixtures/pdf/${f}`).toString("base64")]),
  );
  // Skatteverket's published withholding tables (a copy of ../shared/data/tax, SHA-256 in its SOURCES.md), to check the generated module row by row.
  const taxTables = {
    "2026": readFileSync("./test/fixtures/tax/skatteverket_allmanna-tabeller-manad_2026.txt", "utf8"),
  };
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: {
            ADMIN_TOKEN: "test-admin-token",
            CURSOR_SECRET: "test-cursor-secret",
            // a 32-byte test key; never a production key
            PII_ENCRYPTION_KEY: "dGVzdC1rZXktZm9yLXBpaS1lbmNyeXB0aW9uLTMyYnk=",
            DOCUMENT_URL_SECRET: "test-document-url-secret",
            PUBLIC_BASE_URL: "https://api.bokforing.test",
            VIES_BASE_URL: "https://vies.test",
            VIES_TIMEOUT_MS: "300",
            FX_RATES_BASE_URL: "https://fx.test/swea/v1",
            EMAIL_API_URL: "https://mail.test/send",
            EMAIL_API_TOKEN: "test-mail-token",
            EMAIL_FROM: "faktura@bokforing.test",
            DNS_RESOLVER_URL: "https://dns.test/dns-query",
            WEBHOOK_TIMEOUT_MS: "500",
            // a moved company's old rows are deleted at once here (default 90 s; src/writer/move.ts)
            MOVE_CLEANUP_GRACE_SECONDS: "0",
            // ...and every move runs in many small steps (default pages of 2 000 rows, 200 queries a step),
            // so that the tests walk the step-by-step path: its cursors, its resumption, writes between steps
            MOVE_CHUNK_ROWS: "25",
            MOVE_STEP_QUERIES: "40",
            TEST_MIGRATIONS: migrations,
            TEST_SIE_FIXTURES: sieFixtures,
            TEST_BANK_FIXTURES: bankFixtures,
            TEST_PDF_FIXTURES: pdfFixtures,
            TEST_TAX_TABLES: taxTables,
          },
          // A second, empty database beside wrangler.toml's DB: test/integration/company-rows.test.ts
          // migrates it and moves a company's rows into it (issue #33: a company's books on another database).
          d1Databases: { TEST_TARGET_DB: "test-target" },
          outboundService: outbound,
          // Webhook deliveries connect through WEBHOOK_EGRESS (src/domains/webhooks/egress.ts):
          // here a small Worker that puts the fakes behind the same public-only network
          // npm start binds (test/fakes/egress-worker.js).
          serviceBindings: { WEBHOOK_EGRESS: "webhook-egress" },
          workers: [
            {
              name: "webhook-egress",
              modules: true,
              scriptPath: "./test/fakes/egress-worker.js",
              compatibilityDate: "2026-10-01",
              serviceBindings: { PUBLIC_NETWORK: { network: WEBHOOK_EGRESS_NETWORK } },
              outboundService: outbound,
            },
          ],
        },
      }),
    ],
    test: {
      setupFiles: ["./test/setup.ts"],
      // Two projects. "shared": the test files of one worker share its module graph (the
      // Worker's source and its libraries, loaded once) and its storage: loading that graph
      // anew for every file was four fifths of the suite's time (issue #42: 1 046 s of setup
      // against 244 s of tests). Every test makes its own user and company, and the migrations
      // are applied once per database (applyD1Migrations skips what it has applied).
      // "isolated": the files that test what a whole isolate or a whole database holds (the
      // migrated-database cache, an unmigrated database, sweeps over every company of a
      // database) start from a fresh module graph and fresh storage, as before.
      projects: [
        { extends: true, test: { name: "shared", isolate: false, include: ["test/**/*.test.ts"], exclude: ISOLATED } },
        { extends: true, test: { name: "isolated", isolate: true, include: ISOLATED } },
      ],
      // Node-side: validates the ROT/RUT claim files against Skatteverket's XSD (xmllint-wasm cannot run in workerd).
      globalSetup: ["./test/rotrut-xsd.global-setup.ts"],
      testTimeout: 60_000,
      // fontoxpath (the Peppol validator's XPath engine) imports prsc, whose module exports a
      // function named `then`: the test runner awaits each module it loads, so the namespace is
      // taken for a promise and the import never settles. Pre-bundling fontoxpath with its
      // dependencies keeps prsc inside one module. (wrangler's bundle for the Worker has no such step.)
      deps: { optimizer: { ssr: { enabled: true, include: ["fontoxpath"] } } },
      hookTimeout: 60_000,
    },
  };
});
