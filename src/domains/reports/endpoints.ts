// The report endpoints as the OpenAPI document shows them: path, what each accepts and
// what it answers. routes.ts gives each its handler.
import { z } from "@hono/zod-openapi";
import { defineRoute } from "../../http/route";
import * as s from "./schemas";

const BASE = "/api/v1/companies/{companyId}/reports";
const Params = z.object({ companyId: z.string() });

/** A report: a company-scoped GET under BASE with the reports:read scope. */
function reportRoute<Q extends z.ZodObject>(
  path: string,
  spec: { summary: string; description?: string; query: Q; response: z.ZodType | null },
) {
  return defineRoute({
    tag: "Reports",
    scope: "reports:read",
    company: true,
    params: Params,
    method: "get",
    path: `${BASE}/${path}`,
    ...spec,
  });
}

export const trialBalance = reportRoute("trial-balance", {
  summary: "Trial balance: opening, movement and closing per account",
  description:
    "opening_balance is the period's opening entry (from #IB or opening balances); to_date (inside the period) limits the movement.",
  query: s.TrialBalanceQuery,
  response: s.TrialBalanceSchema,
});

export const arLedger = reportRoute("ar-ledger", {
  summary: "Accounts receivable (kundreskontra) with aging per customer",
  description:
    "Invoices still owed at as_of_date (default today UTC): sent by then, less payments and credit notes dated up to then; at today exactly the sent, overdue and partially_paid invoices. " +
    "Buckets by days past due: 0-30 (including not yet due, also shown as not_yet_due), 31-60, 61-90, 90+. Amounts in SEK at each invoice's booked rate.",
  query: s.LedgerQuery,
  response: s.ArLedgerSchema,
});

export const supplierLedger = reportRoute("supplier-ledger", {
  summary: "Accounts payable (leverantörsreskontra) with aging per supplier",
  description:
    "Supplier invoices still owed at as_of_date (default today UTC): registered by then, less payments and credit notes dated up to then (registered, approved, partially_paid, overdue and disputed at today). " +
    "Same buckets and SEK valuation as ar-ledger.",
  query: s.LedgerQuery,
  response: s.SupplierLedgerSchema,
});

export const balanceSheet = reportRoute("balance-sheet", {
  summary: "Balance sheet (balansräkning) at a date",
  description:
    "period_id required; as_of or to_date (one of, inside the period; default the period end); from_date is not accepted. Input VAT (2640-2649, and 2650 with a debit balance) is shown among current_receivables, not as a negative liability.",
  query: s.BalanceSheetQuery,
  response: s.BalanceSheetSchema,
});

export const balanceSheetPdf = reportRoute("balance-sheet/pdf", {
  summary: "Balance sheet as PDF",
  description:
    "Laid out as a Swedish balansräkning (TILLGÅNGAR with Anläggningstillgångar and Omsättningstillgångar subtotals, Summa tillgångar, EGET KAPITAL OCH SKULDER), DejaVu Sans embedded so any name prints; a running header and page numbers on every page. Refused with REPORT_GENERATION_FAILED when assets and equity plus liabilities differ by 1 krona or more. Marked preliminary while the period is open.",
  query: s.BalanceSheetQuery,
  response: null,
});

export const incomeStatement = reportRoute("income-statement", {
  summary: "Income statement (resultaträkning)",
  description:
    "period_id required; from_date and to_date inside the period (default: the whole period). " +
    "Sections by BAS group in the order of ÅRL bilaga 2; BAS's free groups 85-87 count among the financial items; the closing accounts 8990-8999 are not shown.",
  query: s.IncomeStatementQuery,
  response: s.IncomeStatementSchema,
});

export const incomeStatementPdf = reportRoute("income-statement/pdf", {
  summary: "Income statement as PDF",
  description:
    "Kostnadsslagsindelad resultaträkning (ÅRL bilaga 2): rörelseintäkter and rörelsekostnader with subtotals, Rörelseresultat, Resultat efter finansiella poster, Resultat före skatt, Årets resultat; a running header and page numbers. Marked preliminary while the period is open.",
  query: s.IncomeStatementQuery,
  response: null,
});

export const generalLedger = reportRoute("general-ledger", {
  summary: "General ledger (huvudbok): posted lines by account with opening, running and closing balance",
  description:
    "Without limit, the whole account range in one answer. With limit (1-10000 lines) it is paged: meta.next_cursor continues it, " +
    "each page holds the accounts its lines touch (and those with only an opening balance in its span), running balances carry on " +
    "across pages, closing_balance is always the account's closing balance for the period, and `continues` marks an account whose lines go on in the next page.",
  query: s.GeneralLedgerQuery,
  response: s.GeneralLedgerSchema,
});

export const journalRegister = reportRoute("journal-register", {
  summary: "Journal register (verifikationslista): every posted entry with all lines, by series and number",
  description: "Paged by cursor (limit 1-1000, default 200).",
  query: s.JournalRegisterQuery,
  response: s.JournalRegisterSchema,
});

export const continuityCheck = reportRoute("continuity-check", {
  summary: "Opening balances against the prior period's closing balances (balance accounts)",
  query: s.PeriodQuery,
  response: s.ContinuityCheckSchema,
});

export const vatDeclaration = reportRoute("vat-declaration", {
  summary: "Momsdeklaration (SKV 4700): boxes 05-62 and 49 from the BAS VAT accounts",
  description:
    "Either period_id (optionally narrowed by from_date/to_date inside it) or from_date and to_date. Amounts in whole kronor. " +
    "box 49 = 10+11+12+30+31+32+60+61+62-48; positive is to pay, negative to get back. " +
    "Made of the taxable events dated in the range: the VAT settlement entries (an entry with a line on 2650 and no result-account line but 3740 öresavrundning: the transfer of 2610-2649 to 2650, its payment) are left out wherever they are dated, so booking the transfer changes no box.",
  query: s.VatDeclarationQuery,
  response: s.VatDeclarationSchema,
});

export const monthlyBreakdown = reportRoute("monthly-breakdown", {
  summary: "Revenue, costs and result per month of the period",
  description:
    "Revenue and costs by BAS account type (class 3 and 80-83 revenue; 4-7 and 84-89 costs); the closing accounts 8990-8999 are left out, so the result is the income statement's.",
  query: s.PeriodQuery,
  response: s.MonthlyBreakdownSchema,
});

export const sieExport = reportRoute("sie-export", {
  summary: "SIE 4 file of a fiscal period (CP437)",
  description:
    "#FLAGGA, #FORMAT PC8, #SIETYP 4, #PROGRAM, #GEN, #FNAMN, #ORGNR, #RAR (this and the prior year), #KONTO, #KTYP, #SRU, #DIM/#OBJEKT, #IB, #UB, #RES, #PSALDO and #VER with #TRANS.",
  query: s.PeriodQuery,
  response: null,
});
