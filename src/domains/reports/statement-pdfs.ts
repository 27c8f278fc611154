// The balance sheet and income statement as printable documents (pdf.ts renders them),
// laid out as ÅRL bilaga 2 sets them out (the groups and steps are report-layout.ts's).
// A balance sheet whose sides differ by 1 krona or more is refused rather than printed:
// a document that looks final must not hide books that do not balance.
import { ApiError } from "../../errors/api-error";
import type { balanceSheet, incomeStatement } from "./builders";
import {
  BALANCE_ASSET_GROUPS,
  CURRENT_LIABILITY_LINES,
  EQUITY_LINES_AKTIEBOLAG,
  INCOME_STATEMENT_STEPS,
  type Section,
  sectionOf,
  showUnbookedResult,
} from "../../sweden/report-layout";
import type { PdfLine, PdfReport } from "./pdf";
import type { companyHeading } from "./queries";

type Company = Awaited<ReturnType<typeof companyHeading>>;
type BalanceSheet = ReturnType<typeof balanceSheet>;
type IncomeStatement = ReturnType<typeof incomeStatement>;
type Row = IncomeStatement["sections"][number]["accounts"][number];

const preliminarySuffix = (preliminary: boolean) => (preliminary ? "-preliminar" : "");
const ore = (kronor: number) => Math.round(kronor * 100);
const kronor = (o: number) => o / 100;
const lower = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);
const totalOre = (rows: Row[]) => rows.reduce((t, r) => t + ore(r.amount), 0);
/** the heading of the previous year's column when the company has no previous year: the cells stay empty */
const NO_PRIOR_HEADING = "Föregående år";

/** A heading's accounts this year and, when there is a previous year, then (null: no previous year). */
interface Block {
  name: string;
  cur: Row[];
  prior: Row[] | null;
}
const isEmpty = (b: Block) => b.cur.length === 0 && (b.prior ?? []).length === 0;
const priorSum = (b: Block) => (b.prior ? kronor(totalOre(b.prior)) : null);

/** One line per account of either year, in account order; the unbooked result (no number) last. */
function accountLines(b: Block, indent: number): PdfLine[] {
  const accounts = new Map<string, { name: string; amount: number | null; prior: number | null }>();
  for (const r of b.cur) accounts.set(r.account_number, { name: r.name ?? "", amount: r.amount, prior: null });
  for (const r of b.prior ?? []) {
    const seen = accounts.get(r.account_number);
    if (seen) seen.prior = r.amount;
    else accounts.set(r.account_number, { name: r.name ?? "", amount: null, prior: r.amount });
  }
  const order = (a: string) => (a === "" ? "9999" : a);
  return [...accounts.entries()]
    .sort(([a], [b]) => order(a).localeCompare(order(b)))
    .map(([number, a]) => ({ kind: "account", number, name: a.name, amount: a.amount, prior: a.prior, indent }));
}

/** A heading with its accounts and subtotal (level 1 under a group, 2 on its own), or nothing when empty. */
function blockLines(b: Block, indent: number, level: 1 | 2): PdfLine[] {
  if (isEmpty(b)) return [];
  return [
    level === 1 ? { kind: "section", text: b.name, indent } : { kind: "group", text: b.name },
    ...accountLines(b, indent + 10),
    { kind: "sum", text: `Summa ${lower(b.name)}`, amount: kronor(totalOre(b.cur)), prior: priorSum(b), level, indent },
  ];
}

/** A group of headings (Anläggningstillgångar, Kortfristiga skulder) with its subtotal; nothing when all are empty. */
function groupLines(name: string, blocks: Block[]): PdfLine[] {
  const used = blocks.filter((b) => !isEmpty(b));
  if (used.length === 0) return [];
  const hasPrior = blocks.some((b) => b.prior !== null);
  return [
    { kind: "group", text: name },
    ...used.flatMap((b) => blockLines(b, 10, 1)),
    {
      kind: "sum",
      text: `Summa ${lower(name)}`,
      amount: kronor(used.reduce((t, b) => t + totalOre(b.cur), 0)),
      prior: hasPrior ? kronor(used.reduce((t, b) => t + totalOre(b.prior ?? []), 0)) : null,
      level: 2,
      indent: 0,
    },
  ];
}

