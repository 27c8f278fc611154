// The corporate tax of an aktiebolag's fiscal year (issue #31), booked before the
// year-end's closing entry: the taxable result from the books with the usual adjustments,
// the periodiseringsfond asked for and the mandatory reversal of the old ones, and the tax
// 20.6 %, one entry dated the year's last day. The rules are in src/sweden/corporate-tax.ts;
// the calculation is kept (tax_calculations) for the INK2 files and the annual report.
import Big from "big.js";
import { and, eq } from "drizzle-orm";
import { type Command, writeOf } from "../../../commands/plan";
import type { Database } from "../../../db/client";
import { taxCalculations } from "../../../db/schema";
import { ApiError, fieldError } from "../../../errors/api-error";
import { newId } from "../../../ids";
import type { EngineLine, FiscalPeriodRow } from "../../../ledger/engine";
import { openingBalancesOf, periodAccountTotals } from "../../../ledger/queries";
import { fromOre } from "../../../money";
import { resultOf } from "../../../sweden/bas";
import {
  CORPORATE_TAX_RATE,
  FUND_ALLOCATION_ACCOUNT,
  FUND_REVERSAL_ACCOUNT,
  NON_DEDUCTIBLE_ACCOUNTS,
  TAX_EXPENSE_ACCOUNT,
  TAX_FREE_ACCOUNTS,
  TAX_LIABILITY_ACCOUNT,
  corporateTaxOn,
  fundAccountFor,
  fundMustBeReversed,
  fundYearOf,
  isFundAccount,
  isTaxAccount,
  isYearFundAccount,
  maxPeriodiseringsfond,
  roundTaxableIncome,
  schablonintakt,
} from "../../../sweden/corporate-tax";
import { loadPeriod } from "../periods/commands";

export const CORPORATE_TAX_SOURCE = "corporate_tax";

export interface CorporateTaxInput {
  id: string;
  /** true: the largest fund allowed; a number: that many kronor (at most the largest); absent or false: none */
  periodiseringsfond?: boolean | number;
  /** percent, the statslåneränta at the end of November of the year before (needed when funds are held) */
  statslaneranta?: number;
  /** kronor, the underskott carried from the year before (IL 40 kap), deducted */
  previous_year_loss?: number;
}

export interface CorporateTaxDeps {
  /** the company's entity_type (companies sits above this domain) */
  entityTypeOf: (db: Database, companyId: string) => Promise<string>;
}

type Totals = { account: string; debitOre: number; creditOre: number }[];

/** One line of the calculation: what moves the book result to the taxable one, + adds, - deducts. */
interface Adjustment {
  kind: "non_deductible" | "tax_free" | "schablonintakt" | "previous_year_loss";
  account_number: string | null;
  name: string;
  amount: number;
}

/** The months a period spans (a first year may be up to 18): the schablonintäkt is in proportion to them. */
function monthsOf(period: FiscalPeriodRow): number {
  const [sy, sm] = period.periodStart.split("-").map(Number);
  const [ey, em] = period.periodEnd.split("-").map(Number);
  return ey * 12 + em - (sy * 12 + sm) + 1;
}

/** Net debit per account of the period's movements (the opening entry included: it is how balances start). */
function netDebits(totals: Totals): Map<string, number> {
  const net = new Map<string, number>();
  for (const t of totals) net.set(t.account, (net.get(t.account) ?? 0) + t.debitOre - t.creditOre);
  return net;
}

/** The book result before tax: classes 3-8 less 89xx (the tax itself and the closing accounts). */
function resultBeforeTax(totals: Totals): number {
  return resultOf(totals.filter((t) => !isTaxAccount(t.account))).resultOre;
}

/** Costs the return adds back, and tax-free income it deducts, as found on their BAS accounts. */
function bookAdjustments(net: Map<string, number>): Adjustment[] {
  const out: Adjustment[] = [];
  for (const [account, name] of Object.entries(NON_DEDUCTIBLE_ACCOUNTS)) {
    const ore = net.get(account) ?? 0;
    if (ore !== 0) out.push({ kind: "non_deductible", account_number: account, name, amount: fromOre(ore) });
  }
  for (const [account, name] of Object.entries(TAX_FREE_ACCOUNTS)) {
    const ore = net.get(account) ?? 0;
    if (ore !== 0) out.push({ kind: "tax_free", account_number: account, name, amount: fromOre(ore) });
  }
  return out;
}

/** The funds older than six years, with the credit balance each holds: reversed now, 21xx against 8819. */
function mandatoryReversals(net: Map<string, number>, taxYear: number) {
  const out: { account_number: string; fund_year: number; amountOre: number }[] = [];
  for (const [account, debit] of [...net].sort(([a], [b]) => a.localeCompare(b))) {
    const fundYear = fundYearOf(account, taxYear);
    if (!isYearFundAccount(account) || fundYear === null || -debit <= 0) continue;
    if (fundMustBeReversed(fundYear, taxYear))
      out.push({ account_number: account, fund_year: fundYear, amountOre: -debit });
  }
  return out;
}

