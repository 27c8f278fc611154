// Journal-entry commands. Each describes the change; the ledger engine decides
// whether the books allow it and writes it.
import { planBulk, refuseAllOrNothing } from "../../commands/bulk";
import { type Command, type CommandContext, type Plan, withReads } from "../../commands/plan";
import { ApiError } from "../../errors/api-error";
import {
  assertBalanced,
  assertPeriodOpen,
  type EngineLine,
  type JournalEntryRow,
  type JournalLineRow,
  type Ledger,
} from "../../ledger/engine";
import { unchainedDocumentsRead } from "../../ledger/chain";
import { toOre } from "../../money";
import { correctionDepth, entryFromRows, entryJson, entryReads, loadEntry } from "./queries";
import {
  EntryCreateSchema,
  type CorrectInput,
  type EntryCreateInput,
  type LineInput,
  type ReverseInput,
} from "./schemas";

/** A correction chain this long needs allow_deep_chain (spec: POST .../correct). */
export const MAX_CORRECTION_CHAIN = 3;

export function toEngineLines(lines: LineInput[]): EngineLine[] {
  return lines.map((l) => ({
    accountNumber: l.account_number,
    debitOre: toOre(l.debit_amount)!,
    creditOre: toOre(l.credit_amount)!,
    lineDescription: l.line_description ?? null,
    dimensions: l.dimensions ?? null,
  }));
}

async function planDraft(ledger: Ledger, input: EntryCreateInput, series: string) {
  return ledger.createDraft({
    fiscalPeriodId: input.fiscal_period_id,
    entryDate: input.entry_date,
    description: input.description,
    voucherSeries: input.voucher_series ?? series,
    sourceType: "manual",
    lines: toEngineLines(input.lines),
  });
}

export const createEntry: Command<EntryCreateInput> = async (_db, input, ctx) => {
  const draft = await planDraft(ctx.ledger, input, await ctx.ledger.defaultSeries());
  return {
    status: 201,
    data: entryJson(draft.row, draft.lines),
    statements: [draft.write],
    audit: { action: "journal_entry.draft_created", resourceType: "journal_entry", resourceId: draft.row.id },
  };
};

export const batchCreateEntries: Command<{ entries: unknown[]; all_or_nothing?: boolean }> = async (
  _db,
  input,
  ctx,
) => {
  refuseAllOrNothing(input.all_or_nothing);
  const ledger = ctx.ledger;
  const series = await ledger.defaultSeries();
  const bulk = await planBulk(input.entries, EntryCreateSchema, async (entry) => {
    const draft = await planDraft(ledger, entry, series);
    return { data: entryJson(draft.row, draft.lines), statements: [draft.write] };
  });
  return {
    status: 200,
    data: bulk.data,
    statements: bulk.statements,
    unchanged: bulk.unchanged,
    audit: { action: "journal_entry.batch_created", resourceType: "journal_entry", resourceId: null },
  };
};

// a draft this writer created is held by it (src/writer/company-state.ts): the commit
// reads nothing; any other is read before planning, in one round trip with the state's misses,
// with the SHA-256 of its documents for the chain (a draft given a document is not held)
export const commitEntry = withReads({
  name: "commitEntry",
  reads: (db, input: { id: string }, ctx) =>
    ctx.state.heldDraft(input.id)
      ? null
      : {
          statements: [...entryReads(db, ctx.companyId, input.id), unchainedDocumentsRead(db, ctx.companyId, input.id)],
          value: (rows) => ({
            ...entryFromRows(rows, input.id),
            documents: (rows[2] as { sha256: string }[]).map((d) => d.sha256),
          }),
        },
  plan: async (_db, input, ctx, _env, read) => {
    const held = ctx.state.heldDraft(input.id);
    const { entry, lines, documents } = held ? { ...held, documents: [] } : read!;
    return commitPlan(ctx, entry, lines, documents);
  },
});

