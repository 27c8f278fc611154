/// <reference types="vite/client" />
import type { Env as WorkerEnv } from "../src/env";

declare global {
  namespace Cloudflare {
    interface Env extends WorkerEnv {
      TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
      TEST_SIE_FIXTURES: Record<string, string>;
    }
  }
}
