// The cash-flow statement as a PDF page (pdf.ts draws it): K3 kapitel 7's sections with their
// lines and subtotals, this year's figures beside the previous year's (ÅRL 3 kap. 5 §), and the
// reconciliation to cash and bank at the foot; and the key ratios as a table, each ratio with its
// formula and figures under it. Decides the lines only; no I/O.
import { formatSek } from "../../../money";
import type { PdfLine, PdfReport } from "../pdf";
import type { TableReport, TableRow } from "../table-pdf";
import type { cashFlowJson, keyRatiosJson } from "./rules";

type CashFlow = ReturnType<typeof cashFlowJson> & {
  period: { period_start: string; period_end: string };
  from_date: string;
  to_date: string;
};

interface Company {
  name: string;
  orgNumber: string | null;
}

type Line = { key: string; name: string; amount: number };

function block(lines: Line[], prior: Line[] | null): PdfLine[] {
  return lines.map((l) => ({
    kind: "account",
    number: "",
    name: l.name,
    amount: l.amount,
    prior: prior ? (prior.find((p) => p.key === l.key)?.amount ?? null) : null,
    indent: 10,
  }));
}

const sum = (text: string, amount: number, prior: number | null, level: 1 | 2 | 3): PdfLine => ({
  kind: "sum",
  text,
  amount,
  prior,
  level,
  indent: 0,
});

export function cashFlowLines(r: CashFlow, p: CashFlow | null): PdfLine[] {
  const at = <T>(pick: (x: CashFlow) => T) => (p ? pick(p) : null);
  return [
    { kind: "group", text: "Den löpande verksamheten" },
    ...block(
      r.operating.lines,
      at((x) => x.operating.lines),
    ),
    sum(
      "Kassaflöde före förändringar av rörelsekapital",
      r.operating.before_working_capital,
      at((x) => x.operating.before_working_capital),
      1,
    ),
    ...block(
      r.operating.working_capital,
      at((x) => x.operating.working_capital),
    ),
    sum(
      "Kassaflöde från den löpande verksamheten",
      r.operating.total,
      at((x) => x.operating.total),
      2,
    ),
    { kind: "gap" },
    { kind: "group", text: "Investeringsverksamheten" },
    ...block(
      r.investing.lines,
      at((x) => x.investing.lines),
    ),
    sum(
      "Kassaflöde från investeringsverksamheten",
      r.investing.total,
      at((x) => x.investing.total),
      2,
    ),
    { kind: "gap" },
    { kind: "group", text: "Finansieringsverksamheten" },
    ...block(
      r.financing.lines,
      at((x) => x.financing.lines),
    ),
    sum(
      "Kassaflöde från finansieringsverksamheten",
      r.financing.total,
      at((x) => x.financing.total),
      2,
    ),
    { kind: "gap" },
    sum(
      "Periodens kassaflöde",
      r.cash_flow,
      at((x) => x.cash_flow),
      3,
    ),
    sum(
      "Likvida medel vid periodens början",
      r.cash_at_start,
      at((x) => x.cash_at_start),
      1,
    ),
    sum(
      "Likvida medel vid periodens slut",
      r.cash_at_end,
      at((x) => x.cash_at_end),
      3,
    ),
  ];
}

export function cashFlowPdf(
  r: CashFlow & { is_preliminary: boolean },
  prior: CashFlow | null,
  company: Company,
  generatedAt: string,
): { pdf: PdfReport; fileName: string } {
  return {
    pdf: {
      title: "Kassaflödesanalys",
      companyName: company.name,
      orgNumber: company.orgNumber,
      periodLabel: `${r.from_date} – ${r.to_date} (räkenskapsår ${r.period.period_start} – ${r.period.period_end})`,
      amountHeading: `${r.from_date} –\n${r.to_date}`,
      priorHeading: prior ? `${prior.from_date} –\n${prior.to_date}` : "Föregående år",
      preliminary: r.is_preliminary,
      lines: cashFlowLines(r, prior),
      generatedAt,
    },
    fileName: `kassaflodesanalys-${r.from_date}-${r.to_date}${r.is_preliminary ? "-preliminar" : ""}.pdf`,
  };
}

// ---- the key ratios (table-pdf.ts draws them): a ratio a row, this year's and the previous year's ----

type KeyRatios = ReturnType<typeof keyRatiosJson> & {
  period: { period_start: string; period_end: string };
  from_date: string;
  to_date: string;
};

/** 12.3 → "12,3 %"; null (no denominator above zero) → "–". */
const percentText = (v: number | null) => (v === null ? "–" : `${formatSek(v).slice(0, -1)} %`);

export function keyRatioRows(r: KeyRatios, p: KeyRatios | null): TableRow[] {
  const prior = <T>(pick: (x: KeyRatios) => T) => (p ? pick(p) : null);
  const figure = (label: string, pick: (x: KeyRatios) => number): TableRow => ({
    kind: "row",
    label,
    cells: [formatSek(pick(r)), p ? formatSek(pick(p)) : ""],
  });
  const rows: TableRow[] = [{ kind: "group", text: "Nyckeltal" }];
  for (const k of r.ratios) {
    const before = prior((x) => x.ratios.find((y) => y.key === k.key) ?? null);
    rows.push(
      { kind: "row", label: k.name, cells: [percentText(k.percent), before ? percentText(before.percent) : ""] },
      { kind: "note", text: `${k.formula}: ${formatSek(k.numerator)} / ${formatSek(k.denominator)} kr` },
    );
  }
  rows.push(
    { kind: "gap" },
    { kind: "group", text: "Underlag (kr)" },
    figure("Nettoomsättning", (x) => x.figures.net_sales),
    figure("Rörelseresultat", (x) => x.figures.operating_result),
    figure("Resultat efter finansiella poster", (x) => x.figures.result_after_financial_items),
    figure("Finansiella kostnader", (x) => x.figures.financial_costs),
  );
  return rows;
}

export function keyRatiosPdf(
  r: KeyRatios & { is_preliminary: boolean },
  prior: KeyRatios | null,
  company: Company,
  generatedAt: string,
): { pdf: TableReport; fileName: string } {
  return {
    pdf: {
      title: "Nyckeltal",
      companyName: company.name,
      orgNumber: company.orgNumber,
      periodLabel: `${r.from_date} – ${r.to_date} (räkenskapsår ${r.period.period_start} – ${r.period.period_end})`,
      columns: [`${r.from_date} –\n${r.to_date}`, prior ? `${prior.from_date} –\n${prior.to_date}` : "Föregående år"],
      rows: keyRatioRows(r, prior),
      preliminary: r.is_preliminary,
      landscape: false,
      labelWidth: 300,
      generatedAt,
    },
    fileName: `nyckeltal-${r.from_date}-${r.to_date}${r.is_preliminary ? "-preliminar" : ""}.pdf`,
  };
}
