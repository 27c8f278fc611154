// Every route of the API: the composition root's half that the Worker serves
// (src/app/commands.ts is the writer's half). Only src/app imports the domains, and only
// through each domain's index.ts; where a lower domain needs an answer from a higher one
// (a customer's open invoices), it is handed in here.
import { cashMethodWarnings } from "./cash-method";
import type { OpenAPIHono } from "@hono/zod-openapi";
import * as access from "../domains/access";
import * as accounts from "../domains/accounts";
import * as approvals from "../domains/approvals";
import * as accruals from "../domains/accruals";
import * as budgets from "../domains/budgets";
import * as invoiceContracts from "../domains/invoice-contracts";
import * as ledgerChain from "../domains/ledger-chain";
import * as admin from "../domains/admin";
import * as articles from "../domains/articles";
import * as audit from "../domains/audit";
import * as bankTransactions from "../domains/bank-transactions";
import * as bankRules from "../domains/bank-rules";
import * as companies from "../domains/companies";
import * as compliance from "../domains/compliance";
import * as currency from "../domains/currency";
import * as customers from "../domains/customers";
import * as dimensions from "../domains/dimensions";
import * as documents from "../domains/documents";
import * as documentReading from "../domains/document-reading";
import * as fixedAssets from "../domains/fixed-assets";
import * as annualReports from "../domains/annual-reports";
import * as fiscalPeriods from "../domains/fiscal-periods";
import * as imports from "../domains/imports";
import * as invoices from "../domains/invoices";
import * as journalEntries from "../domains/journal-entries";
import * as meta from "../domains/meta";
import * as operations from "../domains/operations";
import * as paymentFiles from "../domains/payment-files";
import * as paymentBatches from "../domains/payment-batches";
import * as monthClose from "../domains/month-close";
import * as payroll from "../domains/payroll";
import * as reconciliation from "../domains/reconciliation";
import * as reports from "../domains/reports";
import * as rotRut from "../domains/rot-rut";
import * as sandbox from "../domains/sandbox";
import * as supplierInvoices from "../domains/supplier-invoices";
import * as suppliers from "../domains/suppliers";
import * as vatReturns from "../domains/vat-returns";
import * as webhooks from "../domains/webhooks";
import { registerBenchFloors } from "../http/bench-floors";
import { registerMcpRoutes } from "../mcp";
import type { AppEnv } from "../http/context";
import { createPipeline } from "../http/pipeline";

function registerRoutes(app: OpenAPIHono<AppEnv>): void {
  meta.registerMetaRoutes(app);
  admin.registerAdminRoutes(app);
  companies.registerCompanyRoutes(app);
  sandbox.registerSandboxRoutes(app);
  accounts.registerAccountRoutes(app);
  fiscalPeriods.registerFiscalPeriodRoutes(app, async (db, companyId) => {
    const { companies: row, company_settings: settings } = await companies.loadCompany(db, companyId);
    return {
      entityType: row.entityType,
      vatRegistered: row.vatRegistered,
      name: row.name,
      orgNumber: row.orgNumber,
      addressLine1: settings.addressLine1,
      postalCode: settings.postalCode,
      city: settings.city,
    };
  });
  compliance.registerComplianceRoutes(
    app,
    { receivables: invoices.foreignReceivablesToRevalue, payables: supplierInvoices.foreignPayablesToRevalue },
    vatReturns.declaredVatPeriodLabels,
    cashMethodWarnings,
  );
  journalEntries.registerJournalEntryRoutes(app);
  audit.registerAuditRoutes(app);
  customers.registerCustomerRoutes(app, invoices.openInvoicesOf);
  suppliers.registerSupplierRoutes(app, supplierInvoices.openSupplierInvoicesOf);
  invoices.registerInvoiceRoutes(app);
  supplierInvoices.registerSupplierInvoiceRoutes(app);
  approvals.registerApprovalRoutes(app);
  rotRut.registerRotRutRoutes(app);
  vatReturns.registerVatReturnRoutes(app);
  accruals.registerAccrualRoutes(app);
  budgets.registerBudgetRoutes(app);
  invoiceContracts.registerInvoiceContractRoutes(app);
  ledgerChain.registerLedgerChainRoutes(app);
  fixedAssets.registerFixedAssetRoutes(app);
  annualReports.registerAnnualReportRoutes(app);
  currency.registerCurrencyRoutes(app);
  articles.registerArticleRoutes(app);
  dimensions.registerDimensionRoutes(app);
  documents.registerDocumentRoutes(app);
  documentReading.registerDocumentReadingRoutes(app);
  webhooks.registerWebhookRoutes(app);
  operations.registerOperationRoutes(app);
  reports.registerReportRoutes(app);
  imports.registerImportRoutes(app);
  bankTransactions.registerBankTransactionRoutes(app);
  bankRules.registerBankRuleRoutes(app);
  payroll.registerPayrollRoutes(app);
  paymentFiles.registerPaymentFileRoutes(app);
  paymentBatches.registerPaymentBatchRoutes(app);
  monthClose.registerMonthCloseRoutes(app);
  reconciliation.registerReconciliationRoutes(app);

  registerBenchFloors(app);

  // MCP for AI agents: tools made from this app's OpenAPI document, calls run through it.
  access.registerAccessRoutes(app);
  registerMcpRoutes(app);
}

export function createApp() {
  return createPipeline(registerRoutes);
}
