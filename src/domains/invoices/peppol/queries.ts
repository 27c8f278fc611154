// An issued invoice or credit note as a Peppol BIS Billing 3.0 document (docs/peppol.md,
// "Out"). This file gathers what the document says from the books (the invoice row, its
// items, the company, the customer, the archived PDF) into the generator's plain input;
// src/formats/peppol/ubl-invoice.ts writes the XML.
import type { Database } from "../../../db/client";
import type { Env } from "../../../env";
import { ApiError } from "../../../errors/api-error";
import { checkEndpointId } from "../../../formats/peppol/endpoint";
import { type PeppolDocument, type PeppolParty, ublInvoiceXml } from "../../../formats/peppol/ubl-invoice";
import { unitCodeOf } from "../../../formats/peppol/unit-code";
import { vatCategoryOf } from "../../../formats/peppol/vat-category";
import { allocate } from "../../../sweden/invoicing";
import type { SaleTreatment } from "../../../sweden/vat-treatment";
import { loadCompany } from "../../companies";
import { customersByIds } from "../../customers";
import { invoicePdfToServe } from "../issue/archive";
import { invoiceFileName, type PdfInputs, paymentTerms, swedishVatNumber } from "../issue/document";
import { invoiceLanguage } from "../issue/language";
import { type InvoiceItemRow, type InvoiceRow, itemsOfInvoice, loadInvoice } from "../queries";

type Company = Awaited<ReturnType<typeof loadCompany>>;
type Customer = Awaited<ReturnType<typeof customersByIds>>[number];

/** Only an issued invoice or credit note is a document a buyer can receive. */
function assertExportable(row: InvoiceRow): void {
  if (row.status === "draft" || row.status === "cancelled" || !row.invoiceNumber)
    throw new ApiError("INVOICE_PEPPOL_NOT_ISSUED", { id: row.id, status: row.status });
  if (row.documentType !== "invoice")
    throw new ApiError("INVOICE_PEPPOL_NOT_AN_INVOICE", { id: row.id, document_type: row.documentType });
}

const digitsOf = (s: string | null) => (s ?? "").replace(/\D/g, "");

/**
 * The seller's Peppol address: the access point setting's sender_id (checked as scheme:value
 * when set), else 0007 + the organisation number. The send's X-Peppol-Sender header says the same.
 */
export function sellerEndpoint({ companies: company, company_settings: s }: Company): PeppolParty["endpoint"] {
  if (s.peppolSenderId) {
    const at = s.peppolSenderId.indexOf(":");
    return { scheme: s.peppolSenderId.slice(0, at), value: s.peppolSenderId.slice(at + 1) };
  }
  return { scheme: "0007", value: digitsOf(company.orgNumber) };
}

/**
 * The seller: Peppol address 0007 + its organisation number (the identifier Swedish
 * access points register companies under), the VAT number when VAT-registered, the
 * F-skatt text (SE-R-005), and the organisation number as ten digits (SE-R-003/004).
 */
function sellerParty(both: Company): PeppolParty {
  const { companies: company, company_settings: s } = both;
  const org = digitsOf(company.orgNumber);
  const vat = company.vatRegistered ? (s.vatNumber ?? swedishVatNumber(company.orgNumber)) : null;
  return {
    name: company.name,
    endpoint: sellerEndpoint(both),
    address: {
      street: s.addressLine1,
      additional: s.addressLine2,
      city: s.city,
      postalCode: s.postalCode,
      country: s.country || "SE",
    },
    vatNumber: vat ? vat.replace(/\s/g, "").toUpperCase() : null,
    legalId: org ? { scheme: "0007", value: org } : null,
    fSkatt: company.fSkatt,
    contact: { name: null, phone: s.phone, email: s.email },
  };
}

/**
 * The buyer's Peppol address: the customer's peppol_endpoint_id, else for a Swedish
 * business its organisation number under 0007; an address the buyer cannot be reached
 * at is not guessed (INVOICE_PEPPOL_BUYER_ENDPOINT_MISSING).
 */
