import { z } from "@hono/zod-openapi";
import { DOCS } from "./prose";
import { dispatch } from "../../../http/dispatch";
import { paymentReversalInput, paymentReversalRoute } from "../../../http/payment-reversal-route";
import type { HandlerContext } from "../../../http/route";
import { InvoicePaySchema, InvoiceRefundSchema, InvoiceSchema } from "../schemas";
import { BASE, write } from "../common";
import { commandRoute, on } from "../../../http/route-table";

export const payInvoice = commandRoute("invoices.pay", "body+id", {
  ...on.post(write, `${BASE}/{id}/mark-paid`, DOCS.payInvoice),
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
  ...on.post(write, `${BASE}/{id}/refund`, DOCS.refundInvoice),
  body: InvoiceRefundSchema,
  bodyRequired: false,
  response: InvoiceSchema.extend({
    refund_id: z.string(),
    refund_amount: z.number(),
    journal_entry_id: z.string(),
  }),
});
