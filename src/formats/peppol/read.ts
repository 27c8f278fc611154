// Reads what a supplier invoice needs from a UBL 2.1 Invoice or CreditNote (Peppol BIS 3.0
// or plain EN 16931), on the DOM the validator checked. Pure: the supplier-invoices domain
// decides what the figures mean for the books.
import { evaluateXPathToNodes, evaluateXPathToString } from "fontoxpath";
import type { Document, Node } from "slimdom";

const NS: Record<string, string> = {
  cac: "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2",
  cbc: "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2",
};
const options = { namespaceResolver: (prefix: string) => NS[prefix] ?? null };

const text = (xpath: string, node: Node) => evaluateXPathToString(xpath, node, null, null, options).trim();
const nodes = (xpath: string, node: Node) => evaluateXPathToNodes<Node>(xpath, node, null, null, options);

/** One invoice line: net amount (a decimal string in the document's currency) and its VAT category. */
export type PeppolLine = { description: string; net: string; category: string; percent: string | null };

/** The figures of a UBL invoice or credit note that a supplier invoice is made from. */
export type PeppolDocument = {
  kind: "invoice" | "credit_note";
  number: string;
  /** BT-25: the invoice a credit note corrects (cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID), else null. */
  billingReference: string | null;
  issueDate: string;
  dueDate: string | null;
  currency: string;
  seller: { name: string; orgNumber: string | null; vatNumber: string | null; country: string | null };
  lines: PeppolLine[];
  /** Document-level allowances (BG-20) and charges (BG-21): an allowance lowers the net, a charge raises it. */
  allowanceCharges: { charge: boolean; amount: string; reason: string; category: string; percent: string | null }[];
  totals: { lineExtension: string; taxExclusive: string; tax: string; taxInclusive: string; payable: string };
  paymentId: string | null;
  /** Payment accounts (cac:PayeeFinancialAccount/cbc:ID) with their means code: 30/58 IBAN, bankgiro, plusgiro. */
  paymentAccounts: { code: string; account: string }[];
  /** Embedded attachments (BG-24: cac:AdditionalDocumentReference/cac:Attachment), their content still base64. */
  attachments: { fileName: string; mimeType: string; base64: string }[];
};

/** The seller's Swedish organisation number: legal entity CompanyID, else a 0007 endpoint; 10 digits. */
function swedishOrgNumber(party: Node): string | null {
  const candidates = [
    text("cac:PartyLegalEntity/cbc:CompanyID", party),
    text("cbc:EndpointID[@schemeID = '0007']", party),
  ];
  for (const c of candidates) {
    const digits = c.replace(/^SE/i, "").replace(/-/g, "");
    if (/^\d{10}$/.test(digits)) return `${digits.slice(0, 6)}-${digits.slice(6)}`;
  }
  return null;
}

/** Reads an Invoice or CreditNote; the caller has validated it (the rules guarantee the mandatory parts). */
export function readPeppolDocument(doc: Document): PeppolDocument {
  const root = doc.documentElement as unknown as Node;
  const kind = (root as unknown as { localName: string }).localName === "CreditNote" ? "credit_note" : "invoice";
  const party = nodes("cac:AccountingSupplierParty/cac:Party", root)[0];
  const lineName = kind === "invoice" ? "cac:InvoiceLine" : "cac:CreditNoteLine";
  return {
    kind,
    number: text("cbc:ID", root),
    billingReference: text("(cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID)[1]", root) || null,
    issueDate: text("cbc:IssueDate", root),
    dueDate: text("(cbc:DueDate, cac:PaymentMeans/cbc:PaymentDueDate)[1]", root) || null,
    currency: text("cbc:DocumentCurrencyCode", root),
    seller: {
      name:
        text("(cac:PartyLegalEntity/cbc:RegistrationName, cac:PartyName/cbc:Name)[1]", party) ||
        text("cac:PartyName/cbc:Name", party),
      orgNumber: swedishOrgNumber(party),
      vatNumber: text("cac:PartyTaxScheme[cac:TaxScheme/cbc:ID = 'VAT']/cbc:CompanyID", party) || null,
      country: text("cac:PostalAddress/cac:Country/cbc:IdentificationCode", party) || null,
    },
    lines: nodes(lineName, root).map((line) => ({
      description: text("(cac:Item/cbc:Name, cbc:Note)[1]", line),
      net: text("cbc:LineExtensionAmount", line),
      category: text("cac:Item/cac:ClassifiedTaxCategory/cbc:ID", line),
      percent: text("cac:Item/cac:ClassifiedTaxCategory/cbc:Percent", line) || null,
    })),
    allowanceCharges: nodes("cac:AllowanceCharge", root).map((ac) => ({
      charge: text("cbc:ChargeIndicator", ac) === "true",
      amount: text("cbc:Amount", ac),
      reason: text("(cbc:AllowanceChargeReason, cbc:AllowanceChargeReasonCode)[1]", ac),
      category: text("cac:TaxCategory/cbc:ID", ac),
      percent: text("cac:TaxCategory/cbc:Percent", ac) || null,
    })),
    totals: {
      lineExtension: text("cac:LegalMonetaryTotal/cbc:LineExtensionAmount", root),
      taxExclusive: text("cac:LegalMonetaryTotal/cbc:TaxExclusiveAmount", root),
      tax: text("(cac:TaxTotal/cbc:TaxAmount[@currencyID = /*/cbc:DocumentCurrencyCode])[1]", root),
      taxInclusive: text("cac:LegalMonetaryTotal/cbc:TaxInclusiveAmount", root),
      payable: text("cac:LegalMonetaryTotal/cbc:PayableAmount", root),
    },
    paymentId: text("(cac:PaymentMeans/cbc:PaymentID)[1]", root) || null,
    paymentAccounts: nodes("cac:PaymentMeans[cac:PayeeFinancialAccount/cbc:ID]", root).map((m) => ({
      code: text("cbc:PaymentMeansCode", m),
      account: text("cac:PayeeFinancialAccount/cbc:ID", m),
    })),
    attachments: nodes("cac:AdditionalDocumentReference/cac:Attachment/cbc:EmbeddedDocumentBinaryObject", root).map(
      (o, i) => ({
        fileName: text("@filename", o) || `${text("../../cbc:ID", o) || `bilaga-${i + 1}`}`,
        mimeType: text("@mimeCode", o),
        base64: text(".", o).replace(/\s+/g, ""),
      }),
    ),
  };
}