function buyerEndpoint(c: Customer): PeppolParty["endpoint"] {
  if (c.peppolEndpointScheme && c.peppolEndpointValue)
    return { scheme: c.peppolEndpointScheme, value: c.peppolEndpointValue };
  if (c.customerType === "swedish_business" && c.orgNumber) {
    const checked = checkEndpointId("0007", c.orgNumber);
    if (checked.ok) return { scheme: checked.scheme, value: checked.value };
  }
  throw new ApiError("INVOICE_PEPPOL_BUYER_ENDPOINT_MISSING", { customer_id: c.id });
}

/** The buyer; a private person's personnummer never leaves the service, so an individual has no legal id. */
function buyerParty(row: InvoiceRow, c: Customer): PeppolParty {
  const country = c.country || "SE";
  const legalId =
    c.customerType === "individual" || !c.orgNumber
      ? null
      : country === "SE"
        ? { scheme: "0007", value: digitsOf(c.orgNumber) }
        : { scheme: null, value: c.orgNumber };
  return {
    name: row.customerName,
    endpoint: buyerEndpoint(c),
    address: {
      street: c.addressLine1,
      additional: c.addressLine2,
      city: c.city,
      postalCode: c.postalCode,
      country,
    },
    vatNumber: c.vatNumber ? c.vatNumber.replace(/\s/g, "").toUpperCase() : null,
    legalId,
    fSkatt: false,
    contact: { name: c.contactName, phone: c.phone, email: c.email },
  };
}

/**
 * Where to pay: in SEK Bankgiro, Plusgiro (FinancialInstitutionBranch SE:BANKGIRO /
 * SE:PLUSGIRO, digits only: SE-R-007..011) and the IBAN quoting the OCR; in another
 * currency only the IBAN (with BIC) quoting the invoice number, as the PDF says
 * (document.ts `paymentLines`). A credit note asks for no payment.
 */
function payment(row: InvoiceRow, { company_settings: s }: Company, c: Customer): PeppolDocument["payment"] {
  if (row.isCreditNote) return { paymentId: null, accounts: [], terms: null };
  const sek = row.currency === "SEK";
  const accounts: PeppolDocument["payment"]["accounts"] = [];
  if (sek && s.bankgiro) accounts.push({ kind: "bankgiro", id: digitsOf(s.bankgiro) });
  if (sek && s.plusgiro) accounts.push({ kind: "plusgiro", id: digitsOf(s.plusgiro) });
  if (s.iban) accounts.push({ kind: "iban", id: s.iban.replace(/\s/g, "").toUpperCase(), bic: s.bic });
  const lang = invoiceLanguage(c.country);
  const terms = paymentTerms(row, s, lang)
    .map(([label, value]) => `${label}: ${value}`)
    .join(". ");
  return { paymentId: sek && row.ocrNumber ? row.ocrNumber : row.invoiceNumber, accounts, terms };
}

/**
 * The VAT in SEK as the sale was booked (posting-rules.ts `saleInSek`: the SEK total
 * allocated over the lines and the VAT per rate), so the e-invoice's BT-111 is the
 * output VAT in the ledger.
 */
function vatInSek(row: InvoiceRow, items: InvoiceItemRow[]): number | null {
  if (row.currency === "SEK" || row.totalSekOre === null) return null;
  const vat = row.vatBreakdown.filter((v) => v.vatOre !== 0);
  const parts = allocate(row.totalSekOre, [...items.map((i) => i.netOre), ...vat.map((v) => v.vatOre)]);
  return parts.slice(items.length).reduce((s, p) => s + p, 0);
}

/** The note (one allowed, PEPPOL-EN16931-R002): the credit's reason, the ROT/RUT deduction, the invoice's notes. */
function documentNote(row: InvoiceRow, credited: InvoiceRow | null): string | null {
  const parts: string[] = [];
  if (row.isCreditNote && credited) parts.push(`Kreditering av faktura ${credited.invoiceNumber}`);
  if (row.creditReason) parts.push(row.creditReason);
  if (row.deductionOre !== 0)
    parts.push(
      row.isCreditNote
        ? "Återförd skattereduktion (rot/rut) anges som förskott (PrepaidAmount)."
        : "Skattereduktion (rot/rut) som Skatteverket betalar anges som förskott (PrepaidAmount); den som inte beviljas betalar köparen.",
    );
  if (row.notes) parts.push(row.notes);
  return parts.length ? parts.join(" ") : null;
}

