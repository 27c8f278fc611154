// camt.054 and camt.053 into the books. Load (the file's rows, the batch lines and earlier bank
// rows their end-to-end ids name, the open invoices) -> decide (decideRow, per row) -> plan: every
// row not seen before is stored as a bank row (bank-transactions' planStoreRows: its dedupe key,
// the account servicer reference, else a hash), a batch line's payment is booked by the bank
// match (2440 against the bank account, currency differences to 3960/7960: the supplier payment's
// own booking), a customer's payment by the invoice match, and the rest waits in the bank rows.
//
// Nothing is booked twice: a row whose end-to-end id an earlier row carries, or whose batch line
// is booked, is skipped; a row with the dedupe key of an earlier row (the same AcctSvcrRef) is
// skipped by planStoreRows.
import { eq } from "drizzle-orm";
import type { Command, CommandContext, PlannedEvent, PlannedWrite, VoucherRef } from "../../../commands/plan";
import type { Database } from "../../../db/client";
import { paymentBatches, paymentBatchLines } from "../../../db/schema";
import type { Env } from "../../../env";
import { ApiError } from "../../../errors/api-error";
import { BankFileError, parseBankText, type BankRow } from "../../../sweden/bank";
import { invoiceOcr } from "../../../sweden/bank-categories";
import {
  type BankTransactionRow,
  planInvoiceMatch,
  planStoreRows,
  planSupplierInvoiceMatch,
  rowsWithEndToEndIds,
} from "../../bank-transactions";
import { openInvoicesForMatching } from "../../invoices";
import { batchesWithLines, lineJson, linesByEndToEndIds, type PaymentBatchLineRow } from "../batches/queries";
import { batchStatusOf } from "../batches/rules";
import type { BankNotificationInput } from "../status-reports/schemas";
import { decideRow, type EarlierRow, type Known, type RowDecision } from "./rules";

function readFile(text: string) {
  const format = /camt\.054\.001/.test(text.slice(0, 4096)) ? "camt054" : "camt053";
  try {
    return parseBankText({ text, encoding: "utf-8" }, { format });
  } catch (err) {
    if (err instanceof BankFileError)
      throw new ApiError("PAYMENT_FILE_INVALID", { ...err.details, reason: err.message }, err.message);
    throw err;
  }
}

/** Open invoices by OCR number, its number's derived OCR, and its invoice number (upper case). */
async function invoiceIndex(db: Database, companyId: string) {
  const map = new Map<string, string>();
  for (const inv of await openInvoicesForMatching(db, companyId)) {
    if (inv.ocr_number) map.set(inv.ocr_number, inv.id);
    if (inv.invoice_number) {
      map.set(inv.invoice_number.toUpperCase(), inv.id);
      const derived = invoiceOcr(inv.invoice_number);
      if (derived) map.set(derived, inv.id);
    }
  }
  return map;
}

async function load(db: Database, companyId: string, rows: BankRow[]) {
  const ids = [...new Set(rows.flatMap((r) => (r.details.end_to_end_id ? [r.details.end_to_end_id] : [])))];
  const [lines, earlier, invoices] = await Promise.all([
    linesByEndToEndIds(db, companyId, ids),
    rowsWithEndToEndIds(db, companyId, ids),
    rows.some((r) => r.amount_ore > 0) ? invoiceIndex(db, companyId) : new Map<string, string>(),
  ]);
  const seen = new Map<string, EarlierRow>();
  for (const r of earlier) {
    const e2e = r.details?.end_to_end_id;
    if (!e2e || seen.has(e2e)) continue;
    const settled = r.journalEntryId !== null || r.reconciliationLinkId !== null || r.isIgnored;
    seen.set(e2e, { id: r.id, settled, supplierInvoiceId: r.supplierInvoiceId, journalEntryId: r.journalEntryId });
  }
  const known: Known = { lines: new Map(lines.map((l) => [l.endToEndId, l])), seen, invoices };
  return { known, earlierRows: new Map(earlier.map((r) => [r.id, r])) };
}

