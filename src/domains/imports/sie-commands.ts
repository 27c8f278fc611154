// The commands a SIE import (sie-import.ts, an operation) submits to the company's
// writer: prepare (the year, the previous year, the chart and the dimensions, in one
// batch before any voucher), post (a chunk of vouchers, all or nothing) and finish.
import { eq } from "drizzle-orm";
import type { Command, PlannedWrite } from "../../commands/plan";
import type { Database } from "../../db/client";
import { sieImports } from "../../db/schema";
import type { ImportedEntry } from "../../ledger/engine";
import { planUnwindImported } from "../../ledger/unwind";
import { planImportedChart, type RenamedAccount } from "../accounts";
import { planImportedDimensions } from "../dimensions";
import { periodHolding, planCloseAsPriorYear, planPeriodForImport, planPriorPeriodForImport } from "../fiscal-periods";
import { assertOperationClaim } from "../operations";
import { invalid } from "./sie-stream";

/** The run a write belongs to: refused once a later run has claimed the operation (issue #41 item 5). */
interface RunClaim {
  operationId?: string;
  attempt?: number;
}

async function assertClaim(db: Database, input: RunClaim) {
  if (input.operationId !== undefined && input.attempt !== undefined)
    await assertOperationClaim(db, input.operationId, input.attempt);
}

export interface SiePrepareInput extends RunClaim {
  importId: string;
  /** #RAR 0, or null for a file without it (SIE 4I): then the year holding the first voucher */
  year: { start: string; end: string } | null;
  /** #RAR -1 when the file's previous year is kept (sie-balances.ts priorYearOf) */
  priorYear: { start: string; end: string } | null;
  firstVoucherDate: string | null;
  chart: Parameters<typeof planImportedChart>[2];
  dimensions: Parameters<typeof planImportedDimensions>[2];
}

/** What the writer settled on for the import (prepareSieImport's data). */
export interface PreparedImport {
  fiscal_period_id: string;
  period_start: string;
  period_end: string;
  periods_created: number;
  accounts_created: number;
  accounts_updated: number;
  accounts_renamed: RenamedAccount[];
  /** accounts whose name in the file differs from the chart's, kept as the chart has them (updateAccountNames false) */
  account_names_kept: number;
  /** the previous year's period to post its figures into, null when it is not kept or already written */
  prior_period_id: string | null;
  dimensions_created: number;
  objects_created: number;
  warnings: string[];
}

/** The year, the chart and the dimensions the file needs, in one batch before any voucher. */
export const prepareSieImport: Command<SiePrepareInput> = async (db, input, ctx) => {
  await assertClaim(db, input);
  const year =
    input.year ??
    (await periodHolding(ctx, input.firstVoucherDate ?? undefined).then((p) =>
      p ? { start: p.periodStart, end: p.periodEnd } : null,
    ));
  if (!year)
    throw invalid("the file has no #RAR 0 and no fiscal period of the company holds its vouchers", {
      first_voucher_date: input.firstVoucherDate,
    });
  const prior = input.priorYear
    ? await planPriorPeriodForImport(db, ctx, input.priorYear, year, input.importId)
    : { period: null, done: false, statements: [], warning: null };
  const { period, statements: periodStatements } = await planPeriodForImport(
    db,
    ctx,
    year,
    input.importId,
    prior.statements.length ? prior.period!.id : undefined,
  );
  const chart = await planImportedChart(db, ctx, input.chart);
  const dims = await planImportedDimensions(db, ctx, input.dimensions);
  return {
    status: 200,
    data: {
      fiscal_period_id: period.id,
      period_start: period.periodStart,
      period_end: period.periodEnd,
      periods_created: periodStatements.length + prior.statements.length,
      accounts_created: chart.created,
      accounts_updated: chart.updated,
      accounts_renamed: chart.renamed,
      account_names_kept: chart.namesKept,
      prior_period_id: prior.period && !prior.done ? prior.period.id : null,
      dimensions_created: dims.dimensionsCreated,
      objects_created: dims.objectsCreated,
      warnings: [...(prior.warning ? [prior.warning] : []), ...chart.warnings],
    } satisfies PreparedImport,
    statements: [...prior.statements, ...periodStatements, ...chart.statements, ...dims.statements],
    audit: { action: "import.sie_prepared", resourceType: "sie_import", resourceId: input.importId },
  };
};

export interface SiePostInput extends RunClaim {
  importId: string;
  periodId: string;
  vouchers: ImportedEntry[];
  /**
   * The previous year's figures (sie-balances.ts priorYearOf): the year is then locked and
   * closed as closed_externally, its year-end having been made in the other program.
   */
  closeAsPriorYear?: boolean;
}

/** One chunk of vouchers under the numbers they carry: all of it or nothing. */
export const postSieVouchers: Command<SiePostInput> = async (db, input, ctx) => {
  await assertClaim(db, input);
  const statements: PlannedWrite[] = [await ctx.ledger.postImported(input.periodId, input.vouchers)];
  if (input.closeAsPriorYear) statements.push(planCloseAsPriorYear(db, ctx, input.periodId));
  return {
    status: 200,
    data: { posted: input.vouchers.length },
    statements,
    audit: { action: "import.sie_vouchers_posted", resourceType: "sie_import", resourceId: input.importId },
  };
};

/** The import's own row: succeeded or failed. */
export const finishSieImport: Command<{ importId: string; status: "succeeded" | "failed" } & RunClaim> = async (
  db,
  input,
) => {
  await assertClaim(db, input);
  return {
    status: 200,
    data: { status: input.status },
    statements: [db.update(sieImports).set({ status: input.status }).where(eq(sieImports.id, input.importId))],
    audit: { action: `import.sie_${input.status}`, resourceType: "sie_import", resourceId: input.importId },
  };
};

/**
 * Up to a chunk of the vouchers an unfinished import wrote, removed with what they added to
 * the balances (src/ledger/unwind.ts); `removed` 0 when none is left. An import that
 * succeeded is never undone this way.
 */
export const rollbackSieVouchers: Command<{ importId: string } & RunClaim> = async (db, input, ctx) => {
  await assertClaim(db, input);
  const imp = await db
    .select({ status: sieImports.status })
    .from(sieImports)
    .where(eq(sieImports.id, input.importId))
    .get();
  const audit = { action: "import.sie_vouchers_removed", resourceType: "sie_import", resourceId: input.importId };
  if (!imp || imp.status === "succeeded")
    return { status: 200, data: { removed: 0 }, statements: [], unchanged: true, audit };
  const plan = await planUnwindImported(db, ctx.companyId, `${input.importId}:`);
  return {
    status: 200,
    data: { removed: plan.removed },
    statements: plan.statements,
    ...(plan.removed === 0 && { unchanged: true }),
    audit,
  };
};
