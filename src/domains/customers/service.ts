// Customers. Identity rules (spec: Customers): a personnummer given as org_number of
// an individual is moved, encrypted, to personal_number; next to a different
// personal_number it is CUSTOMER_PERSONAL_NUMBER_CONFLICT; on a business it is
// CUSTOMER_ORG_NUMBER_IS_PERSONAL; personal_number on a business is
// CUSTOMER_PERSONAL_NUMBER_NOT_ALLOWED. org_number is unique in the company.
import { and, eq, inArray, type SQLWrapper } from "drizzle-orm";
import { planBulk, refuseAllOrNothing } from "../../commands/bulk";
import type { Command, CommandContext } from "../../commands/plan";
import type { Database } from "../../db/client";
import { archiveStatements, listParties, orgNumberTaken } from "../../db/register";
import { customers } from "../../db/schema";
import type { Env } from "../../env";
import { ApiError, fieldError } from "../../errors/api-error";
import type { PageRequest } from "../../http/pagination";
import { newId } from "../../ids";
import { decryptSecret, encryptSecret } from "../../secrets";
import {
  maskPersonnummer,
  parseForeignRegistrationNumber,
  parseOrgNumber,
  parsePersonnummer,
} from "../../sweden/identity";
import { CustomerCreateSchema, type CustomerCreateInput, type CustomerPatchInput } from "./schemas";
import { checkVatNumber, splitVatNumber } from "./vies";
import { checkEndpointId } from "../../formats/peppol/endpoint";
import { invoiceDefaultDays } from "../companies";

type CustomerRow = typeof customers.$inferSelect;
type CustomerType = CustomerRow["customerType"];

export const MASKED_PERSONAL_NUMBER = /^\*{8}-\d{4}$/;

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
    country: c.country,
    address_line1: c.addressLine1,
    address_line2: c.addressLine2,
    postal_code: c.postalCode,
    city: c.city,
    phone: c.phone,
    contact_name: c.contactName,
    default_payment_terms: c.defaultPaymentTerms,
    notes: c.notes,
    peppol_endpoint_id:
      c.peppolEndpointScheme && c.peppolEndpointValue
        ? { scheme: c.peppolEndpointScheme, value: c.peppolEndpointValue }
        : null,
    e_invoice: c.eInvoice,
    archived_at: c.archivedAt,
    created_at: c.createdAt,
    updated_at: c.updatedAt,
  };
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
  let personalLong: string | null | "keep" = personal;
  if (personal !== null && personal !== "keep") {
    if (type !== "individual") throw new ApiError("CUSTOMER_PERSONAL_NUMBER_NOT_ALLOWED", { customer_type: type });
    const parsed = parsePersonnummer(personal, today);
    if (!parsed)
      throw fieldError("personal_number", "personal_number is not a valid personnummer or samordningsnummer");
    personalLong = parsed.long;
  }
  if (type !== "individual") personalLong = null;

  let orgNumber: string | null = org?.trim() ? org.trim() : null;
  if (orgNumber) {
    const asPersonal = parsePersonnummer(orgNumber, today);
    if (asPersonal) {
      if (type !== "individual") throw new ApiError("CUSTOMER_ORG_NUMBER_IS_PERSONAL", { customer_type: type });
      if (typeof personalLong === "string" && personalLong !== asPersonal.long) {
        throw new ApiError(
          "CUSTOMER_PERSONAL_NUMBER_CONFLICT",
          {},
          "org_number holds a personnummer that differs from personal_number.",
        );
      }
      personalLong = asPersonal.long;
      orgNumber = null;
    } else if (type !== "individual" && country !== "SE") {
      const foreign = parseForeignRegistrationNumber(country, orgNumber);
      if (!foreign.ok) throw fieldError("org_number", `org_number is not ${foreign.rule}`);
      orgNumber = foreign.value;
    } else if (type === "swedish_business") {
      const parsed = parseOrgNumber(orgNumber, today);
      if (!parsed) throw fieldError("org_number", "org_number is not a valid organisationsnummer (checksum or format)");
      orgNumber = parsed.formatted;
    } else if (type === "individual") {
      throw fieldError(
        "org_number",
        "an individual has no organisation number; give the personnummer as personal_number",
      );
    }
    // eu_business registered in Sweden by country: its number is stored as supplied, as before.
  }
  return { orgNumber, personalLong };
}

type PeppolEndpointInput = CustomerCreateInput["peppol_endpoint_id"];

/**
 * The customer's Peppol address, checked by its scheme (src/formats/peppol/endpoint.ts)
 * and normalised; e-invoices need one (nothing to send them to otherwise).
 */