/** What the plan gathers while it books row after row. */
interface Gathered {
  statements: PlannedWrite[];
  events: PlannedEvent[];
  results: Record<string, unknown>[];
  /** batch line id -> the row and entry that paid it (one booking per line, whatever the file repeats) */
  lines: Map<string, { txId: string; entryId: string; batchId: string }>;
  /** invoices a row of this file paid: a second row for one waits (the invoice as read is before the first) */
  invoices: Set<string>;
  voucher: VoucherRef | null;
}

type Bookable = Extract<RowDecision, { kind: "supplier_payment" | "customer_payment" }>;

/** One row booked (a stored row, or an earlier one), or left unbooked with the reason. */
async function bookRow(db: Database, ctx: CommandContext, env: Env, g: Gathered, tx: BankTransactionRow, d: Bookable) {
  if (d.kind === "supplier_payment" ? g.lines.has(d.lineId) : g.invoices.has(d.invoiceId)) {
    g.results.push({ transaction_id: tx.id, outcome: "unbooked", reason: "paid_by_an_earlier_row_of_the_file" });
    return;
  }
  const b = await book(db, ctx, env, tx, d);
  if ("refused" in b) {
    g.results.push({ transaction_id: tx.id, outcome: "unbooked", reason: b.refused });
    return;
  }
  g.statements.push(...b.statements);
  g.events.push(...b.events);
  g.voucher = b.voucher ?? g.voucher;
  if (d.kind === "supplier_payment")
    g.lines.set(d.lineId, { txId: tx.id, entryId: b.journalEntryId, batchId: d.batchId });
  else g.invoices.add(d.invoiceId);
  g.results.push({
    transaction_id: tx.id,
    outcome: d.kind,
    ...(d.kind === "supplier_payment"
      ? { supplier_invoice_id: d.supplierInvoiceId, payment_line_id: d.lineId }
      : { invoice_id: d.invoiceId, matched_by: d.by }),
    journal_entry_id: b.journalEntryId,
  });
}

/** A payment an earlier row carries: that row booked now, or its booking taken for the line. */
async function settleEarlier(
  db: Database,
  ctx: CommandContext,
  env: Env,
  g: Gathered,
  d: Extract<RowDecision, { kind: "earlier_row" }>,
  earlierRows: Map<string, BankTransactionRow>,
) {
  if (g.lines.has(d.lineId)) return;
  if (d.journalEntryId) {
    g.lines.set(d.lineId, { txId: d.rowId, entryId: d.journalEntryId, batchId: d.batchId });
    g.results.push({
      transaction_id: d.rowId,
      outcome: "earlier_row",
      payment_line_id: d.lineId,
      journal_entry_id: d.journalEntryId,
    });
    return;
  }
  const row = earlierRows.get(d.rowId)!;
  await bookRow(db, ctx, env, g, row, {
    kind: "supplier_payment",
    lineId: d.lineId,
    batchId: d.batchId,
    supplierInvoiceId: d.supplierInvoiceId,
  });
}

interface Booked {
  statements: PlannedWrite[];
  events: PlannedEvent[];
  voucher: VoucherRef | null;
  journalEntryId: string;
}

/** The match of one stored row; a refusal (an invoice changed since) leaves the row unbooked. */
async function book(
  db: Database,
  ctx: CommandContext,
  env: Env,
  row: Parameters<typeof planInvoiceMatch>[3],
  d: Extract<RowDecision, { kind: "supplier_payment" | "customer_payment" }>,
): Promise<Booked | { refused: string }> {
  try {
    const plan =
      d.kind === "supplier_payment"
        ? await planSupplierInvoiceMatch(
            db,
            ctx,
            env,
            row,
            { supplier_invoice_id: d.supplierInvoiceId },
            "end_to_end_id",
          )
        : await planInvoiceMatch(db, ctx, env, row, { invoice_id: d.invoiceId }, d.by);
    const data = plan.data as { journal_entry_id: string };
    return {
      statements: plan.statements ?? [],
      events: plan.events ?? [],
      voucher: plan.audit.voucher ?? null,
      journalEntryId: data.journal_entry_id,
    };
  } catch (err) {
    if (err instanceof ApiError) return { refused: err.code };
    throw err;
  }
}

