// ROT and RUT on an invoice (docs/rot-rut.md): the deduction computed from the lines and
// buyers with src/sweden/rot-rut, counting each buyer's earlier deductions on this
// company's invoices in the same year; stored with the invoice (personnummer encrypted);
// the receivable split between the customer (1510) and Skatteverket (1513); reversed by
// credit notes (creditDeduction); raised back on the customer when Skatteverket refuses
// part of a claim. Owns invoice_deductions and invoice_deduction_buyers.
import { and, eq, isNull, lte, ne, sql } from "drizzle-orm";
import type { Statement } from "../../../commands/plan";
import type { Database } from "../../../db/client";
import {
  invoiceDeductionBuyers,
  invoiceDeductionDecisions,
  invoiceDeductions,
  invoicePayments,
  invoices,
} from "../../../db/schema";
import type { Env } from "../../../env";
import { ApiError } from "../../../errors/api-error";
import { newId } from "../../../ids";
import type { EngineLine } from "../../../ledger/engine";
import { decryptSecret, encryptSecret } from "../../../secrets";
import { maskPersonnummer } from "../../../sweden/identity";
import { RECEIVABLES_ACCOUNT, vatOre } from "../../../sweden/invoicing";
import {
  allocateByShares,
  computeDeduction,
  creditDeduction,
  hasDeduction,
  shareToBp,
  type DeductionResult,
  type PaidInvoice,
  type PerType,
  type PriorDeduction,
  type RuleViolation,
} from "../../../sweden/rot-rut";
import { invoiceRemainingOre, type InvoiceItemRow, type InvoiceRow } from "../queries";
import type { InvoiceCreateInput } from "../schemas";
import { type DeductionBuyerRow, type DeductionJson, type DeductionRow, deductionJson, loadDeduction } from "./queries";

export {
  type DeductionBuyerRow,
  type DeductionJson,
  type DeductionRow,
  deductionJson,
  deductionsJsonOf,
  loadDeduction,
} from "./queries";

/** BAS 1513 "Kundfordringar – delad faktura": the part of the invoice Skatteverket pays. */
export const DEDUCTION_RECEIVABLE_ACCOUNT = "1513";

const refuse = (violations: RuleViolation[]) =>
  new ApiError(
    "INVOICE_CREATE_ROT_RUT_VALIDATION",
    { fields: violations },
    violations.map((v) => `${v.path}: ${v.message}`).join("; "),
  );

/** A line's amount including VAT (net + the line's VAT at its rate). */
export const lineInclVatOre = (i: Pick<InvoiceItemRow, "netOre" | "vatRateBp">) =>
  i.netOre + vatOre(i.netOre, i.vatRateBp);

/**
 * The buyers' deductions already on this company's invoices in `year` (every invoice not
 * cancelled, drafts included, so two drafts cannot both use the same room), less what
 * credit notes took back, by 12-digit personnummer.
 */
export async function priorDeductions(
  db: Database,
  env: Env,
  companyId: string,
  year: number,
  excludeInvoiceId: string | null,
) {
  const rows = await db
    .select({ b: invoiceDeductionBuyers })
    .from(invoiceDeductionBuyers)
    .innerJoin(invoices, eq(invoices.id, invoiceDeductionBuyers.invoiceId))
    .where(
      and(
        eq(invoiceDeductionBuyers.companyId, companyId),
        eq(invoiceDeductionBuyers.year, year),
        ne(invoices.status, "cancelled"),
      ),
    )
    .all();
  const out = [];
  for (const { b } of rows) {
    if (b.invoiceId === excludeInvoiceId) continue;
    const pnr = await decryptSecret(env.PII_ENCRYPTION_KEY, b.personnummerEnc);
    if (pnr)
      out.push({
        personnummer: pnr,
        rotOre: b.deductionRotOre - b.reversedRotOre,
        rutOre: b.deductionRutOre - b.reversedRutOre,
      });
  }
  return out;
}

export interface PlannedDeduction {
  result: DeductionResult;
  statements: Statement[];
  json: DeductionJson;
}

/** What this service does not take with a deduction (it would break the split of the receivable). */
function assertDeductionScope(input: InvoiceCreateInput): void {
  const scope: RuleViolation[] = [];
  if (input.document_type !== "invoice")
    scope.push({ path: "document_type", message: "ROT and RUT are claimed on invoices only" });
  if (input.currency !== "SEK")
    scope.push({
      path: "currency",
      message: "an invoice with ROT or RUT is in SEK (Skatteverket's claim is in kronor)",
    });
  if (input.is_self_billed)
    scope.push({ path: "is_self_billed", message: "a self-billed invoice cannot carry ROT or RUT" });
  if (scope.length) throw refuse(scope);
}

