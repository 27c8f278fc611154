// The notes of a K2 annual report (ÅRL 5 kap): the principles with the depreciation periods and
// the fixed-asset notes, which must agree with the ledger.
import Big from "big.js";
import { fromOre } from "../../money";
import { ASSET_NOTE_CLASSES, inRanges } from "./k2-lines";

import { AnnualReportRefusal, type NoteAsset, type YearBooks, balansCtx, fact, periodCtx } from "./facts";
import type { BalanceFigures } from "./statements";

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

export function assetNote(
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
export function assertRegisterMatchesLedger(assets: NoteAsset[], years: YearBooks[], balances: BalanceFigures[]) {
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
export function depreciationPeriods(assets: NoteAsset[]): { label: string; years: string }[] {
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

export function principlesText(assets: NoteAsset[]): string {
  const periods = depreciationPeriods(assets);
  const base =
    "Årsredovisningen har upprättats i enlighet med årsredovisningslagen och Bokföringsnämndens allmänna råd " +
    "(BFNAR 2016:10) om årsredovisning i mindre företag (K2).";
  if (periods.length === 0) return base;
  const list = periods.map((p) => `${p.label} ${p.years} år`).join("; ");
  return (
    `${base} Materiella och immateriella anläggningstillgångar redovisas till anskaffningsvärde minskat med ` +
    `ackumulerade avskrivningar. Avskrivning sker linjärt över den förväntade nyttjandeperioden: ${list}.`
  );
}
