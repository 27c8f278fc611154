// VAT treatment of a sale or a purchase: from where the other party is (Sweden, an
// EU business with a VAT number, an EU consumer, outside the EU) and the kind of
// supply (goods or services) to the rates allowed, the BAS account and so the box of
// the momsdeklaration (SKV 4700), and the text the invoice must carry. Pure.
//
// Sources:
// - Mervärdesskattelagen (2023:200) and Council Directive 2006/112/EC: an intra-EU
//   supply of goods to a business with a VAT number in another member state is
//   exempt (Directive art. 138); a service to a business in another member state is
//   taxed where the buyer is established (art. 44) and the buyer pays the VAT (art.
//   196); goods exported out of the EU are exempt (art. 146); services to a business
//   outside the EU are supplied outside Sweden (art. 44). Services to consumers are
//   taxed where the seller is (art. 45), and so are goods sold to EU consumers below
//   the EU threshold for distance sales (EUR 10 000 a year; above it the OSS return,
//   which is not the Swedish momsdeklaration, applies).
// - The invoice must then say so: "Omvänd betalningsskyldighet" (art. 226 point 11a),
//   or refer to the exemption (art. 226 point 11), with both parties' VAT numbers.
// - BAS 2026 (shared/data/bas): 3001/3002/3003 "Försäljning inom Sverige, 25/12/6 %
//   moms", 3004 "momsfri", 3105 "Försäljning varor till land utanför EU", 3106
//   "Försäljning varor till annat EU-land, momspliktig", 3108 "... momsfri", 3305
//   "Försäljning tjänster till land utanför EU", 3308 "Försäljning tjänster till annat
//   EU-land"; purchases 4515-4517 (EU goods, box 20), 4535-4537 (EU services, box 21),
//   4531-4533 (services from outside the EU, box 22), 4415-4417 (goods in Sweden with
//   reverse charge, box 23), 4425-4427 (services in Sweden with reverse charge, e.g.
//   construction, ML 16 kap 13 §, box 24); output VAT 2614/2624/2634 (boxes 30-32),
//   input VAT 2645 (acquisitions from abroad) and 2647 (domestic reverse charge), box 48.
import { boxOf, type Box } from "./vat-declaration";

export type SupplyType = "goods" | "services";

/** The EU member states by ISO 3166 code (Greece's VAT numbers start EL). */
export const EU_COUNTRIES = new Set([
  "AT",
  "BE",
  "BG",
  "CY",
  "CZ",
  "DE",
  "DK",
  "EE",
  "ES",
  "FI",
  "FR",
  "GR",
  "HR",
  "HU",
  "IE",
  "IT",
  "LT",
  "LU",
  "LV",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SE",
  "SI",
  "SK",
]);

export type Location = "domestic" | "eu_business" | "eu_consumer" | "non_eu_business" | "non_eu_consumer";

export interface Party {
  /** customer_type or supplier_type */
  type: "swedish_business" | "eu_business" | "non_eu_business" | "individual";
  /** ISO 3166 alpha-2; empty or null is Sweden */
  country: string | null;
  vatNumber: string | null;
}

/** The country of a party: its country field, else the prefix of its VAT number (EL is GR). */
export function countryOf(p: Party): string {
  const c = (p.country ?? "").trim().toUpperCase();
  if (c && c !== "SE") return c;
  const prefix = (p.vatNumber ?? "").trim().toUpperCase().slice(0, 2);
  if (p.type === "eu_business" && /^[A-Z]{2}$/.test(prefix) && prefix !== "SE") return prefix === "EL" ? "GR" : prefix;
  return c || "SE";
}

/** Where the other party is, for VAT. An eu_business in Sweden is a domestic business. */
export function locationOf(p: Party): Location {
  const country = countryOf(p);
  const business = p.type !== "individual";
  if (country === "SE") return "domestic";
  if (!EU_COUNTRIES.has(country)) return business ? "non_eu_business" : "non_eu_consumer";
  return business ? "eu_business" : "eu_consumer";
}

// ---------------------------------------------------------------------------
// Sales

