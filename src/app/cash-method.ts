// Bokslutsmetoden's wiring: the cash method's year-end entry needs the company's method
// (companies) and the unpaid invoices' lines (invoices, supplier invoices), all above the
// fiscal-periods domain; its warnings need the VAT returns too. Used by the commands (the
// entry, the year-end, the VAT return's warnings) and the routes (readiness).
import * as companies from "../domains/companies";
import * as fiscalPeriods from "../domains/fiscal-periods";
import * as invoices from "../domains/invoices";
import * as supplierInvoices from "../domains/supplier-invoices";
import * as vatReturns from "../domains/vat-returns";
import type { Database } from "../db/client";
import type { FiscalPeriodRow } from "../ledger/engine";

/** Bokslutsmetoden: the company's accounting method and the invoices unpaid at the year's end. */
export const cashMethodSources: fiscalPeriods.CashMethodSources = {
  accountingMethodOf: async (db, companyId) => (await companies.loadCompany(db, companyId)).companies.accountingMethod,
  receivables: invoices.unpaidAtYearEndLines,
  payables: supplierInvoices.unpaidAtYearEndLines,
};

/** A cash-method year ended without its entry: the warning, and whether its last VAT return lacks it. */
export async function cashMethodWarnings(db: Database, companyId: string, period: FiscalPeriodRow, today: string) {
  const pending = await fiscalPeriods.pendingCashMethodEntry(db, companyId, cashMethodSources, period, today);
  if (!pending) return [];
  const lastReturn = await vatReturns.originalReturnEndingOn(db, companyId, period.periodEnd);
  return fiscalPeriods.cashMethodFindings(companyId, period, pending, lastReturn);
}
