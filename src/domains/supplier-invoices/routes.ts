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

export function registerSupplierInvoiceRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(listSupplierInvoicesRoute, listSupplierInvoicesPage);
  app.openapi(getSupplierInvoiceRoute, getSupplierInvoice);
  app.openapi(createSupplierInvoice.route, createSupplierInvoice.handler);
  app.openapi(importPeppolRoute, importPeppol);
  app.openapi(updateSupplierInvoice.route, updateSupplierInvoice.handler);
  app.openapi(attest.approveSupplierInvoiceRoute, attest.approveSupplierInvoice);
  app.openapi(attest.rejectSupplierInvoiceRoute, attest.rejectSupplierInvoice);
  app.openapi(attest.resubmitSupplierInvoiceRoute, attest.resubmitSupplierInvoice);
  app.openapi(paySupplierInvoice.route, paySupplierInvoice.handler);
  app.openapi(reverseSupplierPaymentRoute, reverseSupplierPayment);
  app.openapi(creditSupplierInvoice.route, creditSupplierInvoice.handler);
  app.openapi(reverseSupplierCreditRoute, reverseSupplierCredit);
  app.openapi(disputeSupplierInvoice.route, disputeSupplierInvoice.handler);
  app.openapi(resolveDispute.route, resolveDispute.handler);
  app.openapi(rules.listApprovalRulesRoute, rules.listApprovalRules);
  app.openapi(rules.getApprovalRuleRoute, rules.getApprovalRule);
  app.openapi(rules.createApprovalRuleRoute, rules.createApprovalRule);
  app.openapi(rules.updateApprovalRuleRoute, rules.updateApprovalRule);
  app.openapi(rules.deleteApprovalRuleRoute, rules.deleteApprovalRule);
}