function resolvePeppol(endpoint: PeppolEndpointInput | null, eInvoice: boolean) {
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

async function assertOrgNumberFree(
  db: Database,
  companyId: string,
  orgNumber: string | null,
  exceptId: string | null,
  taken: Set<string>,
) {
  if (orgNumber && (taken.has(orgNumber) || (await orgNumberTaken(db, customers, companyId, orgNumber, exceptId)))) {
    throw new ApiError("CUSTOMER_DUPLICATE_ORG_NUMBER", { org_number: orgNumber });
  }
}

function countryOf(type: CustomerType, country: string | null | undefined, vat: string | null): string {
  if (country) return country;
  if (type !== "eu_business") return "SE";
  const fromVat = vat ? splitVatNumber(vat)?.country : undefined;
  if (!fromVat) throw fieldError("country", "an EU business needs country (or a vat_number that starts with it)");
  return fromVat === "EL" ? "GR" : fromVat;
}

/** VIES only on commit, only for EU businesses with a VAT number (spec: Customers). */
async function viesResult(env: Env, ctx: CommandContext, type: CustomerType, vat: string | null): Promise<boolean> {
  if (ctx.dryRun || type !== "eu_business" || !vat) return false;
  return (await checkVatNumber(env, vat)) === true;
}

async function defaultTerms(db: Database, companyId: string): Promise<number> {
  return (await invoiceDefaultDays(db, companyId)) ?? 30;
}

async function planCreate(
  db: Database,
  env: Env,
  ctx: CommandContext,
  input: CustomerCreateInput,
  taken: Set<string>,
  terms: number,
) {
  const today = ctx.now.slice(0, 10);
  const vat = input.vat_number ?? null;
  const country = countryOf(input.customer_type, input.country, vat);
  const { orgNumber, personalLong } = resolveIdentity(
    input.customer_type,
    input.org_number ?? null,
    input.personal_number ?? null,
    today,
    country,
  );
  await assertOrgNumberFree(db, ctx.companyId, orgNumber, null, taken);
  if (orgNumber) taken.add(orgNumber);
  const row: CustomerRow = {
    id: newId(),
    companyId: ctx.companyId,
    name: input.name,
    customerType: input.customer_type,
    email: input.email ?? null,
    orgNumber,
    vatNumber: vat,
    vatNumberValidated: await viesResult(env, ctx, input.customer_type, vat),
    personalNumberEnc:
      typeof personalLong === "string" ? await encryptSecret(env.PII_ENCRYPTION_KEY, personalLong) : null,
    country,
    addressLine1: input.address_line1 ?? null,
    addressLine2: input.address_line2 ?? null,
    postalCode: input.postal_code ?? null,
    city: input.city ?? null,
    phone: input.phone ?? null,
    contactName: input.contact_name ?? null,
    defaultPaymentTerms: input.default_payment_terms ?? terms,
    notes: input.notes ?? null,
    ...resolvePeppol(input.peppol_endpoint_id ?? null, input.e_invoice ?? false),
    archivedAt: null,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  const data = await customerJson(env, row);
  return {
    row,
    data,
    statements: [db.insert(customers).values(row)],
    events: [{ type: "customer.created", object: data }],
  };
}

export const createCustomer: Command<CustomerCreateInput> = async (db, input, ctx, env) => {
  const plan = await planCreate(db, env, ctx, input, new Set(), await defaultTerms(db, ctx.companyId));
  return {
    status: 201,
    data: plan.data,
    statements: plan.statements,
    events: plan.events,
    audit: { action: "customer.created", resourceType: "customer", resourceId: plan.row.id },
  };
};

export const bulkCreateCustomers: Command<{ customers: unknown[]; all_or_nothing?: boolean }> = async (
  db,
  input,
  ctx,
  env,
) => {
  refuseAllOrNothing(input.all_or_nothing);
  const taken = new Set<string>();
  const terms = await defaultTerms(db, ctx.companyId);
  const bulk = await planBulk(input.customers, CustomerCreateSchema, (item) =>
    planCreate(db, env, ctx, item, taken, terms),
  );
  return {
    status: 200,
    data: bulk.data,
    statements: bulk.statements,
    unchanged: bulk.unchanged,
    events: bulk.events,
    audit: { action: "customer.bulk_created", resourceType: "customer", resourceId: null },
  };
};

/** The customers of `ids` (the invoice list's expand=customer, the invoice PDF's buyer). */
export function customersByIds(db: Database, companyId: string, ids: string[]): Promise<CustomerRow[]> {
  return ids.length
    ? db
        .select()
        .from(customers)
        .where(and(eq(customers.companyId, companyId), inArray(customers.id, ids)))
        .all()
    : Promise.resolve([]);
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

/** customerRead's row, or CUSTOMER_NOT_FOUND. */
export function customerOf(row: CustomerRow | undefined, id: string): CustomerRow {
  if (!row) throw new ApiError("CUSTOMER_NOT_FOUND", { id });
  return row;
}

export async function loadCustomer(db: Database, companyId: string, id: string): Promise<CustomerRow> {
  return customerOf(await customerRead(db, companyId, id).get(), id);
}

export const updateCustomer: Command<CustomerPatchInput & { id: string }> = async (db, input, ctx, env) => {
  const current = await loadCustomer(db, ctx.companyId, input.id);
  const type = input.customer_type ?? current.customerType;
  const pnInput = input.personal_number;
  const personal: string | null | "keep" =
    pnInput === undefined || (typeof pnInput === "string" && MASKED_PERSONAL_NUMBER.test(pnInput)) ? "keep" : pnInput;
  const org = input.org_number !== undefined ? input.org_number : current.orgNumber;
  const vat = input.vat_number !== undefined ? input.vat_number : current.vatNumber;
  const country = countryOf(type, input.country !== undefined ? input.country : current.country, vat);
  const { orgNumber, personalLong } = resolveIdentity(type, org, personal, ctx.now.slice(0, 10), country);
  await assertOrgNumberFree(db, ctx.companyId, orgNumber, current.id, new Set());

  const recheck =
    type === "eu_business" && vat !== null && (vat !== current.vatNumber || type !== current.customerType);
  const vatNumberValidated =
    !vat || type !== "eu_business"
      ? false
      : recheck
        ? await viesResult(env, ctx, type, vat)
        : current.vatNumberValidated;

  const patch: Partial<CustomerRow> = {
    name: input.name ?? current.name,
    customerType: type,
    email: input.email !== undefined ? input.email : current.email,
    orgNumber,
    vatNumber: vat,
    vatNumberValidated,
    personalNumberEnc:
      personalLong === "keep"
        ? current.personalNumberEnc
        : personalLong === null
          ? null
          : await encryptSecret(env.PII_ENCRYPTION_KEY, personalLong),
    country,
    ...(input.address_line1 !== undefined && { addressLine1: input.address_line1 }),
    ...(input.address_line2 !== undefined && { addressLine2: input.address_line2 }),
    ...(input.postal_code !== undefined && { postalCode: input.postal_code }),
    ...(input.city !== undefined && { city: input.city }),
    ...(input.phone !== undefined && { phone: input.phone }),
    ...(input.contact_name !== undefined && { contactName: input.contact_name }),
    ...(input.default_payment_terms !== undefined && { defaultPaymentTerms: input.default_payment_terms }),
    ...(input.notes !== undefined && { notes: input.notes }),
    ...resolvePeppol(
      input.peppol_endpoint_id !== undefined
        ? input.peppol_endpoint_id
        : current.peppolEndpointScheme && current.peppolEndpointValue
          ? { scheme: current.peppolEndpointScheme, value: current.peppolEndpointValue }
          : null,
      input.e_invoice ?? current.eInvoice,
    ),
    ...(input.archived_at === null && { archivedAt: null }),
    updatedAt: ctx.now,
  };
  const next = { ...current, ...patch };
  return {
    status: 200,
    data: await customerJson(env, next),
    statements: [db.update(customers).set(patch).where(eq(customers.id, current.id))],
    audit: { action: "customer.updated", resourceType: "customer", resourceId: current.id },
  };
};

/** How many open invoices a customer has: answered by the invoicing domain, wired in by the command registry. */
export type OpenInvoiceCount = (db: Database, companyId: string, customerId: string) => Promise<number>;

/**
 * Archive. Refused while the customer owes on a sent, partially paid or overdue
 * invoice. Invoices know their customers, not the other way round, so the count is
 * handed in rather than imported (no import cycle between the two domains).
 */
export const archiveCustomer = (countOpenInvoices: OpenInvoiceCount): Command<{ id: string }> =>
  async function archiveCustomer(db, input, ctx) {
    const current = await loadCustomer(db, ctx.companyId, input.id);
    const open = await countOpenInvoices(db, ctx.companyId, current.id);
    if (open > 0) throw new ApiError("CUSTOMER_HAS_INVOICES", { customer_id: current.id, open_invoices: open });
    return {
      status: 204,
      data: null,
      statements: archiveStatements(db, customers, current, ctx.now),
      audit: { action: "customer.archived", resourceType: "customer", resourceId: current.id },
    };
  };

export function listCustomers(
  db: Database,
  companyId: string,
  q: { include_archived?: boolean; search?: string },
  page: PageRequest,
) {
  return listParties(db, customers, companyId, q, page);
}
