// The customer register's rules, pure (spec: Customers): a personnummer given as
// org_number of an individual is moved to personal_number; next to a different
// personal_number it is CUSTOMER_PERSONAL_NUMBER_CONFLICT; on a business it is
// CUSTOMER_ORG_NUMBER_IS_PERSONAL; personal_number on a business is
// CUSTOMER_PERSONAL_NUMBER_NOT_ALLOWED. A business outside Sweden carries its own
// country's registration number; an EU business's country may come from its VAT number.
import type { customers } from "../../db/schema";
import { ApiError, fieldError } from "../../errors/api-error";
import { checkEndpointId } from "../../formats/peppol/endpoint";
import { parseForeignRegistrationNumber, parseOrgNumber, parsePersonnummer } from "../../sweden/identity";
import type { CustomerCreateInput } from "./schemas";
import { splitVatNumber } from "./vies";

export type CustomerRow = typeof customers.$inferSelect;
export type CustomerType = CustomerRow["customerType"];

export const MASKED_PERSONAL_NUMBER = /^\*{8}-\d{4}$/;

/** A personal_number given: the 12 digits to encrypt, refused on a business or when not a personnummer. */
function personalOf(type: CustomerType, personal: string | null | "keep", today: string): string | null | "keep" {
  if (personal === null || personal === "keep") return type === "individual" ? personal : null;
  if (type !== "individual") throw new ApiError("CUSTOMER_PERSONAL_NUMBER_NOT_ALLOWED", { customer_type: type });
  const parsed = parsePersonnummer(personal, today);
  if (!parsed) throw fieldError("personal_number", "personal_number is not a valid personnummer or samordningsnummer");
  return parsed.long;
}

/** An org_number that is no personnummer, checked by the customer's type and country. */
function registrationOf(type: CustomerType, orgNumber: string, today: string, country: string): string {
  if (type !== "individual" && country !== "SE") {
    const foreign = parseForeignRegistrationNumber(country, orgNumber);
    if (!foreign.ok) throw fieldError("org_number", `org_number is not ${foreign.rule}`);
    return foreign.value;
  }
  if (type === "swedish_business") {
    const parsed = parseOrgNumber(orgNumber, today);
    if (!parsed) throw fieldError("org_number", "org_number is not a valid organisationsnummer (checksum or format)");
    return parsed.formatted;
  }
  if (type === "individual")
    throw fieldError(
      "org_number",
      "an individual has no organisation number; give the personnummer as personal_number",
    );
  // eu_business registered in Sweden by country: its number is stored as supplied, as before.
  return orgNumber;
}

/**
 * Applies the identity rules. `personal` is plaintext, or "keep" for "unchanged".
 * `country` is the customer's (resolved) country: a business outside Sweden carries
 * its own country's registration number, never put through the Swedish check.
 * Returns the org number to store and the personnummer (12 digits) to encrypt, or "keep".
 */
export function resolveIdentity(
  type: CustomerType,
  org: string | null,
  personal: string | null | "keep",
  today: string,
  country = "SE",
) {
  const personalLong = personalOf(type, personal, today);
  const orgNumber: string | null = org?.trim() ? org.trim() : null;
  if (!orgNumber) return { orgNumber, personalLong };
  const asPersonal = parsePersonnummer(orgNumber, today);
  if (!asPersonal) return { orgNumber: registrationOf(type, orgNumber, today, country), personalLong };
  if (type !== "individual") throw new ApiError("CUSTOMER_ORG_NUMBER_IS_PERSONAL", { customer_type: type });
  if (typeof personalLong === "string" && personalLong !== asPersonal.long)
    throw new ApiError(
      "CUSTOMER_PERSONAL_NUMBER_CONFLICT",
      {},
      "org_number holds a personnummer that differs from personal_number.",
    );
  return { orgNumber: null, personalLong: asPersonal.long };
}

type PeppolEndpointInput = CustomerCreateInput["peppol_endpoint_id"];

/**
 * The customer's Peppol address, checked by its scheme (src/formats/peppol/endpoint.ts)
 * and normalised; e-invoices need one (nothing to send them to otherwise).
 */
export function resolvePeppol(endpoint: PeppolEndpointInput | null, eInvoice: boolean) {
  let scheme: string | null = null;
  let value: string | null = null;
  if (endpoint) {
    const checked = checkEndpointId(endpoint.scheme, endpoint.value);
    if (!checked.ok) throw fieldError("peppol_endpoint_id", `peppol_endpoint_id: ${checked.message}`);
    scheme = checked.scheme;
    value = checked.value;
  }
  if (eInvoice && !scheme) throw fieldError("e_invoice", "e_invoice needs peppol_endpoint_id");
  return { peppolEndpointScheme: scheme, peppolEndpointValue: value, eInvoice };
}

/** The stored Peppol address of a customer, as the API gives it. */
export function storedPeppol(c: Pick<CustomerRow, "peppolEndpointScheme" | "peppolEndpointValue">) {
  return c.peppolEndpointScheme && c.peppolEndpointValue
    ? { scheme: c.peppolEndpointScheme, value: c.peppolEndpointValue }
    : null;
}

export function countryOf(type: CustomerType, country: string | null | undefined, vat: string | null): string {
  if (country) return country;
  if (type !== "eu_business") return "SE";
  const fromVat = vat ? splitVatNumber(vat)?.country : undefined;
  if (!fromVat) throw fieldError("country", "an EU business needs country (or a vat_number that starts with it)");
  return fromVat === "EL" ? "GR" : fromVat;
}

/** A PATCH's personal_number: absent or the masked form keeps the stored one. */
export function personalInput(given: string | null | undefined): string | null | "keep" {
  return given === undefined || (typeof given === "string" && MASKED_PERSONAL_NUMBER.test(given)) ? "keep" : given;
}

/** A field a PATCH may name: the given value, else the current one. */
export const given = <T>(value: T | undefined, current: T): T => (value !== undefined ? value : current);
