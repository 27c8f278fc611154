// The booking suggestions for a bank row decided without I/O (suggest.ts reads, this ranks):
// an open invoice whose OCR reference the row carries, a document whose number the text names,
// the merchant's remembered booking, a document of exactly this amount, the category rules.
import { CATEGORY_RULES, categoriesFromText, invoiceOcr, type VatTreatment } from "../../../sweden/bank-categories";

/** The OCR references an invoice is paid with: its own OCR number, and its number's digits with a Luhn check digit. */
export function invoiceOcrs(inv: { ocr_number?: string | null; invoice_number: string | null }): string[] {
  const out: string[] = [];
  if (inv.ocr_number) out.push(inv.ocr_number);
  const derived = inv.invoice_number ? invoiceOcr(inv.invoice_number) : null;
  if (derived && !out.includes(derived)) out.push(derived);
  return out;
}

/** Whether `word` stands on its own in `text` (letters and digits around it count as part of a word). */
export function hasWord(text: string, word: string): boolean {
  if (word.length < 2) return false;
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![\\p{L}\\d])${escaped}(?![\\p{L}\\d])`, "iu").test(text);
}

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
export function referenceWords(text: string, ocrs: string[]): string[] {
  const words = text
    .split(/[\s,;:()"']+/)
    .map((w) => w.replace(/[.]+$/, ""))
    .filter((w) => w.length >= 2);
  return [...new Set([...ocrs, ...words])].slice(0, 60);
}

/** The bank row as the suggestions read it. */
export interface SuggestedRow {
  text: string;
  amountOre: number;
  currency: string;
  currencyForeign: string | null;
  amountForeignOre: number | null;
  ocrReferences: string[];
}

export interface OpenInvoiceFacts {
  id: string;
  invoice_number: string | null;
  ocr_number?: string | null;
  customer_name: string | null;
  remaining_amount: number;
  currency: string;
  status: string;
}

export interface OpenSupplierInvoiceFacts {
  id: string;
  supplier_invoice_number: string | null;
  payment_reference: string | null;
  supplier_name: string | null;
  remaining_amount: number;
  currency: string;
  status: string;
}

/** A document still to be paid: something remains, and it is neither paid nor credited. */
const isOpen = (d: { remaining_amount: number; status: string }) =>
  ore(d.remaining_amount) > 0 && d.status !== "paid" && d.status !== "credited";

/** Whether the row moves exactly the document's remaining amount, in the row's currency or its foreign one (sign -1: an outflow). */
function matchesAmount(row: SuggestedRow, currency: string, remainingOre: number, sign: 1 | -1): boolean {
  if (currency === row.currency && remainingOre === sign * row.amountOre) return true;
  return (
    row.amountForeignOre !== null && currency === row.currencyForeign && remainingOre === sign * row.amountForeignOre
  );
}

const sameAmountNote = (sameAmount: boolean) => (sameAmount ? ", same amount" : "");

function invoiceSuggestion(row: SuggestedRow, inv: OpenInvoiceFacts, byAmount: boolean): Suggestion | null {
  const sameAmount = matchesAmount(row, inv.currency, ore(inv.remaining_amount), 1);
  const ocr = invoiceOcrs(inv).find((o) => row.ocrReferences.includes(o) || hasWord(row.text, o));
  const base = {
    category: "invoice_payment",
    account_number: "1510",
    vat_treatment: "none" as const,
    invoice_id: inv.id,
  };
  if (ocr)
    return {
      ...base,
      confidence: 0.99,
      reason: `OCR reference ${ocr} belongs to invoice ${inv.invoice_number} (${inv.customer_name})`,
    };
  if (inv.invoice_number && hasWord(row.text, inv.invoice_number))
    return {
      ...base,
      confidence: sameAmount ? 0.97 : 0.95,
      reason: `the text names invoice ${inv.invoice_number} (${inv.customer_name})${sameAmountNote(sameAmount)}`,
    };
  if (sameAmount && byAmount)
    return {
      ...base,
      confidence: 0.75,
      reason:
        `open invoice ${inv.invoice_number} (${inv.customer_name}) has this remaining amount, ` +
        `${inv.remaining_amount} ${inv.currency}`,
    };
  return null;
}

/** An inflow's invoices: by OCR (0.99), by number (0.97 with the same amount, else 0.95), by amount alone (0.75). */
export function invoiceSuggestions(row: SuggestedRow, invoices: OpenInvoiceFacts[], byAmount: boolean): Suggestion[] {
  return invoices.filter(isOpen).flatMap((inv) => invoiceSuggestion(row, inv, byAmount) ?? []);
}

function supplierInvoiceSuggestion(
  row: SuggestedRow,
  si: OpenSupplierInvoiceFacts,
  byAmount: boolean,
): Suggestion | null {
  const sameAmount = matchesAmount(row, si.currency, ore(si.remaining_amount), -1);
  const ref = [si.payment_reference, si.supplier_invoice_number].find((r) => r && hasWord(row.text, r));
  const base = {
    category: "supplier_invoice_payment",
    account_number: "2440",
    vat_treatment: "none" as const,
    supplier_invoice_id: si.id,
  };
  if (ref)
    return {
      ...base,
      confidence: sameAmount ? 0.97 : 0.95,
      reason: `the text names ${si.supplier_name}'s invoice reference ${ref}${sameAmountNote(sameAmount)}`,
    };
  if (sameAmount && byAmount)
    return {
      ...base,
      confidence: 0.75,
      reason:
        `open supplier invoice ${si.supplier_invoice_number} (${si.supplier_name}) has this remaining amount, ` +
        `${si.remaining_amount} ${si.currency}`,
    };
  return null;
}

