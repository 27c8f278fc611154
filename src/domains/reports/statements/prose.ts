// The OpenAPI prose of routes.ts, kept out of the route constants (issue #42).
import { prose } from "../../../http/prose";

export const PROSE = {
  balanceSheetDescription: prose`
    period_id required; as_of or to_date (one of, inside the period; default the period end);
    from_date is not accepted. The VAT accounts 2610-2650 are shown net, as the annual report
    and INK2R show them: all among current_receivables when their sum is a claim on
    Skatteverket, else all among current_liabilities.
  `,
  balanceSheetPdfDescription: prose`
    Laid out as a Swedish balansräkning (TILLGÅNGAR with Anläggningstillgångar and
    Omsättningstillgångar subtotals, Summa tillgångar, EGET KAPITAL OCH SKULDER), DejaVu Sans
    embedded so any name prints; a running header and page numbers on every page. Refused with
    REPORT_GENERATION_FAILED when assets and equity plus liabilities differ by 1 krona or more.
    Marked preliminary while the period is open.
  `,
  incomeStatementPdfDescription: prose`
    Kostnadsslagsindelad resultaträkning (ÅRL bilaga 2): rörelseintäkter and rörelsekostnader
    with subtotals, Rörelseresultat, Resultat efter finansiella poster, Resultat före skatt,
    Årets resultat; a running header and page numbers. Marked preliminary while the period is
    open.
  `,
  monthlyBreakdownDescription: prose`
    Revenue and costs by BAS account type (class 3 and 80-83 revenue; 4-7 and 84-89 costs); the
    closing accounts 8990-8999 are left out, so the result is the income statement's.
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  balanceSheet: {
    summary: "Balance sheet (balansräkning) at a date",
    description: PROSE.balanceSheetDescription,
  },
  balanceSheetPdf: {
    summary: "Balance sheet as PDF",
    description: PROSE.balanceSheetPdfDescription,
  },
  incomeStatement: {
    summary: "Income statement (resultaträkning)",
  },
  incomeStatementPdf: {
    summary: "Income statement as PDF",
    description: PROSE.incomeStatementPdfDescription,
  },
  monthlyBreakdown: {
    summary: "Revenue, costs and result per month of the period",
    description: PROSE.monthlyBreakdownDescription,
  },
};
