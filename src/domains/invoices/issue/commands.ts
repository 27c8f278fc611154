// Issuing an invoice: the next number of its series (F invoices, D delivery notes,
// P proforma), decided by the company's single writer, and under the accrual method
// the sale's entry, Debit 1510 / Credit revenue and output VAT dated invoice_date.
// mark-sent, send and self-billing all issue through here.
import { and, eq, max } from "drizzle-orm";
import type { Command, CommandContext, VoucherRef, PlannedWrite } from "../../../commands/plan";
import type { Database } from "../../../db/client";
import { invoices } from "../../../db/schema";
import { ApiError, fieldError } from "../../../errors/api-error";
import type { PlannedEntry } from "../../../ledger/engine";
import { saleInvoiced, type Sale } from "../../../ledger/posting-rules";
import { ocrWithLength } from "../../../sweden/ocr";
import { loadCompany } from "../../companies";
import { splitReceivable } from "../deductions/commands";
import { invoiceJson, itemsOfInvoice, loadInvoice, type InvoiceItemRow, type InvoiceRow } from "../queries";
import { archiveIssuedPdf } from "./archive";

const SERIES: Record<InvoiceRow["documentType"], string> = { invoice: "F", delivery_note: "D", proforma: "P" };

export function saleOf(row: InvoiceRow, items: InvoiceItemRow[]): Sale {
  return {
    totalOre: row.totalOre,
    rate: row.exchangeRate ?? "1",
    vat: new Map(row.vatBreakdown.map((v) => [v.rateBp, v.vatOre])),
    text:
      `${row.isCreditNote ? "Kreditfaktura" : row.kind === "interest" ? "Räntefaktura" : "Faktura"} ` +
      `${row.invoiceNumber ?? ""} ${row.customerName}`.replace(/\s+/g, " ").trim(),
    items: items.map((i) => ({
      netOre: i.netOre,
      revenueAccount: i.revenueAccount,
      description: i.description,
      dimensions: i.dimensions,
    })),
  };
}

/**
 * Invoice numbers decided by the company's single writer; `taken` holds the last one
 * given out in this plan. A number is only peeked until the invoice it is for has
 * passed every rule, then taken: an item of a bulk-create that fails leaves no gap.
 */
class InvoiceNumbers {
  private taken = new Map<string, number>();
  constructor(
    private readonly db: Database,
    private readonly companyId: string,
  ) {}
  async peek(series: string): Promise<{ series: string; seq: number; number: string }> {
    let seq = this.taken.get(series);
    if (seq === undefined) {
      const [row] = await this.db
        .select({ n: max(invoices.numberSeq) })
        .from(invoices)
        .where(and(eq(invoices.companyId, this.companyId), eq(invoices.numberSeries, series)))
        .all();
      seq = row?.n ?? 0;
      this.taken.set(series, seq);
    }
    return { series, seq: seq + 1, number: `${series}${seq + 1}` };
  }
  take(series: string, seq: number): void {
    this.taken.set(series, seq);
  }
}

/**
 * What one command shares across the invoices it issues (a bulk-create may issue 50):
 * the invoice numbers given out so far and the company (voucher numbers are ctx.ledger's).
 */
export class Issuer {
  readonly numbers: InvoiceNumbers;
  private companyRow: ReturnType<typeof loadCompany> | null = null;
  constructor(
    private readonly db: Database,
    private readonly ctx: CommandContext,
    /** the company, when the command has read it already (its declared reads) */
    known?: Awaited<ReturnType<typeof loadCompany>>,
  ) {
    this.numbers = new InvoiceNumbers(db, ctx.companyId);
    if (known) this.companyRow = Promise.resolve(known);
  }
  /** The company and its settings, read once per command however many invoices it issues. */
  company(): ReturnType<typeof loadCompany> {
    this.companyRow ??= loadCompany(this.db, this.ctx.companyId);
    return this.companyRow;
  }
}

export interface Issued {
  row: InvoiceRow;
  statements: PlannedWrite[];
  voucher: VoucherRef | null;
  /** the sale's entry, when one was posted */
  entry: PlannedEntry | null;
}

