import { z } from "@hono/zod-openapi";
import { DOCS } from "./prose";
import { dispatch } from "../../../http/dispatch";
import { paymentReversalInput, paymentReversalRoute } from "../../../http/payment-reversal-route";
import type { HandlerContext } from "../../../http/route";
import { SupplierInvoicePaySchema, SupplierInvoiceSchema } from "../schemas";
import { BASE, write } from "../common";
import { commandRoute, on } from "../../../http/route-table";

export const paySupplierInvoice = commandRoute("supplier_invoices.pay", "body+id", {
  ...on.post(write, `${BASE}/{id}/mark-paid`, DOCS.paySupplierInvoice),
  body: SupplierInvoicePaySchema,
  bodyRequired: false,
  response: SupplierInvoiceSchema.extend({ journal_entry_id: z.string(), payment_id: z.string() }),
});

export const reverseSupplierPaymentRoute = paymentReversalRoute({
  write,
  base: BASE,
  noun: "supplier invoice",
  statusesAfter: "registered, approved, overdue or partially paid",
  bankRowNote: "",
  event: "supplier_invoice.payment_reversed",
  invoice: SupplierInvoiceSchema,
});

export async function reverseSupplierPayment(c: HandlerContext<typeof reverseSupplierPaymentRoute>) {
  return dispatch(c, "supplier_invoices.reverse_payment", paymentReversalInput(c));
}
