// Every command a company's writer can run, by name: the composition root's half that
// the writer runs (src/app/routes.ts is the Worker's half). Only src/app imports the
// domains, and only through each domain's index.ts. Where a lower domain needs an answer from a higher one (a
// customer's open invoices), the answer is handed in here, so domains import no cycle.
import * as accounts from "../domains/accounts";
import * as approvals from "../domains/approvals";
import * as articles from "../domains/articles";
import * as bankTransactions from "../domains/bank-transactions";
import * as bankRules from "../domains/bank-rules";
import * as companies from "../domains/companies";
import * as compliance from "../domains/compliance";
import * as customers from "../domains/customers";
import * as dimensions from "../domains/dimensions";
import * as documents from "../domains/documents";
import * as documentReading from "../domains/document-reading";
import * as fiscalPeriods from "../domains/fiscal-periods";
import * as imports from "../domains/imports";
import * as invoices from "../domains/invoices";
import * as journal from "../domains/journal-entries";
import * as payroll from "../domains/payroll";
import * as paymentBatches from "../domains/payment-batches";
import * as monthClose from "../domains/month-close";
import * as rotRut from "../domains/rot-rut";
import * as reconciliation from "../domains/reconciliation";
import * as supplierInvoices from "../domains/supplier-invoices";
import * as suppliers from "../domains/suppliers";
import * as vatReturns from "../domains/vat-returns";
import * as accruals from "../domains/accruals";
import * as contracts from "../domains/invoice-contracts";
import * as budgets from "../domains/budgets";
import * as ledgerChain from "../domains/ledger-chain";
import * as fixedAssets from "../domains/fixed-assets";
import * as annualReports from "../domains/annual-reports";
import * as webhooks from "../domains/webhooks";
import type { CommandWiring } from "../commands/names";
import type { AnyCommand } from "../commands/plan";
import { cashMethodSources, cashMethodWarnings } from "./cash-method";

/** The year-end's answers from domains above fiscal-periods: the company's form, and the open foreign-currency items. */
const entityTypeOf = async (db: Parameters<typeof companies.loadCompany>[0], companyId: string) =>
  (await companies.loadCompany(db, companyId)).companies.entityType;
