// From an invoice row to its PDF: the seller's and buyer's particulars, lines and
// VAT, and the texts the law asks for in special cases.
import type { Database } from "../../../db/client";
import type { invoiceReminders } from "../../../db/schema";
import { fromOre } from "../../../money";
import { loadCompany } from "../../companies";
import { customersByIds } from "../../customers";
import { saleInvoiceTexts, type SaleTreatment } from "../../../sweden/vat-treatment";
import { countryName, formatAmount, type InvoiceLanguage, invoiceLanguage, LABELS } from "./language";
import { renderInvoicePdf, type InvoicePdf } from "./pdf";
import { itemsOfInvoice, type InvoiceItemRow, type InvoiceRow } from "../queries";
import { loadDeduction } from "../deductions/commands";

/** A Swedish VAT number: SE + the ten digits of the organisation number + 01. */
export function swedishVatNumber(orgNumber: string | null): string | null {
  const digits = (orgNumber ?? "").replace(/\D/g, "");
  return digits.length === 10 ? `SE${digits}01` : null;
}

type Settings = Awaited<ReturnType<typeof loadCompany>>["company_settings"];

/**
 * A postal address's lines. The country is printed by name when the reader is in
 * another country: a foreign country always, Sweden on an English document (the
 * Swedish seller seen from abroad).
 */
function addressLines(
  a: { addressLine1: string | null; addressLine2: string | null; postalCode: string | null; city: string | null },
  country: string | null,
  lang: InvoiceLanguage,
): string[] {
  const code = country || "SE";
  return [
    a.addressLine1,
    a.addressLine2,
    [a.postalCode, a.city].filter(Boolean).join(" "),
    code !== "SE" || lang === "en" ? countryName(code, lang) : null,
  ].filter((l): l is string => !!l);
}

/** The seller's address (ML 17 kap 24 §: the seller's name and address on every invoice). */
export function sellerAddress(s: Settings, lang: InvoiceLanguage = "sv"): string[] {
  return addressLines(s, s.country, lang);
}

export function sellerContact(s: Settings, lang: InvoiceLanguage = "sv"): string[] {
  const L = LABELS[lang];
  return [
    s.phone ? `${L.phone} ${s.phone}` : null,
    s.email ? `${L.email} ${s.email}` : null,
    s.website ? `${L.web} ${s.website}` : null,
  ].filter((l): l is string => !!l);
}

/**
 * Bankgiro, Plusgiro and the OCR reference are Swedish clearing in SEK: a foreign
 * buyer paying in another currency cannot use them, so an invoice in another currency
 * asks for a transfer to the IBAN (with BIC) quoting the invoice number instead.
 */
const paysBySwedishGiro = (row: InvoiceRow) => row.currency === "SEK";

/** The payment lines of the footer: where to pay and the reference to quote. */
export function paymentLines(row: InvoiceRow, s: Settings, lang: InvoiceLanguage = "sv"): string[] {
  const L = LABELS[lang];
  const giro = paysBySwedishGiro(row);
  return [
    giro && s.bankgiro ? `Bankgiro ${s.bankgiro}` : null,
    giro && s.plusgiro ? `Plusgiro ${s.plusgiro}` : null,
    s.iban ? `IBAN ${s.iban}${s.bic ? ` BIC ${s.bic}` : ""}` : null,
    giro && row.ocrNumber
      ? L.payWithOcr(row.ocrNumber)
      : row.invoiceNumber && !row.isCreditNote
        ? L.payWithNumber(row.invoiceNumber)
        : null,
  ].filter((l): l is string => !!l);
}

/**
 * Payment terms, late-payment interest and the OCR reference. Räntelagen (1975:635)
 * 6 §: without an agreed rate, interest on late payment is the reference rate + 8
 * percentage points; an agreed rate is printed as such.
 */
