// The income statement by dimension as a PDF (table-pdf.ts draws it): a column per object (and
// "Utan objekt") or per month, and the total, landscape; ÅRL bilaga 2's sections with their
// accounts, each section's sum and the steps (bruttovinst, rörelseresultat, resultat efter
// finansiella poster, årets resultat) where the income statement has them; against a budget,
// each column is three (Utfall, Budget, Avvikelse = outcome less budget), kept together when
// the table is cut into bands. Decides the rows only; no I/O.
import { formatSek } from "../../../money";
import { GROSS_MARGIN_KEYS, INCOME_SECTIONS, OPERATING_KEYS } from "../../../sweden/report-layout";
import type { TableReport, TableRow } from "../table-pdf";
import type { Figures } from "./rules";

export interface DimensionStatement {
  period: { period_start: string; period_end: string };
  from_date: string;
  to_date: string;
  is_preliminary: boolean;
  dimension: { id: number; name: string };
  budget: { id: string; name: string } | null;
  columns: { key: string; label: string; object: string | null; month: string | null }[];
  sections: (Figures & {
    key: string;
    name: string;
    accounts: unknown[];
  })[];
  gross_margin: Figures;
  operating_result: Figures;
  result_after_financial_items: Figures;
  net_result: Figures;
}

type AccountRow = Figures & { account_number: string; name: string | null };

/** A row's figures: per column the outcome, or with a budget its three (outcome, budget, difference). */
function cells(f: Figures): string[] {
  if (!f.budget || !f.difference) return [...f.amounts.map(formatSek), formatSek(f.total)];
  const { budget, difference } = f;
  const triples = f.amounts.flatMap((amount, i) => [amount, budget[i], difference[i]]);
  return [...triples, f.total, f.budget_total ?? 0, f.difference_total ?? 0].map(formatSek);
}

/** The step (a subtotal of the income statement) that follows a section, if one does. */
function stepAfter(r: DimensionStatement, key: string): TableRow | null {
  const last = (keys: readonly string[]) => keys[keys.length - 1] === key;
  if (last(GROSS_MARGIN_KEYS)) return { kind: "sum", label: "Bruttovinst", cells: cells(r.gross_margin) };
  if (last(OPERATING_KEYS)) return { kind: "sum", label: "Rörelseresultat", cells: cells(r.operating_result) };
  if (key === "financial_items")
    return {
      kind: "sum",
      label: "Resultat efter finansiella poster",
      cells: cells(r.result_after_financial_items),
    };
  return null;
}

export function dimensionRows(r: DimensionStatement): TableRow[] {
  const rows: TableRow[] = [];
  for (const s of r.sections) {
    const accounts = s.accounts as AccountRow[];
    if (accounts.length) {
      rows.push({ kind: "group", text: s.name });
      for (const a of accounts)
        rows.push({ kind: "row", label: `${a.account_number} ${a.name ?? ""}`.trim(), cells: cells(a) });
      rows.push({ kind: "sum", label: `Summa ${s.name.toLowerCase()}`, cells: cells(s) }, { kind: "gap" });
    }
    const step = INCOME_SECTIONS.some((x) => x.key === s.key) ? stepAfter(r, s.key) : null;
    if (step) rows.push(step, { kind: "gap" });
  }
  rows.push({ kind: "sum", label: "Årets resultat", cells: cells(r.net_result), strong: true });
  return rows;
}

/** A month column's heading: 2026-03 → "mar 2026". */
const MONTHS = ["jan", "feb", "mar", "apr", "maj", "jun", "jul", "aug", "sep", "okt", "nov", "dec"];
const heading = (c: DimensionStatement["columns"][number]) =>
  c.month
    ? `${MONTHS[Number(c.month.slice(5, 7)) - 1]}\n${c.month.slice(0, 4)}`
    : c.object
      ? `${c.object}\n${c.label}`
      : c.label;

/** The headings: a column each, or with a budget three (Utfall under the column's name, Budget, Avvikelse). */
function headings(r: DimensionStatement): string[] {
  const names = [...r.columns.map(heading), "Totalt"];
  return r.budget ? names.flatMap((name) => [`${name}\nUtfall`, "Budget", "Avvikelse"]) : names;
}

export function dimensionStatementPdf(
  r: DimensionStatement,
  company: { name: string; orgNumber: string | null },
  generatedAt: string,
): { pdf: TableReport; fileName: string } {
  const against = r.budget ? `, budget ${r.budget.name}` : "";
  return {
    pdf: {
      title: `Resultaträkning per ${r.dimension.name.toLowerCase()}${r.budget ? " mot budget" : ""}`,
      companyName: company.name,
      orgNumber: company.orgNumber,
      periodLabel: `${r.from_date} – ${r.to_date} (räkenskapsår ${r.period.period_start} – ${r.period.period_end})${against}`,
      columns: headings(r),
      columnGroup: r.budget ? 3 : 1,
      rows: dimensionRows(r),
      preliminary: r.is_preliminary,
      landscape: true,
      labelWidth: 150,
      generatedAt,
    },
    fileName: `resultatrakning-dimension-${r.dimension.id}-${r.from_date}-${r.to_date}${r.is_preliminary ? "-preliminar" : ""}.pdf`,
  };
}