/** The deduction's row as computed for a new invoice: nothing credited, rejected or reversed yet. */
function deductionRowOf(row: InvoiceRow, year: number, d: DeductionResult, now: string): DeductionRow {
  return {
    invoiceId: row.id,
    companyId: row.companyId,
    year,
    rateRotBp: d.rateBp.rot,
    rateRutBp: d.rateBp.rut,
    labourRotOre: d.labourOre.rot,
    labourRutOre: d.labourOre.rut,
    deductionRotOre: d.deductionOre.rot,
    deductionRutOre: d.deductionOre.rut,
    creditedLabourRotOre: 0,
    creditedLabourRutOre: 0,
    rejectedOre: 0,
    work: d.work,
    otherCostOre: d.otherCostOre,
    housingDesignation: d.housing.housingDesignation,
    apartmentNumber: d.housing.apartmentNumber,
    brfOrgNumber: d.housing.brfOrgNumber,
    createdAt: now,
  };
}

/**
 * Checks and computes an invoice's deduction from the create input. Null when the invoice
 * asks for none. Refuses with INVOICE_CREATE_ROT_RUT_VALIDATION (details.fields).
 */
export async function planInvoiceDeduction(
  db: Database,
  env: Env,
  p: {
    input: InvoiceCreateInput;
    row: InvoiceRow;
    items: InvoiceItemRow[];
    customerType: string;
    now: string;
    taken: Map<number, PriorDeduction[]>;
  },
): Promise<PlannedDeduction | null> {
  const { input, row, items } = p;
  const buyers = (input.deduction_personnummer ?? []).map((b) => ({
    personnummer: b.personnummer,
    shareBp: b.share === undefined ? null : (shareToBp(b.share) ?? -1),
  }));
  const lines = input.items.map((it, k) => ({
    deductionType: it.deduction_type ?? null,
    workType: it.work_type ?? null,
    laborHours: it.labor_hours ?? null,
    amountInclVatOre: lineInclVatOre(items[k]),
  }));
  const housing = {
    housingDesignation: input.deduction_housing_designation ?? null,
    apartmentNumber: input.deduction_apartment_number ?? null,
    brfOrgNumber: input.deduction_brf_org_number ?? null,
  };
  const anyHousing = housing.housingDesignation || housing.apartmentNumber || housing.brfOrgNumber;
  if (!hasDeduction({ lines, buyers }) && !anyHousing && !lines.some((l) => l.workType || l.laborHours != null))
    return null;
  assertDeductionScope(input);
  const year = Number(row.invoiceDate.slice(0, 4));
  const prior = [...(await priorDeductions(db, env, row.companyId, year, null)), ...(p.taken.get(year) ?? [])];
  const computed = computeDeduction({
    date: row.invoiceDate,
    customerType: p.customerType,
    lines,
    buyers,
    housing,
    prior,
  });
  if (!computed.ok) throw refuse(computed.violations);
  const d = computed.value;
  if (d.totalOre > row.totalOre)
    throw refuse([{ path: "items", message: "the deduction cannot exceed the invoice total" }]);
  // a bulk-create counts the invoices before this one in the same command
  p.taken.set(year, [
    ...(p.taken.get(year) ?? []),
    ...d.buyers.map((b) => ({ personnummer: b.personnummer, rotOre: b.deductionOre.rot, rutOre: b.deductionOre.rut })),
  ]);
  const deductionRow = deductionRowOf(row, year, d, p.now);
  const buyerRows: DeductionBuyerRow[] = [];
  for (const [k, b] of d.buyers.entries()) {
    buyerRows.push({
      id: newId(),
      companyId: row.companyId,
      invoiceId: row.id,
      year,
      sortOrder: k + 1,
      personnummerEnc: await encryptSecret(env.PII_ENCRYPTION_KEY, b.personnummer),
      personnummerMasked: maskPersonnummer(b.personnummer),
      shareBp: b.shareBp,
      labourRotOre: b.labourOre.rot,
      labourRutOre: b.labourOre.rut,
      deductionRotOre: b.deductionOre.rot,
      deductionRutOre: b.deductionOre.rut,
      reversedRotOre: 0,
      reversedRutOre: 0,
    });
  }
  return {
    result: d,
    statements: [
      db.insert(invoiceDeductions).values(deductionRow),
      ...buyerRows.map((b) => db.insert(invoiceDeductionBuyers).values(b)),
    ],
    json: deductionJson(
      deductionRow,
      buyerRows,
      d.buyers.map((b) => b.capped),
    ),
  };
}

