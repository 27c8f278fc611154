// Currency revaluation at a closing date (ÅRL 4 kap 13 §: monetary items in foreign
// currency are valued at the closing-day rate; BFNAR 2016:10 (K2) 11.3 and 2012:1 (K3)
// 30.10 say the same for receivables and liabilities). Open foreign-currency receivables
// (BAS 1510) and payables (BAS 2440) are re-rated at the Riksbank's rate of the closing
// date (the latest fixing on or before it, as the currency lookup gives it), or at the
// closing rate the caller states in the request (closing_rates); the differences go to
// 3960 (gains) and 7960 (losses) in one entry, and the items' book
// values follow, so a later payment's difference is reckoned from the revalued amount.
import type { CommandContext, VoucherRef, PlannedWrite } from "../../../commands/plan";
import type { Database } from "../../../db/client";
import { currencyRevaluations } from "../../../db/schema";
import type { Env } from "../../../env";
import { ApiError } from "../../../errors/api-error";
import { newId } from "../../../ids";
import type { EngineLine, FiscalPeriodRow } from "../../../ledger/engine";
import { fromOre } from "../../../money";
import { sekRate, type SekRate } from "../../currency";
import { toSekOre } from "../../../sweden/invoicing";
import { and, eq } from "drizzle-orm";

export const FX_GAIN_ACCOUNT = "3960";
export const FX_LOSS_ACCOUNT = "7960";
export const RECEIVABLES_ACCOUNT = "1510";
export const PAYABLES_ACCOUNT = "2440";

/** An open item as its owning domain (invoices, supplier invoices) describes it. */
export interface Revaluable {
  id: string;
  number: string;
  currency: string;
  openOre: number;
  bookedSekOre: number;
}

type BookValue = { id: string; rate: string; deltaSekOre: number };

/** What the two invoice domains answer, handed in by the composition root (they sit above this domain). */
export interface RevaluationSources {
  receivables: (db: Database, companyId: string, asOf: string) => Promise<Revaluable[]>;
  planReceivables: (db: Database, companyId: string, items: BookValue[], now: string) => PlannedWrite[];
  payables: (db: Database, companyId: string, asOf: string) => Promise<Revaluable[]>;
  planPayables: (db: Database, companyId: string, items: BookValue[], now: string) => PlannedWrite[];
}

/** The two lists of open items alone: what readiness needs to know which closing rates the year-end will ask for. */
export type OpenForeignItems = Pick<RevaluationSources, "receivables" | "payables">;

/** Closing rates the caller states (SEK per unit, decimal strings), by currency: used instead of the Riksbank's. */
export type ClosingRates = Record<string, string>;

/** A closing rate and where it came from. */
type ClosingRate = SekRate & { source: "request" | "riksbank" };

/**
 * The closing rate of each currency on `asOf`: the caller's own where given (dated `asOf`),
 * else the Riksbank's latest fixing on or before it. A currency without either is missing.
 */
export async function closingRatesFor(
  env: Env,
  currencies: string[],
  asOf: string,
  given: ClosingRates = {},
): Promise<{ rates: Map<string, ClosingRate>; missing: { currency: string; date: string }[] }> {
  const found = await Promise.all(
    currencies.map(async (currency): Promise<[string, ClosingRate | null]> => {
      const stated = given[currency];
      if (stated !== undefined) return [currency, { currency, rate: stated, date: asOf, source: "request" }];
      const fixing = await sekRate(env, currency, asOf);
      return [currency, fixing ? { ...fixing, source: "riksbank" } : null];
    }),
  );
  const rates = new Map<string, ClosingRate>();
  for (const [currency, rate] of found) if (rate) rates.set(currency, rate);
  const missing = currencies.filter((c) => !rates.has(c)).map((currency) => ({ currency, date: asOf }));
  return { rates, missing };
}

/** The currencies of the items open in another currency than SEK on `asOf`, sorted, with how many items each. */
export async function openCurrencies(
  db: Database,
  companyId: string,
  items: OpenForeignItems,
  asOf: string,
): Promise<Map<string, number>> {
  const [receivables, payables] = await Promise.all([
    items.receivables(db, companyId, asOf),
    items.payables(db, companyId, asOf),
  ]);
  const counts = new Map<string, number>();
  for (const i of [...receivables, ...payables]) counts.set(i.currency, (counts.get(i.currency) ?? 0) + 1);
  return new Map([...counts].sort(([a], [b]) => a.localeCompare(b)));
}

export type RevaluationRow = typeof currencyRevaluations.$inferSelect;

export async function revaluationOf(
  db: Database,
  companyId: string,
  periodId: string,
): Promise<RevaluationRow | undefined> {
  return db
    .select()
    .from(currencyRevaluations)
    .where(and(eq(currencyRevaluations.companyId, companyId), eq(currencyRevaluations.fiscalPeriodId, periodId)))
    .get();
}

export interface PlannedRevaluation {
  statements: PlannedWrite[];
  result: Record<string, unknown>;
  /** the entry's lines, so the year-end counts them in the year's result */
  lines: EngineLine[];
  voucher: VoucherRef | null;
}

