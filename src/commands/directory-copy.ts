// The directory keeps a copy of each company's row (docs/databases.md): the gate reads its
// sandbox flag and archiving, the company list its name. The row itself lives in the
// company's home and changes there, in a command's batch; after a batch that wrote it, the
// runner has the companies domain copy it (CommandWiring.copyCompanyRow).
import { writtenTables } from "../writer/company-state";

/** Whether a committed batch wrote the companies table. */
export function wroteCompanyRow(batch: readonly unknown[]): boolean {
  return batch.some((s) => writtenTables(s)?.includes("companies"));
}
