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
import { planBulk, refuseAllOrNothing } from "../../commands/bulk";
import type { Command, CommandContext } from "../../commands/plan";
import type { Database } from "../../db/client";
import { invoiceItems, invoicePayments, invoices } from "../../db/schema";
import type { Env } from "../../env";
import { ApiError, fieldError } from "../../errors/api-error";
import { newId } from "../../ids";
import { assertBalanced, type EngineLine } from "../../ledger/engine";
import { toOre } from "../../money";
import { customerPaymentReceived, saleSettledInCash, type Sale } from "../../ledger/posting-rules";
import { receivableBookedAtYearEnd } from "./year-end-share";
import {
  cashPaymentAfterYearEnd,
  openItem,
  paymentDateOnOrAfter,
  paymentLines,
  paymentTermsOf,
  planPayment,
  type AccountingMethod,
} from "../../ledger/settlement";
import { addDays } from "../../sweden/fiscal-year";
import { decimalString, lineNetOre, RECEIVABLES_ACCOUNT, toSekOre, vatByRate } from "../../sweden/invoicing";
import {
  allowedSaleRates,
  locationOf,
  revenueAccountFits,
  saleRevenueAccount,
  saleTreatment,
} from "../../sweden/vat-treatment";
import { vatRateToBp } from "../../sweden/vat";
import { loadArticle } from "../articles";
import { loadCompany } from "../companies";
import { sekRate } from "../currency";
import { loadCustomer } from "../customers";
import { toEngineLines } from "../journal-entries";
import { archiveIssuedPdf } from "./archive";
import { Issuer, issuedPlan, planIssue, saleOf } from "./issue";
import {
  creditNotesOf,
  invoiceItemJson,
  invoiceJson,
  itemsOfInvoice,
  loadInvoice,
  OPEN_INVOICE_STATUSES,
  paymentsOfInvoice,
  type InvoiceItemRow,
  type InvoiceRow,
} from "./queries";
import { deductionPaidOutOre, planInvoiceDeduction, type PlannedDeduction } from "./deduction";
import type { PriorDeduction } from "../../sweden/rot-rut";
import { InvoiceCreateSchema, type InvoiceCreateInput, type InvoicePatchInput, type InvoicePayInput } from "./schemas";

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
  const customer = await loadCustomer(db, ctx.companyId, input.customer_id).catch((err) => {
    throw err instanceof ApiError
      ? new ApiError("INVOICE_CUSTOMER_NOT_FOUND", { customer_id: input.customer_id })
      : err;
  });
  if (customer.archivedAt)
    throw new ApiError(
      "INVOICE_CUSTOMER_NOT_FOUND",
      { customer_id: customer.id, archived_at: customer.archivedAt },
      "The customer is archived.",
    );
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
    // The treatment follows from the customer and the kind of supply, never from the article's account alone.
    const supplyType = it.supply_type ?? article?.supplyType ?? "services";
    const treatment = saleTreatment(location, supplyType, company.vatRegistered);
    const allowed = input.document_type === "delivery_note" ? [0] : allowedSaleRates(treatment);
    const articleRate = article && allowed.includes(article.vatRateBp) ? article.vatRateBp : undefined;
    const rateBp =
      it.vat_rate !== undefined ? vatRateToBp(it.vat_rate)! : (articleRate ?? (allowed.includes(2500) ? 2500 : 0));
    const violation = (reason: string, extra: Record<string, unknown> = {}) =>
      new ApiError(
        "INVOICE_CREATE_VAT_RULE_VIOLATION",
        {
          item: i,
          vat_rate: rateBp / 10_000,
          allowed_vat_rates: allowed.map((r) => r / 10_000),
          customer_type: customer.customerType,
          location,
          supply_type: supplyType,
          vat_treatment: treatment,
          document_type: input.document_type,
          ...extra,
        },
        reason,
      );
    if (!allowed.includes(rateBp))
      throw violation(
        `VAT rate ${rateBp / 100} % is not allowed for this customer, supply and document (${treatment}).`,
      );
    if (it.revenue_account?.startsWith("3") && !revenueAccountFits(it.revenue_account, treatment, rateBp)) {
      throw violation(
        `revenue_account ${it.revenue_account} does not fit a ${treatment} sale at ${rateBp / 100} %: use ${saleRevenueAccount(treatment, rateBp)}.`,
        { revenue_account: it.revenue_account },
      );
    }
    const articleAccount =
      article && revenueAccountFits(article.revenueAccount, treatment, rateBp) ? article.revenueAccount : null;
    const quantity = decimalString(it.quantity, 3)!;
    const unitPriceOre = toOre(it.unit_price)!;
    const dims = { ...(input.default_dimensions ?? {}), ...(it.dimensions ?? {}) };
    items.push({
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
    });
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
  let rate: string | null = "1";
  if (input.currency !== "SEK") {
    // Spec: converted at the central-bank rate fetched at create time; when the fetch
    // fails the invoice is still created, with null SEK fields (the rate is needed to issue it).
    rate = input.exchange_rate ?? (await sekRate(env, input.currency, invoiceDate))?.rate ?? null;
  } else if (input.exchange_rate !== undefined && input.exchange_rate !== "1") {
    throw fieldError("exchange_rate", "an invoice in SEK has exchange_rate 1");
  }
  const netByRate = new Map<number, number>();
  for (const i of items) netByRate.set(i.vatRateBp, (netByRate.get(i.vatRateBp) ?? 0) + i.netOre);
  const row: InvoiceRow = {
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
    subtotalOre,
    vatOre,
    vatBreakdown: [...netByRate]
      .sort(([a], [b]) => b - a)
      .map(([rateBp, netOre]) => ({ rateBp, netOre, vatOre: vat.get(rateBp) ?? 0 })),
    totalOre,
    totalSekOre: rate === null ? null : toSekOre(totalOre, rate),
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

/**
 * draft -> sent without an email: the number is allocated and, under accrual, the sale
 * booked; the PDF as issued is archived in the same write (./archive.ts), so what
 * GET .../pdf serves from now on is what the customer was given.
 */
export const markInvoiceSent: Command<{ id: string }> = async (db, input, ctx) => {
  const row = await loadInvoice(db, ctx.companyId, input.id);
  const items = await itemsOfInvoice(db, row.id);
  const issuer = new Issuer(db, ctx);
  const issued = await planIssue(db, ctx, row, items, issuer);
  const pdf = await archiveIssuedPdf(db, ctx, issued.row, "invoice_issue", { items, company: await issuer.company() });
  issued.row.pdfDocumentId = pdf.documentId;
  const plan = issuedPlan(db, issued, "invoice.marked_sent");
  return { status: 200, ...plan, statements: [...plan.statements, ...pdf.statements], files: [pdf.file] };
};

/**
 * A payment. Rule order: INVOICE_PAID_NOT_FOUND > INVOICE_PAID_NOT_PAYABLE >
 * VALIDATION_ERROR (amount, currency difference, cash method, lines) >
 * INVOICE_PAID_LINES_UNBALANCED > VALIDATION_ERROR (paid before the invoice date) >
 * INVOICE_PAID_NO_FISCAL_PERIOD > PERIOD_LOCKED > the engine's rules.
 * The likely-duplicate guard (unlinked inbound bank transactions) is payInvoiceChecked's,
 * which the registry wires with the bank-transactions domain's finder.
 */
export const payInvoice: Command<InvoicePayInput & { id: string }> = async (db, input, ctx) => {
  const row = await loadInvoice(db, ctx.companyId, input.id, "INVOICE_PAID_NOT_FOUND");
  if (
    row.isCreditNote ||
    row.documentType !== "invoice" ||
    !(OPEN_INVOICE_STATUSES as readonly string[]).includes(row.status)
  ) {
    throw new ApiError("INVOICE_PAID_NOT_PAYABLE", {
      id: row.id,
      status: row.status,
      document_type: row.documentType,
      is_credit_note: row.isCreditNote,
    });
  }
  const { companies: company } = await loadCompany(db, ctx.companyId);
  const method = company.accountingMethod;
  const credits = await creditNotesOf(db, ctx.companyId, row.id);
  const creditedSek = -credits.notes.reduce((s, n) => s + (n.totalSekOre ?? 0), 0);
  // mark-paid takes partial payments under the cash method too: each books its share of the sale (as it stands after credits)
  // ROT/RUT: the customer pays the total less the deduction (a SEK invoice); Skatteverket pays the rest to 1513
  const owed =
    row.deductionOre === 0
      ? row
      : {
          ...row,
          totalOre: row.totalOre - row.deductionOre,
          totalSekOre: row.totalSekOre === null ? null : row.totalSekOre - row.deductionOre,
        };
  const plan = planPayment(
    openItem(owed, await paymentsOfInvoice(db, row.id), creditedSek),
    "receivable",
    paymentTermsOf(input, method, true),
  );
  const sale = saleAfterCredits(row, await itemsOfInvoice(db, row.id), credits);
  const text = `Inbetalning ${sale.text}`;
  const paidOutOre = await paidOutBeforeCashPayment(db, row, method);
  const date = paymentDateOnOrAfter(input.payment_date ?? ctx.now.slice(0, 10), row.invoiceDate);
  // bokslutsmetoden: what the invoice's year-end entry booked on 1510 is settled there, not booked again
  const atYearEnd =
    method === "cash" && !input.lines ? await receivableBookedAtYearEnd(db, ctx.companyId, row, date) : null;
  const lines = input.lines
    ? customPaymentLines(input.lines, method, plan.bookedSekOre)
    : paymentLines("receivable", method, plan, {
        settlementAccount: input.settlement_account,
        text,
        inCash: (diff, share) =>
          cashPaymentAfterYearEnd(
            { beforeSek: share.beforeSek + paidOutOre, afterSek: share.afterSek + paidOutOre },
            atYearEnd,
            diff,
            (sek, fx) => customerPaymentReceived(sek, fx, input.settlement_account, text),
            (fx, part) => saleSettledInCash(sale, input.settlement_account, fx, part),
          ),
      });
  const entry = await ctx.ledger.post({
    date,
    description: text,
    sourceType: "invoice_paid",
    sourceId: row.id,
    lines,
    noPeriod: new ApiError("INVOICE_PAID_NO_FISCAL_PERIOD", { payment_date: date }),
  });

  const patch = {
    status: plan.status,
    paidOre: plan.paidOre,
    paidAt: plan.fully ? ctx.now : null,
    updatedAt: ctx.now,
  } as const;
  const invoice = invoiceJson({ ...row, ...patch });
  const paymentId = newId();
  return {
    status: 200,
    data: { ...invoice, journal_entry_id: entry.row.id, payment_id: paymentId },
    statements: [
      ...entry.statements,
      db.insert(invoicePayments).values({
        id: paymentId,
        companyId: ctx.companyId,
        invoiceId: row.id,
        paymentDate: date,
        amountOre: plan.amountOre,
        amountSekOre: plan.bookedSekOre,
        exchangeRateDifferenceOre: plan.fxDifferenceOre,
        journalEntryId: entry.row.id,
        createdAt: ctx.now,
      }),
      db.update(invoices).set(patch).where(eq(invoices.id, row.id)),
    ],
    events: [
      {
        type: "invoice.paid",
        object: { invoice, paymentAmount: plan.amountOre / 100, paymentDate: date, companyId: ctx.companyId },
        previousAttributes: { status: row.status, paid_amount: row.paidOre / 100 },
      },
    ],
    audit: { action: "invoice.paid", resourceType: "invoice", resourceId: row.id, voucher: entry.voucher },
  };
};

/**
 * Under the cash method, the part of the sale Skatteverket's ROT/RUT payouts have
 * already booked (docs/rot-rut.md): a customer's payment after a payout (the refused
 * part, say) books its share of the sale after them, so the customer's payments and the
 * payouts together book every part of the sale once. Zero under accrual or without a
 * deduction (no read then).
 */
async function paidOutBeforeCashPayment(db: Database, row: InvoiceRow, method: AccountingMethod): Promise<number> {
  if (method !== "cash" || row.deductionOre === 0) return 0;
  return deductionPaidOutOre(db, row.id);
}

/**
 * The caller's own lines for a payment (a bank fee, say): balanced, and under accrual
 * crediting 1510 by the SEK this payment books, so the receivable still ends at zero.
 */
function customPaymentLines(
  input: NonNullable<InvoicePayInput["lines"]>,
  method: AccountingMethod,
  bookedSekOre: number,
): EngineLine[] {
  const lines = toEngineLines(input);
  try {
    assertBalanced(lines);
  } catch {
    throw new ApiError("INVOICE_PAID_LINES_UNBALANCED", {
      debit_total: lines.reduce((s, l) => s + l.debitOre, 0) / 100,
      credit_total: lines.reduce((s, l) => s + l.creditOre, 0) / 100,
    });
  }
  const receivable = lines
    .filter((l) => l.accountNumber === RECEIVABLES_ACCOUNT)
    .reduce((s, l) => s + l.creditOre - l.debitOre, 0);
  if (method === "accrual" && receivable !== bookedSekOre) {
    throw fieldError(
      "lines",
      `the lines must credit ${RECEIVABLES_ACCOUNT} by ${bookedSekOre / 100}, the booked SEK amount of this payment`,
    );
  }
  return lines;
}

export type Credits = Awaited<ReturnType<typeof creditNotesOf>>;

/** Net of each invoice item already credited (negative for a positive line), by item id. */
export function creditedNetByItem(credits: Credits): Map<string, number> {
  const m = new Map<string, number>();
  for (const c of credits.items)
    if (c.creditedItemId) m.set(c.creditedItemId, (m.get(c.creditedItemId) ?? 0) + c.netOre);
  return m;
}

/**
 * The sale as it stands after partial credits: each item less what was credited of it,
 * VAT per rate less the credited VAT, the SEK total less the credited SEK. Under the
 * cash method a payment books its share of this.
 */
export function saleAfterCredits(row: InvoiceRow, items: InvoiceItemRow[], credits: Credits): Sale {
  const sale = saleOf(row, items);
  if (!credits.notes.length) return sale;
  const credited = creditedNetByItem(credits);
  const vat = new Map(sale.vat);
  for (const n of credits.notes) for (const v of n.vatBreakdown) vat.set(v.rateBp, (vat.get(v.rateBp) ?? 0) + v.vatOre);
  return {
    ...sale,
    totalOre: row.totalOre + credits.notes.reduce((s, n) => s + n.totalOre, 0),
    totalSekOre: (row.totalSekOre ?? 0) + credits.notes.reduce((s, n) => s + (n.totalSekOre ?? 0), 0),
    vat,
    items: items.map((i, k) => ({ ...sale.items[k], netOre: i.netOre + (credited.get(i.id) ?? 0) })),
  };
}

/** The invoice as the likely-duplicate guard sees it. */
type GuardedInvoice = {
  id: string;
  invoice_number: string | null;
  invoice_date: string;
  currency: string;
  remaining_amount: number;
  ocr_number?: string | null;
};

/** Unlinked inbound bank transactions that look like this invoice's payment (handed in by the registry: invoices import no bank domain). */
export type LikelyPayments = (db: Database, companyId: string, invoice: GuardedInvoice) => Promise<unknown[]>;

/**
 * mark-paid with the duplicate guard (spec): an open invoice with an unlinked inbound
 * transaction that looks like its payment is refused with INVOICE_PAID_LIKELY_DUPLICATE
 * and the candidates, dry-run included; force: true (a new body, so a new key) pays anyway.
 * The guard comes after INVOICE_PAID_NOT_FOUND and INVOICE_PAID_NOT_PAYABLE (payInvoice's).
 */
export const payInvoiceChecked = (likely: LikelyPayments): Command<InvoicePayInput & { id: string }> =>
  async function payInvoiceChecked(db, input, ctx, env) {
    if (!input.force) {
      const row = await loadInvoice(db, ctx.companyId, input.id, "INVOICE_PAID_NOT_FOUND");
      if (
        !row.isCreditNote &&
        row.documentType === "invoice" &&
        (OPEN_INVOICE_STATUSES as readonly string[]).includes(row.status)
      ) {
        const candidates = await likely(db, ctx.companyId, invoiceJson(row));
        if (candidates.length) {
          throw new ApiError(
            "INVOICE_PAID_LIKELY_DUPLICATE",
            { invoice_id: row.id, candidates },
            "An unlinked bank transaction looks like this payment: match it, or retry with force: true and a new Idempotency-Key.",
          );
        }
      }
    }
    return payInvoice(db, input, ctx, env);
  };
