// Customers' commands (spec: Customers): create, bulk create, update and archive, each
// load → decide → plan: the reads (the company's default terms, the org number's
// uniqueness, the current row), the identity rules (rules.ts), then VIES and the
// encryption of a personnummer, and the statements. The register core is domains/parties.
import { eq } from "drizzle-orm";
import type { Command, CommandContext } from "../../commands/plan";
import type { Database } from "../../db/client";
import { customers } from "../../db/schema";
import type { Env } from "../../env";
import { newId } from "../../ids";
import { encryptSecret } from "../../secrets";
import { invoiceDefaultDays } from "../companies";
import * as parties from "../parties";
import { CUSTOMERS, customerJson, loadCustomer } from "./queries";
import {
  countryOf,
  type CustomerRow,
  type CustomerType,
  given,
  personalInput,
  resolveIdentity,
  resolvePeppol,
  storedPeppol,
} from "./rules";
import { CustomerCreateSchema, type CustomerCreateInput, type CustomerPatchInput } from "./schemas";
import { checkVatNumber } from "./vies";

/** VIES only on commit, only for EU businesses with a VAT number (spec: Customers). */
async function viesResult(env: Env, ctx: CommandContext, type: CustomerType, vat: string | null): Promise<boolean> {
  if (ctx.dryRun || type !== "eu_business" || !vat) return false;
  return (await checkVatNumber(env, vat)) === true;
}

/** A personnummer to store: encrypted; "keep" keeps `current`. */
async function personalNumberEnc(env: Env, personalLong: string | null | "keep", current: string | null) {
  if (personalLong === "keep") return current;
  return personalLong === null ? null : await encryptSecret(env.PII_ENCRYPTION_KEY, personalLong);
}

async function defaultTerms(db: Database, companyId: string): Promise<number> {
  return (await invoiceDefaultDays(db, companyId)) ?? 30;
}

/** A new customer's country and identity (rules.ts), decided before anything is read. */
function newIdentity(input: CustomerCreateInput, today: string) {
  const country = countryOf(input.customer_type, input.country, input.vat_number ?? null);
  const identity = resolveIdentity(
    input.customer_type,
    input.org_number ?? null,
    input.personal_number ?? null,
    today,
    country,
  );
  return { country, ...identity };
}

/** A new customer's row, once its org number is free and VIES and the encryption have answered. */
function newCustomer(
  input: CustomerCreateInput,
  ctx: CommandContext,
  decided: { country: string; orgNumber: string | null; terms: number },
  answered: { vatNumberValidated: boolean; personalNumberEnc: string | null },
): CustomerRow {
  return {
    id: newId(),
    companyId: ctx.companyId,
    name: input.name,
    customerType: input.customer_type,
    orgNumber: decided.orgNumber,
    vatNumber: input.vat_number ?? null,
    ...answered,
    country: decided.country,
    ...parties.contactRow(input),
    defaultPaymentTerms: input.default_payment_terms ?? decided.terms,
    ...resolvePeppol(input.peppol_endpoint_id ?? null, input.e_invoice ?? false),
    archivedAt: null,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
}

async function planCreate(
  db: Database,
  env: Env,
  ctx: CommandContext,
  input: CustomerCreateInput,
  taken: Set<string>,
  terms: number,
) {
  const { country, orgNumber, personalLong } = newIdentity(input, ctx.now.slice(0, 10));
  await parties.assertOrgNumberFree(db, CUSTOMERS, ctx.companyId, orgNumber, null, taken);
  if (orgNumber) taken.add(orgNumber);
  const row = newCustomer(
    input,
    ctx,
    { country, orgNumber, terms },
    {
      vatNumberValidated: await viesResult(env, ctx, input.customer_type, input.vat_number ?? null),
      personalNumberEnc: await personalNumberEnc(env, personalLong, null),
    },
  );
  const data = await customerJson(env, row);
  return {
    row,
    data,
    statements: [db.insert(customers).values(row)],
    events: [{ type: "customer.created", object: data }],
  };
}

export const createCustomer: Command<CustomerCreateInput> = async (db, input, ctx, env) =>
  parties.createdPlan(
    CUSTOMERS,
    await planCreate(db, env, ctx, input, new Set(), await defaultTerms(db, ctx.companyId)),
  );

export const bulkCreateCustomers: Command<{ customers: unknown[]; all_or_nothing?: boolean }> = async (
  db,
  input,
  ctx,
  env,
) => {
  const taken = new Set<string>();
  const terms = await defaultTerms(db, ctx.companyId);
  return parties.bulkCreatedPlan(CUSTOMERS, { ...input, items: input.customers }, CustomerCreateSchema, (item) =>
    planCreate(db, env, ctx, item, taken, terms),
  );
};

/** The patch's type, VAT number, country and identity, decided from the request and the current row. */
function patchIdentity(input: CustomerPatchInput, current: CustomerRow, today: string) {
  const type = input.customer_type ?? current.customerType;
  const vat = given(input.vat_number, current.vatNumber);
  const country = countryOf(type, given(input.country, current.country), vat);
  const identity = resolveIdentity(
    type,
    given(input.org_number, current.orgNumber),
    personalInput(input.personal_number),
    today,
    country,
  );
  // VIES again for a new VAT number or a new type of an EU business
  const recheck =
    type === "eu_business" && vat !== null && (vat !== current.vatNumber || type !== current.customerType);
  return { type, vat, country, recheck, ...identity };
}

/** The patch's columns, once VIES and the encryption have answered. */
function patchColumns(
  input: CustomerPatchInput,
  current: CustomerRow,
  d: ReturnType<typeof patchIdentity>,
  answered: { vatNumberValidated: boolean; personalNumberEnc: string | null; updatedAt: string },
): Partial<CustomerRow> {
  return {
    name: input.name ?? current.name,
    customerType: d.type,
    orgNumber: d.orgNumber,
    vatNumber: d.vat,
    country: d.country,
    ...parties.contactPatch(input),
    ...resolvePeppol(given(input.peppol_endpoint_id, storedPeppol(current)), input.e_invoice ?? current.eInvoice),
    ...(input.archived_at === null && { archivedAt: null }),
    ...answered,
  };
}

export const updateCustomer: Command<CustomerPatchInput & { id: string }> = async (db, input, ctx, env) => {
  const current = await loadCustomer(db, ctx.companyId, input.id);
  const d = patchIdentity(input, current, ctx.now.slice(0, 10));
  await parties.assertOrgNumberFree(db, CUSTOMERS, ctx.companyId, d.orgNumber, current.id, new Set());
  const vatNumberValidated =
    !d.vat || d.type !== "eu_business"
      ? false
      : d.recheck
        ? await viesResult(env, ctx, d.type, d.vat)
        : current.vatNumberValidated;
  const patch = patchColumns(input, current, d, {
    vatNumberValidated,
    personalNumberEnc: await personalNumberEnc(env, d.personalLong, current.personalNumberEnc),
    updatedAt: ctx.now,
  });
  const data = await customerJson(env, { ...current, ...patch });
  return parties.updatedPlan(
    CUSTOMERS,
    current.id,
    data,
    db.update(customers).set(patch).where(eq(customers.id, current.id)),
  );
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
    const refusal = {
      code: "CUSTOMER_HAS_INVOICES",
      details: { customer_id: current.id, open_invoices: open },
    } as const;
    return parties.archivedPlan(db, CUSTOMERS, current, open, refusal, ctx.now);
  };