export function paymentTerms(row: InvoiceRow, s: Settings, lang: InvoiceLanguage = "sv"): [string, string][] {
  const L = LABELS[lang];
  const days = Math.round(
    (Date.parse(`${row.dueDate}T00:00:00Z`) - Date.parse(`${row.invoiceDate}T00:00:00Z`)) / 86_400_000,
  );
  const rate = s.latePaymentInterestRate;
  const interest =
    rate === null
      ? L.referenceRate
      : `${(Number(rate) * 100).toLocaleString(lang === "sv" ? "sv-SE" : "en-GB", { maximumFractionDigits: 2 })} %`;
  // the reminder fee is owed only when agreed beforehand (lag 1981:739 2 §): printing it in the terms is that agreement
  const fee: [string, string][] =
    s.reminderFeeOre && row.currency === "SEK"
      ? [[L.reminderFee, `${formatAmount(fromOre(s.reminderFeeOre), lang)} SEK`]]
      : [];
  return [
    [L.paymentTerms, days === 0 ? L.cash : L.net(days)],
    [L.lateInterest, interest],
    ...fee,
    ...(row.ocrNumber && paysBySwedishGiro(row) ? ([[L.ocr, row.ocrNumber]] as [string, string][]) : []),
  ];
}

export function invoiceFileName(row: InvoiceRow): string {
  return row.invoiceNumber ? `faktura-${row.invoiceNumber}.pdf` : `utkast-faktura-${row.id}.pdf`;
}

/** What the caller already read (issuing reads them anyway): not read again. */
export interface PdfInputs {
  /** a credit note's items, rendered before the batch that inserts them */
  items?: InvoiceItemRow[];
  company?: Awaited<ReturnType<typeof loadCompany>>;
  customer?: Awaited<ReturnType<typeof customersByIds>>[number];
}

export async function invoicePdfBytes(
  db: Database,
  row: InvoiceRow,
  nowIso: string,
  given: PdfInputs = {},
): Promise<Uint8Array> {
  const company = given.company ?? (await loadCompany(db, row.companyId));
  const [customer] = given.customer ? [given.customer] : await customersByIds(db, row.companyId, [row.customerId]);
  const items = given.items ?? (await itemsOfInvoice(db, row.id));
  const deduction = await deductionOnPdf(db, row);
  return renderInvoicePdf(invoiceDocument(row, { company, customer, items, deduction }, nowIso));
}

/** What an invoice's document is made of besides its row, read first. */
interface DocumentSources {
  company: Awaited<ReturnType<typeof loadCompany>>;
  customer: Awaited<ReturnType<typeof customersByIds>>[number] | undefined;
  items: InvoiceItemRow[];
  deduction: InvoicePdf["deduction"];
}

/** The kind of document the row is, by its Swedish name. */
function documentTitle(row: InvoiceRow): InvoicePdf["title"] {
  if (row.isCreditNote) return "Kreditfaktura";
  if (row.documentType === "proforma") return "Proformafaktura";
  if (row.documentType === "delivery_note") return "Följesedel";
  return row.kind === "interest" ? "Räntefaktura" : "Faktura";
}

/** The notes under the lines: the credited invoice, self-billing, the VAT treatment's wording, the invoice's own note. */
function documentNotes(row: InvoiceRow, items: InvoiceItemRow[], L: (typeof LABELS)[keyof typeof LABELS]): string[] {
  const notes: string[] = [];
  if (row.isCreditNote)
    notes.push(
      `${L.creditOf(row.invoiceNumber?.replace(/^KR-/, "") ?? "")}${row.creditReason ? `: ${row.creditReason}` : ""}`,
    );
  if (row.isSelfBilled) notes.push(L.selfBilled(row.externalInvoiceNumber ?? "", row.receivedDate ?? ""));
  // the wording the VAT treatment of the lines asks for (intra-EU goods, reverse charge on services, export)
  notes.push(...saleInvoiceTexts(items.map((i) => i.vatTreatment as SaleTreatment)));
  if (row.notes) notes.push(row.notes);
  return notes;
}

/** The seller as an invoice's or a reminder's document prints it: the company, how to pay it, its address and contact. */
function sellerOf(row: InvoiceRow, c: DocumentSources["company"], lang: InvoicePdf["language"]) {
  const { companies: company, company_settings: settings } = c;
  return {
    seller: {
      name: company.name,
      orgNumber: company.orgNumber,
      vatNumber: company.vatRegistered ? (settings.vatNumber ?? swedishVatNumber(company.orgNumber)) : null,
      fSkatt: company.fSkatt,
      payment: paymentLines(row, settings, lang),
    },
    sellerAddress: [...sellerAddress(settings, lang), ...sellerContact(settings, lang)],
  };
}

