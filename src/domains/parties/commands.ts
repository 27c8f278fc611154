// What the registers of parties (customers, suppliers) write alike: the contact fields
// of a new row and of a patch, and the plans of create, bulk create, update and archive
// around the row each register decides itself.
import type { z } from "@hono/zod-openapi";
import { planBulk, refuseAllOrNothing } from "../../commands/bulk";
import type { Plan, PlannedEvent, Statement } from "../../commands/plan";
import type { Database } from "../../db/client";
import { archiveStatements } from "../../db/register";
import { ApiError } from "../../errors/api-error";
import type { ErrorCode } from "../../errors/catalogue";
import type { Register } from "./queries";

/** The contact fields of the API (http/fields.ts's PartyContactFields) as a request gives them. */
export interface ContactInput {
  email?: string | null;
  address_line1?: string | null;
  address_line2?: string | null;
  postal_code?: string | null;
  city?: string | null;
  phone?: string | null;
  contact_name?: string | null;
  default_payment_terms?: number;
  notes?: string | null;
}

/** A new row's contact columns (absent is null). */
export function contactRow(input: ContactInput) {
  return {
    email: input.email ?? null,
    addressLine1: input.address_line1 ?? null,
    addressLine2: input.address_line2 ?? null,
    postalCode: input.postal_code ?? null,
    city: input.city ?? null,
    phone: input.phone ?? null,
    contactName: input.contact_name ?? null,
    notes: input.notes ?? null,
  };
}

/** A patch's contact columns: only those the request names (null clears). */
export function contactPatch(input: ContactInput) {
  return {
    ...(input.email !== undefined && { email: input.email }),
    ...(input.address_line1 !== undefined && { addressLine1: input.address_line1 }),
    ...(input.address_line2 !== undefined && { addressLine2: input.address_line2 }),
    ...(input.postal_code !== undefined && { postalCode: input.postal_code }),
    ...(input.city !== undefined && { city: input.city }),
    ...(input.phone !== undefined && { phone: input.phone }),
    ...(input.contact_name !== undefined && { contactName: input.contact_name }),
    ...(input.default_payment_terms !== undefined && { defaultPaymentTerms: input.default_payment_terms }),
    ...(input.notes !== undefined && { notes: input.notes }),
  };
}

/** A new row as a register plans it: the row, its JSON, its insert and its event. */
export interface PartyCreate {
  row: { id: string };
  data: unknown;
  statements: Statement[];
  events: PlannedEvent[];
}

/** POST: 201 with the new row. */
export function createdPlan(register: Register, plan: PartyCreate): Plan {
  return {
    status: 201,
    data: plan.data,
    statements: plan.statements,
    events: plan.events,
    audit: { action: `${register.resource}.created`, resourceType: register.resource, resourceId: plan.row.id },
  };
}

/** bulk-create: each item planned on its own (a refused one answers its error in its place). */
export async function bulkCreatedPlan<T>(
  register: Register,
  input: { items: unknown[]; all_or_nothing?: boolean },
  schema: z.ZodType<T>,
  planOne: (item: T) => Promise<PartyCreate>,
): Promise<Plan> {
  refuseAllOrNothing(input.all_or_nothing);
  const bulk = await planBulk(input.items, schema, planOne);
  return {
    status: 200,
    data: bulk.data,
    statements: bulk.statements,
    unchanged: bulk.unchanged,
    events: bulk.events,
    audit: { action: `${register.resource}.bulk_created`, resourceType: register.resource, resourceId: null },
  };
}

/** PATCH: the row after the patch. */
export function updatedPlan(register: Register, id: string, data: unknown, statement: Statement): Plan {
  return {
    status: 200,
    data,
    statements: [statement],
    audit: { action: `${register.resource}.updated`, resourceType: register.resource, resourceId: id },
  };
}

/**
 * DELETE archives (204; archiving again changes nothing), refused with `refusal` while
 * the party has `open` open invoices (counted by the invoicing domain, handed in).
 */
export function archivedPlan(
  db: Database,
  register: Register,
  current: { id: string; archivedAt: string | null },
  open: number,
  refusal: { code: ErrorCode; details: Record<string, unknown> },
  now: string,
): Plan {
  if (open > 0) throw new ApiError(refusal.code, refusal.details);
  return {
    status: 204,
    data: null,
    statements: archiveStatements(db, register.table, current, now),
    audit: { action: `${register.resource}.archived`, resourceType: register.resource, resourceId: current.id },
  };
}
