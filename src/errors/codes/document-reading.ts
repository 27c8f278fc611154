// One area of the error catalogue (src/errors/catalogue.ts): supplier invoices and receipts
// read from their PDF (issue #43, docs/document-reading.md).
import { type CatalogueEntry, e } from "./entry";

export const DOCUMENT_READING_ERRORS = {
  DOCUMENT_NOT_A_PDF: e(
    422,
    "Dokumentet är ingen PDF; bara PDF-filer kan läsas.",
    "The document is not a PDF; only PDF files are read.",
    "Upload the supplier's PDF, or register the invoice with POST .../supplier-invoices.",
  ),
  DOCUMENT_HAS_NO_TEXT: e(
    422,
    "PDF-filen innehåller ingen text (den är en bild, till exempel en skanning).",
    "The PDF carries no text (it is an image, such as a scan).",
    "Ask the supplier for the PDF their program made, or register the invoice by hand.",
  ),
  DOCUMENT_UNREADABLE: e(
    422,
    "PDF-filen kunde inte läsas (skadad eller krypterad).",
    "The PDF could not be read (damaged or encrypted).",
    "Upload the file again, or one that is not password protected.",
  ),
  DOCUMENT_PROPOSAL_USED: e(
    409,
    "Förslaget har redan använts.",
    "The proposal has already been used.",
    "details names what it became; read the document again for a new proposal.",
  ),
  DOCUMENT_PROPOSAL_WRONG_KIND: e(
    422,
    "Förslaget är av en annan sort (leverantörsfaktura eller kvitto).",
    "The proposal is of the other kind (supplier invoice or receipt).",
    "Register a supplier_invoice proposal as a supplier invoice, draft a receipt proposal as an entry.",
  ),
  DOCUMENT_PROPOSAL_INCOMPLETE: e(
    422,
    "Förslaget saknar uppgifter som behövs.",
    "The proposal lacks fields that are needed.",
    "Send the fields named in details.missing as corrections.",
  ),
  DOCUMENT_PROPOSAL_TOTALS_DISAGREE: e(
    422,
    "Beloppen går inte ihop: netto plus moms är inte totalen.",
    "The amounts do not add up: net plus VAT is not the total.",
    "Correct net, vat or total (details shows the figures); nothing is adjusted for you.",
  ),
} satisfies Record<string, CatalogueEntry>;
