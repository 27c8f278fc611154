// The förvaltningsberättelse of a K2 annual report (ÅRL 6 kap 1 §): the flerårsöversikt,
// the förändring av eget kapital and the resultatdisposition.
import Big from "big.js";
import { fromOre } from "../../money";
import { inRanges, UNTAXED_EQUITY_SHARE } from "./k2-lines";

import { AnnualReportRefusal, type Fact, type YearBooks, balansCtx, fact, periodCtx } from "./facts";
import { type BalanceFigures, balanceFigures, incomeFigures } from "./statements";

/**
 * Soliditet, the third key figure of K2's flerårsöversikt (BFNAR 2016:10 punkt 5.5: "justerat
 * eget kapital i procent av balansomslutning"), justerat eget kapital being eget kapital +
 * (1 - the tax rate) × the untaxed reserves: (eget kapital + 79.4 % of the untaxed
 * reserves, 20.6 % being IL 65 kap 10 §'s rate) / total assets, in percent,
 * rounded to a whole percent (half up). Null when the balance sheet is empty.
 */
export function soliditetPercent(equityOre: number, untaxedOre: number, assetsOre: number): number | null {
  if (assetsOre === 0) return null;
  const adjusted = new Big(untaxedOre).times(UNTAXED_EQUITY_SHARE).plus(equityOre);
  return Number(adjusted.times(100).div(assetsOre).round(0, Big.roundHalfUp).toString());
}

/** Soliditet as printed (37) and as tagged: a pure number, 0.37 (the fact is shown with scale -2). */
const soliditetFact = (percent: number, context: string): Fact => ({
  amount: percent,
  concept: "Soliditet",
  context,
  value: Number(new Big(percent).div(100).toString()),
  unit: "procent",
});

export function multiYearOverview(years: YearBooks[]) {
  return years.map((y, i) => {
    const inc = incomeFigures(y);
    const bal = balanceFigures(y);
    const sol = soliditetPercent(bal.equityOre, bal.untaxedOre, bal.assetsOre);
    return {
      start: y.start,
      end: y.end,
      net_sales: fact(inc.lines.get("net_sales") ?? 0, "Nettoomsattning", periodCtx(i)),
      result_after_financial_items: fact(
        inc.sums.get("result_after_financial_items")!,
        "ResultatEfterFinansiellaPoster",
        periodCtx(i),
      ),
      solidity_percent: sol === null ? null : soliditetFact(sol, balansCtx(i)),
    };
  });
}

/**
 * BFNAR 2016:10 punkt 5.5: "Varierar nettoomsättningen mer än 30 procent mellan åren ska
 * företaget kommentera detta." The pairs of consecutive years shown whose net sales differ
 * by more than 30 % of the earlier year's (integer öre: 10 × |change| > 3 × |earlier|).
 */
export function netSalesSwings(years: { end: string; netSalesOre: number }[]): { from: string; to: string }[] {
  const out: { from: string; to: string }[] = [];
  for (let i = 0; i + 1 < years.length; i++) {
    const [later, earlier] = [years[i], years[i + 1]];
    if (10 * Math.abs(later.netSalesOre - earlier.netSalesOre) > 3 * Math.abs(earlier.netSalesOre))
      out.push({ from: earlier.end.slice(0, 4), to: later.end.slice(0, 4) });
  }
  return out;
}

const sumRanges = (m: Map<string, number>, ranges: [string, string][]) => {
  let t = 0;
  for (const [a, v] of m) if (inRanges(a, ranges)) t -= v;
  return t;
};

type EquityColumn = "share_capital" | "reserve_fund" | "retained_earnings" | "year_result";
type EquityBalances = Record<EquityColumn, number>;
const EQUITY_RANGES: Record<EquityColumn, [string, string][]> = {
  share_capital: [["2081", "2082"]],
  reserve_fund: [["2086", "2086"]],
  retained_earnings: [["2090", "2098"]],
  year_result: [["2099", "2099"]],
};

