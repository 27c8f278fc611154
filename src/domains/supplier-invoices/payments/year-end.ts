// Kontantmetoden at the fiscal year's end (bokslutsmetoden), the supplier side. BFL 5 kap
// 2 § tredje stycket: under the cash method "vid räkenskapsårets utgång ska dock samtliga
// då obetalda fordringar och skulder bokföras" (BFN's vägledning BFNAR 2013:2, kapitel 3).
// The fiscal-periods domain posts these lines (its cash-method entry or its year-end); it
// gets them through the registry. A later payment settles them on 2440.
import type { Database } from "../../../db/client";
import type { EngineLine } from "../../../ledger/engine";
import { purchaseSettledInCash } from "../../../ledger/posting-rules";
import { PAYABLES_ACCOUNT } from "../../../sweden/invoicing";
import { loadCompany } from "../../companies";
import { unpaidLinesAtYearEnd } from "../../open-items";
import { itemsOfSupplierInvoice, loadSupplierInvoice, openSupplierItemsAt, type SupplierInvoiceRow } from "../queries";
import { purchaseOf } from "../registration/commands";
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
  return unpaidLinesAtYearEnd(
    db,
    companyId,
    date,
    open.map((o) => o.id),
    {
      load: (id) => loadSupplierInvoice(db, companyId, id),
      linesOf: (row) => unpaidLinesOf(db, row, date, deductible),
    },
  );
}

/** One cash-method supplier invoice's unpaid share at `date`, on 2440. */
async function unpaidLinesOf(
  db: Database,
  row: SupplierInvoiceRow,
  date: string,
  deductible: boolean,
): Promise<EngineLine[]> {
  if (row.registrationJournalEntryId !== null) return [];
  const paidSek = await paidSekAt(db, row.id, date);
  if (row.totalSekOre <= paidSek) return [];
  const purchase = purchaseOf(row, await itemsOfSupplierInvoice(db, row.id), deductible);
  return purchaseSettledInCash(purchase, PAYABLES_ACCOUNT, 0, { beforeSek: paidSek, afterSek: row.totalSekOre });
}
