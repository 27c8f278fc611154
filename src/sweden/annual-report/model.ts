// The annual report of a K2 aktiebolag as a model (pure): from the books of the year and of
// the years before it (balances per account) and the accountant's inputs, the
// förvaltningsberättelse (ÅRL 6 kap 1 §: verksamheten, flerårsöversikt, förändring av eget
// kapital, resultatdisposition), the income statement and balance sheet with the previous
// year (ÅRL 3 kap 5 §, bilaga 2), the notes K2 asks for (ÅRL 5 kap: Not 1
// principles with the depreciation periods, medelantalet anställda ÅRL 5 kap 18 §, the
// fixed-asset notes ÅRL 5 kap 8 §, ställda säkerheter and eventualförpliktelser ÅRL 5 kap
// 16 §) and the signatures (ÅRL 2 kap 7 §). Every figure is a `Fact`: the amount as printed
// and the taxonomy concept, context and value the inline XBRL tags it with, so the PDF and
// the XBRL cannot show different figures. Amounts are öre inside, kronor in the model.
import Big from "big.js";
import { fromOre } from "../../money";
import { isBalanceAccount, isResultAccount, makesResult } from "../bas";
import { isVatBalanceAccount, netVatDebitOre, vatPresentation } from "../vat-balance";
import {
  ASSET_GROUPS,
  ASSET_NOTE_CLASSES,
  type BalanceGroup,
  EQUITY_GROUPS,
  INCOME_LINES,
  INCOME_STEPS,
  inRanges,
  LIABILITY_GROUPS,
  lineOf,
  SUPPORTED_EQUITY,
  TOTAL_ASSETS,
  TOTAL_EQUITY,
  TOTAL_EQUITY_LIABILITIES,
  UNTAXED_EQUITY_SHARE,
  VAT_LIABILITY_LINE,
  VAT_RECEIVABLE_LINE,
} from "./k2-lines";

/** One fiscal year's books: net debit öre per account. */
export interface YearBooks {
  start: string;
  end: string;
  /** balance accounts: the balance at the year's end; result accounts: the year's movement (closing accounts included) */
  closing: Map<string, number>;
  /** balance accounts at the year's first day: the opening entry */
  opening: Map<string, number>;
}

/** A fixed asset of the register, as the notes need it. */
export interface NoteAsset {
  name: string;
  category: string;
  assetAccount: string;
  acquisitionDate: string;
  acquisitionValueOre: number;
  disposalDate: string | null;
  usefulLifeMonths: number | null;
  /** booked depreciation: entry date and öre */
  depreciations: { date: string; amountOre: number }[];
}

export interface AnnualReportInputs {
  business_description: string;
  significant_events?: string | null;
  /** the comment BFNAR 2016:10 punkt 5.5 asks for when nettoomsättning moves more than 30 % */
  multi_year_comment?: string | null;
  /** öre, the dividend the board proposes (0: none) */
  dividendOre: number;
  pledged_assets_ore?: number | null;
  contingent_liabilities_ore?: number | null;
  place: string;
  signing_date: string;
  board_members: { name: string; role?: string | null }[];
}

/** A figure: as printed (`amount`, kronor) and as tagged (`concept`, `context`, `value`). */
export interface Fact {
  amount: number;
  concept: string;
  context: string;
  /** the XBRL fact's value: `amount`, or its negation for a debit concept printed as a cost */
  value: number;
  unit: "SEK" | "procent" | "antal-anstallda";
}

export interface ReportLine {
  key: string;
  label: string;
  kind: "heading" | "line" | "sum" | "result";
  note?: number | null;
  current: Fact | null;
  previous: Fact | null;
}

export interface XbrlContext {
  id: string;
  start?: string;
  end?: string;
  instant?: string;
}

/** Refusals of the model: the caller maps them to catalogue codes. */
export class AnnualReportRefusal extends Error {
  constructor(
    readonly reason: "unbalanced" | "unsupported_equity" | "dividend_exceeds_free_equity" | "register_mismatch",
    readonly details: Record<string, unknown>,
  ) {
    super(reason);
  }
}

const dayBefore = (iso: string) => {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};

