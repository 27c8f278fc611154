// Outbound invoices (spec: Invoice; Invoices endpoints; States: Invoice): drafts,
// issuing (./issue.ts; sending by email in ./send.ts) and payments; credit notes in ./credit.ts.
//
// A draft has no number and no entry. Under the accrual method the sale is booked
// when issued, under the cash method when paid. Proforma invoices and delivery notes
// are never booked.
//
// Rule order of create: VALIDATION_ERROR (body) > INVOICE_CUSTOMER_NOT_FOUND >
// NOT_FOUND (article) > INVOICE_CREATE_VAT_RULE_VIOLATION > VALIDATION_ERROR (total) >
// ACCOUNTS_NOT_IN_CHART; issuing adds DIMENSION_VALIDATION_FAILED > PERIOD_LOCKED.
import { and, eq } from "drizzle-orm";
import { planBulk, refuseAllOrNothing } from "../../../commands/bulk";
import type { Command, CommandContext } from "../../../commands/plan";
import type { Database } from "../../../db/client";
import { invoiceItems, invoices } from "../../../db/schema";
import type { Env } from "../../../env";
import { ApiError, fieldError } from "../../../errors/api-error";
import { newId } from "../../../ids";
import { toOre } from "../../../money";
import { addDays } from "../../../sweden/fiscal-year";
import { decimalString, lineNetOre, toSekOre, vatByRate } from "../../../sweden/invoicing";
import {
  allowedSaleRates,
  locationOf,
  revenueAccountFits,
  saleRevenueAccount,
  saleTreatment,
} from "../../../sweden/vat-treatment";
import { vatRateToBp } from "../../../sweden/vat";
import { loadArticle } from "../../articles";
import { sekRate } from "../../currency";
import { loadCustomer } from "../../customers";
import { Issuer, planIssue } from "../issue/commands";
import { invoiceItemJson, invoiceJson, loadInvoice, type InvoiceItemRow, type InvoiceRow } from "../queries";
import { planInvoiceDeduction, type PlannedDeduction } from "../deductions/commands";
import type { PriorDeduction } from "../../../sweden/rot-rut";
import { InvoiceCreateSchema, type InvoiceCreateInput, type InvoicePatchInput } from "../schemas";

interface Draft {
  row: InvoiceRow;
  items: InvoiceItemRow[];
  deduction: PlannedDeduction | null;
}

async function planDraft(
  db: Database,
  ctx: CommandContext,
  env: Env,
  input: InvoiceCreateInput,
  issuer: Issuer,
  deductionsTaken: Map<number, PriorDeduction[]>,
): Promise<Draft> {
  const customer = await draftCustomer(db, ctx.companyId, input.customer_id);
  const { companies: company } = await issuer.company();
  const location = locationOf({
    type: customer.customerType,
    country: customer.country,
    vatNumber: customer.vatNumber,
  });
  const id = newId();
  const items: InvoiceItemRow[] = [];
  for (const [i, it] of input.items.entries()) {
    const article = it.article_id ? await loadArticle(db, ctx.companyId, it.article_id) : null;
    if (article?.archivedAt)
      throw new ApiError(
        "NOT_FOUND",
        { resource: "article", id: article.id, archived_at: article.archivedAt },
        "The article is archived.",
      );
    items.push(draftItem(it, i, article, { id, ctx, input, customer, location, vatRegistered: company.vatRegistered }));
  }
  const vat = vatByRate(items);
  const subtotalOre = items.reduce((s, i) => s + i.netOre, 0);
  const vatOre = [...vat.values()].reduce((s, v) => s + v, 0);
  const totalOre = subtotalOre + vatOre;
  if (totalOre <= 0 && input.document_type !== "delivery_note")
    throw fieldError("items", "the invoice total must be above zero; credit an invoice to give money back");
  await ctx.ledger.assertAccountsActive(items.map((i) => ({ accountNumber: i.revenueAccount })));

  const invoiceDate = input.invoice_date ?? ctx.now.slice(0, 10);
  if (input.due_date && input.due_date < invoiceDate) throw fieldError("due_date", "due_date is before invoice_date");
  const rate = await draftRate(env, input, invoiceDate);
  const netByRate = new Map<number, number>();
  for (const i of items) netByRate.set(i.vatRateBp, (netByRate.get(i.vatRateBp) ?? 0) + i.netOre);
  const vatBreakdown = [...netByRate]
    .sort(([a], [b]) => b - a)
    .map(([rateBp, netOre]) => ({ rateBp, netOre, vatOre: vat.get(rateBp) ?? 0 }));
  const row = draftRow(id, input, ctx, customer, { invoiceDate, rate, subtotalOre, vatOre, totalOre, vatBreakdown });
  // ROT/RUT: INVOICE_CREATE_ROT_RUT_VALIDATION after the VAT rules, so the lines' amounts incl. VAT are known
  const deduction = await planInvoiceDeduction(db, env, {
    input,
    row,
    items,
    customerType: customer.customerType,
    now: ctx.now,
    taken: deductionsTaken,
  });
  row.deductionOre = deduction?.result.totalOre ?? 0;
  return { row, items, deduction };
}

