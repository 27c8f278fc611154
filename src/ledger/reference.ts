// What the ledger reads to judge an entry: the company's fiscal periods, its default
// voucher series, its active accounts and its dimensions. Read at most once per
// command (a bulk write of 50 invoices asks the same questions 50 times), and the
// periods and the settings together in one round trip.
//
// These tables are owned by the accounts, fiscal-periods, companies and dimensions
// domains; the ledger is their declared reader (test/architecture.test.ts), because
// the rules of the books are checked here and nowhere else.
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client";
import { accounts, companySettings, dimensionCodes, dimensions, fiscalPeriodLockDates, fiscalPeriods } from "../db/schema";
import { ApiError } from "../http/api-error";

export type FiscalPeriodRow = typeof fiscalPeriods.$inferSelect;
type DimensionRow = typeof dimensions.$inferSelect;
type DimensionCodeRow = typeof dimensionCodes.$inferSelect;

export type DimensionMap = Record<string, string> | null | undefined;

export class BooksReference {
  private periodsAndSeries: Promise<{ periods: FiscalPeriodRow[]; series: string; lockDates: Map<string, string> }> | null = null;
  private activeAccounts = new Map<string, boolean>();
  private dims: Promise<{ dims: DimensionRow[]; codes: DimensionCodeRow[] }> | null = null;

  constructor(
    private readonly db: Database,
    private readonly companyId: string,
  ) {}

  private basics() {
    this.periodsAndSeries ??= this.db
      .batch([
        this.db.select().from(fiscalPeriods).where(eq(fiscalPeriods.companyId, this.companyId)),
        this.db.select({ s: companySettings.defaultVoucherSeries }).from(companySettings).where(eq(companySettings.companyId, this.companyId)),
        this.db.select({ p: fiscalPeriodLockDates.fiscalPeriodId, d: fiscalPeriodLockDates.lockDate }).from(fiscalPeriodLockDates).where(eq(fiscalPeriodLockDates.companyId, this.companyId)),
      ])
      .then(([periods, settings, locks]) => ({ periods, series: settings[0]?.s ?? "A", lockDates: new Map(locks.map((l) => [l.p, l.d])) }));
    return this.periodsAndSeries;
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
    if (!found) throw new ApiError("ENTRY_DATE_OUTSIDE_FISCAL_PERIOD", { entry_date: date }, "No fiscal period of the company covers this date.");
    return found;
  }

  /** ACCOUNTS_NOT_IN_CHART unless every account exists in the chart and is active. */
  async assertAccountsActive(numbers: string[]): Promise<void> {
    const unknown = [...new Set(numbers)].filter((n) => !this.activeAccounts.has(n));
    if (unknown.length) {
      const found = await this.db
        .select({ number: accounts.number })
        .from(accounts)
        // D1 binds at most 100 parameters: many accounts (an imported year) read the whole active chart instead
        .where(and(eq(accounts.companyId, this.companyId), ...(unknown.length <= 90 ? [inArray(accounts.number, unknown)] : []), eq(accounts.isActive, true)))
        .all();
      const active = new Set(found.map((a) => a.number));
      for (const n of unknown) this.activeAccounts.set(n, active.has(n));
    }
    const missing = [...new Set(numbers)].filter((n) => !this.activeAccounts.get(n)).sort();
    if (missing.length) throw new ApiError("ACCOUNTS_NOT_IN_CHART", { accounts: missing });
  }

  /** DIMENSION_VALIDATION_FAILED unless every { dimension: code } exists (and is not archived). */
  async assertDimensionsUsable(maps: DimensionMap[], allowArchived = false): Promise<void> {
    const wanted = new Map<string, { dimension: string; code: string }>();
    for (const m of maps) for (const [dimension, code] of Object.entries(m ?? {})) wanted.set(`${dimension}\u0000${code}`, { dimension, code });
    if (!wanted.size) return;
    this.dims ??= this.db
      .batch([this.db.select().from(dimensions).where(eq(dimensions.companyId, this.companyId)), this.db.select().from(dimensionCodes).where(eq(dimensionCodes.companyId, this.companyId))])
      .then(([dims, codes]) => ({ dims, codes }));
    const { dims, codes } = await this.dims;
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