export type SaleTreatment =
  | "domestic"
  | "eu_goods"
  | "eu_services_reverse_charge"
  | "eu_consumer_goods"
  | "eu_consumer_services"
  | "export_goods"
  | "export_services"
  | "non_eu_consumer_services"
  | "not_vat_registered";

export function saleTreatment(location: Location, supply: SupplyType, companyVatRegistered: boolean): SaleTreatment {
  if (!companyVatRegistered) return "not_vat_registered";
  switch (location) {
    case "domestic":
      return "domestic";
    case "eu_business":
      return supply === "goods" ? "eu_goods" : "eu_services_reverse_charge";
    case "eu_consumer":
      return supply === "goods" ? "eu_consumer_goods" : "eu_consumer_services";
    case "non_eu_business":
      return supply === "goods" ? "export_goods" : "export_services";
    case "non_eu_consumer":
      return supply === "goods" ? "export_goods" : "non_eu_consumer_services";
  }
}

const ZERO_RATED: SaleTreatment[] = [
  "eu_goods",
  "eu_services_reverse_charge",
  "export_goods",
  "export_services",
  "not_vat_registered",
];

/** The Swedish VAT rates (basis points) a line with this treatment may carry. */
export function allowedSaleRates(t: SaleTreatment): number[] {
  return ZERO_RATED.includes(t) ? [0] : [2500, 1200, 600, 0];
}

const DOMESTIC_BY_RATE: Record<number, string> = { 2500: "3001", 1200: "3002", 600: "3003", 0: "3004" };

/** The BAS revenue account of a treatment and rate. */
export function saleRevenueAccount(t: SaleTreatment, rateBp: number): string {
  switch (t) {
    case "eu_goods":
      return "3108";
    case "eu_services_reverse_charge":
      return "3308";
    case "export_goods":
      return "3105";
    case "export_services":
      return "3305";
    case "eu_consumer_goods":
      return rateBp === 0 ? "3004" : "3106";
    default:
      return DOMESTIC_BY_RATE[rateBp] ?? "3004";
  }
}

/** The momsdeklaration box the sale's net amount belongs in (null: none, not VAT registered). */
export function saleBox(t: SaleTreatment, rateBp: number): Box | null {
  if (t === "not_vat_registered") return null;
  return boxOf(saleRevenueAccount(t, rateBp))?.box ?? null;
}

/**
 * Whether a revenue account (an article's, or a line's override) may carry a line of
 * this treatment and rate: an account the momsdeklaration maps must map to the box the
 * treatment belongs in, and a rate-specific domestic account (3001-3004) must match
 * the rate. An account outside the map (an own sub-account, 3990) passes only for a
 * domestic or not-registered sale.
 */
export function revenueAccountFits(account: string, t: SaleTreatment, rateBp: number): boolean {
  const rateProblem = articleRateProblem(account, rateBp);
  if (rateProblem) return false;
  const hit = boxOf(account);
  if (t === "not_vat_registered") return true;
  if (!hit) return t === "domestic";
  return hit.box === saleBox(t, rateBp);
}

/**
 * The cross-check of a VAT rate with a revenue account whose BAS name fixes the rate:
 * 3001 25 %, 3002 12 %, 3003 6 %, 3004 and the export / EU accounts 3105, 3108, 3305,
 * 3308 0 %. Null when they agree (or the account fixes no rate).
 */
export function articleRateProblem(account: string, rateBp: number): string | null {
  const fixed: Record<string, number> = {
    "3001": 2500,
    "3002": 1200,
    "3003": 600,
    "3004": 0,
    "3105": 0,
    "3108": 0,
    "3305": 0,
    "3308": 0,
  };
  const want = fixed[account];
  if (want === undefined || want === rateBp) return null;
  return `revenue account ${account} is for ${want / 100} % VAT, not ${rateBp / 100} %`;
}

