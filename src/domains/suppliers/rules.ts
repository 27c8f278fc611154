// The supplier register's rules, pure (spec: Suppliers): org_number is for legal
// entities only; a foreign supplier's country agrees with its type.
import type { suppliers } from "../../db/schema";
import { fieldError } from "../../errors/api-error";
import { parseOrgNumber } from "../../sweden/identity";
import { EU_COUNTRIES } from "../../sweden/vat-treatment";

export type SupplierRow = typeof suppliers.$inferSelect;
type SupplierType = SupplierRow["supplierType"];

export function normaliseOrgNumber(type: SupplierType, org: string | null | undefined, today: string): string | null {
  const value = org?.trim() || null;
  if (!value || type !== "swedish_business") return value;
  const parsed = parseOrgNumber(value, today);
  if (!parsed) throw fieldError("org_number", "org_number is not a valid organisationsnummer (checksum or format)");
  if (parsed.isPersonal)
    throw fieldError("org_number", "org_number is for legal entities; a personnummer is not stored for suppliers");
  return parsed.formatted;
}

/**
 * A foreign supplier's country: an EU supplier needs one; a supplier outside the EU needs
 * one outside the EU (its purchases are then services reverse-charged in box 22 or goods
 * imported through Tullverket: src/sweden/vat-treatment.ts), so the two types cannot
 * contradict the country the VAT treatment is read from.
 */
export function supplierCountry(type: SupplierType, country: string | null | undefined): string {
  if (type === "non_eu_business") {
    const c = country?.trim().toUpperCase();
    if (!c) throw fieldError("country", "a supplier outside the EU needs country (ISO 3166 alpha-2)");
    if (c === "SE" || EU_COUNTRIES.has(c))
      throw fieldError("country", `${c} is in the EU: register the supplier as swedish_business or eu_business`);
    return c;
  }
  if (!country) throw fieldError("country", "an EU supplier needs country");
  return country;
}
