import { z } from "@hono/zod-openapi";

/** The address and contact fields of a party's answer (queries.ts's `partyContactJson`), in its order. */
export const PartyContactJsonFields = {
  country: z.string(),
  address_line1: z.string().nullable(),
  address_line2: z.string().nullable(),
  postal_code: z.string().nullable(),
  city: z.string().nullable(),
  phone: z.string().nullable(),
  contact_name: z.string().nullable(),
};
