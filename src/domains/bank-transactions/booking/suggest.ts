// suggest-categories: ranked suggestions for one transaction, from what this company
// already has, without any external service. In order of strength:
//   an open invoice whose OCR reference the payment carries            0.99
//   an open invoice / supplier invoice whose number is in the text      0.95
//   the merchant's remembered booking (counterparty template)          0.90 (used 3+ times) / 0.80
//   an open invoice / supplier invoice of exactly this amount          0.75
//   the category rules' keywords in the text (src/sweden)              0.60, then 0.50 ...
// A paid or credited document is never offered (it would be paid twice). A row that names one
// (its number or OCR) is that document's payment, booked already by its mark-paid: no other
// document is offered for its amount alone, and the response names the settled document
// (settled_documents), to be linked in the reconciliation instead.
import type { Database } from "../../../db/client";
import { loadCompany } from "../../companies";
import { openInvoicesForMatching, settledInvoicesNamed } from "../../invoices";
import { openSupplierInvoicesForMatching, settledSupplierInvoicesNamed } from "../../supplier-invoices";
import { loadTransaction, merchantKeyOf, templateByMerchant } from "../queries";
import {
  invoiceSuggestions,
  rankSuggestions,
  referenceWords,
  ruleSuggestions,
  type SettledDocument,
  type Suggestion,
  supplierInvoiceSuggestions,
  templateSuggestion,
} from "./rules";

export type { SettledDocument, Suggestion } from "./rules";

/** The documents the row names that are paid or credited already: invoices for an inflow, supplier invoices for an outflow. */
async function settledDocumentsNamed(
  db: Database,
  companyId: string,
  dir: "in" | "out",
  refs: string[],
): Promise<SettledDocument[]> {
  if (dir === "in")
    return (await settledInvoicesNamed(db, companyId, refs)).map((d) => ({
      invoice_id: d.id,
      number: d.invoiceNumber,
      status: d.status,
    }));
  return (await settledSupplierInvoicesNamed(db, companyId, refs)).map((d) => ({
    supplier_invoice_id: d.id,
    number: d.supplierInvoiceNumber,
    status: d.status,
  }));
}

export async function suggestCategories(
  db: Database,
  companyId: string,
  id: string,
): Promise<{ transaction_id: string; suggestions: Suggestion[]; settled_documents: SettledDocument[] }> {
  // load
  const tx = await loadTransaction(db, companyId, id);
  const text = `${tx.description} ${tx.reference ?? ""} ${tx.merchantName ?? ""}`;
  const dir = tx.amountOre > 0 ? "in" : "out";
  const [settled, invoices, supplierInvoices, template, { companies: company }] = await Promise.all([
    settledDocumentsNamed(db, companyId, dir, referenceWords(text, tx.ocrReferences)),
    dir === "in" ? openInvoicesForMatching(db, companyId) : [],
    dir === "out" ? openSupplierInvoicesForMatching(db, companyId) : [],
    templateByMerchant(db, companyId, merchantKeyOf(tx)),
    loadCompany(db, companyId),
  ]);
  // decide: the row pays a settled document, so another one of the same amount is not its payment
  const row = { ...tx, text };
  const byAmount = settled.length === 0;
  const suggestions = [
    ...(dir === "in"
      ? invoiceSuggestions(row, invoices, byAmount)
      : supplierInvoiceSuggestions(row, supplierInvoices, byAmount)),
    ...(template ? [templateSuggestion(template, tx.merchantName ?? tx.description)] : []),
    ...ruleSuggestions(text, dir, company.entityType),
  ];
  return { transaction_id: tx.id, suggestions: rankSuggestions(suggestions), settled_documents: settled };
}