/**
 * The revaluation of a period at `asOf`: rates, the entry (none when nothing moves),
 * the items' new book values and the period's revaluation row. FX_CLOSING_RATE_UNAVAILABLE
 * (details.missingRates) when a currency has no rate: nothing is posted from an estimate.
 */
export async function planRevaluation(
  db: Database,
  ctx: CommandContext,
  env: Env,
  sources: RevaluationSources,
  period: FiscalPeriodRow,
  asOf: string,
  given: ClosingRates = {},
): Promise<PlannedRevaluation> {
  const [receivables, payables] = await Promise.all([
    sources.receivables(db, ctx.companyId, asOf),
    sources.payables(db, ctx.companyId, asOf),
  ]);
  const currencies = [...new Set([...receivables, ...payables].map((i) => i.currency))].sort();
  const { rates, missing } = await closingRatesFor(env, currencies, asOf, given);
  if (missing.length)
    throw new ApiError(
      "FX_CLOSING_RATE_UNAVAILABLE",
      { missingRates: missing },
      `No closing rate for ${missing.map((m) => `${m.currency} on ${m.date}`).join(", ")}; state it in the request's closing_rates.`,
    );

  const items: Record<string, unknown>[] = [];
  const lines: EngineLine[] = [];
  let gainOre = 0;
  let lossOre = 0;
  const rebook = (kind: "receivable" | "payable", list: Revaluable[]): BookValue[] =>
    list.map((i) => {
      const rate = rates.get(i.currency)!;
      const revalued = toSekOre(i.openOre, rate.rate);
      const delta = revalued - i.bookedSekOre;
      // a receivable worth more is a gain; a payable owing more is a loss
      const gain = kind === "receivable" ? delta : -delta;
      if (gain > 0) gainOre += gain;
      else lossOre -= gain;
      if (delta !== 0) {
        const account = kind === "receivable" ? RECEIVABLES_ACCOUNT : PAYABLES_ACCOUNT;
        // an asset grows on the debit side, a liability on the credit side
        const debit = kind === "receivable" ? delta > 0 : delta < 0;
        lines.push({
          accountNumber: account,
          debitOre: debit ? Math.abs(delta) : 0,
          creditOre: debit ? 0 : Math.abs(delta),
          lineDescription: `Omvärdering ${i.number} ${i.currency}`.slice(0, 200),
        });
      }
      items.push({
        kind,
        id: i.id,
        number: i.number,
        currency: i.currency,
        open_amount: fromOre(i.openOre),
        closing_rate: Number(rate.rate),
        rate_date: rate.date,
        rate_source: rate.source,
        booked_sek: fromOre(i.bookedSekOre),
        revalued_sek: fromOre(revalued),
        difference: fromOre(gain),
      });
      return { id: i.id, rate: rate.rate, deltaSekOre: delta };
    });
  const receivableValues = rebook("receivable", receivables);
  const payableValues = rebook("payable", payables);
  if (gainOre)
    lines.push({
      accountNumber: FX_GAIN_ACCOUNT,
      debitOre: 0,
      creditOre: gainOre,
      lineDescription: "Valutakursvinster vid omvärdering",
    });
  if (lossOre)
    lines.push({
      accountNumber: FX_LOSS_ACCOUNT,
      debitOre: lossOre,
      creditOre: 0,
      lineDescription: "Valutakursförluster vid omvärdering",
    });

  const id = newId();
  const statements: PlannedWrite[] = [];
  let voucher: VoucherRef | null = null;
  let entryId: string | null = null;
  let voucherLabel: { voucher_series: string | null; voucher_number: number | null } = {
    voucher_series: null,
    voucher_number: null,
  };
  if (lines.length) {
    const entry = await ctx.ledger.post({
      date: asOf,
      description: `Omvärdering av fordringar och skulder i utländsk valuta per ${asOf}`,
      sourceType: "currency_revaluation",
      sourceId: id,
      lines,
      yearEnd: true,
    });
    statements.push(entry.write);
    voucher = entry.voucher;
    entryId = entry.row.id;
    voucherLabel = { voucher_series: entry.row.voucherSeries, voucher_number: entry.voucherNumber };
  }
  statements.push(
    ...sources.planReceivables(db, ctx.companyId, receivableValues, ctx.now),
    ...sources.planPayables(db, ctx.companyId, payableValues, ctx.now),
  );
  const result = {
    revaluation_id: id,
    fiscal_period_id: period.id,
    as_of_date: asOf,
    revaluation_entry_id: entryId,
    ...voucherLabel,
    gain: fromOre(gainOre),
    loss: fromOre(lossOre),
    net: fromOre(gainOre - lossOre),
    items,
  };
  statements.push(
    db.insert(currencyRevaluations).values({
      id,
      companyId: ctx.companyId,
      fiscalPeriodId: period.id,
      asOfDate: asOf,
      revaluationEntryId: entryId,
      result,
      createdAt: ctx.now,
    }),
  );
  return { statements, result, lines, voucher };
}
