// A resource named by its id alone (/operations/{id}, /webhook-deliveries/{id}) lives in the
// home of its company, which the path does not name: it is looked for in the homes of the
// companies the caller belongs to (usually one database; at most every ledger database),
// and the company it names is then entered as any company path's is (src/http/company-access.ts).
import type { Context } from "hono";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { Database } from "../db/client";
import { bindingOf, directory } from "../db/homes";
import { companyHomes, memberships } from "../db/schema";
import type { AppEnv } from "./context";

/** The homes of the caller's companies, each once. */
async function callerHomes(c: Context<AppEnv>): Promise<string[]> {
  const rows = await directory(c.env)
    .selectDistinct({ database: companyHomes.database })
    .from(memberships)
    .innerJoin(companyHomes, eq(companyHomes.companyId, memberships.companyId))
    .where(eq(memberships.userId, c.get("auth").userId))
    .all();
  return rows.map((r) => r.database);
}

/** The first answer `find` gives in one of the caller's homes, or null. */
export async function findInCallerHomes<T>(
  c: Context<AppEnv>,
  find: (db: Database) => Promise<T | null | undefined>,
): Promise<T | null> {
  for (const home of await callerHomes(c)) {
    const found = await find(drizzle(bindingOf(c.env, home)));
    if (found) return found;
  }
  return null;
}
