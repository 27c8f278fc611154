import { z } from "@hono/zod-openapi";

export const InboxQuery = z
  .object({
    user_id: z.string().min(1).optional().openapi({ description: "another user's inbox (owners and admins)" }),
  })
  .strict();

export const InboxSchema = z
  .object({
    user_id: z.string(),
    items: z.array(
      z
        .object({
          type: z.enum(["supplier_invoice", "approval_request"]),
          action: z.enum(["approve", "correct_and_resubmit"]),
          id: z.string(),
          due_date: z.string(),
          created_at: z.string(),
        })
        .passthrough(),
    ),
  })
  .openapi("ApprovalInbox");
