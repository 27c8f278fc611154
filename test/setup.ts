import { applyD1Migrations, env } from "cloudflare:test";
import { homeNames } from "../src/db/homes";

// Every test file starts from the migrated schema (the same SQL wrangler applies), on the
// directory and on each ledger database (wrangler.toml binds three, as npm start runs).
for (const name of homeNames(env)) await applyD1Migrations(env[name as "DIRECTORY"], env.TEST_MIGRATIONS);