/** `rows` under the K2 lines that hold them (first match), the unbooked result (no number) under `orphanKey`. */
function splitBy(lines: Section[], rows: Row[] | null, key: string, orphanKey: string): Row[] | null {
  if (!rows) return null;
  return rows.filter((r) => (sectionOf(lines, r.account_number)?.key ?? orphanKey) === key);
}

/** The unbooked result line only while it holds something (report-layout showUnbookedResult). */
const withoutEmptyUnbooked = (rows: Row[]) =>
  rows.filter((r) => r.account_number !== "" || showUnbookedResult(ore(r.amount)));

function sectionRows(report: BalanceSheet | null, side: "assets" | "equity_and_liabilities", key: string) {
  if (!report) return null;
  return withoutEmptyUnbooked(report.sections[side].find((s) => s.key === key)?.accounts ?? []);
}

/** The equity and liability headings: an aktiebolag's equity and every company's current liabilities by their K2 lines. */
function equityAndLiabilityLines(report: BalanceSheet, prior: BalanceSheet | null, aktiebolag: boolean): PdfLine[] {
  const lines: PdfLine[] = [];
  for (const s of report.sections.equity_and_liabilities) {
    const cur = sectionRows(report, "equity_and_liabilities", s.key)!;
    const before = sectionRows(prior, "equity_and_liabilities", s.key);
    const split = (by: Section[], orphan: string) =>
      by.map((l) => ({
        name: l.name,
        cur: splitBy(by, cur, l.key, orphan)!,
        prior: splitBy(by, before, l.key, orphan),
      }));
    if (s.key === "equity" && aktiebolag)
      lines.push(...groupLines(s.name, split(EQUITY_LINES_AKTIEBOLAG, "unrestricted_equity")));
    else if (s.key === "current_liabilities")
      lines.push(...groupLines(s.name, split(CURRENT_LIABILITY_LINES, "other_current_liabilities")));
    else lines.push(...blockLines({ name: s.name, cur, prior: before }, 0, 2));
  }
  return lines;
}

/**
 * The balance sheet as ÅRL bilaga 2 sets it out (K2): TILLGÅNGAR by group with subtotals,
 * then EGET KAPITAL OCH SKULDER, an aktiebolag's equity split into bundet and fritt eget
 * kapital and the current liabilities by their lines; each figure beside the previous
 * year's at the same relative date (`prior`, null for a company's first year).
 */
export function balanceSheetLines(
  report: BalanceSheet,
  prior: BalanceSheet | null = null,
  entityType = "aktiebolag",
): PdfLine[] {
  const lines: PdfLine[] = [{ kind: "heading", text: "TILLGÅNGAR" }];
  for (const g of BALANCE_ASSET_GROUPS) {
    const blocks = g.sections.map((key) => ({
      name: report.sections.assets.find((s) => s.key === key)!.name,
      cur: sectionRows(report, "assets", key)!,
      prior: sectionRows(prior, "assets", key),
    }));
    lines.push(...groupLines(g.name, blocks));
  }
  const priorTotal = (t: keyof BalanceSheet["totals"]) => (prior ? prior.totals[t] : null);
  lines.push(
    {
      kind: "sum",
      text: "Summa tillgångar",
      amount: report.totals.assets,
      prior: priorTotal("assets"),
      level: 3,
      indent: 0,
    },
    { kind: "gap" },
    { kind: "gap" },
    { kind: "heading", text: "EGET KAPITAL OCH SKULDER" },
    ...equityAndLiabilityLines(report, prior, entityType === "aktiebolag"),
    {
      kind: "sum",
      text: "Summa eget kapital och skulder",
      amount: report.totals.equity_and_liabilities,
      prior: priorTotal("equity_and_liabilities"),
      level: 3,
      indent: 0,
    },
  );
  return lines;
}

