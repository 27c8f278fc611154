import { z } from "@hono/zod-openapi";
import { PROSE } from "./prose";
import { dispatch } from "../../../http/dispatch";
import { CompanyItemParams } from "../../../http/params";
import { paymentReversalInput, paymentReversalRoute } from "../../../http/payment-reversal-route";
import type { HandlerContext } from "../../../http/route";
import { InvoicePaySchema, InvoiceRefundSchema, InvoiceSchema } from "../schemas";
import { BASE, write } from "../common";
import { commandRoute } from "../../../http/command-route";

export const payInvoice = commandRoute("invoices.pay", "body+id", {
  ...write,
  method: "post",
  path: `${BASE}/{id}/mark-paid`,
  summary: "Record a payment of a sent invoice",
  description: PROSE.payInvoiceDescription,
  params: CompanyItemParams,
  body: InvoicePaySchema,
  bodyRequired: false,
  response: InvoiceSchema.extend({ journal_entry_id: z.string(), payment_id: z.string() }),
});

export const reverseInvoicePaymentRoute = paymentReversalRoute({
  write,
  base: BASE,
  noun: "invoice",
  statusesAfter: "status sent, overdue or partially paid",
  bankRowNote: "an over-payment its match booked is reversed too",
  event: "invoice.payment_reversed",
  invoice: InvoiceSchema,
  moreFields: { reversed_overpayment_entry_id: z.string().nullable() },
});

export async function reverseInvoicePayment(c: HandlerContext<typeof reverseInvoicePaymentRoute>) {
  return dispatch(c, "invoices.reverse_payment", paymentReversalInput(c));
}

export const refundInvoice = commandRoute("invoices.refund", "body+id", {
  ...write,
  method: "post",
  path: `${BASE}/{id}/refund`,
  summary: "Pay back what a credit note left overpaid (a refund owed)",
  description: PROSE.refundInvoiceDescription,
  params: CompanyItemParams,
  body: InvoiceRefundSchema,
  bodyRequired: false,
  response: InvoiceSchema.extend({
    refund_id: z.string(),
    refund_amount: z.number(),
    journal_entry_id: z.string(),
  }),
});