/** What moved the equity in the year (öre), from its start and end; refuses what K2's table has no row for. */
export interface EquityMovements {
  open: EquityBalances;
  close: EquityBalances;
  newIssueOre: number;
  carriedOre: number;
  dividendOre: number;
  contributionOre: number;
}

export function equityMovements(cur: YearBooks, prev: BalanceFigures | null, resultOre: number): EquityMovements {
  // the year's start is the previous year's end as its balance sheet shows it (balans1: the same facts), or the
  // opening entry of a first year; an opening entry that already carried the result to 2091 changes nothing here
  const open = Object.fromEntries(
    Object.entries(EQUITY_RANGES).map(([k, r]) => [k, prev ? (prev.lines.get(k) ?? 0) : sumRanges(cur.opening, r)]),
  ) as EquityBalances;
  const bal = balanceFigures(cur);
  const close = {
    share_capital: bal.lines.get("share_capital") ?? 0,
    reserve_fund: bal.lines.get("reserve_fund") ?? 0,
    retained_earnings: bal.lines.get("retained_earnings") ?? 0,
    year_result: bal.lines.get("year_result") ?? 0,
  };
  // share capital paid in during the year (a first year's formation, a new issue) is a nyemission; a reduction
  // of the share capital or a move of the reservfond has no row here and is refused
  const newIssueOre = close.share_capital - open.share_capital;
  const unsupported = (k: "share_capital" | "reserve_fund") =>
    k === "share_capital" ? newIssueOre < 0 : open[k] !== close[k];
  for (const k of ["share_capital", "reserve_fund"] as const)
    if (unsupported(k))
      throw new AnnualReportRefusal("unsupported_equity", {
        column: k,
        opening: fromOre(open[k]),
        closing: fromOre(close[k]),
      });
  // what left 2099 in the year besides this year's result: the previous result carried forward
  const carriedOre = open.year_result - (close.year_result - resultOre);
  const otherOre = close.retained_earnings - open.retained_earnings - carriedOre;
  return {
    open,
    close,
    newIssueOre,
    carriedOre,
    dividendOre: Math.min(otherOre, 0),
    contributionOre: Math.max(otherOre, 0),
  };
}

type EquityCells = Partial<Record<EquityColumn | "total", Fact | null>>;
const equityRow = (key: string, label: string, cells: EquityCells) => ({ key, label, cells });
const total = (o: EquityBalances) => o.share_capital + o.reserve_fund + o.retained_earnings + o.year_result;

/** The rows of the year's movements, each shown only when it is not zero; this year's result always. */
function movementRows(m: EquityMovements, resultOre: number) {
  const p0 = periodCtx(0);
  const rows = [];
  if (m.newIssueOre !== 0)
    rows.push(
      equityRow("new_issue", "Nyemission", {
        share_capital: fact(m.newIssueOre, "ForandringEgetKapitalAktiekapitalNyemission", p0),
        total: fact(m.newIssueOre, "ForandringEgetKapitalTotaltNyemission", p0),
      }),
    );
  if (m.carriedOre !== 0)
    rows.push(
      equityRow("carried_forward", "Balanseras i ny räkning", {
        retained_earnings: fact(m.carriedOre, "ForandringEgetKapitalBalanseratResultatBalanserasNyRakning", p0),
        year_result: fact(-m.carriedOre, "ForandringEgetKapitalAretsResultatBalanserasNyRakning", p0),
      }),
    );
  if (m.dividendOre !== 0)
    rows.push(
      equityRow("dividend", "Utdelning", {
        retained_earnings: fact(m.dividendOre, "ForandringEgetKapitalBalanseratResultatUtdelning", p0),
        total: fact(m.dividendOre, "ForandringEgetKapitalTotaltUtdelning", p0),
      }),
    );
  if (m.contributionOre !== 0)
    rows.push(
      equityRow("shareholder_contribution", "Erhållna aktieägartillskott", {
        retained_earnings: fact(
          m.contributionOre,
          "ForandringEgetKapitalBalanseratResultatErhallnaAktieagartillskott",
          p0,
        ),
        total: fact(m.contributionOre, "ForandringEgetKapitalTotaltErhallnaAktieagartillskott", p0),
      }),
    );
  rows.push(
    equityRow("result", "Årets resultat", {
      year_result: fact(resultOre, "ForandringEgetKapitalAretsResultatAretsResultat", p0),
      total: fact(resultOre, "ForandringEgetKapitalTotaltAretsResultat", p0),
    }),
  );
  return rows;
}