/** An outflow's supplier invoices: by reference or number (0.97 / 0.95), by amount alone (0.75). */
export function supplierInvoiceSuggestions(
  row: SuggestedRow,
  invoices: OpenSupplierInvoiceFacts[],
  byAmount: boolean,
): Suggestion[] {
  return invoices.filter(isOpen).flatMap((si) => supplierInvoiceSuggestion(row, si, byAmount) ?? []);
}

/** The merchant's remembered booking: 0.90 when used three times or more, else 0.80. */
export function templateSuggestion(
  template: { id: string; category: string | null; accountNumber: string; vatTreatment: string; useCount: number },
  merchant: string,
): Suggestion {
  return {
    category: template.category ?? "custom",
    account_number: template.accountNumber,
    vat_treatment: template.vatTreatment as VatTreatment,
    confidence: template.useCount >= 3 ? 0.9 : 0.8,
    reason: `${merchant} has been booked to ${template.accountNumber} ${template.useCount} time(s)`,
    template_id: template.id,
  };
}

/** The category rules' keywords in the text: 0.60 for the first, 0.10 less each after (at least 0.30). */
export function ruleSuggestions(text: string, dir: "in" | "out", entityType: string): Suggestion[] {
  return categoriesFromText(text, dir).map((c, i) => {
    const rule = CATEGORY_RULES[c];
    return {
      category: c,
      account_number: rule.account(dir, entityType),
      vat_treatment: rule.vat,
      confidence: Math.max(0.3, 0.6 - i * 0.1),
      reason: `the text points to ${rule.label_sv} (category rule ${c})`,
    };
  });
}

/** Strongest first, one per category, account and document, at most ten; confidence to two decimals. */
export function rankSuggestions(out: Suggestion[]): Suggestion[] {
  const seen = new Set<string>();
  return out
    .sort((a, b) => b.confidence - a.confidence)
    .filter((s) => {
      const k = `${s.category}|${s.account_number}|${s.invoice_id ?? ""}|${s.supplier_invoice_id ?? ""}`;
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    })
    .slice(0, 10)
    .map((s) => ({ ...s, confidence: Math.round(s.confidence * 100) / 100 }));
}
