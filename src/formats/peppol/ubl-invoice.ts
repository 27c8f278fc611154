// An invoice or a credit note as Peppol BIS Billing 3.0: a UBL 2.1 Invoice (type 380) or
// CreditNote (type 381) that follows EN 16931 and Peppol's own rules, the Swedish SE-R
// rules included. Pure: the caller hands in a plain description of the document
// (`PeppolDocument`, amounts in öre), this file writes the XML. The element order is
// UBL 2.1's (the XML schema's sequences, copied from OpenPeppol's examples in
// shared/data/peppol/examples): the Schematron rules do not check it, a receiver's
// schema validation does.
//
// Sources: Peppol BIS Billing 3.0 (docs.peppol.eu/poacc/billing/3.0), EN 16931-1 (the
// business terms BT-*), the rules compiled in shared/data/peppol/validation.
import { z } from "zod";

export const CUSTOMIZATION_ID = "urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0";
export const PROFILE_ID = "urn:fdc:peppol.eu:2017:poacc:billing:01:1.0";

/** EN 16931's VAT categories (UNCL 5305, the subset BIS 3.0 allows) this service uses. */
export const VAT_CATEGORIES = ["S", "Z", "E", "AE", "K", "G", "O"] as const;
export type VatCategoryCode = (typeof VAT_CATEGORIES)[number];

const Ore = z.number().int();

const EndpointSchema = z.object({ scheme: z.string().regex(/^\d{4}$/), value: z.string().min(1) });

const AddressSchema = z.object({
  street: z.string().nullable(),
  additional: z.string().nullable(),
  city: z.string().nullable(),
  postalCode: z.string().nullable(),
  /** ISO 3166-1 alpha-2 */
  country: z.string().length(2),
});

const PartySchema = z.object({
  name: z.string().min(1),
  endpoint: EndpointSchema,
  address: AddressSchema,
  /** BT-31 / BT-48 */
  vatNumber: z.string().nullable(),
  /** BT-30 / BT-47: the legal registration (for a Swedish party the ten digits of the organisation number) */
  legalId: z.object({ scheme: z.string().nullable(), value: z.string() }).nullable(),
  /** the seller's "Godkänd för F-skatt" (SE-R-005); false for a buyer */
  fSkatt: z.boolean(),
  contact: z.object({ name: z.string().nullable(), phone: z.string().nullable(), email: z.string().nullable() }),
});

export const TaxCategorySchema = z.object({
  code: z.enum(VAT_CATEGORIES),
  rateBp: z.number().int().min(0),
  exemptionCode: z.string().nullable(),
  exemptionReason: z.string().nullable(),
});

const LineSchema = z.object({
  description: z.string().min(1),
  /** decimal text (up to three decimals), positive */
  quantity: z.string().regex(/^-?\d+(\.\d+)?$/),
  /** UN/ECE Recommendation 20 */
  unitCode: z.string().min(1),
  unitPriceOre: Ore,
  netOre: Ore,
  tax: TaxCategorySchema,
});

const AccountSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("bankgiro"), id: z.string() }),
  z.object({ kind: z.literal("plusgiro"), id: z.string() }),
  z.object({ kind: z.literal("iban"), id: z.string(), bic: z.string().nullable() }),
]);

export const PeppolDocumentSchema = z.object({
  kind: z.enum(["invoice", "credit_note"]),
  number: z.string().min(1),
  issueDate: z.string(),
  dueDate: z.string(),
  currency: z.string().length(3),
  /** one note (PEPPOL-EN16931-R002 allows one): credit reason, ROT/RUT, the invoice's notes */
  note: z.string().nullable(),
  buyerReference: z.string().nullable(),
  orderReference: z.string().nullable(),
  /** a credit note's invoice (BG-3) */
  billingReference: z.object({ number: z.string(), issueDate: z.string() }).nullable(),
  seller: PartySchema,
  buyer: PartySchema,
  /** BT-72 and the deliver-to country (BT-80): intra-EU supplies need both (BR-IC-11, BR-IC-12) */
  delivery: z.object({ date: z.string(), country: z.string().length(2) }).nullable(),
  payment: z.object({
    /** BT-83: the OCR reference, else the invoice number */
    paymentId: z.string().nullable(),
    accounts: z.array(AccountSchema),
    terms: z.string().nullable(),
  }),
  lines: z.array(LineSchema).min(1),
  /** VAT per rate as booked (rate 0 rows included or not); the document's VAT is exactly this */
  vatByRate: z.array(z.object({ rateBp: z.number().int(), vatOre: Ore })),
  totals: z.object({ lineOre: Ore, vatOre: Ore, totalOre: Ore, prepaidOre: Ore }),
  /** a foreign currency: the VAT in SEK (BT-111, BR-53) */
  vatInSekOre: Ore.nullable(),
  attachment: z.object({ id: z.string(), fileName: z.string(), mimeCode: z.string(), base64: z.string() }).nullable(),
});

