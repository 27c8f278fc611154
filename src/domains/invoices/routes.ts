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
import { handled, registerRoutes } from "../../http/route-table";

export function registerInvoiceRoutes(app: OpenAPIHono<AppEnv>) {
  registerRoutes(app, [
    remindInvoice,
    handled(reminderPdfRoute, reminderPdf),
    issueInterestInvoice,
    handled(listInvoicesRoute, listInvoicesPage),
    handled(getInvoiceRoute, getInvoice),
    handled(invoicePdfRoute, invoicePdf),
    handled(invoicePeppolRoute, invoicePeppol),
    createInvoice,
    bulkCreateInvoices,
    updateInvoice,
    cancelInvoice,
    markInvoiceSent,
    sendInvoice,
    resendPeppol,
    payInvoice,
    handled(reverseInvoicePaymentRoute, reverseInvoicePayment),
    bookInvoice,
    refundInvoice,
    creditInvoice,
  ]);
}
