import { dispatch } from "../../../http/dispatch";
import { CompanyItemParams } from "../../../http/params";
import { defineRoute, type HandlerContext } from "../../../http/route";
import { BASE, write } from "../common";
import { SupplierInvoiceSchema } from "../schemas";
import { PROSE } from "./prose";
import { SupplierInvoiceRejectSchema, SupplierInvoiceResubmitSchema } from "./schemas";

export const approveSupplierInvoiceRoute = defineRoute({
  ...write,
  method: "post",
  path: `${BASE}/{id}/approve`,
  summary: "Approve (attest) a registered supplier invoice",
  description: PROSE.approveSupplierInvoiceDescription,
  params: CompanyItemParams,
  response: SupplierInvoiceSchema,
});

export async function approveSupplierInvoice(c: HandlerContext<typeof approveSupplierInvoiceRoute>) {
  return dispatch(c, "supplier_invoices.approve", { id: c.req.valid("param").id });
}

export const rejectSupplierInvoiceRoute = defineRoute({
  ...write,
  method: "post",
  path: `${BASE}/{id}/reject`,
  summary: "Reject a supplier invoice under attest, with a reason: back to its registrant",
  description: PROSE.rejectSupplierInvoiceDescription,
  params: CompanyItemParams,
  body: SupplierInvoiceRejectSchema,
  response: SupplierInvoiceSchema,
});

export async function rejectSupplierInvoice(c: HandlerContext<typeof rejectSupplierInvoiceRoute>) {
  return dispatch(c, "supplier_invoices.reject", { ...c.req.valid("json"), id: c.req.valid("param").id });
}

export const resubmitSupplierInvoiceRoute = defineRoute({
  ...write,
  method: "post",
  path: `${BASE}/{id}/resubmit`,
  summary: "Send a rejected supplier invoice for approval again",
  description: PROSE.resubmitSupplierInvoiceDescription,
  params: CompanyItemParams,
  body: SupplierInvoiceResubmitSchema,
  response: SupplierInvoiceSchema,
});

export async function resubmitSupplierInvoice(c: HandlerContext<typeof resubmitSupplierInvoiceRoute>) {
  return dispatch(c, "supplier_invoices.resubmit", { ...c.req.valid("json"), id: c.req.valid("param").id });
}