/** ctx ids: period{i} is the i-th year back, balans{i} its end; balans{n} for the opening of the oldest year shown. */
const periodCtx = (i: number) => `period${i}`;
const balansCtx = (i: number) => `balans${i}`;

function fact(ore: number, concept: string, context: string, debit = false): Fact {
  const amount = fromOre(ore);
  return { amount, concept, context, value: debit ? fromOre(-ore) : amount, unit: "SEK" };
}

// ------------------------------------------------------------------------- the statements

/** öre per income-statement line key: revenue positive, costs negative (credit less debit). */
function incomeByLine(year: YearBooks): Map<string, number> {
  const out = new Map<string, number>();
  for (const [account, netDebit] of year.closing) {
    if (!makesResult(account)) continue;
    const l = Object.values(INCOME_LINES).find((x) => inRanges(account, x.ranges));
    if (!l) continue;
    out.set(l.key, (out.get(l.key) ?? 0) - netDebit);
  }
  return out;
}

/** The year's result as the balance sheet holds it: what the result accounts net to (the closing ones too). */
function unbookedResultOre(year: YearBooks): number {
  let r = 0;
  for (const [account, netDebit] of year.closing) if (isResultAccount(account)) r -= netDebit;
  return r;
}

interface IncomeFigures {
  lines: Map<string, number>;
  sums: Map<string, number>;
}

function incomeFigures(year: YearBooks): IncomeFigures {
  const lines = incomeByLine(year);
  const sums = new Map<string, number>();
  let running = 0;
  for (const step of INCOME_STEPS) {
    const s = step.lines.reduce((t, k) => t + (lines.get(k) ?? 0), 0);
    if (step.sum) sums.set(step.sum.key, s);
    running += s;
    if (step.result) sums.set(step.result.key, running);
  }
  return { lines, sums };
}

function incomeStatement(cur: IncomeFigures, prev: IncomeFigures | null): ReportLine[] {
  const out: ReportLine[] = [];
  const pair = (ore: number, prevOre: number | null, concept: string, debit: boolean) => ({
    current: fact(ore, concept, periodCtx(0), debit),
    previous: prevOre === null ? null : fact(prevOre, concept, periodCtx(1), debit),
  });
  for (const step of INCOME_STEPS) {
    const used = step.lines.filter((k) => (cur.lines.get(k) ?? 0) !== 0 || (prev?.lines.get(k) ?? 0) !== 0);
    if (used.length > 0) {
      if (step.heading)
        out.push({
          key: `${step.lines[0]}_heading`,
          label: step.heading,
          kind: "heading",
          current: null,
          previous: null,
        });
      for (const k of used) {
        const l = INCOME_LINES[k];
        out.push({
          key: l.key,
          label: l.label,
          kind: "line",
          ...pair(cur.lines.get(k) ?? 0, prev ? (prev.lines.get(k) ?? 0) : null, l.concept, l.balance === "debit"),
        });
      }
      if (step.sum && used.length > 0)
        out.push({
          key: step.sum.key,
          label: step.sum.label,
          kind: "sum",
          ...pair(
            cur.sums.get(step.sum.key)!,
            prev ? prev.sums.get(step.sum.key)! : null,
            step.sum.concept,
            step.sum.balance === "debit",
          ),
        });
    }
    if (step.result)
      out.push({
        key: step.result.key,
        label: step.result.label,
        kind: "result",
        ...pair(
          cur.sums.get(step.result.key)!,
          prev ? prev.sums.get(step.result.key)! : null,
          step.result.concept,
          false,
        ),
      });
  }
  return out;
}

/** öre per balance-sheet line key, each side positive on its own side. */
interface BalanceFigures {
  lines: Map<string, number>;
  assetsOre: number;
  equityLiabilitiesOre: number;
  equityOre: number;
  untaxedOre: number;
}

const allLines = (groups: BalanceGroup[]) => groups.flatMap((g) => g.lines);
const ASSET_LINES = ASSET_GROUPS.flatMap((a) => allLines(a.groups));
const OTHER_SIDE_LINES = [...allLines(EQUITY_GROUPS), ...allLines(LIABILITY_GROUPS)];

