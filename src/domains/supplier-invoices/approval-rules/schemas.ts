import { z } from "@hono/zod-openapi";
import { AmountSchema } from "../../../http/fields";

const StepSchema = z
  .object({
    approvers: z.array(z.string().min(1)).min(1).max(20).openapi({ description: "user ids, members of the company" }),
    min_approvals: z
      .number()
      .int()
      .min(1)
      .optional()
      .openapi({ description: "how many of the approvers must approve the step; default 1" }),
  })
  .strict();

const ConditionsSchema = z
  .object({
    min_amount: AmountSchema.nullable().optional().openapi({ description: "total in SEK, VAT included, at least" }),
    max_amount: AmountSchema.nullable().optional().openapi({ description: "total in SEK, VAT included, at most" }),
    supplier_ids: z.array(z.string().min(1)).max(100).optional(),
    account_numbers: z
      .array(z.string().regex(/^[1-8]\d{0,3}$/, "an account number or its leading digits"))
      .max(100)
      .optional()
      .openapi({ description: "matches when any item's account starts with one of these" }),
    dimensions: z
      .record(z.string().regex(/^\d{1,3}$/, "a dimension id"), z.array(z.string().min(1).max(100)).max(100))
      .optional()
      .openapi({ description: "dimension id (cost centre, project) to codes; matches when any item carries one" }),
  })
  .strict();

const fields = {
  name: z.string().trim().min(1).max(200),
  position: z
    .number()
    .int()
    .min(0)
    .max(100_000)
    .openapi({ description: "rules are tried in this order; default last" }),
  active: z.boolean(),
  conditions: ConditionsSchema,
  steps: z.array(StepSchema).min(1).max(10),
  in_order: z.boolean().openapi({ description: "the steps are taken one after the other (default true)" }),
  allow_registrant: z
    .boolean()
    .openapi({ description: "whoever registered the invoice may approve it; false (default) keeps four eyes" }),
};

export const ApprovalRuleCreateSchema = z
  .object({
    ...fields,
    position: fields.position.optional(),
    active: fields.active.default(true),
    conditions: fields.conditions.default({}),
    in_order: fields.in_order.default(true),
    allow_registrant: fields.allow_registrant.default(false),
  })
  .strict()
  .openapi("ApprovalRuleCreate");

export const ApprovalRulePatchSchema = z
  .object({
    name: fields.name.optional(),
    position: fields.position.optional(),
    active: fields.active.optional(),
    conditions: fields.conditions.optional(),
    steps: fields.steps.optional(),
    in_order: fields.in_order.optional(),
    allow_registrant: fields.allow_registrant.optional(),
  })
  .strict()
  .openapi("ApprovalRulePatch");

export const ApprovalRuleSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    position: z.number(),
    active: z.boolean(),
    conditions: z.object({
      min_amount: z.number().nullable(),
      max_amount: z.number().nullable(),
      supplier_ids: z.array(z.string()),
      account_numbers: z.array(z.string()),
      dimensions: z.record(z.string(), z.array(z.string())),
    }),
    steps: z.array(z.object({ approvers: z.array(z.string()), min_approvals: z.number() })),
    in_order: z.boolean(),
    allow_registrant: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("ApprovalRule");

export type ApprovalRuleCreateInput = z.infer<typeof ApprovalRuleCreateSchema>;
export type ApprovalRulePatchInput = z.infer<typeof ApprovalRulePatchSchema>;