/**
 * Förändring av eget kapital (ÅRL 5 kap 14 §'s change in equity, K2's columns): aktiekapital,
 * reservfond, balanserat resultat and årets resultat at the year's start (the previous
 * year's balance sheet; a first year's opening entry) and end. The previous result carried
 * to balanserat resultat is what left 2099; what else moved balanserat resultat is the
 * dividend paid (a decrease) or an aktieägartillskott received (an increase); this year's
 * result is the income statement's. Aktiekapital paid in during the year is a nyemission (a
 * first year's formation booked as an entry); a reduction of aktiekapital or a move of the
 * reservfond is refused (no row here).
 */
export function equityChanges(cur: YearBooks, prev: BalanceFigures | null, resultOre: number) {
  const m = equityMovements(cur, prev, resultOre);
  const showReserve = m.open.reserve_fund !== 0 || m.close.reserve_fund !== 0;
  const balanceRow = (key: string, label: string, o: EquityBalances, ctx: string) =>
    equityRow(key, label, {
      share_capital: fact(o.share_capital, "Aktiekapital", ctx),
      reserve_fund: showReserve ? fact(o.reserve_fund, "Reservfond", ctx) : null,
      retained_earnings: fact(o.retained_earnings, "BalanseratResultat", ctx),
      year_result: fact(o.year_result, "AretsResultatEgetKapital", ctx),
      total: fact(total(o), "ForandringEgetKapitalTotalt", ctx),
    });
  const rows = [
    balanceRow("opening", "Belopp vid årets ingång", m.open, balansCtx(1)),
    ...movementRows(m, resultOre),
    balanceRow("closing", "Belopp vid årets utgång", m.close, balansCtx(0)),
  ];
  const columns = [
    { key: "share_capital", label: "Aktiekapital" },
    ...(showReserve ? [{ key: "reserve_fund", label: "Reservfond" }] : []),
    { key: "retained_earnings", label: "Balanserat resultat" },
    { key: "year_result", label: "Årets resultat" },
    { key: "total", label: "Totalt" },
  ];
  return { columns, rows, close: m.close };
}

/**
 * Resultatdisposition (ÅRL 6 kap 2 §): the free equity at the year's end at the annual
 * meeting's disposal, and the board's proposal: the dividend asked for, the rest carried
 * forward. A dividend above the free equity is refused (ABL 17 kap 3 §).
 */
export function appropriation(close: { retained_earnings: number; year_result: number }, dividendOre: number) {
  const availableOre = close.retained_earnings + close.year_result;
  if (dividendOre > Math.max(availableOre, 0))
    throw new AnnualReportRefusal("dividend_exceeds_free_equity", {
      dividend: fromOre(dividendOre),
      free_equity: fromOre(availableOre),
    });
  const b0 = balansCtx(0);
  return {
    retained_earnings: fact(close.retained_earnings, "BalanseratResultat", b0),
    year_result: fact(close.year_result, "AretsResultatEgetKapital", b0),
    available: fact(availableOre, "MedelDisponera", b0),
    dividend: dividendOre > 0 ? fact(dividendOre, "ForslagDispositionUtdelning", b0) : null,
    carried_forward: fact(availableOre - dividendOre, "ForslagDispositionBalanserasINyRakning", b0),
    total: fact(availableOre, "ForslagDisposition", b0),
  };
}
