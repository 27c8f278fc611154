// What the account routes take; the commands' input types are inferred from these.
import { z } from "@hono/zod-openapi";
import { TEXT_LIMITS } from "../../text";

export const AccountTypeSchema = z.enum(["asset", "equity", "liability", "revenue", "expense"]);
export const AccountCreateSchema = z.object({
  account_number: z.string().regex(/^[1-8]\d{3}$/),
  name: z.string().trim().min(1).max(TEXT_LIMITS.account_name),
  type: AccountTypeSchema.optional(),
});
export const AccountPatchSchema = z
  .object({
    name: z.string().trim().min(1).max(TEXT_LIMITS.account_name).optional(),
    is_active: z.boolean().optional(),
  })
  .strict();

export type AccountCreateInput = z.infer<typeof AccountCreateSchema>;
export type AccountPatchInput = z.infer<typeof AccountPatchSchema>;
