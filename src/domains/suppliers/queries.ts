// Reads of the supplier register and the JSON of its rows (the register core is
// domains/parties: loading by id, the rows of some ids, the list).
import { and, eq, type SQLWrapper, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { listParties } from "../../db/register";
import { suppliers } from "../../db/schema";
import type { PageRequest } from "../../http/pagination";
import { loadParty, partiesByIds, partyContactJson, type Register } from "../parties";
import type { SupplierRow } from "./rules";

export const SUPPLIERS: Register = {
  table: suppliers,
  resource: "supplier",
  notFound: "SUPPLIER_NOT_FOUND",
  duplicateOrgNumber: "SUPPLIER_DUPLICATE_ORG_NUMBER",
};

export function supplierJson(s: SupplierRow) {
  return {
    id: s.id,
    name: s.name,
    supplier_type: s.supplierType,
    email: s.email,
    org_number: s.orgNumber,
    vat_number: s.vatNumber,
    bankgiro: s.bankgiro,
    plusgiro: s.plusgiro,
    iban: s.iban,
    bic: s.bic,
    default_expense_account: s.defaultExpenseAccount,
    default_payment_terms: s.defaultPaymentTerms,
    default_currency: s.defaultCurrency,
    ...partyContactJson(s),
    notes: s.notes,
    archived_at: s.archivedAt,
    created_at: s.createdAt,
    updated_at: s.updatedAt,
  };
}

/** The suppliers of `ids` (the supplier-invoice list's expand=supplier). */
export function suppliersByIds(db: Database, companyId: string, ids: string[]): Promise<SupplierRow[]> {
  return partiesByIds(db, SUPPLIERS, companyId, ids);
}

export function loadSupplier(db: Database, companyId: string, id: string): Promise<SupplierRow> {
  return loadParty(db, SUPPLIERS, companyId, id);
}

/**
 * The active supplier with this organisation number (stored NNNNNN-NNNN), else with this VAT
 * number (spaces ignored, any case): how an e-invoice's seller is recognised. Null if none.
 */
export async function findSupplierByIdentity(
  db: Database,
  companyId: string,
  identity: { orgNumber: string | null; vatNumber: string | null },
): Promise<SupplierRow | null> {
  const active = (rows: SupplierRow[]) => rows.find((r) => !r.archivedAt) ?? null;
  if (identity.orgNumber) {
    const rows = await db
      .select()
      .from(suppliers)
      .where(and(eq(suppliers.companyId, companyId), eq(suppliers.orgNumber, identity.orgNumber)))
      .all();
    if (active(rows)) return active(rows);
  }
  if (identity.vatNumber) {
    const wanted = identity.vatNumber.replace(/\s/g, "").toUpperCase();
    const rows = await db
      .select()
      .from(suppliers)
      .where(and(eq(suppliers.companyId, companyId), sql`upper(replace(${suppliers.vatNumber}, ' ', '')) = ${wanted}`))
      .all();
    return active(rows);
  }
  return null;
}

export function listSuppliers(
  db: Database,
  companyId: string,
  q: { include_archived?: boolean; search?: string },
  page: PageRequest,
) {
  return listParties(db, suppliers, companyId, q, page);
}

/** A stored account number as digits and letters only: suppliers' accounts are stored as supplied ("5050-1055", "SE45 5000 ..."). */
const compactColumn = (column: SQLWrapper) => sql`upper(replace(replace(${column}, '-', ''), ' ', ''))`;

/**
 * The active supplier paid to this bankgiro, plusgiro or IBAN (the payment account a supplier's
 * invoice prints, issue #43), in that order, with the account that matched; null when none does.
 */
export async function findSupplierByPaymentAccount(
  db: Database,
  companyId: string,
  accounts: { bankgiro: string | null; plusgiro: string | null; iban: string | null },
): Promise<{ supplier: SupplierRow; by: "bankgiro" | "plusgiro" | "iban" } | null> {
  for (const by of ["bankgiro", "plusgiro", "iban"] as const) {
    const wanted = accounts[by]?.replace(/[\s-]/g, "").toUpperCase();
    if (!wanted) continue;
    const rows = await db
      .select()
      .from(suppliers)
      .where(and(eq(suppliers.companyId, companyId), sql`${compactColumn(suppliers[by])} = ${wanted}`))
      .all();
    const active = rows.find((r) => !r.archivedAt);
    if (active) return { supplier: active, by };
  }
  return null;
}