/**
 * The sale's lines with the receivable split: the 1510 line less the deduction, and the
 * deduction on 1513 (a debit on an invoice; on a credit note, the reversal as a credit).
 */
export function splitReceivable(lines: EngineLine[], deductionOre: number, text: string): EngineLine[] {
  if (deductionOre === 0) return lines;
  const i = lines.findIndex((l) => l.accountNumber === RECEIVABLES_ACCOUNT);
  if (i < 0) throw new Error("a sale's entry has a 1510 line");
  const out = [...lines];
  const l = out[i];
  // a positive deductionOre moves debit from 1510 to 1513; a negative one (credit note) credit
  const customer = l.debitOre - l.creditOre - deductionOre;
  out[i] = { ...l, debitOre: Math.max(customer, 0), creditOre: Math.max(-customer, 0) };
  out.splice(i + 1, 0, {
    accountNumber: DEDUCTION_RECEIVABLE_ACCOUNT,
    debitOre: Math.max(deductionOre, 0),
    creditOre: Math.max(-deductionOre, 0),
    lineDescription: `Skattereduktion ${text}`.slice(0, 200),
  });
  return out.filter((x) => x.debitOre !== 0 || x.creditOre !== 0);
}

/**
 * A credit note's share of the deduction: creditDeduction on the labour it credits; the
 * part taken off 1513 is at most what the invoice still has there (a rejected part is
 * already the customer's). Returns the amount (positive öre) and the statements.
 */
export async function planCreditDeduction(
  db: Database,
  original: InvoiceRow,
  chosen: { item: InvoiceItemRow; netOre: number }[],
  itemsLeftAfter: (item: InvoiceItemRow) => number,
): Promise<{ fromDeductionOre: number; statements: Statement[] } | null> {
  const d = await loadDeduction(db, original.id);
  if (!d) return null;
  const labourLeft = (t: "rot" | "rut") =>
    t === "rot" ? d.row.labourRotOre - d.row.creditedLabourRotOre : d.row.labourRutOre - d.row.creditedLabourRutOre;
  const now: PerType = { rot: 0, rut: 0 };
  for (const c of chosen) {
    const t = c.item.deductionType;
    if (!t) continue;
    now[t] += lineInclVatOre({ netOre: -c.netOre, vatRateBp: c.item.vatRateBp });
  }
  // the credit that leaves no labour line of a type takes exactly the labour left of it
  const allItems = chosen.map((c) => c.item);
  for (const t of ["rot", "rut"] as const) {
    const lines = allItems.filter((i) => i.deductionType === t);
    if (lines.length && lines.every((i) => itemsLeftAfter(i) === 0)) now[t] = labourLeft(t);
    now[t] = Math.min(now[t], labourLeft(t));
  }
  if (now.rot === 0 && now.rut === 0) return { fromDeductionOre: 0, statements: [] };
  const original_ = {
    labourOre: { rot: d.row.labourRotOre, rut: d.row.labourRutOre },
    buyers: d.buyers.map((b) => ({
      personnummer: b.id,
      shareBp: b.shareBp,
      labourOre: { rot: b.labourRotOre, rut: b.labourRutOre },
      deductionOre: { rot: b.deductionRotOre, rut: b.deductionRutOre },
      capped: false,
    })),
  };
  const r = creditDeduction({
    original: original_,
    creditedBeforeOre: { rot: d.row.creditedLabourRotOre, rut: d.row.creditedLabourRutOre },
    creditedNowOre: now,
  });
  if (!r.ok) throw refuse(r.violations);
  const fromDeductionOre = Math.min(r.value.totalOre, Math.max(original.deductionOre, 0));
  const statements: Statement[] = [
    db
      .update(invoiceDeductions)
      .set({
        creditedLabourRotOre: d.row.creditedLabourRotOre + now.rot,
        creditedLabourRutOre: d.row.creditedLabourRutOre + now.rut,
      })
      .where(eq(invoiceDeductions.invoiceId, original.id)),
    ...r.value.buyers.map((b) => {
      const row = d.buyers.find((x) => x.id === b.personnummer)!;
      return db
        .update(invoiceDeductionBuyers)
        .set({
          reversedRotOre: row.reversedRotOre + b.reversedOre.rot,
          reversedRutOre: row.reversedRutOre + b.reversedOre.rut,
        })
        .where(eq(invoiceDeductionBuyers.id, row.id));
    }),
  ];
  return { fromDeductionOre, statements };
}

