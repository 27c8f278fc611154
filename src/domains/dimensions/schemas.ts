// What the dimension routes take; the commands' input types are inferred from these.
import { z } from "@hono/zod-openapi";
import { TEXT_LIMITS } from "../../text";

export const DimensionCreateSchema = z.object({
  id: z.number().int().min(1).max(999),
  name: z.string().trim().min(1).max(TEXT_LIMITS.dimension_name),
});
export const DimensionPatchSchema = z
  .object({
    name: z.string().trim().min(1).max(TEXT_LIMITS.dimension_name).optional(),
    archived: z.boolean().optional(),
  })
  .strict();
export const CodeCreateSchema = z.object({
  code: z.string().trim().min(1).max(TEXT_LIMITS.dimension_code),
  name: z.string().trim().min(1).max(TEXT_LIMITS.dimension_name),
});
export const CodePatchSchema = DimensionPatchSchema;

export type DimensionCreateInput = z.infer<typeof DimensionCreateSchema>;
export type DimensionPatchInput = z.infer<typeof DimensionPatchSchema>;
export type CodeCreateInput = z.infer<typeof CodeCreateSchema>;
export type CodePatchInput = z.infer<typeof CodePatchSchema>;
