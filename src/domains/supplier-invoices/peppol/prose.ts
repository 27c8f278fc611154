// The OpenAPI descriptions of the supplier invoices' peppol routes (routes.ts), kept out of the route constants.
import { PEPPOL_LIMITS } from "../../../formats/peppol";
import { prose } from "../../../http/prose";

export const PROSE = {
  importPeppol: prose`
    Body: the UBL 2.1 Invoice as application/xml, or as the file field of multipart/form-data
    (at most 10 MB). It is validated with the official CEN EN 16931 and Peppol BIS 3.0 rules
    (release 2026.5): any fatal rule is PEPPOL_VALIDATION_FAILED (422) with details.rules[] {id,
    text, location}, and nothing is stored. The supplier is the one with the seller's
    organisation number (PartyLegalEntity/CompanyID or a 0007 EndpointID) or VAT number, else
    PEPPOL_SUPPLIER_NOT_FOUND, unless ?create_supplier=true registers the seller in the same
    write. Then the invoice is registered as POST .../supplier-invoices does (same postings,
    codes and supplier_invoice.registered event): one item per line and per document-level
    allowance (negative) or charge, VAT by category (S its rate; Z, E, O 0; AE reverse charge at
    25 %; K intra-EU acquisition of goods at 25 %), on the supplier's default_expense_account
    else 6990; OCR (PaymentID) as payment_reference, the payment accounts in notes; embedded
    attachments archived as documents (upload_source peppol) linked to the registration entry.
    Net, VAT and total must equal the document's (PEPPOL_TOTALS_MISMATCH). Another VAT category
    is PEPPOL_DOCUMENT_UNSUPPORTED; the same supplier and invoice number twice is
    SI_CREATE_DUPLICATE_INVOICE_NUMBER. A UBL CreditNote credits the supplier's invoice named by
    its BillingReference (else PEPPOL_CREDITED_INVOICE_NOT_FOUND) through POST
    .../supplier-invoices/{id}/credit, dated the credit note's IssueDate, reason 'Peppol
    kreditnota <number>': the whole rest when its net and VAT are what is left of the invoice,
    else each line on the one item of its VAT rate with its description, the rest spread per VAT
    rate over the items of that rate in order (PEPPOL_CREDIT_NOT_PLACEABLE when it does not
    fit). The same credit note twice is PEPPOL_CREDIT_NOTE_DUPLICATE. The answer is then the
    credit's, with kind 'credit_note'; attachments are linked to the credit's entry. Limits
    (docs/peppol.md, "Limits"), checked on the text before it is parsed: at most
    ${PEPPOL_LIMITS.maxDepth} levels of nesting, ${PEPPOL_LIMITS.maxAttributesPerElement}
    attributes on an element, ${PEPPOL_LIMITS.maxAttributes} attributes and
    ${PEPPOL_LIMITS.maxElements} elements in all, ${PEPPOL_LIMITS.maxLines} lines with the
    document-level allowances and charges (the JSON API's items per invoice); past one, 422
    PEPPOL_DOCUMENT_LIMIT_EXCEEDED with details.limit, max and found. Texts obey the JSON API's
    text rule and the create's lengths, dates must be real days: else 400 VALIDATION_ERROR with
    details.fields. A document of more than ${PEPPOL_LIMITS.syncLines} lines (or
    ${PEPPOL_LIMITS.syncElements} elements) is answered 202 with an operation (type
    import.peppol) that validates and imports it; its result is the answer above, or it fails
    with the same codes and nothing is stored. Such a document cannot be dry-run
    (PEPPOL_DOCUMENT_LIMIT_EXCEEDED, limit dry_run_lines).
  `,
  importPeppolDescription: prose`
    true: an unknown seller is registered as a supplier in the same write (Swedish by
    organisation number, EU by VAT number and country)
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  importPeppol: {
    summary: "Register a supplier's e-invoice (Peppol BIS Billing 3.0 / EN 16931 UBL)",
    description: PROSE.importPeppol,
  },
};