/**
 * Issues a draft: number, status sent (overdue when already past due) and, under
 * accrual, the sale's entry. `externalNumber`: a self-billed invoice keeps the
 * buyer's number. Refusals: INVOICE_SEND_CANCELLED, INVOICE_ALREADY_SENT,
 * VALIDATION_ERROR (no exchange rate), DIMENSION_VALIDATION_FAILED, the engine's codes.
 */
export async function planIssue(
  _db: Database,
  ctx: CommandContext,
  draft: InvoiceRow,
  items: InvoiceItemRow[],
  issuer: Issuer,
  externalNumber?: string,
): Promise<Issued> {
  if (draft.status === "cancelled") throw new ApiError("INVOICE_SEND_CANCELLED", { id: draft.id });
  if (draft.status !== "draft")
    throw new ApiError("INVOICE_ALREADY_SENT", {
      id: draft.id,
      status: draft.status,
      invoice_number: draft.invoiceNumber,
    });
  if (draft.exchangeRate === null)
    throw fieldError(
      "exchange_rate",
      `no exchange rate for ${draft.currency}: PATCH the draft with exchange_rate before issuing it`,
    );
  await ctx.ledger.assertDimensionsUsable(items.map((i) => i.dimensions));
  const numbering = externalNumber
    ? { series: null, seq: null, number: externalNumber }
    : draft.invoiceNumber
      ? { series: draft.numberSeries, seq: draft.numberSeq, number: draft.invoiceNumber }
      : await issuer.numbers.peek(SERIES[draft.documentType]);
  const row: InvoiceRow = {
    ...draft,
    invoiceNumber: numbering.number,
    numberSeries: numbering.series,
    numberSeq: numbering.seq,
    status: draft.documentType === "invoice" && draft.dueDate < ctx.now.slice(0, 10) ? "overdue" : "sent",
    // the OCR reference of an F-series invoice: its number with Bankgirot's length and check digits (unique in the company as the number is)
    ocrNumber:
      draft.documentType === "invoice" && numbering.series === "F" && numbering.seq !== null
        ? ocrWithLength(String(numbering.seq))
        : null,
    sentAt: ctx.now,
    updatedAt: ctx.now,
  };
  const statements: PlannedWrite[] = [];
  let voucher: VoucherRef | null = null;
  let entry: PlannedEntry | null = null;
  const { companies: company } = await issuer.company();
  if (draft.documentType === "invoice" && company.accountingMethod === "accrual") {
    const sale = saleOf(row, items);
    const posted = await ctx.ledger.post({
      date: row.invoiceDate,
      description: sale.text,
      sourceType: "invoice_sent",
      sourceId: row.id,
      lines: splitReceivable(saleInvoiced(sale), row.deductionOre, sale.text),
    });
    row.journalEntryId = posted.row.id;
    statements.push(posted.write);
    voucher = posted.voucher;
    entry = posted;
  }
  if (numbering.series !== null && numbering.seq !== null && !draft.invoiceNumber)
    issuer.numbers.take(numbering.series, numbering.seq);
  return { row, statements, voucher, entry };
}

export function issuedPlan(db: Database, issued: Issued, action: string) {
  const data = invoiceJson(issued.row);
  const r = issued.row;
  return {
    data,
    statements: [
      ...issued.statements,
      db
        .update(invoices)
        .set({
          invoiceNumber: r.invoiceNumber,
          numberSeries: r.numberSeries,
          numberSeq: r.numberSeq,
          ocrNumber: r.ocrNumber,
          status: r.status,
          sentAt: r.sentAt,
          journalEntryId: r.journalEntryId,
          pdfDocumentId: r.pdfDocumentId,
          updatedAt: r.updatedAt,
        })
        .where(and(eq(invoices.id, r.id), eq(invoices.status, "draft"))),
    ],
    events: [{ type: "invoice.sent", object: data, previousAttributes: { status: "draft", invoice_number: null } }],
    audit: { action, resourceType: "invoice", resourceId: r.id, voucher: issued.voucher },
  };
}

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
