// The cash-flow statement and the key ratios as the API answers them: kronor out of the öre
// the Swedish rules (src/sweden/cash-flow.ts, key-ratios.ts) computed. No I/O.
import { fromOre } from "../../../money";
import type { cashFlowStatement, CashFlowLine } from "../../../sweden/cash-flow";
import type { KeyRatio, ResultFigures } from "../../../sweden/key-ratios";

const lines = (list: readonly CashFlowLine[]) =>
  list.map((l) => ({ key: l.key, name: l.name, amount: fromOre(l.ore) }));

export function cashFlowJson(cf: ReturnType<typeof cashFlowStatement>) {
  return {
    operating: {
      lines: lines(cf.operating.lines),
      before_working_capital: fromOre(cf.operating.before_working_capital),
      working_capital: lines(cf.operating.working_capital),
      total: fromOre(cf.operating.total),
    },
    investing: { lines: lines(cf.investing.lines), total: fromOre(cf.investing.total) },
    financing: { lines: lines(cf.financing.lines), total: fromOre(cf.financing.total) },
    cash_flow: fromOre(cf.cashFlowOre),
    cash_at_start: fromOre(cf.cashAtStartOre),
    cash_at_end: fromOre(cf.cashAtEndOre),
    cash_change: fromOre(cf.cashChangeOre),
    difference: fromOre(cf.differenceOre),
    reconciled: cf.differenceOre === 0,
  };
}

export function keyRatiosJson(k: { result: ResultFigures; ratios: KeyRatio[] }) {
  return {
    figures: {
      net_sales: fromOre(k.result.netSalesOre),
      operating_result: fromOre(k.result.operatingResultOre),
      result_after_financial_items: fromOre(k.result.resultAfterFinancialItemsOre),
      financial_costs: fromOre(k.result.financialCostsOre),
    },
    ratios: k.ratios.map((r) => ({
      key: r.key,
      name: r.name,
      formula: r.formula,
      percent: r.value,
      numerator: fromOre(r.numeratorOre),
      denominator: fromOre(r.denominatorOre),
    })),
  };
}