/** The booked lines' rows and events, and their batches' statuses after them. */
async function planLines(
  db: Database,
  ctx: CommandContext,
  booked: Map<string, { txId: string; entryId: string; batchId: string }>,
) {
  const statements: PlannedWrite[] = [];
  const events: PlannedEvent[] = [];
  const batches = await batchesWithLines(db, ctx.companyId, [...new Set([...booked.values()].map((b) => b.batchId))]);
  for (const { batch, lines } of batches) {
    const next: PaymentBatchLineRow[] = lines.map((l) => {
      const b = booked.get(l.id);
      if (!b) return l;
      const patch = {
        status: "booked" as const,
        bankTransactionId: b.txId,
        journalEntryId: b.entryId,
        bookedAt: ctx.now,
        updatedAt: ctx.now,
      };
      statements.push(db.update(paymentBatchLines).set(patch).where(eq(paymentBatchLines.id, l.id)));
      events.push({ type: "payment.booked", object: { ...lineJson({ ...l, ...patch }), batch_id: batch.id } });
      return { ...l, ...patch };
    });
    statements.push(
      db
        .update(paymentBatches)
        .set({ status: batchStatusOf(next), updatedAt: ctx.now })
        .where(eq(paymentBatches.id, batch.id)),
    );
  }
  return { statements, events };
}

/** POST .../bank-notifications: a camt.054 or camt.053 read, stored and booked where it can be. */
export const importBankNotification: Command<BankNotificationInput> = async (db, input, ctx, env) => {
  const parsed = readFile(input.xml_text);
  const rows = parsed.statements.flatMap((s) => s.rows);
  const { known, earlierRows } = await load(db, ctx.companyId, rows);
  const decisions = rows.map((r) => decideRow(r, known));
  const fresh = rows.flatMap((r, i) => {
    const decision = decisions[i];
    return decision.kind === "seen" || decision.kind === "earlier_row" ? [] : [{ row: r, decision }];
  });
  const stored = await planStoreRows(
    db,
    ctx,
    { settlementAccount: input.settlement_account, source: "file", importId: null, format: parsed.format },
    fresh.map((f) => f.row),
  );
  const g: Gathered = {
    statements: [...stored.statements],
    events: [...stored.events],
    results: [],
    lines: new Map(),
    invoices: new Set(),
    voucher: null,
  };
  for (const d of decisions) if (d.kind === "earlier_row") await settleEarlier(db, ctx, env, g, d, earlierRows);
  for (const [k, tx] of stored.inserted.entries()) {
    const d = fresh[stored.sourceIndex[k]].decision;
    if (d.kind === "unmatched") g.results.push({ transaction_id: tx.id, outcome: "unbooked", reason: d.reason });
    else await bookRow(db, ctx, env, g, tx, d);
  }
  const lines = await planLines(db, ctx, g.lines);
  const count = (o: string) => g.results.filter((r) => r.outcome === o).length;
  return {
    status: 200,
    data: {
      format: parsed.format,
      rows_read: rows.length,
      rows_stored: stored.inserted.length,
      rows_skipped_duplicate: rows.length - stored.inserted.length,
      supplier_payments_booked: count("supplier_payment") + count("earlier_row"),
      customer_payments_booked: count("customer_payment"),
      rows_unbooked: count("unbooked"),
      results: g.results,
      warnings: parsed.warnings,
    },
    statements: [...g.statements, ...lines.statements],
    events: [...g.events, ...lines.events],
    audit: { action: "bank_notification.imported", resourceType: "transaction", resourceId: null, voucher: g.voucher },
  };
};
