// Preliminary tax withholding (skatteavdrag) for one payment, whichever way the employee is taxed.
// This is what the salary run calls: it knows the employee's basis (table and column, side income,
// a decision from Skatteverket, SINK, F-skatt) and the month's taxable amounts, and gets back
// whole kronor with the rule that produced them, or a "missing" result it turns into
// 503 SALARY_RUN_TAX_TABLE_MISSING. Every percentage result is truncated to whole kronor
// (skatteförfarandeförordningen 22 kap. 1 §).

import { withholdingTax, type TableWithholdingRule } from "./monthly-tables";
import { oneOffBand } from "./one-off-tables";
import { parsePercent, percentOfKronorTruncated } from "./percent";
import type { TaxColumn } from "./tax-column";
import { withholdingRates } from "./withholding-rates";

export type WithholdingBasis =
  /** Main income: Skatteverket's monthly table (the employee's table number) and the column for the income. */
  | { method: "table"; table: number; column: TaxColumn }
  /** Not the employee's main income (sidoinkomst): a flat 30 %. */
  | { method: "side_income" }
  /**
   * Skatteverket has decided another percentage (jämkning, beslut om särskild beräkningsgrund).
   * `percent` is "0"–"100" with at most two decimals; `decision` identifies the decision.
   */
  | { method: "decided_percent"; percent: string; decision: string }
  /** Skatteverket has decided on särskild inkomstskatt för utomlands bosatta. */
  | { method: "sink" }
  /** The recipient holds F-skatt: the payer withholds nothing (SFL 10 kap.). */
  | { method: "f_skatt" };

export type WithholdingRule =
  | TableWithholdingRule
  | { kind: "flat_percent"; reason: "side_income" | "sink" | "one_off_without_regular_salary"; percent: string }
  | { kind: "decided_percent"; percent: string; decision: string }
  | {
      kind: "one_off_table";
      year: number;
      column: TaxColumn;
      annualIncomeKronor: number;
      bandFrom: number;
      bandTo: number | null;
      percent: number;
    }
  | { kind: "f_skatt" };

export type Withholding =
  | { ok: true; taxKronor: number; rule: WithholdingRule }
  /**
   * The year's data is not bundled (monthly tables, flat rates or the one-off table of the
   * column), or the table number does not exist. The caller's 503 SALARY_RUN_TAX_TABLE_MISSING.
   */
  | { ok: false; missing: "year" | "table" | "one_off_table"; year: number; table?: number; column?: TaxColumn };

function assertWholeKronor(name: string, value: number): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be whole kronor, got ${value}`);
}

function decided(basis: { percent: string; decision: string }): string {
  const percent = parsePercent(basis.percent);
  if (percent === null)
    throw new RangeError(`decided percentage must be 0-100 with at most two decimals, got ${basis.percent}`);
  if (basis.decision.trim() === "") throw new RangeError("a decided percentage needs the decision it comes from");
  return percent;
}

function flat(kronor: number, percent: string, rule: WithholdingRule): Withholding {
  return { ok: true, taxKronor: kronor <= 0 ? 0 : percentOfKronorTruncated(kronor, percent), rule };
}

/** Withholding on the month's regular taxable pay (whole kronor) paid in `year`. */
export function regularWithholding(year: number, basis: WithholdingBasis, taxableKronor: number): Withholding {
  assertWholeKronor("taxable pay", taxableKronor);
  switch (basis.method) {
    case "table":
      return withholdingTax(year, basis.table, basis.column, taxableKronor);
    case "f_skatt":
      return { ok: true, taxKronor: 0, rule: { kind: "f_skatt" } };
    case "decided_percent": {
      const percent = decided(basis);
      return flat(taxableKronor, percent, { kind: "decided_percent", percent, decision: basis.decision });
    }
    case "side_income":
    case "sink": {
      const rates = withholdingRates(year);
      if (!rates) return { ok: false, missing: "year", year };
      const percent = basis.method === "sink" ? rates.sinkPercent : rates.sideIncomePercent;
      return flat(taxableKronor, percent, { kind: "flat_percent", reason: basis.method, percent });
    }
  }
}

export interface OneOffPayment {
  /** The one-off amount (engångsbelopp: bonus, retroactive pay, ...), whole kronor. */
  amountKronor: number;
  /**
   * The employee's expected gross income from this payer for the whole year, including this
   * one-off amount: pay so far this year + expected pay for the rest of the year + one-off amounts
   * + taxable benefits (Skatteverket, "Engångsbelopp"). For a leaver the rest of the year counts
   * only the months up to the end of the employment (regularPayMonthsInYear): issue #40.
   * Used only with the table basis.
   */
  annualIncomeKronor: number;
  /**
   * False when this payer pays the employee no regular, period-based salary: the one-off table
   * does not apply and 30 % is withheld instead.
   */
  regularSalaryFromThisPayer: boolean;
}

/**
 * Withholding on a one-off amount paid in `year`. With the table basis the percentage comes from
 * the year's one-off table for the employee's column; every other basis uses its own flat rate.
 */
export function oneOffWithholding(year: number, basis: WithholdingBasis, payment: OneOffPayment): Withholding {
  assertWholeKronor("one-off amount", payment.amountKronor);
  assertWholeKronor("annual income", payment.annualIncomeKronor);
  if (basis.method !== "table") return regularWithholding(year, basis, payment.amountKronor);
  if (!payment.regularSalaryFromThisPayer) {
    const rates = withholdingRates(year);
    if (!rates) return { ok: false, missing: "year", year };
    return flat(payment.amountKronor, rates.sideIncomePercent, {
      kind: "flat_percent",
      reason: "one_off_without_regular_salary",
      percent: rates.sideIncomePercent,
    });
  }
  const band = oneOffBand(year, basis.column, payment.annualIncomeKronor);
  if (!band.ok)
    return { ok: false, missing: band.missing === "year" ? "year" : "one_off_table", year, column: basis.column };
  return flat(payment.amountKronor, String(band.percent), {
    kind: "one_off_table",
    year,
    column: basis.column,
    annualIncomeKronor: payment.annualIncomeKronor,
    bandFrom: band.bandFrom,
    bandTo: band.bandTo,
    percent: band.percent,
  });
}

/**
 * The months of regular pay, this payment's month included, that the employee can be expected
 * to have from this payer in the year of `payDate` (YYYY-MM-DD): through December, or through the
 * month the employment ends when it ends in that year; 1 (this payment only) when it ended before.
 *
 * Skatteverket ("Engångsbelopp", employer pages; SKV 433 "Skatteavdrag" on engångsbelopp): the
 * one-off percentage is read from the annual income the recipient can be expected to have *from
 * you* (the payer) in the year, the one-off amount included. A leaver has no pay from this payer
 * after the end date, so the months after it are not counted (issue #40: 104 048 kr counted instead
 * of 72 048 kr for an employee leaving in November). FAR's Rätt Lön ("Engångsbelopp/engångsskatt")
 * adds that the income of someone who starts or leaves during the year "bör" be converted to a
 * whole year; that is a recommendation for an estimate, not the payer's figure, and is not applied.
 */
export function regularPayMonthsInYear(payDate: string, employmentEnd: string | null): number {
  const year = Number(payDate.slice(0, 4));
  const month = Number(payDate.slice(5, 7));
  if (!employmentEnd || Number(employmentEnd.slice(0, 4)) > year) return 13 - month;
  if (Number(employmentEnd.slice(0, 4)) < year) return 1;
  return Math.max(1, Number(employmentEnd.slice(5, 7)) - month + 1);
}
