import { applyD1Migrations, env } from "cloudflare:test";

// Every test file starts from the migrated schema (the same SQL wrangler applies).
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
