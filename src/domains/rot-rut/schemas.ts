import { z } from "@hono/zod-openapi";
import { AccountNumberSchema, DateSchema, SignedAmountSchema } from "../../http/fields";

export const CLAIM_STATUSES = ["claimed", "decided", "paid", "rejected"] as const;

export const ClaimCreateSchema = z
  .object({
    invoice_ids: z
      .array(z.string().min(1))
      .min(1)
      .max(1000)
      .optional()
      .openapi({ description: "paid invoices with a deduction; each type of each invoice is claimed once" }),
    year: z
      .number()
      .int()
      .min(2021)
      .max(2100)
      .optional()
      .openapi({ description: "with type: every paid, unclaimed invoice whose payment falls in this year" }),
    type: z
      .enum(["rot", "rut"])
      .optional()
      .openapi({ description: "with year: ROT or RUT; with invoice_ids: only this type (default both)" }),
  })
  .strict()
  .refine((b) => (b.invoice_ids ? b.year === undefined : b.year !== undefined && b.type !== undefined), {
    message: "give invoice_ids, or year and type",
    path: ["invoice_ids"],
  })
  .openapi("RotRutClaimCreate");

export const ClaimDecisionSchema = z
  .object({
    approved_amount: SignedAmountSchema.refine((n) => n >= 0, "must be zero or more").openapi({
      description: "what Skatteverket approved and pays, kronor; at most the claimed amount",
    }),
    decision_date: DateSchema.optional().openapi({ description: "the date of the decision and payout; default today" }),
    settlement_account: AccountNumberSchema.default("1930").openapi({
      description: "the account the payout arrived on",
    }),
  })
  .strict()
  .openapi("RotRutClaimDecision");

export const ClaimSchema = z
  .object({
    id: z.string(),
    type: z.enum(["rot", "rut"]),
    year: z.number(),
    name: z.string(),
    status: z.enum(CLAIM_STATUSES),
    buyers: z.number().openapi({ description: "distinct buyers in the file (at most 100)" }),
    cases: z.number(),
    amount: z.number().openapi({ description: "claimed, kronor" }),
    approved_amount: z.number().nullable(),
    rejected_amount: z.number().nullable(),
    decision_date: z.string().nullable(),
    decision_journal_entry_id: z.string().nullable(),
    invoices: z.array(
      z.object({
        invoice_id: z.string(),
        invoice_number: z.string(),
        payment_date: z.string(),
        buyers: z.number(),
        amount: z.number(),
        rejected_amount: z.number().nullable(),
      }),
    ),
    download_url: z.string().openapi({
      description: "the claim file (XML, Skatteverket's Begäran V6) to upload in Skatteverket's e-service",
    }),
    created_at: z.string(),
  })
  .openapi("RotRutClaim");

export const ClaimListQuery = z
  .object({
    status: z.enum(CLAIM_STATUSES).optional(),
    cursor: z.string().optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .strict();

export type ClaimCreateInput = z.infer<typeof ClaimCreateSchema>;
export type ClaimDecisionInput = z.infer<typeof ClaimDecisionSchema>;