type Customer = Awaited<ReturnType<typeof loadCustomer>>;
type Article = Awaited<ReturnType<typeof loadArticle>>;
type ItemInput = InvoiceCreateInput["items"][number];

/** The invoice's customer: INVOICE_CUSTOMER_NOT_FOUND when it is not the company's, or archived. */
async function draftCustomer(db: Database, companyId: string, customerId: string): Promise<Customer> {
  const customer = await loadCustomer(db, companyId, customerId).catch((err) => {
    throw err instanceof ApiError ? new ApiError("INVOICE_CUSTOMER_NOT_FOUND", { customer_id: customerId }) : err;
  });
  if (customer.archivedAt)
    throw new ApiError(
      "INVOICE_CUSTOMER_NOT_FOUND",
      { customer_id: customer.id, archived_at: customer.archivedAt },
      "The customer is archived.",
    );
  return customer;
}

/** What an item's VAT is decided by: the customer, where they are, and the document. */
interface ItemContext {
  id: string;
  ctx: CommandContext;
  input: InvoiceCreateInput;
  customer: Customer;
  location: ReturnType<typeof locationOf>;
  vatRegistered: boolean;
}

/**
 * A draft's item: the VAT treatment follows from the customer and the kind of supply, never
 * from the article's account alone; the rate given, the article's when allowed, else 25 %
 * where allowed; the revenue account given, the article's when it fits, else the treatment's.
 */
function draftItem(it: ItemInput, i: number, article: Article | null, on: ItemContext): InvoiceItemRow {
  const { id, ctx, input } = on;
  const supplyType = it.supply_type ?? article?.supplyType ?? "services";
  const treatment = saleTreatment(on.location, supplyType, on.vatRegistered);
  const allowed = input.document_type === "delivery_note" ? [0] : allowedSaleRates(treatment);
  const rateBp = itemRateBp(it, article, allowed);
  assertItemVat(it, i, on, { supplyType, treatment, allowed, rateBp });
  const articleAccount =
    article && revenueAccountFits(article.revenueAccount, treatment, rateBp) ? article.revenueAccount : null;
  const quantity = decimalString(it.quantity, 3)!;
  const unitPriceOre = toOre(it.unit_price)!;
  const dims = { ...(input.default_dimensions ?? {}), ...(it.dimensions ?? {}) };
  return {
    id: newId(),
    companyId: ctx.companyId,
    invoiceId: id,
    sortOrder: i + 1,
    description: it.description,
    quantity,
    unit: it.unit ?? article?.unit ?? null,
    unitPriceOre,
    vatRateBp: rateBp,
    netOre: lineNetOre(quantity, unitPriceOre),
    articleId: article?.id ?? null,
    revenueAccount: it.revenue_account ?? articleAccount ?? saleRevenueAccount(treatment, rateBp),
    dimensions: Object.keys(dims).length ? dims : null,
    supplyType,
    vatTreatment: treatment,
    creditedItemId: null,
    deductionType: it.deduction_type ?? null,
    workType: it.work_type ?? null,
    laborHoursHundredths: it.labor_hours === undefined ? null : Math.round(it.labor_hours * 100),
  };
}

/** The item's rate: the one given, else the article's when allowed, else 25 % where allowed, else 0. */
function itemRateBp(it: ItemInput, article: Article | null, allowed: number[]): number {
  if (it.vat_rate !== undefined) return vatRateToBp(it.vat_rate)!;
  const articleRate = article && allowed.includes(article.vatRateBp) ? article.vatRateBp : undefined;
  return articleRate ?? (allowed.includes(2500) ? 2500 : 0);
}

/** INVOICE_CREATE_VAT_RULE_VIOLATION: a rate not allowed for the sale, or a revenue account that does not fit it. */
function assertItemVat(
  it: ItemInput,
  i: number,
  on: ItemContext,
  vat: { supplyType: string; treatment: ReturnType<typeof saleTreatment>; allowed: number[]; rateBp: number },
): void {
  const { supplyType, treatment, allowed, rateBp } = vat;
  const violation = (reason: string, extra: Record<string, unknown> = {}) =>
    new ApiError(
      "INVOICE_CREATE_VAT_RULE_VIOLATION",
      {
        item: i,
        vat_rate: rateBp / 10_000,
        allowed_vat_rates: allowed.map((r) => r / 10_000),
        customer_type: on.customer.customerType,
        location: on.location,
        supply_type: supplyType,
        vat_treatment: treatment,
        document_type: on.input.document_type,
        ...extra,
      },
      reason,
    );
  if (!allowed.includes(rateBp))
    throw violation(`VAT rate ${rateBp / 100} % is not allowed for this customer, supply and document (${treatment}).`);
  if (it.revenue_account?.startsWith("3") && !revenueAccountFits(it.revenue_account, treatment, rateBp)) {
    throw violation(
      `revenue_account ${it.revenue_account} does not fit a ${treatment} sale at ${rateBp / 100} %: use ${saleRevenueAccount(treatment, rateBp)}.`,
      { revenue_account: it.revenue_account },
    );
  }
}

