import { fromOre } from "../../money";
import { ASSET_NOTE_CLASSES, inRanges } from "./k2-lines";

import {
  type AnnualReportInputs,
  AnnualReportRefusal,
  type Fact,
  type NoteAsset,
  type XbrlContext,
  type YearBooks,
  balansCtx,
  dayBefore,
  fact,
  periodCtx,
} from "./facts";
import { appropriation, equityChanges, multiYearOverview, netSalesSwings } from "./management-report";
import { assertRegisterMatchesLedger, assetNote, depreciationPeriods, principlesText } from "./notes";
import {
  type BalanceFigures,
  balanceFigures,
  balanceSheet,
  equityAccountsOutsideK2,
  incomeFigures,
  incomeStatement,
} from "./statements";

export type { AnnualReportInputs, Fact, NoteAsset, ReportLine, XbrlContext, YearBooks } from "./facts";
export { AnnualReportRefusal, factsOf } from "./facts";
export { equityAccountsOutsideK2 } from "./statements";
export { soliditetPercent, netSalesSwings } from "./management-report";

export interface AnnualReportInput {
  company: { name: string; orgNumber: string };
  /** the report's year first, then the years before it the books hold (at most 3 used) */
  years: YearBooks[];
  assets: NoteAsset[];
  averageEmployees: { current: number; previous: number | null };
  inputs: AnnualReportInputs;
}

/**
 * The books must be reportable before anything is drawn: no equity account outside the K2
 * lines in either year printed, each year's balance sheet balanced, the register agreeing
 * with the ledger. Returns both years' balance-sheet figures.
 */
function checkedBalances(input: AnnualReportInput, cur: YearBooks, prev: YearBooks | null) {
  // both years' balance sheets are printed: an equity account outside the K2 lines in either is refused
  const outside = [...new Set(input.years.slice(0, 2).flatMap(equityAccountsOutsideK2))].sort();
  if (outside.length > 0) throw new AnnualReportRefusal("unsupported_equity", { accounts: outside });
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
  return { curBal, prevBal };
}

/** Notes are numbered in the order they appear: 1 principles, 2 employees, then the asset classes held. */
function noteNumbering(input: AnnualReportInput) {
  const noteAssets = ASSET_NOTE_CLASSES.map((cls) => ({
    cls,
    assets: input.assets.filter((a) => inRanges(a.assetAccount, cls.ranges)),
  })).filter((x) => x.assets.length > 0);
  const noteNumbers = new Map<string, number>();
  for (const [i, x] of noteAssets.entries()) noteNumbers.set(x.cls.key, 3 + i);
  let next = 3 + noteAssets.length;
  const pledgedNote = input.inputs.pledged_assets_ore != null ? next++ : null;
  const contingentNote = input.inputs.contingent_liabilities_ore != null ? next++ : null;
  return { noteAssets, noteNumbers, pledgedNote, contingentNote };
}

const employeesFact = (n: number, i: number): Fact => ({
  amount: n,
  concept: "MedelantaletAnstallda",
  context: periodCtx(i),
  value: n,
  unit: "antal-anstallda",
});

const amountNote = (note: number | null, ore: number | null | undefined, title: string, concept: string) =>
  note === null || ore == null ? [] : [{ number: note, key: concept, title, amount: fact(ore, concept, balansCtx(0)) }];

function notesOf(input: AnnualReportInput, cur: YearBooks, prev: YearBooks | null) {
  const { noteAssets, noteNumbers, pledgedNote, contingentNote } = noteNumbering(input);
  return {
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
  };
}

/** The periods and instants the facts name; `years` are the years shown, newest first. */
function xbrlContexts(years: YearBooks[], hasPrevious: boolean): XbrlContext[] {
  const contexts: XbrlContext[] = [
    ...years.map((y, i) => ({ id: periodCtx(i), start: y.start, end: y.end })),
    ...years.map((y, i) => ({ id: balansCtx(i), instant: y.end })),
  ];
  // the opening instants the equity change (balans1) and the previous year's asset notes (balans2) need
  // when the books hold no year ending there: the day before the oldest year shown
  for (let i = years.length; i <= (hasPrevious ? 2 : 1); i++)
    contexts.push({ id: balansCtx(i), instant: dayBefore(years[i - 1].start) });
  return contexts;
}

/** BFNAR 2016:10 punkt 5.5: a swing of net sales over 30 % asks for a comment, unless one is given. */
function salesSwingWarnings(input: AnnualReportInput, years: YearBooks[]): string[] {
  if (input.inputs.multi_year_comment) return [];
  const swings = netSalesSwings(
    years.map((y) => ({ end: y.end, netSalesOre: incomeFigures(y).lines.get("net_sales") ?? 0 })),
  );
  return swings.map(
    (s) =>
      `Nettoomsättningen varierar mer än 30 % mellan ${s.from} och ${s.to}: ` +
      "BFNAR 2016:10 punkt 5.5 kräver en kommentar (multi_year_comment).",
  );
}

export function buildAnnualReport(input: AnnualReportInput) {
  const [cur, prev = null] = input.years;
  const { curBal, prevBal } = checkedBalances(input, cur, prev);
  const curIncome = incomeFigures(cur);
  const { noteNumbers } = noteNumbering(input);
  const equity = equityChanges(cur, prevBal, curIncome.sums.get("net_result")!);
  const income = incomeStatement(curIncome, prev ? incomeFigures(prev) : null);
  const personnel = income.find((l) => l.key === "personnel_costs");
  if (personnel) personnel.note = 2;
  const years = input.years.slice(0, 4);
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
    notes: notesOf(input, cur, prev),
    signatures: {
      place: input.inputs.place,
      date: input.inputs.signing_date,
      board_members: input.inputs.board_members.map((m) => ({ name: m.name, role: m.role ?? "Styrelseledamot" })),
    },
    warnings: salesSwingWarnings(input, years),
    xbrl: { contexts: xbrlContexts(years, prev !== null) },
    checks: {
      assets: fromOre(curBal.assetsOre),
      equity_and_liabilities: fromOre(curBal.equityLiabilitiesOre),
      balanced: true,
    },
  };
}

export type AnnualReportModel = ReturnType<typeof buildAnnualReport>;
