// The domain's routes, registered in the order the OpenAPI document lists them; each
// room declares its own (<room>/routes.ts).
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/context";
import {
  bulkCreateInvoices,
  cancelInvoice,
  createInvoice,
  getInvoice,
  getInvoiceRoute,
  listInvoicesPage,
  listInvoicesRoute,
  updateInvoice,
} from "./drafts/routes";
import { bookInvoice, invoicePdf, invoicePdfRoute, markInvoiceSent, sendInvoice } from "./issue/routes";
import { invoicePeppol, invoicePeppolRoute, resendPeppol } from "./peppol/routes";
import { payInvoice, refundInvoice, reverseInvoicePayment, reverseInvoicePaymentRoute } from "./payments/routes";
import { creditInvoice } from "./credits/routes";
import { remindInvoice, reminderPdf, reminderPdfRoute } from "./reminders/routes";
import { issueInterestInvoice } from "./interest/routes";

export function registerInvoiceRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(remindInvoice.route, remindInvoice.handler);
  app.openapi(reminderPdfRoute, reminderPdf);
  app.openapi(issueInterestInvoice.route, issueInterestInvoice.handler);
  app.openapi(listInvoicesRoute, listInvoicesPage);
  app.openapi(getInvoiceRoute, getInvoice);
  app.openapi(invoicePdfRoute, invoicePdf);
  app.openapi(invoicePeppolRoute, invoicePeppol);
  app.openapi(createInvoice.route, createInvoice.handler);
  app.openapi(bulkCreateInvoices.route, bulkCreateInvoices.handler);
  app.openapi(updateInvoice.route, updateInvoice.handler);
  app.openapi(cancelInvoice.route, cancelInvoice.handler);
  app.openapi(markInvoiceSent.route, markInvoiceSent.handler);
  app.openapi(sendInvoice.route, sendInvoice.handler);
  app.openapi(resendPeppol.route, resendPeppol.handler);
  app.openapi(payInvoice.route, payInvoice.handler);
  app.openapi(reverseInvoicePaymentRoute, reverseInvoicePayment);
  app.openapi(bookInvoice.route, bookInvoice.handler);
  app.openapi(refundInvoice.route, refundInvoice.handler);
  app.openapi(creditInvoice.route, creditInvoice.handler);
}
