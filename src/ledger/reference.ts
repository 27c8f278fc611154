// What the ledger reads to judge an entry: the company's fiscal periods, its default
// voucher series, its active accounts and its dimensions. They are the company's
// slow-changing state (src/writer/company-state.ts): held in the company's writer
// across commands, read from D1 once when missing, and dropped by the writer after any
// batch that writes their tables. Each section below names the tables it is made of.
//
// These tables are owned by the accounts, fiscal-periods, companies and dimensions
// domains; the ledger is their declared reader (test/architecture.test.ts), because
// the rules of the books are checked here and nowhere else.
import { eq } from "drizzle-orm";
import type { StateSection, StateSession } from "../writer/company-state";
import {
  accounts,
  companySettings,
  dimensionCodes,
  dimensions,
  fiscalPeriodLockDates,
  fiscalPeriods,
} from "../db/schema";
import { ApiError } from "../errors/api-error";

export type FiscalPeriodRow = typeof fiscalPeriods.$inferSelect;
type DimensionRow = typeof dimensions.$inferSelect;
type DimensionCodeRow = typeof dimensionCodes.$inferSelect;

export type DimensionMap = Record<string, string> | null | undefined;

/** The periods, their lock dates and the default series: one round trip when missing. */
export const PERIODS_SECTION: StateSection<{
  periods: FiscalPeriodRow[];
  series: string;
  lockDates: Map<string, string>;
}> = {
  name: "ledger.periods",
  tables: ["fiscal_periods", "fiscal_period_lock_dates", "company_settings"],
  reads: (db, companyId) => [
    db.select().from(fiscalPeriods).where(eq(fiscalPeriods.companyId, companyId)),
    db
      .select({ s: companySettings.defaultVoucherSeries })
      .from(companySettings)
      .where(eq(companySettings.companyId, companyId)),
    db
      .select({ p: fiscalPeriodLockDates.fiscalPeriodId, d: fiscalPeriodLockDates.lockDate })
      .from(fiscalPeriodLockDates)
      .where(eq(fiscalPeriodLockDates.companyId, companyId)),
  ],
  build: ([periods, settings, locks]) => ({
    periods: periods as FiscalPeriodRow[],
    series: (settings as { s: string }[])[0]?.s ?? "A",
    lockDates: new Map((locks as { p: string; d: string }[]).map((l) => [l.p, l.d])),
  }),
};

/** The chart: every account number of the company and whether it is active. */
export const CHART_SECTION: StateSection<Map<string, boolean>> = {
  name: "ledger.chart",
  tables: ["accounts"],
  reads: (db, companyId) => [
    db
      .select({ number: accounts.number, active: accounts.isActive })
      .from(accounts)
      .where(eq(accounts.companyId, companyId)),
  ],
  build: ([rows]) => new Map((rows as { number: string; active: boolean }[]).map((a) => [a.number, a.active])),
};

/** The dimensions and their codes. */
export const DIMENSIONS_SECTION: StateSection<{ dims: DimensionRow[]; codes: DimensionCodeRow[] }> = {
  name: "ledger.dimensions",
  tables: ["dimensions", "dimension_codes"],
  reads: (db, companyId) => [
    db.select().from(dimensions).where(eq(dimensions.companyId, companyId)),
    db.select().from(dimensionCodes).where(eq(dimensionCodes.companyId, companyId)),
  ],
  build: ([dims, codes]) => ({ dims: dims as DimensionRow[], codes: codes as DimensionCodeRow[] }),
};

export class BooksReference {
  constructor(private readonly state: StateSession) {}

  private basics() {
    return this.state.get(PERIODS_SECTION);
  }

  /** Every fiscal period of the company. */
  async periods(): Promise<FiscalPeriodRow[]> {
    return (await this.basics()).periods;
  }

  /** The company's default voucher series (setting default_voucher_series, A). */
  async defaultSeries(): Promise<string> {
    return (await this.basics()).series;
  }

  /** The date up to which (inclusive) the period takes no entries although it is not locked as a whole; null when none. */
  async lockDate(periodId: string): Promise<string | null> {
    return (await this.basics()).lockDates.get(periodId) ?? null;
  }

  async period(id: string): Promise<FiscalPeriodRow> {
    const found = (await this.basics()).periods.find((p) => p.id === id);
    if (!found) throw new ApiError("PERIOD_NOT_FOUND", { fiscal_period_id: id });
    return found;
  }

  async periodCovering(date: string): Promise<FiscalPeriodRow> {
    const found = (await this.basics()).periods.find((p) => p.periodStart <= date && p.periodEnd >= date);
    if (!found)
      throw new ApiError(
        "ENTRY_DATE_OUTSIDE_FISCAL_PERIOD",
        { entry_date: date },
        "No fiscal period of the company covers this date.",
      );
    return found;
  }

  /** ACCOUNTS_NOT_IN_CHART unless every account exists in the chart and is active. */
  async assertAccountsActive(numbers: string[]): Promise<void> {
    const chart = await this.state.get(CHART_SECTION);
    const missing = [...new Set(numbers)].filter((n) => !chart.get(n)).sort();
    if (missing.length) throw new ApiError("ACCOUNTS_NOT_IN_CHART", { accounts: missing });
  }

  /** DIMENSION_VALIDATION_FAILED unless every { dimension: code } exists (and is not archived). */
  async assertDimensionsUsable(maps: DimensionMap[], allowArchived = false): Promise<void> {
    const wanted = new Map<string, { dimension: string; code: string }>();
    for (const m of maps)
      for (const [dimension, code] of Object.entries(m ?? {}))
        wanted.set(`${dimension}\u0000${code}`, { dimension, code });
    if (!wanted.size) return;
    const { dims, codes } = await this.state.get(DIMENSIONS_SECTION);
    const invalid: { dimension: string; code: string; reason: string }[] = [];
    for (const { dimension, code } of wanted.values()) {
      const d = dims.find((x) => String(x.dimensionId) === dimension);
      const c = codes.find((x) => String(x.dimensionId) === dimension && x.code === code);
      if (!d) invalid.push({ dimension, code, reason: "unknown_dimension" });
      else if (!c) invalid.push({ dimension, code, reason: "unknown_code" });
      else if (!allowArchived && (d.archivedAt || c.archivedAt)) invalid.push({ dimension, code, reason: "archived" });
    }
    if (invalid.length) throw new ApiError("DIMENSION_VALIDATION_FAILED", { invalid });
  }
}