function balanceFigures(year: YearBooks): BalanceFigures {
  const lines = new Map<string, number>();
  const add = (key: string, ore: number) => lines.set(key, (lines.get(key) ?? 0) + ore);
  for (const [account, netDebit] of year.closing) {
    if (!isBalanceAccount(account) || netDebit === 0 || isVatBalanceAccount(account)) continue;
    if (account < "2000") add(lineOf(ASSET_LINES, account)!.key, netDebit);
    else {
      const l = lineOf(OTHER_SIDE_LINES, account);
      if (l) add(l.key, -netDebit);
    }
  }
  // the VAT accounts net, as one claim or one liability (vat-balance.ts), as INK2R writes them
  const vat = vatPresentation(netVatDebitOre(year.closing));
  if (vat) add(vat.side === "receivable" ? VAT_RECEIVABLE_LINE : VAT_LIABILITY_LINE, vat.ore);
  add("year_result", unbookedResultOre(year));
  const sumOf = (ls: { key: string }[]) => ls.reduce((t, l) => t + (lines.get(l.key) ?? 0), 0);
  const assetsOre = sumOf(ASSET_LINES);
  const equityOre = sumOf(allLines(EQUITY_GROUPS));
  const untaxedOre = sumOf(LIABILITY_GROUPS[0].lines);
  return { lines, assetsOre, equityLiabilitiesOre: sumOf(OTHER_SIDE_LINES), equityOre, untaxedOre };
}

/** Equity accounts with a balance that the K2 lines do not hold (uppskrivningsfond, överkursfond, ...). */
export function equityAccountsOutsideK2(year: YearBooks): string[] {
  const seen = new Set<string>();
  for (const map of [year.opening, year.closing])
    for (const [account, ore] of map)
      if (account >= "2000" && account <= "2099" && ore !== 0 && !inRanges(account, SUPPORTED_EQUITY))
        seen.add(account);
  return [...seen].sort();
}

function balanceGroupLines(
  groups: BalanceGroup[],
  cur: BalanceFigures,
  prev: BalanceFigures | null,
  notes: Map<string, number>,
): ReportLine[] {
  const out: ReportLine[] = [];
  const pair = (concept: string, ore: (b: BalanceFigures) => number) => ({
    current: fact(ore(cur), concept, balansCtx(0)),
    previous: prev ? fact(ore(prev), concept, balansCtx(1)) : null,
  });
  for (const g of groups) {
    const used = g.lines.filter((l) => (cur.lines.get(l.key) ?? 0) !== 0 || (prev?.lines.get(l.key) ?? 0) !== 0);
    if (used.length === 0) continue;
    out.push({ key: `${g.sum.key}_heading`, label: g.heading, kind: "heading", current: null, previous: null });
    for (const l of used)
      out.push({
        key: l.key,
        label: l.label,
        kind: "line",
        note: notes.get(l.key) ?? null,
        ...pair(l.concept, (b) => b.lines.get(l.key) ?? 0),
      });
    out.push({
      key: g.sum.key,
      label: g.sum.label,
      kind: "sum",
      ...pair(g.sum.concept, (b) => g.lines.reduce((t, l) => t + (b.lines.get(l.key) ?? 0), 0)),
    });
  }
  return out;
}