/** The lines an invoice with lines of these treatments must carry, each in Swedish then English. */
export function saleInvoiceTexts(treatments: Iterable<SaleTreatment>): string[] {
  const set = new Set(treatments);
  const texts: string[] = [];
  if (set.has("eu_goods")) {
    texts.push(
      "Unionsintern leverans av varor, undantagen från skatteplikt (art. 138 direktiv 2006/112/EG)",
      "Intra-Community supply of goods, exempt (Article 138 Directive 2006/112/EC)",
    );
  }
  if (set.has("eu_services_reverse_charge")) {
    texts.push(
      "Omvänd betalningsskyldighet (art. 44 och 196 direktiv 2006/112/EG)",
      "Reverse charge: the buyer accounts for the VAT (Article 196 Directive 2006/112/EC)",
    );
  }
  if (set.has("export_goods"))
    texts.push(
      "Export av varor, undantagen från skatteplikt (art. 146 direktiv 2006/112/EG)",
      "Export of goods, exempt (Article 146 Directive 2006/112/EC)",
    );
  if (set.has("export_services"))
    texts.push(
      "Tjänsten är omsatt utanför Sverige, ingen svensk moms (art. 44 direktiv 2006/112/EG)",
      "Supplied outside Sweden: no Swedish VAT (Article 44 Directive 2006/112/EC)",
    );
  return texts;
}

// ---------------------------------------------------------------------------
// Purchases

export type PurchaseTreatment =
  | "domestic"
  | "domestic_reverse_charge"
  | "eu_goods"
  | "eu_services"
  | "non_eu_services"
  | "import_goods";

/**
 * A purchase's treatment from where the supplier is and the kind of supply; a Swedish
 * supplier's invoice is reverse-charged only when the line says so (construction
 * services, ML 16 kap 13 §; scrap metal, emission rights and the like).
 * Goods from outside the EU are imports: their VAT is declared on the customs value
 * (box 50), not from the supplier's invoice, so the invoice is booked as it is.
 */
export function purchaseTreatment(
  location: Location,
  supply: SupplyType,
  domesticReverseCharge: boolean,
): PurchaseTreatment {
  if (location === "domestic") return domesticReverseCharge ? "domestic_reverse_charge" : "domestic";
  if (location === "eu_business" || location === "eu_consumer") return supply === "goods" ? "eu_goods" : "eu_services";
  return supply === "goods" ? "import_goods" : "non_eu_services";
}

export interface ReverseCharge {
  /** the purchase account that feeds box 20-24 */
  purchaseAccount: string;
  /** 2614 / 2624 / 2634 (boxes 30-32) */
  outputVatAccount: string;
  /** 2645 (from abroad) or 2647 (domestic reverse charge), box 48 */
  inputVatAccount: string;
}

const OUTPUT_REVERSE: Record<number, string> = { 2500: "2614", 1200: "2624", 600: "2634" };
const PURCHASE_ACCOUNTS: Record<string, Record<number, string>> = {
  eu_goods: { 2500: "4515", 1200: "4516", 600: "4517" },
  eu_services: { 2500: "4535", 1200: "4536", 600: "4537" },
  non_eu_services: { 2500: "4531", 1200: "4532", 600: "4533" },
  domestic_reverse_charge_goods: { 2500: "4415", 1200: "4416", 600: "4417" },
  domestic_reverse_charge_services: { 2500: "4425", 1200: "4426", 600: "4427" },
};

/** The accounts of a reverse-charged purchase line, or null when the buyer owes no VAT on it (rate 0, or not reverse-charged). */
export function reverseCharge(t: PurchaseTreatment, supply: SupplyType, rateBp: number): ReverseCharge | null {
  if (t === "domestic" || t === "import_goods" || !OUTPUT_REVERSE[rateBp]) return null;
  const key = t === "domestic_reverse_charge" ? `domestic_reverse_charge_${supply}` : t;
  return {
    purchaseAccount: PURCHASE_ACCOUNTS[key][rateBp],
    outputVatAccount: OUTPUT_REVERSE[rateBp],
    inputVatAccount: t === "domestic_reverse_charge" ? "2647" : "2645",
  };
}

/** The box a reverse-charged purchase's net amount belongs in (20-24). */
export function purchaseBox(rc: ReverseCharge): Box | null {
  return boxOf(rc.purchaseAccount)?.box ?? null;
}