/** The invoice's document as the PDF prints it (pure). */
function invoiceDocument(row: InvoiceRow, src: DocumentSources, nowIso: string): InvoicePdf {
  const { company_settings: settings } = src.company;
  const { customer, items } = src;
  const lang = invoiceLanguage(customer?.country);
  const L = LABELS[lang];
  return {
    title: documentTitle(row),
    language: lang,
    draft: row.status === "draft" || row.status === "cancelled",
    number: row.invoiceNumber,
    invoiceDate: row.invoiceDate,
    dueDate: row.dueDate,
    currency: row.currency,
    ...sellerOf(row, src.company, lang),
    terms: row.isCreditNote || row.documentType === "delivery_note" ? [] : paymentTerms(row, settings, lang),
    buyer: {
      name: row.customerName,
      lines: customer ? addressLines(customer, customer.country, lang) : [],
      vatNumber: customer?.vatNumber ?? null,
    },
    references: [
      row.ourReference ? `${L.ourReference}: ${row.ourReference}` : null,
      row.yourReference ? `${L.yourReference}: ${row.yourReference}` : null,
    ].filter((s): s is string => !!s),
    items: items.map((i) => ({
      description: i.description,
      quantity: i.quantity,
      unit: i.unit,
      unitPrice: fromOre(i.unitPriceOre),
      vatRate: i.vatRateBp / 10_000,
      net: fromOre(i.netOre),
    })),
    vat: row.vatBreakdown
      .filter((v) => v.rateBp > 0)
      .map((v) => ({ rate: v.rateBp / 10_000, net: fromOre(v.netOre), vat: fromOre(v.vatOre) })),
    subtotal: fromOre(row.subtotalOre),
    vatTotal: fromOre(row.vatOre),
    total: fromOre(row.totalOre),
    notes: documentNotes(row, items, L),
    generatedAt: nowIso,
    deduction: src.deduction,
  };
}

const percent = (bp: number) => `${(bp / 100).toLocaleString("sv-SE")} %`;

/**
 * ROT/RUT on the invoice (Skatteverket, "Rot och rut – för företag": the invoice shows the
 * labour cost separately from material and other costs, the preliminary tax reduction
 * the buyer gets, and what the buyer pays; the reduction is preliminary, and what
 * Skatteverket does not pay the buyer owes). Buyers appear masked, as everywhere.
 */
async function deductionOnPdf(db: Database, row: InvoiceRow): Promise<InvoicePdf["deduction"]> {
  if (row.isCreditNote) {
    if (row.deductionOre === 0) return undefined;
    return {
      rows: [["Återförd skattereduktion (rot/rut)", fromOre(row.deductionOre)]],
      toPay: fromOre(row.totalOre - row.deductionOre),
      notes: ["Krediteringen minskar skattereduktionen i proportion till den krediterade arbetskostnaden."],
    };
  }
  const d = await loadDeduction(db, row.id);
  if (!d) return undefined;
  const r = d.row;
  const rows: [string, number][] = [];
  if (r.labourRotOre > 0) rows.push(["Varav arbete rot inkl. moms", fromOre(r.labourRotOre)]);
  if (r.labourRutOre > 0) rows.push(["Varav arbete rut inkl. moms", fromOre(r.labourRutOre)]);
  const material = r.work.reduce((s, w) => s + w.materialOre, 0);
  if (material > 0) rows.push(["Varav material inkl. moms", fromOre(material)]);
  if (r.otherCostOre > 0) rows.push(["Varav övriga kostnader inkl. moms", fromOre(r.otherCostOre)]);
  if (r.deductionRotOre > 0) rows.push([`Avgår rotavdrag ${percent(r.rateRotBp)}`, -fromOre(r.deductionRotOre)]);
  if (r.deductionRutOre > 0) rows.push([`Avgår rutavdrag ${percent(r.rateRutBp)}`, -fromOre(r.deductionRutOre)]);
  const changed = r.deductionRotOre + r.deductionRutOre - row.deductionOre;
  if (changed !== 0) rows.push(["Ej avgående (kredit, avslag)", fromOre(changed)]);
  const notes = [
    `Köpare: ${d.buyers.map((b) => `${b.personnummerMasked} (andel ${percent(b.shareBp)})`).join(", ")}`,
    ...(r.housingDesignation ? [`Fastighetsbeteckning: ${r.housingDesignation}`] : []),
    ...(r.apartmentNumber
      ? [
          `Bostadsrätt: lägenhet ${r.apartmentNumber}, föreningens org.nr ${r.brfOrgNumber?.slice(2, 8)}-${r.brfOrgNumber?.slice(8)}`,
        ]
      : []),
    `Arbetstimmar: ${
      r.work
        .filter((w) => w.hoursHundredths > 0)
        .map((w) => `${w.code} ${(w.hoursHundredths / 100).toLocaleString("sv-SE")} h`)
        .join(", ") || "schablon"
    }`,
    "Rot-/rutavdraget är en preliminär skattereduktion. Vi begär utbetalning från Skatteverket när du har betalat.",
    "Om Skatteverket inte beviljar hela skattereduktionen ska du betala mellanskillnaden.",
  ];
  return { rows, toPay: fromOre(row.totalOre - row.deductionOre), notes };
}

