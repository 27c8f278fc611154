// The OpenAPI descriptions of the supplier invoices' payments routes (routes.ts), kept out of the route constants.
import { prose } from "../../../http/prose";

export const PROSE = {
  paySupplierInvoiceDescription: prose`
    Accrual: Debit 2440 / Credit settlement_account (1930). Cash: Debit expense and 2641 /
    Credit settlement_account, whole amount only. exchange_rate_difference (SEK paid minus SEK
    booked) is required on foreign-currency invoices and booked to 7960/3960. Already paid or
    credited: SI_PAID_ALREADY.
  `,
};

/** Each route's summary and description (routes.ts: `on.post(WRITE, path, DOCS.x)`). */
export const DOCS = {
  paySupplierInvoice: {
    summary: "Record a payment of a supplier invoice",
    description: PROSE.paySupplierInvoiceDescription,
  },
};