function balanceSheet(cur: BalanceFigures, prev: BalanceFigures | null, notes: Map<string, number>) {
  const total = (
    t: { key: string; label: string; concept: string },
    ore: (b: BalanceFigures) => number,
  ): ReportLine => ({
    key: t.key,
    label: t.label,
    kind: "result",
    current: fact(ore(cur), t.concept, balansCtx(0)),
    previous: prev ? fact(ore(prev), t.concept, balansCtx(1)) : null,
  });
  const assets: ReportLine[] = [];
  for (const a of ASSET_GROUPS) {
    const inner = balanceGroupLines(a.groups, cur, prev, notes);
    if (inner.length === 0) continue;
    assets.push({ key: `${a.sum.key}_heading`, label: a.heading, kind: "heading", current: null, previous: null });
    assets.push(...inner);
    const groupLines = allLines(a.groups);
    assets.push({
      ...total(a.sum, (b) => groupLines.reduce((t, l) => t + (b.lines.get(l.key) ?? 0), 0)),
      kind: "sum",
    });
  }
  assets.push(total(TOTAL_ASSETS, (b) => b.assetsOre));
  const equity = balanceGroupLines(EQUITY_GROUPS, cur, prev, notes);
  const liabilities = balanceGroupLines(LIABILITY_GROUPS, cur, prev, notes);
  return {
    assets,
    equity_and_liabilities: [
      { key: "equity_heading", label: "Eget kapital", kind: "heading", current: null, previous: null } as ReportLine,
      ...equity,
      total(TOTAL_EQUITY, (b) => b.equityOre),
      ...liabilities,
      total(TOTAL_EQUITY_LIABILITIES, (b) => b.equityLiabilitiesOre),
    ],
  };
}

// ----------------------------------------------------------- the förvaltningsberättelse

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

