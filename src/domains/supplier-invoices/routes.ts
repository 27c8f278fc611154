// The domain's routes, registered in the order the OpenAPI document lists them; each
// room declares its own (<room>/routes.ts).
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/context";
import {
  createSupplierInvoice,
  disputeSupplierInvoice,
  getSupplierInvoice,
  getSupplierInvoiceRoute,
  listSupplierInvoicesPage,
  listSupplierInvoicesRoute,
  resolveDispute,
  updateSupplierInvoice,
} from "./registration/routes";
import { paySupplierInvoice, reverseSupplierPayment, reverseSupplierPaymentRoute } from "./payments/routes";
import { creditSupplierInvoice, reverseSupplierCredit, reverseSupplierCreditRoute } from "./credits/routes";
import { importPeppol, importPeppolRoute } from "./peppol/routes";
import * as attest from "./attest/routes";
import * as rules from "./approval-rules/routes";
import { handled, registerRoutes } from "../../http/route-table";

export function registerSupplierInvoiceRoutes(app: OpenAPIHono<AppEnv>) {
  registerRoutes(app, [
    handled(listSupplierInvoicesRoute, listSupplierInvoicesPage),
    handled(getSupplierInvoiceRoute, getSupplierInvoice),
    createSupplierInvoice,
    handled(importPeppolRoute, importPeppol),
    updateSupplierInvoice,
    attest.approveSupplierInvoice,
    attest.rejectSupplierInvoice,
    attest.resubmitSupplierInvoice,
    paySupplierInvoice,
    handled(reverseSupplierPaymentRoute, reverseSupplierPayment),
    creditSupplierInvoice,
    handled(reverseSupplierCreditRoute, reverseSupplierCredit),
    disputeSupplierInvoice,
    resolveDispute,
    handled(rules.listApprovalRulesRoute, rules.listApprovalRules),
    handled(rules.getApprovalRuleRoute, rules.getApprovalRule),
    rules.createApprovalRule,
    rules.updateApprovalRule,
    rules.deleteApprovalRule,
  ]);
}
