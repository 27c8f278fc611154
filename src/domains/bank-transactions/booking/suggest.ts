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
import { CATEGORY_RULES, categoriesFromText, type VatTreatment } from "../../../sweden/bank-categories";
import { loadCompany } from "../../companies";
import { openInvoicesForMatching, settledInvoicesNamed } from "../../invoices";
import { openSupplierInvoicesForMatching, settledSupplierInvoicesNamed } from "../../supplier-invoices";
import { invoiceOcrs } from "../imports/ingest";
import { hasWord, loadTransaction, merchantKeyOf, templateByMerchant } from "../queries";

export interface Suggestion {
  category: string;
  account_number: string;
  vat_treatment: VatTreatment;
  confidence: number;
  reason: string;
  invoice_id?: string;
  supplier_invoice_id?: string;
  template_id?: string;
}

/** A document the row names that is already paid or credited. */
export interface SettledDocument {
  invoice_id?: string;
  supplier_invoice_id?: string;
  number: string | null;
  status: string;
}

const ore = (kr: number) => Math.round(kr * 100);

/** The words of the row that could be a document's number or OCR: its text split on spaces and separators, and its OCR references. */
function referenceWords(text: string, ocrs: string[]): string[] {
  const words = text
    .split(/[\s,;:()"']+/)
    .map((w) => w.replace(/[.]+$/, ""))
    .filter((w) => w.length >= 2);
  return [...new Set([...ocrs, ...words])].slice(0, 60);
}

export async function suggestCategories(
  db: Database,
  companyId: string,
  id: string,
): Promise<{ transaction_id: string; suggestions: Suggestion[]; settled_documents: SettledDocument[] }> {
  const tx = await loadTransaction(db, companyId, id);
  const text = `${tx.description} ${tx.reference ?? ""} ${tx.merchantName ?? ""}`;
  const dir = tx.amountOre > 0 ? "in" : "out";
  const out: Suggestion[] = [];
  const refs = referenceWords(text, tx.ocrReferences);
  const settled: SettledDocument[] =
    dir === "in"
      ? (await settledInvoicesNamed(db, companyId, refs)).map((d) => ({
          invoice_id: d.id,
          number: d.invoiceNumber,
          status: d.status,
        }))
      : (await settledSupplierInvoicesNamed(db, companyId, refs)).map((d) => ({
          supplier_invoice_id: d.id,
          number: d.supplierInvoiceNumber,
          status: d.status,
        }));
  // the row pays a settled document: another one of the same amount is not its payment
  const byAmount = settled.length === 0;

  if (dir === "in") {
    for (const inv of await openInvoicesForMatching(db, companyId)) {
      const remaining = ore(inv.remaining_amount);
      if (remaining <= 0 || inv.status === "paid" || inv.status === "credited") continue;
      const sameAmount =
        (inv.currency === tx.currency && remaining === tx.amountOre) ||
        (inv.currency === tx.currencyForeign && remaining === tx.amountForeignOre);
      const ocr = invoiceOcrs(inv).find((o) => tx.ocrReferences.includes(o) || hasWord(text, o));
      const byNumber = inv.invoice_number ? hasWord(text, inv.invoice_number) : false;
      const base = {
        category: "invoice_payment",
        account_number: "1510",
        vat_treatment: "none" as const,
        invoice_id: inv.id,
      };
      if (ocr)
        out.push({
          ...base,
          confidence: 0.99,
          reason: `OCR reference ${ocr} belongs to invoice ${inv.invoice_number} (${inv.customer_name})`,
        });
      else if (byNumber)
        out.push({
          ...base,
          confidence: sameAmount ? 0.97 : 0.95,
          reason: `the text names invoice ${inv.invoice_number} (${inv.customer_name})${sameAmount ? ", same amount" : ""}`,
        });
      else if (sameAmount && byAmount)
        out.push({
          ...base,
          confidence: 0.75,
          reason: `open invoice ${inv.invoice_number} (${inv.customer_name}) has this remaining amount, ${inv.remaining_amount} ${inv.currency}`,
        });
    }
  } else {
    for (const si of await openSupplierInvoicesForMatching(db, companyId)) {
      const remaining = ore(si.remaining_amount);
      if (remaining <= 0 || si.status === "paid" || si.status === "credited") continue;
      const sameAmount =
        (si.currency === tx.currency && remaining === -tx.amountOre) ||
        (tx.amountForeignOre !== null && si.currency === tx.currencyForeign && remaining === -tx.amountForeignOre);
      const ref = [si.payment_reference, si.supplier_invoice_number].find((r) => r && hasWord(text, r));
      const base = {
        category: "supplier_invoice_payment",
        account_number: "2440",
        vat_treatment: "none" as const,
        supplier_invoice_id: si.id,
      };
      if (ref)
        out.push({
          ...base,
          confidence: sameAmount ? 0.97 : 0.95,
          reason: `the text names ${si.supplier_name}'s invoice reference ${ref}${sameAmount ? ", same amount" : ""}`,
        });
      else if (sameAmount && byAmount)
        out.push({
          ...base,
          confidence: 0.75,
          reason:
            `open supplier invoice ${si.supplier_invoice_number} (${si.supplier_name}) has this remaining amount, ` +
            `${si.remaining_amount} ${si.currency}`,
        });
    }
  }

  const template = await templateByMerchant(db, companyId, merchantKeyOf(tx));
  if (template) {
    out.push({
      category: template.category ?? "custom",
      account_number: template.accountNumber,
      vat_treatment: template.vatTreatment as VatTreatment,
      confidence: template.useCount >= 3 ? 0.9 : 0.8,
      reason: `${tx.merchantName ?? tx.description} has been booked to ${template.accountNumber} ${template.useCount} time(s)`,
      template_id: template.id,
    });
  }

  const { companies: company } = await loadCompany(db, companyId);
  categoriesFromText(text, dir).forEach((c, i) => {
    const rule = CATEGORY_RULES[c];
    out.push({
      category: c,
      account_number: rule.account(dir, company.entityType),
      vat_treatment: rule.vat,
      confidence: Math.max(0.3, 0.6 - i * 0.1),
      reason: `the text points to ${rule.label_sv} (category rule ${c})`,
    });
  });

  const seen = new Set<string>();
  const ranked = out
    .sort((a, b) => b.confidence - a.confidence)
    .filter((s) => {
      const k = `${s.category}|${s.account_number}|${s.invoice_id ?? ""}|${s.supplier_invoice_id ?? ""}`;
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    })
    .slice(0, 10);
  return {
    transaction_id: tx.id,
    suggestions: ranked.map((s) => ({ ...s, confidence: Math.round(s.confidence * 100) / 100 })),
    settled_documents: settled,
  };
}
