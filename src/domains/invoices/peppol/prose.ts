// The OpenAPI descriptions of the invoices' peppol routes (routes.ts), kept out of the route constants.
import { prose } from "../../../http/prose";

export const PROSE = {
  invoicePeppolDescription: prose`
    application/xml: a UBL 2.1 Invoice (380) or, for a credit note, a CreditNote (381) referring
    to the credited invoice, with the issued PDF embedded (docs/peppol.md). Refused: a draft or
    cancelled invoice (409 INVOICE_PEPPOL_NOT_ISSUED), a proforma or delivery note (409
    INVOICE_PEPPOL_NOT_AN_INVOICE), neither your_reference nor order_reference (422
    INVOICE_PEPPOL_BUYER_REFERENCE_MISSING), a customer without a Peppol address (422
    INVOICE_PEPPOL_BUYER_ENDPOINT_MISSING), lines outside the scope of VAT mixed with others
    (422 INVOICE_PEPPOL_VAT_CATEGORIES_MIXED).
  `,
  resendPeppolDescription: prose`
    The delivery (expand=peppol_delivery) that gave up (dead: refused with a 4xx, or out of
    attempts) is queued again: the same stored document, the same X-Service-Document-Id,
    attempts from 1 on the webhook schedule. No delivery: 404 NOT_FOUND; not dead: 409
    INVOICE_PEPPOL_RESEND_NOT_DEAD (details.status); no access point set: 409
    INVOICE_PEPPOL_NO_ACCESS_POINT. A dry-run queues nothing.
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  invoicePeppol: {
    summary: "The invoice or credit note as a Peppol BIS Billing 3.0 e-invoice",
    description: PROSE.invoicePeppolDescription,
  },
  resendPeppol: {
    summary: "Hand a dead Peppol delivery to the access point again",
    description: PROSE.resendPeppolDescription,
  },
};
