// The language an invoice document is printed in, and its fixed words in Swedish and
// English. A customer in Sweden gets Swedish; a customer abroad gets English, the
// language a foreign buyer's accounts payable can read (customers carry no language
// field today, so the country decides). Names of countries come from the runtime's
// ICU data (Intl.DisplayNames), so "NO" prints as "Norge" or "Norway".

export type InvoiceLanguage = "sv" | "en";
export type DocumentKind =
  | "Faktura"
  | "Räntefaktura"
  | "Kreditfaktura"
  | "Proformafaktura"
  | "Följesedel"
  | "Betalningspåminnelse";

/** Swedish for a customer in Sweden (or without a country), English for one abroad. */
export function invoiceLanguage(customerCountry: string | null | undefined): InvoiceLanguage {
  return !customerCountry || customerCountry === "SE" ? "sv" : "en";
}

/** "NO" -> "Norway" (en) or "Norge" (sv); the code itself when the runtime has no name for it. */
export function countryName(code: string, lang: InvoiceLanguage): string {
  try {
    return new Intl.DisplayNames([lang], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** An amount with two decimals: "12 345,67" in Swedish, "12,345.67" in English. */
export function formatAmount(amount: number, lang: InvoiceLanguage): string {
  const [int, dec] = Math.abs(amount).toFixed(2).split(".");
  const sign = amount < 0 ? "-" : "";
  return lang === "sv"
    ? `${sign}${int.replace(/\B(?=(\d{3})+(?!\d))/g, " ")},${dec}`
    : `${sign}${int.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${dec}`;
}

/** A decimal string (quantity) in the language's notation. */
export const formatDecimal = (s: string, lang: InvoiceLanguage) => (lang === "sv" ? s.replace(".", ",") : s);

/** The fixed words of an invoice document. */
export const LABELS = {
  sv: {
    title: {
      Faktura: "Faktura",
      Räntefaktura: "Räntefaktura",
      Kreditfaktura: "Kreditfaktura",
      Proformafaktura: "Proformafaktura",
      Följesedel: "Följesedel",
      Betalningspåminnelse: "Betalningspåminnelse",
    },
    numberOf: (title: string) => `${title}nummer`,
    draft: "UTKAST",
    draftShort: "utkast",
    unassigned: "(tilldelas när fakturan skickas)",
    continued: "(forts.)",
    invoiceDate: "Fakturadatum",
    date: "Datum",
    payBy: "Betala senast",
    dueDate: "Förfallodatum",
    currency: "Valuta",
    customer: "Kund",
    vatNumber: "Momsreg.nr",
    orgNumber: "Org.nr",
    fSkatt: "Godkänd för F-skatt",
    description: "Beskrivning",
    quantity: "Antal",
    unitPrice: "À-pris",
    vat: "Moms",
    amount: "Belopp",
    subtotal: "Belopp exkl. moms",
    vatOn: (rate: number, net: string) => `Moms ${rate} % på ${net}`,
    total: {
      Faktura: "Att betala",
      Räntefaktura: "Att betala",
      Proformafaktura: "Att betala",
      Kreditfaktura: "Att kreditera",
      Följesedel: "Summa",
      Betalningspåminnelse: "Att betala nu",
    },
    sum: "Summa",
    toPay: "Att betala",
    creditToCustomer: "Att kreditera kunden",
    page: (i: number, n: number) => `Sida ${i} av ${n}`,
    paymentTerms: "Betalningsvillkor",
    cash: "Kontant",
    net: (days: number) => `${days} dagar netto`,
    lateInterest: "Dröjsmålsränta",
    reminderFee: "Påminnelseavgift",
    referenceRate: "referensränta + 8 %-enheter",
    ocr: "OCR-nummer",
    payWithOcr: (ocr: string) => `Ange OCR-nummer ${ocr} vid betalning`,
    payWithNumber: (n: string) => `Ange fakturanummer ${n} vid betalning`,
    creditOf: (n: string) => `Kreditering av faktura ${n}`,
    selfBilled: (number: string, received: string) => `Självfaktura (köparens nummer ${number}, mottagen ${received})`,
    ourReference: "Vår referens",
    yourReference: "Er referens",
    phone: "Tel",
    email: "E-post",
    web: "Webb",
  },
  en: {
    title: {
      Faktura: "Invoice",
      Räntefaktura: "Interest invoice",
      Kreditfaktura: "Credit note",
      Proformafaktura: "Pro forma invoice",
      Följesedel: "Delivery note",
      Betalningspåminnelse: "Payment reminder",
    },
    numberOf: (title: string) => `${title} number`,
    draft: "DRAFT",
    draftShort: "draft",
    unassigned: "(assigned when the invoice is sent)",
    continued: "(continued)",
    invoiceDate: "Invoice date",
    date: "Date",
    payBy: "Pay by",
    dueDate: "Due date",
    currency: "Currency",
    customer: "Customer",
    vatNumber: "VAT reg. no.",
    orgNumber: "Org. no.",
    fSkatt: "Approved for F-tax",
    description: "Description",
    quantity: "Quantity",
    unitPrice: "Unit price",
    vat: "VAT",
    amount: "Amount",
    subtotal: "Amount excl. VAT",
    vatOn: (rate: number, net: string) => `VAT ${rate} % on ${net}`,
    total: {
      Faktura: "Amount due",
      Räntefaktura: "Amount due",
      Proformafaktura: "Amount due",
      Kreditfaktura: "Amount credited",
      Följesedel: "Total",
      Betalningspåminnelse: "To pay now",
    },
    sum: "Total",
    toPay: "Amount due",
    creditToCustomer: "Amount credited to the customer",
    page: (i: number, n: number) => `Page ${i} of ${n}`,
    paymentTerms: "Payment terms",
    cash: "Due on receipt",
    net: (days: number) => `${days} days net`,
    lateInterest: "Late interest",
    reminderFee: "Reminder fee",
    referenceRate: "reference rate + 8 % points",
    ocr: "OCR reference",
    payWithOcr: (ocr: string) => `Quote OCR reference ${ocr} when paying`,
    payWithNumber: (n: string) => `Quote invoice number ${n} when paying`,
    creditOf: (n: string) => `Credit of invoice ${n}`,
    selfBilled: (number: string, received: string) => `Self-billing (buyer's number ${number}, received ${received})`,
    ourReference: "Our reference",
    yourReference: "Your reference",
    phone: "Phone",
    email: "Email",
    web: "Web",
  },
} as const;

export type Labels = (typeof LABELS)[InvoiceLanguage];