async function commitPlan(
  ctx: CommandContext,
  entry: JournalEntryRow,
  lines: JournalLineRow[],
  documents: string[],
): Promise<Plan> {
  const posted = await ctx.ledger.commitDraft(entry, lines, documents);
  const data = {
    id: posted.row.id,
    voucher_series: posted.row.voucherSeries,
    voucher_number: posted.row.voucherNumber,
    status: posted.row.status,
    entry_date: posted.row.entryDate,
  };
  return {
    status: 200,
    data,
    statements: [posted.write],
    audit: {
      action: "journal_entry.committed",
      resourceType: "journal_entry",
      resourceId: entry.id,
      voucher: ctx.ledger.voucherRef(posted.row),
    },
  };
}

export const cancelEntry: Command<{ id: string }> = async (db, input, ctx) => {
  const { entry, lines } = ctx.state.heldDraft(input.id) ?? (await loadEntry(db, ctx.companyId, input.id));
  const cancelled = ctx.ledger.cancelDraft(entry);
  return {
    status: 200,
    data: entryJson(cancelled.row, lines),
    statements: [cancelled.write],
    audit: { action: "journal_entry.cancelled", resourceType: "journal_entry", resourceId: entry.id },
  };
};

/**
 * Entries a journal-entry route may reverse or correct: those it made itself (manual,
 * correction) and imported ones. Any other entry belongs to the document that posted it
 * (an invoice, a supplier invoice, a payment...) and changes only through that document,
 * or its ledger (1510 / 2440) would no longer equal its open items. A reversal belongs
 * to whoever owns what it reverses.
 */
const FREE_SOURCES = new Set(["manual", "correction", "sie_import", "opening_balance"]);

async function assertNotOwnedByDocument(
  db: Parameters<Command<unknown>>[0],
  companyId: string,
  entry: { sourceType: string; sourceId: string | null; reversesId: string | null },
): Promise<void> {
  let owner = entry;
  if (entry.sourceType === "reversal" && entry.reversesId)
    owner = (await loadEntry(db, companyId, entry.reversesId)).entry;
  if (FREE_SOURCES.has(owner.sourceType) || owner.sourceType === "reversal") return;
  const document = owner.sourceType.startsWith("supplier_invoice")
    ? "supplier_invoice"
    : owner.sourceType.startsWith("invoice")
      ? "invoice"
      : owner.sourceType;
  // a payment's entry is undone by reversing the payment, not by crediting the invoice
  const payment = owner.sourceType === "invoice_paid" || owner.sourceType === "supplier_invoice_paid";
  throw new ApiError(
    "JOURNAL_ENTRY_OWNED_BY_DOCUMENT",
    {
      source_type: owner.sourceType,
      source_id: owner.sourceId,
      document,
      ...(payment && {
        remedy: `POST .../${document.replace("_", "-")}s/${owner.sourceId}/payments/{payment_id}/reverse`,
      }),
    },
    payment
      ? `The entry books a payment of a ${document.replace("_", " ")} (${owner.sourceId}); reverse the ` +
          `payment through POST .../${document.replace("_", "-")}s/${owner.sourceId}/payments/{payment_id}/reverse (the payment ` +
          `ids are in ?expand=payments).`
      : `The entry was posted by a ${document.replace("_", " ")} (${owner.sourceType} ${owner.sourceId}); ` +
          "change it through that document, e.g. by crediting it.",
  );
}