/** The funds held at the year's start: the credit balance of 2110-2139 in the opening entry. */
function fundsAtStartOre(opening: Totals): number {
  return opening.filter((o) => isFundAccount(o.account)).reduce((s, o) => s + o.creditOre - o.debitOre, 0);
}

/** The fund asked for, checked against the largest allowed (IL 30 kap 5 §). */
function fundAmountOre(asked: CorporateTaxInput["periodiseringsfond"], maxOre: number): number {
  if (asked === undefined || asked === false) return 0;
  if (asked === true) return maxOre;
  const ore = Number(Big(asked).times(100));
  if (ore > maxOre)
    throw new ApiError("VALIDATION_ERROR", {
      fields: [
        {
          path: "periodiseringsfond",
          message: `at most ${fromOre(maxOre)} (25 % of the surplus before the allocation, IL 30 kap 5 §)`,
        },
      ],
      max_periodiseringsfond: fromOre(maxOre),
    });
  return ore;
}

/** Refusals before anything is computed: an aktiebolag, before its year-end, once per year. */
async function assertTaxable(
  db: Database,
  companyId: string,
  period: FiscalPeriodRow,
  entityType: string,
): Promise<void> {
  if (entityType !== "aktiebolag")
    throw new ApiError(
      "TAX_ENTITY_TYPE_MISMATCH",
      { entity_type: entityType },
      "The corporate tax is calculated for an aktiebolag; a sole trader's figures are at GET .../ne.",
    );
  if (period.closingEntryId || period.isClosed)
    throw new ApiError(
      "TAX_AFTER_YEAR_END",
      { fiscal_period_id: period.id, closing_entry_id: period.closingEntryId, is_closed: period.isClosed },
      "The year-end has run: the tax is booked before the closing entry, which already holds the year's result.",
    );
  const existing = await taxCalculationOf(db, companyId, period.id);
  if (existing)
    throw new ApiError("TAX_ALREADY_CALCULATED", {
      fiscal_period_id: period.id,
      tax_calculation_id: existing.id,
      entry_id: existing.entryId,
    });
}

/** The stored calculation of a period, or null. */
export async function taxCalculationOf(db: Database, companyId: string, periodId: string) {
  return (
    (await db
      .select()
      .from(taxCalculations)
      .where(and(eq(taxCalculations.companyId, companyId), eq(taxCalculations.fiscalPeriodId, periodId)))
      .get()) ?? null
  );
}

/** A credit-or-debit pair of lines, both in öre. */
function pair(debitAccount: string, creditAccount: string, ore: number, text: string): EngineLine[] {
  return [
    { accountNumber: debitAccount, debitOre: ore, creditOre: 0, lineDescription: text },
    { accountNumber: creditAccount, debitOre: 0, creditOre: ore, lineDescription: text },
  ];
}

/**
 * POST .../fiscal-periods/{id}/tax. Rule order: PERIOD_NOT_FOUND > TAX_ENTITY_TYPE_MISMATCH >
 * TAX_AFTER_YEAR_END > TAX_ALREADY_CALCULATED > VALIDATION_ERROR (statslaneranta missing
 * while funds are held; a fund above the largest allowed) > the ledger's rules.
 */
