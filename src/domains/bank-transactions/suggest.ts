// suggest-categories: ranked suggestions for one transaction, from what this company
// already has, without any external service. In order of strength:
//   an open invoice whose OCR reference the payment carries            0.99
//   an open invoice / supplier invoice whose number is in the text      0.95
//   the merchant's remembered booking (counterparty template)          0.90 (used 3+ times) / 0.80
//   an open invoice / supplier invoice of exactly this amount          0.75
//   the category rules' keywords in the text (src/sweden)              0.60, then 0.50 ...
import type { Database } from "../../db/client";
import { CATEGORY_RULES, categoriesFromText, type VatTreatment } from "../../sweden/bank-categories";
import { loadCompany } from "../companies";
import { openInvoicesForMatching } from "../invoices";
import { openSupplierInvoicesForMatching } from "../supplier-invoices";
import { invoiceOcrs } from "./ingest";
import { hasWord, loadTransaction, merchantKeyOf, templateByMerchant } from "./queries";

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

const ore = (kr: number) => Math.round(kr * 100);

export async function suggestCategories(
  db: Database,
  companyId: string,
  id: string,
): Promise<{ transaction_id: string; suggestions: Suggestion[] }> {
  const tx = await loadTransaction(db, companyId, id);
  const text = `${tx.description} ${tx.reference ?? ""} ${tx.merchantName ?? ""}`;
  const dir = tx.amountOre > 0 ? "in" : "out";
  const out: Suggestion[] = [];

  if (dir === "in") {
    for (const inv of await openInvoicesForMatching(db, companyId)) {
      const remaining = ore(inv.remaining_amount);
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
      else if (sameAmount)
        out.push({
          ...base,
          confidence: 0.75,
          reason: `open invoice ${inv.invoice_number} (${inv.customer_name}) has this remaining amount, ${inv.remaining_amount} ${inv.currency}`,
        });
    }
  } else {
    for (const si of await openSupplierInvoicesForMatching(db, companyId)) {
      const remaining = ore(si.remaining_amount);
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
      else if (sameAmount)
        out.push({
          ...base,
          confidence: 0.75,
          reason: `open supplier invoice ${si.supplier_invoice_number} (${si.supplier_name}) has this remaining amount, ${si.remaining_amount} ${si.currency}`,
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
  };
}
