// The domain's routes, registered in the order the OpenAPI document lists them; each
// room declares its own (<room>/routes.ts).
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../http/context";
import {
  createSupplierInvoice,
  createSupplierInvoiceRoute,
  disputeSupplierInvoice,
  disputeSupplierInvoiceRoute,
  getSupplierInvoice,
  getSupplierInvoiceRoute,
  listSupplierInvoicesPage,
  listSupplierInvoicesRoute,
  resolveDispute,
  resolveDisputeRoute,
  updateSupplierInvoice,
  updateSupplierInvoiceRoute,
} from "./registration/routes";
import {
  paySupplierInvoice,
  paySupplierInvoiceRoute,
  reverseSupplierPayment,
  reverseSupplierPaymentRoute,
} from "./payments/routes";
import {
  creditSupplierInvoice,
  creditSupplierInvoiceRoute,
  reverseSupplierCredit,
  reverseSupplierCreditRoute,
} from "./credits/routes";
import { importPeppol, importPeppolRoute } from "./peppol/routes";
import * as attest from "./attest/routes";
import * as rules from "./approval-rules/routes";

export function registerSupplierInvoiceRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(listSupplierInvoicesRoute, listSupplierInvoicesPage);
  app.openapi(getSupplierInvoiceRoute, getSupplierInvoice);
  app.openapi(createSupplierInvoiceRoute, createSupplierInvoice);
  app.openapi(importPeppolRoute, importPeppol);
  app.openapi(updateSupplierInvoiceRoute, updateSupplierInvoice);
  app.openapi(attest.approveSupplierInvoiceRoute, attest.approveSupplierInvoice);
  app.openapi(attest.rejectSupplierInvoiceRoute, attest.rejectSupplierInvoice);
  app.openapi(attest.resubmitSupplierInvoiceRoute, attest.resubmitSupplierInvoice);
  app.openapi(paySupplierInvoiceRoute, paySupplierInvoice);
  app.openapi(reverseSupplierPaymentRoute, reverseSupplierPayment);
  app.openapi(creditSupplierInvoiceRoute, creditSupplierInvoice);
  app.openapi(reverseSupplierCreditRoute, reverseSupplierCredit);
  app.openapi(disputeSupplierInvoiceRoute, disputeSupplierInvoice);
  app.openapi(resolveDisputeRoute, resolveDispute);
  app.openapi(rules.listApprovalRulesRoute, rules.listApprovalRules);
  app.openapi(rules.getApprovalRuleRoute, rules.getApprovalRule);
  app.openapi(rules.createApprovalRuleRoute, rules.createApprovalRule);
  app.openapi(rules.updateApprovalRuleRoute, rules.updateApprovalRule);
  app.openapi(rules.deleteApprovalRuleRoute, rules.deleteApprovalRule);
}
