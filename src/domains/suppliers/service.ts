// Suppliers (spec: Suppliers). Payment details and VAT numbers are stored as
// supplied; there is no VIES check. org_number is for legal entities only and unique
// in the company; default_expense_account must be an active account of the chart.
import { and, eq, inArray, sql } from "drizzle-orm";
import { planBulk, refuseAllOrNothing } from "../../commands/bulk";
import type { Command, CommandContext } from "../../commands/plan";
import type { Database } from "../../db/client";
import { archiveStatements, listParties, orgNumberTaken } from "../../db/register";
import { suppliers } from "../../db/schema";
import { ApiError, fieldError } from "../../errors/api-error";
import type { PageRequest } from "../../http/pagination";
import { newId } from "../../ids";
import { parseOrgNumber } from "../../sweden/identity";
import { EU_COUNTRIES } from "../../sweden/vat-treatment";
import { SupplierCreateSchema, type SupplierCreateInput, type SupplierPatchInput } from "./schemas";
import { findActiveAccount } from "../accounts";

type SupplierRow = typeof suppliers.$inferSelect;

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
    country: s.country,
    address_line1: s.addressLine1,
    address_line2: s.addressLine2,
    postal_code: s.postalCode,
    city: s.city,
    phone: s.phone,
    contact_name: s.contactName,
    notes: s.notes,
    archived_at: s.archivedAt,
    created_at: s.createdAt,
    updated_at: s.updatedAt,
  };
}

function normaliseOrgNumber(
  type: SupplierRow["supplierType"],
  org: string | null | undefined,
  today: string,
): string | null {
  const value = org?.trim() || null;
  if (!value || type !== "swedish_business") return value;
  const parsed = parseOrgNumber(value, today);
  if (!parsed) throw fieldError("org_number", "org_number is not a valid organisationsnummer (checksum or format)");
  if (parsed.isPersonal)
    throw fieldError("org_number", "org_number is for legal entities; a personnummer is not stored for suppliers");
  return parsed.formatted;
}

async function assertOrgNumberFree(
  db: Database,
  companyId: string,
  orgNumber: string | null,
  exceptId: string | null,
  taken: Set<string>,
) {
  if (orgNumber && (taken.has(orgNumber) || (await orgNumberTaken(db, suppliers, companyId, orgNumber, exceptId)))) {
    throw new ApiError("SUPPLIER_DUPLICATE_ORG_NUMBER", { org_number: orgNumber });
  }
}

async function assertExpenseAccount(db: Database, companyId: string, account: string | null | undefined) {
  if (!account) return;
  if (!(await findActiveAccount(db, companyId, account)))
    throw new ApiError(
      "ACCOUNTS_NOT_IN_CHART",
      { accounts: [account] },
      "default_expense_account is not an active account of the chart.",
    );
}

