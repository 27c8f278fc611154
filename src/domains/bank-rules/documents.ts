// The open invoices and supplier invoices a rules run sets against its rows, read once a run,
// and each row's candidates as the bank suggestions rank them (bank-transactions' own
// invoiceSuggestions / supplierInvoiceSuggestions: one ranking, not a second).
import type { Database } from "../../db/client";
import { invoiceSuggestions, supplierInvoiceSuggestions, type BankTransactionRow } from "../bank-transactions";
import { openInvoicesForMatching } from "../invoices";
import { openSupplierInvoicesForMatching } from "../supplier-invoices";
import type { DocumentCandidate, PartyItem } from "./rules";

export interface OpenDocuments {
  invoices: Awaited<ReturnType<typeof openInvoicesForMatching>>;
  supplierInvoices: Awaited<ReturnType<typeof openSupplierInvoicesForMatching>>;
}

export async function openDocuments(db: Database, companyId: string): Promise<OpenDocuments> {
  const [invoices, supplierInvoices] = await Promise.all([
    openInvoicesForMatching(db, companyId),
    openSupplierInvoicesForMatching(db, companyId),
  ]);
  return { invoices, supplierInvoices };
}

/** The documents the row may pay: invoices for money in, supplier invoices for money out. */
export function candidatesFor(tx: BankTransactionRow, docs: OpenDocuments): DocumentCandidate[] {
  const row = { ...tx, text: `${tx.description} ${tx.reference ?? ""} ${tx.merchantName ?? ""}` };
  if (tx.amountOre > 0) {
    const names = new Map(docs.invoices.map((i) => [i.id, i.customer_name]));
    return invoiceSuggestions(row, docs.invoices, true).map((s) => ({
      kind: "invoice" as const,
      id: s.invoice_id as string,
      confidence: s.confidence,
      partyName: names.get(s.invoice_id as string) ?? null,
      reason: s.reason,
    }));
  }
  const names = new Map(docs.supplierInvoices.map((i) => [i.id, i.supplier_name]));
  return supplierInvoiceSuggestions(row, docs.supplierInvoices, true).map((s) => ({
    kind: "supplier_invoice" as const,
    id: s.supplier_invoice_id as string,
    confidence: s.confidence,
    partyName: names.get(s.supplier_invoice_id as string) ?? null,
    reason: s.reason,
  }));
}

const ore = (kr: number) => Math.round(kr * 100);

/** The open items of one customer (invoices) or supplier (supplier invoices). */
export function partyItems(docs: OpenDocuments, party: "customer" | "supplier", partyId: string): PartyItem[] {
  const list =
    party === "customer"
      ? docs.invoices.filter((i) => i.customer_id === partyId)
      : docs.supplierInvoices.filter((i) => i.supplier_id === partyId);
  return list.map((i) => ({
    id: i.id,
    remainingOre: ore(i.remaining_amount),
    currency: i.currency,
    dueDate: i.due_date ?? null,
  }));
}
