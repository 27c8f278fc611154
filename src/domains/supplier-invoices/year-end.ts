// Kontantmetoden at the fiscal year's end (bokslutsmetoden), the supplier side. BFL 5 kap
// 2 § tredje stycket: under the cash method "vid räkenskapsårets utgång ska dock samtliga
// då obetalda fordringar och skulder bokföras" (BFN's vägledning BFNAR 2013:2, kapitel 3).
// The fiscal-periods domain posts these lines (its cash-method entry or its year-end); it
// gets them through the registry. A later payment settles them on 2440.
import type { Database } from "../../db/client";
import type { EngineLine } from "../../ledger/engine";
import { purchaseSettledInCash } from "../../ledger/posting-rules";
import { PAYABLES_ACCOUNT } from "../../sweden/invoicing";
import { loadCompany } from "../companies";
import { listPeriods, yearEndOfDocument } from "../fiscal-periods";
import { itemsOfSupplierInvoice, loadSupplierInvoice, openSupplierItemsAt } from "./queries";
import { purchaseOf } from "./service";
import { paidSekAt } from "./year-end-share";

/**
 * The lines booking each supplier invoice still unpaid at `date` (its year's last day)
 * that was not registered on 2440 (the cash method's: `registration_journal_entry_id`
 * null) and whose year this is (`yearEndOfDocument`): Debit its expense accounts and
 * input VAT (and the reverse charge and special payroll tax lines a payment would book)
 * / Credit 2440, for the share of the purchase the payments dated up to `date` have not
 * booked: the shares `purchaseSettledInCash` gives a payment. A payment after `date`
 * settles that share on 2440 (`payableBookedAtYearEnd`), so nothing is booked twice.
 */
export async function unpaidAtYearEndLines(db: Database, companyId: string, date: string): Promise<EngineLine[]> {
  const open = await openSupplierItemsAt(db, companyId, date);
  if (!open.length) return [];
  const deductible = (await loadCompany(db, companyId)).companies.vatRegistered;
  const periods = await listPeriods(db, companyId);
  const lines: EngineLine[] = [];
  for (const item of open) {
    const row = await loadSupplierInvoice(db, companyId, item.id);
    if (row.registrationJournalEntryId !== null || yearEndOfDocument(periods, row.invoiceDate) !== date) continue;
    const paidSek = await paidSekAt(db, row.id, date);
    if (row.totalSekOre <= paidSek) continue;
    const purchase = purchaseOf(row, await itemsOfSupplierInvoice(db, row.id), deductible);
    lines.push(
      ...purchaseSettledInCash(purchase, PAYABLES_ACCOUNT, 0, { beforeSek: paidSek, afterSek: row.totalSekOre }),
    );
  }
  return lines;
}
