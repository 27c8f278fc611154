// npm run client:generate: regenerates clients/typescript/src/schema.d.ts from the
// OpenAPI document exactly as the Worker serves it. The Worker runs in workerd (the
// test runner's pool, so no port and no local database are needed); it serves
// /api/v1/openapi.json, and the Node side of the runner turns it into types with
// openapi-typescript (test/fakes/client-gen.ts) and writes the file.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { envWithNode, projectRoot } from "../../../scripts/node.mjs";

const vitest = join(projectRoot, "node_modules", ".bin", "vitest");
const run = spawnSync(
  vitest,
  ["run", "test/integration/typescript-client.test.ts", "-t", "is what the current OpenAPI document gives"],
  {
    cwd: projectRoot,
    env: envWithNode({ CLIENT_GENERATE: "write" }),
    stdio: "inherit",
  },
);
if (run.status === 0) console.log("wrote clients/typescript/src/schema.d.ts");
process.exit(run.status ?? 1);
