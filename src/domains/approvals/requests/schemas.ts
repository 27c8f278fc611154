import { z } from "@hono/zod-openapi";

export const ApprovalRequestSchema = z
  .object({
    id: z.string(),
    status: z.enum(["pending", "committed", "rejected"]),
    command: z.string().openapi({ description: "the write staged, e.g. journal_entries.commit" }),
    trigger: z.enum(["over_limit", "staged_command"]),
    input: z.unknown().openapi({ description: "the write's input, as sent" }),
    preview: z
      .object({ status: z.number(), data: z.unknown() })
      .openapi({ description: "the write's dry-run answer when it was staged: exactly what would be written" }),
    approvers: z.array(z.string()),
    requested_by: z.string(),
    api_key_id: z.string(),
    decided_by: z.string().nullable(),
    decided_at: z.string().nullable(),
    reason: z.string().nullable(),
    result: z.unknown().openapi({ description: "the committed write's answer; null until committed" }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("ApprovalRequest");

export const ApprovalRequestListQuery = z
  .object({ status: z.enum(["pending", "committed", "rejected"]).optional() })
  .strict();

export const ApprovalRequestRejectSchema = z
  .object({ reason: z.string().trim().min(1).max(1000) })
  .strict()
  .openapi("ApprovalRequestReject");

export const ApprovalSettingsSchema = z
  .object({ require_mfa: z.boolean(), updated_at: z.string().nullable() })
  .openapi("ApprovalSettings");

export const ApprovalSettingsUpdateSchema = z
  .object({
    require_mfa: z.boolean().openapi({
      description: "approving a staged write with a live key needs the approver's two-step code (X-Service-MFA)",
    }),
  })
  .strict()
  .openapi("ApprovalSettingsUpdate");