export const calculateCorporateTax = ({ entityTypeOf }: CorporateTaxDeps): Command<CorporateTaxInput> =>
  async function calculateCorporateTax(db, input, ctx) {
    const period = await loadPeriod(db, ctx.companyId, input.id);
    await assertTaxable(db, ctx.companyId, period, await entityTypeOf(db, ctx.companyId));
    const [totals, opening] = await Promise.all([
      periodAccountTotals(db, ctx.companyId, period.id),
      openingBalancesOf(db, ctx.companyId, period.id),
    ]);
    const taxYear = Number(period.periodEnd.slice(0, 4));
    const net = netDebits(totals);

    // the old funds are reversed first: 8819 is part of the result the new fund is measured on
    const reversals = mandatoryReversals(net, taxYear);
    const reversalLines = reversals.flatMap((r) =>
      pair(r.account_number, FUND_REVERSAL_ACCOUNT, r.amountOre, `Återföring periodiseringsfond ${r.fund_year}`),
    );
    const bookResultOre = resultBeforeTax(totals) + reversals.reduce((s, r) => s + r.amountOre, 0);

    const fundsOre = fundsAtStartOre(opening);
    if (fundsOre > 0 && input.statslaneranta === undefined)
      throw fieldError(
        "statslaneranta",
        `required: the company holds ${fromOre(fundsOre)} in periodiseringsfonder at the year's start, ` +
          `whose schablonintäkt uses the statslåneränta of 30 November ${taxYear - 1}`,
      );
    const schablonOre = schablonintakt(fundsOre, String(input.statslaneranta ?? 0), monthsOf(period));
    const previousLossOre = Number(Big(input.previous_year_loss ?? 0).times(100));

    const adjustments = bookAdjustments(net);
    if (schablonOre > 0)
      adjustments.push({
        kind: "schablonintakt",
        account_number: null,
        name: "Schablonintäkt på periodiseringsfonder (IL 30 kap 6 a §)",
        amount: fromOre(schablonOre),
      });
    if (previousLossOre > 0)
      adjustments.push({
        kind: "previous_year_loss",
        account_number: null,
        name: "Underskott från föregående år (IL 40 kap)",
        amount: -fromOre(previousLossOre),
      });
    // non-deductible costs are net debits (+), tax-free income net credits (already negative)
    const adjustmentOre = adjustments.reduce((s, a) => s + Number(Big(a.amount).times(100)), 0);
    const surplusOre = bookResultOre + adjustmentOre;

    const maxFundOre = maxPeriodiseringsfond(surplusOre);
    const fundOre = fundAmountOre(input.periodiseringsfond, maxFundOre);
    const fundAccount = fundAccountFor(taxYear);
    const taxableOre = surplusOre - fundOre;
    const taxableIncomeOre = roundTaxableIncome(taxableOre);
    const taxOre = corporateTaxOn(taxableIncomeOre);

    const lines: EngineLine[] = [
      ...reversalLines,
      ...(fundOre > 0
        ? pair(FUND_ALLOCATION_ACCOUNT, fundAccount, fundOre, `Avsättning periodiseringsfond ${taxYear}`)
        : []),
      ...(taxOre > 0
        ? pair(TAX_EXPENSE_ACCOUNT, TAX_LIABILITY_ACCOUNT, taxOre, `Beräknad inkomstskatt ${period.name}`)
        : []),
    ];
    const entry = lines.length
      ? await ctx.ledger.post({
          date: period.periodEnd,
          description: `Skatt och periodiseringsfond ${period.name}`,
          sourceType: CORPORATE_TAX_SOURCE,
          sourceId: period.id,
          lines,
          yearEnd: true,
        })
      : null;

    const id = newId();
    const calculation = {
      id,
      fiscal_period_id: period.id,
      tax_year: taxYear,
      book_result_before_tax: fromOre(bookResultOre),
      adjustments,
      funds_at_start: fromOre(fundsOre),
      statslaneranta: input.statslaneranta ?? null,
      schablonintakt: fromOre(schablonOre),
      previous_year_loss: fromOre(previousLossOre),
      surplus_before_periodiseringsfond: fromOre(surplusOre),
      periodiseringsfond: {
        max: fromOre(maxFundOre),
        amount: fromOre(fundOre),
        account_number: fundOre > 0 ? fundAccount : null,
      },
      fund_reversals: reversals.map((r) => ({
        account_number: r.account_number,
        fund_year: r.fund_year,
        amount: fromOre(r.amountOre),
      })),
      taxable_result: fromOre(taxableOre),
      taxable_income: fromOre(taxableIncomeOre),
      tax_rate: CORPORATE_TAX_RATE,
      tax: fromOre(taxOre),
      loss_carried_forward: fromOre(taxableOre < 0 ? -taxableOre : 0),
      result_after_tax: fromOre(bookResultOre - fundOre - taxOre),
      entry: entry
        ? {
            id: entry.row.id,
            voucher_series: entry.row.voucherSeries,
            voucher_number: entry.voucherNumber,
            date: period.periodEnd,
            lines: lines.map((l) => ({
              account_number: l.accountNumber,
              debit: fromOre(l.debitOre),
              credit: fromOre(l.creditOre),
              description: l.lineDescription ?? null,
            })),
          }
        : null,
      created_at: ctx.now,
    };
    return {
      status: 201,
      data: calculation,
      statements: [
        ...writeOf(entry),
        db.insert(taxCalculations).values({
          id,
          companyId: ctx.companyId,
          fiscalPeriodId: period.id,
          entryId: entry?.row.id ?? null,
          calculation,
          createdAt: ctx.now,
        }),
      ],
      audit: {
        action: "fiscal_period.corporate_tax",
        resourceType: "fiscal_period",
        resourceId: period.id,
        ...(entry ? { voucher: entry.voucher } : {}),
      },
    };
  };

export type CorporateTaxCalculation = Awaited<ReturnType<ReturnType<typeof calculateCorporateTax>>>["data"];
