// A new company's two halves (issue #33, docs/scaling.md "Many databases"): its books start
// in the ledger database it is placed on (the companies.create command, in its writer), then
// the directory learns its home and its owner. In that order: a failure between the two
// leaves books that no one reaches and nothing half-visible; the caller is told it failed.
import { placeCompany, directory } from "../../db/homes";
import { companyHomes, memberships } from "../../db/schema";
import type { Env } from "../../env";

/** Where the next company goes (src/db/homes.ts placeCompany). */
export function placeNewCompany(env: Env): Promise<string> {
  return placeCompany(env);
}

/**
 * The directory's entry of a company whose books were just created: its home, and the
 * creator as its owner, in one batch. The company's row itself was copied there by the
 * writer after the books' batch (src/commands/directory-copy.ts).
 */
export async function enterDirectory(env: Env, companyId: string, home: string, ownerId: string, now: string) {
  const dir = directory(env);
  await dir.batch([
    dir.insert(companyHomes).values({ companyId, database: home, createdAt: now }),
    dir.insert(memberships).values({ companyId, userId: ownerId, role: "owner", createdAt: now }),
  ]);
}