/** The income statement by nature of expense (ÅRL bilaga 2): each step's subtotal, then the running result; beside each, the previous year's. */
export function incomeStatementLines(report: IncomeStatement, prior: IncomeStatement | null = null): PdfLine[] {
  const blockOf = (key: string): Block => {
    const s = report.sections.find((x) => x.key === key)!;
    return { name: s.name, cur: s.accounts, prior: prior ? prior.sections.find((x) => x.key === key)!.accounts : null };
  };
  const lines: PdfLine[] = [];
  let running = 0;
  let priorRunning = 0;
  const priorOf = (o: number) => (prior ? kronor(o) : null);
  INCOME_STATEMENT_STEPS.forEach((step, i) => {
    const blocks = step.sections.map(blockOf);
    const stepOre = blocks.reduce((t, b) => t + totalOre(b.cur), 0);
    const priorStepOre = blocks.reduce((t, b) => t + totalOre(b.prior ?? []), 0);
    running += stepOre;
    priorRunning += priorStepOre;
    const used = blocks.filter((b) => !isEmpty(b));
    const last = i === INCOME_STATEMENT_STEPS.length - 1;
    if (step.name) {
      lines.push({ kind: "group", text: step.name });
      for (const b of used) lines.push(...blockLines(b, 10, 1));
      if (used.length === 0)
        lines.push({ kind: "account", number: "", name: "Inga poster", amount: 0, prior: priorOf(0), indent: 20 });
      if (step.sum)
        lines.push({
          kind: "sum",
          text: step.sum,
          amount: kronor(stepOre),
          prior: priorOf(priorStepOre),
          level: 2,
          indent: 0,
        });
    } else {
      for (const b of used) lines.push(...blockLines(b, 0, 2));
    }
    // the first result line (Rörelseresultat) and the last (Årets resultat) always show;
    // the ones between only when their step holds something in either year
    if (step.result && (used.length > 0 || last || step.key === "operating_costs")) {
      lines.push(
        {
          kind: "sum",
          text: step.result,
          amount: kronor(running),
          prior: priorOf(priorRunning),
          level: 3,
          indent: 0,
        },
        { kind: "gap" },
      );
    }
  });
  return lines;
}

export function balanceSheetPdf(
  report: BalanceSheet,
  prior: BalanceSheet | null,
  company: Company,
  generatedAt: string,
): { pdf: PdfReport; fileName: string } {
  if (Math.abs(report.differenceOre) >= 100) {
    throw new ApiError(
      "REPORT_GENERATION_FAILED",
      { reason: "unbalanced", difference: report.totals.difference },
      "Assets and equity plus liabilities differ by 1 krona or more.",
    );
  }
  return {
    pdf: {
      title: "Balansräkning",
      companyName: company.name,
      orgNumber: company.orgNumber,
      periodLabel: `Per ${report.as_of}, räkenskapsår ${report.period.period_start} – ${report.period.period_end}`,
      amountHeading: report.as_of,
      priorHeading: prior ? prior.as_of : NO_PRIOR_HEADING,
      preliminary: report.is_preliminary,
      lines: balanceSheetLines(report, prior, company.entityType),
      generatedAt,
    },
    fileName: `balansrakning-${report.as_of}${preliminarySuffix(report.is_preliminary)}.pdf`,
  };
}

export function incomeStatementPdf(
  report: IncomeStatement,
  prior: IncomeStatement | null,
  company: Company,
  generatedAt: string,
): { pdf: PdfReport; fileName: string } {
  const whole = report.from_date === report.period.period_start && report.to_date === report.period.period_end;
  return {
    pdf: {
      title: "Resultaträkning",
      companyName: company.name,
      orgNumber: company.orgNumber,
      periodLabel: whole
        ? `Räkenskapsår ${report.period.period_start} – ${report.period.period_end}`
        : `${report.from_date} – ${report.to_date} (räkenskapsår ${report.period.period_start} – ${report.period.period_end})`,
      amountHeading: `${report.from_date} –\n${report.to_date}`,
      priorHeading: prior ? `${prior.from_date} –\n${prior.to_date}` : NO_PRIOR_HEADING,
      preliminary: report.is_preliminary,
      lines: incomeStatementLines(report, prior),
      generatedAt,
    },
    fileName: `resultatrakning-${report.from_date}-${report.to_date}${preliminarySuffix(report.is_preliminary)}.pdf`,
  };
}
