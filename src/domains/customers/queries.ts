// Reads of the customer register and the JSON of its rows (the register core is
// domains/parties: loading by id, the rows of some ids, the list).
import { and, eq, inArray, type SQLWrapper } from "drizzle-orm";
import { listParties } from "../../db/register";
import { customers } from "../../db/schema";
import type { Database } from "../../db/client";
import type { Env } from "../../env";
import { ApiError } from "../../errors/api-error";
import type { PageRequest } from "../../http/pagination";
import { decryptSecret } from "../../secrets";
import { maskPersonnummer } from "../../sweden/identity";
import { loadParty, partiesByIds, partyContactJson, type Register } from "../parties";
import { storedPeppol, type CustomerRow } from "./rules";

export const CUSTOMERS: Register = {
  table: customers,
  resource: "customer",
  notFound: "CUSTOMER_NOT_FOUND",
  duplicateOrgNumber: "CUSTOMER_DUPLICATE_ORG_NUMBER",
};

export async function customerJson(env: Env, c: CustomerRow) {
  let personal: string | null = null;
  if (c.personalNumberEnc) {
    const plain = await decryptSecret(env.PII_ENCRYPTION_KEY, c.personalNumberEnc);
    if (plain === null) throw new ApiError("CUSTOMER_PERSONAL_NUMBER_UNREADABLE", { customer_id: c.id });
    personal = maskPersonnummer(plain);
  }
  return {
    id: c.id,
    name: c.name,
    customer_type: c.customerType,
    email: c.email,
    org_number: c.orgNumber,
    vat_number: c.vatNumber,
    vat_number_validated: c.vatNumberValidated,
    personal_number: personal,
    ...partyContactJson(c),
    default_payment_terms: c.defaultPaymentTerms,
    notes: c.notes,
    peppol_endpoint_id: storedPeppol(c),
    e_invoice: c.eInvoice,
    archived_at: c.archivedAt,
    created_at: c.createdAt,
    updated_at: c.updatedAt,
  };
}

/** The customers of `ids` (the invoice list's expand=customer, the invoice PDF's buyer). */
export function customersByIds(db: Database, companyId: string, ids: string[]): Promise<CustomerRow[]> {
  return partiesByIds(db, CUSTOMERS, companyId, ids);
}

export function loadCustomer(db: Database, companyId: string, id: string): Promise<CustomerRow> {
  return loadParty(db, CUSTOMERS, companyId, id);
}

/**
 * loadCustomer's read, batchable (a command's declared reads): `id` may be a one-column
 * subquery, when the customer is named by a row read in the same batch (an invoice's).
 */
export function customerRead(db: Database, companyId: string, id: string | SQLWrapper) {
  return db
    .select()
    .from(customers)
    .where(
      and(
        eq(customers.companyId, companyId),
        typeof id === "string" ? eq(customers.id, id) : inArray(customers.id, id),
      ),
    );
}

/** customerRead's row, or CUSTOMER_NOT_FOUND (as loadCustomer). */
export function customerOf(row: CustomerRow | undefined, id: string): CustomerRow {
  if (!row) throw new ApiError(CUSTOMERS.notFound, { id });
  return row;
}

export function listCustomers(
  db: Database,
  companyId: string,
  q: { include_archived?: boolean; search?: string },
  page: PageRequest,
) {
  return listParties(db, customers, companyId, q, page);
}
