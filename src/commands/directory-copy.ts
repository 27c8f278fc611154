// The directory keeps a copy of each company's row (src/db/tables/directory.ts): the gate
// reads its sandbox flag and archiving, the company list its name. The row itself lives in
// the company's home and changes there, in a command's batch; after a batch that wrote it,
// the writer copies it to the directory. A copy that fails is logged and made again by the
// next write of the row: the books are not behind it, only the list's name may be.
import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { directory } from "../db/homes";
import { companies } from "../db/schema";
import type { Env } from "../env";
import { writtenTables } from "../writer/company-state";

/** Whether a committed batch wrote the companies table. */
export function wroteCompanyRow(batch: readonly unknown[]): boolean {
  return batch.some((s) => writtenTables(s)?.includes("companies"));
}

/** Copies the company's row from its home to the directory (inserted, or replacing the copy). */
export async function copyCompanyRowToDirectory(env: Env, home: Database, companyId: string): Promise<void> {
  const row = await home.select().from(companies).where(eq(companies.id, companyId)).get();
  if (!row) return;
  const { id: _id, ...rest } = row;
  try {
    await directory(env).insert(companies).values(row).onConflictDoUpdate({ target: companies.id, set: rest });
  } catch (err) {
    console.error("the directory's copy of the company row failed; the next write of it copies again", companyId, err);
  }
}
