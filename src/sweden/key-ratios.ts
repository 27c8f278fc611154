// The key ratios of a flerårsöversikt (ÅRL 6 kap. 1 §; K2 BFNAR 2016:10 punkt 5.3 and K3
// BFNAR 2012:1 punkt 4.2 name nettoomsättning, resultat efter finansiella poster and soliditet)
// and those a bank asks for, by the definitions FAR and Srf konsulterna publish
// ("Nyckeltalsdefinitioner"): soliditet on adjusted equity (equity plus untaxed reserves less
// their deferred tax at the corporate rate of 20.6 %, IL 65 kap. 10 §), kassalikviditet,
// balanslikviditet, rörelsemarginal, vinstmarginal, avkastning på eget kapital and på totalt
// kapital (on the average of the balances at the start and the end). Percent with one decimal,
// computed with big.js from öre; null where the denominator is not above zero. Pure.
import Big from "big.js";

/** The corporate tax rate (IL 65 kap. 10 §) by which untaxed reserves carry deferred tax. */
export const CORPORATE_TAX_RATE = "0.206";

export interface BalanceFigures {
  assetsOre: number;
  equityOre: number;
  untaxedReservesOre: number;
  currentAssetsOre: number;
  inventoriesOre: number;
  currentLiabilitiesOre: number;
}

export interface ResultFigures {
  netSalesOre: number;
  operatingResultOre: number;
  resultAfterFinancialItemsOre: number;
  /** interest costs and the like (BAS 84): added back for the return on total capital */
  financialCostsOre: number;
}

/** Equity plus untaxed reserves less their deferred tax. */
export function adjustedEquityOre(b: BalanceFigures): number {
  const reserves = new Big(b.untaxedReservesOre).times(new Big(1).minus(CORPORATE_TAX_RATE));
  return Number(new Big(b.equityOre).plus(reserves).round(0, Big.roundHalfUp).toFixed(0));
}

const average = (a: number, b: number) => Number(new Big(a).plus(b).div(2).round(0, Big.roundHalfUp).toFixed(0));

function percent(numeratorOre: number, denominatorOre: number): number | null {
  if (denominatorOre <= 0) return null;
  return Number(new Big(numeratorOre).times(100).div(denominatorOre).round(1, Big.roundHalfUp).toFixed(1));
}

export interface KeyRatio {
  key: string;
  name: string;
  formula: string;
  value: number | null;
  numeratorOre: number;
  denominatorOre: number;
}

function ratio(key: string, name: string, formula: string, numeratorOre: number, denominatorOre: number): KeyRatio {
  return { key, name, formula, value: percent(numeratorOre, denominatorOre), numeratorOre, denominatorOre };
}

/** Every key ratio of a range: its result, and the balances at its start and end. */
export function keyRatios(start: BalanceFigures, end: BalanceFigures, r: ResultFigures): KeyRatio[] {
  const adjusted = adjustedEquityOre(end);
  const quick = end.currentAssetsOre - end.inventoriesOre;
  return [
    ratio("equity_ratio", "Soliditet", "justerat eget kapital / balansomslutning", adjusted, end.assetsOre),
    ratio(
      "quick_ratio",
      "Kassalikviditet",
      "(omsättningstillgångar - varulager) / kortfristiga skulder",
      quick,
      end.currentLiabilitiesOre,
    ),
    ratio(
      "current_ratio",
      "Balanslikviditet",
      "omsättningstillgångar / kortfristiga skulder",
      end.currentAssetsOre,
      end.currentLiabilitiesOre,
    ),
    ratio(
      "operating_margin",
      "Rörelsemarginal",
      "rörelseresultat / nettoomsättning",
      r.operatingResultOre,
      r.netSalesOre,
    ),
    ratio(
      "profit_margin",
      "Vinstmarginal",
      "resultat efter finansiella poster / nettoomsättning",
      r.resultAfterFinancialItemsOre,
      r.netSalesOre,
    ),
    ratio(
      "return_on_equity",
      "Avkastning på eget kapital",
      "resultat efter finansiella poster / genomsnittligt justerat eget kapital",
      r.resultAfterFinancialItemsOre,
      average(adjustedEquityOre(start), adjusted),
    ),
    ratio(
      "return_on_assets",
      "Avkastning på totalt kapital",
      "(resultat efter finansiella poster + finansiella kostnader) / genomsnittlig balansomslutning",
      r.resultAfterFinancialItemsOre + r.financialCostsOre,
      average(start.assetsOre, end.assetsOre),
    ),
  ];
}

const movementIn = (
  moves: readonly { account: string; debitOre: number; creditOre: number }[],
  from: string,
  to: string,
) => moves.reduce((s, m) => (m.account >= from && m.account <= to ? s + m.debitOre - m.creditOre : s), 0);

/** The result figures of a range's movements, revenue positive: BAS 30-37, 30-79, 30-87, and 84 (costs positive). */
export function resultFigures(
  moves: readonly { account: string; debitOre: number; creditOre: number }[],
): ResultFigures {
  return {
    netSalesOre: -movementIn(moves, "3000", "3799"),
    operatingResultOre: -movementIn(moves, "3000", "7999"),
    resultAfterFinancialItemsOre: -movementIn(moves, "3000", "8799"),
    financialCostsOre: movementIn(moves, "8400", "8499"),
  };
}
