// Payment proposals and batches: inputs and answers.
import { z } from "@hono/zod-openapi";
import { AccountNumberSchema, DateSchema, KronorSchema } from "../../../http/fields";
import { SupplierPaymentSchema } from "../../payment-files";

export const ProposalQuery = z
  .object({
    due_by: DateSchema.optional().openapi({ description: "the invoices due on or before this day; default today" }),
    include_salaries: z.enum(["true", "false"]).optional().openapi({
      description:
        "also list approved salary runs to pay by due_by (their net pay; their file is the run's payment-file)",
    }),
  })
  .strict();

export const PaymentBatchCreateSchema = z
  .object({
    execution_date: DateSchema.openapi({ description: "the day the bank is to pay (ReqdExctnDt)" }),
    settlement_account: AccountNumberSchema.default("1930").openapi({
      description: "the BAS account the payments leave from, booked when the camt.054 arrives",
    }),
    due_by: DateSchema.optional().openapi({
      description: "take the proposal of this day (GET .../payment-batches/proposal?due_by=), less `exclude`",
    }),
    exclude: z.array(z.string().min(1)).max(500).optional().openapi({
      description: "supplier invoices of the proposal left out of the batch",
    }),
    payments: z.array(SupplierPaymentSchema).min(1).max(500).optional().openapi({
      description: "the payments as edited (amount, account); given, the proposal is not consulted",
    }),
  })
  .strict()
  .refine((b) => (b.payments === undefined) !== (b.due_by === undefined), {
    message: "give either payments or due_by",
    path: ["payments"],
  })
  .refine((b) => !b.payments || new Set(b.payments.map((p) => p.supplier_invoice_id)).size === b.payments.length, {
    message: "each supplier invoice once",
    path: ["payments"],
  })
  .openapi("PaymentBatchCreate");

export type PaymentBatchCreateInput = z.infer<typeof PaymentBatchCreateSchema>;

export const ProposalLineSchema = z
  .object({
    supplier_invoice_id: z.string(),
    supplier_id: z.string(),
    supplier_name: z.string(),
    supplier_invoice_number: z.string(),
    due_date: z.string(),
    currency: z.string(),
    amount: KronorSchema.openapi({ description: "what remains, in the invoice's currency" }),
    payment_reference: z.string().nullable(),
  })
  .openapi("PaymentProposalLine");

export const ProposalSchema = z
  .object({
    due_by: z.string(),
    count: z.number(),
    totals: z.array(z.object({ currency: z.string(), amount: KronorSchema })),
    lines: z.array(ProposalLineSchema),
    salary_runs: z
      .array(
        z.object({
          salary_run_id: z.string(),
          period: z.string(),
          payment_date: z.string(),
          net_pay: KronorSchema,
          payment_file_url: z.string(),
        }),
      )
      .optional(),
  })
  .openapi("PaymentProposal");

export const BatchLineSchema = z
  .object({
    id: z.string(),
    supplier_invoice_id: z.string(),
    end_to_end_id: z.string(),
    amount: KronorSchema,
    currency: z.string(),
    creditor: z.record(z.string(), z.unknown()),
    status: z.enum(["pending", "accepted", "rejected", "booked"]),
    bank_status: z.string().nullable(),
    reason_code: z.string().nullable(),
    reason_text: z.string().nullable(),
    status_at: z.string().nullable(),
    bank_transaction_id: z.string().nullable(),
    journal_entry_id: z.string().nullable(),
    booked_at: z.string().nullable(),
  })
  .openapi("PaymentBatchLine");

export const BatchSchema = z
  .object({
    id: z.string(),
    status: z.enum(["created", "reported", "partially_booked", "settled", "rejected"]),
    execution_date: z.string(),
    message_id: z.string(),
    payment_information_id: z.string(),
    settlement_account: z.string(),
    number_of_transactions: z.number(),
    control_sum: KronorSchema,
    file_document_id: z.string(),
    file_name: z.string(),
    file_url: z.string(),
    status_report_message_id: z.string().nullable(),
    group_status: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    lines: z.array(BatchLineSchema),
  })
  .openapi("PaymentBatch");

export const BatchListSchema = z.object({ data: z.array(BatchSchema.omit({ lines: true })) });
