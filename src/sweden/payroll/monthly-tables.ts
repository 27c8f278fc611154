// Tabellskatt: the withholding for a month's taxable pay from Skatteverket's monthly tables
// (allmänna tabeller, månadslön). Up to 80 000 kr the table gives an amount per income row
// ("30B"); above it, a percentage of the whole amount ("30%").
//
// Rounding of the percentage rows: tax amounts are stated in whole kronor with the öre dropped
// (skatteförfarandeförordningen 22 kap. 1 §; Skatteverket's ställningstagande 2017-06-08,
// dnr 131 238881-17/111), so income × percent / 100 is truncated to whole kronor.
//
// Adding a year is a data change: generate tax-tables-<year>.ts with scripts/gen-tax-tables.mjs
// and list it in MONTHLY_TABLES below.

import { decodeAmountColumn, decodePercentages, type EncodedMonthlyTables } from "./monthly-table-codec";
import { percentOfKronorTruncated } from "./percent";
import type { TaxColumn } from "./tax-column";
import { MONTHLY_TABLES_2026 } from "./tax-tables-2026";

const MONTHLY_TABLES: Record<number, EncodedMonthlyTables> = {
  2026: MONTHLY_TABLES_2026,
};

/** How the withholding was found, for the payslip's calculation breakdown. */
export type TableWithholdingRule =
  | { kind: "no_taxable_income" }
  | { kind: "table_amount"; year: number; table: number; column: TaxColumn; rowFrom: number; rowTo: number }
  | {
      kind: "table_percent";
      year: number;
      table: number;
      column: TaxColumn;
      rowFrom: number;
      rowTo: number | null;
      percent: number;
    };

export type TableWithholding =
  | { ok: true; taxKronor: number; rule: TableWithholdingRule }
  /** No table for the year, or no such table number that year: the caller's 503 SALARY_RUN_TAX_TABLE_MISSING. */
  | { ok: false; missing: "year" | "table"; year: number; table: number };

/** Years for which monthly tables are bundled. */
export function monthlyTableYears(): number[] {
  return Object.keys(MONTHLY_TABLES).map(Number);
}

const decoded = new Map<string, Int32Array>();

function amountColumn(tables: EncodedMonthlyTables, table: number, column: TaxColumn): Int32Array {
  const key = `${tables.year}/${table}/${column}`;
  let values = decoded.get(key);
  if (!values) {
    values = decodeAmountColumn(tables.amounts[table][column - 1]);
    decoded.set(key, values);
  }
  return values;
}

/** Index of the first row whose upper bound is at or above `income` (binary search). */
function rowIndex(upper: readonly number[], income: number): number {
  let lo = 0;
  let hi = upper.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (upper[mid] >= income) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * Withholding in whole kronor for `monthlyTaxableKronor` (whole kronor; the tables have no öre)
 * under `table` (29–42) and `column` (1–6) of `year`'s monthly tables. Income of 0 or less gives 0.
 */
export function withholdingTax(
  year: number,
  table: number,
  column: TaxColumn,
  monthlyTaxableKronor: number,
): TableWithholding {
  if (!Number.isSafeInteger(monthlyTaxableKronor))
    throw new RangeError(`taxable income must be whole kronor, got ${monthlyTaxableKronor}`);
  if (!Number.isInteger(column) || column < 1 || column > 6)
    throw new RangeError(`tax column must be 1-6, got ${column}`);
  const tables = MONTHLY_TABLES[year];
  if (!tables) return { ok: false, missing: "year", year, table };
  if (!tables.amounts[table]) return { ok: false, missing: "table", year, table };
  if (monthlyTaxableKronor <= 0) return { ok: true, taxKronor: 0, rule: { kind: "no_taxable_income" } };

  const upper = tables.amountRowUpper;
  if (monthlyTaxableKronor <= upper[upper.length - 1]) {
    const i = rowIndex(upper, monthlyTaxableKronor);
    const rowFrom = i === 0 ? 1 : upper[i - 1] + 1;
    const taxKronor = amountColumn(tables, table, column)[i];
    return { ok: true, taxKronor, rule: { kind: "table_amount", year, table, column, rowFrom, rowTo: upper[i] } };
  }

  const rows = tables.percentRows[table];
  let i = rows.length - 1;
  while (i > 0 && rows[i][0] > monthlyTaxableKronor) i--;
  const percent = decodePercentages(rows[i][1])[column - 1];
  const rowTo = i + 1 < rows.length ? rows[i + 1][0] - 1 : null;
  const taxKronor = percentOfKronorTruncated(monthlyTaxableKronor, String(percent));
  return {
    ok: true,
    taxKronor,
    rule: { kind: "table_percent", year, table, column, rowFrom: rows[i][0], rowTo, percent },
  };
}
