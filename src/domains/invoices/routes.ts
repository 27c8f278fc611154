// The domain's routes, registered in the order the OpenAPI document lists them; each
// room declares its own (<room>/routes.ts).
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/context";
import {
  bulkCreateInvoices,
  bulkCreateInvoicesRoute,
  cancelInvoice,
  cancelInvoiceRoute,
  createInvoice,
  createInvoiceRoute,
  getInvoice,
  getInvoiceRoute,
  listInvoicesPage,
  listInvoicesRoute,
  updateInvoice,
  updateInvoiceRoute,
} from "./drafts/routes";
import {
  bookInvoice,
  bookInvoiceRoute,
  invoicePdf,
  invoicePdfRoute,
  markInvoiceSent,
  markInvoiceSentRoute,
  sendInvoice,
  sendInvoiceRoute,
} from "./issue/routes";
import { invoicePeppol, invoicePeppolRoute, resendPeppol, resendPeppolRoute } from "./peppol/routes";
import {
  payInvoice,
  payInvoiceRoute,
  refundInvoice,
  refundInvoiceRoute,
  reverseInvoicePayment,
  reverseInvoicePaymentRoute,
} from "./payments/routes";
import { creditInvoice, creditInvoiceRoute } from "./credits/routes";
import { remindInvoice, remindInvoiceRoute, reminderPdf, reminderPdfRoute } from "./reminders/routes";
import { interestInvoiceRoute, issueInterestInvoice } from "./interest/routes";

export function registerInvoiceRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(remindInvoiceRoute, remindInvoice);
  app.openapi(reminderPdfRoute, reminderPdf);
  app.openapi(interestInvoiceRoute, issueInterestInvoice);
  app.openapi(listInvoicesRoute, listInvoicesPage);
  app.openapi(getInvoiceRoute, getInvoice);
  app.openapi(invoicePdfRoute, invoicePdf);
  app.openapi(invoicePeppolRoute, invoicePeppol);
  app.openapi(createInvoiceRoute, createInvoice);
  app.openapi(bulkCreateInvoicesRoute, bulkCreateInvoices);
  app.openapi(updateInvoiceRoute, updateInvoice);
  app.openapi(cancelInvoiceRoute, cancelInvoice);
  app.openapi(markInvoiceSentRoute, markInvoiceSent);
  app.openapi(sendInvoiceRoute, sendInvoice);
  app.openapi(resendPeppolRoute, resendPeppol);
  app.openapi(payInvoiceRoute, payInvoice);
  app.openapi(reverseInvoicePaymentRoute, reverseInvoicePayment);
  app.openapi(bookInvoiceRoute, bookInvoice);
  app.openapi(refundInvoiceRoute, refundInvoice);
  app.openapi(creditInvoiceRoute, creditInvoice);
}