/** What the customer owes: total − paid − credited − the deduction (a credit note's deduction is already inside its credited amount). */
export const customerRemainingOre = (r: InvoiceRow) => invoiceRemainingOre(r) - (r.isCreditNote ? 0 : r.deductionOre);

/**
 * A paid invoice as the claim file needs it (domains/rot-rut): the deduction after
 * credit notes, each buyer's labour less the credited labour, and the last payment date.
 * Null when the invoice has no deduction.
 */
export async function paidInvoiceForClaim(
  db: Database,
  env: Env,
  row: InvoiceRow,
  lastPaymentDate: string | null,
): Promise<PaidInvoice | null> {
  const d = await loadDeduction(db, row.id);
  if (!d) return null;
  const shares = d.buyers.map((b) => b.shareBp);
  const creditedRot = allocateByShares(d.row.creditedLabourRotOre, shares);
  const creditedRut = allocateByShares(d.row.creditedLabourRutOre, shares);
  const buyers = [];
  for (const [k, b] of d.buyers.entries()) {
    const pnr = await decryptSecret(env.PII_ENCRYPTION_KEY, b.personnummerEnc);
    if (!pnr)
      throw new ApiError("INTERNAL_ERROR", { invoice_id: row.id }, "A buyer's personnummer cannot be decrypted.");
    buyers.push({
      personnummer: pnr,
      shareBp: b.shareBp,
      labourOre: { rot: b.labourRotOre - creditedRot[k], rut: b.labourRutOre - creditedRut[k] },
      deductionOre: { rot: b.deductionRotOre - b.reversedRotOre, rut: b.deductionRutOre - b.reversedRutOre },
      capped: false,
    });
  }
  const deductionOre = buyers.reduce((a, b) => ({ rot: a.rot + b.deductionOre.rot, rut: a.rut + b.deductionOre.rut }), {
    rot: 0,
    rut: 0,
  });
  return {
    invoiceNumber: row.invoiceNumber ?? row.id,
    paymentDate: lastPaymentDate ?? "",
    totalOre: row.totalOre - row.creditedOre,
    paidOre: row.paidOre,
    deduction: {
      buyers,
      work: d.row.work,
      otherCostOre: d.row.otherCostOre,
      housing: {
        housingDesignation: d.row.housingDesignation,
        apartmentNumber: d.row.apartmentNumber,
        brfOrgNumber: d.row.brfOrgNumber,
      },
      deductionOre,
    },
  };
}

/**
 * Skatteverket refused `rejectedOre` of this invoice's deduction: the customer owes it
 * again (its remaining amount grows; a paid invoice is partially paid again). The
 * entry (Debit 1510 / Credit 1513) is the claim's.
 */
export async function planDeductionRejected(
  db: Database,
  companyId: string,
  invoiceId: string,
  rejectedOre: number,
  now: string,
): Promise<Statement[]> {
  const { row } = await invoiceForClaim(db, companyId, invoiceId);
  const d = await loadDeduction(db, invoiceId);
  if (!d || rejectedOre <= 0) return [];
  const deductionOre = row.deductionOre - rejectedOre;
  const remaining = customerRemainingOre({ ...row, deductionOre });
  const status: InvoiceRow["status"] =
    remaining > 0 && row.status === "paid" ? (row.paidOre > 0 ? "partially_paid" : "sent") : row.status;
  return [
    db
      .update(invoices)
      .set({ deductionOre, status, paidAt: status === "paid" ? row.paidAt : null, updatedAt: now })
      .where(eq(invoices.id, row.id)),
    db
      .update(invoiceDeductions)
      .set({ rejectedOre: d.row.rejectedOre + rejectedOre })
      .where(eq(invoiceDeductions.invoiceId, row.id)),
  ];
}

