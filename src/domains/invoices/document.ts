// From an invoice row to its PDF: the seller's and buyer's particulars, lines and
// VAT, and the texts the law asks for in special cases.
import type { Database } from "../../db/client";
import { fromOre } from "../../money";
import { loadCompany } from "../companies";
import { customersByIds } from "../customers";
import { saleInvoiceTexts, type SaleTreatment } from "../../sweden/vat-treatment";
import { renderInvoicePdf, type InvoicePdf } from "./pdf";
import { itemsOfInvoice, type InvoiceItemRow, type InvoiceRow } from "./queries";
import { loadDeduction } from "./deduction";

/** A Swedish VAT number: SE + the ten digits of the organisation number + 01. */
export function swedishVatNumber(orgNumber: string | null): string | null {
  const digits = (orgNumber ?? "").replace(/\D/g, "");
  return digits.length === 10 ? `SE${digits}01` : null;
}

type Settings = Awaited<ReturnType<typeof loadCompany>>["company_settings"];

/** The seller's address (ML 17 kap 24 §: the seller's name and address on every invoice). */
export function sellerAddress(s: Settings): string[] {
  return [
    s.addressLine1,
    s.addressLine2,
    [s.postalCode, s.city].filter(Boolean).join(" "),
    s.country !== "SE" ? s.country : null,
  ].filter((l): l is string => !!l);
}

export function sellerContact(s: Settings): string[] {
  return [
    s.phone ? `Tel ${s.phone}` : null,
    s.email ? `E-post ${s.email}` : null,
    s.website ? `Webb ${s.website}` : null,
  ].filter((l): l is string => !!l);
}

/**
 * Payment terms, late-payment interest and the OCR reference. Räntelagen (1975:635)
 * 6 §: without an agreed rate, interest on late payment is the reference rate + 8
 * percentage points; an agreed rate is printed as such.
 */
export function paymentTerms(row: InvoiceRow, s: Settings): [string, string][] {
  const days = Math.round(
    (Date.parse(`${row.dueDate}T00:00:00Z`) - Date.parse(`${row.invoiceDate}T00:00:00Z`)) / 86_400_000,
  );
  const rate = s.latePaymentInterestRate;
  const interest =
    rate === null
      ? "referensränta + 8 %-enheter"
      : `${(Number(rate) * 100).toLocaleString("sv-SE", { maximumFractionDigits: 2 })} %`;
  return [
    ["Betalningsvillkor", days === 0 ? "Kontant" : `${days} dagar netto`],
    ["Dröjsmålsränta", interest],
    ...(row.ocrNumber ? ([["OCR-nummer", row.ocrNumber]] as [string, string][]) : []),
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
}

export async function invoicePdfBytes(
  db: Database,
  row: InvoiceRow,
  nowIso: string,
  given: PdfInputs = {},
): Promise<Uint8Array> {
  const givenItems = given.items;
  const { companies: company, company_settings: settings } = given.company ?? (await loadCompany(db, row.companyId));
  const [customer] = await customersByIds(db, row.companyId, [row.customerId]);
  const items = givenItems ?? (await itemsOfInvoice(db, row.id));
  const title: InvoicePdf["title"] = row.isCreditNote
    ? "Kreditfaktura"
    : row.documentType === "proforma"
      ? "Proformafaktura"
      : row.documentType === "delivery_note"
        ? "Följesedel"
        : "Faktura";
  const notes: string[] = [];
  if (row.isCreditNote)
    notes.push(
      `Kreditering av faktura ${row.invoiceNumber?.replace(/^KR-/, "")}${row.creditReason ? `: ${row.creditReason}` : ""}`,
    );
  if (row.isSelfBilled)
    notes.push(`Självfaktura (köparens nummer ${row.externalInvoiceNumber}, mottagen ${row.receivedDate})`);
  // the wording the VAT treatment of the lines asks for (intra-EU goods, reverse charge on services, export)
  notes.push(...saleInvoiceTexts(items.map((i) => i.vatTreatment as SaleTreatment)));
  if (row.notes) notes.push(row.notes);
  const payment = [
    settings.bankgiro ? `Bankgiro ${settings.bankgiro}` : null,
    settings.plusgiro ? `Plusgiro ${settings.plusgiro}` : null,
    settings.iban ? `IBAN ${settings.iban}${settings.bic ? ` BIC ${settings.bic}` : ""}` : null,
    row.ocrNumber
      ? `Ange OCR-nummer ${row.ocrNumber} vid betalning`
      : row.invoiceNumber && !row.isCreditNote
        ? `Ange fakturanummer ${row.invoiceNumber} vid betalning`
        : null,
  ].filter((s): s is string => !!s);
  const address = customer
    ? [
        customer.addressLine1,
        customer.addressLine2,
        [customer.postalCode, customer.city].filter(Boolean).join(" "),
        customer.country !== "SE" ? customer.country : null,
      ].filter((s): s is string => !!s)
    : [];
  return renderInvoicePdf({
    title,
    draft: row.status === "draft" || row.status === "cancelled",
    number: row.invoiceNumber,
    invoiceDate: row.invoiceDate,
    dueDate: row.dueDate,
    currency: row.currency,
    seller: {
      name: company.name,
      orgNumber: company.orgNumber,
      vatNumber: company.vatRegistered ? (settings.vatNumber ?? swedishVatNumber(company.orgNumber)) : null,
      fSkatt: company.fSkatt,
      payment,
    },
    sellerAddress: [...sellerAddress(settings), ...sellerContact(settings)],
    terms: row.isCreditNote || row.documentType === "delivery_note" ? [] : paymentTerms(row, settings),
    buyer: { name: row.customerName, lines: address, vatNumber: customer?.vatNumber ?? null },
    references: [
      row.ourReference ? `Vår referens: ${row.ourReference}` : null,
      row.yourReference ? `Er referens: ${row.yourReference}` : null,
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
    notes,
    generatedAt: nowIso,
    deduction: await deductionOnPdf(db, row),
  });
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
