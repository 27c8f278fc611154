// The balance sheet and income statement as printable documents (pdf.ts renders them).
// A balance sheet whose sides differ by 1 krona or more is refused rather than printed:
// a document that looks final must not hide books that do not balance.
import { ApiError } from "../../http/api-error";
import type { balanceSheet, incomeStatement } from "./builders";
import type { PdfReport } from "./pdf";
import type { companyHeading } from "./queries";

type Company = Awaited<ReturnType<typeof companyHeading>>;
type ReportSection = ReturnType<typeof incomeStatement>["sections"][number];

function pdfSection(s: ReportSection) {
  return { name: s.name, rows: s.accounts.map((a) => ({ label: `${a.account_number} ${a.name ?? ""}`.trim(), amount: a.amount })), total: s.total };
}

const preliminarySuffix = (preliminary: boolean) => (preliminary ? "-preliminar" : "");

export function balanceSheetPdf(report: ReturnType<typeof balanceSheet>, company: Company, generatedAt: string): { pdf: PdfReport; fileName: string } {
  if (Math.abs(report.differenceOre) >= 100) {
    throw new ApiError("REPORT_GENERATION_FAILED", { reason: "unbalanced", difference: report.totals.difference }, "Assets and equity plus liabilities differ by 1 krona or more.");
  }
  return {
    pdf: {
      title: "Balansräkning",
      companyName: company.name,
      orgNumber: company.orgNumber,
      periodLabel: `Räkenskapsår ${report.period.name}, per ${report.as_of}`,
      preliminary: report.is_preliminary,
      sections: [...report.sections.assets.map(pdfSection), ...report.sections.equity_and_liabilities.map(pdfSection)],
      summary: [
        { label: "Summa tillgångar", amount: report.totals.assets },
        { label: "Summa eget kapital och skulder", amount: report.totals.equity_and_liabilities },
      ],
      generatedAt,
    },
    fileName: `balansrakning-${report.as_of}${preliminarySuffix(report.is_preliminary)}.pdf`,
  };
}

export function incomeStatementPdf(report: ReturnType<typeof incomeStatement>, company: Company, generatedAt: string): { pdf: PdfReport; fileName: string } {
  return {
    pdf: {
      title: "Resultaträkning",
      companyName: company.name,
      orgNumber: company.orgNumber,
      periodLabel: `Räkenskapsår ${report.period.name}, ${report.from_date} – ${report.to_date}`,
      preliminary: report.is_preliminary,
      sections: report.sections.map(pdfSection),
      summary: [
        { label: "Bruttovinst", amount: report.grossMargin },
        { label: "Rörelseresultat", amount: report.operatingResult },
        { label: "Resultat efter finansiella poster", amount: report.resultAfterFinancialItems },
        { label: "Årets resultat", amount: report.netResult },
      ],
      generatedAt,
    },
    fileName: `resultatrakning-${report.from_date}-${report.to_date}${preliminarySuffix(report.is_preliminary)}.pdf`,
  };
}