/** An invoice of the company with its last payment date, for a claim; NOT_FOUND names a missing one. */
export async function invoiceForClaim(
  db: Database,
  companyId: string,
  id: string,
): Promise<{ row: InvoiceRow; lastPaymentDate: string | null }> {
  const row = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, id)))
    .get();
  if (!row) throw new ApiError("NOT_FOUND", { resource: "invoice", id });
  const payments = await db
    .select({ d: invoicePayments.paymentDate })
    .from(invoicePayments)
    .where(and(eq(invoicePayments.invoiceId, id), isNull(invoicePayments.reversedAt)))
    .all();
  return {
    row,
    lastPaymentDate:
      payments
        .map((p) => p.d)
        .sort()
        .at(-1) ?? null,
  };
}

/** The paid invoices with a deduction of `type` whose last payment falls in `year` (a claim by year). */
export async function paidDeductionInvoiceIds(
  db: Database,
  companyId: string,
  year: number,
  type: "rot" | "rut",
): Promise<string[]> {
  const rows = await db
    .select({ id: invoices.id, rot: invoiceDeductions.deductionRotOre, rut: invoiceDeductions.deductionRutOre })
    .from(invoiceDeductions)
    .innerJoin(invoices, eq(invoices.id, invoiceDeductions.invoiceId))
    .where(and(eq(invoiceDeductions.companyId, companyId), eq(invoices.status, "paid")))
    .all();
  const out: string[] = [];
  for (const r of rows) {
    if ((type === "rot" ? r.rot : r.rut) <= 0) continue;
    const { lastPaymentDate } = await invoiceForClaim(db, companyId, r.id);
    if (lastPaymentDate?.startsWith(String(year))) out.push(r.id);
  }
  return out;
}

/**
 * What Skatteverket has paid out of this invoice's deduction, by the decisions dated up
 * to `asOf` (all when absent). Under the cash method these payouts booked their share of
 * the sale, so the customer's payments and the year-end count after them.
 */
export async function deductionPaidOutOre(db: Database, invoiceId: string, asOf?: string): Promise<number> {
  const d = invoiceDeductionDecisions;
  const r = await db
    .select({ ore: sql<number>`COALESCE(SUM(${d.paidOutOre}), 0)` })
    .from(d)
    .where(and(eq(d.invoiceId, invoiceId), asOf === undefined ? undefined : lte(d.decisionDate, asOf)))
    .get();
  return Number(r?.ore ?? 0);
}

/**
 * Under the cash method at `date` (the year's end): what Skatteverket had paid out of
 * the invoice's deduction by then, and what it still owed (the deduction standing at
 * `date`, less the payouts and refusals dated up to it). The invoice's `deductionOre` is
 * today's: it already lacks the refusals and credit-note reversals dated after `date`,
 * which are added back. `notesAfter` are the invoice's credit notes dated after `date`.
 */
export async function deductionAt(
  db: Database,
  row: InvoiceRow,
  date: string,
  notesAfter: InvoiceRow[],
): Promise<{ paidOutOre: number; pendingOre: number }> {
  const d = invoiceDeductionDecisions;
  const decisions = await db
    .select({ date: d.decisionDate, paidOut: d.paidOutOre, rejected: d.rejectedOre })
    .from(d)
    .where(eq(d.invoiceId, row.id))
    .all();
  const paidOutOre = decisions.filter((x) => x.date <= date).reduce((s, x) => s + x.paidOut, 0);
  const rejectedAfter = decisions.filter((x) => x.date > date).reduce((s, x) => s + x.rejected, 0);
  const reversedAfter = notesAfter.reduce((s, n) => s - n.deductionOre, 0);
  return { paidOutOre, pendingOre: Math.max(row.deductionOre + rejectedAfter + reversedAfter - paidOutOre, 0) };
}

/**
 * The company's issued invoices with a ROT/RUT deduction dated up to `date` that were
 * not booked when issued (the cash method's): the year-end's candidates.
 */
export async function deductionInvoiceIdsAt(db: Database, companyId: string, date: string): Promise<string[]> {
  const rows = await db
    .select({ id: invoices.id })
    .from(invoiceDeductions)
    .innerJoin(invoices, eq(invoices.id, invoiceDeductions.invoiceId))
    .where(
      and(
        eq(invoiceDeductions.companyId, companyId),
        eq(invoices.isCreditNote, false),
        isNull(invoices.journalEntryId),
        lte(invoices.invoiceDate, date),
        ne(invoices.status, "draft"),
        ne(invoices.status, "cancelled"),
      ),
    )
    .all();
  return rows.map((r) => r.id);
}
