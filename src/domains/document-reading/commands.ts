// Supplier invoices and receipts read from their PDF (issue #43, docs/document-reading.md).
// The route reads the PDF's text (src/formats/pdf-text.ts); the commands here read the fields
// from it (src/sweden/invoice-reading), match the supplier and keep the proposal, then use a
// proposal once: a supplier invoice registered by the one create command, or a receipt drafted
// as an entry with the bank rows that may have paid it. Each: load, decide (rules.ts), plan.
import { eq } from "drizzle-orm";
import type { Command, CommandContext } from "../../commands/plan";
import type { Database } from "../../db/client";
import { documentProposals } from "../../db/schema";
import { ApiError } from "../../errors/api-error";
import { newId } from "../../ids";
import { readInvoiceText, type TextLine } from "../../sweden/invoice-reading";
import { likelyReceiptPayments } from "../bank-transactions";
import { loadCompany } from "../companies";
import { planLinkToNewEntry } from "../documents";
import { entryJson } from "../journal-entries";
import {
  createSupplierInvoice,
  planSupplierInvoice,
  type SupplierInvoiceCreateInput,
  SupplierInvoiceCreateSchema,
} from "../supplier-invoices";
import { findSupplierByIdentity, findSupplierByPaymentAccount, loadSupplier, planSupplierCreate } from "../suppliers";
import { loadProposal, type ProposalRow, proposalJson } from "./queries";
import { assertUsable, figuresOf, itemsFromFigures, proposalFields, receiptLines, textField } from "./rules";
import type { DraftReceiptInput, FoundFieldJson, RegisterProposalInput } from "./schemas";

/** What the route hands over: the document read, its kind, and the text of its pages. */
export interface ReadDocumentInput {
  document_id: string;
  kind: "supplier_invoice" | "receipt";
  pages: number;
  lines: TextLine[];
}

const text = (fields: Record<string, FoundFieldJson>, name: string) => {
  const v = fields[name]?.value;
  return typeof v === "string" ? v : null;
};

/** The supplier the document names: by organisation number, VAT number, then bankgiro, plusgiro or IBAN. */
async function matchSupplier(db: Database, companyId: string, fields: Record<string, FoundFieldJson>) {
  const [orgNumber, vatNumber] = [text(fields, "org_number"), text(fields, "vat_number")];
  const byIdentity = await findSupplierByIdentity(db, companyId, { orgNumber, vatNumber });
  if (byIdentity) {
    const by = orgNumber && byIdentity.orgNumber === orgNumber ? "org_number" : "vat_number";
    return { supplier: byIdentity, by };
  }
  return findSupplierByPaymentAccount(db, companyId, {
    bankgiro: text(fields, "bankgiro"),
    plusgiro: text(fields, "plusgiro"),
    iban: text(fields, "iban"),
  });
}

/** The company's own numbers, never proposed as the seller's: its VAT number is SE + org number + 01 unless set. */
async function ownIdentity(db: Database, companyId: string) {
  const { companies: company, company_settings: settings } = await loadCompany(db, companyId);
  const digits = company.orgNumber?.replace(/\D/g, "") ?? null;
  const vatNumber = settings.vatNumber ?? (digits?.length === 10 ? `SE${digits}01` : null);
  return { orgNumber: company.orgNumber, vatNumber };
}

export const readDocument: Command<ReadDocumentInput> = async (db, input, ctx) => {
  // load
  const own = await ownIdentity(db, ctx.companyId);
  // decide
  const reading = readInvoiceText(input.lines, { today: ctx.now.slice(0, 10), own });
  const fields = proposalFields(reading);
  const match = await matchSupplier(db, ctx.companyId, fields);
  // plan
  const row: ProposalRow = {
    id: newId(),
    companyId: ctx.companyId,
    documentId: input.document_id,
    kind: input.kind,
    status: "proposed",
    pages: input.pages,
    fields: JSON.stringify(fields),
    warnings: JSON.stringify(reading.warnings),
    supplierId: match?.supplier.id ?? null,
    supplierMatchedBy: match?.by ?? null,
    supplierInvoiceId: null,
    journalEntryId: null,
    createdAt: ctx.now,
    usedAt: null,
  };
  const data = proposalJson(row, match?.supplier.name ?? null);
  return {
    status: 201,
    data,
    statements: [db.insert(documentProposals).values(row)],
    events: [{ type: "document.read", object: data }],
    audit: { action: "document.read", resourceType: "document_proposal", resourceId: row.id },
  };
};

