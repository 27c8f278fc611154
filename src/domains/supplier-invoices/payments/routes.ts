import { z } from "@hono/zod-openapi";
import { PROSE } from "./prose";
import { dispatch } from "../../../http/dispatch";
import { CompanyItemParams } from "../../../http/params";
import { paymentReversalInput, paymentReversalRoute } from "../../../http/payment-reversal-route";
import type { HandlerContext } from "../../../http/route";
import { SupplierInvoicePaySchema, SupplierInvoiceSchema } from "../schemas";
import { BASE, write } from "../common";
import { commandRoute } from "../../../http/command-route";

export const paySupplierInvoice = commandRoute("supplier_invoices.pay", "body+id", {
  ...write,
  method: "post",
  path: `${BASE}/{id}/mark-paid`,
  summary: "Record a payment of a supplier invoice",
  description: PROSE.paySupplierInvoiceDescription,
  params: CompanyItemParams,
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
