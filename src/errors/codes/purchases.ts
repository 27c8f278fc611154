// One area of the error catalogue (src/errors/catalogue.ts). Purchases: suppliers, supplier invoices and Peppol documents received.
import { type CatalogueEntry, e } from "./entry";

export const PURCHASES_ERRORS = {
  // Suppliers
  SUPPLIER_CREATE_FAILED: e(500, "Leverantören kunde inte skapas.", "The supplier could not be created."),
  SUPPLIER_DELETE_FAILED: e(500, "Leverantören kunde inte arkiveras.", "The supplier could not be archived."),
  SUPPLIER_DUPLICATE_ORG_NUMBER: e(
    409,
    "Det finns redan en leverantör med detta organisationsnummer.",
    "A supplier with this organisation number already exists.",
  ),
  SUPPLIER_HAS_INVOICES: e(409, "Leverantören har obetalda fakturor.", "The supplier has open invoices."),
  SUPPLIER_NOT_FOUND: e(404, "Leverantören finns inte.", "The supplier does not exist."),
  SI_CREATE_DUPLICATE_INVOICE_NUMBER: e(
    409,
    "Leverantörsfakturan är redan registrerad.",
    "This supplier invoice number is already registered.",
  ),
  PEPPOL_VALIDATION_FAILED: e(
    422,
    "E-fakturan bryter mot Peppol BIS 3.0:s regler.",
    "The e-invoice breaks fatal Peppol BIS Billing 3.0 rules.",
    "details.rules lists each failed rule's id, text and location.",
  ),
  PEPPOL_DOCUMENT_LIMIT_EXCEEDED: e(
    422,
    "E-fakturan är större eller djupare än vad importen tar emot.",
    "The e-invoice passes a limit of the import: nesting, attributes, elements, lines, or the time its rules may take.",
    "details.limit names the limit (depth, attributes_per_element, attributes, elements, lines, validation_time, dry_run_lines), " +
      "details.max its value, details.found what the document has; docs/peppol.md lists them.",
  ),
  PEPPOL_SUPPLIER_NOT_FOUND: e(
    422,
    "Ingen leverantör har e-fakturans organisations- eller momsnummer.",
    "No supplier has the e-invoice seller's organisation or VAT number.",
    "Register the supplier (POST .../suppliers) with that org_number or vat_number, then import again.",
  ),
  PEPPOL_DOCUMENT_UNSUPPORTED: e(
    422,
    "E-fakturan kan inte registreras som leverantörsfaktura.",
    "The e-invoice cannot be registered as a supplier invoice.",
    "details.reason says what: a credit note, a VAT category or rate this import does not book.",
  ),
  PEPPOL_TOTALS_MISMATCH: e(
    422,
    "E-fakturans belopp stämmer inte med den registrerade fakturans.",
    "The e-invoice's totals differ from what its lines book.",
  ),
  PEPPOL_CREDITED_INVOICE_NOT_FOUND: e(
    422,
    "Kreditnotans faktura finns inte registrerad hos leverantören.",
    "The invoice the credit note corrects (its BillingReference) is not a registered invoice of this supplier.",
  ),
  PEPPOL_CREDIT_NOTE_DUPLICATE: e(
    409,
    "Kreditnotan är redan registrerad.",
    "This supplier's credit note with this number is already registered.",
  ),
  PEPPOL_CREDIT_NOT_PLACEABLE: e(
    422,
    "Kreditnotans rader kan inte placeras på fakturans rader.",
    "The credit note's lines cannot be placed on the items of the invoice it corrects.",
  ),
  SI_FX_RATE_MISSING: e(400, "Valutakurs saknas.", "The exchange rate is missing."),
  SI_CREATE_SLP_INVALID_ACCOUNT: e(
    400,
    "Särskild löneskatt kan bara bokas på 741x-konton.",
    "Special payroll tax applies only to 741x accounts.",
  ),
  SI_APPROVE_NOT_REGISTERED: e(
    400,
    "Leverantörsfakturan är inte i status registrerad.",
    "The supplier invoice is not registered.",
  ),
  SI_CREDIT_ALREADY_CREDITED: e(
    409,
    "Leverantörsfakturan är redan krediterad.",
    "The supplier invoice is already credited.",
  ),
  SI_CREDIT_PERIOD_LOCKED: e(
    400,
    "Krediteringsdatumet ligger i en låst period.",
    "The credit date falls in a locked period.",
  ),
  SI_PAID_ALREADY: e(
    409,
    "Leverantörsfakturan är redan betald eller krediterad.",
    "The supplier invoice is already paid or credited.",
  ),
} satisfies Record<string, CatalogueEntry>;
