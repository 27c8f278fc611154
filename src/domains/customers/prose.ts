// The OpenAPI descriptions of the customer routes (routes.ts), kept out of the route constants.
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
};