/**
 * The draft's exchange rate: 1 for SEK (another given rate refused). Spec: another currency
 * is converted at the central-bank rate fetched at create time; when the fetch fails the
 * invoice is still created, with null SEK fields (the rate is needed to issue it).
 */
async function draftRate(env: Env, input: InvoiceCreateInput, invoiceDate: string): Promise<string | null> {
  if (input.currency !== "SEK")
    return input.exchange_rate ?? (await sekRate(env, input.currency, invoiceDate))?.rate ?? null;
  if (input.exchange_rate !== undefined && input.exchange_rate !== "1")
    throw fieldError("exchange_rate", "an invoice in SEK has exchange_rate 1");
  return "1";
}

/** The draft's row: unnumbered, unbooked, with the figures decided for it. */
function draftRow(
  id: string,
  input: InvoiceCreateInput,
  ctx: CommandContext,
  customer: Customer,
  f: {
    invoiceDate: string;
    rate: string | null;
    subtotalOre: number;
    vatOre: number;
    totalOre: number;
    vatBreakdown: InvoiceRow["vatBreakdown"];
  },
): InvoiceRow {
  const { invoiceDate, rate } = f;
  return {
    id,
    companyId: ctx.companyId,
    customerId: customer.id,
    customerName: customer.name,
    invoiceNumber: null,
    numberSeries: null,
    numberSeq: null,
    documentType: input.document_type,
    status: "draft",
    isCreditNote: false,
    creditedInvoiceId: null,
    creditReason: null,
    invoiceDate,
    dueDate: input.due_date ?? addDays(invoiceDate, customer.defaultPaymentTerms),
    currency: input.currency,
    exchangeRate: rate,
    subtotalOre: f.subtotalOre,
    vatOre: f.vatOre,
    vatBreakdown: f.vatBreakdown,
    totalOre: f.totalOre,
    totalSekOre: rate === null ? null : toSekOre(f.totalOre, rate),
    paidOre: 0,
    creditedOre: 0,
    defaultDimensions:
      input.default_dimensions && Object.keys(input.default_dimensions).length ? input.default_dimensions : null,
    isSelfBilled: input.is_self_billed,
    externalInvoiceNumber: input.external_invoice_number ?? null,
    receivedDate: input.received_date ?? null,
    ourReference: input.our_reference ?? null,
    yourReference: input.your_reference ?? null,
    orderReference: input.order_reference ?? null,
    notes: input.notes ?? null,
    ocrNumber: null,
    deductionOre: 0,
    journalEntryId: null,
    pdfDocumentId: null,
    kind: "standard",
    interestOfInvoiceId: null,
    interestFrom: null,
    interestTo: null,
    interestDetail: null,
    sentAt: null,
    paidAt: null,
    cancelledAt: null,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
}

const insertDraft = (db: Database, d: Draft) => [
  db.insert(invoices).values(d.row),
  ...d.items.map((i) => db.insert(invoiceItems).values(i)),
  ...(d.deduction?.statements ?? []),
];

async function planCreate(
  db: Database,
  ctx: CommandContext,
  env: Env,
  input: InvoiceCreateInput,
  issuer: Issuer,
  selfBilledTaken: Set<string>,
  deductionsTaken: Map<number, PriorDeduction[]>,
) {
  const draft = await planDraft(db, ctx, env, input, issuer, deductionsTaken);
  // the created invoice with its items: also what a dry-run previews (spec)
  const withItems = (row: InvoiceRow) => ({
    ...invoiceJson(row),
    items: draft.items.map(invoiceItemJson),
    ...(draft.deduction && { deduction: draft.deduction.json }),
  });
  if (!input.is_self_billed) {
    const data = withItems(draft.row);
    return {
      row: draft.row,
      data,
      statements: insertDraft(db, draft),
      events: [{ type: "invoice.created", object: data }],
      voucher: null,
    };
  }
  // Self-billing (ML 17 kap 20 §): the buyer wrote the invoice; it is booked at once under the buyer's number.
  const external = input.external_invoice_number!;
  const clash = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.companyId, ctx.companyId),
        eq(invoices.customerId, draft.row.customerId),
        eq(invoices.externalInvoiceNumber, external),
      ),
    )
    .get();
  if (clash || selfBilledTaken.has(`${draft.row.customerId}/${external}`))
    throw new ApiError(
      "CONFLICT",
      { external_invoice_number: external, existing_id: clash?.id ?? null },
      "A self-billed invoice with this number from this customer already exists.",
    );
  const issued = await planIssue(db, ctx, draft.row, draft.items, issuer, external);
  selfBilledTaken.add(`${draft.row.customerId}/${external}`);
  const data = withItems(issued.row);
  return {
    row: issued.row,
    data,
    statements: [
      ...issued.statements,
      ...insertDraft(db, { row: issued.row, items: draft.items, deduction: draft.deduction }),
    ],
    events: [
      { type: "invoice.created", object: data },
      { type: "invoice.sent", object: data },
    ],
    voucher: issued.voucher,
  };
}