function multiYearOverview(years: YearBooks[]) {
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

/**
 * Förändring av eget kapital (ÅRL 5 kap 14 §'s change in equity, K2's columns): aktiekapital,
 * reservfond, balanserat resultat and årets resultat at the year's start (the previous
 * year's balance sheet; a first year's opening entry) and end. The previous result carried to balanserat resultat is what left 2099;
 * what else moved balanserat resultat is the dividend paid (a decrease) or an
 * aktieägartillskott received (an increase); this year's result is the income statement's.
 * Aktiekapital paid in during the year is a nyemission (a first year's formation booked as an
 * entry); a reduction of aktiekapital or a move of the reservfond is refused (no row here).
 */
function equityChanges(cur: YearBooks, prev: BalanceFigures | null, resultOre: number) {
  const ranges = {
    share_capital: [["2081", "2082"]] as [string, string][],
    reserve_fund: [["2086", "2086"]] as [string, string][],
    retained_earnings: [["2090", "2098"]] as [string, string][],
    year_result: [["2099", "2099"]] as [string, string][],
  };
  // the year's start is the previous year's end as its balance sheet shows it (balans1: the same facts), or the
  // opening entry of a first year; an opening entry that already carried the result to 2091 changes nothing here
  const open = Object.fromEntries(
    Object.entries(ranges).map(([k, r]) => [k, prev ? (prev.lines.get(k) ?? 0) : sumRanges(cur.opening, r)]),
  ) as Record<keyof typeof ranges, number>;
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
  const dividendOre = Math.min(otherOre, 0);
  const contributionOre = Math.max(otherOre, 0);
  const total = (o: Record<keyof typeof ranges, number>) =>
    o.share_capital + o.reserve_fund + o.retained_earnings + o.year_result;
  const showReserve = open.reserve_fund !== 0 || close.reserve_fund !== 0;
  const cell = (ore: number, concept: string, context: string) => fact(ore, concept, context);
  const row = (key: string, label: string, cells: Partial<Record<keyof typeof ranges | "total", Fact | null>>) => ({
    key,
    label,
    cells,
  });
  const balanceRow = (key: string, label: string, o: Record<keyof typeof ranges, number>, ctx: string) =>
    row(key, label, {
      share_capital: cell(o.share_capital, "Aktiekapital", ctx),
      reserve_fund: showReserve ? cell(o.reserve_fund, "Reservfond", ctx) : null,
      retained_earnings: cell(o.retained_earnings, "BalanseratResultat", ctx),
      year_result: cell(o.year_result, "AretsResultatEgetKapital", ctx),
      total: cell(total(o), "ForandringEgetKapitalTotalt", ctx),
    });
  const rows = [balanceRow("opening", "Belopp vid årets ingång", open, balansCtx(1))];
  if (newIssueOre !== 0)
    rows.push(
      row("new_issue", "Nyemission", {
        share_capital: cell(newIssueOre, "ForandringEgetKapitalAktiekapitalNyemission", periodCtx(0)),
        total: cell(newIssueOre, "ForandringEgetKapitalTotaltNyemission", periodCtx(0)),
      }),
    );
  if (carriedOre !== 0)
    rows.push(
      row("carried_forward", "Balanseras i ny räkning", {
        retained_earnings: cell(carriedOre, "ForandringEgetKapitalBalanseratResultatBalanserasNyRakning", periodCtx(0)),
        year_result: cell(-carriedOre, "ForandringEgetKapitalAretsResultatBalanserasNyRakning", periodCtx(0)),
      }),
    );
  if (dividendOre !== 0)
    rows.push(
      row("dividend", "Utdelning", {
        retained_earnings: cell(dividendOre, "ForandringEgetKapitalBalanseratResultatUtdelning", periodCtx(0)),
        total: cell(dividendOre, "ForandringEgetKapitalTotaltUtdelning", periodCtx(0)),
      }),
    );
  if (contributionOre !== 0)
    rows.push(
      row("shareholder_contribution", "Erhållna aktieägartillskott", {
        retained_earnings: cell(
          contributionOre,
          "ForandringEgetKapitalBalanseratResultatErhallnaAktieagartillskott",
          periodCtx(0),
        ),
        total: cell(contributionOre, "ForandringEgetKapitalTotaltErhallnaAktieagartillskott", periodCtx(0)),
      }),
    );
  rows.push(
    row("result", "Årets resultat", {
      year_result: cell(resultOre, "ForandringEgetKapitalAretsResultatAretsResultat", periodCtx(0)),
      total: cell(resultOre, "ForandringEgetKapitalTotaltAretsResultat", periodCtx(0)),
    }),
  );
  rows.push(balanceRow("closing", "Belopp vid årets utgång", close, balansCtx(0)));
  const columns = [
    { key: "share_capital", label: "Aktiekapital" },
    ...(showReserve ? [{ key: "reserve_fund", label: "Reservfond" }] : []),
    { key: "retained_earnings", label: "Balanserat resultat" },
    { key: "year_result", label: "Årets resultat" },
    { key: "total", label: "Totalt" },
  ];
  return { columns, rows, close };
}

/**
 * Resultatdisposition (ÅRL 6 kap 2 §): the free equity at the year's end at the annual
 * meeting's disposal, and the board's proposal: the dividend asked for, the rest carried
 * forward. A dividend above the free equity is refused (ABL 17 kap 3 §).
 */
function appropriation(close: { retained_earnings: number; year_result: number }, dividendOre: number) {
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

// ------------------------------------------------------------------------------- notes

interface ClassMovement {
  openingCostOre: number;
  purchasesOre: number;
  disposedCostOre: number;
  openingDepOre: number;
  yearDepOre: number;
  disposedDepOre: number;
}

/** One note class's movement over [start, end]: cost and accumulated depreciation (negative) at each end. */
function classMovement(assets: NoteAsset[], start: string, end: string): ClassMovement {
  const m: ClassMovement = {
    openingCostOre: 0,
    purchasesOre: 0,
    disposedCostOre: 0,
    openingDepOre: 0,
    yearDepOre: 0,
    disposedDepOre: 0,
  };
  for (const a of assets) {
    if (a.acquisitionDate > end) continue;
    const heldBefore = a.acquisitionDate < start && !(a.disposalDate !== null && a.disposalDate < start);
    if (a.disposalDate !== null && a.disposalDate < start) continue;
    const depBefore = a.depreciations.filter((d) => d.date < start).reduce((t, d) => t + d.amountOre, 0);
    const depIn = a.depreciations.filter((d) => d.date >= start && d.date <= end).reduce((t, d) => t + d.amountOre, 0);
    if (heldBefore) {
      m.openingCostOre += a.acquisitionValueOre;
      m.openingDepOre -= depBefore;
    } else m.purchasesOre += a.acquisitionValueOre;
    m.yearDepOre -= depIn;
    if (a.disposalDate !== null && a.disposalDate <= end) {
      m.disposedCostOre -= a.acquisitionValueOre;
      m.disposedDepOre += depBefore + depIn;
    }
  }
  return m;
}

function assetNote(
  cls: (typeof ASSET_NOTE_CLASSES)[number],
  assets: NoteAsset[],
  cur: YearBooks,
  prev: YearBooks | null,
) {
  const years = prev ? [cur, prev] : [cur];
  const moves = years.map((y) => classMovement(assets, y.start, y.end));
  const p = cls.prefix;
  const row = (
    key: string,
    label: string,
    concept: string,
    ore: (m: ClassMovement) => number,
    ctx: (i: number) => string,
  ) => ({
    key,
    label,
    current: fact(ore(moves[0]), concept, ctx(0)),
    previous: moves[1] ? fact(ore(moves[1]), concept, ctx(1)) : null,
  });
  const closingCost = (m: ClassMovement) => m.openingCostOre + m.purchasesOre + m.disposedCostOre;
  const closingDep = (m: ClassMovement) => m.openingDepOre + m.yearDepOre + m.disposedDepOre;
  const anyDisposal = moves.some((m) => m.disposedCostOre !== 0);
  const rows = [
    row(
      "opening_cost",
      "Ingående anskaffningsvärden",
      `${p}Anskaffningsvarden`,
      (m) => m.openingCostOre,
      (i) => balansCtx(i + 1),
    ),
    row("purchases", "Inköp", `${p}ForandringAnskaffningsvardenInkop`, (m) => m.purchasesOre, periodCtx),
    ...(anyDisposal
      ? [
          row(
            "disposals_cost",
            "Försäljningar/utrangeringar",
            `${p}ForandringAnskaffningsvardenForsaljningarUtrangeringar`,
            (m) => m.disposedCostOre,
            periodCtx,
          ),
        ]
      : []),
    row("closing_cost", "Utgående anskaffningsvärden", `${p}Anskaffningsvarden`, closingCost, balansCtx),
    row(
      "opening_depreciation",
      "Ingående avskrivningar",
      `${p}Avskrivningar`,
      (m) => m.openingDepOre,
      (i) => balansCtx(i + 1),
    ),
    ...(anyDisposal
      ? [
          row(
            "disposals_depreciation",
            "Återförda avskrivningar på försäljningar/utrangeringar",
            `${p}ForandringAvskrivningarForsaljningarUtrangeringar`,
            (m) => m.disposedDepOre,
            periodCtx,
          ),
        ]
      : []),
    row(
      "year_depreciation",
      "Årets avskrivningar",
      `${p}ForandringAvskrivningarAretsAvskrivningar`,
      (m) => m.yearDepOre,
      periodCtx,
    ),
    row("closing_depreciation", "Utgående avskrivningar", `${p}Avskrivningar`, closingDep, balansCtx),
    row("book_value", "Redovisat värde", p, (m) => closingCost(m) + closingDep(m), balansCtx),
  ];
  return { key: cls.key, title: cls.label, rows };
}

/**
 * The asset notes come from the register and must show what the balance sheet shows (the
 * note's redovisat värde and the balance-sheet line are one XBRL fact): each class's book
 * value by the register, at each year's end, against the ledger's line. An asset booked by
 * hand and not registered, or a register entry the ledger lacks, is refused with the
 * classes named rather than printed as two different figures.
 */
function assertRegisterMatchesLedger(assets: NoteAsset[], years: YearBooks[], balances: BalanceFigures[]) {
  const differences = [];
  for (const cls of ASSET_NOTE_CLASSES) {
    const held = assets.filter((a) => inRanges(a.assetAccount, cls.ranges));
    for (const [i, y] of years.entries()) {
      const m = classMovement(held, y.start, y.end);
      const registerOre =
        m.openingCostOre + m.purchasesOre + m.disposedCostOre + m.openingDepOre + m.yearDepOre + m.disposedDepOre;
      const ledgerOre = balances[i].lines.get(cls.key) ?? 0;
      if (registerOre !== ledgerOre)
        differences.push({
          class: cls.key,
          fiscal_year_end: y.end,
          register: fromOre(registerOre),
          ledger: fromOre(ledgerOre),
        });
    }
  }
  if (differences.length > 0) throw new AnnualReportRefusal("register_mismatch", { differences });
}

/** "Inventarier 5 år": the depreciation period of each note class, from the register's useful lives. */
function depreciationPeriods(assets: NoteAsset[]): { label: string; years: string }[] {
  const out: { label: string; years: string }[] = [];
  for (const cls of ASSET_NOTE_CLASSES) {
    const lives = [
      ...new Set(
        assets
          .filter((a) => inRanges(a.assetAccount, cls.ranges) && a.usefulLifeMonths)
          .map((a) => a.usefulLifeMonths!),
      ),
    ].sort((a, b) => a - b);
    if (lives.length === 0) continue;
    const yrs = lives.map((m) => new Big(m).div(12).round(1).toString().replace(".", ","));
    out.push({ label: cls.label, years: yrs.length === 1 ? yrs[0] : `${yrs[0]}–${yrs[yrs.length - 1]}` });
  }
  return out;
}

function principlesText(assets: NoteAsset[]): string {
  const periods = depreciationPeriods(assets);
  const base =
    "Årsredovisningen har upprättats i enlighet med årsredovisningslagen och Bokföringsnämndens allmänna råd " +
    "(BFNAR 2016:10) om årsredovisning i mindre företag (K2).";
  if (periods.length === 0) return base;
  const list = periods.map((p) => `${p.label} ${p.years} år`).join("; ");
  return `${base} Materiella och immateriella anläggningstillgångar redovisas till anskaffningsvärde minskat med ackumulerade avskrivningar. Avskrivning sker linjärt över den förväntade nyttjandeperioden: ${list}.`;
}

// ------------------------------------------------------------------------------ the report

export interface AnnualReportInput {
  company: { name: string; orgNumber: string };
  /** the report's year first, then the years before it the books hold (at most 3 used) */
  years: YearBooks[];
  assets: NoteAsset[];
  averageEmployees: { current: number; previous: number | null };
  inputs: AnnualReportInputs;
}

export function buildAnnualReport(input: AnnualReportInput) {
  const [cur, prev = null] = input.years;
  // both years' balance sheets are printed: an equity account outside the K2 lines in either is refused
  const outside = [...new Set(input.years.slice(0, 2).flatMap(equityAccountsOutsideK2))].sort();
  if (outside.length > 0) throw new AnnualReportRefusal("unsupported_equity", { accounts: outside });

  const curIncome = incomeFigures(cur);
  const prevIncome = prev ? incomeFigures(prev) : null;
  const curBal = balanceFigures(cur);
  const prevBal = prev ? balanceFigures(prev) : null;
  for (const [y, b] of [
    [cur, curBal],
    [prev, prevBal],
  ] as const)
    if (y && b && b.assetsOre !== b.equityLiabilitiesOre)
      throw new AnnualReportRefusal("unbalanced", {
        fiscal_year_end: y.end,
        assets: fromOre(b.assetsOre),
        equity_and_liabilities: fromOre(b.equityLiabilitiesOre),
        difference: fromOre(b.assetsOre - b.equityLiabilitiesOre),
      });

  assertRegisterMatchesLedger(
    input.assets,
    [cur, prev].filter((y): y is YearBooks => y !== null),
    [curBal, prevBal].filter((b): b is BalanceFigures => b !== null),
  );

  // notes are numbered in the order they appear: 1 principles, 2 employees, then the asset classes held
  const noteAssets = ASSET_NOTE_CLASSES.map((cls) => ({
    cls,
    assets: input.assets.filter((a) => inRanges(a.assetAccount, cls.ranges)),
  })).filter((x) => x.assets.length > 0);
  const noteNumbers = new Map<string, number>();
  for (const [i, x] of noteAssets.entries()) noteNumbers.set(x.cls.key, 3 + i);
  let next = 3 + noteAssets.length;
  const pledgedNote = input.inputs.pledged_assets_ore != null ? next++ : null;
  const contingentNote = input.inputs.contingent_liabilities_ore != null ? next++ : null;

  const resultOre = curIncome.sums.get("net_result")!;
  const equity = equityChanges(cur, prevBal, resultOre);
  const income = incomeStatement(curIncome, prevIncome);
  const personnel = income.find((l) => l.key === "personnel_costs");
  if (personnel) personnel.note = 2;

  const employeesFact = (n: number, i: number): Fact => ({
    amount: n,
    concept: "MedelantaletAnstallda",
    context: periodCtx(i),
    value: n,
    unit: "antal-anstallda",
  });
  const amountNote = (note: number | null, ore: number | null | undefined, title: string, concept: string) =>
    note === null || ore == null
      ? []
      : [{ number: note, key: concept, title, amount: fact(ore, concept, balansCtx(0)) }];

  const years = input.years.slice(0, 4);
  const contexts: XbrlContext[] = [
    ...years.map((y, i) => ({ id: periodCtx(i), start: y.start, end: y.end })),
    ...years.map((y, i) => ({ id: balansCtx(i), instant: y.end })),
  ];
  // the opening instants the equity change (balans1) and the previous year's asset notes (balans2) need
  // when the books hold no year ending there: the day before the oldest year shown
  for (let i = years.length; i <= (prev ? 2 : 1); i++)
    contexts.push({ id: balansCtx(i), instant: dayBefore(years[i - 1].start) });

  return {
    company: { name: input.company.name, org_number: input.company.orgNumber },
    fiscal_year: { start: cur.start, end: cur.end },
    previous_fiscal_year: prev ? { start: prev.start, end: prev.end } : null,
    management_report: {
      business_description: input.inputs.business_description,
      significant_events: input.inputs.significant_events ?? null,
      multi_year_overview: multiYearOverview(years),
      multi_year_comment: input.inputs.multi_year_comment ?? null,
      equity_changes: { columns: equity.columns, rows: equity.rows },
      appropriation: appropriation(equity.close, input.inputs.dividendOre),
    },
    income_statement: income,
    balance_sheet: balanceSheet(curBal, prevBal, noteNumbers),
    notes: {
      accounting_principles: {
        number: 1,
        title: "Redovisnings- och värderingsprinciper",
        text: principlesText(input.assets),
        depreciation_periods: depreciationPeriods(input.assets),
      },
      employees: {
        number: 2,
        title: "Medelantalet anställda",
        current: employeesFact(input.averageEmployees.current, 0),
        previous:
          prev && input.averageEmployees.previous !== null ? employeesFact(input.averageEmployees.previous, 1) : null,
      },
      fixed_assets: noteAssets.map((x) => ({
        number: noteNumbers.get(x.cls.key)!,
        ...assetNote(x.cls, x.assets, cur, prev),
      })),
      other: [
        ...amountNote(pledgedNote, input.inputs.pledged_assets_ore, "Ställda säkerheter", "StalldaSakerheter"),
        ...amountNote(
          contingentNote,
          input.inputs.contingent_liabilities_ore,
          "Eventualförpliktelser",
          "EventualForpliktelser",
        ),
      ],
    },
    signatures: {
      place: input.inputs.place,
      date: input.inputs.signing_date,
      board_members: input.inputs.board_members.map((m) => ({ name: m.name, role: m.role ?? "Styrelseledamot" })),
    },
    warnings: input.inputs.multi_year_comment
      ? []
      : netSalesSwings(
          years.map((y) => ({ end: y.end, netSalesOre: incomeFigures(y).lines.get("net_sales") ?? 0 })),
        ).map(
          (s) =>
            `Nettoomsättningen varierar mer än 30 % mellan ${s.from} och ${s.to}: BFNAR 2016:10 punkt 5.5 kräver en kommentar (multi_year_comment).`,
        ),
    xbrl: { contexts },
    checks: {
      assets: fromOre(curBal.assetsOre),
      equity_and_liabilities: fromOre(curBal.equityLiabilitiesOre),
      balanced: true,
    },
  };
}

export type AnnualReportModel = ReturnType<typeof buildAnnualReport>;

/** Every fact of the model (walks it), for the inline XBRL and for the test that compares them. */
export function factsOf(model: unknown): Fact[] {
  const out: Fact[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === "object") {
      const o = v as Record<string, unknown>;
      if (typeof o.concept === "string" && typeof o.context === "string" && typeof o.value === "number")
        out.push(o as unknown as Fact);
      else Object.values(o).forEach(walk);
    }
  };
  walk(model);
  return out;
}
