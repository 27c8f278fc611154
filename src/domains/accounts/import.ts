// The chart changes an imported SIE file needs: accounts it names or posts to that
// the company lacks are added (type from #KTYP, else from the BAS class), names are
// taken from the file when asked, and inactive accounts the file posts to are
// activated (with a warning), since the books must hold what the file holds.
import { and, eq } from "drizzle-orm";
import type { CommandContext, Statement } from "../../commands/plan";
import type { Database } from "../../db/client";
import { accounts } from "../../db/schema";
import { accountTypeOf, type AccountType } from "../../sweden/bas";
import { sameCp437Text } from "../../sweden/sie/encoding";

const SIE_TYPE: Record<string, AccountType> = { T: "asset", S: "liability", I: "revenue", K: "expense" };

/** An account the import renamed to the file's name (options.updateAccountNames). */
export interface RenamedAccount {
  account_number: string;
  from: string;
  to: string;
}

export interface ImportedChart {
  /** #KONTO: number -> name */
  names: Record<string, string>;
  /** #KTYP: number -> T, S, I or K */
  types: Record<string, string>;
  /** every account the file posts to (vouchers and opening balances) */
  posted: string[];
  updateNames: boolean;
}

/** A new account's type: the file's (SIE has one type S for both equity and liabilities; BAS 20xx is equity), else BAS's. */
function importedAccountType(number: string, sieType: string | undefined) {
  if (!sieType) return accountTypeOf(number);
  return sieType === "S" && number < "2100" && number >= "2000" ? "equity" : SIE_TYPE[sieType];
}

/**
 * What the file changes of an account the chart has: its name (when names are updated and the
 * file's differs), and its activity (an inactive account the file posts to is activated).
 */
function accountChange(
  existing: { name: string; isActive: boolean },
  name: string | undefined,
  isPosted: boolean,
  updateNames: boolean,
) {
  // a name the file can only spell in CP437 ("–" written "-") is the same name: no rename
  const differs = !!name && !sameCp437Text(name, existing.name);
  const rename = updateNames && differs;
  return { rename, nameKept: differs && !rename, reactivate: !existing.isActive && isPosted };
}

export async function planImportedChart(db: Database, ctx: CommandContext, file: ImportedChart) {
  const chart = new Map(
    (await db.select().from(accounts).where(eq(accounts.companyId, ctx.companyId)).all()).map((a) => [a.number, a]),
  );
  const posted = new Set(file.posted);
  const statements: Statement[] = [];
  const warnings: string[] = [];
  let created = 0;
  let updated = 0;
  let namesKept = 0;
  const renamed: RenamedAccount[] = [];
  for (const number of [...new Set([...Object.keys(file.names), ...posted])].sort()) {
    const name = file.names[number];
    const existing = chart.get(number);
    if (!existing) {
      created++;
      statements.push(
        db.insert(accounts).values({
          companyId: ctx.companyId,
          number,
          name: name || `Konto ${number}`,
          type: importedAccountType(number, file.types[number]),
          isActive: true,
          k2Excluded: false,
          isCustom: true,
          createdAt: ctx.now,
          updatedAt: ctx.now,
        }),
      );
      continue;
    }
    const { rename, nameKept, reactivate } = accountChange(existing, name, posted.has(number), file.updateNames);
    if (nameKept) namesKept++;
    if (rename) renamed.push({ account_number: number, from: existing.name, to: name });
    if (!rename && !reactivate) continue;
    updated++;
    if (reactivate) warnings.push(`account ${number} was inactive and has been activated: the file posts to it`);
    statements.push(
      db
        .update(accounts)
        .set({ ...(rename ? { name } : {}), ...(reactivate ? { isActive: true } : {}), updatedAt: ctx.now })
        .where(and(eq(accounts.companyId, ctx.companyId), eq(accounts.number, number))),
    );
  }
  return { statements, created, updated, warnings, renamed, namesKept };
}
