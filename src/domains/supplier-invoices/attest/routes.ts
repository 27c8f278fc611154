import { BASE, write } from "../common";
import { SupplierInvoiceSchema } from "../schemas";
import { DOCS } from "./prose";
import { SupplierInvoiceRejectSchema, SupplierInvoiceResubmitSchema } from "./schemas";
import { routeRoom } from "../../../http/route-table";

const room = routeRoom(BASE, { write });

export const approveSupplierInvoice = room.action(
  "supplier_invoices.approve",
  "approve",
  DOCS.approveSupplierInvoice,
  null,
  SupplierInvoiceSchema,
);

export const rejectSupplierInvoice = room.action(
  "supplier_invoices.reject",
  "reject",
  DOCS.rejectSupplierInvoice,
  SupplierInvoiceRejectSchema,
  SupplierInvoiceSchema,
);

export const resubmitSupplierInvoice = room.action(
  "supplier_invoices.resubmit",
  "resubmit",
  DOCS.resubmitSupplierInvoice,
  SupplierInvoiceResubmitSchema,
  SupplierInvoiceSchema,
);
