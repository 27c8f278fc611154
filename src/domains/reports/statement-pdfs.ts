// The balance sheet and income statement as printable documents (pdf.ts renders them),
// laid out as ÅRL bilaga 2 sets them out (the groups and steps are report-layout.ts's).
// A balance sheet whose sides differ by 1 krona or more is refused rather than printed:
// a document that looks final must not hide books that do not balance.
import { ApiError } from "../../errors/api-error";
import type { balanceSheet, incomeStatement } from "./builders";
import { BALANCE_ASSET_GROUPS, INCOME_STATEMENT_STEPS } from "../../sweden/report-layout";
import type { PdfLine, PdfReport } from "./pdf";
import type { companyHeading } from "./queries";

type Company = Awaited<ReturnType<typeof companyHeading>>;
type ReportSection = ReturnType<typeof incomeStatement>["sections"][number];

const preliminarySuffix = (preliminary: boolean) => (preliminary ? "-preliminar" : "");
const ore = (kronor: number) => Math.round(kronor * 100);
const kronor = (o: number) => o / 100;
const lower = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);

/** A section's accounts and its subtotal, or nothing for a section without accounts. */
function sectionLines(s: ReportSection, indent: number, level: 1 | 2): PdfLine[] {
  if (s.accounts.length === 0) return [];
  return [
    level === 1 ? { kind: "section", text: s.name, indent } : { kind: "group", text: s.name },
    ...s.accounts.map(
      (a): PdfLine => ({
        kind: "account",
        number: a.account_number,
        name: a.name ?? "",
        amount: a.amount,
        indent: indent + 10,
      }),
    ),
    { kind: "sum", text: `Summa ${lower(s.name)}`, amount: s.total, level, indent },
  ];
}

/** The balance sheet as ÅRL bilaga 2 sets it out: TILLGÅNGAR by group with subtotals, then EGET KAPITAL OCH SKULDER. */
export function balanceSheetLines(report: ReturnType<typeof balanceSheet>): PdfLine[] {
  const byKey = new Map(report.sections.assets.map((s) => [s.key, s]));
  const lines: PdfLine[] = [{ kind: "heading", text: "TILLGÅNGAR" }];
  for (const g of BALANCE_ASSET_GROUPS) {
    const sections = g.sections.map((k) => byKey.get(k)!).filter((s) => s.accounts.length > 0);
    if (sections.length === 0) continue;
    lines.push({ kind: "group", text: g.name });
    for (const s of sections) lines.push(...sectionLines(s, 10, 1));
    lines.push({
      kind: "sum",
      text: `Summa ${lower(g.name)}`,
      amount: kronor(sections.reduce((t, s) => t + ore(s.total), 0)),
      level: 2,
      indent: 0,
    });
  }
  lines.push(
    { kind: "sum", text: "Summa tillgångar", amount: report.totals.assets, level: 3, indent: 0 },
    { kind: "gap" },
    { kind: "gap" },
  );
  lines.push({ kind: "heading", text: "EGET KAPITAL OCH SKULDER" });
  for (const s of report.sections.equity_and_liabilities) lines.push(...sectionLines(s, 0, 2));
  lines.push({
    kind: "sum",
    text: "Summa eget kapital och skulder",
    amount: report.totals.equity_and_liabilities,
    level: 3,
    indent: 0,
  });
  return lines;
}

/** The income statement by nature of expense (ÅRL bilaga 2): each step's subtotal, then the running result. */
export function incomeStatementLines(report: ReturnType<typeof incomeStatement>): PdfLine[] {
  const byKey = new Map(report.sections.map((s) => [s.key, s]));
  const lines: PdfLine[] = [];
  let running = 0;
  INCOME_STATEMENT_STEPS.forEach((step, i) => {
    const sections = step.sections.map((k) => byKey.get(k)!);
    const stepOre = sections.reduce((t, s) => t + ore(s.total), 0);
    running += stepOre;
    const used = sections.filter((s) => s.accounts.length > 0);
    const last = i === INCOME_STATEMENT_STEPS.length - 1;
    if (step.name) {
      lines.push({ kind: "group", text: step.name });
      for (const s of used) lines.push(...sectionLines(s, 10, 1));
      if (used.length === 0) lines.push({ kind: "account", number: "", name: "Inga poster", amount: 0, indent: 20 });
      if (step.sum) lines.push({ kind: "sum", text: step.sum, amount: kronor(stepOre), level: 2, indent: 0 });
    } else {
      for (const s of used) lines.push(...sectionLines(s, 0, 2));
    }
    // the first result line (Rörelseresultat) and the last (Årets resultat) always show;
    // the ones between only when their step holds something
    if (step.result && (used.length > 0 || last || step.key === "operating_costs")) {
      lines.push({ kind: "sum", text: step.result, amount: kronor(running), level: 3, indent: 0 }, { kind: "gap" });
    }
  });
  return lines;
}

export function balanceSheetPdf(
  report: ReturnType<typeof balanceSheet>,
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
      preliminary: report.is_preliminary,
      lines: balanceSheetLines(report),
      generatedAt,
    },
    fileName: `balansrakning-${report.as_of}${preliminarySuffix(report.is_preliminary)}.pdf`,
  };
}

export function incomeStatementPdf(
  report: ReturnType<typeof incomeStatement>,
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
      amountHeading: `${report.from_date} – ${report.to_date}`,
      preliminary: report.is_preliminary,
      lines: incomeStatementLines(report),
      generatedAt,
    },
    fileName: `resultatrakning-${report.from_date}-${report.to_date}${preliminarySuffix(report.is_preliminary)}.pdf`,
  };
}
