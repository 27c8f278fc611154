// Every command a company's writer can run, by name. The HTTP layer names the
// command; the Durable Object looks it up here.
import { createAccount, updateAccount } from "../domains/accounts/service";
import { createCompany, updateSettings } from "../domains/companies/service";
import { createNextPeriod, lockPeriod, unlockPeriod } from "../domains/fiscal-periods/service";
import { batchCreateEntries, cancelEntry, commitEntry, correctEntry, createEntry, reverseEntry } from "../domains/journal-entries/commands";
import { archiveArticle, createArticle, updateArticle } from "../domains/articles/service";
import { archiveCustomer, bulkCreateCustomers, createCustomer, updateCustomer } from "../domains/customers/service";
import { createCode, createDimension, updateCode, updateDimension } from "../domains/dimensions/service";
import { archiveSupplier, bulkCreateSuppliers, createSupplier, updateSupplier } from "../domains/suppliers/service";
import { accessDocument, linkDocument, uploadDocument } from "../domains/documents/service";
import { createWebhook, deleteWebhook, retryDelivery, rotateSecret, testWebhook, updateWebhook } from "../domains/webhooks/service";
import { startSieImport } from "../domains/imports/service";
import { finishSieImport, postSieVouchers, prepareSieImport } from "../domains/imports/sie-import";
import {
  approveSupplierInvoice,
  createSupplierInvoice,
  creditSupplierInvoice,
  disputeSupplierInvoice,
  paySupplierInvoice,
  resolveSupplierInvoiceDispute,
  updateSupplierInvoice,
} from "../domains/supplier-invoices/service";
import { bulkCreateInvoices, cancelInvoice, createInvoice, creditInvoice, markInvoiceSent, payInvoice, updateInvoice } from "../domains/invoices/service";
import { sendInvoice } from "../domains/invoices/send";
import { markInvoicesOverdue } from "../domains/invoices/overdue";
import { markSupplierInvoicesOverdue } from "../domains/supplier-invoices/overdue";
import type { Command } from "./plan";

export const COMMANDS = {
  "companies.create": createCompany,
  "companies.update_settings": updateSettings,
  "accounts.create": createAccount,
  "accounts.update": updateAccount,
  "fiscal_periods.create_next": createNextPeriod,
  "fiscal_periods.lock": lockPeriod,
  "fiscal_periods.unlock": unlockPeriod,
  "journal_entries.create": createEntry,
  "journal_entries.batch_create": batchCreateEntries,
  "journal_entries.commit": commitEntry,
  "journal_entries.cancel": cancelEntry,
  "journal_entries.reverse": reverseEntry,
  "journal_entries.correct": correctEntry,
  "customers.create": createCustomer,
  "customers.bulk_create": bulkCreateCustomers,
  "customers.update": updateCustomer,
  "customers.archive": archiveCustomer,
  "suppliers.create": createSupplier,
  "suppliers.bulk_create": bulkCreateSuppliers,
  "suppliers.update": updateSupplier,
  "suppliers.archive": archiveSupplier,
  "articles.create": createArticle,
  "articles.update": updateArticle,
  "articles.archive": archiveArticle,
  "dimensions.create": createDimension,
  "dimensions.update": updateDimension,
  "dimensions.create_code": createCode,
  "dimensions.update_code": updateCode,
  "documents.upload": uploadDocument,
  "documents.link": linkDocument,
  "documents.access": accessDocument,
  "webhooks.create": createWebhook,
  "webhooks.update": updateWebhook,
  "webhooks.delete": deleteWebhook,
  "webhooks.rotate_secret": rotateSecret,
  "webhooks.test": testWebhook,
  "webhooks.retry_delivery": retryDelivery,
  "imports.sie_start": startSieImport,
  "imports.sie_prepare": prepareSieImport,
  "imports.sie_post": postSieVouchers,
  "imports.sie_finish": finishSieImport,
  "supplier_invoices.create": createSupplierInvoice,
  "supplier_invoices.update": updateSupplierInvoice,
  "supplier_invoices.approve": approveSupplierInvoice,
  "supplier_invoices.pay": paySupplierInvoice,
  "supplier_invoices.credit": creditSupplierInvoice,
  "supplier_invoices.dispute": disputeSupplierInvoice,
  "supplier_invoices.resolve_dispute": resolveSupplierInvoiceDispute,
  "invoices.create": createInvoice,
  "invoices.bulk_create": bulkCreateInvoices,
  "invoices.update": updateInvoice,
  "invoices.cancel": cancelInvoice,
  "invoices.mark_sent": markInvoiceSent,
  "invoices.send": sendInvoice,
  "invoices.pay": payInvoice,
  "invoices.credit": creditInvoice,
  "invoices.mark_overdue": markInvoicesOverdue,
  "supplier_invoices.mark_overdue": markSupplierInvoicesOverdue,
} satisfies Record<string, Command<never>>;

/** What a command takes: typed from its zod schema through the command's signature. */
export type CommandInput<N extends CommandName> = Parameters<(typeof COMMANDS)[N]>[1];

export type CommandName = keyof typeof COMMANDS;