/** The proposal as it stands after use, for the answer and its row's update. */
function used(row: ProposalRow, ctx: CommandContext, patch: Partial<ProposalRow>) {
  const next = { ...row, ...patch, usedAt: ctx.now };
  return {
    next,
    statement: (db: Database) => db.update(documentProposals).set(next).where(eq(documentProposals.id, row.id)),
  };
}

/** The create command's input from the proposal and the caller's corrections; what is still missing is refused. */
function supplierInvoiceInput(row: ProposalRow, input: RegisterProposalInput, newSupplierId: string | null) {
  const fields = JSON.parse(row.fields) as Record<string, FoundFieldJson>;
  const supplierId = input.supplier_id ?? row.supplierId ?? newSupplierId;
  const number = textField(fields, "invoice_number", input.supplier_invoice_number);
  const date = textField(fields, "invoice_date", input.invoice_date);
  const missing = [!supplierId && "supplier_id", !number && "supplier_invoice_number", !date && "invoice_date"];
  if (missing.some(Boolean)) throw new ApiError("DOCUMENT_PROPOSAL_INCOMPLETE", { missing: missing.filter(Boolean) });
  const due = textField(fields, "due_date", input.due_date);
  const { items: given, account_number, new_supplier: _n, ...rest } = input;
  const create = {
    supplier_id: supplierId!,
    supplier_invoice_number: number!,
    invoice_date: date!,
    ...(due && due >= date! ? { due_date: due } : {}),
    ...(textField(fields, "currency", input.currency)
      ? { currency: textField(fields, "currency", input.currency) }
      : {}),
    ...(rest.exchange_rate !== undefined ? { exchange_rate: rest.exchange_rate } : {}),
    payment_reference:
      input.payment_reference !== undefined
        ? input.payment_reference
        : (text(fields, "ocr") ?? text(fields, "reference")),
    notes: input.notes ?? `Läst ur dokument ${row.documentId}`,
    items: given ?? itemsFromFigures(figuresOf(fields, input), account_number),
  };
  const parsed = SupplierInvoiceCreateSchema.safeParse(create);
  if (!parsed.success)
    throw new ApiError("VALIDATION_ERROR", {
      fields: parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
    });
  return parsed.data as SupplierInvoiceCreateInput;
}

/**
 * The seller as a new Swedish supplier, when the caller asks for it (new_supplier) and no supplier
 * matched or was named: the numbers read, in the same batch as the invoice.
 */
function newSupplierPlan(db: Database, ctx: CommandContext, row: ProposalRow, input: RegisterProposalInput) {
  if (!input.new_supplier || input.supplier_id || row.supplierId) return null;
  const fields = JSON.parse(row.fields) as Record<string, FoundFieldJson>;
  const read = (name: string) => text(fields, name) ?? undefined;
  return planSupplierCreate(db, ctx, {
    name: input.new_supplier.name,
    supplier_type: "swedish_business",
    org_number: read("org_number"),
    vat_number: read("vat_number"),
    bankgiro: read("bankgiro"),
    plusgiro: read("plusgiro"),
    iban: read("iban"),
    default_expense_account: input.new_supplier.default_expense_account,
  } as Parameters<typeof planSupplierCreate>[2]);
}