export const reverseEntry: Command<ReverseInput & { id: string }> = async (db, input, ctx) => {
  const { entry, lines } = await loadEntry(db, ctx.companyId, input.id);
  const ledger = ctx.ledger;
  const date = input.reversal_date ?? ctx.now.slice(0, 10);
  if (entry.status !== "posted")
    throw new ApiError("CONFLICT", { status: entry.status }, "Only posted entries can be reversed.");
  if (entry.reversedById) throw new ApiError("ENTRY_ALREADY_REVERSED", { reversed_by_id: entry.reversedById });
  await assertNotOwnedByDocument(db, ctx.companyId, entry);
  const period = await ledger.periodForDate(date);
  const reversal = await ledger.reverse(
    entry,
    lines,
    date,
    period,
    input.description ?? `Återföring av ${entry.voucherSeries}${entry.voucherNumber}: ${entry.description}`,
  );
  return {
    status: 201,
    data: {
      reversal_id: reversal.row.id,
      original_id: entry.id,
      voucher_series: reversal.row.voucherSeries,
      voucher_number: reversal.voucherNumber,
      entry_date: reversal.row.entryDate,
      status: reversal.row.status,
    },
    statements: [reversal.write],
    audit: {
      action: "journal_entry.reversed",
      resourceType: "journal_entry",
      resourceId: entry.id,
      voucher: reversal.voucher,
    },
    events: [
      {
        type: "journal_entry.reversed",
        object: {
          original: entryJson({ ...entry, reversedById: reversal.row.id }, lines),
          reversal: entryJson(reversal.row, reversal.lines),
        },
      },
    ],
  };
};

/**
 * Correction (BFL 5 kap 5 §: a posted entry is changed only by a new entry that
 * shows what was changed): a storno of the original on its own date, then the
 * corrected entry, both in the original's period.
 * Rule order: CONFLICT (not posted) > ENTRY_ALREADY_REVERSED > CORRECTION_CHAIN_TOO_DEEP
 * > JOURNAL_ENTRY_NOT_BALANCED > PERIOD_LOCKED > ACCOUNTS_NOT_IN_CHART > UNATTENDED_COMMIT_LIMIT_EXCEEDED.
 */
export const correctEntry: Command<CorrectInput & { id: string }> = async (db, input, ctx) => {
  const { entry, lines } = await loadEntry(db, ctx.companyId, input.id);
  if (entry.status !== "posted")
    throw new ApiError("CONFLICT", { status: entry.status }, "Only posted entries can be corrected.");
  if (entry.reversedById) throw new ApiError("ENTRY_ALREADY_REVERSED", { reversed_by_id: entry.reversedById });
  await assertNotOwnedByDocument(db, ctx.companyId, entry);
  const depth = (await correctionDepth(db, ctx.companyId, entry.id)) + 1;
  if (depth >= MAX_CORRECTION_CHAIN && !input.allow_deep_chain) {
    throw new ApiError("CORRECTION_CHAIN_TOO_DEEP", {
      chain_length: depth,
      max_without_override: MAX_CORRECTION_CHAIN - 1,
    });
  }
  const newLines = toEngineLines(input.lines);
  assertBalanced(newLines);
  const ledger = ctx.ledger;
  const period = await ledger.loadPeriod(entry.fiscalPeriodId);
  assertPeriodOpen(period);
  const reversal = await ledger.reverse(
    entry,
    lines,
    entry.entryDate,
    period,
    `Rättelse, återföring av ${entry.voucherSeries}${entry.voucherNumber}: ${entry.description}`,
  );
  const corrected = await ledger.postNew({
    fiscalPeriodId: entry.fiscalPeriodId,
    entryDate: entry.entryDate,
    description: input.description ?? entry.description,
    voucherSeries: entry.voucherSeries,
    sourceType: "correction",
    sourceId: entry.id,
    correctionOfId: entry.id,
    lines: newLines,
  });
  return {
    status: 201,
    data: {
      reversal_id: reversal.row.id,
      corrected_id: corrected.row.id,
      original_id: entry.id,
      voucher_series: entry.voucherSeries,
      reversal_voucher_number: reversal.voucherNumber,
      corrected_voucher_number: corrected.voucherNumber,
    },
    statements: [reversal.write, corrected.write],
    audit: {
      action: "journal_entry.corrected",
      resourceType: "journal_entry",
      resourceId: entry.id,
      voucher: corrected.voucher,
    },
    events: [
      {
        type: "journal_entry.corrected",
        object: {
          original_id: entry.id,
          reversal: entryJson(reversal.row, reversal.lines),
          corrected: entryJson(corrected.row, corrected.lines),
        },
      },
    ],
  };
};