const revaluationSources = {
  receivables: invoices.foreignReceivablesToRevalue,
  planReceivables: invoices.planReceivableBookValues,
  payables: supplierInvoices.foreignPayablesToRevalue,
  planPayables: supplierInvoices.planPayableBookValues,
};
export const COMMANDS = {
  "companies.create": companies.createCompany,
  "companies.update_settings": companies.updateSettings(payroll.vacationBookedBy),
  "companies.set_member": companies.setMember,
  "companies.remove_member": companies.removeMember,
  "accounts.create": accounts.createAccount,
  "accounts.update": accounts.updateAccount,
  "fiscal_periods.create_next": fiscalPeriods.createNextPeriod,
  "fiscal_periods.lock": fiscalPeriods.lockPeriodChecked(bankTransactions.unbookedTransactionsIn),
  "fiscal_periods.unlock": fiscalPeriods.unlockPeriod,
  "fiscal_periods.year_end": fiscalPeriods.startYearEnd(revaluationSources),
  "fiscal_periods.year_end_run": fiscalPeriods.runYearEnd({
    entityTypeOf: entityTypeOf,
    revaluation: revaluationSources,
    cashMethod: cashMethodSources,
  }),
  "fiscal_periods.currency_revaluation": fiscalPeriods.startCurrencyRevaluation(revaluationSources),
  "fiscal_periods.currency_revaluation_run": fiscalPeriods.runCurrencyRevaluation(revaluationSources),
  "fiscal_periods.corporate_tax": fiscalPeriods.calculateCorporateTax({ entityTypeOf }),
  "fiscal_periods.close": fiscalPeriods.closePeriod,
  "fiscal_periods.reopen": fiscalPeriods.reopenPeriod,
  "fiscal_periods.opening_balances": fiscalPeriods.postOpeningBalances({ entityTypeOf }),
  "fiscal_periods.cash_method_entry": fiscalPeriods.bookCashMethodEntry(cashMethodSources),
  "fiscal_periods.explain_voucher_gap": fiscalPeriods.explainVoucherGap,
  "compliance.update_settings": compliance.updateComplianceSettings,
  "journal_entries.create": journal.createEntry,
  "journal_entries.batch_create": journal.batchCreateEntries,
  "journal_entries.commit": journal.commitEntry,
  "journal_entries.cancel": journal.cancelEntry,
  "journal_entries.reverse": journal.reverseEntry,
  "journal_entries.correct": journal.correctEntry,
  "customers.create": customers.createCustomer,
  "customers.bulk_create": customers.bulkCreateCustomers,
  "customers.update": customers.updateCustomer,
  "customers.archive": customers.archiveCustomer(invoices.countOpenInvoices),
  "suppliers.create": suppliers.createSupplier,
  "suppliers.bulk_create": suppliers.bulkCreateSuppliers,
  "suppliers.update": suppliers.updateSupplier,
  "suppliers.archive": suppliers.archiveSupplier(supplierInvoices.countOpenSupplierInvoices),
  "articles.create": articles.createArticle,
  "articles.update": articles.updateArticle,
  "articles.archive": articles.archiveArticle,
  "dimensions.create": dimensions.createDimension,
  "dimensions.update": dimensions.updateDimension,
  "dimensions.create_code": dimensions.createCode,
  "dimensions.update_code": dimensions.updateCode,
  "documents.upload": documents.uploadDocument,
  "documents.link": documents.linkDocument,
  "documents.access": documents.accessDocument,
  "document_reading.read": documentReading.readDocument,
  "document_reading.register": documentReading.registerProposal,
  "document_reading.draft_receipt": documentReading.draftReceipt,
  "webhooks.create": webhooks.createWebhook,
  "webhooks.update": webhooks.updateWebhook,
  "webhooks.delete": webhooks.deleteWebhook,
  "webhooks.rotate_secret": webhooks.rotateSecret,
  "webhooks.test": webhooks.testWebhook,
  "webhooks.retry_delivery": webhooks.retryDelivery,
  "imports.sie_start": imports.startSieImport,
  "imports.sie_prepare": imports.prepareSieImport,
  "imports.sie_post": imports.postSieVouchers,
  "imports.sie_finish": imports.finishSieImport,
  "imports.sie_rollback": imports.rollbackSieVouchers,
  "supplier_invoices.create": supplierInvoices.createSupplierInvoice,
  "supplier_invoices.import_peppol": supplierInvoices.importPeppolSupplierInvoice,
  "supplier_invoices.import_peppol_credit": supplierInvoices.importPeppolCreditNote,
  "supplier_invoices.import_peppol_start": supplierInvoices.startPeppolImport,
  "supplier_invoices.update": supplierInvoices.updateSupplierInvoice,
  "supplier_invoices.approve": supplierInvoices.approveSupplierInvoice,
  "supplier_invoices.reject": supplierInvoices.rejectSupplierInvoice,
  "supplier_invoices.resubmit": supplierInvoices.resubmitSupplierInvoice,
  "approval_rules.create": supplierInvoices.createApprovalRule,
  "approval_rules.update": supplierInvoices.updateApprovalRule,
  "approval_rules.delete": supplierInvoices.deleteApprovalRule,
  "approval_requests.stage": approvals.stageWrite,
  "approval_requests.approve": approvals.approveRequest,
  "approval_requests.reject": approvals.rejectRequest,
  "approval_settings.update": approvals.updateApprovalSettings,
  "supplier_invoices.pay": supplierInvoices.paySupplierInvoice,
  "payment_batches.create": paymentBatches.createPaymentBatch,
  "payment_batches.status_report": paymentBatches.importStatusReport,
  "payment_batches.bank_notification": paymentBatches.importBankNotification,
  "month_close.check": monthClose.checkMonthClose,
  "supplier_invoices.reverse_payment": supplierInvoices.reverseSupplierInvoicePayment(
    bankTransactions.unmatchPaymentRow,
  ),
  "supplier_invoices.credit": supplierInvoices.creditSupplierInvoice,
  "supplier_invoices.reverse_credit": supplierInvoices.reverseSupplierCredit,
  "supplier_invoices.dispute": supplierInvoices.disputeSupplierInvoice,
  "supplier_invoices.resolve_dispute": supplierInvoices.resolveSupplierInvoiceDispute,
  "supplier_invoices.mark_overdue": supplierInvoices.markSupplierInvoicesOverdue,
  "invoices.create": invoices.createInvoice,
  "invoices.bulk_create": invoices.bulkCreateInvoices,
  "invoices.update": invoices.updateInvoice,
  "invoices.cancel": invoices.cancelInvoice,
  "invoices.mark_sent": invoices.markInvoiceSent,
  "invoices.send": invoices.sendInvoice,
  "invoices.compensate_send": invoices.compensateInvoiceSend,
  "invoices.peppol_resend": invoices.resendPeppolDelivery,
  "invoices.book": invoices.bookInvoice,
  "invoices.pay": invoices.payInvoiceChecked(bankTransactions.likelyInvoicePayments),
  "accruals.create": accruals.createAccrual,
  "accruals.cancel": accruals.cancelAccrual,
  "invoice_contracts.create": contracts.createContract,
  "invoice_contracts.update": contracts.updateContract,
  "invoice_contracts.delete": contracts.deleteContract,
  "invoice_contracts.change": contracts.changeContract,
  "invoice_contracts.pause": contracts.pauseContract,
  "invoice_contracts.resume": contracts.resumeContract,
  "invoice_contracts.end": contracts.endContract,
  "invoice_contracts.run": contracts.runContract,
  "invoice_contracts.settle_action": contracts.settleContractAction,
  "budgets.create": budgets.createBudget,
  "budgets.replace": budgets.replaceBudget,
  "budgets.delete": budgets.deleteBudget,
  "budgets.import": budgets.importBudget,
  "ledger.chain_backfill": ledgerChain.chainBackfill,
  "rot_rut.claim": rotRut.createClaims,
  "rot_rut.decide": rotRut.decideClaim,
  "vat_returns.create": vatReturns.createVatReturn(
    fiscalPeriods.lockPeriodChecked(bankTransactions.unbookedTransactionsIn),
    cashMethodWarnings,
  ),
  "fixed_assets.register": fixedAssets.registerFixedAsset,
  "fixed_assets.depreciation_run": fixedAssets.createDepreciationRun,
  "fixed_assets.dispose": fixedAssets.disposeFixedAsset,
  "annual_reports.create": annualReports.createAnnualReport,
  "fixed_assets.tax_depreciation": fixedAssets.createTaxDepreciation,
  "bank_transactions.ingest": bankRules.runRulesAfter(bankTransactions.ingestTransactions, (_, data) => ({
    transactionIds: (data as { transaction_ids: string[] }).transaction_ids,
  })),
  "bank_transactions.register_bank_account": bankTransactions.registerBankAccount,
  "bank_transactions.import_start": bankTransactions.startBankImport,
  "bank_transactions.import_rows": bankTransactions.importBankRows,
  "bank_transactions.import_prepare": bankTransactions.prepareBankImport,
  "bank_transactions.import_finish": bankRules.runRulesAfter(bankTransactions.finishBankImport, (input) =>
    input.status === "succeeded" && input.rowsInserted > 0 ? { importId: input.importId } : null,
  ),
  "bank_rules.create": bankRules.createBankRule,
  "bank_rules.update": bankRules.updateBankRule,
  "bank_rules.delete": bankRules.deleteBankRule,
  "bank_rules.reorder": bankRules.reorderBankRules,
  "bank_rules.run": bankRules.runBankRules,
  "bank_transactions.import_rollback": bankTransactions.rollbackBankRows,
  "bank_transactions.import_split": bankTransactions.splitBankImport,
  "bank_transactions.import_range": bankTransactions.reportBankImportRange,
  "bank_transactions.categorize": bankTransactions.categorizeTransaction,
  "bank_transactions.batch_categorize": bankTransactions.batchCategorizeTransactions,
  "bank_transactions.uncategorize": bankTransactions.uncategorizeTransaction,
  "bank_transactions.ignore": bankTransactions.ignoreTransaction,
  "bank_transactions.unignore": bankTransactions.unignoreTransaction,
  "bank_transactions.match_invoice": bankTransactions.matchInvoice,
  "bank_transactions.match_supplier_invoice": bankTransactions.matchSupplierInvoice,
  "invoices.credit": invoices.creditInvoice,
  "invoices.refund": invoices.refundInvoice,
  "invoices.reverse_payment": invoices.reverseInvoicePayment(
    bankTransactions.unmatchPaymentRow,
    rotRut.claimIdsOfInvoice,
  ),
  "invoices.mark_overdue": invoices.markInvoicesOverdue,
  "invoices.remind": invoices.remindInvoice,
  "invoices.interest_invoice": invoices.invoiceInterest,
  "payroll.create_employee": payroll.createEmployee,
  "payroll.update_employee": payroll.updateEmployee,
  "payroll.deactivate_employee": payroll.deactivateEmployee,
  "payroll.reindex_personnummers": payroll.reindexPersonnummers,
  "payroll.create_run": payroll.createRun,
  "payroll.update_run": payroll.updateRun,
  "payroll.add_run_employees": payroll.addRunEmployees,
  "payroll.remove_run_employee": payroll.removeRunEmployee,
  "payroll.update_run_employee": payroll.updateRunEmployee,
  "payroll.add_line_item": payroll.addLineItem,
  "payroll.remove_line_item": payroll.removeLineItem,
  "payroll.calculate_run": payroll.calculateRun,
  "payroll.approve_run": payroll.approveRun,
  "payroll.mark_run_paid": payroll.markRunPaid,
  "payroll.book_run": payroll.bookRun,
  "payroll.reopen_run": payroll.reopenRun,
  "payroll.delete_run": payroll.deleteRun,
  "payroll.generate_agi": payroll.generateAgi,
  "payroll.record_agi_submission": payroll.recordAgiSubmission,
  "payroll.register_absence": payroll.registerAbsence,
  "payroll.update_absence": payroll.updateAbsence,
  "payroll.remove_absence": payroll.removeAbsence,
  "payroll.put_opening_balances": payroll.putOpeningBalances,
  "reconciliation.link": reconciliation.createLinks,
  "reconciliation.unlink": reconciliation.removeLink,
  "reconciliation.signoff": reconciliation.createSignoff,
  "reconciliation.bank_run": reconciliation.startBankRun,
  "reconciliation.bank_run_apply": reconciliation.applyBankRun,
  "reconciliation.skattekonto_register": reconciliation.registerTaxAccountRows,
  "reconciliation.skattekonto_delete": reconciliation.deleteTaxAccountRow,
  "reconciliation.skattekonto_import_start": reconciliation.startTaxAccountImport,
  "reconciliation.skattekonto_import_rows": reconciliation.importTaxAccountRows,
  "reconciliation.skattekonto_book": reconciliation.bookTaxAccountRow,
  "reconciliation.skattekonto_book_suggested": reconciliation.bookSuggestedTaxAccountRows,
} satisfies Record<string, AnyCommand<never>>;

type Commands = typeof COMMANDS;

declare module "../commands/names" {
  // the names and inputs the core types dispatch and submit with
  interface CommandTable extends Commands {}
}

/** What the company's writer runs: the commands, and committed events fanned out to webhooks. */
export const WIRING: CommandWiring = {
  commands: COMMANDS,
  planDeliveries: webhooks.planDeliveries,
  copyCompanyRow: companies.copyCompanyRowToDirectory,
  stageCommand: "approval_requests.stage",
};
