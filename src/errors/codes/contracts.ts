// One area of the error catalogue (src/errors/catalogue.ts). Recurring invoices: invoice contracts (issue #43).
import { type CatalogueEntry, e } from "./entry";

export const CONTRACTS_ERRORS = {
  INVOICE_CONTRACT_NOT_FOUND: e(404, "Avtalet finns inte.", "The invoice contract does not exist."),
  INVOICE_CONTRACT_CUSTOMER_NOT_FOUND: e(
    404,
    "Avtalets kund finns inte eller är arkiverad.",
    "The contract's customer does not exist or is archived.",
  ),
  INVOICE_CONTRACT_END_BEFORE_START: e(
    400,
    "Avtalets slutdatum är före dess startdatum.",
    "The contract's end date is before its start date.",
  ),
  INVOICE_CONTRACT_NOT_PERIOD_START: e(
    400,
    "Datumet är inte första dagen i någon av avtalets perioder.",
    "The date is not the first day of one of the contract's periods.",
    "Changes apply from a period's first day; details.next_period_start names the next one.",
  ),
  INVOICE_CONTRACT_PERIOD_INVOICED: e(
    409,
    "En period som ändringen gäller är redan fakturerad.",
    "A period the change covers has already been invoiced.",
    "Credit the invoice first, or make the change from a later period.",
  ),
  INVOICE_CONTRACT_NOT_ACTIVE: e(
    409,
    "Avtalet är inte i ett läge som tillåter detta.",
    "The contract's status does not allow this.",
  ),
  INVOICE_CONTRACT_HAS_INVOICES: e(
    409,
    "Avtalet har redan skapat fakturor; avsluta det i stället.",
    "The contract has made invoices; end it instead.",
  ),
  INVOICE_CONTRACT_CHANNEL_UNAVAILABLE: e(
    400,
    "Kunden kan inte ta emot fakturor på det valda sättet.",
    "The customer cannot receive invoices the way chosen.",
    "email needs the customer's email address; peppol a customer who takes e-invoices (e_invoice).",
  ),
} satisfies Record<string, CatalogueEntry>;
