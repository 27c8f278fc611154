// Storing bank rows, from a file (imports/bank, in chunks) or JSON (transactions/ingest):
// de-duplicated by external id, else by a hash of date, amount and normalised
// description, on the same settlement account, across calls and within one. Rows only,
// never entries. An inbound row whose OCR reference is the OCR of an open invoice gets
// that invoice as potential_invoice_id (match-invoice then needs no invoice_id).
import type { Command, CommandContext, PlannedEvent, Statement } from "../../../commands/plan";
import type { Database } from "../../../db/client";
import { insertFromJson } from "../../../db/json-insert";
import { bankTransactions } from "../../../db/schema";
import { sha256Hex } from "../../../http/crypto";
import { newId } from "../../../ids";
import { toOre } from "../../../money";
import { dedupeKey, type BankRow } from "../../../sweden/bank";
import { invoiceOcrs } from "../booking/rules";
import { openInvoicesForMatching } from "../../invoices";
import { checkStatementTarget } from "../accounts/commands";
import { existingDedupeKeys, type BankTransactionRow, UNBOOKED } from "../queries";
import type { IngestInput } from "./schemas";

/** A row to store: the parsed file's row, or an ingested one in the same shape. */
export type IncomingRow = Pick<
  BankRow,
  | "booking_date"
  | "value_date"
  | "amount_ore"
  | "currency"
  | "amount_foreign_ore"
  | "currency_foreign"
  | "description"
  | "counterparty_name"
  | "counterparty_account"
  | "reference"
  | "reference_type"
  | "ocr_references"
  | "external_id"
  | "balance_after_ore"
  | "details"
>;

export interface StoreMeta {
  settlementAccount: string;
  source: "file" | "api";
  importId: string | null;
  format: string | null;
}

async function keyOf(row: IncomingRow): Promise<string> {
  const k = dedupeKey({
    external_id: row.external_id,
    booking_date: row.booking_date,
    amount_ore: row.amount_ore,
    description: row.description,
  });
  return k.by === "external_id" ? `ext:${k.value}` : `hash:${await sha256Hex(k.value)}`;
}

/** OCR number -> open invoice id, for the company's open invoices. */
async function ocrIndex(db: Database, companyId: string): Promise<Map<string, string>> {
  const map = new Map<string, string>();
  for (const inv of await openInvoicesForMatching(db, companyId)) {
    for (const ocr of invoiceOcrs(inv)) map.set(ocr, inv.id);
  }
  return map;
}

export interface StorePlan {
  inserted: BankTransactionRow[];
  /** for each inserted row, the index of the incoming row it stores */
  sourceIndex: number[];
  skipped: number;
  statements: Statement[];
  events: PlannedEvent[];
}

export async function planStoreRows(
  db: Database,
  ctx: CommandContext,
  meta: StoreMeta,
  rows: IncomingRow[],
): Promise<StorePlan> {
  const keys = await Promise.all(rows.map(keyOf));
  const existing = await existingDedupeKeys(db, ctx.companyId, meta.settlementAccount, [...new Set(keys)]);
  const seen = new Set(existing);
  const inserted: BankTransactionRow[] = [];
  const sourceIndex: number[] = [];
  const ocr = rows.some((r) => r.amount_ore > 0 && r.ocr_references.length)
    ? await ocrIndex(db, ctx.companyId)
    : new Map<string, string>();
  rows.forEach((r, i) => {
    if (seen.has(keys[i])) return;
    seen.add(keys[i]);
    sourceIndex.push(i);
    const potential = r.amount_ore > 0 ? (r.ocr_references.map((o) => ocr.get(o)).find(Boolean) ?? null) : null;
    inserted.push({
      id: newId(),
      companyId: ctx.companyId,
      settlementAccount: meta.settlementAccount,
      source: meta.source,
      importId: meta.importId,
      bankFormat: meta.format,
      date: r.booking_date,
      valueDate: r.value_date,
      description: r.description,
      amountOre: r.amount_ore,
      currency: r.currency,
      amountForeignOre: r.amount_foreign_ore,
      currencyForeign: r.currency_foreign,
      merchantName: r.counterparty_name,
      counterpartyAccount: r.counterparty_account,
      reference: r.reference,
      referenceType: r.reference_type,
      ocrReferences: r.ocr_references,
      externalId: r.external_id,
      dedupeKey: keys[i],
      balanceAfterOre: r.balance_after_ore,
      details: Object.keys(r.details).length ? r.details : null,
      ...UNBOOKED,
      invoiceId: null,
      supplierInvoiceId: null,
      potentialInvoiceId: potential,
      reconciliationMethod: potential ? "ocr" : null,
      reconciliationLinkId: null,
      isIgnored: false,
      ignoredAt: null,
      bookedAt: null,
      bankRuleId: null,
      bankRuleOutcome: null,
      bankRuleProposal: null,
      bankRuleAt: null,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    });
  });
  const events: PlannedEvent[] = inserted.length
    ? [
        {
          type: "transaction.synced",
          object: {
            settlement_account: meta.settlementAccount,
            import_id: meta.importId,
            source: meta.source,
            count: inserted.length,
            transaction_ids: inserted.map((r) => r.id),
          },
        },
      ]
    : [];
  return {
    inserted,
    sourceIndex,
    skipped: rows.length - inserted.length,
    statements: insertFromJson(db, bankTransactions, inserted),
    events,
  };
}

/** A JSON row of POST .../transactions/ingest in the parsed-file shape. */
function incomingOf(t: IngestInput["transactions"][number]): IncomingRow {
  const isOcr = t.reference_type === "ocr" && t.reference !== undefined && /^\d+$/.test(t.reference);
  return {
    booking_date: t.date,
    value_date: t.value_date ?? null,
    amount_ore: toOre(t.amount)!,
    currency: t.currency,
    amount_foreign_ore: t.amount_foreign === undefined ? null : toOre(t.amount_foreign)!,
    currency_foreign: t.currency_foreign ?? null,
    description: t.description,
    counterparty_name: t.merchant_name ?? null,
    counterparty_account: t.counterparty_account ?? null,
    reference: t.reference ?? null,
    reference_type: t.reference_type ?? null,
    ocr_references: isOcr ? [t.reference!] : [],
    external_id: t.external_id,
    balance_after_ore: t.balance_after === undefined ? null : toOre(t.balance_after)!,
    details: {},
  };
}

/** POST .../transactions/ingest: up to 500 rows; duplicates (by external_id) are skipped and counted. */
export const ingestTransactions: Command<IngestInput> = async (db, input, ctx) => {
  // JSON rows name no bank account: their currency and dates are checked as a statement's
  await checkStatementTarget(db, ctx.companyId, input.settlement_account, [
    {
      account: null,
      accountKind: "bank_account",
      statementId: null,
      currencies: input.transactions.map((t) => t.currency),
      dates: input.transactions.map((t) => t.date),
    },
  ]);
  const plan = await planStoreRows(
    db,
    ctx,
    { settlementAccount: input.settlement_account, source: "api", importId: null, format: null },
    input.transactions.map(incomingOf),
  );
  return {
    status: 200,
    data: {
      rows_inserted: plan.inserted.length,
      rows_skipped_duplicate: plan.skipped,
      transaction_ids: plan.inserted.map((r) => r.id),
    },
    statements: plan.statements,
    events: plan.events,
    audit: { action: "transaction.ingested", resourceType: "transaction", resourceId: null },
  };
};
