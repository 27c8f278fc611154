// The OpenAPI prose of routes.ts (issue #43, docs/document-reading.md).
import { prose } from "../../http/prose";

export const PROSE = {
  readDescription: prose`
    Reads the text of an uploaded PDF (a supplier invoice or a receipt) and answers a proposal:
    each field found (organisation and VAT number, bankgiro, plusgiro, IBAN, invoice number,
    invoice and due date, net, VAT per rate 25/12/6 %, total, OCR or reference, currency) with
    the page and line it was read from and a confidence, the supplier it matches (by
    organisation number, VAT number or payment account), what registering still lacks, and
    warnings where the totals do not add up or a VAT amount is not a Swedish rate of its net
    (never corrected). A PDF without text (a scan) is DOCUMENT_HAS_NO_TEXT, an image
    DOCUMENT_NOT_A_PDF; past 20 pages or 5 seconds the reading is refused (VALIDATION_ERROR,
    FILE_LIMIT_EXCEEDED). The proposal is kept until used. Emits document.read.
  `,
  registerDescription: prose`
    Registers the supplier invoice a supplier_invoice proposal describes, through the same create
    command as POST .../supplier-invoices: the body's fields correct the proposal's, and without
    items one line per VAT rate is made from the totals (VAT as printed). Totals that do not add
    up after the corrections are DOCUMENT_PROPOSAL_TOTALS_DISAGREE; a missing supplier, number or
    date DOCUMENT_PROPOSAL_INCOMPLETE. new_supplier registers an unmatched seller with the numbers read,
    in the same batch. The PDF is linked to the registration entry. A proposal is
    used once (DOCUMENT_PROPOSAL_USED). Emits supplier_invoice.registered.
  `,
  draftDescription: prose`
    Drafts the entry of a receipt proposal (not committed): the expense net of VAT on
    account_number, the input VAT on 2641, the total from payment_account; the PDF is linked to
    the draft. The answer offers the unbooked outgoing bank rows of the receipt's total dated
    within bank_days of it, nearest first. Emits document.receipt_drafted.
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  readDocument: {
    summary: "Read a supplier invoice's or a receipt's PDF into a proposal",
    description: PROSE.readDescription,
  },
  getProposal: {
    summary: "Get a document proposal",
  },
  registerProposal: {
    summary: "Register the supplier invoice a proposal describes, with corrections",
    description: PROSE.registerDescription,
  },
  draftReceipt: {
    summary: "Draft a receipt's entry from a proposal and offer the bank rows that paid it",
    description: PROSE.draftDescription,
  },
};