export type PeppolDocument = z.infer<typeof PeppolDocumentSchema>;
export type PeppolParty = PeppolDocument["seller"];
export type PeppolLine = PeppolDocument["lines"][number];
export type TaxCategory = z.infer<typeof TaxCategorySchema>;

/** An amount of öre as the decimal EN 16931 wants (two places), without floating point. */
export function amountText(ore: number): string {
  const sign = ore < 0 ? "-" : "";
  const abs = Math.abs(ore);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** A VAT rate in basis points as a percentage: 2500 -> "25", 1250 -> "12.5". */
export function percentText(rateBp: number): string {
  const whole = Math.floor(rateBp / 100);
  const rest = rateBp % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, "0").replace(/0$/, "")}`;
}

/** XML text and attribute escaping. */
export function xmlEscape(s: string): string {
  return s.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);
}

/** One element; `null`/empty content is left out (PEPPOL-EN16931-R008: no empty elements). */
function el(name: string, content: string | null | undefined, attrs: Record<string, string | null> = {}): string {
  if (content === null || content === undefined || content === "") return "";
  const a = Object.entries(attrs)
    .filter((e): e is [string, string] => e[1] !== null)
    .map(([k, v]) => ` ${k}="${xmlEscape(v)}"`)
    .join("");
  return `<${name}${a}>${content}</${name}>`;
}

const text = (name: string, value: string | null | undefined, attrs: Record<string, string | null> = {}) =>
  el(name, value === null || value === undefined ? null : xmlEscape(value), attrs);

const money = (name: string, ore: number, currency: string) => text(name, amountText(ore), { currencyID: currency });

/** TaxCategory / ClassifiedTaxCategory: the rate is left out for O (BR-O-05), the reason only on the breakdown. */
function taxCategory(name: string, t: TaxCategory, withReason: boolean): string {
  return el(
    name,
    text("cbc:ID", t.code) +
      (t.code === "O" ? "" : text("cbc:Percent", percentText(t.rateBp))) +
      (withReason
        ? text("cbc:TaxExemptionReasonCode", t.exemptionCode) + text("cbc:TaxExemptionReason", t.exemptionReason)
        : "") +
      el("cac:TaxScheme", text("cbc:ID", "VAT")),
  );
}

/**
 * A party (BG-4 seller, BG-7 buyer): EndpointID, PartyName, PostalAddress, the VAT
 * number and, for the Swedish seller, "Godkänd för F-skatt" as a second PartyTaxScheme
 * (SE-R-005: its TaxScheme is not VAT; Peppol uses "TAX"), the legal entity, contact.
 * `withVat` false leaves the VAT number out (BR-O-02: not with category O).
 */
function party(p: PeppolParty, withVat: boolean): string {
  const address = el(
    "cac:PostalAddress",
    text("cbc:StreetName", p.address.street) +
      text("cbc:AdditionalStreetName", p.address.additional) +
      text("cbc:CityName", p.address.city) +
      text("cbc:PostalZone", p.address.postalCode) +
      el("cac:Country", text("cbc:IdentificationCode", p.address.country)),
  );
  const vat =
    withVat && p.vatNumber
      ? el("cac:PartyTaxScheme", text("cbc:CompanyID", p.vatNumber) + el("cac:TaxScheme", text("cbc:ID", "VAT")))
      : "";
  const fSkatt = p.fSkatt
    ? el(
        "cac:PartyTaxScheme",
        text("cbc:CompanyID", "Godkänd för F-skatt") + el("cac:TaxScheme", text("cbc:ID", "TAX")),
      )
    : "";
  const legal = el(
    "cac:PartyLegalEntity",
    text("cbc:RegistrationName", p.name) +
      (p.legalId ? text("cbc:CompanyID", p.legalId.value, { schemeID: p.legalId.scheme }) : ""),
  );
  const contact = el(
    "cac:Contact",
    text("cbc:Name", p.contact.name) +
      text("cbc:Telephone", p.contact.phone) +
      text("cbc:ElectronicMail", p.contact.email),
  );
  return el(
    "cac:Party",
    text("cbc:EndpointID", p.endpoint.value, { schemeID: p.endpoint.scheme }) +
      el("cac:PartyName", text("cbc:Name", p.name)) +
      address +
      vat +
      fSkatt +
      legal +
      contact,
  );
}

/**
 * BG-16: one PaymentMeans per account, credit transfer (30, SE-R-011/012) quoting the
 * payment id. The code's `name` attribute is left out: UBL-SR-46 allows it once in the
 * document, and several accounts would repeat it.
 */
function paymentMeans(doc: PeppolDocument): string {
  const branch = (a: PeppolDocument["payment"]["accounts"][number]) =>
    a.kind === "bankgiro" ? "SE:BANKGIRO" : a.kind === "plusgiro" ? "SE:PLUSGIRO" : a.bic;
  return doc.payment.accounts
    .map((a) =>
      el(
        "cac:PaymentMeans",
        text("cbc:PaymentMeansCode", "30") +
          text("cbc:PaymentID", doc.payment.paymentId) +
          el(
            "cac:PayeeFinancialAccount",
            text("cbc:ID", a.id) + el("cac:FinancialInstitutionBranch", text("cbc:ID", branch(a))),
          ),
      ),
    )
    .join("");
}

interface TaxGroup {
  tax: TaxCategory;
  taxableOre: number;
  taxOre: number;
}

/**
 * BG-23, the VAT breakdown: one row per category and rate (BR-CO-18). The VAT of a
 * standard-rated row is the VAT booked for its rate (computed once per rate on the sum,
 * ML 17 kap 24 §, as EN 16931 BR-S-09 computes it); every other category carries none.
 */
export function taxBreakdown(doc: Pick<PeppolDocument, "lines" | "vatByRate">): TaxGroup[] {
  const groups = new Map<string, TaxGroup>();
  for (const l of doc.lines) {
    const key = `${l.tax.code}:${l.tax.rateBp}`;
    const g = groups.get(key) ?? { tax: l.tax, taxableOre: 0, taxOre: 0 };
    g.taxableOre += l.netOre;
    groups.set(key, g);
  }
  for (const g of groups.values())
    if (g.tax.code === "S") g.taxOre = doc.vatByRate.find((v) => v.rateBp === g.tax.rateBp)?.vatOre ?? 0;
  return [...groups.values()];
}

/**
 * A line's quantity and price: BR-27 forbids a negative price, so a line that takes
 * something off (a discount row, negative unit price) is written as a negative quantity
 * at a positive price; the line amount keeps its sign.
 */
export function quantityAndPrice(l: Pick<PeppolLine, "quantity" | "unitPriceOre">): {
  quantity: string;
  priceOre: number;
} {
  if (l.unitPriceOre >= 0) return { quantity: l.quantity, priceOre: l.unitPriceOre };
  const q = l.quantity.startsWith("-") ? l.quantity.slice(1) : `-${l.quantity}`;
  return { quantity: q, priceOre: -l.unitPriceOre };
}

function line(doc: PeppolDocument, l: PeppolLine, i: number): string {
  const credit = doc.kind === "credit_note";
  const { quantity, priceOre } = quantityAndPrice(l);
  return el(
    credit ? "cac:CreditNoteLine" : "cac:InvoiceLine",
    text("cbc:ID", String(i + 1)) +
      text(credit ? "cbc:CreditedQuantity" : "cbc:InvoicedQuantity", quantity, { unitCode: l.unitCode }) +
      money("cbc:LineExtensionAmount", l.netOre, doc.currency) +
      el(
        "cac:Item",
        text("cbc:Name", l.description.length > 100 ? `${l.description.slice(0, 99)}…` : l.description) +
          taxCategory("cac:ClassifiedTaxCategory", l.tax, false),
      ) +
      el("cac:Price", money("cbc:PriceAmount", priceOre, doc.currency)),
  );
}

/** BT-1..BT-19: the document's numbers, dates, currency and references (the credited invoice, an attachment). */
function documentHead(doc: PeppolDocument): string {
  const credit = doc.kind === "credit_note";
  return (
    text("cbc:CustomizationID", CUSTOMIZATION_ID) +
    text("cbc:ProfileID", PROFILE_ID) +
    text("cbc:ID", doc.number) +
    text("cbc:IssueDate", doc.issueDate) +
    (credit ? "" : text("cbc:DueDate", doc.dueDate)) +
    text(credit ? "cbc:CreditNoteTypeCode" : "cbc:InvoiceTypeCode", credit ? "381" : "380") +
    text("cbc:Note", doc.note) +
    text("cbc:DocumentCurrencyCode", doc.currency) +
    (doc.vatInSekOre === null ? "" : text("cbc:TaxCurrencyCode", "SEK")) +
    text("cbc:BuyerReference", doc.buyerReference) +
    el("cac:OrderReference", text("cbc:ID", doc.orderReference)) +
    documentReferences(doc)
  );
}

function documentReferences(doc: PeppolDocument): string {
  const billing = doc.billingReference
    ? el(
        "cac:BillingReference",
        el(
          "cac:InvoiceDocumentReference",
          text("cbc:ID", doc.billingReference.number) + text("cbc:IssueDate", doc.billingReference.issueDate),
        ),
      )
    : "";
  const attachment = doc.attachment
    ? el(
        "cac:AdditionalDocumentReference",
        text("cbc:ID", doc.attachment.id) +
          el(
            "cac:Attachment",
            el("cbc:EmbeddedDocumentBinaryObject", doc.attachment.base64, {
              mimeCode: doc.attachment.mimeCode,
              filename: doc.attachment.fileName,
            }),
          ),
      )
    : "";
  return billing + attachment;
}

function deliveryOf(doc: PeppolDocument): string {
  if (!doc.delivery) return "";
  return el(
    "cac:Delivery",
    text("cbc:ActualDeliveryDate", doc.delivery.date) +
      el(
        "cac:DeliveryLocation",
        el("cac:Address", el("cac:Country", text("cbc:IdentificationCode", doc.delivery.country))),
      ),
  );
}

/** BG-23: the VAT total with its breakdown, and the VAT in SEK when the document's currency is another. */
function taxTotalOf(doc: PeppolDocument, breakdown: TaxGroup[]): string {
  const cur = doc.currency;
  const subtotals = breakdown
    .map((g) =>
      el(
        "cac:TaxSubtotal",
        money("cbc:TaxableAmount", g.taxableOre, cur) +
          money("cbc:TaxAmount", g.taxOre, cur) +
          taxCategory("cac:TaxCategory", g.tax, true),
      ),
    )
    .join("");
  const sek = doc.vatInSekOre === null ? "" : el("cac:TaxTotal", money("cbc:TaxAmount", doc.vatInSekOre, "SEK"));
  return el("cac:TaxTotal", money("cbc:TaxAmount", doc.totals.vatOre, cur) + subtotals) + sek;
}

/** BG-22: the document totals. */
function monetaryTotal(doc: PeppolDocument): string {
  const t = doc.totals;
  const cur = doc.currency;
  return el(
    "cac:LegalMonetaryTotal",
    money("cbc:LineExtensionAmount", t.lineOre, cur) +
      money("cbc:TaxExclusiveAmount", t.lineOre, cur) +
      money("cbc:TaxInclusiveAmount", t.totalOre, cur) +
      (t.prepaidOre === 0 ? "" : money("cbc:PrepaidAmount", t.prepaidOre, cur)) +
      money("cbc:PayableAmount", t.totalOre - t.prepaidOre, cur),
  );
}

/**
 * The document. Throws a `PeppolShapeError` when the figures handed in do not add up
 * (the lines to the line total, the breakdown's VAT to the VAT total): that is a bug in
 * the caller, never the buyer's problem to find.
 */
export function ublInvoiceXml(input: PeppolDocument): string {
  const doc = PeppolDocumentSchema.parse(input);
  const breakdown = taxBreakdown(doc);
  checkSums(doc, breakdown);
  // BR-O-02: a document with category O names no VAT numbers (BR-O-11..14: O stands alone)
  const withVat = !breakdown.some((g) => g.tax.code === "O");
  const root = doc.kind === "credit_note" ? "CreditNote" : "Invoice";
  const parties =
    el("cac:AccountingSupplierParty", party(doc.seller, withVat)) +
    el("cac:AccountingCustomerParty", party(doc.buyer, withVat));
  const payment = paymentMeans(doc) + el("cac:PaymentTerms", text("cbc:Note", doc.payment.terms));
  const lines = doc.lines.map((l, i) => line(doc, l, i)).join("");
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<${root} xmlns="urn:oasis:names:specification:ubl:schema:xsd:${root}-2" ` +
    `xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" ` +
    `xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">` +
    documentHead(doc) +
    parties +
    deliveryOf(doc) +
    payment +
    taxTotalOf(doc, breakdown) +
    monetaryTotal(doc) +
    lines +
    `</${root}>\n`
  );
}

export class PeppolShapeError extends Error {
  override name = "PeppolShapeError";
}

/** BR-CO-10 (sum of lines) and BR-CO-14 (sum of the breakdown's VAT) on the figures handed in. */
function checkSums(doc: PeppolDocument, breakdown: TaxGroup[]): void {
  const lineSum = doc.lines.reduce((s, l) => s + l.netOre, 0);
  if (lineSum !== doc.totals.lineOre) throw new PeppolShapeError(`lines sum to ${lineSum}, not ${doc.totals.lineOre}`);
  const vatSum = breakdown.reduce((s, g) => s + g.taxOre, 0);
  if (vatSum !== doc.totals.vatOre) throw new PeppolShapeError(`breakdown VAT ${vatSum}, not ${doc.totals.vatOre}`);
  if (doc.totals.lineOre + doc.totals.vatOre !== doc.totals.totalOre)
    throw new PeppolShapeError("line total + VAT is not the total");
}
