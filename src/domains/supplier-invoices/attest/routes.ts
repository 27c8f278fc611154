import { BASE, write } from "../common";
import { SupplierInvoiceSchema } from "../schemas";
import { DOCS } from "./prose";
import { SupplierInvoiceRejectSchema, SupplierInvoiceResubmitSchema } from "./schemas";
import { commandRoute, on } from "../../../http/route-table";

export const approveSupplierInvoice = commandRoute("supplier_invoices.approve", "id", {
  ...on.post(write, `${BASE}/{id}/approve`, DOCS.approveSupplierInvoice),
  response: SupplierInvoiceSchema,
});

export const rejectSupplierInvoice = commandRoute("supplier_invoices.reject", "body+id", {
  ...on.post(write, `${BASE}/{id}/reject`, DOCS.rejectSupplierInvoice),
  body: SupplierInvoiceRejectSchema,
  response: SupplierInvoiceSchema,
});

export const resubmitSupplierInvoice = commandRoute("supplier_invoices.resubmit", "body+id", {
  ...on.post(write, `${BASE}/{id}/resubmit`, DOCS.resubmitSupplierInvoice),
  body: SupplierInvoiceResubmitSchema,
  response: SupplierInvoiceSchema,
});