type ReminderRow = typeof invoiceReminders.$inferSelect;

/**
 * A payment reminder as PDF, in Swedish: the original invoice's number and dates, what is
 * left of it, the reminder fee, the interest so far (or the rule, when a reference rate is
 * not yet known), what to pay now and by when, and how (giro, OCR). Rendered from the
 * reminder's stored row, so the same reminder prints the same figures.
 */
export async function reminderPdfBytes(
  db: Database,
  row: InvoiceRow,
  r: ReminderRow,
  nowIso: string,
  given?: Awaited<ReturnType<typeof loadCompany>>,
): Promise<Uint8Array> {
  const ours = given ?? (await loadCompany(db, row.companyId));
  const { company_settings: settings } = ours;
  const [customer] = await customersByIds(db, row.companyId, [row.customerId]);
  const line = (description: string, ore: number) => ({
    description,
    quantity: "1",
    unit: null,
    unitPrice: fromOre(ore),
    vatRate: 0,
    net: fromOre(ore),
  });
  const items = [line(`Obetalt belopp, faktura ${row.invoiceNumber}`, r.remainingOre)];
  if (r.feeOre > 0) items.push(line("Påminnelseavgift", r.feeOre));
  if (r.interestOre !== null && r.interestOre > 0)
    items.push(line(`Dröjsmålsränta ${r.interestDays} dagar t.o.m. ${r.reminderDate}`, r.interestOre));
  const total = r.remainingOre + r.feeOre + (r.interestOre ?? 0);
  const notes = [
    `Enligt våra noteringar är faktura ${row.invoiceNumber} (fakturadatum ${row.invoiceDate}, förfallodatum ${row.dueDate}) inte betald.`,
    `Vänligen betala ${formatAmount(fromOre(total), "sv")} ${row.currency} senast ${r.payBy}. Har du redan betalat kan du bortse ` +
      `från denna påminnelse.`,
    r.interestOre === null
      ? "Dröjsmålsränta enligt räntelagen (referensränta + 8 procentenheter) debiteras från förfallodagen."
      : "Dröjsmålsräntan löper från förfallodagen till dess betalning sker och kan komma att faktureras separat.",
  ];
  return renderInvoicePdf({
    title: "Betalningspåminnelse",
    language: "sv",
    draft: false,
    number: `${row.invoiceNumber}-P${r.reminderNumber}`,
    invoiceDate: r.reminderDate,
    dueDate: r.payBy,
    currency: row.currency,
    ...sellerOf(row, ours, "sv"),
    terms: [
      ["Fakturanummer", row.invoiceNumber ?? ""],
      ["Ursprungligt förfallodatum", row.dueDate],
      ["Påminnelse nr", String(r.reminderNumber)],
      ...paymentTerms(row, settings, "sv").slice(1),
    ],
    buyer: {
      name: row.customerName,
      lines: customer ? addressLines(customer, customer.country, "sv") : [],
      vatNumber: customer?.vatNumber ?? null,
    },
    references: row.yourReference ? [`Er referens: ${row.yourReference}`] : [],
    items,
    vat: [],
    subtotal: fromOre(total),
    vatTotal: 0,
    total: fromOre(total),
    notes,
    generatedAt: nowIso,
  });
}