export const registerProposal: Command<RegisterProposalInput & { id: string }> = async (db, input, ctx, env) => {
  const row = await loadProposal(db, ctx.companyId, input.id);
  assertUsable(proposalJson(row, null), "supplier_invoice");
  const created = await newSupplierPlan(db, ctx, row, input);
  const create = supplierInvoiceInput(row, input, created?.row.id ?? null);
  const plan = created
    ? await planSupplierInvoice(db, create, ctx, env, created.row)
    : await createSupplierInvoice(db, create, ctx, env);
  const invoice = plan.data as { id: string; supplier_name: string; registration_journal_entry_id: string | null };
  const entryId = invoice.registration_journal_entry_id;
  // the registration is posted by the same batch (ledger.post): the link takes a place in the chain after it
  const link = entryId ? await planLinkToNewEntry(db, ctx, row.documentId, { id: entryId, status: "posted" }) : [];
  const { next, statement } = used(row, ctx, {
    status: "registered",
    supplierId: create.supplier_id,
    supplierMatchedBy: create.supplier_id === row.supplierId ? row.supplierMatchedBy : null,
    supplierInvoiceId: invoice.id,
    journalEntryId: entryId,
  });
  const proposal = proposalJson(next, next.supplierMatchedBy ? invoice.supplier_name : null);
  return {
    ...plan,
    data: { proposal, supplier_invoice: plan.data },
    statements: [...(created?.statements ?? []), ...plan.statements, ...link, statement(db)],
    events: [...(created?.events ?? []), ...(plan.events ?? [])],
  };
};

/** A receipt is booked in SEK here; one in another currency is booked by hand. */
function receiptCurrency(fields: Record<string, FoundFieldJson>) {
  const currency = text(fields, "currency") ?? "SEK";
  if (currency !== "SEK")
    throw new ApiError("VALIDATION_ERROR", {
      fields: [{ path: "currency", message: `a receipt in ${currency} is booked with POST .../journal-entries` }],
    });
  return currency;
}

export const draftReceipt: Command<DraftReceiptInput & { id: string }> = async (db, input, ctx) => {
  // load
  const row = await loadProposal(db, ctx.companyId, input.id);
  assertUsable(proposalJson(row, null), "receipt");
  const fields = JSON.parse(row.fields) as Record<string, FoundFieldJson>;
  const date = textField(fields, "invoice_date", input.date);
  if (!date) throw new ApiError("DOCUMENT_PROPOSAL_INCOMPLETE", { missing: ["date"] });
  // decide
  const currency = receiptCurrency(fields);
  const figures = figuresOf(fields, input);
  const lines = receiptLines(figures, input.account_number, input.payment_account);
  // plan
  const ledger = ctx.ledger;
  const number = text(fields, "invoice_number");
  const draft = await ledger.createDraft({
    fiscalPeriodId: (await ledger.periodForDate(date)).id,
    entryDate: date,
    description: input.description ?? (number ? `Kvitto ${number}` : "Kvitto"),
    voucherSeries: await ledger.defaultSeries(),
    sourceType: "document_receipt",
    sourceId: row.id,
    lines,
  });
  const link = await planLinkToNewEntry(db, ctx, row.documentId, { id: draft.row.id, status: "draft" });
  const bankRows = await likelyReceiptPayments(db, ctx.companyId, {
    total_ore: figures.total,
    currency,
    date,
    days: input.bank_days,
  });
  const { next, statement } = used(row, ctx, { status: "drafted", journalEntryId: draft.row.id });
  const supplierName = next.supplierId ? (await loadSupplier(db, ctx.companyId, next.supplierId)).name : null;
  const data = {
    proposal: proposalJson(next, supplierName),
    journal_entry: entryJson(draft.row, draft.lines),
    bank_rows: bankRows,
  };
  return {
    status: 201,
    data,
    statements: [draft.write, ...link, statement(db)],
    events: [{ type: "document.receipt_drafted", object: data }],
    audit: { action: "document.receipt_drafted", resourceType: "document_proposal", resourceId: row.id },
  };
};

/** A proposal as the API shows it, with its supplier's name. */
export async function proposalWithSupplier(db: Database, companyId: string, id: string) {
  const row = await loadProposal(db, companyId, id);
  const name = row.supplierId ? (await loadSupplier(db, companyId, row.supplierId)).name : null;
  return proposalJson(row, name);
}
