// What the account routes take; the commands' input types are inferred from these.
import { z } from "@hono/zod-openapi";

export const AccountTypeSchema = z.enum(["asset", "equity", "liability", "revenue", "expense"]);
export const AccountCreateSchema = z.object({
  account_number: z.string().regex(/^[1-8]\d{3}$/),
  name: z.string().trim().min(1).max(200),
  type: AccountTypeSchema.optional(),
});
export const AccountPatchSchema = z
  .object({ name: z.string().trim().min(1).max(200).optional(), is_active: z.boolean().optional() })
  .strict();

export type AccountCreateInput = z.infer<typeof AccountCreateSchema>;
export type AccountPatchInput = z.infer<typeof AccountPatchSchema>;
