import { z } from "@hono/zod-openapi";
import { DOCS } from "./prose";
import { dispatch } from "../../../http/dispatch";
import { CompanyItemParams } from "../../../http/params";
import { defineRoute, type HandlerContext } from "../../../http/route";
import { PaymentReverseSchema } from "../../../http/fields";
import { SupplierInvoiceCreditSchema, SupplierInvoiceSchema } from "../schemas";
import { BASE, write } from "../common";
import { SupplierCreditAnswerSchema } from "../schemas";
import { commandRoute, on } from "../../../http/route-table";

export const creditSupplierInvoice = commandRoute("supplier_invoices.credit", "body+id", {
  ...on.post(write, `${BASE}/{id}/credit`, DOCS.creditSupplierInvoice),
  body: SupplierInvoiceCreditSchema,
  bodyRequired: false,
  response: SupplierCreditAnswerSchema,
  status: 201,
});

export const reverseSupplierCreditRoute = defineRoute({
  ...on.post(write, `${BASE}/{id}/credits/{creditNoteId}/reverse`, DOCS.reverseSupplierCredit),
  params: CompanyItemParams.extend({ creditNoteId: z.string() }),
  body: PaymentReverseSchema,
  bodyRequired: false,
  response: SupplierInvoiceSchema.extend({
    reversed_credit_note: SupplierInvoiceSchema,
    reversal_journal_entry_id: z.string().nullable(),
  }),
});

export async function reverseSupplierCredit(c: HandlerContext<typeof reverseSupplierCreditRoute>) {
  return dispatch(c, "supplier_invoices.reverse_credit", {
    ...c.req.valid("json"),
    id: c.req.valid("param").id,
    credit_note_id: c.req.valid("param").creditNoteId,
  });
}