export const createInvoice: Command<InvoiceCreateInput> = async (db, input, ctx, env) => {
  const plan = await planCreate(db, ctx, env, input, new Issuer(db, ctx), new Set(), new Map());
  return {
    status: 201,
    data: plan.data,
    statements: plan.statements,
    events: plan.events,
    audit: {
      action: input.is_self_billed ? "invoice.self_billed_booked" : "invoice.created",
      resourceType: "invoice",
      resourceId: plan.row.id,
      voucher: plan.voucher,
    },
  };
};

export const bulkCreateInvoices: Command<{ invoices: unknown[]; all_or_nothing?: boolean }> = async (
  db,
  input,
  ctx,
  env,
) => {
  refuseAllOrNothing(input.all_or_nothing);
  const issuer = new Issuer(db, ctx);
  const taken = new Set<string>();
  const deductionsTaken = new Map<number, PriorDeduction[]>();
  const bulk = await planBulk(input.invoices, InvoiceCreateSchema, (item) =>
    planCreate(db, ctx, env, item, issuer, taken, deductionsTaken),
  );
  return {
    status: 200,
    data: bulk.data,
    statements: bulk.statements,
    unchanged: bulk.unchanged,
    events: bulk.events,
    audit: { action: "invoice.bulk_created", resourceType: "invoice", resourceId: null },
  };
};

/** Drafts only, metadata only (spec: non-drafts are immutable). */
export const updateInvoice: Command<InvoicePatchInput & { id: string }> = async (db, input, ctx) => {
  const row = await loadInvoice(db, ctx.companyId, input.id);
  if (row.status !== "draft") throw new ApiError("INVOICE_UPDATE_NOT_DRAFT", { id: row.id, status: row.status });
  const invoiceDate = input.invoice_date ?? row.invoiceDate;
  const dueDate = input.due_date ?? row.dueDate;
  if (dueDate < invoiceDate) throw fieldError("due_date", "due_date is before invoice_date");
  if (input.exchange_rate !== undefined && row.currency === "SEK" && input.exchange_rate !== "1")
    throw fieldError("exchange_rate", "an invoice in SEK has exchange_rate 1");
  const rate = input.exchange_rate ?? row.exchangeRate;
  const patch = {
    invoiceDate,
    dueDate,
    exchangeRate: rate,
    totalSekOre: rate === null ? null : toSekOre(row.totalOre, rate),
    ...(input.our_reference !== undefined && { ourReference: input.our_reference }),
    ...(input.your_reference !== undefined && { yourReference: input.your_reference }),
    ...(input.order_reference !== undefined && { orderReference: input.order_reference }),
    ...(input.notes !== undefined && { notes: input.notes }),
    updatedAt: ctx.now,
  };
  return {
    status: 200,
    data: invoiceJson({ ...row, ...patch }),
    statements: [
      db
        .update(invoices)
        .set(patch)
        .where(and(eq(invoices.id, row.id), eq(invoices.status, "draft"))),
    ],
    audit: { action: "invoice.updated", resourceType: "invoice", resourceId: row.id },
  };
};

/** DELETE of a draft: it is kept as cancelled (a number it reserved stays explained). */
export const cancelInvoice: Command<{ id: string }> = async (db, input, ctx) => {
  const row = await loadInvoice(db, ctx.companyId, input.id);
  if (row.status !== "draft") throw new ApiError("INVOICE_DELETE_NOT_DRAFT", { id: row.id, status: row.status });
  return {
    status: 204,
    data: null,
    statements: [
      db
        .update(invoices)
        .set({ status: "cancelled", cancelledAt: ctx.now, updatedAt: ctx.now })
        .where(and(eq(invoices.id, row.id), eq(invoices.status, "draft"))),
    ],
    audit: { action: "invoice.cancelled", resourceType: "invoice", resourceId: row.id },
  };
};
