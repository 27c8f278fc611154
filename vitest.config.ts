import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { fakeVies } from "./test/fakes/vies.ts";

export default defineConfig(async () => {
  const migrations = await readD1Migrations("./migrations");
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
            VIES_BASE_URL: "https://vies.test",
            VIES_TIMEOUT_MS: "300",
            TEST_MIGRATIONS: migrations,
          },
          outboundService: fakeVies,
        },
      }),
    ],
    test: {
      include: ["test/**/*.test.ts"],
      setupFiles: ["./test/setup.ts"],
      testTimeout: 60_000,
      hookTimeout: 60_000,
    },
  };
});