async function pdfBase64(env: Env, db: Database, row: InvoiceRow, now: string): Promise<string> {
  const pdf = await invoicePdfToServe(env, db, row, now);
  return base64Of(new Uint8Array(await new Response(pdf.body).arrayBuffer()));
}

function base64Of(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

/** What a Peppol document is built from: the company, customer and items given, else read; the credited invoice. */
function documentInputs(db: Database, row: InvoiceRow, given: PdfInputs = {}) {
  return Promise.all([
    given.company ?? loadCompany(db, row.companyId),
    given.customer ? [given.customer] : customersByIds(db, row.companyId, [row.customerId]),
    given.items ?? itemsOfInvoice(db, row.id),
    row.isCreditNote && row.creditedInvoiceId ? loadInvoice(db, row.companyId, row.creditedInvoiceId) : null,
  ]);
}

/**
 * The generator's input. A credit note is a CreditNote with positive amounts (the
 * service stores it negative): every amount is turned round. ROT/RUT: the deduction is
 * PrepaidAmount (BT-113), so PayableAmount is what the buyer pays (BR-CO-16).
 */
export async function peppolDocumentOf(
  env: Env,
  db: Database,
  row: InvoiceRow,
  now: string,
  /** the PDF being issued in the same plan (send), not yet in R2 */
  issuedPdf?: Uint8Array,
  /** the company, customer and items the caller has read (send reads them once, before its rules) */
  given?: PdfInputs,
): Promise<PeppolDocument> {
  assertExportable(row);
  if (!row.yourReference && !row.orderReference)
    throw new ApiError("INVOICE_PEPPOL_BUYER_REFERENCE_MISSING", { id: row.id });
  const [company, [customer], items, credited] = await documentInputs(db, row, given);
  if (!customer) throw new ApiError("INVOICE_CUSTOMER_NOT_FOUND", { customer_id: row.customerId });
  const sign = row.isCreditNote ? -1 : 1;
  const lines = items.map((i) => ({
    description: i.description,
    quantity: i.quantity,
    unitCode: unitCodeOf(i.unit),
    unitPriceOre: sign * i.unitPriceOre,
    netOre: sign * i.netOre,
    tax: vatCategoryOf(i.vatTreatment as SaleTreatment, i.vatRateBp),
  }));
  const codes = new Set(lines.map((l) => l.tax.code));
  if (codes.has("O") && codes.size > 1) throw new ApiError("INVOICE_PEPPOL_VAT_CATEGORIES_MIXED", { id: row.id });
  const sek = vatInSek(row, items);
  return {
    kind: row.isCreditNote ? "credit_note" : "invoice",
    number: row.invoiceNumber!,
    issueDate: row.invoiceDate,
    dueDate: row.dueDate,
    currency: row.currency,
    note: documentNote(row, credited),
    buyerReference: row.yourReference,
    orderReference: row.orderReference,
    billingReference:
      credited?.invoiceNumber != null ? { number: credited.invoiceNumber, issueDate: credited.invoiceDate } : null,
    seller: sellerParty(company),
    buyer: buyerParty(row, customer),
    // intra-EU goods: the date and the country they went to (BR-IC-11, BR-IC-12); the service records no
    // delivery date of its own, and the invoice date is the date the sale is reported under (ML 13 kap)
    delivery: codes.has("K") ? { date: row.invoiceDate, country: customer.country || "SE" } : null,
    payment: payment(row, company, customer),
    lines,
    vatByRate: row.vatBreakdown.map((v) => ({ rateBp: v.rateBp, vatOre: sign * v.vatOre })),
    totals: {
      lineOre: sign * row.subtotalOre,
      vatOre: sign * row.vatOre,
      totalOre: sign * row.totalOre,
      prepaidOre: sign * row.deductionOre,
    },
    vatInSekOre: sek === null ? null : sign * sek,
    attachment: {
      id: row.invoiceNumber!,
      fileName: invoiceFileName(row),
      mimeCode: "application/pdf",
      base64: issuedPdf ? base64Of(issuedPdf) : await pdfBase64(env, db, row, now),
    },
  };
}

/** The XML GET .../peppol answers. */
export async function invoicePeppolXml(env: Env, db: Database, row: InvoiceRow, now: string): Promise<string> {
  return ublInvoiceXml(await peppolDocumentOf(env, db, row, now));
}
