// Reads the two registers of parties (customers, suppliers) share: one row by its id,
// the rows of some ids, the uniqueness of an organisation number, and the contact part
// of a row's JSON. Each register hands in its table (src/db/register.ts's PartyTable).
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { orgNumberTaken, type PartyTable } from "../../db/register";
import { ApiError } from "../../errors/api-error";
import type { ErrorCode } from "../../errors/catalogue";

/** A register: its table and the codes it answers when a row is missing or an organisation number taken. */
export interface Register {
  table: PartyTable;
  /** the resource in audit rows and the events' prefix: "customer", "supplier" */
  resource: "customer" | "supplier";
  notFound: ErrorCode;
  duplicateOrgNumber: ErrorCode;
}

export async function loadParty<Row>(db: Database, register: Register, companyId: string, id: string): Promise<Row> {
  const t = register.table;
  const row = await db
    .select()
    .from(t)
    .where(and(eq(t.companyId, companyId), eq(t.id, id)))
    .get();
  if (!row) throw new ApiError(register.notFound, { id });
  return row as Row;
}

/** The rows of `ids` (an invoice list's expand, a document's party). */
export function partiesByIds<Row>(db: Database, register: Register, companyId: string, ids: string[]): Promise<Row[]> {
  const t = register.table;
  return ids.length
    ? (db
        .select()
        .from(t)
        .where(and(eq(t.companyId, companyId), inArray(t.id, ids)))
        .all() as Promise<Row[]>)
    : Promise.resolve([]);
}

/** An organisation number is unique in the company: among the rows (`exceptId` aside) and those a bulk create takes. */
export async function assertOrgNumberFree(
  db: Database,
  register: Register,
  companyId: string,
  orgNumber: string | null,
  exceptId: string | null,
  taken: Set<string>,
) {
  if (
    orgNumber &&
    (taken.has(orgNumber) || (await orgNumberTaken(db, register.table, companyId, orgNumber, exceptId)))
  ) {
    throw new ApiError(register.duplicateOrgNumber, { org_number: orgNumber });
  }
}

/** What both registers store of a party's address and contact. */
export interface PartyContact {
  country: string;
  addressLine1: string | null;
  addressLine2: string | null;
  postalCode: string | null;
  city: string | null;
  phone: string | null;
  contactName: string | null;
}

/** The address and contact part of a party's JSON, in the order both answer it. */
export function partyContactJson(r: PartyContact) {
  return {
    country: r.country,
    address_line1: r.addressLine1,
    address_line2: r.addressLine2,
    postal_code: r.postalCode,
    city: r.city,
    phone: r.phone,
    contact_name: r.contactName,
  };
}
