// From the service's VAT treatment of a sale line (src/sweden/vat-treatment.ts) to the
// EN 16931 VAT category of the line (UNCL 5305 as Peppol BIS 3.0 restricts it) and the
// exemption reason the category asks for (BR-E-10, BR-AE-10, BR-IC-10, BR-G-10, BR-O-10;
// codes from the CEF VATEX list). Pure.
import type { SaleTreatment } from "../../sweden/vat-treatment";
import type { TaxCategory } from "./ubl-invoice";

const category = (
  code: TaxCategory["code"],
  rateBp: number,
  exemptionCode: string | null,
  exemptionReason: string | null,
): TaxCategory => ({ code, rateBp, exemptionCode, exemptionReason });

/**
 * - a line with Swedish VAT (25, 12 or 6 %) is S, whatever the buyer;
 * - intra-EU goods to a VAT-registered buyer are K (Directive 2006/112/EC art. 138);
 * - services to an EU business are AE, the buyer accounts for the VAT (art. 44, 196);
 * - goods leaving the EU are G (art. 146);
 * - services whose place of supply is outside the EU (art. 44 to a business abroad, or a
 *   consumer service supplied outside Sweden at 0 %) and any sale by a seller not
 *   registered for VAT are O, outside the scope of Swedish VAT;
 * - a domestic (or EU consumer) line at 0 % is a supply exempt from VAT (ML 2023:200
 *   10 kap.), E with the reason in words: the service does not record which exemption.
 */
export function vatCategoryOf(treatment: SaleTreatment, rateBp: number): TaxCategory {
  if (rateBp > 0) return category("S", rateBp, null, null);
  switch (treatment) {
    case "eu_goods":
      return category("K", 0, "VATEX-EU-IC", "Intra-Community supply");
    case "eu_services_reverse_charge":
      return category("AE", 0, "VATEX-EU-AE", "Reverse charge");
    case "export_goods":
      return category("G", 0, "VATEX-EU-G", "Export outside the EU");
    case "export_services":
    case "non_eu_consumer_services":
    case "not_vat_registered":
      return category("O", 0, "VATEX-EU-O", "Not subject to VAT");
    default:
      return category("E", 0, null, "Undantag från skatteplikt enligt mervärdesskattelagen (2023:200) 10 kap.");
  }
}
