/// <reference types="vite/client" />
import type { Env as WorkerEnv } from "../src/env";

declare global {
  namespace Cloudflare {
    interface Env extends WorkerEnv {
      TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
      TEST_SIE_FIXTURES: Record<string, string>;
      /** file name -> base64 of test/fixtures/bank/* */
      TEST_BANK_FIXTURES: Record<string, string>;
      /** file name -> base64 of test/fixtures/pdf/*.pdf */
      TEST_PDF_FIXTURES: Record<string, string>;
      /** year -> Skatteverket's allmänna tabeller (månad) file as text */
      TEST_TAX_TABLES: Record<string, string>;
      /** a second database (vitest.config.ts), migrated by the test that uses it */
      TEST_TARGET_DB: D1Database;
    }
  }
}
