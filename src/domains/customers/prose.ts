// The OpenAPI descriptions of the customer routes (routes.ts) and fields (schemas.ts), kept out of their constants.
import { prose } from "../../http/prose";

export const PROSE = {
  create: prose`
    EU businesses with a vat_number are checked against VIES on commit (never on dry-run); a
    timeout or outage leaves vat_number_validated false and the write succeeds.
    default_payment_terms defaults to the company's invoice_default_days, else 30.
  `,
  patch: prose`
    All fields optional. personal_number: plaintext is stored encrypted, the masked form means
    unchanged, null clears; a customer_type other than individual clears it. archived_at: null
    restores an archived customer. A new vat_number of an EU business is checked again.
  `,
  peppolEndpointId: prose`
    0007: a valid organisation number (stored as ten digits); 0088: a GLN with a valid check
    digit; 9955: SE + organisation number + 01; another scheme of Peppol's EAS list is stored
    as given
  `,
  eInvoice: prose`
    the customer wants e-invoices (Peppol BIS 3.0); needs peppol_endpoint_id. send then hands
    invoices to the company's peppol_access_point instead of emailing them. Default false
  `,
};
