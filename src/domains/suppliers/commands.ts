// Suppliers' commands (spec: Suppliers): create, bulk create, update and archive.
// Payment details and VAT numbers are stored as supplied; there is no VIES check.
// org_number is unique in the company; default_expense_account must be an active
// account of the chart. The register core is domains/parties.
import { eq } from "drizzle-orm";
import type { Command, CommandContext } from "../../commands/plan";
import type { Database } from "../../db/client";
import { suppliers } from "../../db/schema";
import { ApiError } from "../../errors/api-error";
import { newId } from "../../ids";
import { findActiveAccount } from "../accounts";
import * as parties from "../parties";
import { loadSupplier, SUPPLIERS, supplierJson } from "./queries";
import { normaliseOrgNumber, supplierCountry, type SupplierRow } from "./rules";
import { SupplierCreateSchema, type SupplierCreateInput, type SupplierPatchInput } from "./schemas";

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
  await parties.assertOrgNumberFree(db, SUPPLIERS, ctx.companyId, orgNumber, null, taken);
  await assertExpenseAccount(db, ctx.companyId, input.default_expense_account);
  if (orgNumber) taken.add(orgNumber);
  const row: SupplierRow = {
    id: newId(),
    companyId: ctx.companyId,
    name: input.name,
    supplierType: input.supplier_type,
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
    ...parties.contactRow(input),
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

/** A new supplier's row, statements and event, for a command that creates one with something else (the Peppol import). */
export function planSupplierCreate(db: Database, ctx: CommandContext, input: SupplierCreateInput) {
  return planCreate(db, ctx, input, new Set());
}

export const createSupplier: Command<SupplierCreateInput> = async (db, input, ctx) =>
  parties.createdPlan(SUPPLIERS, await planCreate(db, ctx, input, new Set()));

export const bulkCreateSuppliers: Command<{ suppliers: unknown[]; all_or_nothing?: boolean }> = async (
  db,
  input,
  ctx,
) => {
  const taken = new Set<string>();
  return parties.bulkCreatedPlan(SUPPLIERS, { ...input, items: input.suppliers }, SupplierCreateSchema, (item) =>
    planCreate(db, ctx, item, taken),
  );
};

/** The patch's columns, decided from the request and the current row. */
function supplierPatch(input: SupplierPatchInput, current: SupplierRow, orgNumber: string | null) {
  const type = input.supplier_type ?? current.supplierType;
  const given = input.country !== undefined ? input.country : current.country;
  return {
    supplierType: type,
    orgNumber,
    country: type === "swedish_business" ? (given ?? "SE") : supplierCountry(type, given),
    ...(input.name !== undefined && { name: input.name }),
    ...(input.vat_number !== undefined && { vatNumber: input.vat_number }),
    ...(input.bankgiro !== undefined && { bankgiro: input.bankgiro }),
    ...(input.plusgiro !== undefined && { plusgiro: input.plusgiro }),
    ...(input.iban !== undefined && { iban: input.iban }),
    ...(input.bic !== undefined && { bic: input.bic }),
    ...(input.default_expense_account !== undefined && { defaultExpenseAccount: input.default_expense_account }),
    ...(input.default_currency !== undefined && { defaultCurrency: input.default_currency }),
    ...parties.contactPatch(input),
    ...(input.archived_at === null && { archivedAt: null }),
  } satisfies Partial<SupplierRow>;
}

/** Changing default_expense_account does not rebook earlier invoices (spec: Suppliers). */
export const updateSupplier: Command<SupplierPatchInput & { id: string }> = async (db, input, ctx) => {
  const current = await loadSupplier(db, ctx.companyId, input.id);
  const type = input.supplier_type ?? current.supplierType;
  const org = input.org_number !== undefined ? input.org_number : current.orgNumber;
  const orgNumber = normaliseOrgNumber(type, org, ctx.now.slice(0, 10));
  await parties.assertOrgNumberFree(db, SUPPLIERS, ctx.companyId, orgNumber, current.id, new Set());
  if (input.default_expense_account !== undefined)
    await assertExpenseAccount(db, ctx.companyId, input.default_expense_account);
  const patch: Partial<SupplierRow> = { ...supplierPatch(input, current, orgNumber), updatedAt: ctx.now };
  const statement = db.update(suppliers).set(patch).where(eq(suppliers.id, current.id));
  return parties.updatedPlan(SUPPLIERS, current.id, supplierJson({ ...current, ...patch }), statement);
};

/** How many open supplier invoices a supplier has: answered by the supplier-invoice domain, wired in by the registry. */
export type OpenSupplierInvoiceCount = (db: Database, companyId: string, supplierId: string) => Promise<number>;

/** Archive. Refused while a supplier invoice to it is registered, approved, partially paid, overdue or disputed. */
export const archiveSupplier = (countOpenSupplierInvoices: OpenSupplierInvoiceCount): Command<{ id: string }> =>
  async function archiveSupplier(db, input, ctx) {
    const current = await loadSupplier(db, ctx.companyId, input.id);
    const open = await countOpenSupplierInvoices(db, ctx.companyId, current.id);
    const details = { supplier_id: current.id, open_supplier_invoices: open };
    return parties.archivedPlan(db, SUPPLIERS, current, open, { code: "SUPPLIER_HAS_INVOICES", details }, ctx.now);
  };