async function planCreate(db: Database, ctx: CommandContext, input: SupplierCreateInput, taken: Set<string>) {
  const orgNumber = normaliseOrgNumber(input.supplier_type, input.org_number, ctx.now.slice(0, 10));
  await assertOrgNumberFree(db, ctx.companyId, orgNumber, null, taken);
  await assertExpenseAccount(db, ctx.companyId, input.default_expense_account);
  if (orgNumber) taken.add(orgNumber);
  const row: SupplierRow = {
    id: newId(),
    companyId: ctx.companyId,
    name: input.name,
    supplierType: input.supplier_type,
    email: input.email ?? null,
    orgNumber,
    vatNumber: input.vat_number ?? null,
    bankgiro: input.bankgiro ?? null,
    plusgiro: input.plusgiro ?? null,
    iban: input.iban ?? null,
    bic: input.bic ?? null,
    defaultExpenseAccount: input.default_expense_account ?? null,
    defaultPaymentTerms: input.default_payment_terms ?? 30,
    defaultCurrency: input.default_currency ?? "SEK",
    country: supplierCountry(
      input.supplier_type,
      input.country ?? (input.supplier_type === "swedish_business" ? "SE" : null),
    ),
    addressLine1: input.address_line1 ?? null,
    addressLine2: input.address_line2 ?? null,
    postalCode: input.postal_code ?? null,
    city: input.city ?? null,
    phone: input.phone ?? null,
    contactName: input.contact_name ?? null,
    notes: input.notes ?? null,
    archivedAt: null,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  const data = supplierJson(row);
  return {
    row,
    data,
    statements: [db.insert(suppliers).values(row)],
    events: [{ type: "supplier.created", object: data }],
  };
}

/**
 * A foreign supplier's country: an EU supplier needs one; a supplier outside the EU needs
 * one outside the EU (its purchases are then services reverse-charged in box 22 or goods
 * imported through Tullverket: src/sweden/vat-treatment.ts), so the two types cannot
 * contradict the country the VAT treatment is read from.
 */
function supplierCountry(type: SupplierRow["supplierType"], country: string | null | undefined): string {
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

/** A new supplier's row, statements and event, for a command that creates one with something else (the Peppol import). */
export function planSupplierCreate(db: Database, ctx: CommandContext, input: SupplierCreateInput) {
  return planCreate(db, ctx, input, new Set());
}

export const createSupplier: Command<SupplierCreateInput> = async (db, input, ctx) => {
  const plan = await planCreate(db, ctx, input, new Set());
  return {
    status: 201,
    data: plan.data,
    statements: plan.statements,
    events: plan.events,
    audit: { action: "supplier.created", resourceType: "supplier", resourceId: plan.row.id },
  };
};

export const bulkCreateSuppliers: Command<{ suppliers: unknown[]; all_or_nothing?: boolean }> = async (
  db,
  input,
  ctx,
) => {
  refuseAllOrNothing(input.all_or_nothing);
  const taken = new Set<string>();
  const bulk = await planBulk(input.suppliers, SupplierCreateSchema, (item) => planCreate(db, ctx, item, taken));
  return {
    status: 200,
    data: bulk.data,
    statements: bulk.statements,
    unchanged: bulk.unchanged,
    events: bulk.events,
    audit: { action: "supplier.bulk_created", resourceType: "supplier", resourceId: null },
  };
};

/** The suppliers of `ids` (the supplier-invoice list's expand=supplier). */
export function suppliersByIds(db: Database, companyId: string, ids: string[]): Promise<SupplierRow[]> {
  return ids.length
    ? db
        .select()
        .from(suppliers)
        .where(and(eq(suppliers.companyId, companyId), inArray(suppliers.id, ids)))
        .all()
    : Promise.resolve([]);
}

export async function loadSupplier(db: Database, companyId: string, id: string): Promise<SupplierRow> {
  const row = await db
    .select()
    .from(suppliers)
    .where(and(eq(suppliers.companyId, companyId), eq(suppliers.id, id)))
    .get();
  if (!row) throw new ApiError("SUPPLIER_NOT_FOUND", { id });
  return row;
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

/** Changing default_expense_account does not rebook earlier invoices (spec: Suppliers). */
export const updateSupplier: Command<SupplierPatchInput & { id: string }> = async (db, input, ctx) => {
  const current = await loadSupplier(db, ctx.companyId, input.id);
  const type = input.supplier_type ?? current.supplierType;
  const orgNumber = normaliseOrgNumber(
    type,
    input.org_number !== undefined ? input.org_number : current.orgNumber,
    ctx.now.slice(0, 10),
  );
  await assertOrgNumberFree(db, ctx.companyId, orgNumber, current.id, new Set());
  if (input.default_expense_account !== undefined)
    await assertExpenseAccount(db, ctx.companyId, input.default_expense_account);
  const given = input.country !== undefined ? input.country : current.country;
  const country = type === "swedish_business" ? (given ?? "SE") : supplierCountry(type, given);
  const patch: Partial<SupplierRow> = {
    supplierType: type,
    orgNumber,
    country,
    ...(input.name !== undefined && { name: input.name }),
    ...(input.email !== undefined && { email: input.email }),
    ...(input.vat_number !== undefined && { vatNumber: input.vat_number }),
    ...(input.bankgiro !== undefined && { bankgiro: input.bankgiro }),
    ...(input.plusgiro !== undefined && { plusgiro: input.plusgiro }),
    ...(input.iban !== undefined && { iban: input.iban }),
    ...(input.bic !== undefined && { bic: input.bic }),
    ...(input.default_expense_account !== undefined && { defaultExpenseAccount: input.default_expense_account }),
    ...(input.default_payment_terms !== undefined && { defaultPaymentTerms: input.default_payment_terms }),
    ...(input.default_currency !== undefined && { defaultCurrency: input.default_currency }),
    ...(input.address_line1 !== undefined && { addressLine1: input.address_line1 }),
    ...(input.address_line2 !== undefined && { addressLine2: input.address_line2 }),
    ...(input.postal_code !== undefined && { postalCode: input.postal_code }),
    ...(input.city !== undefined && { city: input.city }),
    ...(input.phone !== undefined && { phone: input.phone }),
    ...(input.contact_name !== undefined && { contactName: input.contact_name }),
    ...(input.notes !== undefined && { notes: input.notes }),
    ...(input.archived_at === null && { archivedAt: null }),
    updatedAt: ctx.now,
  };
  return {
    status: 200,
    data: supplierJson({ ...current, ...patch }),
    statements: [db.update(suppliers).set(patch).where(eq(suppliers.id, current.id))],
    audit: { action: "supplier.updated", resourceType: "supplier", resourceId: current.id },
  };
};

/** How many open supplier invoices a supplier has: answered by the supplier-invoice domain, wired in by the registry. */
export type OpenSupplierInvoiceCount = (db: Database, companyId: string, supplierId: string) => Promise<number>;

/** Archive. Refused while a supplier invoice to it is registered, approved, partially paid, overdue or disputed. */
export const archiveSupplier = (countOpenSupplierInvoices: OpenSupplierInvoiceCount): Command<{ id: string }> =>
  async function archiveSupplier(db, input, ctx) {
    const current = await loadSupplier(db, ctx.companyId, input.id);
    const open = await countOpenSupplierInvoices(db, ctx.companyId, current.id);
    if (open > 0)
      throw new ApiError("SUPPLIER_HAS_INVOICES", { supplier_id: current.id, open_supplier_invoices: open });
    return {
      status: 204,
      data: null,
      statements: archiveStatements(db, suppliers, current, ctx.now),
      audit: { action: "supplier.archived", resourceType: "supplier", resourceId: current.id },
    };
  };

export function listSuppliers(
  db: Database,
  companyId: string,
  q: { include_archived?: boolean; search?: string },
  page: PageRequest,
) {
  return listParties(db, suppliers, companyId, q, page);
}
